//! The objects the package reads, named once: the objects of docs/spec.md §2 (each with
//! `parse<Name>` and `check<Name>` in JavaScript) and the input documents of the digest,
//! typed-data, recovery and execute-check functions (`intent_documents`', which `intentctl`
//! reads too, so that both front ends take the same documents). The objects come from the
//! library's one list ([`intent_core::with_objects!`]). [`visit_object`] finds one by name
//! for the declaration generator, which [`OBJECTS`] and [`DOCUMENTS`] list them for;
//! [`visit_exported`] finds one for the exported functions of the module being built.
//!
//! The package is two WebAssembly modules (docs/spec.md §13, BENCHMARKS.md "The JavaScript
//! package"): the core module (feature `core-module`) serves the objects of
//! [`CORE_OBJECTS`], those of a quote and its checks; the second module (feature
//! `extra-module`) every other object (the service's receipts, history, runtime answers and
//! stored records). Each object's reader and writer is then built into one module only; a
//! native build (the default features) serves every object.
//!
//! What does not live here: reading, hashing and the rules, which are the library's.

use intent_core::{Canonical, Error, WireObject};

/// An object the package reads: its name, its schema (wire keys and declared field types,
/// from [`intent_core::wire_object!`]) and the rules that apply to it alone.
pub trait Object: WireObject + Canonical {
    /// The name in docs/spec.md §2 (and in the TypeScript declarations).
    const NAME: &'static str;
    /// The wire keys of its fields, in canonical order.
    const KEYS: &'static [&'static str];
    /// The declared Rust types of its fields, in the order of `KEYS`.
    const FIELD_TYPES: &'static [&'static str];

    /// The rules of docs/spec.md §7 that concern this object alone (QuoteRequest and Intent
    /// have some, and a RecordState the checks of a restored record, §6.2; every other
    /// object is checked completely by reading it).
    fn check_rules(&self) -> Result<(), Error> {
        Ok(())
    }
}

/// What to do with the object of a given type, chosen by [`visit_object`].
pub trait ObjectVisitor {
    /// What the visit gives.
    type Output;
    /// Does it with the object type `T`.
    fn visit<T: Object>(self) -> Self::Output;
}

/// Declares [`Object`] for each type, [`visit_object`] over them and the list of names.
macro_rules! objects {
    (
        objects: [$($object:ident $(=> $rules:path)?),* $(,)?],
        documents: [$($document:path => $document_name:ident),* $(,)?],
    ) => {
        $( impl Object for intent_core::$object {
            const NAME: &'static str = stringify!($object);
            const KEYS: &'static [&'static str] = intent_core::$object::KEYS;
            const FIELD_TYPES: &'static [&'static str] = intent_core::$object::FIELD_TYPES;
            $( fn check_rules(&self) -> Result<(), Error> {
                $rules(self)
            } )?
        } )*
        $( impl Object for $document {
            const NAME: &'static str = stringify!($document_name);
            const KEYS: &'static [&'static str] = <$document>::KEYS;
            const FIELD_TYPES: &'static [&'static str] = <$document>::FIELD_TYPES;
        } )*

        /// The objects of docs/spec.md §2, by name.
        pub const OBJECTS: &[&str] = &[$(stringify!($object)),*];

        /// The input documents of the digest, typed-data, recovery and execute-check
        /// functions, by the name the package gives them (the document's without `Input`).
        pub const DOCUMENTS: &[&str] = &[$(stringify!($document_name)),*];

        /// Visits the object named `name` when the module being built serves it (see
        /// [`CORE_OBJECTS`]); `None` for any other name. Documents are not visited: the
        /// package's per-object functions take objects only.
        pub fn visit_exported<V: ObjectVisitor>(name: &str, visitor: V) -> Option<V::Output> {
            match name {
                $( stringify!($object) if const { served(stringify!($object)) } => {
                    Some(visitor.visit::<intent_core::$object>())
                } )*
                _ => None,
            }
        }

        /// Visits the object or document named `name`; `None` for a name of neither list.
        pub fn visit_object<V: ObjectVisitor>(name: &str, visitor: V) -> Option<V::Output> {
            match name {
                $( stringify!($object) => Some(visitor.visit::<intent_core::$object>()), )*
                $( stringify!($document_name) => Some(visitor.visit::<$document>()), )*
                _ => None,
            }
        }
    };
}

/// The objects the core module serves: a quote request, the quote and the intent, with
/// everything they hold, and the deposit signature. What a dApp hashes, signs and checks
/// before it deposits; every other object is the second module's.
pub const CORE_OBJECTS: &[&str] = &[
    "QuoteRequest",
    "QuoteOptions",
    "AddressOverrides",
    "Intent",
    "DepositTransaction",
    "CallBundle",
    "Call",
    "Precondition",
    "MetaTxn",
    "ServiceContracts",
    "Quote",
    "PriceImpactDetails",
    "PriceImpact",
    "Fees",
    "GasDetail",
    "MetaTxnFeeDetails",
    "ProviderFees",
    "GasFeeOptions",
    "GasEstimate",
    "FeeOption",
    "QuoteResponse",
    "DepositSignature",
];

/// Whether `name` is in [`CORE_OBJECTS`] (a `const fn`: the dispatch decides at compile time).
pub const fn is_core(name: &str) -> bool {
    let mut i = 0;
    while i < CORE_OBJECTS.len() {
        if eq(CORE_OBJECTS[i].as_bytes(), name.as_bytes()) {
            return true;
        }
        i += 1;
    }
    false
}

const fn eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether the module being built serves the object `name`: the core module its
/// [`CORE_OBJECTS`], the second module every other object.
const fn served(name: &str) -> bool {
    (cfg!(feature = "core-module") && is_core(name)) || (cfg!(feature = "extra-module") && !is_core(name))
}

intent_core::with_objects!(
    objects,
    documents: [
        intent_documents::IntentDigestInput => IntentDigest,
        intent_documents::PermitDigestInput => PermitDigest,
        intent_documents::PermitDomainInput => PermitDomain,
        intent_documents::RecoverInput => Recover,
        intent_documents::CheckExecuteInput => CheckExecute,
        intent_documents::TokenPermitInput => TokenPermit,
        intent_documents::CheckAddressesInput => CheckAddresses,
        intent_documents::CheckMetaTransactionsInput => CheckMetaTransactions,
        intent_documents::WalletAddressInput => WalletAddress,
        intent_documents::WalletContextInput => WalletContext,
    ],
);

//! intent-core compiled to WebAssembly: the functions that the JavaScript package wraps
//! (`js/lib/core.js` and `js/lib/helpers.js`, exported by the entries `js/lib/browser.js`
//! and `js/lib/node.js`; docs/spec.md §13).
//!
//! Every function takes JSON text as UTF-8 bytes (the package turns JavaScript objects
//! into JSON text first, with the schema's kinds at hand: `js/lib/encode.js`) and the name of
//! the object or document it holds, and answers with text: a hash, canonical or wire JSON,
//! a digest, an address. A failure is thrown as the text of intentctl's error line (the
//! error body of docs/spec.md §8 with `reason`, `path` and, for a syntax error, `offset`),
//! which the package turns into an `IntentCoreError`.
//!
//! The package loads two modules built from this crate (docs/spec.md §13): the core module
//! (feature `core-module`: the quote's objects, the digests, typed data, recovery and the
//! intent-address checks) and the second module (feature `extra-module`: every other object,
//! [`changed_paths`] and [`check_execute`]); `canonical_json`, `canonical_hash`, `parse` and
//! `check` are in both, each for the objects its module serves ([`objects::CORE_OBJECTS`]).
//!
//! What lives here: the exported functions. The list of objects is in [`objects`], the
//! documents of the dApp helpers in [`helpers`], the generator of the TypeScript
//! declarations, the per-object functions and the schema table (`js/lib/generated/`) in
//! [`declarations`].
//! Reading, hashing, digests and rules are the library's; the input documents are
//! `intent_documents`', which `intentctl` reads too.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod declarations;
pub mod helpers;
pub mod objects;

use alloy_primitives::keccak256;
#[cfg(feature = "extra-module")]
use intent_core::Intent;
use intent_core::{from_slice, to_string, Error, WireObject};
#[cfg(feature = "extra-module")]
use intent_documents::CheckExecuteInput;
#[cfg(feature = "core-module")]
use intent_documents::{
    CheckAddressesInput, CheckMetaTransactionsInput, IntentDigestInput, PermitDigestInput, RecoverInput,
    WalletAddressInput,
};
use wasm_bindgen::prelude::*;

use objects::{visit_exported, Object, ObjectVisitor};

/// What a function throws: intentctl's error line, or a plain message for a misuse that no
/// input can cause through the package (an object name it does not know).
fn thrown(error: &Error) -> JsValue {
    JsValue::from_str(&intent_documents::error_line(error))
}

/// Runs `visitor` on the object named `object`, one that this module serves.
fn on_object<R, V: ObjectVisitor<Output = Result<R, Error>>>(object: &str, visitor: V) -> Result<R, JsValue> {
    match visit_exported(object, visitor) {
        Some(answer) => answer.map_err(|e| thrown(&e)),
        None => Err(JsError::new(&format!("intent-core: no object named {object:?} in this module")).into()),
    }
}

/// The canonical JSON of an object.
struct CanonicalJson<'a>(&'a [u8]);

impl ObjectVisitor for CanonicalJson<'_> {
    type Output = Result<String, Error>;
    fn visit<T: Object>(self) -> Self::Output {
        Ok(from_slice::<T>(self.0)?.canonical_json())
    }
}

/// The canonical hash of an object, `0x` and 64 lowercase hex digits: keccak-256 of its
/// canonical JSON, which is what `Canonical::canonical_hash` streams into the hasher. Going
/// through the text here writes every object with one writer (the `String` one, shared
/// with the other functions) instead of a second copy of each writer for the hasher: a
/// smaller module for one copy of the text (BENCHMARKS.md, "The JavaScript package").
struct CanonicalHash<'a>(&'a [u8]);

impl ObjectVisitor for CanonicalHash<'_> {
    type Output = Result<String, Error>;
    fn visit<T: Object>(self) -> Self::Output {
        Ok(keccak256(from_slice::<T>(self.0)?.canonical_json()).to_string())
    }
}

/// Every rule that concerns an object alone, after reading it.
struct Checked<'a>(&'a [u8]);

impl ObjectVisitor for Checked<'_> {
    type Output = Result<(), Error>;
    fn visit<T: Object>(self) -> Self::Output {
        from_slice::<T>(self.0)?.check_rules()
    }
}

/// The wire form of an object, read only.
struct Parsed<'a>(&'a [u8]);

impl ObjectVisitor for Parsed<'_> {
    type Output = Result<String, Error>;
    fn visit<T: Object>(self) -> Self::Output {
        Ok(to_string(&from_slice::<T>(self.0)?))
    }
}

/// The canonical JSON (docs/spec.md §4) of the object `object` read from `json`.
#[wasm_bindgen]
pub fn canonical_json(object: &str, json: &[u8]) -> Result<String, JsValue> {
    on_object(object, CanonicalJson(json))
}

/// The canonical hash (docs/spec.md §4) of the object `object` read from `json`.
#[wasm_bindgen]
pub fn canonical_hash(object: &str, json: &[u8]) -> Result<String, JsValue> {
    on_object(object, CanonicalHash(json))
}

/// The object `object` read from `json`, written back in its wire form.
#[wasm_bindgen]
pub fn parse(object: &str, json: &[u8]) -> Result<String, JsValue> {
    on_object(object, Parsed(json))
}

/// Reads the object `object` from `json` and checks the rules of docs/spec.md §7 that concern it
/// alone (the QuoteRequest rules; for an Intent those and intent consistency).
#[wasm_bindgen]
pub fn check(object: &str, json: &[u8]) -> Result<(), JsValue> {
    on_object(object, Checked(json))
}

/// Reads intentctl's document `D` from `json` and answers with `answer`'s text.
fn on_document<D: WireObject, R>(json: &[u8], answer: impl FnOnce(D) -> Result<R, Error>) -> Result<R, JsValue> {
    from_slice::<D>(json).and_then(answer).map_err(|e| thrown(&e))
}

/// The Execute rules of docs/spec.md §7 on intentctl's `check execute` document.
#[cfg(feature = "extra-module")]
#[wasm_bindgen]
pub fn check_execute(json: &[u8]) -> Result<(), JsValue> {
    on_document(json, |input: CheckExecuteInput| input.check())
}

/// The intent-address rules of docs/spec.md §7 on intentctl's `check intent-addresses`
/// document (`{"intent", "context"?}`).
#[cfg(feature = "core-module")]
#[wasm_bindgen]
pub fn check_intent_addresses(json: &[u8]) -> Result<(), JsValue> {
    on_document(json, |input: CheckAddressesInput| input.check())
}

/// The meta-transaction rule of docs/spec.md §7 on intentctl's `check meta-transactions`
/// document (`{"intent", "context"}`).
#[cfg(feature = "core-module")]
#[wasm_bindgen]
pub fn check_meta_transactions(json: &[u8]) -> Result<(), JsValue> {
    on_document(json, |input: CheckMetaTransactionsInput| input.check())
}

/// The intent wallet (docs/spec.md 5.6) of intentctl's `wallet address` document
/// (`{"owner", "bundles", "context"?}`): `{"address","imageHash","payloadHashes"}`.
#[cfg(feature = "core-module")]
#[wasm_bindgen]
pub fn wallet_address(json: &[u8]) -> Result<String, JsValue> {
    on_document(json, |input: WalletAddressInput| input.line())
}

/// The deposit-intent digest (docs/spec.md §5.1) of intentctl's `digest intent` document.
#[cfg(feature = "core-module")]
#[wasm_bindgen]
pub fn deposit_intent_digest(json: &[u8]) -> Result<String, JsValue> {
    on_document(json, |input: IntentDigestInput| Ok(input.digest()?.to_string()))
}

/// The deposit intent's EIP-712 typed-data document (docs/spec.md §5.4), one line of JSON, of
/// intentctl's `typed-data intent` (`digest intent`) document.
#[cfg(feature = "core-module")]
#[wasm_bindgen]
pub fn deposit_intent_typed_data(json: &[u8]) -> Result<String, JsValue> {
    on_document(json, |input: IntentDigestInput| Ok(input.typed_data()?.to_json()))
}

/// The ERC-2612 or DAI-style permit digest (docs/spec.md §5.2) of intentctl's `digest permit`
/// document.
#[cfg(feature = "core-module")]
#[wasm_bindgen]
pub fn permit_digest(json: &[u8]) -> Result<String, JsValue> {
    on_document(json, |input: PermitDigestInput| Ok(input.digest()?.to_string()))
}

/// The permit's EIP-712 typed-data document (docs/spec.md §5.4), ERC-2612 or DAI-style, of
/// intentctl's `typed-data permit` (`digest permit`) document.
#[cfg(feature = "core-module")]
#[wasm_bindgen]
pub fn permit_typed_data(json: &[u8]) -> Result<String, JsValue> {
    on_document(json, |input: PermitDigestInput| Ok(input.typed_data()?.to_json()))
}

/// The EIP-55 address that signed `{"digest", "signature"}` (docs/spec.md §5.3).
#[cfg(feature = "core-module")]
#[wasm_bindgen]
pub fn recover_signer(json: &[u8]) -> Result<String, JsValue> {
    on_document(json, |input: RecoverInput| Ok(input.signer()?.to_string()))
}

/// The paths at which the canonical forms of two intents differ
/// (`intent_core::changed_paths`, what `INTENT_MODIFIED` names), as a JSON array of
/// strings. A failure to read `a` or `b` has its path under `a` or `b`. Intents only: the
/// diff of every object would add a walker per type to the module (22 KB gzipped).
#[cfg(feature = "extra-module")]
#[wasm_bindgen]
pub fn changed_paths(a: &[u8], b: &[u8]) -> Result<String, JsValue> {
    let read = |json, side| from_slice::<Intent>(json).map_err(|e: Error| thrown(&e.in_member(side)));
    let (a, b) = (read(a, "a")?, read(b, "b")?);
    let mut json = String::from("[");
    for (i, path) in intent_core::changed_paths(&a, &b).iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        push_json_string(&mut json, path);
    }
    json.push(']');
    Ok(json)
}

/// The EIP-712 typed-data document (docs/spec.md §5.4) of the permit a gasless deposit
/// needs, per mode, as `intent_core::rules::deposit_permit_typed_data` computes it.
#[cfg(feature = "core-module")]
#[wasm_bindgen]
pub fn deposit_permit_typed_data(json: &[u8]) -> Result<String, JsValue> {
    on_document(json, |input: helpers::DepositPermitInput| input.typed_data_json())
}

/// A 65-byte signature (`{"signature"}`) in the relayable form: `v` 27 or 28.
#[cfg(feature = "core-module")]
#[wasm_bindgen]
pub fn relayable_signature(json: &[u8]) -> Result<String, JsValue> {
    on_document(json, |input: helpers::SignatureInput| input.relayable())
}

/// Appends `text` as a JSON string literal.
#[cfg(feature = "extra-module")]
fn push_json_string(json: &mut String, text: &str) {
    json.push('"');
    for c in text.chars() {
        match c {
            '"' => json.push_str("\\\""),
            '\\' => json.push_str("\\\\"),
            c if u32::from(c) < 0x20 => json.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => json.push(c),
        }
    }
    json.push('"');
}

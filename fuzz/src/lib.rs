//! The properties the four cargo-fuzz targets check (see `fuzz/README.md`): each
//! `fuzz_targets/*.rs` is one call into this library. The library under test is built with
//! `--cfg fuzzing` (as `cargo fuzz` builds it), which exposes the few crate-internal
//! readers the properties need (`intent_core::fuzz`).
//!
//! A property that does not hold panics with the values it compared, which libFuzzer
//! reports as a crash.
//!
//! Each target's properties live in the module named after it; what they share (the
//! example documents, the kinds they read, the promises of every error, the reading back
//! of the library's own output) lives here.

mod canonical;
mod execution_input;
mod lifecycle;
mod lifecycle_input;
mod parse;
mod signature;

pub use canonical::canonical;
pub use execution_input::*;
pub use lifecycle::*;
pub use lifecycle_input::*;
pub use parse::parse;
use parse::*;
pub use signature::signature;

use std::any::{type_name, Any};
use std::borrow::Cow;
use std::fmt::Debug;
use std::sync::OnceLock;

use alloy_primitives::{hex, keccak256};
use arbitrary::Arbitrary;
use intent_core::{Address, Bytes, B256, U256};

use intent_core::cctp;
use intent_core::eip712::{recover_signer, verify_signer, Domain, Signature};
use intent_core::fuzz::is_json;
use intent_core::{
    changed_paths, from_slice, from_slice_with, to_string, AddressOrEmpty, Applied, Canonical, Decimal,
    DepositSignature, Error, ErrorBody, ExecuteRequest, FeeOption, GasFeeOptions, Intent, IntentStatus, Limits, Policy,
    QuoteRequest, Reason, RecordState, ServiceContracts, Timestamp, UnknownMembers, WireObject,
};
use intent_core::{
    ChainFacts, DepositEvidence, EvidenceLog, EvidenceReceipt, EvidenceTransaction, Quantity, TokenPermit,
};
use intent_core::{Event as LifecycleEvent, EventInput, IntentRecord, StatePart};
use intent_documents::{
    CheckAddressesInput, CheckExecuteInput, CheckMetaTransactionsInput, IntentDigestInput, PermitDigestInput,
    RecoverInput, Scenario, ScenarioOp, WalletAddressInput,
};

/// The limits an accepted value's own output is read back with. The document size is the
/// one limit output may exceed when its input did not (`1e77`, 4 bytes, is a 79-byte
/// decimal string on the wire); every other limit applies to decoded values, which a
/// round trip keeps.
const REREAD: Limits = Limits { max_document_bytes: usize::MAX, ..Limits::DEFAULT };

/// The example documents, parsed once.
struct Examples {
    intent: Intent,
    intent_hash: B256,
    gas_fee_options: GasFeeOptions,
    quote_request: QuoteRequest,
}

fn examples() -> &'static Examples {
    static EXAMPLES: OnceLock<Examples> = OnceLock::new();
    EXAMPLES.get_or_init(|| {
        let intent: Intent =
            from_slice(include_str!("../../examples/intent.json").as_bytes()).expect("examples/intent.json");
        Examples {
            intent_hash: intent.canonical_hash(),
            intent,
            gas_fee_options: from_slice(include_str!("../../examples/gas-fee-options.json").as_bytes())
                .expect("examples/gas-fee-options.json"),
            quote_request: from_slice(include_str!("../../examples/quote-request.json").as_bytes())
                .expect("examples/quote-request.json"),
        }
    })
}

/// What the fuzzers do with one kind of document: [`parse_as`] or [`canonical_as`].
trait EachKind {
    fn on<T: Answer>(&self, data: &[u8]);
}

/// Declares [`Answer`] for every object of the library's one list
/// ([`intent_core::with_objects!`]), running the rules of those that have some, and
/// [`each_object`] over them.
macro_rules! fuzz_objects {
    (objects: [$($object:ident $(=> $check:path)?),* $(,)?]) => {
        $( impl Answer for intent_core::$object {
            fn answer(&self) {
                $( if let Err(error) = $check(self) {
                    check_error(&error);
                } )?
                answer_restored(self);
            }
        } )*

        /// Runs `each` on every object of the library's list.
        fn each_object(data: &[u8], each: &impl EachKind) {
            $( each.on::<intent_core::$object>(data); )*
        }
    };
}

intent_core::with_objects!(fuzz_objects);

/// Runs `each` on every document kind the fuzzers read: the library's objects, then the
/// documents of `intent_documents`.
fn each_kind(data: &[u8], each: &impl EachKind) {
    each_object(data, each);
    each.on::<Scenario>(data);
    each.on::<CheckExecuteInput>(data);
    each.on::<IntentDigestInput>(data);
    each.on::<PermitDigestInput>(data);
    each.on::<RecoverInput>(data);
    each.on::<CheckAddressesInput>(data);
    each.on::<CheckMetaTransactionsInput>(data);
    each.on::<WalletAddressInput>(data);
}

/// What every error promises (docs/spec.md §8): a one-line `Display`, a cause that starts with the
/// reason code, and an error body that is one JSON document of at most
/// `ErrorBody::MAX_JSON_LEN` bytes, whatever the input, with its message and paths cut to
/// their stated lengths.
fn check_error(error: &Error) {
    let body = error.body();
    assert!(!body.msg.contains(['\n', '\r']), "the message of {error:?} is not one line: {:?}", body.msg);
    assert!(body.cause.starts_with(error.reason().code()), "cause {:?} of {error:?}", body.cause);
    let marker = intent_core::TRUNCATION_MARKER.len();
    assert!(body.msg.len() <= ErrorBody::MAX_MSG_LEN + marker, "a message of {} bytes", body.msg.len());
    let cause_max = error.reason().code().len() + " at ".len() + ErrorBody::MAX_PATH_LEN + marker;
    assert!(body.cause.len() <= cause_max, "a cause of {} bytes", body.cause.len());
    for line in [body.to_json(), body.to_json_with(error)] {
        assert!(is_json(&line), "the error body of {error:?} is not JSON: {line}");
        assert!(line.len() <= ErrorBody::MAX_JSON_LEN, "an error body of {} bytes: {line}", line.len());
    }
}

/// What `changed_paths` promises whatever the input: at most `MAX_CHANGED_PATHS` entries
/// of at most `MAX_CHANGED_PATH_LEN` bytes (and the marker), none named twice.
fn check_changed_paths(changed: &[String]) {
    assert!(changed.len() <= intent_core::MAX_CHANGED_PATHS, "{} changed paths", changed.len());
    for path in changed {
        assert!(
            path.len() <= intent_core::MAX_CHANGED_PATH_LEN + intent_core::TRUNCATION_MARKER.len(),
            "a path of {} bytes",
            path.len()
        );
    }
    let mut unique = changed.to_vec();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), changed.len(), "a path is named twice: {changed:?}");
}

/// Reads the library's own output of an accepted value, which must parse.
fn reread<T: WireObject>(text: &str, what: &str) -> T {
    from_slice_with(text.as_bytes(), &REREAD).unwrap_or_else(|error| {
        panic!("the {what} of an accepted {} does not parse: {error} ({error:?})\n{text}", type_name::<T>())
    })
}

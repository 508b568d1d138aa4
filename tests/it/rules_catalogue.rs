//! The rules catalogue (docs/spec.md §7–8): every reason code is well formed, belongs to one
//! operation, has the error kind docs/spec.md §8 gives it, and is asserted by some test.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use intent_core::{ErrorKind, Reason};

const OPERATIONS: [&str; 9] =
    ["parse", "quote request", "intent", "intent address", "quote", "commit", "execute", "record", "lifecycle"];

/// The codes docs/spec.md §7 names, by the operation whose list names them.
const SPEC_CODES: &[(&str, &[&str])] = &[
    (
        "parse",
        &[
            "INVALID_JSON",
            "MISSING_FIELD",
            "INVALID_ADDRESS",
            "INVALID_CHECKSUM",
            "INVALID_HEX",
            "INVALID_NUMBER",
            "NUMBER_OUT_OF_RANGE",
            "INVALID_TIMESTAMP",
            "INVALID_ENUM",
            "LIMIT_EXCEEDED",
        ],
    ),
    (
        "quote request",
        &[
            "INVALID_CHAIN_ID",
            "TRADE_TYPE_AMOUNT",
            "SWAP_PROVIDER_CROSS_CHAIN",
            "SLIPPAGE_OUT_OF_RANGE",
            "NOTHING_TO_DO",
        ],
    ),
    ("intent", &["INTENT_INCONSISTENT"]),
    ("intent address", &["INTENT_ADDRESS_MISMATCH", "PRECONDITION_MISMATCH", "META_TRANSACTION_MISMATCH"]),
    ("quote", &["WRONG_STATUS", "QUOTE_LIFETIME"]),
    ("commit", &["INTENT_MODIFIED", "QUOTE_EXPIRED", "FEE_OPTIONS_EXPIRED", "SERVICE_CONTRACTS_MISMATCH"]),
    (
        "execute",
        &[
            "INTENT_ID_MISMATCH",
            "DEPOSIT_PROOF_MISSING",
            "DEPOSIT_PROOF_CONFLICT",
            "EXECUTION_WINDOW_EXPIRED",
            "FEE_OPTION_NOT_OFFERED",
            "NATIVE_FEE_REQUIRED",
            "SIGNATURE_EXPIRED",
            "GASLESS_NATIVE_DEPOSIT",
            "ENTRYPOINT_MISSING",
            "FEE_TOKEN_MISMATCH",
            "FEE_PARAMETERS",
            "NONCE_REQUIRED",
            "PERMIT_INCOMPLETE",
            "PERMIT_NOT_SUPPORTED",
            "PERMIT_EXPIRED",
            "PERMIT_DEADLINE_MISMATCH",
            "PERMIT_AMOUNT_INSUFFICIENT",
            "INVALID_SIGNATURE",
            "SIGNER_MISMATCH",
        ],
    ),
    ("record", &["INVALID_RECORD"]),
    (
        "lifecycle",
        &[
            "INVALID_TRANSITION",
            "CLOCK_WENT_BACKWARDS",
            "STATUS_REASON_REQUIRED",
            "WINDOW_STILL_OPEN",
            "FACT_NOT_ASKED",
            "BALANCE_MISMATCH",
            "PRECONDITION_UNMET",
            "ORIGIN_HASH_MISMATCH",
            "ORIGIN_WRONG_CHAIN",
            "ORIGIN_UNCONFIRMED",
            "ATTESTATION_MISMATCH",
            "RECEIPT_HASH_MISMATCH",
            "RECEIPT_WRONG_CHAIN",
            "RECEIPT_UNCONFIRMED",
            "DEPOSIT_ALREADY_SUCCEEDED",
            "RETRY_TOO_LATE",
        ],
    ),
];

fn reason_named(code: &str) -> Option<Reason> {
    Reason::ALL.iter().copied().find(|reason| reason.code() == code)
}

#[test]
fn every_reason_has_a_summary_and_a_known_operation() {
    assert!(!Reason::ALL.is_empty());
    for reason in Reason::ALL {
        assert!(!reason.summary().trim().is_empty(), "{reason} has no summary");
        assert!(!reason.summary().contains('\n'), "{reason}: the summary is one line");
        assert!(OPERATIONS.contains(&reason.operation()), "{reason}: unknown operation {:?}", reason.operation());
    }
}

#[test]
fn codes_are_unique_screaming_snake_case_and_displayed_as_is() {
    let mut seen = BTreeSet::new();
    for reason in Reason::ALL {
        let code = reason.code();
        assert!(seen.insert(code), "{code} appears twice");
        assert!(
            !code.is_empty()
                && !code.starts_with('_')
                && !code.ends_with('_')
                && !code.contains("__")
                && code.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_'),
            "{code} is not SCREAMING_SNAKE_CASE"
        );
        assert_eq!(reason.to_string(), code);
    }
    let variants: BTreeSet<_> = Reason::ALL.iter().collect();
    assert_eq!(variants.len(), Reason::ALL.len(), "a variant is listed twice in Reason::ALL");
}

#[test]
fn every_code_spec_section_7_names_is_in_the_catalogue_under_its_operation() {
    for (operation, codes) in SPEC_CODES {
        for code in *codes {
            let reason =
                reason_named(code).unwrap_or_else(|| panic!("{code} (docs/spec.md §7) is not in the catalogue"));
            assert_eq!(reason.operation(), *operation, "{code}");
        }
    }
}

#[test]
fn kinds_follow_spec_section_8() {
    assert_eq!((ErrorKind::InvalidArgument.name(), ErrorKind::InvalidArgument.code()), ("InvalidArgument", 2000));
    assert_eq!(ErrorKind::InvalidArgument.http_status(), 400);
    assert_eq!((ErrorKind::IntentStatus.name(), ErrorKind::IntentStatus.code()), ("IntentStatus", 2004));
    assert_eq!(ErrorKind::IntentStatus.http_status(), 422);
    assert_eq!((ErrorKind::Expired.name(), ErrorKind::Expired.code()), ("QuoteExpired", 7001));
    assert_eq!(ErrorKind::Expired.http_status(), 400);
    assert_eq!((ErrorKind::Unauthorized.name(), ErrorKind::Unauthorized.code()), ("Unauthorized", 1000));
    assert_eq!(ErrorKind::Unauthorized.http_status(), 401);

    for reason in Reason::ALL {
        match reason.operation() {
            // A request that needs no intent: the published IntentsSkipped.
            _ if *reason == Reason::NothingToDo => assert_eq!(reason.kind(), ErrorKind::IntentsSkipped),
            // Parsing and validation.
            "parse" | "quote request" | "intent" | "intent address" | "quote" => {
                assert_eq!(reason.kind(), ErrorKind::InvalidArgument, "{reason}")
            }
            _ => {}
        }
    }
    assert_eq!((ErrorKind::IntentsSkipped.name(), ErrorKind::IntentsSkipped.code()), ("IntentsSkipped", 7000));
    assert_eq!(ErrorKind::IntentsSkipped.http_status(), 400);
    assert_eq!(Reason::QuoteExpired.kind(), ErrorKind::Expired);
    assert_eq!(Reason::EntrypointMissing.kind(), ErrorKind::InvalidArgument);
    // Bad signatures.
    assert_eq!(Reason::InvalidSignature.kind(), ErrorKind::Unauthorized);
    assert_eq!(Reason::SignerMismatch.kind(), ErrorKind::Unauthorized);
    // Lifecycle and window errors.
    for reason in
        [Reason::InvalidTransition, Reason::ClockWentBackwards, Reason::WindowStillOpen, Reason::ExecutionWindowExpired]
    {
        assert_eq!(reason.kind(), ErrorKind::IntentStatus, "{reason}");
    }
}

#[test]
fn catalogue_markdown_has_one_row_per_reason() {
    let markdown = crate::readme::catalogue_markdown();
    for reason in Reason::ALL {
        let row = format!("| `{}` | {} | {} |", reason.code(), reason.operation(), reason.summary());
        assert_eq!(markdown.lines().filter(|line| *line == row).count(), 1, "{row}");
    }
    assert_eq!(markdown.lines().count(), Reason::ALL.len() + 2);
}

// ---------------------------------------------------------------------------------------------
// Every code is asserted somewhere

/// The test sources and vectors under `tests/`, except this file.
fn test_sources() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if matches!(path.extension().and_then(|e| e.to_str()), Some("rs" | "json"))
                && path.file_name().is_some_and(|name| name != "rules_catalogue.rs")
            {
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((path, text));
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests"), &mut out);
    out
}

/// Whether `text` holds `needle` not followed by an identifier character.
fn mentions(text: &str, needle: &str) -> bool {
    text.match_indices(needle).any(|(at, _)| {
        text[at + needle.len()..].chars().next().is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'))
    })
}

/// Whether some test names `reason` as `Reason::<Variant>` or as its quoted code.
fn asserted(reason: Reason, sources: &[(PathBuf, String)]) -> bool {
    let variant = format!("Reason::{reason:?}");
    let quoted = format!("\"{}\"", reason.code());
    sources.iter().any(|(_, text)| mentions(text, &variant) || text.contains(&quoted))
}

#[test]
fn the_scan_finds_the_test_files() {
    let sources = test_sources();
    let names: Vec<_> = sources.iter().filter_map(|(path, _)| path.file_name()?.to_str().map(String::from)).collect();
    for expected in ["rules_quote_request.rs", "rules_intent.rs", "rules_execute.rs", "lifecycle.rs"] {
        assert!(names.iter().any(|name| name == expected), "{expected} not found among {names:?}");
    }
    assert!(!mentions("Reason::InvalidJsonX", "Reason::InvalidJson"));
    assert!(mentions("(Reason::InvalidJson, None)", "Reason::InvalidJson"));
}

#[test]
fn every_reason_code_is_asserted_by_some_test() {
    let sources = test_sources();
    let missing: Vec<_> =
        Reason::ALL.iter().filter(|reason| !asserted(**reason, &sources)).map(|reason| reason.code()).collect();
    assert!(missing.is_empty(), "reason codes no test under tests/ asserts: {missing:?}");
}

#[test]
fn every_rule_code_is_asserted_in_the_rule_and_lifecycle_tests() {
    let sources: Vec<_> = test_sources()
        .into_iter()
        .filter(|(path, _)| {
            path.file_name().and_then(|n| n.to_str()).is_some_and(|name| {
                matches!(
                    name,
                    "rules_quote_request.rs"
                        | "rules_intent.rs"
                        | "rules_addresses.rs"
                        | "rules_execute.rs"
                        | "rules_deposit.rs"
                        | "lifecycle.rs"
                        | "execution.rs"
                        | "retry.rs"
                        | "record_state.rs"
                        | "route.rs"
                )
            })
        })
        .collect();
    let missing: Vec<_> = Reason::ALL
        .iter()
        .filter(|reason| reason.operation() != "parse" && !asserted(**reason, &sources))
        .map(|reason| reason.code())
        .collect();
    assert!(missing.is_empty(), "rule codes the rule and lifecycle tests never assert: {missing:?}");
}

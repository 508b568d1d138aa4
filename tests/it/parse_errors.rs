//! docs/spec.md §7 (parsing), §8 and §9: every parse failure has its reason code and JSON path,
//! limits are enforced with the path, and hostile input never panics.

use intent_core::{from_slice, from_slice_with, Call, CallBundle, ErrorKind, Intent, Limits, Reason};
use serde_json::{json, Value};

fn example() -> Value {
    let text = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/intent.json")).unwrap();
    serde_json::from_slice(&text).unwrap()
}

fn error_of(document: &Value) -> (Reason, Option<String>) {
    let err = from_slice::<Intent>(document.to_string().as_bytes()).unwrap_err();
    (err.reason(), err.path().map(String::from))
}

fn with(pointer: &str, value: Value) -> Value {
    let mut document = example();
    *document.pointer_mut(pointer).unwrap() = value;
    document
}

fn expect(pointer: &str, value: Value, reason: Reason, path: &str) {
    assert_eq!(error_of(&with(pointer, value)), (reason, Some(path.to_string())), "{pointer}");
}

#[test]
fn a_bad_field_deep_in_the_intent_is_reported_with_its_path() {
    expect("/originCalls/calls/2/to", json!("0x1234"), Reason::InvalidAddress, "originCalls.calls[2].to");
    expect("/originCalls/calls/1/value", json!("-1"), Reason::InvalidNumber, "originCalls.calls[1].value");
    expect(
        "/fees/originGas/metaTxnFeeDetails/feeNative",
        json!(1.5),
        Reason::InvalidNumber,
        "fees.originGas.metaTxnFeeDetails.feeNative",
    );
    expect("/quote/routeProviders/0", json!("lower"), Reason::InvalidEnum, "quote.routeProviders[0]");
    expect(
        "/quoteRequest/options/slippageTolerance",
        json!("0.5"),
        Reason::InvalidNumber,
        "quoteRequest.options.slippageTolerance",
    );
    expect("/expiresAt", json!("yesterday"), Reason::InvalidTimestamp, "expiresAt");
    expect("/originMetaTxn/input", json!("0x123"), Reason::InvalidHex, "originMetaTxn.input");
    expect("/status", json!("done"), Reason::InvalidEnum, "status");
    expect("/fees/originGas/totalFeeUsd", json!(true), Reason::InvalidType, "fees.originGas.totalFeeUsd");
    expect(
        "/serviceContracts/serviceRouterAddress",
        json!("0x12"),
        Reason::InvalidAddress,
        "serviceContracts.serviceRouterAddress",
    );
    expect("/quote", json!([]), Reason::InvalidType, "quote");
    expect("/serviceVersion", json!(3), Reason::InvalidType, "serviceVersion");
    expect("/originCalls/calls/0/delegateCall", json!("yes"), Reason::InvalidType, "originCalls.calls[0].delegateCall");
    expect("/depositTransaction/decimals", json!(300), Reason::NumberOutOfRange, "depositTransaction.decimals");
}

#[test]
fn a_missing_or_null_required_field_is_missing_field_with_its_path() {
    let mut document = example();
    document["fees"]["provider"].as_object_mut().unwrap().remove("serviceFee");
    assert_eq!(error_of(&document), (Reason::MissingField, Some("fees.provider.serviceFee".into())));
    expect("/originPrecondition/type", Value::Null, Reason::MissingField, "originPrecondition.type");
}

#[test]
fn a_duplicate_member_is_invalid_json() {
    let text = String::from_utf8(std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/intent.json")).unwrap())
        .unwrap();
    let doubled = text.replacen("\"serviceVersion\"", "\"serviceVersion\": \"x\", \"serviceVersion\"", 1);
    let err = from_slice::<Intent>(doubled.as_bytes()).unwrap_err();
    assert_eq!((err.reason(), err.path()), (Reason::InvalidJson, Some("serviceVersion")));
    let unknown_twice = text.replacen('{', r#"{"extra": 1, "extra": 2,"#, 1);
    let err = from_slice::<Intent>(unknown_twice.as_bytes()).unwrap_err();
    assert_eq!((err.reason(), err.path()), (Reason::InvalidJson, Some("extra")));
}

/// Documents that are no `Call` as JSON text (shared with `serde.rs`).
pub const MALFORMED_CALLS: &[&[u8]] = &[
    b"",
    b"   ",
    b"{",
    b"{\"to\":}",
    b"[]",
    b"{\"to\":\"0x8ba1f109551bd432803012645ac136ddd64dba72\"} x",
    b"{\"to\":\"0x8ba1f109551bd432803012645ac136ddd64dba72\",}",
    b"{'to':1}",
    b"\xff\xfe{}",
    b"{\"to\":\"\xc3\x28\"}",
    b"{\"value\":01,\"to\":\"0x8ba1f109551bd432803012645ac136ddd64dba72\"}",
    b"{\"value\":1.,\"to\":\"0x8ba1f109551bd432803012645ac136ddd64dba72\"}",
    b"{\"value\":NaN,\"to\":\"0x8ba1f109551bd432803012645ac136ddd64dba72\"}",
];

#[test]
fn malformed_documents_are_invalid_json() {
    for &bad in MALFORMED_CALLS {
        let err = from_slice::<Call>(bad).unwrap_err();
        assert!(
            matches!(err.reason(), Reason::InvalidJson | Reason::InvalidType),
            "{:?}: {err}",
            String::from_utf8_lossy(bad)
        );
    }
    assert_eq!(from_slice::<Call>(b"").unwrap_err().reason(), Reason::InvalidJson);
    assert_eq!(from_slice::<Call>(b"[]").unwrap_err().reason(), Reason::InvalidType);
}

#[test]
fn hundred_thousand_deep_nesting_is_limit_exceeded_without_overflowing_the_stack() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    for text in [deep.clone(), format!(r#"{{"to":"0x8ba1f109551bd432803012645ac136ddd64dba72","x":{deep}}}"#)] {
        let err = from_slice::<Call>(text.as_bytes()).unwrap_err();
        assert_eq!(err.reason(), if text.starts_with('[') { Reason::InvalidType } else { Reason::LimitExceeded });
    }
    let objects = format!("{}{}", r#"{"a":"#.repeat(100_000), "}".repeat(100_000));
    let err = from_slice::<Call>(objects.as_bytes()).unwrap_err();
    assert_eq!(err.reason(), Reason::LimitExceeded);
    assert!(err.path().unwrap().starts_with("a.a.a."), "the path leads to where the limit was crossed");
}

/// A call whose unknown member `x` holds `1` in arrays so deep that the document nests
/// `depth` levels, counting the call object itself.
pub fn call_nested(depth: usize) -> String {
    format!(
        r#"{{"to":"0x8ba1f109551bd432803012645ac136ddd64dba72","x":{}1{}}}"#,
        "[".repeat(depth - 1),
        "]".repeat(depth - 1)
    )
}

#[test]
fn nesting_limit_counts_the_document_object_as_one() {
    assert!(from_slice::<Call>(call_nested(64).as_bytes()).is_ok());
    let err = from_slice::<Call>(call_nested(65).as_bytes()).unwrap_err();
    assert_eq!(err.reason(), Reason::LimitExceeded);
    assert!(err.path().unwrap().starts_with("x[0]"));
}

#[test]
fn a_two_mebibyte_string_is_limit_exceeded() {
    let huge = format!(r#"{{"to":"0x8ba1f109551bd432803012645ac136ddd64dba72","x":"{}"}}"#, "a".repeat(2 << 20));
    let err = from_slice::<Call>(huge.as_bytes()).unwrap_err();
    assert_eq!((err.reason(), err.path()), (Reason::LimitExceeded, None), "the document limit comes first");
    let limits = Limits { max_document_bytes: 4 << 20, ..Limits::default() };
    let err = from_slice_with::<Call>(huge.as_bytes(), &limits).unwrap_err();
    assert_eq!((err.reason(), err.path()), (Reason::LimitExceeded, Some("x")));
}

#[test]
fn every_limit_is_enforced_with_the_path_of_the_value() {
    let mut intent = example();
    intent["serviceVersion"] = json!("v".repeat(4097));
    assert_eq!(error_of(&intent), (Reason::LimitExceeded, Some("serviceVersion".into())));
    intent["serviceVersion"] = json!("v".repeat(4096));
    assert!(from_slice::<Intent>(intent.to_string().as_bytes()).is_ok(), "4 KiB exactly is allowed");

    let bytes_at_limit = format!("0x{}", "ab".repeat(128 << 10));
    let bytes_over = format!("0x{}", "ab".repeat((128 << 10) + 1));
    assert!(from_slice::<Intent>(with("/originMetaTxn/input", json!(bytes_at_limit)).to_string().as_bytes()).is_ok());
    expect("/originMetaTxn/input", json!(bytes_over), Reason::LimitExceeded, "originMetaTxn.input");

    let providers: Vec<Value> = (0..65).map(|_| json!("AUTO")).collect();
    expect("/quote/routeProviders", json!(providers), Reason::LimitExceeded, "quote.routeProviders");

    let call = json!({"to": "0x8ba1f109551bd432803012645ac136ddd64dba72"});
    let bundle = |n: usize| json!({"chainId": 1, "calls": vec![call.clone(); n]}).to_string();
    assert_eq!(
        from_slice::<CallBundle>(bundle(256).as_bytes()).unwrap().calls.len(),
        256,
        "calls have their own limit"
    );
    let err = from_slice::<CallBundle>(bundle(257).as_bytes()).unwrap_err();
    assert_eq!((err.reason(), err.path()), (Reason::LimitExceeded, Some("calls")));

    let unknown_array = json!({"to": "0x8ba1f109551bd432803012645ac136ddd64dba72", "x": vec![1; 65]});
    let err = from_slice::<Call>(unknown_array.to_string().as_bytes()).unwrap_err();
    assert_eq!((err.reason(), err.path()), (Reason::LimitExceeded, Some("x")));

    let long_key = format!(r#"{{"to":"0x8ba1f109551bd432803012645ac136ddd64dba72","{}":1}}"#, "k".repeat(4097));
    assert_eq!(from_slice::<Call>(long_key.as_bytes()).unwrap_err().reason(), Reason::LimitExceeded);

    let tight = Limits { max_document_bytes: 100, ..Limits::default() };
    let err = from_slice_with::<Intent>(example().to_string().as_bytes(), &tight).unwrap_err();
    assert_eq!((err.reason(), err.path()), (Reason::LimitExceeded, None));
}

#[test]
fn error_bodies_have_the_shape_of_the_service_errors() {
    let err =
        from_slice::<Intent>(with("/originCalls/calls/2/to", json!("0x1234")).to_string().as_bytes()).unwrap_err();
    assert_eq!(err.to_string(), "invalid address: expected 0x and 40 hex digits at originCalls.calls[2].to");
    let body = err.body();
    assert_eq!((body.error, body.code, body.status), ("InvalidArgument", 2000, 400));
    assert_eq!(body.cause, "INVALID_ADDRESS at originCalls.calls[2].to");
    let line: Value = serde_json::from_str(&body.to_json_with(&err)).unwrap();
    assert_eq!(line["reason"], "INVALID_ADDRESS");
    assert_eq!(line["path"], "originCalls.calls[2].to");
    assert_eq!(line["msg"], err.to_string());
    let parsed: Value = serde_json::from_str(&body.to_json()).unwrap();
    assert_eq!(parsed.as_object().unwrap().len(), 5);
}

#[test]
fn every_reason_has_a_code_and_a_kind() {
    for reason in Reason::ALL {
        let code = reason.code();
        assert!(!code.is_empty() && code.bytes().all(|b| b.is_ascii_uppercase() || b == b'_'), "{code}");
        let kind = reason.kind();
        assert!(matches!(
            (kind, kind.code(), kind.http_status()),
            (ErrorKind::InvalidArgument, 2000, 400)
                | (ErrorKind::IntentStatus, 2004, 422)
                | (ErrorKind::Expired, 7001, 400)
                | (ErrorKind::Unauthorized, 1000, 401)
                | (ErrorKind::IntentsSkipped, 7000, 400)
        ));
    }
}

#[test]
fn keys_that_are_not_identifiers_are_quoted_in_paths() {
    let text = r#"{"to":"0x8ba1f109551bd432803012645ac136ddd64dba72","a.b":{"c d":[1,{"e":1e999}]}}"#;
    let err = from_slice::<Call>(text.as_bytes()).unwrap_err();
    assert_eq!((err.reason(), err.path()), (Reason::NumberOutOfRange, Some(r#"["a.b"]["c d"][1].e"#)));
}

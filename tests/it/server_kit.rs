//! What a server needs beyond the core's rules (docs/spec.md §8, §11): the bodies of the
//! failures only a server has, the receipt requests, and the one clock adapter.

use intent_core::{
    from_slice, to_string, ErrorBody, ErrorKind, GetIntentReceiptRequest, Reason, ServerFailure, TransactionStatus,
    WaitIntentReceiptRequest,
};

fn body_json(failure: &ServerFailure<'_>) -> serde_json::Value {
    serde_json::from_str(&failure.body().to_json()).unwrap()
}

#[test]
fn the_core_kinds_keep_their_published_numbers() {
    let numbers: Vec<(&str, i32, u16)> =
        ErrorKind::ALL[..5].iter().map(|k| (k.name(), k.code(), k.http_status())).collect();
    assert_eq!(
        numbers,
        [
            ("InvalidArgument", 2000, 400),
            ("IntentStatus", 2004, 422),
            ("QuoteExpired", 7001, 400),
            ("Unauthorized", 1000, 401),
            ("IntentsSkipped", 7000, 400)
        ]
    );
    for reason in Reason::ALL {
        assert!(ErrorKind::ALL[..5].contains(&reason.kind()), "{reason} is carried by a server kind");
    }
}

#[test]
fn every_kind_has_its_own_name_and_number() {
    let mut names: Vec<&str> = ErrorKind::ALL.iter().map(|k| k.name()).collect();
    let mut codes: Vec<i32> = ErrorKind::ALL.iter().map(|k| k.code()).collect();
    names.sort_unstable();
    names.dedup();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(names.len(), ErrorKind::ALL.len());
    assert_eq!(codes.len(), ErrorKind::ALL.len());
}

/// The published list of the service's error kinds (a committed copy): name, code, status.
fn published_kinds() -> Vec<(String, i64, i64)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/published/errors.json");
    let list: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    list["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["error"].as_str().unwrap().to_owned(), e["code"].as_i64().unwrap(), e["status"].as_i64().unwrap()))
        .collect()
}

/// The rows of docs/spec.md §8's table of kinds: name, code, status, and whether the row says
/// the kind is not in the published list.
fn spec_kinds() -> Vec<(String, i64, i64, bool)> {
    let spec = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/spec.md")).unwrap();
    let table = spec.split("<!-- error kinds -->").nth(1).expect("the table of kinds is marked in §8");
    table
        .lines()
        .skip_while(|line| !line.starts_with("|---"))
        .skip(1)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let name = cells[1].trim_matches('`').to_owned();
            (name, cells[2].parse().unwrap(), cells[3].parse().unwrap(), cells[4].contains("not published"))
        })
        .collect()
}

#[test]
fn every_kind_is_the_published_one_and_the_spec_table_says_so() {
    let published = published_kinds();
    let spec = spec_kinds();
    let ours: Vec<(String, i64, i64)> =
        ErrorKind::ALL.iter().map(|k| (k.name().to_owned(), i64::from(k.code()), i64::from(k.http_status()))).collect();
    assert_eq!(
        spec.iter().map(|(n, c, s, _)| (n.clone(), *c, *s)).collect::<Vec<_>>(),
        ours,
        "§8 lists ErrorKind::ALL"
    );
    for (name, code, status, invented) in &spec {
        let same_name = published.iter().find(|(n, _, _)| n == name);
        if *invented {
            assert!(same_name.is_none(), "{name} is published: it is not ours to number");
            assert!(published.iter().all(|(_, c, _)| c != code), "{name}'s number {code} is a published one");
        } else {
            assert_eq!(same_name, Some(&(name.clone(), *code, *status)), "{name} as published");
        }
    }
    assert_eq!(spec.iter().filter(|row| row.3).map(|row| row.0.as_str()).collect::<Vec<_>>(), ["PayloadTooLarge"]);
}

#[test]
fn each_server_failure_answers_with_its_status_kind_and_cause() {
    let cases: [(ServerFailure<'_>, &str, i32, u16, &str); 14] = [
        (ServerFailure::IntentNotFound { intent_id: "abc" }, "NotFound", 8000, 400, "INTENT_NOT_FOUND at intentId"),
        (ServerFailure::AccessKeyMissing, "Unauthorized", 1000, 401, "ACCESS_KEY_MISSING"),
        (ServerFailure::AccessKeyUnknown, "AccessKeyNotFound", 1101, 401, "ACCESS_KEY_UNKNOWN"),
        (ServerFailure::PermissionDenied, "PermissionDenied", 1001, 403, "PERMISSION_DENIED"),
        (ServerFailure::RevisionConflict, "RequestConflict", 1004, 409, "REVISION_CONFLICT"),
        (
            ServerFailure::DepositProofUsed { path: "depositTransactionHash" },
            "RequestConflict",
            1004,
            409,
            "DEPOSIT_PROOF_USED at depositTransactionHash",
        ),
        (ServerFailure::RateLimited { retry_after_seconds: 2 }, "RateLimited", 1007, 429, "RATE_LIMITED"),
        (ServerFailure::Timeout, "Timeout", 1900, 408, "REQUEST_TIMEOUT"),
        (ServerFailure::PayloadTooLarge { limit: 1 << 20 }, "PayloadTooLarge", 2005, 413, "PAYLOAD_TOO_LARGE"),
        (ServerFailure::Internal, "Unexpected", 2001, 500, "INTERNAL"),
        (ServerFailure::BadRoute, "WebrpcBadRoute", -2, 404, "BAD_ROUTE"),
        (ServerFailure::BadMethod, "WebrpcBadMethod", -3, 405, "BAD_METHOD"),
        (ServerFailure::DepositNotMined, "IntentStatus", 2004, 422, "DEPOSIT_NOT_MINED at depositTransactionHash"),
        (
            ServerFailure::ChainNodeUnavailable { chain_id: 31_337 },
            "ChainNodeHealth",
            9001,
            503,
            "CHAIN_NODE_UNAVAILABLE",
        ),
    ];
    for (failure, error, code, status, cause) in cases {
        let body = body_json(&failure);
        let members: Vec<&str> = body.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(members, ["cause", "code", "error", "msg", "status"], "{failure:?}");
        assert_eq!(body["error"], error, "{failure:?}");
        assert_eq!(body["code"], code, "{failure:?}");
        assert_eq!(body["status"], status, "{failure:?}");
        assert_eq!(body["cause"], cause, "{failure:?}");
        let msg = body["msg"].as_str().unwrap();
        assert!(!msg.is_empty() && msg == msg.to_lowercase() && !msg.contains('\n'), "{failure:?}: {msg}");
        assert_eq!(failure.kind().http_status(), status);
        #[cfg(feature = "serde")]
        {
            let read_back: ErrorBody = serde_json::from_str(&failure.body().to_json()).unwrap();
            assert_eq!(read_back.code, code, "{failure:?} reads back, negative codes too");
        }
    }
    let too_large = body_json(&ServerFailure::PayloadTooLarge { limit: 1_048_576 });
    assert!(too_large["msg"].as_str().unwrap().contains("1048576"));
    let limited = body_json(&ServerFailure::RateLimited { retry_after_seconds: 7 });
    assert!(limited["msg"].as_str().unwrap().contains("retry in 7 s"));
    let node = body_json(&ServerFailure::ChainNodeUnavailable { chain_id: 31_337 });
    assert!(node["msg"].as_str().unwrap().contains("chain 31337"));
}

#[test]
fn a_server_failure_body_is_bounded_whatever_the_id() {
    let id = "\u{1}".repeat(1 << 20);
    let json = ServerFailure::IntentNotFound { intent_id: &id }.body().to_json();
    assert!(json.len() <= ErrorBody::MAX_JSON_LEN, "{} bytes", json.len());
    assert!(json.contains(intent_core::TRUNCATION_MARKER));
}

#[test]
fn receipt_requests_and_responses_are_objects_like_the_others() {
    let get: GetIntentReceiptRequest = from_slice(br#"{"intentId":"0xabc","x-trace":[1,2]}"#).unwrap();
    assert_eq!(get.intent_id, "0xabc");
    assert_eq!(to_string(&get), r#"{"intentId":"0xabc","x-trace":[1,2]}"#);
    let missing = from_slice::<GetIntentReceiptRequest>(b"{}").unwrap_err();
    assert_eq!((missing.reason(), missing.path()), (Reason::MissingField, Some("intentId")));

    let wait: WaitIntentReceiptRequest =
        from_slice(br#"{"intentId":"i","lastReceiptStates":["SENT","PENDING"],"timeoutSeconds":"45"}"#).unwrap();
    assert_eq!(wait.last_receipt_states, Some(vec![TransactionStatus::Sent, TransactionStatus::Pending]));
    assert_eq!(wait.wait_seconds().unwrap(), 45);
    assert_eq!(to_string(&wait), r#"{"intentId":"i","lastReceiptStates":["SENT","PENDING"],"timeoutSeconds":45}"#);
    let bad_state =
        from_slice::<WaitIntentReceiptRequest>(br#"{"intentId":"i","lastReceiptStates":["SENT",7]}"#).unwrap_err();
    assert_eq!((bad_state.reason(), bad_state.path()), (Reason::InvalidEnum, Some("lastReceiptStates[1]")));
}

#[test]
fn a_wait_longer_than_a_minute_is_refused_never_cut_short() {
    let wait = |text: &str| from_slice::<WaitIntentReceiptRequest>(text.as_bytes()).unwrap().wait_seconds();
    assert_eq!(wait(r#"{"intentId":"i"}"#).unwrap(), WaitIntentReceiptRequest::DEFAULT_TIMEOUT_SECONDS);
    assert_eq!(wait(r#"{"intentId":"i","timeoutSeconds":0}"#).unwrap(), 0);
    assert_eq!(wait(r#"{"intentId":"i","timeoutSeconds":60}"#).unwrap(), WaitIntentReceiptRequest::MAX_TIMEOUT_SECONDS);
    let error = wait(r#"{"intentId":"i","timeoutSeconds":61}"#).unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::NumberOutOfRange, Some("timeoutSeconds")));
}

/// The clock adapter exists with the `std` feature only.
#[cfg(feature = "std")]
#[test]
fn the_clock_adapter_reads_system_time_to_the_nanosecond() {
    use intent_core::Timestamp;
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    let at = |seconds: i64, nanos: u32| Timestamp::from_unix(seconds, nanos).unwrap();
    assert_eq!(Timestamp::try_from(UNIX_EPOCH).unwrap(), at(0, 0));
    let after = UNIX_EPOCH + Duration::new(1_795_000_000, 123_456_789);
    assert_eq!(Timestamp::try_from(after).unwrap(), at(1_795_000_000, 123_456_789));
    let before = UNIX_EPOCH - Duration::new(1, 250_000_000);
    assert_eq!(Timestamp::try_from(before).unwrap(), at(-2, 750_000_000));
    assert_eq!(Timestamp::try_from(UNIX_EPOCH - Duration::from_secs(86_400)).unwrap(), at(-86_400, 0));
    let far = UNIX_EPOCH + Duration::from_secs(253_402_300_800);
    assert_eq!(Timestamp::try_from(far).unwrap_err().reason(), Reason::InvalidTimestamp);

    let earliest = Timestamp::try_from(SystemTime::now()).unwrap();
    let now = Timestamp::now();
    let latest = Timestamp::try_from(SystemTime::now()).unwrap();
    assert!(earliest <= now && now <= latest);
}

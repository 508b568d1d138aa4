//! docs/spec.md §1: how each value kind is accepted, held exactly, and written back.

use intent_core::{
    from_slice, to_string, Address, AddressOrEmpty, Call, Canonical, CommitRequest, Decimal, DepositTransaction,
    FeeOption, GasDetail, Intent, IntentStatus, PriceImpact, QuoteOptions, Reason, RouteProvider, ServiceContracts,
    TextOrDecimal, Timestamp, U256,
};

const TO: &str = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";

fn deposit(amount: &str) -> Result<DepositTransaction, intent_core::Error> {
    let text = format!(r#"{{"toAddress":"{TO}","tokenAddress":"{TO}","amount":{amount},"decimals":18}}"#);
    from_slice(text.as_bytes())
}

fn amount_reason(amount: &str) -> Reason {
    deposit(amount).expect_err(amount).reason()
}

const MAX: &str = "115792089237316195423570985008687907853269984665640564039457584007913129639935";

#[test]
fn uint_max_survives_a_round_trip_as_number_and_as_string() {
    for spelling in [MAX.to_string(), format!("\"{MAX}\"")] {
        let parsed = deposit(&spelling).unwrap();
        assert_eq!(parsed.amount, U256::MAX);
        assert!(to_string(&parsed).contains(&format!("\"amount\":\"{MAX}\"")));
        let again: DepositTransaction = from_slice(to_string(&parsed).as_bytes()).unwrap();
        assert_eq!(again, parsed);
    }
}

#[test]
fn uint_of_two_to_the_256_is_number_out_of_range() {
    let two_256 = "115792089237316195423570985008687907853269984665640564039457584007913129639936";
    assert_eq!(amount_reason(two_256), Reason::NumberOutOfRange);
    assert_eq!(amount_reason(&format!("\"{two_256}\"")), Reason::NumberOutOfRange);
    assert_eq!(amount_reason("1e78"), Reason::NumberOutOfRange);
    assert_eq!(amount_reason("1e999999999999999999999"), Reason::NumberOutOfRange);
}

#[test]
fn negative_fractional_and_hex_uints_are_invalid_number() {
    for bad in
        ["-5", "1.5", "\"0x10\"", "\"\"", "\" 7\"", "\"+7\"", "\"1e3\"", "\"-1\"", "true", "1e-1", "15e-1", "1500e-3"]
    {
        assert_eq!(amount_reason(bad), Reason::InvalidNumber, "{bad}");
    }
}

#[test]
fn uint_numbers_whose_exact_value_is_an_integer_are_accepted() {
    for (spelling, value) in [
        ("1e3", 1000u64),
        ("1000.0", 1000),
        ("1.5e1", 15),
        ("1000e-3", 1),
        ("1500e-2", 15),
        ("0", 0),
        ("-0", 0),
        ("0.0e-5", 0),
        ("\"007\"", 7),
        ("1E+2", 100),
    ] {
        assert_eq!(deposit(spelling).unwrap().amount, U256::from(value), "{spelling}");
    }
    assert_eq!(
        deposit("1.15792089237316195423570985008687907853269984665640564039457584007913129639935e77").unwrap().amount,
        U256::MAX
    );
}

#[test]
fn u64_and_u8_have_their_own_ranges() {
    let call =
        |behavior: &str| from_slice::<Call>(format!(r#"{{"to":"{TO}","behaviorOnError":{behavior}}}"#).as_bytes());
    assert_eq!(call("255").unwrap().behavior_on_error, Some(255));
    assert_eq!(call("\"7\"").unwrap().behavior_on_error, Some(7));
    assert_eq!(call("256").unwrap_err().reason(), Reason::NumberOutOfRange);
    assert_eq!(call("256").unwrap_err().path(), Some("behaviorOnError"));
    let chain = |id: &str| {
        from_slice::<intent_core::CallBundle>(format!(r#"{{"chainId":{id},"calls":[]}}"#).as_bytes())
            .map(|b| b.chain_id)
    };
    assert_eq!(chain("18446744073709551615").unwrap(), u64::MAX);
    assert_eq!(chain("\"18446744073709551615\"").unwrap(), u64::MAX);
    assert_eq!(chain("18446744073709551616").unwrap_err().reason(), Reason::NumberOutOfRange);
    assert_eq!(chain("-1").unwrap_err().reason(), Reason::InvalidNumber);
}

#[test]
fn decimals_are_finite_json_numbers_in_ecmascript_form() {
    let impact = |v: &str| from_slice::<PriceImpact>(format!(r#"{{"priceImpact":{v},"priceImpactUsd":0}}"#).as_bytes());
    for (input, written) in [
        ("0.1", "0.1"),
        ("1e21", "1e+21"),
        ("1e-7", "1e-7"),
        ("-0", "0"),
        ("-0.0", "0"),
        ("100.0", "100"),
        ("123e-20", "1.23e-18"),
        ("0.000001", "0.000001"),
        ("-2.5", "-2.5"),
    ] {
        let parsed = impact(input).unwrap();
        assert_eq!(parsed.canonical_json(), format!(r#"{{"priceImpact":{written},"priceImpactUsd":0}}"#), "{input}");
    }
    assert_eq!(impact("1e400").unwrap_err().reason(), Reason::NumberOutOfRange);
    assert_eq!(impact("\"0.5\"").unwrap_err().reason(), Reason::InvalidNumber);
    assert_eq!(impact("\"0.5\"").unwrap_err().path(), Some("priceImpact"));
    assert!(Decimal::new(f64::NAN).is_none());
    assert!(Decimal::new(f64::INFINITY).is_none());
}

fn call_to(to: &str) -> Result<Call, intent_core::Error> {
    from_slice(format!(r#"{{"to":"{to}"}}"#).as_bytes())
}

#[test]
fn addresses_accept_lowercase_uppercase_and_eip55_only() {
    let lower = TO.to_lowercase();
    let upper = format!("0x{}", TO[2..].to_uppercase());
    for spelling in [TO, lower.as_str(), upper.as_str()] {
        assert_eq!(call_to(spelling).unwrap().to, TO.parse::<Address>().unwrap());
    }
    let call = call_to(&lower).unwrap();
    assert_eq!(to_string(&call), format!(r#"{{"to":"{TO}"}}"#), "wire form is EIP-55");
    assert_eq!(call.canonical_json(), format!(r#"{{"to":"{lower}"}}"#), "canonical form is lowercase");
    let wrong_case = TO.replace('b', "B");
    assert_eq!(call_to(&wrong_case).unwrap_err().reason(), Reason::InvalidChecksum);
    for bad in
        ["0x1234", "8ba1f109551bD432803012645Ac136ddd64DBA72", "0X8ba1f109551bd432803012645ac136ddd64dba72", "0xzz"]
    {
        assert_eq!(call_to(bad).unwrap_err().reason(), Reason::InvalidAddress, "{bad}");
    }
    let not_a_string = from_slice::<Call>(br#"{"to":17}"#).unwrap_err();
    assert_eq!((not_a_string.reason(), not_a_string.path()), (Reason::InvalidAddress, Some("to")));
}

#[test]
fn bytes_are_0x_and_an_even_number_of_hex_digits() {
    let data = |d: &str| from_slice::<Call>(format!(r#"{{"to":"{TO}","data":"{d}"}}"#).as_bytes());
    assert_eq!(data("0x").unwrap().data.unwrap().len(), 0);
    assert_eq!(
        data("0xABcd").unwrap().canonical_json(),
        format!(r#"{{"data":"0xabcd","to":"{}"}}"#, TO.to_lowercase())
    );
    for bad in ["0xabc", "abcd", "0xgg", ""] {
        assert_eq!(data(bad).unwrap_err().reason(), Reason::InvalidHex, "{bad}");
    }
    assert_ne!(data("0x").unwrap().canonical_hash(), data("0x00").unwrap().canonical_hash());
}

#[test]
fn bytes32_needs_exactly_64_hex_digits() {
    let request = |h: &str| {
        from_slice::<intent_core::ExecuteRequest>(
            format!(r#"{{"intentId":"i","depositTransactionHash":"{h}"}}"#).as_bytes(),
        )
    };
    let hash = format!("0x{}", "Ab".repeat(32));
    assert!(request(&hash).unwrap().canonical_json().contains(&"ab".repeat(32)));
    for bad in [format!("0x{}", "ab".repeat(31)), "ab".repeat(32), format!("0x{}", "ab".repeat(33))] {
        assert_eq!(request(&bad).unwrap_err().reason(), Reason::InvalidHex, "{bad}");
    }
}

#[test]
fn timestamps_are_rfc3339_and_written_in_utc() {
    let t = |s: &str| s.parse::<Timestamp>();
    for (input, canonical) in [
        ("2026-11-21T18:30:00Z", "2026-11-21T18:30:00Z"),
        ("2026-11-21t18:30:00z", "2026-11-21T18:30:00Z"),
        ("2026-11-21T20:30:00+02:00", "2026-11-21T18:30:00Z"),
        ("2026-11-21T00:15:00.500+05:30", "2026-11-20T18:45:00.5Z"),
        ("2026-11-21T18:30:00.000000000Z", "2026-11-21T18:30:00Z"),
        ("2026-11-21T18:30:00.123456789-08:00", "2026-11-22T02:30:00.123456789Z"),
        ("2024-02-29T23:59:59Z", "2024-02-29T23:59:59Z"),
        ("1969-12-31T23:59:59.9Z", "1969-12-31T23:59:59.9Z"),
        ("0000-01-01T00:00:00Z", "0000-01-01T00:00:00Z"),
        ("9999-12-31T23:59:59.999999999Z", "9999-12-31T23:59:59.999999999Z"),
    ] {
        assert_eq!(t(input).unwrap().to_string(), canonical, "{input}");
    }
    assert_eq!(t("1970-01-01T00:00:01.5Z").unwrap().unix_seconds(), 1);
    let late = t("9999-12-31T23:59:00Z").unwrap();
    assert_eq!(late.saturating_add_seconds(59).to_string(), "9999-12-31T23:59:59Z");
    assert_eq!(late.saturating_add_seconds(60), Timestamp::MAX, "a lifetime past year 9999 never ends");
    assert_eq!(t("0000-01-01T00:00:01Z").unwrap().saturating_add_seconds(-2), Timestamp::MIN);
    assert_eq!(t("1969-12-31T23:59:59.5Z").unwrap().unix_seconds(), -1);
    for bad in [
        "2023-02-29T00:00:00Z",
        "2026-13-01T00:00:00Z",
        "2026-11-31T00:00:00Z",
        "2026-11-21T24:00:00Z",
        "2026-11-21T23:59:60Z",
        "2026-11-21T18:30:00",
        "2026-11-21 18:30:00Z",
        "2026-11-21T18:30:00.Z",
        "2026-11-21T18:30:00.1234567890Z",
        "2026-11-21T18:30:00+24:00",
        "2026-11-21T18:30:00Zjunk",
        "0000-01-01T00:00:00+00:01",
        "9999-12-31T23:59:59-00:01",
        "",
    ] {
        assert_eq!(t(bad).unwrap_err().reason(), Reason::InvalidTimestamp, "{bad}");
    }
}

#[test]
fn enums_accept_their_names_and_open_enums_keep_others() {
    let options = |p: &str| from_slice::<QuoteOptions>(format!(r#"{{"bridgeProvider":"{p}"}}"#).as_bytes());
    assert_eq!(options("CCTP").unwrap().bridge_provider, Some(RouteProvider::Cctp));
    assert_eq!(options("PROVIDER_9").unwrap().bridge_provider, Some(RouteProvider::Other("PROVIDER_9".into())));
    for bad in ["", "cctp", "Provider-1"] {
        let err = options(bad).unwrap_err();
        assert_eq!((err.reason(), err.path()), (Reason::InvalidEnum, Some("bridgeProvider")), "{bad}");
    }
    assert_eq!(IntentStatus::from_name("SUCCEEDED"), Some(IntentStatus::Succeeded));
    // IntentStatus is open: INVALID is named, other well-formed names are kept.
    assert_eq!(IntentStatus::from_name("INVALID"), Some(IntentStatus::Invalid));
    assert_eq!(IntentStatus::from_name("DONE"), Some(IntentStatus::Other("DONE".into())));
    for bad in ["", "done", "ON-HOLD"] {
        assert_eq!(IntentStatus::from_name(bad), None, "{bad}");
    }
    assert_eq!(IntentStatus::Refunded.code(), Some(6));
    assert_eq!(IntentStatus::Invalid.code(), Some(7));
    assert_eq!(IntentStatus::Other("DONE".into()).code(), None);
}

#[test]
fn every_listed_enum_says_whether_it_is_open_as_its_reader_behaves() {
    macro_rules! check {
        (enums: [$($enum:ident),* $(,)?]) => {{
            let mut listed = 0;
            $(
                listed += 1;
                let other = intent_core::$enum::from_name("NOT_A_KNOWN_NAME_0");
                assert_eq!(intent_core::$enum::OPEN, other.is_some(), stringify!($enum));
                for name in intent_core::$enum::NAMES {
                    assert_eq!(intent_core::$enum::from_name(name).map(|v| v.to_string()).as_deref(), Some(*name));
                }
            )*
            listed
        }};
    }
    assert_eq!(intent_core::with_enums!(check), 7, "the enums of docs/spec.md §2");
}

#[test]
fn null_means_absent_for_optional_and_missing_for_required_fields() {
    let call: Call = from_slice(format!(r#"{{"to":"{TO}","value":null}}"#).as_bytes()).unwrap();
    assert_eq!(call.value, None);
    let err = from_slice::<Call>(br#"{"to":null}"#).unwrap_err();
    assert_eq!((err.reason(), err.path()), (Reason::MissingField, Some("to")));
}

#[test]
fn strings_keep_every_character_and_escape_as_rfc8785() {
    let option = |symbol: &str| {
        from_slice::<FeeOption>(
            format!(
                r#"{{"tokenAddress":"{TO}","tokenSymbol":{symbol},"tokenDecimals":6,"amount":"1","amountUsd":1,"feeCollectorAddress":"{TO}","is2612":false}}"#
            )
            .as_bytes(),
        )
    };
    let parsed = option(r#""a\u00e9\ud83d\ude00\/\"\\\u0001\u001f\t\n\b\f\r\u007f\u2028""#).unwrap();
    assert_eq!(parsed.token_symbol, "aé😀/\"\\\u{1}\u{1f}\t\n\u{8}\u{c}\r\u{7f}\u{2028}");
    assert!(parsed.canonical_json().contains(r#""tokenSymbol":"aé😀/\"\\\u0001\u001f\t\n\b\f\r"#));
    assert_eq!(option(r#""\ud83d""#).unwrap_err().reason(), Reason::InvalidJson);
    assert_eq!(option("\"tab\tinside\"").unwrap_err().reason(), Reason::InvalidJson);
}

#[test]
fn the_example_intent_parses_and_round_trips() {
    let text = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/intent.json")).unwrap();
    let intent: Intent = from_slice(&text).unwrap();
    assert!(intent.deposit_transaction.amount > U256::from(u64::MAX), "the example holds a uint beyond 2^64");
    let again: Intent = from_slice(to_string(&intent).as_bytes()).unwrap();
    assert_eq!(again, intent);
    assert_eq!(again.canonical_hash(), intent.canonical_hash());
}

// ---------------------------------------------------------------------------------------------
// text-or-decimal (GasDetail.totalFeeUsd)

fn gas_detail(total_fee_usd: &str) -> Result<GasDetail, intent_core::Error> {
    let text = format!(
        r#"{{"chainId":1,"totalGasLimit":"1","gasPrice":"1","nativeTokenSymbol":"ETH","chainGasUsageStatus":"NORMAL",
        "totalFeeAmount":"1","totalFeeUsd":{total_fee_usd},"metaTxnFeeDetails":{{"metaTxnId":"m","estimatedGasLimit":"1","feeNative":"1"}},
        "metaTxnGasQuote":"q"}}"#
    );
    from_slice(text.as_bytes())
}

#[test]
fn text_or_decimal_keeps_a_string_unchanged_and_a_number_as_a_decimal() {
    let text = gas_detail(r#""0.0100""#).unwrap();
    assert_eq!(text.total_fee_usd, TextOrDecimal::Text("0.0100".into()));
    assert!(to_string(&text).contains(r#""totalFeeUsd":"0.0100""#));
    assert!(text.canonical_json().contains(r#""totalFeeUsd":"0.0100""#));
    // Any text, not only numbers.
    assert_eq!(gas_detail(r#""n/a""#).unwrap().total_fee_usd, TextOrDecimal::from("n/a"));

    let number = gas_detail("1.00e-2").unwrap();
    assert_eq!(number.total_fee_usd, TextOrDecimal::Decimal(Decimal::new(0.01).unwrap()));
    assert!(to_string(&number).contains(r#""totalFeeUsd":0.01"#));
    assert!(number.canonical_json().contains(r#""totalFeeUsd":0.01"#));
    assert_eq!(number.canonical_hash(), gas_detail("0.01").unwrap().canonical_hash());
    assert_eq!(gas_detail("-0").unwrap().canonical_json(), gas_detail("0").unwrap().canonical_json());

    // The two spellings of one amount are different values: each is written as received.
    assert_ne!(gas_detail(r#""0.01""#).unwrap().canonical_hash(), number.canonical_hash());
}

#[test]
fn text_or_decimal_rejects_other_json_types_and_non_finite_numbers() {
    for (bad, reason) in [
        ("true", Reason::InvalidType),
        ("[]", Reason::InvalidType),
        ("{}", Reason::InvalidType),
        ("1e400", Reason::NumberOutOfRange),
        ("null", Reason::MissingField),
    ] {
        let err = gas_detail(bad).unwrap_err();
        assert_eq!((err.reason(), err.path()), (reason, Some("totalFeeUsd")), "{bad}");
    }
}

// ---------------------------------------------------------------------------------------------
// address-or-empty (ServiceContracts)

fn contracts(entrypoint: &str) -> Result<ServiceContracts, intent_core::Error> {
    let text = format!(
        r#"{{"serviceIntentEntrypointAddress":{entrypoint},"serviceRouterAddress":"","serviceRouterShimAddress":"{TO}"}}"#
    );
    from_slice(text.as_bytes())
}

#[test]
fn address_or_empty_reads_empty_as_none_and_addresses_as_addresses() {
    let none = contracts(r#""""#).unwrap();
    assert_eq!(none.service_intent_entrypoint_address, AddressOrEmpty::Empty);
    assert_eq!(none.service_intent_entrypoint_address.address(), None);
    assert_eq!(none.service_router_address, AddressOrEmpty::Empty);
    let to: Address = TO.parse().unwrap();
    assert_eq!(none.service_router_shim_address, AddressOrEmpty::Address(to));
    assert!(to_string(&none).contains(r#""serviceIntentEntrypointAddress":"""#));
    assert!(to_string(&none).contains(&format!(r#""serviceRouterShimAddress":"{TO}""#)));
    assert!(none.canonical_json().contains(&format!(r#""serviceRouterShimAddress":"{}""#, TO.to_lowercase())));

    // Every address spelling is one value.
    let spellings = [TO.to_string(), TO.to_lowercase(), format!("0x{}", TO[2..].to_uppercase())];
    let hashes: Vec<_> = spellings.iter().map(|a| contracts(&format!("\"{a}\"")).unwrap().canonical_hash()).collect();
    assert!(hashes.windows(2).all(|w| w[0] == w[1]));
    // None is not the zero address.
    let zero = contracts(&format!("\"{}\"", Address::ZERO)).unwrap();
    assert_eq!(zero.service_intent_entrypoint_address, AddressOrEmpty::Address(Address::ZERO));
    assert_ne!(zero.canonical_hash(), none.canonical_hash());
}

#[test]
fn address_or_empty_fails_as_an_address_does_and_is_still_required() {
    let bad_checksum = "\"0x8ba1f109551bD432803012645Ac136ddd64DBa72\"";
    for (bad, reason) in [
        (bad_checksum, Reason::InvalidChecksum),
        ("\"0x\"", Reason::InvalidAddress),
        ("\" \"", Reason::InvalidAddress),
        ("\"0x1234\"", Reason::InvalidAddress),
        ("0", Reason::InvalidAddress),
        ("null", Reason::MissingField),
    ] {
        let err = contracts(bad).unwrap_err();
        assert_eq!((err.reason(), err.path()), (reason, Some("serviceIntentEntrypointAddress")), "{bad}");
    }
    let err =
        from_slice::<ServiceContracts>(br#"{"serviceRouterAddress":"","serviceRouterShimAddress":""}"#).unwrap_err();
    assert_eq!((err.reason(), err.path()), (Reason::MissingField, Some("serviceIntentEntrypointAddress")));
}

// ---------------------------------------------------------------------------------------------
// Optional members of the newest published schema

#[test]
fn deposit_transaction_decimals_are_optional() {
    for text in [
        format!(r#"{{"toAddress":"{TO}","tokenAddress":"{TO}","amount":"1"}}"#),
        format!(r#"{{"toAddress":"{TO}","tokenAddress":"{TO}","amount":"1","decimals":null}}"#),
    ] {
        let deposit: DepositTransaction = from_slice(text.as_bytes()).unwrap();
        assert_eq!(deposit.decimals, None);
        assert!(!to_string(&deposit).contains("decimals"));
    }
    assert_eq!(deposit("1").unwrap().decimals, Some(18));
}

#[test]
fn commit_request_service_contracts_are_optional() {
    let intent = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/intent.json")).unwrap();
    let request: CommitRequest = from_slice(format!(r#"{{"intent":{intent}}}"#).as_bytes()).unwrap();
    assert_eq!(request.service_contracts, None);
    assert_eq!(to_string(&request), format!(r#"{{"intent":{}}}"#, to_string(&request.intent)));
    assert_eq!(from_slice::<CommitRequest>(to_string(&request).as_bytes()).unwrap(), request);
}

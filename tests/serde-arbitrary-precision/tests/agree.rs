//! With serde_json's `arbitrary_precision` on, serde_json still reads exactly what
//! `intent_core::from_slice` reads (equal value, same canonical hash, the library's reason
//! and path on rejection) and writes exactly what `intent_core::to_string` writes; a
//! `serde_json::Value` then holds numbers exactly and reads back exactly.

use intent_core::{
    from_slice, to_string, Canonical, DepositTransaction, GasFeeOptions, Intent, QuoteRequest, WireObject,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

const U256_MAX: &str = "115792089237316195423570985008687907853269984665640564039457584007913129639935";

fn agree<T>(bytes: &[u8]) -> Result<T, intent_core::Error>
where
    T: WireObject + Canonical + DeserializeOwned + Serialize + PartialEq + std::fmt::Debug,
{
    let ours = from_slice::<T>(bytes);
    let theirs = [
        serde_json::from_slice::<T>(bytes),
        serde_json::from_reader::<_, T>(bytes),
        serde_json::from_str::<T>(std::str::from_utf8(bytes).unwrap()),
    ];
    for theirs in theirs {
        match (&ours, theirs) {
            (Ok(ours), Ok(theirs)) => {
                assert_eq!(&theirs, ours);
                assert_eq!(theirs.canonical_hash(), ours.canonical_hash());
                assert_eq!(serde_json::to_string(&theirs).unwrap(), to_string(ours));
            }
            (Err(ours), Err(theirs)) => {
                let message = theirs.to_string();
                assert!(message.starts_with(ours.reason().code()), "{message}");
                if let Some(path) = ours.path() {
                    assert!(message.contains(&format!(" at {path}")), "{message}");
                }
            }
            (ours, theirs) => panic!("disagree: {:?} / {:?}", ours.as_ref().err(), theirs.err()),
        }
    }
    ours
}

fn transaction(amount: &str) -> String {
    format!(
        r#"{{"toAddress":"0x8ba1f109551bd432803012645ac136ddd64dba72","tokenAddress":"0x8ba1f109551bd432803012645ac136ddd64dba72","amount":{amount}}}"#
    )
}

#[test]
fn the_feature_is_on_in_this_build() {
    let value: Value = serde_json::from_str(U256_MAX).unwrap();
    assert_eq!(value.to_string(), U256_MAX, "serde_json keeps the number's text");
}

#[test]
fn every_canonical_vector_agrees() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../vectors/canonical.json")).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    for case in file["cases"].as_array().unwrap() {
        let input = case["input"].as_str().unwrap().as_bytes();
        let ok = match case["type"].as_str().unwrap() {
            "Intent" => agree::<Intent>(input).is_ok(),
            "QuoteRequest" => agree::<QuoteRequest>(input).is_ok(),
            _ => agree::<GasFeeOptions>(input).is_ok(),
        };
        assert!(ok);
    }
}

#[test]
fn bare_uints_up_to_2_256_minus_1_are_exact_and_beyond_is_rejected() {
    let max = agree::<DepositTransaction>(transaction(U256_MAX).as_bytes()).unwrap();
    assert_eq!(max.amount, intent_core::U256::MAX);
    assert_eq!(
        agree::<DepositTransaction>(transaction("1e30").as_bytes()).unwrap().amount.to_string(),
        format!("1{}", "0".repeat(30))
    );
    let over = agree::<DepositTransaction>(transaction(&format!("{U256_MAX}0")).as_bytes()).unwrap_err();
    assert_eq!(over.reason(), intent_core::Reason::NumberOutOfRange);
    let fraction = agree::<DepositTransaction>(transaction("1.5").as_bytes()).unwrap_err();
    assert_eq!(fraction.path(), Some("amount"));
}

#[test]
fn a_value_holds_bare_uints_exactly() {
    let value: Value = serde_json::from_str(&transaction(U256_MAX)).unwrap();
    let read: DepositTransaction = serde_json::from_value(value).unwrap();
    assert_eq!(read.amount, intent_core::U256::MAX);
    let example: Intent =
        from_slice(&std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/intent.json")).unwrap())
            .unwrap();
    let tree = serde_json::to_value(&example).unwrap();
    assert_eq!(serde_json::from_value::<Intent>(tree).unwrap(), example);
}

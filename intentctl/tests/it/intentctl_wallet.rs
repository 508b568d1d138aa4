//! docs/spec.md §10: `intentctl wallet address` answers what `@0xsequence/wallet-primitives`
//! computed for every case of `tests/vectors/wallet.json` (the vectors' own producer, not
//! this repository), and `check intent-addresses` / `check meta-transactions` accept a quote
//! whose addresses and meta-transactions are derived from its bundles and refuse one with a
//! byte of a call changed, each with its reason at its path under `intent`.

use intent_core::wallet::WalletContext;
use intent_core::{to_string, Intent};
use intent_test_support::addresses::with_derived_addresses;
use intent_test_support::fixtures;
use serde_json::{json, Value};

use crate::run_intentctl;

fn vectors() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/wallet.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The line `intentctl <args>` prints for `input`, parsed, with its exit status.
fn answer(args: &[&str], input: &Value) -> (Option<i32>, Value) {
    let (code, stdout) = run_intentctl(args, &input.to_string());
    assert_eq!(stdout.lines().count(), 1, "{stdout:?}");
    (code, serde_json::from_str(&stdout).unwrap())
}

/// The vectors' context as a document: its members, `null` ones left out.
fn context_document(context: &Value) -> Option<Value> {
    let members = context.as_object()?;
    Some(Value::Object(
        members.iter().filter(|(_, value)| !value.is_null()).map(|(k, v)| (k.clone(), v.clone())).collect(),
    ))
}

#[test]
fn wallet_address_is_the_packages_for_every_case_of_the_vectors() {
    let file = vectors();
    let mut answered = 0;
    for case in file["cases"].as_array().unwrap() {
        let name = case["name"].as_str().unwrap();
        let mut input = json!({"owner": case["owner"], "bundles": case["bundles"]});
        if let Some(context) = context_document(&case["context"]) {
            input["context"] = context;
        }
        let too_many =
            case["bundles"].as_array().unwrap().iter().position(|b| b["calls"].as_array().unwrap().len() > 256);
        let (code, line) = answer(&["wallet", "address"], &input);
        if let Some(index) = too_many {
            // Above the default limit of 256 calls (docs/spec.md §9): refused where it is.
            assert_eq!(code, Some(1), "{name}: {line}");
            assert_eq!(line["reason"], "LIMIT_EXCEEDED", "{name}");
            assert_eq!(line["path"], format!("bundles[{index}].calls"), "{name}");
            continue;
        }
        assert_eq!(code, Some(0), "{name}: {line}");
        let expected = json!({
            "address": case["address"],
            "imageHash": case["imageHash"],
            "payloadHashes": case["payloadHashes"],
        });
        assert_eq!(line, expected, "{name}");
        answered += 1;
    }
    assert_eq!(answered, 8);
}

#[test]
fn wallet_address_without_a_bundle_is_missing_bundles() {
    let input = json!({"owner": "0x3a22f739dDeFEccA77d8Baf016AC7CECAAc5733f", "bundles": []});
    let (code, line) = answer(&["wallet", "address"], &input);
    assert_eq!((code, &line["reason"], &line["path"]), (Some(1), &json!("MISSING_FIELD"), &json!("bundles")));
}

/// The fixture quote with its addresses, preconditions and meta-transactions derived.
fn derived_quote(context: &WalletContext) -> Value {
    let intent = with_derived_addresses(&fixtures::intent(), context);
    serde_json::from_str(&to_string(&intent)).unwrap()
}

fn local_context() -> (WalletContext, Value) {
    let document = json!({
        "factory": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        "mainModule": "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
        "mainModuleUpgradable": "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
        "guestModule": "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
    });
    let parse = |member: &str| document[member].as_str().unwrap().parse().unwrap();
    let context = WalletContext {
        factory: parse("factory"),
        main_module: parse("mainModule"),
        main_module_upgradable: parse("mainModuleUpgradable"),
        guest_module: Some(parse("guestModule")),
        creation_code: WalletContext::PUBLISHED.creation_code,
    };
    (context, document)
}

fn published_document() -> Value {
    let context = WalletContext::PUBLISHED;
    json!({
        "factory": context.factory.to_string(),
        "mainModule": context.main_module.to_string(),
        "mainModuleUpgradable": context.main_module_upgradable.to_string(),
        "guestModule": context.guest_module.unwrap().to_string(),
    })
}

/// `quote` with the last byte of its first origin call's data changed.
fn one_byte_changed(quote: &Value) -> Value {
    let mut changed = quote.clone();
    let data = changed["originCalls"]["calls"][0]["data"].as_str().unwrap().to_string();
    let last = u8::from_str_radix(&data[data.len() - 2..], 16).unwrap() ^ 0x01;
    changed["originCalls"]["calls"][0]["data"] = json!(format!("{}{last:02x}", &data[..data.len() - 2]));
    changed
}

#[test]
fn check_intent_addresses_accepts_derived_addresses_and_refuses_a_changed_call() {
    let quote = derived_quote(&WalletContext::PUBLISHED);
    assert_eq!(answer(&["check", "intent-addresses"], &json!({"intent": quote})), (Some(0), json!({"ok": true})));
    let stated = json!({"intent": quote, "context": published_document()});
    assert_eq!(answer(&["check", "intent-addresses"], &stated), (Some(0), json!({"ok": true})));

    let (code, line) = answer(&["check", "intent-addresses"], &json!({"intent": one_byte_changed(&quote)}));
    assert_eq!(code, Some(1), "{line}");
    assert_eq!(
        (&line["reason"], &line["path"]),
        (&json!("INTENT_ADDRESS_MISMATCH"), &json!("intent.originIntentAddress"))
    );
    assert_eq!(line["error"], "InvalidArgument");

    // Under another deployment the same quote is another wallet.
    let (_, document) = local_context();
    let (code, line) = answer(&["check", "intent-addresses"], &json!({"intent": quote, "context": document}));
    assert_eq!((code, &line["reason"]), (Some(1), &json!("INTENT_ADDRESS_MISMATCH")));
}

#[test]
fn check_intent_addresses_holds_each_field_that_repeats_an_address() {
    let quote = derived_quote(&WalletContext::PUBLISHED);
    let intent: Intent = intent_core::from_slice(quote.to_string().as_bytes()).unwrap();
    for (pointer, path) in [
        ("/depositTransaction/toAddress", "intent.depositTransaction.toAddress"),
        ("/originPrecondition/ownerAddress", "intent.originPrecondition.ownerAddress"),
        ("/originMetaTxn/walletAddress", "intent.originMetaTxn.walletAddress"),
    ] {
        let mut changed = quote.clone();
        *changed.pointer_mut(pointer).unwrap() = json!(intent.owner_address.to_string());
        let (code, line) = answer(&["check", "intent-addresses"], &json!({"intent": changed}));
        assert_eq!((code, &line["reason"], &line["path"]), (Some(1), &json!("INTENT_ADDRESS_MISMATCH"), &json!(path)));
    }
    let mut changed = quote.clone();
    changed["originPrecondition"]["minAmount"] = json!("0");
    let (code, line) = answer(&["check", "intent-addresses"], &json!({"intent": changed}));
    assert_eq!(
        (code, &line["reason"], &line["path"]),
        (Some(1), &json!("PRECONDITION_MISMATCH"), &json!("intent.originPrecondition.minAmount"))
    );
}

#[test]
fn check_meta_transactions_accepts_the_guest_batches_and_refuses_a_changed_call() {
    let (context, document) = local_context();
    let quote = derived_quote(&context);
    let input = json!({"intent": quote, "context": document});
    assert_eq!(answer(&["check", "meta-transactions"], &input), (Some(0), json!({"ok": true})));

    let changed = json!({"intent": one_byte_changed(&quote), "context": document});
    let (code, line) = answer(&["check", "meta-transactions"], &changed);
    assert_eq!(
        (code, &line["reason"], &line["path"]),
        (Some(1), &json!("META_TRANSACTION_MISMATCH"), &json!("intent.originMetaTxn.input"))
    );

    let mut without_guest = document.clone();
    without_guest.as_object_mut().unwrap().remove("guestModule");
    let (code, line) = answer(&["check", "meta-transactions"], &json!({"intent": quote, "context": without_guest}));
    assert_eq!(
        (code, &line["reason"], &line["path"]),
        (Some(1), &json!("MISSING_FIELD"), &json!("context.guestModule"))
    );

    let (code, line) = answer(&["check", "meta-transactions"], &json!({"intent": quote}));
    assert_eq!((code, &line["reason"], &line["path"]), (Some(1), &json!("MISSING_FIELD"), &json!("context")));
}

/// Every intent in `document` (one with `originCalls` and an `originIntentAddress` that is an
/// address, not a schema's type name, at any depth: an example intent, a scenario's, an event's), with where it is.
fn intents_in<'a>(document: &'a Value, at: String, found: &mut Vec<(String, &'a Value)>) {
    match document {
        Value::Object(members) => {
            if members.get("originIntentAddress").and_then(Value::as_str).is_some_and(|a| a.starts_with("0x"))
                && members.contains_key("originCalls")
            {
                found.push((at.clone(), document));
            }
            for (key, value) in members {
                intents_in(value, format!("{at}.{key}"), found);
            }
        }
        Value::Array(values) => {
            for (index, value) in values.iter().enumerate() {
                intents_in(value, format!("{at}[{index}]"), found);
            }
        }
        _ => {}
    }
}

/// The JSON files under `dir`, recursively, in name order.
fn json_files(dir: &std::path::Path, files: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|entry| entry.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            json_files(&path, files);
        } else if path.extension().is_some_and(|ext| ext == "json") {
            files.push(path);
        }
    }
}

/// The shipped examples cannot drift from docs/spec.md 5.6: every intent in `examples/` (the
/// example intent, the published documents, each scenario's and each event's intent, the
/// inputs of `check execute` and `digest intent`) has the addresses `wallet address` derives
/// from its owner and the bundles on each chain, and passes
/// `check intent-addresses` under the published context. No example ships a wallet context
/// with a guest module (their meta-transactions are the published documents'), so `check
/// meta-transactions` has none to run on; tests/vectors/derive_intent_addresses.py
/// regenerates them.
#[test]
fn every_shipped_example_intent_has_the_derived_addresses() {
    let mut files = Vec::new();
    json_files(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples")), &mut files);
    let (mut derived, mut checked) = (0, 0);
    for path in files {
        let document: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let mut found = Vec::new();
        intents_in(&document, path.display().to_string(), &mut found);
        for (at, intent) in found {
            let bundles = [&intent["originCalls"], &intent["destinationCalls"]];
            for (chain, member) in
                [("originChainId", "originIntentAddress"), ("destinationChainId", "destinationIntentAddress")]
            {
                let on_chain: Vec<&Value> = bundles.iter().copied().filter(|b| b["chainId"] == intent[chain]).collect();
                let (code, line) =
                    answer(&["wallet", "address"], &json!({"owner": intent["ownerAddress"], "bundles": on_chain}));
                assert_eq!(code, Some(0), "{at}: {line}");
                let given = intent[member].as_str().unwrap_or_else(|| panic!("{at}.{member}"));
                assert_eq!(given.to_lowercase(), line["address"].as_str().unwrap().to_lowercase(), "{at}.{member}");
                derived += 1;
            }
            let (code, line) = answer(&["check", "intent-addresses"], &json!({"intent": intent}));
            assert_eq!((code, line.clone()), (Some(0), json!({"ok": true})), "{at}");
            checked += 1;
        }
    }
    // 22 intents in 19 files, each with both addresses.
    assert_eq!((derived, checked), (44, 22));
}

//! docs/spec.md 5.6 against an independent producer: every case of `tests/vectors/wallet.json`
//! (written by `tests/vectors/wallet/gen_wallet.mjs` with `@0xsequence/wallet-primitives`,
//! not this crate) goes through `intent_core::wallet`, and its payload hashes, packed
//! payloads, image hash, address and signatures must be the package's byte for byte. Then
//! what the vectors cannot show: every field of a bundle, of the owner and of the context
//! that is part of the commitment changes the address, the rest does not, and each bound
//! of a payload v3 cannot run is refused with its reason at its path.

use intent_core::eip712::Signature;
use intent_core::wallet::{packed_payload, payload_hash, payload_hash_for, IntentConfiguration, WalletContext};
use intent_core::{from_slice, from_slice_with, Address, Bytes, CallBundle, Error, Limits, Reason, B256, U256};
use serde_json::Value;

fn vectors() -> Value {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/wallet.json")).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    let generator = file["generator"].as_str().unwrap();
    assert!(generator.contains("gen_wallet.mjs") && generator.contains("@0xsequence/wallet-primitives 3.0.9"));
    file
}

fn text(value: &Value) -> &str {
    value.as_str().unwrap_or_else(|| panic!("not a string: {value}"))
}

fn address(value: &Value) -> Address {
    text(value).parse().unwrap()
}

/// A bundle of the vectors read as the wire reads it (one case has 300 calls, above the
/// default limit of 256).
fn bundle(value: &Value) -> CallBundle {
    let limits = Limits { max_calls: 1000, ..Limits::DEFAULT };
    from_slice_with(value.to_string().as_bytes(), &limits).unwrap()
}

fn context(value: &Value) -> WalletContext {
    if value.is_null() {
        return WalletContext::default();
    }
    WalletContext {
        factory: address(&value["factory"]),
        main_module: address(&value["mainModule"]),
        main_module_upgradable: address(&value["mainModuleUpgradable"]),
        guest_module: (!value["guestModule"].is_null()).then(|| address(&value["guestModule"])),
        creation_code: text(&value["creationCode"]).parse().unwrap(),
    }
}

#[test]
fn every_case_is_the_packages() {
    let file = vectors();
    let cases = file["cases"].as_array().unwrap();
    let mut bundles_checked = 0;
    for case in cases {
        let name = text(&case["name"]);
        let owner = address(&case["owner"]);
        let context = context(&case["context"]);
        let bundles: Vec<CallBundle> = case["bundles"].as_array().unwrap().iter().map(bundle).collect();

        for (index, bundle) in bundles.iter().enumerate() {
            let hash = payload_hash(bundle).unwrap();
            assert_eq!(hash.to_string(), text(&case["payloadHashes"][index]), "{name}: payload hash {index}");
            assert_eq!(payload_hash_for(bundle, Address::ZERO).unwrap(), hash, "{name}: {index}");
            let packed = packed_payload(bundle).unwrap();
            assert_eq!(packed.to_string(), text(&case["packedPayloads"][index]), "{name}: packed payload {index}");
            bundles_checked += 1;
        }

        let configuration = IntentConfiguration::new(owner, &bundles).unwrap();
        assert_eq!(configuration.owner(), owner);
        let hashes: Vec<String> = configuration.payload_hashes().iter().map(B256::to_string).collect();
        assert_eq!(Value::from(hashes), case["payloadHashes"], "{name}");
        assert_eq!(configuration.image_hash().to_string(), text(&case["imageHash"]), "{name}: image hash");
        let wallet = configuration.address(&context);
        assert_eq!(wallet, address(&case["address"]), "{name}: address");
        assert_eq!(context.address(&configuration.image_hash()), wallet, "{name}");

        for index in 0..bundles.len() {
            let signature = configuration.bundle_signature(index).unwrap();
            assert_eq!(
                signature.to_string(),
                text(&case["bundleSignatures"][index]),
                "{name}: bundle signature {index}"
            );
        }
        assert_eq!(configuration.bundle_signature(bundles.len()), None, "{name}");

        // Recovery: the owner's signature over the payload hash for the wallet's own address.
        let recovery = &case["recovery"];
        let hash = payload_hash_for(&self::bundle(&recovery["bundle"]), wallet).unwrap();
        assert_eq!(hash.to_string(), text(&recovery["payloadHash"]), "{name}: recovery payload hash");
        let signature: Bytes = text(&recovery["signature"]).parse().unwrap();
        let signature = Signature::from_bytes(&signature).unwrap();
        assert_eq!(signature.recover(&hash).unwrap(), owner, "{name}: the owner signed the recovery payload");
        assert_eq!(
            configuration.owner_signature(&signature).to_string(),
            text(&recovery["ownerSignature"]),
            "{name}: owner signature"
        );
    }
    assert_eq!((cases.len(), bundles_checked), (9, 29));
}

#[test]
fn the_published_context_is_the_default() {
    let file = vectors();
    assert_eq!(context(&file["publishedContext"]), WalletContext::PUBLISHED);
    assert_eq!(WalletContext::default(), WalletContext::PUBLISHED);
}

/// The first case with more than one bundle, and its wallet.
fn base() -> (Address, Vec<CallBundle>, Address) {
    let file = vectors();
    let case = &file["cases"][2];
    assert_eq!(case["bundles"].as_array().unwrap().len(), 3);
    let bundles = case["bundles"].as_array().unwrap().iter().map(bundle).collect();
    (address(&case["owner"]), bundles, address(&case["address"]))
}

fn address_of(owner: Address, bundles: &[CallBundle]) -> Address {
    IntentConfiguration::new(owner, bundles).unwrap().address(&WalletContext::PUBLISHED)
}

#[test]
fn every_committed_field_changes_the_address() {
    let (owner, bundles, wallet) = base();
    assert_eq!(address_of(owner, &bundles), wallet);
    type Change = fn(&mut Vec<CallBundle>);
    let changes: [(&str, Change); 14] = [
        ("to", |b| b[1].calls[0].to = Address::repeat_byte(0x11)),
        ("value", |b| b[1].calls[0].value = Some(U256::from(1))),
        ("one byte of data", |b| {
            let mut data = b[0].calls[1].data.clone().unwrap().to_vec();
            data[2] ^= 1;
            b[0].calls[1].data = Some(data.into());
        }),
        ("gasLimit", |b| b[0].calls[0].gas_limit = Some(U256::from(65001))),
        ("delegateCall", |b| b[0].calls[0].delegate_call = Some(true)),
        ("onlyFallback", |b| b[0].calls[0].only_fallback = Some(true)),
        ("behaviorOnError", |b| b[0].calls[0].behavior_on_error = Some(1)),
        ("chainId", |b| b[2].chain_id = 1),
        ("space", |b| b[2].space = Some(U256::from(8))),
        ("nonce", |b| b[2].nonce = Some(U256::from(257))),
        ("a call more", |b| {
            let call = b[2].calls[0].clone();
            b[2].calls.push(call);
        }),
        ("the calls' order", |b| b[0].calls.swap(0, 1)),
        ("the bundles' order", |b| b.swap(0, 1)),
        ("a bundle more", |b| {
            let bundle = b[0].clone();
            b.push(bundle);
        }),
    ];
    for (what, change) in changes {
        let mut changed = bundles.clone();
        change(&mut changed);
        assert_ne!(address_of(owner, &changed), wallet, "{what}");
    }
    assert_ne!(address_of(Address::repeat_byte(0x22), &bundles), wallet, "owner");

    // An absent field is its zero value: spelling it out commits to the same bundle.
    let mut spelled = bundles.clone();
    let call = &mut spelled[2].calls[0];
    call.gas_limit = Some(call.gas_limit.unwrap_or_default());
    call.only_fallback = Some(call.only_fallback.unwrap_or_default());
    assert_eq!(address_of(owner, &spelled), wallet);
}

#[test]
fn the_context_commits_to_its_factory_main_module_and_creation_code_only() {
    let (owner, bundles, wallet) = base();
    let configuration = IntentConfiguration::new(owner, &bundles).unwrap();
    let published = WalletContext::PUBLISHED;
    let mut code = published.creation_code.to_vec();
    code[5] ^= 1;
    let committed = [
        WalletContext { factory: Address::repeat_byte(1), ..published.clone() },
        WalletContext { main_module: Address::repeat_byte(1), ..published.clone() },
        WalletContext { creation_code: code.into(), ..published.clone() },
    ];
    for context in committed {
        assert_ne!(configuration.address(&context), wallet, "{context:?}");
    }
    let free = [
        WalletContext { main_module_upgradable: Address::repeat_byte(1), ..published.clone() },
        WalletContext { guest_module: None, ..published.clone() },
    ];
    for context in free {
        assert_eq!(configuration.address(&context), wallet, "{context:?}");
    }
}

#[test]
fn a_bundle_signature_reveals_only_its_bundle() {
    let (owner, bundles, _) = base();
    let configuration = IntentConfiguration::new(owner, &bundles).unwrap();
    for (index, hash) in configuration.payload_hashes().iter().enumerate() {
        let signature = configuration.bundle_signature(index).unwrap();
        let revealed = |hash: &B256| signature.windows(33).any(|w| w[0] == 0x80 && w[1..] == hash[..]);
        assert!(revealed(hash), "bundle {index}");
        for (other, hash) in configuration.payload_hashes().iter().enumerate() {
            assert!(other == index || !revealed(hash), "bundle {index} reveals {other}");
        }
    }
}

fn error_of(result: Result<impl std::fmt::Debug, Error>) -> (Reason, String) {
    let error = result.unwrap_err();
    (error.reason(), error.path().unwrap_or_default().to_owned())
}

fn one_call(extra: &str) -> CallBundle {
    from_slice(
        format!(r#"{{"chainId":1,"calls":[{{"to":"0x0000000000000000000000000000000000000001"{extra}}}]}}"#).as_bytes(),
    )
    .unwrap()
}

#[test]
fn what_v3_cannot_run_is_refused_at_its_path() {
    let mut bundle = one_call(r#","behaviorOnError":2"#);
    assert!(packed_payload(&bundle).is_ok());
    bundle.calls[0].behavior_on_error = Some(3);
    let at_behavior = (Reason::NumberOutOfRange, "calls[0].behaviorOnError".to_owned());
    assert_eq!(error_of(packed_payload(&bundle)), at_behavior);
    assert_eq!(error_of(payload_hash(&bundle)), at_behavior);

    let mut bundle = one_call("");
    bundle.nonce = Some(U256::from((1u64 << 56) - 1));
    bundle.space = Some((U256::from(1) << 160) - U256::from(1));
    assert!(packed_payload(&bundle).is_ok());
    bundle.nonce = Some(U256::from(1u64 << 56));
    assert_eq!(error_of(payload_hash(&bundle)), (Reason::NumberOutOfRange, "nonce".to_owned()));
    bundle.nonce = None;
    bundle.space = Some(U256::from(1) << 160);
    assert_eq!(error_of(payload_hash(&bundle)), (Reason::NumberOutOfRange, "space".to_owned()));

    let mut bundle = one_call("");
    bundle.chain_id = 0;
    assert_eq!(error_of(payload_hash(&bundle)), (Reason::InvalidChainId, "chainId".to_owned()));

    let mut bundle = one_call("");
    bundle.calls[0].data = Some(vec![0; 0xff_ffff].into());
    let packed = packed_payload(&bundle).unwrap();
    assert_eq!(packed[23..26], [0xff, 0xff, 0xff]);
    bundle.calls[0].data = Some(vec![0; 0x100_0000].into());
    assert_eq!(error_of(payload_hash(&bundle)), (Reason::LimitExceeded, "calls[0].data".to_owned()));

    let mut bundle = one_call("");
    bundle.calls = vec![bundle.calls[0].clone(); 0xffff];
    assert_eq!(packed_payload(&bundle).unwrap()[..4], [0x23, 0x00, 0xff, 0xff]);
    bundle.calls.push(bundle.calls[0].clone());
    assert_eq!(error_of(payload_hash(&bundle)), (Reason::LimitExceeded, "calls".to_owned()));
}

#[test]
fn a_configuration_needs_a_bundle_and_locates_a_bad_one() {
    let owner = Address::repeat_byte(7);
    assert_eq!(error_of(IntentConfiguration::new(owner, &[])), (Reason::MissingField, String::new()));
    let mut bad = one_call("");
    bad.calls[0].behavior_on_error = Some(9);
    let result = IntentConfiguration::new(owner, &[one_call(""), bad]);
    assert_eq!(error_of(result), (Reason::NumberOutOfRange, "[1].calls[0].behaviorOnError".to_owned()));
}

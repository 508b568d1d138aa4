//! The core's digests and signatures beside an independent implementation: alloy's local
//! signer hashing and signing EIP-712 typed data that this file writes by hand from the
//! type strings of docs/spec.md §5 (alloy-dyn-abi's encoder, not the core's). Signing is
//! deterministic (RFC 6979), so the same key over the same digest gives the same 65 bytes.
//! The core's own typed-data documents (§5.4) hash to the same digest under alloy too.

use alloy_dyn_abi::TypedData as AlloyTypedData;
use alloy_primitives::{Address, B256, U256};
use alloy_signer::SignerSync;
use alloy_signer_local::PrivateKeySigner;
use intent_chain_tests::sign::sign_digest;
use intent_chain_tests::CHAIN_ID;
use intent_core::eip712::{DaiPermit, DepositIntent, Domain, EntrypointDomain, EntrypointNames, Permit, TypedData};
use serde_json::{json, Value};

use crate::fixtures::custom_names;

fn key() -> PrivateKeySigner {
    // A fixed key (Anvil's development account 1), written out so this file needs no node.
    "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d".parse().unwrap()
}

const DOMAIN_FIELDS: &str = r#"[{"name":"name","type":"string"},{"name":"version","type":"string"},
    {"name":"chainId","type":"uint256"},{"name":"verifyingContract","type":"address"}]"#;

fn domain_json(name: &str, version: &str, contract: Address) -> Value {
    json!({"name": name, "version": version, "chainId": CHAIN_ID, "verifyingContract": contract.to_string()})
}

/// Hashes and signs `document` with alloy, and checks both against the core's `digest`
/// signed through the core.
fn agree(document: Value, digest: B256) {
    let typed: AlloyTypedData = serde_json::from_value(document).unwrap();
    assert_eq!(typed.eip712_signing_hash().unwrap(), digest);
    let alloy_signature = key().sign_dynamic_typed_data_sync(&typed).unwrap().as_bytes();
    let core_signature = sign_digest(&key(), digest).unwrap();
    assert_eq!(core_signature.to_bytes(), alloy_signature);
    assert_eq!(core_signature.recover(&digest).unwrap(), key().address());
}

/// The core's typed-data document, read by alloy: the same digest.
fn core_document_agrees(document: &TypedData) {
    let typed: AlloyTypedData = serde_json::from_str(&document.to_json()).unwrap();
    assert_eq!(typed.eip712_signing_hash().unwrap(), document.digest());
}

fn message() -> DepositIntent {
    DepositIntent {
        user: key().address(),
        token: Address::repeat_byte(0xda),
        amount: U256::from(125_147_772_000_000_000_000_u128),
        intent_address: Address::repeat_byte(0xe5),
        deadline: U256::from(1_795_286_400_u64),
        chain_id: U256::from(CHAIN_ID),
        nonce: U256::from(3),
        fee_amount: U256::from(147_772_000_000_000_000_u128),
        fee_collector: Address::repeat_byte(0xd1),
    }
}

#[test]
fn deposit_intent_signatures_agree_with_alloys_under_default_and_custom_names() {
    let entrypoint = Address::repeat_byte(0x37);
    for names in [EntrypointNames::DEFAULT, custom_names()] {
        let m = message();
        let fields: Value = serde_json::from_str(
            r#"[{"name":"user","type":"address"},{"name":"token","type":"address"},
            {"name":"amount","type":"uint256"},{"name":"intentAddress","type":"address"},
            {"name":"deadline","type":"uint256"},{"name":"chainId","type":"uint256"},
            {"name":"nonce","type":"uint256"},{"name":"feeAmount","type":"uint256"},
            {"name":"feeCollector","type":"address"}]"#,
        )
        .unwrap();
        let document = json!({
            "types": {"EIP712Domain": serde_json::from_str::<Value>(DOMAIN_FIELDS).unwrap(), names.type_name.as_ref(): fields},
            "primaryType": names.type_name.as_ref(),
            "domain": domain_json(&names.domain_name, &names.domain_version, entrypoint),
            "message": {
                "user": m.user.to_string(), "token": m.token.to_string(), "amount": m.amount.to_string(),
                "intentAddress": m.intent_address.to_string(), "deadline": m.deadline.to_string(),
                "chainId": m.chain_id.to_string(), "nonce": m.nonce.to_string(),
                "feeAmount": m.fee_amount.to_string(), "feeCollector": m.fee_collector.to_string()
            }
        });
        let digest = EntrypointDomain::new(&names, CHAIN_ID, entrypoint).digest(&m);
        agree(document, digest);
        core_document_agrees(&TypedData::deposit_intent(&names, CHAIN_ID, entrypoint, &m));
    }
}

fn token_domain(token: Address) -> Domain {
    Domain {
        name: Some("Deposit Token".into()),
        version: Some("1".into()),
        chain_id: Some(U256::from(CHAIN_ID)),
        verifying_contract: Some(token),
        salt: None,
    }
}

#[test]
fn erc2612_permit_signatures_agree_with_alloys() {
    let token = Address::repeat_byte(0xda);
    let permit = Permit {
        owner: key().address(),
        spender: Address::repeat_byte(0x37),
        value: U256::from(125_295_544_000_000_000_000_u128),
        nonce: U256::from(1),
        deadline: U256::from(1_795_286_400_u64),
    };
    let document = json!({
        "types": {
            "EIP712Domain": serde_json::from_str::<Value>(DOMAIN_FIELDS).unwrap(),
            "Permit": [{"name":"owner","type":"address"},{"name":"spender","type":"address"},
                {"name":"value","type":"uint256"},{"name":"nonce","type":"uint256"},{"name":"deadline","type":"uint256"}]
        },
        "primaryType": "Permit",
        "domain": domain_json("Deposit Token", "1", token),
        "message": {"owner": permit.owner.to_string(), "spender": permit.spender.to_string(),
            "value": permit.value.to_string(), "nonce": permit.nonce.to_string(), "deadline": permit.deadline.to_string()}
    });
    agree(document, permit.digest(&token_domain(token)));
    core_document_agrees(&TypedData::permit(&token_domain(token), &permit));
}

#[test]
fn dai_style_permit_signatures_agree_with_alloys() {
    let token = Address::repeat_byte(0x6b);
    for allowed in [true, false] {
        let permit = DaiPermit {
            holder: key().address(),
            spender: Address::repeat_byte(0x37),
            nonce: U256::from(2),
            expiry: U256::ZERO,
            allowed,
        };
        let document = json!({
            "types": {
                "EIP712Domain": serde_json::from_str::<Value>(DOMAIN_FIELDS).unwrap(),
                "Permit": [{"name":"holder","type":"address"},{"name":"spender","type":"address"},
                    {"name":"nonce","type":"uint256"},{"name":"expiry","type":"uint256"},{"name":"allowed","type":"bool"}]
            },
            "primaryType": "Permit",
            "domain": domain_json("Deposit Token", "1", token),
            "message": {"holder": permit.holder.to_string(), "spender": permit.spender.to_string(),
                "nonce": permit.nonce.to_string(), "expiry": permit.expiry.to_string(), "allowed": permit.allowed}
        });
        agree(document, permit.digest(&token_domain(token)));
        core_document_agrees(&TypedData::dai_permit(&token_domain(token), &permit));
    }
}

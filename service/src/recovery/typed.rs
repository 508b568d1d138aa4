//! A Sequence v3 payload of calls as EIP-712 typed data (`eth_signTypedData_v4`): the domain
//! `("Sequence Wallet", "3", chainId, wallet)` and the `Calls` struct with every call member
//! written, whose hash is the core's `payload_hash_for` (a test checks it with alloy's typed
//! data hasher).

use intent_core::{Address, CallBundle, UnknownMembers, U256};

use super::objects::{PayloadTypedData, PayloadTypes, TypedCall, TypedCalls, TypedDomain, TypedMember};

fn members(pairs: &[(&str, &str)]) -> Vec<TypedMember> {
    pairs
        .iter()
        .map(|(name, ty)| TypedMember {
            name: (*name).to_owned(),
            solidity_type: (*ty).to_owned(),
            unknown: UnknownMembers::new(),
        })
        .collect()
}

/// The typed data of `payload` for the wallet at `wallet`.
pub fn payload_typed_data(payload: &CallBundle, wallet: Address) -> PayloadTypedData {
    let calls = payload
        .calls
        .iter()
        .map(|call| TypedCall {
            behavior_on_error: U256::from(call.behavior_on_error.unwrap_or_default()),
            data: call.data.clone().unwrap_or_default(),
            delegate_call: call.delegate_call.unwrap_or_default(),
            gas_limit: call.gas_limit.unwrap_or_default(),
            only_fallback: call.only_fallback.unwrap_or_default(),
            to: call.to,
            value: call.value.unwrap_or_default(),
            unknown: UnknownMembers::new(),
        })
        .collect();
    PayloadTypedData {
        domain: TypedDomain {
            chain_id: payload.chain_id,
            name: "Sequence Wallet".to_owned(),
            verifying_contract: wallet,
            version: "3".to_owned(),
            unknown: UnknownMembers::new(),
        },
        message: TypedCalls {
            calls,
            nonce: payload.nonce.unwrap_or_default(),
            space: payload.space.unwrap_or_default(),
            wallets: Vec::new(),
            unknown: UnknownMembers::new(),
        },
        primary_type: "Calls".to_owned(),
        types: PayloadTypes {
            call: members(&[
                ("to", "address"),
                ("value", "uint256"),
                ("data", "bytes"),
                ("gasLimit", "uint256"),
                ("delegateCall", "bool"),
                ("onlyFallback", "bool"),
                ("behaviorOnError", "uint256"),
            ]),
            calls: members(&[
                ("calls", "Call[]"),
                ("space", "uint256"),
                ("nonce", "uint256"),
                ("wallets", "address[]"),
            ]),
            eip712_domain: members(&[
                ("name", "string"),
                ("version", "string"),
                ("chainId", "uint256"),
                ("verifyingContract", "address"),
            ]),
            unknown: UnknownMembers::new(),
        },
        unknown: UnknownMembers::new(),
    }
}

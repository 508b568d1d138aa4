//! A [`CallBundle`] as Sequence v3's payload of kind call (docs/spec.md 5.6): the bounds a
//! bundle must keep for v3 to run it, its EIP-712 payload hash under the wallet's domain, and
//! the packed form the wallet's `execute` decodes. What the configuration does with the hash
//! lives in `config.rs`.
//!
//! A wire call maps to v3's `Call` field by field; an absent field is v3's zero value (`value`
//! 0, `data` empty, `gasLimit` 0, `delegateCall` and `onlyFallback` false, `behaviorOnError`
//! 0, IGNORE). A bundle's absent `space` and `nonce` are 0, and its `wallets` (v3's parent
//! wallets) are always empty.

use alloc::borrow::Cow;
use alloc::vec::Vec;

use alloy_primitives::{Address, Bytes, B256, U256};
use alloy_sol_types::{Eip712Domain, SolStruct};

use crate::error::{Error, Problem};
use crate::{Call, CallBundle};

mod sol {
    alloy_sol_types::sol! {
        struct Call {
            address to;
            uint256 value;
            bytes data;
            uint256 gasLimit;
            bool delegateCall;
            bool onlyFallback;
            uint256 behaviorOnError;
        }

        struct Calls {
            Call[] calls;
            uint256 space;
            uint256 nonce;
            address[] wallets;
        }
    }
}

/// The largest `behaviorOnError`: v3 defines IGNORE (0), REVERT (1) and ABORT (2).
const MAX_BEHAVIOR_ON_ERROR: u8 = 2;
/// The most calls the packed form counts (two bytes).
const MAX_CALLS: usize = 0xffff;
/// The most bytes of one call's data the packed form sizes (three bytes).
const MAX_DATA_LEN: usize = 0xff_ffff;
/// The widest nonce the packed form holds: three bits of the flag byte give its length in
/// bytes, so at most 7.
const MAX_NONCE_BYTES: usize = 7;
/// The widest space the packed form holds: 20 bytes (a `uint160`).
const MAX_SPACE_BYTES: usize = 20;

/// v3's EIP-712 payload hash of `bundle` for any wallet: the domain's verifying contract is
/// the zero address. This is the digest an any-address-subdigest leaf holds, and what the
/// wallet compares it with (`hashFor(address(0))`).
///
/// # Errors
///
/// As [`packed_payload`]: a bundle the wallet could not run is never hashed.
pub fn payload_hash(bundle: &CallBundle) -> Result<B256, Error> {
    payload_hash_for(bundle, Address::ZERO)
}

/// v3's EIP-712 payload hash of `bundle` for the wallet at `wallet`: `Calls(Call[] calls,
/// uint256 space,uint256 nonce,address[] wallets)` with `wallets` empty, under the domain
/// `("Sequence Wallet", "3", bundle.chainId, wallet)`. With the wallet's own address, it is
/// what the owner's key signs (`IntentConfiguration::owner_signature`).
///
/// # Errors
///
/// As [`packed_payload`].
pub fn payload_hash_for(bundle: &CallBundle, wallet: Address) -> Result<B256, Error> {
    check(bundle)?;
    let calls = sol::Calls {
        calls: bundle
            .calls
            .iter()
            .map(|call| sol::Call {
                to: call.to,
                value: call.value.unwrap_or_default(),
                data: call.data.clone().unwrap_or_default(),
                gasLimit: call.gas_limit.unwrap_or_default(),
                delegateCall: call.delegate_call.unwrap_or_default(),
                onlyFallback: call.only_fallback.unwrap_or_default(),
                behaviorOnError: U256::from(behavior_on_error(call)),
            })
            .collect(),
        space: bundle.space.unwrap_or_default(),
        nonce: bundle.nonce.unwrap_or_default(),
        wallets: Vec::new(),
    };
    let domain = Eip712Domain::new(
        Some(Cow::Borrowed("Sequence Wallet")),
        Some(Cow::Borrowed("3")),
        Some(U256::from(bundle.chain_id)),
        Some(wallet),
        None,
    );
    Ok(calls.eip712_signing_hash(&domain))
}

/// v3's packed form of `bundle`, the `payload` of the wallet's `execute(bytes payload, bytes
/// signature)`, byte for byte what `Payload.encode` of `@0xsequence/wallet-primitives` writes:
/// a flag byte (bit 0: space is zero; bits 1–3: the nonce's length in bytes; bit 4: exactly
/// one call; bit 5: the count takes two bytes), the space in 20 bytes unless zero, the nonce
/// in its minimal big-endian bytes but at least one, the count unless one call (one byte up
/// to 255 calls, else two), then per call a flag byte (bit 1: value; bit 2: data, always set;
/// bit 3: gas limit; bit 4: delegate call; bit 5: only fallback; bits 6–7: behavior on
/// error), the 20-byte `to`, the value in 32 bytes unless zero, the data's length in 3 bytes
/// and the data (even when empty), the gas limit in 32 bytes unless zero. Bit 0 of a call (a
/// call to the wallet itself, without its address) is never set.
///
/// # Errors
///
/// `INVALID_CHAIN_ID` at `chainId` for chain 0 (v3's chain-free payloads, valid on every
/// chain); `NUMBER_OUT_OF_RANGE` at `space` above 2^160−1, at `nonce` above 2^56−1, at
/// `calls[i].behaviorOnError` above 2; `LIMIT_EXCEEDED` at `calls` beyond 65,535 calls and at
/// `calls[i].data` beyond 16,777,215 bytes.
pub fn packed_payload(bundle: &CallBundle) -> Result<Bytes, Error> {
    check(bundle)?;
    let space = bundle.space.unwrap_or_default();
    let nonce = bundle.nonce.unwrap_or_default();
    let nonce_len = nonce.byte_len().max(1);
    let count = bundle.calls.len();

    let mut flag = (nonce_len as u8) << 1;
    if space.is_zero() {
        flag |= 0x01;
    }
    if count == 1 {
        flag |= 0x10;
    } else if count > 0xff {
        flag |= 0x20;
    }
    let mut out = Vec::new();
    out.push(flag);
    if !space.is_zero() {
        out.extend_from_slice(&space.to_be_bytes::<32>()[32 - MAX_SPACE_BYTES..]);
    }
    out.extend_from_slice(&nonce.to_be_bytes::<32>()[32 - nonce_len..]);
    if count > 0xff {
        out.extend_from_slice(&(count as u16).to_be_bytes());
    } else if count != 1 {
        out.push(count as u8);
    }
    for call in &bundle.calls {
        let value = call.value.unwrap_or_default();
        let data = call.data.as_ref().map_or(&[][..], |data| &data[..]);
        let gas_limit = call.gas_limit.unwrap_or_default();
        let mut flags = behavior_on_error(call) << 6 | 0x04;
        if !value.is_zero() {
            flags |= 0x02;
        }
        if !gas_limit.is_zero() {
            flags |= 0x08;
        }
        if call.delegate_call.unwrap_or_default() {
            flags |= 0x10;
        }
        if call.only_fallback.unwrap_or_default() {
            flags |= 0x20;
        }
        out.push(flags);
        out.extend_from_slice(call.to.as_slice());
        if !value.is_zero() {
            out.extend_from_slice(&value.to_be_bytes::<32>());
        }
        out.extend_from_slice(&(data.len() as u32).to_be_bytes()[1..]);
        out.extend_from_slice(data);
        if !gas_limit.is_zero() {
            out.extend_from_slice(&gas_limit.to_be_bytes::<32>());
        }
    }
    Ok(out.into())
}

fn behavior_on_error(call: &Call) -> u8 {
    call.behavior_on_error.unwrap_or_default()
}

/// What v3 can run: the bounds of the packed form, and a chain.
fn check(bundle: &CallBundle) -> Result<(), Error> {
    if bundle.chain_id == 0 {
        return Err(Error::new(Problem::InvalidChainId).in_member("chainId"));
    }
    if bundle.space.is_some_and(|space| space.byte_len() > MAX_SPACE_BYTES) {
        let problem = Problem::NumberOutOfRange("above 2^160-1, the widest space of a v3 payload");
        return Err(Error::new(problem).in_member("space"));
    }
    if bundle.nonce.is_some_and(|nonce| nonce.byte_len() > MAX_NONCE_BYTES) {
        let problem = Problem::NumberOutOfRange("above 2^56-1, the widest nonce of a v3 packed payload");
        return Err(Error::new(problem).in_member("nonce"));
    }
    if bundle.calls.len() > MAX_CALLS {
        let problem = Problem::LimitExceeded { what: "calls of a v3 payload", limit: MAX_CALLS };
        return Err(Error::new(problem).in_member("calls"));
    }
    for (index, call) in bundle.calls.iter().enumerate() {
        let at = |error: Error, member: &str| error.in_member(member).in_element(index).in_member("calls");
        if behavior_on_error(call) > MAX_BEHAVIOR_ON_ERROR {
            let problem = Problem::NumberOutOfRange("above 2: v3 knows IGNORE (0), REVERT (1) and ABORT (2)");
            return Err(at(Error::new(problem), "behaviorOnError"));
        }
        if call.data.as_ref().is_some_and(|data| data.len() > MAX_DATA_LEN) {
            let problem = Problem::LimitExceeded { what: "bytes of a v3 call's data", limit: MAX_DATA_LEN };
            return Err(at(Error::new(problem), "data"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use alloy_primitives::{b256, keccak256};
    use alloy_sol_types::SolStruct;

    use super::sol;

    /// The type hashes are the constants of v3's `Payload.sol` (`CALL_TYPEHASH`,
    /// `CALLS_TYPEHASH`), and the type strings the ones it hashes.
    #[test]
    fn type_hashes_are_v3s() {
        let call = sol::Call::eip712_encode_type();
        assert_eq!(
            call,
            "Call(address to,uint256 value,bytes data,uint256 gasLimit,bool delegateCall,bool onlyFallback,uint256 behaviorOnError)"
        );
        assert_eq!(
            keccak256(call.as_bytes()),
            b256!("0603985259a953da1f65a522f589c17bd1d0117ec1d3abb7c0788aef251ef437")
        );
        let calls = sol::Calls::eip712_encode_type();
        assert_eq!(
            keccak256(calls.as_bytes()),
            b256!("11e1e4079a79a66e4ade50033cfe2678cdd5341d2dfe5ef9513edb1a0be147a2")
        );
    }
}

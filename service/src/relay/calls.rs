//! What the relayer sends for a gasless execute request (docs/spec.md §5, §12): the
//! entrypoint's `depositToIntent` or `depositToIntentWithPermit` in entrypoint mode, the
//! deposit token's ERC-2612 `permit` in permit-only mode, with every value taken from the
//! core's messages (`rules::deposit_intent`, `rules::deposit_permit`) and the signatures in
//! their relayable form (`v` 27 or 28); and the decoding of a revert into the name of the
//! contract's error (`InvalidNonce()`, `ERC20InsufficientBalance(0x…, 0, 100)`).
//!
//! The `sol!` bindings are [`crate::chain::contracts`]'s, shared with the chain reads; no
//! network here ([`super::sender`]).

use alloy_primitives::{Address, Bytes, B256};
use alloy_sol_types::{Panic, Revert, SolCall, SolError, SolInterface};
use intent_core::eip712::Signature;
use intent_core::rules::{deposit_intent, deposit_permit, GaslessMode};
use intent_core::{DepositSignature, ExecuteRequest, Intent, U256};

use crate::chain::contracts::{IntentEntrypoint, PermitToken};

/// One relay transaction's destination and calldata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelayCall {
    /// The contract called: the entrypoint, or the deposit token in permit-only mode.
    pub to: Address,
    /// The ABI-encoded call.
    pub input: Bytes,
    /// The function's name, for the log.
    pub function: &'static str,
}

/// Why an execute request cannot be relayed (the core accepted it, so only what the
/// service itself lacks).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CallError {
    /// Not a gasless request.
    #[error("not a gasless execute request")]
    NotGasless,
    /// Entrypoint mode on an intent whose entrypoint is `""`.
    #[error("the intent has no entrypoint")]
    NoEntrypoint,
    /// A member the call needs is missing or malformed (the core's message says which).
    #[error("{0}")]
    Core(String),
}

impl From<intent_core::Error> for CallError {
    fn from(error: intent_core::Error) -> Self {
        CallError::Core(error.to_string())
    }
}

/// `(v, r, s)` of `bytes` in the relayable form: `v` 27 or 28, whatever the client sent.
fn relayable(bytes: &[u8]) -> Result<(u8, B256, B256), CallError> {
    let signature = Signature::from_bytes(bytes)?;
    Ok((signature.v(), B256::from(signature.r()), B256::from(signature.s())))
}

/// The transaction that relays `request` (an accepted gasless execute request of `intent`).
///
/// # Errors
///
/// [`CallError`].
pub fn relay_call(intent: &Intent, request: &ExecuteRequest) -> Result<RelayCall, CallError> {
    let signature: &DepositSignature = request.deposit_signature.as_ref().ok_or(CallError::NotGasless)?;
    match (GaslessMode::of(signature), &signature.intent_signature) {
        (GaslessMode::Entrypoint, Some(intent_signature)) => {
            let to =
                intent.service_contracts.service_intent_entrypoint_address.address().ok_or(CallError::NoEntrypoint)?;
            let m = deposit_intent(intent, signature)?;
            let (sig_v, sig_r, sig_s) = relayable(intent_signature)?;
            let (input, function) = match (&signature.permit_signature, signature.permit_amount) {
                (Some(permit), Some(permit_amount)) => {
                    let (permit_v, permit_r, permit_s) = relayable(permit)?;
                    let call = IntentEntrypoint::depositToIntentWithPermitCall {
                        user: m.user,
                        token: m.token,
                        amount: m.amount,
                        permitAmount: permit_amount,
                        intentAddress: m.intent_address,
                        deadline: m.deadline,
                        nonce: m.nonce,
                        feeAmount: m.fee_amount,
                        feeCollector: m.fee_collector,
                        permitV: permit_v,
                        permitR: permit_r,
                        permitS: permit_s,
                        sigV: sig_v,
                        sigR: sig_r,
                        sigS: sig_s,
                    };
                    (call.abi_encode(), "depositToIntentWithPermit")
                }
                _ => {
                    let call = IntentEntrypoint::depositToIntentCall {
                        user: m.user,
                        token: m.token,
                        amount: m.amount,
                        intentAddress: m.intent_address,
                        deadline: m.deadline,
                        nonce: m.nonce,
                        feeAmount: m.fee_amount,
                        feeCollector: m.fee_collector,
                        sigV: sig_v,
                        sigR: sig_r,
                        sigS: sig_s,
                    };
                    (call.abi_encode(), "depositToIntent")
                }
            };
            Ok(RelayCall { to, input: input.into(), function })
        }
        _ => {
            let permit_signature = signature.permit_signature.as_ref().ok_or(CallError::NotGasless)?;
            // The nonce is not an argument of `permit`: the token reads its own.
            let permit = deposit_permit(intent, signature, GaslessMode::PermitOnly, U256::ZERO)?;
            let (v, r, s) = relayable(permit_signature)?;
            let call = PermitToken::permitCall {
                owner: permit.owner,
                spender: permit.spender,
                value: permit.value,
                deadline: permit.deadline,
                v,
                r,
                s,
            };
            Ok(RelayCall {
                to: intent.deposit_transaction.token_address,
                input: call.abi_encode().into(),
                function: "permit",
            })
        }
    }
}

/// A revert's data as a status reason: the contract error's signature with its
/// arguments (`InvalidNonce()`, `ERC20InsufficientBalance(0x…, 0, 100)`), `Error(string)`'s
/// message, a panic's code, or the data in hex when none of these decodes it.
pub fn revert_reason(data: &[u8]) -> String {
    use IntentEntrypoint::IServiceIntentEntrypointErrors as E;
    use PermitToken::IPermitTokenErrors as T;
    if let Ok(error) = E::abi_decode(data) {
        return match error {
            E::IntentExpired(_) => "IntentExpired()".to_owned(),
            E::InvalidNonce(_) => "InvalidNonce()".to_owned(),
            E::InvalidIntentSignature(_) => "InvalidIntentSignature()".to_owned(),
            E::ECDSAInvalidSignature(_) => "ECDSAInvalidSignature()".to_owned(),
            E::ECDSAInvalidSignatureLength(e) => format!("ECDSAInvalidSignatureLength({})", e.length),
            E::ECDSAInvalidSignatureS(e) => format!("ECDSAInvalidSignatureS({})", e.s),
            E::SafeERC20FailedOperation(e) => format!("SafeERC20FailedOperation({})", e.token),
        };
    }
    if let Ok(error) = T::abi_decode(data) {
        return match error {
            T::ERC20InsufficientBalance(e) => {
                format!("ERC20InsufficientBalance({}, {}, {})", e.sender, e.balance, e.needed)
            }
            T::ERC20InsufficientAllowance(e) => {
                format!("ERC20InsufficientAllowance({}, {}, {})", e.spender, e.allowance, e.needed)
            }
            T::ERC20InvalidSender(e) => format!("ERC20InvalidSender({})", e.sender),
            T::ERC20InvalidReceiver(e) => format!("ERC20InvalidReceiver({})", e.receiver),
            T::ERC20InvalidApprover(e) => format!("ERC20InvalidApprover({})", e.approver),
            T::ERC20InvalidSpender(e) => format!("ERC20InvalidSpender({})", e.spender),
            T::ERC2612ExpiredSignature(e) => format!("ERC2612ExpiredSignature({})", e.deadline),
            T::ERC2612InvalidSigner(e) => format!("ERC2612InvalidSigner({}, {})", e.signer, e.owner),
            T::InvalidAccountNonce(e) => format!("InvalidAccountNonce({}, {})", e.account, e.currentNonce),
            T::ECDSAInvalidSignature(_) => "ECDSAInvalidSignature()".to_owned(),
            T::ECDSAInvalidSignatureLength(e) => format!("ECDSAInvalidSignatureLength({})", e.length),
            T::ECDSAInvalidSignatureS(e) => format!("ECDSAInvalidSignatureS({})", e.s),
        };
    }
    if let Ok(revert) = Revert::abi_decode(data) {
        return format!("Error({:?})", revert.reason);
    }
    if let Ok(panic) = Panic::abi_decode(data) {
        return format!("Panic({})", panic.code);
    }
    format!("reverted with data {}", Bytes::copy_from_slice(data))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reverts_decode_to_the_error_with_its_arguments() {
        let nonce = IntentEntrypoint::InvalidNonce {}.abi_encode();
        assert_eq!(revert_reason(&nonce), "InvalidNonce()");
        let sender = Address::repeat_byte(0x11);
        let balance = PermitToken::ERC20InsufficientBalance { sender, balance: U256::from(3), needed: U256::from(5) }
            .abi_encode();
        assert_eq!(revert_reason(&balance), format!("ERC20InsufficientBalance({sender}, 3, 5)"));
        let message = Revert::from("no").abi_encode();
        assert_eq!(revert_reason(&message), "Error(\"no\")");
        assert_eq!(revert_reason(&[0xde, 0xad]), "reverted with data 0xdead");
    }
}

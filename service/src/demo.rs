//! Signing a gasless ExecuteRequest with a private key, as a wallet would: for the
//! `intent-demo-sign` binary (the README's walk-through) and the service's tests. A real
//! client signs in its wallet; nothing in the service itself signs.
//!
//! The digests are the core's (`rules::deposit_intent_digest`,
//! `rules::deposit_permit_digest`); the permit domain and nonce are the ones the service's
//! [`ChainView`] passes to the core, so what is signed here is what the service verifies.

use intent_core::eip712::EntrypointNames;
use intent_core::rules::{deposit_intent_digest, deposit_permit_digest, GaslessMode};
use intent_core::{Address, Bytes, DepositSignature, ExecuteRequest, QuoteResponse, TokenPermit, B256, U256};
use k256::ecdsa::SigningKey;

use crate::chain::ChainView;

/// Which gasless mode to sign.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gasless {
    /// An intent signature over the deposit-intent digest, with this user nonce.
    Entrypoint {
        /// The owner's nonce at the entrypoint.
        nonce: U256,
    },
    /// An intent signature as [`Gasless::Entrypoint`], with a permit of the deposit token
    /// for the entrypoint (until the signature's deadline), so the owner needs no approval.
    EntrypointWithPermit {
        /// The owner's nonce at the entrypoint.
        nonce: U256,
    },
    /// A permit of the deposit token for the origin intent address.
    PermitOnly,
}

/// A 65-byte `r ‖ s ‖ v` signature (low `s`, `v` 27 or 28) of `digest` by `key`.
///
/// # Errors
///
/// The signer's error (none for a valid key).
pub fn sign_digest(key: &SigningKey, digest: &B256) -> Result<Bytes, String> {
    let (signature, recovery) = key.sign_prehash_recoverable(digest.as_slice()).map_err(|e| e.to_string())?;
    let mut out = signature.to_bytes().to_vec();
    out.push(27 + u8::from(recovery.is_y_odd()));
    Ok(Bytes::from(out))
}

/// The ExecuteRequest of `quote` signed by `key` in `mode`, valid until `deadline` (Unix
/// seconds), paying the fee with the option in the deposit token when there is one, else
/// the native one. `entrypoint` are the entrypoint's EIP-712 names; `chain` gives the
/// deposit token's configured permit domain (and nonce 0, a fresh owner's).
///
/// # Errors
///
/// A key that is not the intent's owner, no usable fee option, no permit domain for the
/// deposit token (permit-only mode), or the core's refusal to build a digest.
pub fn gasless_request(
    quote: &QuoteResponse,
    key: &SigningKey,
    mode: Gasless,
    deadline: u64,
    entrypoint: &EntrypointNames,
    chain: &ChainView,
) -> Result<ExecuteRequest, String> {
    let configured_permit = || {
        chain
            .facts(&quote.intent)
            .token_permit()
            .cloned()
            .ok_or("the deposit token has no permit domain in the configuration")
    };
    match mode {
        Gasless::Entrypoint { nonce } | Gasless::EntrypointWithPermit { nonce } => {
            let mut signature = unsigned(quote, key, deadline)?;
            signature.user_nonce = Some(nonce);
            let digest = deposit_intent_digest(&quote.intent, &signature, entrypoint).map_err(|e| e.to_string())?;
            signature.intent_signature = Some(sign_digest(key, &digest)?);
            if matches!(mode, Gasless::EntrypointWithPermit { .. }) {
                let permit = configured_permit()?;
                sign_permit(quote, key, &permit, GaslessMode::Entrypoint, deadline, &mut signature)?;
            }
            Ok(request_of(quote, signature))
        }
        Gasless::PermitOnly => permit_only_request(quote, key, &configured_permit()?, deadline),
    }
}

/// The permit-only ExecuteRequest of `quote` signed by `key` under `permit` (the deposit
/// token's domain and the owner's permit nonce there, e.g. as read from the chain), the
/// permit and the signature valid until `deadline`, for the deposit plus the fee when the
/// fee is paid in the deposit token.
///
/// # Errors
///
/// As [`gasless_request`].
pub fn permit_only_request(
    quote: &QuoteResponse,
    key: &SigningKey,
    permit: &TokenPermit,
    deadline: u64,
) -> Result<ExecuteRequest, String> {
    let mut signature = unsigned(quote, key, deadline)?;
    sign_permit(quote, key, permit, GaslessMode::PermitOnly, deadline, &mut signature)?;
    Ok(request_of(quote, signature))
}

/// Adds to `signature` a permit of the deposit token under `permit` for `mode`'s spender,
/// valid until `deadline`, for the deposit plus the fee when the fee is paid in the
/// deposit token.
fn sign_permit(
    quote: &QuoteResponse,
    key: &SigningKey,
    permit: &TokenPermit,
    mode: GaslessMode,
    deadline: u64,
    signature: &mut DepositSignature,
) -> Result<(), String> {
    let intent = &quote.intent;
    let deposit_token = intent.deposit_transaction.token_address;
    let option = &signature.selected_gas_fee_option;
    let fee_in_deposit_token = if option.token_address == deposit_token { option.amount } else { U256::ZERO };
    signature.permit_deadline = Some(deadline);
    signature.permit_amount = Some(intent.deposit_transaction.amount + fee_in_deposit_token);
    let digest =
        deposit_permit_digest(intent, signature, mode, &permit.domain, permit.nonce).map_err(|e| e.to_string())?;
    signature.permit_signature = Some(sign_digest(key, &digest)?);
    Ok(())
}

/// A deposit signature of `quote` without its signatures, valid until `deadline`, paying
/// the fee with the option in the deposit token when there is one, else the native one.
fn unsigned(quote: &QuoteResponse, key: &SigningKey, deadline: u64) -> Result<DepositSignature, String> {
    let intent = &quote.intent;
    if Address::from_private_key(key) != intent.owner_address {
        return Err(format!("the key's address is not the intent's owner {}", intent.owner_address));
    }
    let options = &quote.gas_fee_options.fee_options;
    let deposit_token = intent.deposit_transaction.token_address;
    let option = options
        .iter()
        .find(|o| o.token_address == deposit_token)
        .or_else(|| options.iter().find(|o| o.token_address == Address::ZERO))
        .ok_or("the quote offers no fee option in the deposit token nor a native one")?
        .clone();
    Ok(DepositSignature {
        selected_gas_fee_option: option,
        deadline,
        intent_signature: None,
        user_nonce: None,
        permit_signature: None,
        permit_deadline: None,
        permit_amount: None,
        unknown: Default::default(),
    })
}

/// The gasless ExecuteRequest of `quote` carrying `signature`.
fn request_of(quote: &QuoteResponse, signature: DepositSignature) -> ExecuteRequest {
    ExecuteRequest {
        intent_id: quote.intent.intent_id.clone(),
        deposit_transaction_hash: None,
        deposit_signature: Some(signature),
        unknown: Default::default(),
    }
}

//! The deposit's EIP-712 messages (docs/spec.md §5): an [`Intent`] and its [`DepositSignature`]
//! mapped to the entrypoint's deposit intent and to the token permit of either gasless
//! mode, their digests, and the typed-data documents a wallet signs them as (§5.4).
//!
//! The hashing itself is pure EIP-712 in [`crate::eip712`], which knows no wire objects;
//! what lives here is which field of the intent or the signature goes where, and the
//! reason code when one is missing. Error paths are relative to a document holding the
//! intent's members and `depositSignature`.

use alloy_primitives::{Address, B256, U256};

use crate::eip712::{DepositIntent, Domain, EntrypointDomain, EntrypointNames, Permit, TypedData};
use crate::error::{Error, Problem};
use crate::{DepositSignature, Intent};

/// How a gasless deposit reaches the chain (docs/spec.md §5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GaslessMode {
    /// The entrypoint pulls the deposit: an intent signature, and the permit (if any) is
    /// for the entrypoint until `depositSignature.deadline`.
    Entrypoint,
    /// The permit alone: for the origin intent address until `permitDeadline`.
    PermitOnly,
}

impl GaslessMode {
    /// The mode a deposit signature is in: [`GaslessMode::Entrypoint`] exactly when it
    /// carries an `intentSignature`.
    pub fn of(signature: &DepositSignature) -> Self {
        match signature.intent_signature {
            Some(_) => GaslessMode::Entrypoint,
            None => GaslessMode::PermitOnly,
        }
    }
}

/// The intent's entrypoint address, or `ENTRYPOINT_MISSING` at
/// `serviceContracts.serviceIntentEntrypointAddress` when it is `""`. Everything that
/// needs the entrypoint (the deposit-intent domain, the spender of an entrypoint-mode
/// permit) takes it from here, so an empty one never becomes the zero address.
fn entrypoint_address(intent: &Intent) -> Result<Address, Error> {
    intent.service_contracts.service_intent_entrypoint_address.address().ok_or_else(|| {
        Error::new(Problem::EntrypointMissing {
            detail: "the intent has no entrypoint, so entrypoint mode is unavailable",
        })
        .in_member("serviceIntentEntrypointAddress")
        .in_member("serviceContracts")
    })
}

/// The domain an intent's deposit is signed under: `intent.originChainId` and
/// `intent.serviceContracts.serviceIntentEntrypointAddress`.
///
/// # Errors
///
/// `ENTRYPOINT_MISSING` at `serviceContracts.serviceIntentEntrypointAddress` when the
/// intent's entrypoint is `""`: there is no domain to sign under, and the zero address
/// is never put in its place.
pub fn entrypoint_domain(names: &EntrypointNames, intent: &Intent) -> Result<EntrypointDomain, Error> {
    Ok(EntrypointDomain::new(names, intent.origin_chain_id, entrypoint_address(intent)?))
}

/// The deposit-intent message docs/spec.md §5.1 builds from an intent and its deposit signature.
///
/// # Errors
///
/// `NONCE_REQUIRED` at `depositSignature.userNonce` when the signature has no user
/// nonce.
pub fn deposit_intent(intent: &Intent, signature: &DepositSignature) -> Result<DepositIntent, Error> {
    let nonce = signature
        .user_nonce
        .ok_or_else(|| Error::new(Problem::NonceRequired).in_member("userNonce").in_member("depositSignature"))?;
    let fee = &signature.selected_gas_fee_option;
    Ok(DepositIntent {
        user: intent.owner_address,
        token: intent.deposit_transaction.token_address,
        amount: intent.deposit_transaction.amount,
        intent_address: intent.origin_intent_address,
        deadline: U256::from(signature.deadline),
        chain_id: U256::from(intent.origin_chain_id),
        nonce,
        fee_amount: fee.amount,
        fee_collector: fee.fee_collector_address,
    })
}

/// The deposit-intent digest of docs/spec.md §5.1 in one call: the domain of
/// [`entrypoint_domain`] and the message of [`deposit_intent`]. Build an
/// [`EntrypointDomain`] once instead when digesting many intents for one entrypoint.
///
/// # Errors
///
/// `NONCE_REQUIRED` at `depositSignature.userNonce` when the signature has no user nonce;
/// `ENTRYPOINT_MISSING` at `serviceContracts.serviceIntentEntrypointAddress` when the
/// intent has no entrypoint.
pub fn deposit_intent_digest(
    intent: &Intent,
    signature: &DepositSignature,
    names: &EntrypointNames,
) -> Result<B256, Error> {
    let message = deposit_intent(intent, signature)?;
    Ok(entrypoint_domain(names, intent)?.digest(&message))
}

/// The typed-data document of docs/spec.md §5.4 for the deposit intent of
/// [`deposit_intent_digest`]: what the owner's wallet is asked to sign. Its
/// [`TypedData::digest`] is [`deposit_intent_digest`]'s.
///
/// # Errors
///
/// As [`deposit_intent_digest`], in the same order.
pub fn deposit_intent_typed_data(
    intent: &Intent,
    signature: &DepositSignature,
    names: &EntrypointNames,
) -> Result<TypedData, Error> {
    let message = deposit_intent(intent, signature)?;
    Ok(TypedData::deposit_intent(names, intent.origin_chain_id, entrypoint_address(intent)?, &message))
}

/// `PERMIT_INCOMPLETE` at the deposit signature's `field`.
fn incomplete(field: &str) -> Error {
    Error::new(Problem::PermitIncomplete).in_member(field).in_member("depositSignature")
}

/// The ERC-2612 permit of a gasless deposit in `mode`: owner = `intent.ownerAddress`;
/// spender = the entrypoint (entrypoint mode) or `intent.originIntentAddress`
/// (permit-only); deadline = `depositSignature.deadline` (entrypoint) or
/// `permitDeadline` (permit-only); value = `permitAmount` in both modes; `nonce` is the
/// owner's permit nonce at the token, which only the chain knows.
///
/// The mode is a parameter rather than read from the signature so that a client can
/// compute the permit digest before it has signed anything; a verifier passes
/// [`GaslessMode::of`]. The permit is signed under the domain of the deposit token
/// (`intent.depositTransaction.tokenAddress`), which [`deposit_permit_digest`] takes
/// from the caller.
///
/// **Decision**: the value is always `permitAmount` and never guessed from the deposit:
/// the permit must cover the amount plus a fee paid in the same token, which is the
/// caller's statement to make (and PERMIT_AMOUNT_INSUFFICIENT's to check).
///
/// # Errors
///
/// `ENTRYPOINT_MISSING` at `serviceContracts.serviceIntentEntrypointAddress` in
/// entrypoint mode when the intent has no entrypoint (the spender is never the zero
/// address in its place); `PERMIT_INCOMPLETE` at the first missing field the message
/// needs, in the order `depositSignature.permitDeadline` (permit-only mode),
/// `depositSignature.permitAmount`. The permit signature itself is not needed for the
/// message.
pub fn deposit_permit(
    intent: &Intent,
    signature: &DepositSignature,
    mode: GaslessMode,
    nonce: U256,
) -> Result<Permit, Error> {
    let (spender, deadline) = match mode {
        GaslessMode::Entrypoint => (entrypoint_address(intent)?, signature.deadline),
        GaslessMode::PermitOnly => {
            (intent.origin_intent_address, signature.permit_deadline.ok_or_else(|| incomplete("permitDeadline"))?)
        }
    };
    let value = signature.permit_amount.ok_or_else(|| incomplete("permitAmount"))?;
    Ok(Permit { owner: intent.owner_address, spender, value, nonce, deadline: U256::from(deadline) })
}

/// The digest of [`deposit_permit`] under `token_domain`, the deposit token's EIP-712
/// domain exactly as the token defines it (for most tokens `name`, `version`,
/// `chainId` = `intent.originChainId`, `verifyingContract` = the token).
///
/// # Errors
///
/// As [`deposit_permit`].
pub fn deposit_permit_digest(
    intent: &Intent,
    signature: &DepositSignature,
    mode: GaslessMode,
    token_domain: &Domain,
    nonce: U256,
) -> Result<B256, Error> {
    Ok(deposit_permit(intent, signature, mode, nonce)?.digest(token_domain))
}

/// The typed-data document of docs/spec.md §5.4 for the permit of [`deposit_permit`] under
/// `token_domain`: what the owner's wallet is asked to sign. Its [`TypedData::digest`] is
/// [`deposit_permit_digest`]'s.
///
/// # Errors
///
/// As [`deposit_permit`].
pub fn deposit_permit_typed_data(
    intent: &Intent,
    signature: &DepositSignature,
    mode: GaslessMode,
    token_domain: &Domain,
    nonce: U256,
) -> Result<TypedData, Error> {
    Ok(TypedData::permit(token_domain, &deposit_permit(intent, signature, mode, nonce)?))
}

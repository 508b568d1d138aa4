//! The Execute rules of docs/spec.md §7: the request names the committed intent and proves the
//! deposit once, within the window; a gasless deposit signature is checked field by field,
//! then its signatures are recovered against the owner, using the chain facts passed in
//! ([`ChainFacts`], declared in `rules::facts`).

use alloy_primitives::{Address, B256, U256};

use crate::eip712::{EntrypointNames, Signature};
use crate::error::{Error, Problem, Reason};
use crate::rules::deposit::check_deposit_hash;
use crate::rules::digests::{deposit_intent, deposit_permit_digest, entrypoint_domain, GaslessMode};
use crate::rules::facts::ChainFacts;
use crate::{DepositSignature, ExecuteRequest, GasFeeOptions, Intent, Timestamp};

/// Everything an execute request is checked against besides the request itself.
#[derive(Debug, Clone, Copy)]
pub struct ExecuteContext<'a> {
    /// The committed intent.
    pub intent: &'a Intent,
    /// The gas fee options quoted with it (`None`: none were, so none can be selected).
    pub gas_fee_options: Option<&'a GasFeeOptions>,
    /// The time of the request.
    pub now: Timestamp,
    /// When the execution window closes (`committedAt + executionWindow`); `None` leaves
    /// the window unchecked.
    pub window_closes_at: Option<Timestamp>,
    /// What the chain knows: the token's permit facts, the owner's entrypoint nonce, and
    /// whether an unverified permit is accepted ([`ChainFacts::default()`]: nothing known,
    /// nothing accepted).
    pub facts: &'a ChainFacts<'a>,
    /// The entrypoint's EIP-712 names.
    pub entrypoint: &'a EntrypointNames,
    /// How many blocks must hold a deposit transaction, its own included
    /// ([`crate::Policy::deposit_confirmations`]).
    pub deposit_confirmations: u64,
}

/// Checks an execute request against the committed intent.
///
/// # Errors
///
/// The first broken rule in the order of docs/spec.md §7: `INTENT_ID_MISMATCH`,
/// `DEPOSIT_PROOF_MISSING`, `DEPOSIT_PROOF_CONFLICT`, `EXECUTION_WINDOW_EXPIRED`, then for a
/// deposit transaction hash (at `depositTransactionHash`) `DEPOSIT_UNVERIFIED` (neither
/// [`ChainFacts::deposit_evidence`] nor [`ChainFacts::accept_unverified_deposit`]),
/// `DEPOSIT_HASH_MISMATCH`, `DEPOSIT_WRONG_CHAIN`, `DEPOSIT_REVERTED`,
/// `DEPOSIT_UNCONFIRMED`, `DEPOSIT_MISMATCH`, and for a deposit signature `FEE_OPTION_NOT_OFFERED`, `NATIVE_FEE_REQUIRED`, `SIGNATURE_EXPIRED`,
/// `GASLESS_NATIVE_DEPOSIT`, `ENTRYPOINT_MISSING` (at `depositSignature.intentSignature`),
/// `FEE_TOKEN_MISMATCH`, `FEE_PARAMETERS`, `NONCE_REQUIRED`, `NONCE_MISMATCH` (with
/// [`ChainFacts::entrypoint_nonce`]), `PERMIT_INCOMPLETE`, `PERMIT_NOT_SUPPORTED`,
/// `PERMIT_EXPIRED`, `PERMIT_DEADLINE_MISMATCH`, `PERMIT_AMOUNT_INSUFFICIENT`,
/// `PERMIT_UNVERIFIED` (a permit signature without [`ChainFacts::token_permit`] nor
/// [`ChainFacts::accept_unverified_permit`]), `INVALID_SIGNATURE`, `SIGNER_MISMATCH`.
/// Paths are relative to the request.
pub fn check_execute(request: &ExecuteRequest, context: &ExecuteContext<'_>) -> Result<(), Error> {
    if request.intent_id != context.intent.intent_id {
        return Err(Error::new(Problem::IntentIdMismatch).in_member("intentId"));
    }
    let proof = match (request.deposit_transaction_hash, &request.deposit_signature) {
        (None, None) => return Err(Error::new(Problem::DepositProofMissing)),
        (Some(_), Some(_)) => return Err(Error::new(Problem::DepositProofConflict).in_member("depositSignature")),
        (Some(hash), None) => DepositProof::Hash(hash),
        (None, Some(signature)) => DepositProof::Signature(signature),
    };
    if let Some(closed_at) = context.window_closes_at {
        if context.now >= closed_at {
            return Err(Error::new(Problem::ExecutionWindowExpired { now: context.now, closed_at }));
        }
    }
    match proof {
        DepositProof::Signature(signature) => {
            check_deposit_signature(signature, context).map_err(|e| e.within("depositSignature"))
        }
        DepositProof::Hash(hash) => {
            check_deposit_hash(hash, context.intent, context.facts, context.deposit_confirmations)
        }
    }
}

/// The one deposit proof of a request.
enum DepositProof<'r> {
    /// Deposit-hash mode: the transaction the owner sent.
    Hash(B256),
    /// Gasless mode: the signed deposit.
    Signature(&'r DepositSignature),
}

/// Whether a deadline in Unix seconds has passed: valid while `floor(now) ≤ deadline`.
fn deadline_passed(now: Timestamp, deadline: u64) -> bool {
    i128::from(now.unix_seconds()) > i128::from(deadline)
}

/// The permit fields of a deposit signature, when all three are given.
struct PermitFields<'s> {
    signature: &'s [u8],
    deadline: u64,
    amount: U256,
}

fn permit_fields(signature: &DepositSignature, mode: GaslessMode) -> Result<Option<PermitFields<'_>>, Error> {
    let (permit_signature, deadline, amount) =
        (&signature.permit_signature, signature.permit_deadline, signature.permit_amount);
    match (permit_signature, deadline, amount) {
        (Some(permit_signature), Some(deadline), Some(amount)) => {
            Ok(Some(PermitFields { signature: permit_signature, deadline, amount }))
        }
        (None, None, None) if mode == GaslessMode::Entrypoint => Ok(None),
        _ => {
            let missing = if permit_signature.is_none() {
                "permitSignature"
            } else if deadline.is_none() {
                "permitDeadline"
            } else {
                "permitAmount"
            };
            Err(Error::new(Problem::PermitIncomplete).in_member(missing))
        }
    }
}

fn check_deposit_signature(signature: &DepositSignature, context: &ExecuteContext<'_>) -> Result<(), Error> {
    let intent = context.intent;
    let option = &signature.selected_gas_fee_option;
    let mode = GaslessMode::of(signature);
    let deposit_token = intent.deposit_transaction.token_address;
    if !context.gas_fee_options.is_some_and(|quoted| quoted.fee_options.contains(option)) {
        return Err(Error::new(Problem::FeeOptionNotOffered).in_member("selectedGasFeeOption"));
    }
    if intent.quote_request.only_native_gas_fee == Some(true) && option.token_address != Address::ZERO {
        return Err(Error::new(Problem::NativeFeeRequired).within("selectedGasFeeOption.tokenAddress"));
    }
    if deadline_passed(context.now, signature.deadline) {
        let (now_seconds, deadline) = (context.now.unix_seconds(), signature.deadline);
        return Err(Error::new(Problem::SignatureExpired { now_seconds, deadline }).in_member("deadline"));
    }
    if deposit_token == Address::ZERO {
        return Err(Error::new(Problem::GaslessNativeDeposit));
    }
    if mode == GaslessMode::Entrypoint && intent.service_contracts.service_intent_entrypoint_address.is_empty() {
        return Err(entrypoint_missing());
    }
    let fee = option.amount;
    let fee_in_deposit_token = option.token_address == deposit_token;
    if mode == GaslessMode::Entrypoint && !fee.is_zero() && !fee_in_deposit_token {
        return Err(Error::new(Problem::FeeTokenMismatch).within("selectedGasFeeOption.tokenAddress"));
    }
    if fee.is_zero() != (option.fee_collector_address == Address::ZERO) {
        return Err(Error::new(Problem::FeeParameters).within("selectedGasFeeOption.feeCollectorAddress"));
    }
    if mode == GaslessMode::Entrypoint {
        let Some(given) = signature.user_nonce else {
            return Err(Error::new(Problem::NonceRequired).in_member("userNonce"));
        };
        if let Some(current) = context.facts.entrypoint_nonce.filter(|&current| current != given) {
            return Err(Error::new(Problem::NonceMismatch { current, given }).in_member("userNonce"));
        }
    }
    let permit = permit_fields(signature, mode)?;
    if let Some(permit) = &permit {
        if fee_in_deposit_token && !option.is_2612 {
            return Err(Error::new(Problem::PermitNotSupported).within("selectedGasFeeOption.is2612"));
        }
        if deadline_passed(context.now, permit.deadline) {
            let (now_seconds, deadline) = (context.now.unix_seconds(), permit.deadline);
            return Err(Error::new(Problem::PermitExpired { now_seconds, deadline }).in_member("permitDeadline"));
        }
        if mode == GaslessMode::Entrypoint && permit.deadline != signature.deadline {
            return Err(Error::new(Problem::PermitDeadlineMismatch).in_member("permitDeadline"));
        }
        let fee_in_same_token = if fee_in_deposit_token { fee } else { U256::ZERO };
        let needed = intent.deposit_transaction.amount.checked_add(fee_in_same_token);
        if needed.is_none_or(|needed| permit.amount < needed) {
            let needed = needed.unwrap_or(U256::MAX);
            return Err(Error::new(Problem::PermitAmountInsufficient { permitted: permit.amount, needed })
                .in_member("permitAmount"));
        }
        if context.facts.token_permit.is_none() && !context.facts.accept_unverified_permit {
            return Err(Error::new(Problem::PermitUnverified).in_member("permitSignature"));
        }
    }
    check_signers(signature, permit.as_ref(), mode, context)
}

/// `ENTRYPOINT_MISSING` at `intentSignature` (relative to the deposit signature): the
/// request asks for entrypoint mode, the one thing the client can change, while the
/// intent it names has no entrypoint.
fn entrypoint_missing() -> Error {
    Error::new(Problem::EntrypointMissing {
        detail: "the intent has no entrypoint: sign the deposit in permit-only mode",
    })
    .in_member("intentSignature")
}

/// Reports the digest helpers' `ENTRYPOINT_MISSING` (at the intent's field) at the
/// request's `intentSignature`, as the rule does; other errors pass unchanged.
fn at_intent_signature(error: Error) -> Error {
    if error.reason() == Reason::EntrypointMissing {
        entrypoint_missing()
    } else {
        error
    }
}

/// `INVALID_SIGNATURE` for any signature first, then `SIGNER_MISMATCH`. The permit
/// signature is recovered with the token's permit facts; without them (accepted
/// unverified, as `PERMIT_UNVERIFIED` ran before) only its form is checked.
fn check_signers(
    signature: &DepositSignature,
    permit: Option<&PermitFields<'_>>,
    mode: GaslessMode,
    context: &ExecuteContext<'_>,
) -> Result<(), Error> {
    let intent = context.intent;
    let mut recovered: [Option<(Address, &str)>; 2] = [None, None];
    if let (GaslessMode::Entrypoint, Some(bytes)) = (mode, &signature.intent_signature) {
        const PATH: &str = "intentSignature";
        let parsed = Signature::from_bytes(bytes).map_err(|e| e.within(PATH))?;
        let digest = entrypoint_domain(context.entrypoint, intent)
            .map_err(at_intent_signature)?
            .digest(&deposit_intent(intent, signature)?);
        recovered[0] = Some((parsed.recover(&digest).map_err(|e| e.within(PATH))?, PATH));
    }
    if let Some(permit) = permit {
        const PATH: &str = "permitSignature";
        let parsed = Signature::from_bytes(permit.signature).map_err(|e| e.within(PATH))?;
        if let Some(token) = context.facts.token_permit {
            let digest = deposit_permit_digest(intent, signature, mode, &token.domain, token.nonce)
                .map_err(at_intent_signature)?;
            recovered[1] = Some((parsed.recover(&digest).map_err(|e| e.within(PATH))?, PATH));
        }
    }
    for (signer, path) in recovered.into_iter().flatten() {
        if signer != intent.owner_address {
            return Err(Error::new(Problem::SignerMismatch { recovered: signer, expected: intent.owner_address })
                .in_member(path));
        }
    }
    Ok(())
}

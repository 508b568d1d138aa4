//! The intent-address rules of docs/spec.md §7: an intent's addresses are the wallets derived
//! (docs/spec.md 5.6, [`crate::wallet`]) from its owner and its bundles, every field that
//! repeats an address repeats the derived one, the origin precondition waits for the deposit,
//! and its meta-transactions are the guest batches of its bundles (5.7).
//!
//! Which bundles an address commits to is the published client's: the intent's bundles are
//! `originCalls` then `destinationCalls`; the origin address commits to every one of them on
//! the origin chain, the destination address to every one on the destination chain, in that
//! order, so a same-chain intent's two addresses are one wallet committing to both bundles.
//!
//! What does not live here: the wallet's encodings (`wallet`), and the consistency of the
//! intent with its request (`rules::intent`).

use alloc::vec::Vec;

use alloy_primitives::Address;

use crate::error::{Error, Problem};
use crate::wallet::{payload_hash, IntentConfiguration, WalletContext};
use crate::{CallBundle, Intent, MetaTxn};

/// One side's wallet: its configuration, and where each of its bundles is in the intent.
struct Side<'a> {
    configuration: IntentConfiguration,
    bundles: Vec<(&'static str, &'a CallBundle)>,
}

impl Side<'_> {
    fn address(&self, context: &WalletContext) -> Address {
        self.configuration.address(context)
    }
}

/// The intent's bundles with their members, checked to be payloads v3 can run.
fn bundles(intent: &Intent) -> Result<Vec<(&'static str, &CallBundle)>, Error> {
    let mut bundles = Vec::from([("originCalls", &intent.origin_calls)]);
    if let Some(destination) = &intent.destination_calls {
        bundles.push(("destinationCalls", destination));
    }
    for (member, bundle) in &bundles {
        payload_hash(bundle).map_err(|error| error.in_member(member))?;
    }
    Ok(bundles)
}

/// The wallet of the bundles on `chain_id`, `None` without one.
fn side<'a>(intent: &Intent, bundles: &[(&'static str, &'a CallBundle)], chain_id: u64) -> Option<Side<'a>> {
    let on_chain: Vec<(&'static str, &CallBundle)> =
        bundles.iter().copied().filter(|(_, bundle)| bundle.chain_id == chain_id).collect();
    let owned: Vec<CallBundle> = on_chain.iter().map(|(_, bundle)| (*bundle).clone()).collect();
    let configuration = IntentConfiguration::new(intent.owner_address, &owned).ok()?;
    Some(Side { configuration, bundles: on_chain })
}

/// `INTENT_ADDRESS_MISMATCH` at `path` unless `given` is `derived`.
fn same_address(given: Address, derived: Option<Address>, path: &str) -> Result<(), Error> {
    if derived == Some(given) {
        return Ok(());
    }
    Err(Error::new(Problem::IntentAddressMismatch { given, derived }).within(path))
}

/// Checks that `intent`'s addresses are the wallets derived from its owner and bundles under
/// `context`, and the fields that repeat them.
///
/// # Errors
///
/// A bundle v3 cannot run, with [`crate::wallet::payload_hash`]'s reason below its member
/// (`originCalls`, then `destinationCalls`); then, in order, `INTENT_ADDRESS_MISMATCH` at
/// `originIntentAddress`, `destinationIntentAddress` (when given), `depositTransaction.toAddress`,
/// `originPrecondition.ownerAddress`, `originMetaTxn.walletAddress`,
/// `destinationPrecondition.ownerAddress` and `destinationMetaTxn.walletAddress` (when given);
/// `PRECONDITION_MISMATCH` at `originPrecondition.tokenAddress` (not the deposit token), then
/// at `originPrecondition.minAmount` (below the deposit amount).
pub fn check_intent_addresses(intent: &Intent, context: &WalletContext) -> Result<(), Error> {
    let bundles = bundles(intent)?;
    let origin = side(intent, &bundles, intent.origin_chain_id).map(|side| side.address(context));
    let destination = side(intent, &bundles, intent.destination_chain_id).map(|side| side.address(context));

    same_address(intent.origin_intent_address, origin, "originIntentAddress")?;
    if let Some(given) = intent.destination_intent_address {
        same_address(given, destination, "destinationIntentAddress")?;
    }
    same_address(intent.deposit_transaction.to_address, origin, "depositTransaction.toAddress")?;
    let precondition = &intent.origin_precondition;
    same_address(precondition.owner_address, origin, "originPrecondition.ownerAddress")?;
    same_address(intent.origin_meta_txn.wallet_address, origin, "originMetaTxn.walletAddress")?;
    if let Some(precondition) = &intent.destination_precondition {
        same_address(precondition.owner_address, destination, "destinationPrecondition.ownerAddress")?;
    }
    if let Some(meta_txn) = &intent.destination_meta_txn {
        same_address(meta_txn.wallet_address, destination, "destinationMetaTxn.walletAddress")?;
    }

    let deposit = &intent.deposit_transaction;
    if precondition.token_address != deposit.token_address {
        let detail = "the origin precondition waits for another token than the deposit's";
        return Err(Error::new(Problem::PreconditionMismatch { detail }).within("originPrecondition.tokenAddress"));
    }
    if precondition.min_amount < deposit.amount {
        let detail = "the origin precondition waits for less than the deposit amount";
        return Err(Error::new(Problem::PreconditionMismatch { detail }).within("originPrecondition.minAmount"));
    }
    Ok(())
}

/// `META_TRANSACTION_MISMATCH` at `path`.
fn meta_mismatch(detail: &'static str, path: &str) -> Error {
    Error::new(Problem::MetaTransactionMismatch { detail }).within(path)
}

/// Checks one meta-transaction (at `member`) against the guest batch of the bundle at
/// `bundle_member` in `side`.
fn check_meta_txn(
    meta_txn: &MetaTxn,
    member: &str,
    side: Option<&Side<'_>>,
    bundle_member: &str,
    context: &WalletContext,
) -> Result<(), Error> {
    let at = |field: &str| alloc::format!("{member}.{field}");
    if context.guest_module != Some(meta_txn.contract) {
        return Err(meta_mismatch("the meta-transaction does not call the context's guest module", &at("contract")));
    }
    let batch = side.and_then(|side| {
        let index = side.bundles.iter().position(|(name, _)| *name == bundle_member)?;
        side.configuration.guest_batch(context, index, side.bundles[index].1)
    });
    if batch.as_ref() != Some(&meta_txn.input) {
        return Err(meta_mismatch("the input is not the guest batch that runs the side's bundle", &at("input")));
    }
    Ok(())
}

/// Checks that `intent`'s meta-transactions are the guest batches that run its bundles
/// under `context` (docs/spec.md 5.7): `originMetaTxn` runs `originCalls` in the origin
/// wallet, `destinationMetaTxn` (when given) `destinationCalls` in the destination wallet.
///
/// # Errors
///
/// A bundle v3 cannot run, as [`check_intent_addresses`]; then `META_TRANSACTION_MISMATCH` at
/// `originMetaTxn.contract` (not the context's guest module, or the context has none), at
/// `originMetaTxn.input` (not [`IntentConfiguration::guest_batch`] of `originCalls`), then the
/// same at `destinationMetaTxn.contract` and `destinationMetaTxn.input` (an intent without
/// `destinationCalls` has no batch for it).
pub fn check_meta_transactions(intent: &Intent, context: &WalletContext) -> Result<(), Error> {
    let bundles = bundles(intent)?;
    let origin = side(intent, &bundles, intent.origin_chain_id);
    check_meta_txn(&intent.origin_meta_txn, "originMetaTxn", origin.as_ref(), "originCalls", context)?;
    if let Some(meta_txn) = &intent.destination_meta_txn {
        let destination = side(intent, &bundles, intent.destination_chain_id);
        check_meta_txn(meta_txn, "destinationMetaTxn", destination.as_ref(), "destinationCalls", context)?;
    }
    Ok(())
}

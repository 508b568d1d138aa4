//! An intent whose addresses, preconditions and meta-transactions are the ones docs/spec.md §7
//! derives from its owner and bundles (5.6, 5.7), made from any generated intent: the input
//! the intent-address rules accept, which a test then breaks in one place.
//!
//! Which bundles each side's wallet commits to is written here from the spec, not read from
//! the library's rule: `originCalls` then `destinationCalls`, those on the side's chain.

use intent_core::wallet::{IntentConfiguration, WalletContext};
use intent_core::{Address, CallBundle, Intent, U256};

/// The widest nonce and space a v3 packed payload holds (docs/spec.md 5.6).
const MAX_NONCE: u64 = (1 << 56) - 1;

/// `bundle` made runnable by v3: `behaviorOnError` at most 2, the nonce below 2^56 and the
/// space below 2^160 (the generators draw any values).
fn runnable(bundle: &mut CallBundle) {
    for call in &mut bundle.calls {
        if let Some(behavior) = &mut call.behavior_on_error {
            *behavior %= 3;
        }
    }
    if let Some(nonce) = &mut bundle.nonce {
        *nonce &= U256::from(MAX_NONCE);
    }
    if let Some(space) = &mut bundle.space {
        *space &= (U256::from(1) << 160usize) - U256::from(1);
    }
}

/// The bundles on `chain_id`, in the intent's order, with their index among them of each
/// side's own bundle.
pub fn side_bundles(intent: &Intent, chain_id: u64) -> Vec<(&'static str, CallBundle)> {
    let mut all = vec![("originCalls", intent.origin_calls.clone())];
    if let Some(destination) = &intent.destination_calls {
        all.push(("destinationCalls", destination.clone()));
    }
    all.into_iter().filter(|(_, bundle)| bundle.chain_id == chain_id).collect()
}

/// The wallet of the bundles on `chain_id`, with those bundles.
pub fn side(intent: &Intent, chain_id: u64) -> Option<(IntentConfiguration, Vec<(&'static str, CallBundle)>)> {
    let bundles = side_bundles(intent, chain_id);
    let plain: Vec<CallBundle> = bundles.iter().map(|(_, bundle)| bundle.clone()).collect();
    Some((IntentConfiguration::new(intent.owner_address, &plain).ok()?, bundles))
}

/// The guest batch that runs the bundle at `member` in `side`.
fn batch(
    side: &(IntentConfiguration, Vec<(&'static str, CallBundle)>),
    member: &str,
    context: &WalletContext,
) -> Option<intent_core::Bytes> {
    let index = side.1.iter().position(|(name, _)| *name == member)?;
    side.0.guest_batch(context, index, &side.1[index].1)
}

/// `intent` with runnable bundles and every field the intent-address rules check set to what
/// they derive under `context` (which must have a guest module): both addresses, the
/// deposit's `toAddress`, each precondition's owner (the origin one also naming the deposit
/// token and amount) and each meta-transaction's wallet, guest module and guest batch. A
/// destination field without a bundle on the destination chain to derive it from is removed.
pub fn with_derived_addresses(intent: &Intent, context: &WalletContext) -> Intent {
    let mut intent = intent.clone();
    runnable(&mut intent.origin_calls);
    if let Some(destination) = &mut intent.destination_calls {
        runnable(destination);
    }
    let guest = context.guest_module.expect("a context with a guest module");
    let origin = side(&intent, intent.origin_chain_id).expect("originCalls is on the origin chain");
    let origin_address = origin.0.address(context);
    intent.origin_intent_address = origin_address;
    intent.deposit_transaction.to_address = origin_address;
    let deposit = intent.deposit_transaction.clone();
    let precondition = &mut intent.origin_precondition;
    precondition.owner_address = origin_address;
    precondition.token_address = deposit.token_address;
    precondition.min_amount = deposit.amount;
    intent.origin_meta_txn.wallet_address = origin_address;
    intent.origin_meta_txn.contract = guest;
    intent.origin_meta_txn.input = batch(&origin, "originCalls", context).expect("the origin batch");

    match side(&intent, intent.destination_chain_id) {
        Some(destination) => {
            let address: Address = destination.0.address(context);
            if let Some(given) = &mut intent.destination_intent_address {
                *given = address;
            }
            if let Some(precondition) = &mut intent.destination_precondition {
                precondition.owner_address = address;
            }
            let input = batch(&destination, "destinationCalls", context);
            match (&mut intent.destination_meta_txn, input) {
                (Some(meta_txn), Some(input)) => {
                    meta_txn.wallet_address = address;
                    meta_txn.contract = guest;
                    meta_txn.input = input;
                }
                (meta_txn, None) => *meta_txn = None,
                (None, Some(_)) => {}
            }
        }
        None => {
            intent.destination_intent_address = None;
            intent.destination_precondition = None;
            intent.destination_meta_txn = None;
        }
    }
    intent
}

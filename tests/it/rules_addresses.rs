//! The intent-address rules (docs/spec.md §7, 5.6–5.7): an intent whose addresses,
//! preconditions and meta-transactions are derived from its owner and bundles passes both
//! checks, and each field changed alone is refused with exactly its reason at exactly its
//! path. Which bundles a side commits to (the published client's: `originCalls` then
//! `destinationCalls`, those on the side's chain) is shown on a same-chain and a cross-chain
//! intent; the guest batch's bytes are checked against 5.7's layout, written out here.

use crate::generators;
use crate::support;

use generators::{flip, Config, World};
use intent_core::rules::{check_intent_addresses, check_meta_transactions};
use intent_core::wallet::{packed_payload, IntentConfiguration, WalletContext};
use intent_core::{Address, Bytes, Error, Intent, Reason, U256};
use intent_test_support::addresses::{side, with_derived_addresses};
use proptest::prelude::*;
use support::proptest_config;

fn addr(text: &str) -> Address {
    text.parse().unwrap()
}

/// A deployment other than the published one (another factory, modules and creation code).
pub(crate) fn local_context() -> WalletContext {
    WalletContext {
        factory: addr("0x5FbDB2315678afecb367f032d93F642f64180aa3"),
        main_module: addr("0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"),
        main_module_upgradable: addr("0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0"),
        guest_module: Some(addr("0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9")),
        creation_code: Bytes::from_static(&[0x60, 0x00, 0x60, 0x00, 0xf3]),
    }
}

/// Which rule a change breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Checked {
    Addresses,
    MetaTransactions,
}

/// One field of a valid intent changed: what, the check that must refuse it, its reason and
/// its path.
pub(crate) struct Broken {
    pub what: &'static str,
    pub intent: Intent,
    pub checked: Checked,
    pub reason: Reason,
    pub path: &'static str,
}

impl Broken {
    pub(crate) fn run(&self, context: &WalletContext) -> Result<(), Error> {
        match self.checked {
            Checked::Addresses => check_intent_addresses(&self.intent, context),
            Checked::MetaTransactions => check_meta_transactions(&self.intent, context),
        }
    }
}

/// Every single change of `valid` (an intent both checks accept) that breaks one rule.
pub(crate) fn breakages(valid: &Intent) -> Vec<Broken> {
    use Checked::{Addresses, MetaTransactions};
    let mut out = Vec::new();
    let mut add = |what, checked, reason, path, change: &dyn Fn(&mut Intent)| {
        let mut intent = valid.clone();
        change(&mut intent);
        out.push(Broken { what, intent, checked, reason, path });
    };
    let mismatch = Reason::IntentAddressMismatch;
    add("originIntentAddress", Addresses, mismatch, "originIntentAddress", &|i| {
        i.origin_intent_address = flip(i.origin_intent_address)
    });
    add("one byte of an origin call", Addresses, mismatch, "originIntentAddress", &|i| {
        let bundle = &mut i.origin_calls;
        match bundle.calls.first_mut() {
            Some(call) => call.to = flip(call.to),
            None => bundle.nonce = Some(bundle.nonce.unwrap_or_default() ^ U256::from(1)),
        }
    });
    add("the owner", Addresses, mismatch, "originIntentAddress", &|i| i.owner_address = flip(i.owner_address));
    let destination_derived = side(valid, valid.destination_chain_id).is_some();
    if destination_derived {
        add("destinationIntentAddress", Addresses, mismatch, "destinationIntentAddress", &|i| {
            i.destination_intent_address = Some(flip(i.destination_intent_address.unwrap_or(i.origin_intent_address)))
        });
    } else {
        add(
            "a destinationIntentAddress with nothing to derive it from",
            Addresses,
            mismatch,
            "destinationIntentAddress",
            &|i| i.destination_intent_address = Some(i.origin_intent_address),
        );
    }
    add("depositTransaction.toAddress", Addresses, mismatch, "depositTransaction.toAddress", &|i| {
        i.deposit_transaction.to_address = flip(i.deposit_transaction.to_address)
    });
    add("originPrecondition.ownerAddress", Addresses, mismatch, "originPrecondition.ownerAddress", &|i| {
        i.origin_precondition.owner_address = flip(i.origin_precondition.owner_address)
    });
    add("originMetaTxn.walletAddress", Addresses, mismatch, "originMetaTxn.walletAddress", &|i| {
        i.origin_meta_txn.wallet_address = flip(i.origin_meta_txn.wallet_address)
    });
    add("destinationPrecondition.ownerAddress", Addresses, mismatch, "destinationPrecondition.ownerAddress", &|i| {
        let precondition = i.destination_precondition.get_or_insert_with(|| i.origin_precondition.clone());
        precondition.owner_address = flip(precondition.owner_address)
    });
    add("destinationMetaTxn.walletAddress", Addresses, mismatch, "destinationMetaTxn.walletAddress", &|i| {
        let meta_txn = i.destination_meta_txn.get_or_insert_with(|| i.origin_meta_txn.clone());
        meta_txn.wallet_address = flip(meta_txn.wallet_address)
    });
    add(
        "originPrecondition.tokenAddress",
        Addresses,
        Reason::PreconditionMismatch,
        "originPrecondition.tokenAddress",
        &|i| i.origin_precondition.token_address = flip(i.origin_precondition.token_address),
    );
    if !valid.deposit_transaction.amount.is_zero() {
        add(
            "originPrecondition.minAmount",
            Addresses,
            Reason::PreconditionMismatch,
            "originPrecondition.minAmount",
            &|i| i.origin_precondition.min_amount = i.deposit_transaction.amount - U256::from(1),
        );
    }
    let meta = Reason::MetaTransactionMismatch;
    add("originMetaTxn.contract", MetaTransactions, meta, "originMetaTxn.contract", &|i| {
        i.origin_meta_txn.contract = flip(i.origin_meta_txn.contract)
    });
    add("one byte of originMetaTxn.input", MetaTransactions, meta, "originMetaTxn.input", &|i| {
        let mut input = i.origin_meta_txn.input.to_vec();
        let last = input.len() - 1;
        input[last] ^= 0x01;
        i.origin_meta_txn.input = input.into();
    });
    add("originMetaTxn.input without its last byte", MetaTransactions, meta, "originMetaTxn.input", &|i| {
        let input = &i.origin_meta_txn.input;
        i.origin_meta_txn.input = input.slice(..input.len() - 1);
    });
    add("an origin call", MetaTransactions, meta, "originMetaTxn.input", &|i| {
        let bundle = &mut i.origin_calls;
        bundle.nonce = Some(bundle.nonce.unwrap_or_default() ^ U256::from(1));
    });
    add("destinationMetaTxn.contract", MetaTransactions, meta, "destinationMetaTxn.contract", &|i| {
        let meta_txn = i.destination_meta_txn.get_or_insert_with(|| i.origin_meta_txn.clone());
        meta_txn.contract = flip(meta_txn.contract)
    });
    add("destinationMetaTxn.input", MetaTransactions, meta, "destinationMetaTxn.input", &|i| {
        let meta_txn = i.destination_meta_txn.get_or_insert_with(|| i.origin_meta_txn.clone());
        let mut input = meta_txn.input.to_vec();
        input.push(0);
        meta_txn.input = input.into();
    });
    out
}

fn assert_breaks(valid: &Intent, context: &WalletContext) -> Result<(), TestCaseError> {
    prop_assert_eq!(check_intent_addresses(valid, context), Ok(()));
    prop_assert_eq!(check_meta_transactions(valid, context), Ok(()));
    for broken in breakages(valid) {
        let error = match broken.run(context) {
            Ok(()) => return Err(TestCaseError::fail(format!("{} passed {:?}", broken.what, broken.checked))),
            Err(error) => error,
        };
        prop_assert_eq!(
            (error.reason(), error.path()),
            (broken.reason, Some(broken.path)),
            "{}: {}",
            broken.what,
            error
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(proptest_config(32))]

    #[test]
    fn a_derived_intent_passes_and_each_field_changed_is_refused_at_its_path(
        world in generators::world(Config::EVERY_MODE),
    ) {
        let world: World = world;
        for context in [WalletContext::PUBLISHED, local_context()] {
            let valid = with_derived_addresses(&world.intent, &context);
            assert_breaks(&valid, &context)?;
        }
    }
}

/// A generated intent on `origin` and `destination`, each side with its bundle.
fn two_sided(origin: u64, destination: u64) -> Intent {
    let mut intent = crate::fixtures::intent();
    intent.origin_chain_id = origin;
    intent.destination_chain_id = destination;
    intent.origin_calls.chain_id = origin;
    let mut destination_calls = intent.origin_calls.clone();
    destination_calls.chain_id = destination;
    destination_calls.nonce = Some(U256::from(1));
    intent.destination_calls = Some(destination_calls);
    intent.destination_intent_address = Some(Address::ZERO);
    with_derived_addresses(&intent, &WalletContext::PUBLISHED)
}

#[test]
fn a_same_chain_intents_two_addresses_are_one_wallet_of_both_bundles() {
    let intent = two_sided(8453, 8453);
    let both = [intent.origin_calls.clone(), intent.destination_calls.clone().unwrap()];
    let wallet = IntentConfiguration::new(intent.owner_address, &both).unwrap().address(&WalletContext::PUBLISHED);
    assert_eq!(intent.origin_intent_address, wallet);
    assert_eq!(intent.destination_intent_address, Some(wallet));
    assert_eq!(check_intent_addresses(&intent, &WalletContext::PUBLISHED), Ok(()));
    // The origin bundle alone is another wallet, which the rule refuses.
    let alone = IntentConfiguration::new(intent.owner_address, &both[..1]).unwrap().address(&WalletContext::PUBLISHED);
    let mut other = intent.clone();
    other.origin_intent_address = alone;
    let error = check_intent_addresses(&other, &WalletContext::PUBLISHED).unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::IntentAddressMismatch, Some("originIntentAddress")));
}

#[test]
fn a_cross_chain_intents_addresses_are_one_wallet_per_chain() {
    let intent = two_sided(42161, 8453);
    let context = WalletContext::PUBLISHED;
    let origin = IntentConfiguration::new(intent.owner_address, std::slice::from_ref(&intent.origin_calls)).unwrap();
    let destination =
        IntentConfiguration::new(intent.owner_address, &[intent.destination_calls.clone().unwrap()]).unwrap();
    assert_eq!(intent.origin_intent_address, origin.address(&context));
    assert_eq!(intent.destination_intent_address, Some(destination.address(&context)));
    assert_eq!(check_intent_addresses(&intent, &context), Ok(()));
    assert_eq!(check_meta_transactions(&intent, &context), Ok(()));
    // The addresses under another context are other wallets.
    let error = check_intent_addresses(&intent, &local_context()).unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::IntentAddressMismatch, Some("originIntentAddress")));
    // Without a guest module nothing is the guest module.
    let no_guest = WalletContext { guest_module: None, ..context };
    let error = check_meta_transactions(&intent, &no_guest).unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::MetaTransactionMismatch, Some("originMetaTxn.contract")));
}

#[test]
fn a_bundle_v3_cannot_run_is_refused_below_its_member() {
    let mut intent = two_sided(42161, 8453);
    intent.destination_calls.as_mut().unwrap().nonce = Some(U256::from(1) << 56usize);
    for error in [
        check_intent_addresses(&intent, &WalletContext::PUBLISHED).unwrap_err(),
        check_meta_transactions(&intent, &WalletContext::PUBLISHED).unwrap_err(),
    ] {
        assert_eq!((error.reason(), error.path()), (Reason::NumberOutOfRange, Some("destinationCalls.nonce")));
    }
}

/// docs/spec.md 5.7's guest batch, byte by byte: the packed payload of two calls (flag
/// `0x03`: space 0, a one-byte nonce; nonce `0x00`; count `0x02`), the deploy with flags
/// `0x04` (data, IGNORE) to the factory, the execute with flags `0x44` (data, REVERT) to the
/// wallet, each with its 3-byte data length and ABI calldata.
#[test]
fn the_guest_batch_is_deploy_then_execute() {
    let intent = two_sided(42161, 8453);
    let context = WalletContext::PUBLISHED;
    let configuration =
        IntentConfiguration::new(intent.owner_address, std::slice::from_ref(&intent.origin_calls)).unwrap();
    let batch = configuration.guest_batch(&context, 0, &intent.origin_calls).unwrap();

    let word = |bytes: &[u8]| {
        let mut out = vec![0u8; 32 - bytes.len()];
        out.extend_from_slice(bytes);
        out
    };
    let padded = |bytes: &[u8]| {
        let mut out = word(&U256::from(bytes.len()).to_be_bytes::<32>());
        out.extend_from_slice(bytes);
        out.resize(out.len() + (32 - bytes.len() % 32) % 32, 0);
        out
    };
    let mut deploy = vec![0x32, 0xc0, 0x2a, 0x14];
    deploy.extend(word(context.main_module.as_slice()));
    deploy.extend(configuration.image_hash().as_slice());
    let payload = packed_payload(&intent.origin_calls).unwrap();
    let signature = configuration.bundle_signature(0).unwrap();
    let mut execute = vec![0x1f, 0x6a, 0x1e, 0xb9];
    let payload_part = padded(&payload);
    execute.extend(word(&[0x40]));
    execute.extend(word(&U256::from(0x40 + payload_part.len()).to_be_bytes::<32>()));
    execute.extend(payload_part);
    execute.extend(padded(&signature));

    let mut expected = vec![0x03, 0x00, 0x02, 0x04];
    expected.extend(context.factory.as_slice());
    expected.extend(&(deploy.len() as u32).to_be_bytes()[1..]);
    expected.extend(&deploy);
    expected.push(0x44);
    expected.extend(configuration.address(&context).as_slice());
    expected.extend(&(execute.len() as u32).to_be_bytes()[1..]);
    expected.extend(&execute);
    assert_eq!(batch.to_vec(), expected);

    // Another bundle, or an index beyond the configuration, has no batch.
    assert_eq!(configuration.guest_batch(&context, 1, &intent.origin_calls), None);
    let other = intent.destination_calls.clone().unwrap();
    assert_eq!(configuration.guest_batch(&context, 0, &other), None);
}

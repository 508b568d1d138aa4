//! Relaying gasless deposits and executing intents (docs/spec.md §12, Relaying and The
//! executor). Once a gasless ExecuteIntent is EXECUTING, the relayer submits the deposit to
//! the origin chain (the entrypoint's deposit call, or the token's permit in permit-only
//! mode) and follows it to the receipt's deposit transaction: SENT, MINING, SUCCEEDED, or
//! the intent FAILED with the decoded revert. On a chain with `wallet`, the same task then
//! executes each EXECUTING intent through the core's steps: the precondition's balance, the
//! origin meta-transaction, its receipt. It runs off the request path: the records hand each
//! gasless execution to its chain's queue after the change that made it EXECUTING, and the
//! request is answered; the executor finds its intents in the store.
//!
//! What lives here: the relayer's key ([`key`]), the calls and revert decoding ([`calls`]),
//! one task per chain that signs, stores, sends, replaces and follows every transaction of
//! the relayer there ([`sender`]), the executor's steps ([`origin`]), and [`start`], which
//! starts those tasks and gives the records each chain's reach (its queue, or why nothing
//! is relayed or executed there) and its relayer's funds. What does not: the chain facts an
//! execute is judged with, and the connection to each chain's node, which the relayer
//! takes from there ([`crate::chain`]: one scheme rule, one chain-id check, one timeout);
//! the judgement of an origin receipt and the time bound (the core's); the record changes
//! themselves, which the tasks make through the records' [`Deposits`] handle
//! ([`crate::records`]); and the signed transactions table and the relay queue (the
//! store's, [`crate::store`]).

mod calls;
mod key;
mod origin;
mod route;
mod sender;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use alloy_network::EthereumWallet;
use tokio::sync::mpsc;

use crate::attest::IrisClient;
use crate::chain::ChainView;
use crate::config::ServiceConfig;
use crate::metrics::Metrics;
use crate::records::{Deposits, Funds, Reach, Relaying, Stalls};

pub use key::{KeyError, RelayerKey};
pub use sender::FOLLOW_EVERY;

/// Blocks after which a sent transaction not mined is replaced, when the chain's
/// `replaceAfterBlocks` is absent.
pub const REPLACE_AFTER_BLOCKS: u64 = 3;

/// How many times one transaction is replaced, when the chain's `maxFeeBumps` is absent.
pub const MAX_FEE_BUMPS: u64 = 5;

/// The status reason of a gasless deposit the service has no key to relay.
pub const NO_KEY: &str = "not relayed: the service has no relayer key (--relayer-key-file or INTENT_RELAYER_KEY)";

/// Starts one relayer task per chain of `config` whose node `chain` holds
/// ([`ChainView::node`]: the node the facts are read from), signing with `key` and changing
/// records through `deposits`; without a key none runs. Answers each configured chain's
/// reach, for the records: its task's queue, or why nothing is relayed on it (the reason a
/// pending gasless deposit's receipt gives). Each task first follows the relays an earlier
/// run left pending, then relays the intents queued in the store for its chain, whoever
/// queued them, then each execution handed to it.
pub fn start(
    config: &ServiceConfig,
    key: Option<&RelayerKey>,
    deposits: &Deposits,
    chain: &Arc<ChainView>,
    metrics: &Arc<Metrics>,
) -> Relaying {
    let mut reach = HashMap::new();
    let mut funds = HashMap::new();
    let mut wakes = HashMap::new();
    let mut executed = HashSet::new();
    let stalls = Arc::new(config.attestation.as_ref().map_or_else(Stalls::default, |a| Stalls::new(a.wait_bound())));
    let attester = config.attestation.as_ref().and_then(|attestation| {
        IrisClient::new(&attestation.url, config.server_limits().node_timeout)
            .map_err(|e| tracing::warn!(error = %e, "executor: no attester client; cross-chain intents wait"))
            .ok()
            .map(Arc::new)
    });
    for configured in &config.chains {
        let chain_id = configured.chain_id;
        if configured.wallet.is_some() {
            executed.insert(chain_id);
        }
        let not_relayed = match (key, chain.node(chain_id)) {
            (None, _) => Some(NO_KEY.to_owned()),
            (_, None) => Some(format!("not relayed: chain {chain_id} has no rpcUrl in the service configuration")),
            _ => None,
        };
        if let Some(reason) = not_relayed {
            reach.insert(chain_id, Reach::NotRelayed(reason));
            if configured.wallet.is_some() {
                tokio::spawn(origin::give_up_on(chain_id, deposits.clone(), metrics.clone(), FOLLOW_EVERY * 10));
            }
            continue;
        }
        let (Some(key), Some(node)) = (key, chain.node(chain_id)) else { continue };
        let chain_funds = Arc::new(Funds::default());
        funds.insert(chain_id, chain_funds.clone());
        let wake = Arc::new(tokio::sync::Notify::new());
        if configured.wallet.is_some() {
            wakes.insert(chain_id, wake.clone());
        }
        let sender = sender::ChainSender {
            node: node.clone(),
            wake,
            replace_after: configured.replace_after_blocks.unwrap_or(REPLACE_AFTER_BLOCKS).max(1),
            max_bumps: configured.max_fee_bumps.unwrap_or(MAX_FEE_BUMPS),
            funds: chain_funds,
            executes: configured.wallet.is_some(),
            wallet: EthereumWallet::from(key.signer().clone()),
            relayer: key.address(),
            attester: attester.clone(),
            transmitter: configured.cctp.as_ref().map(|cctp| cctp.message_transmitter),
            stalls: stalls.clone(),
            deposits: deposits.clone(),
            chain: chain.clone(),
            metrics: metrics.clone(),
        };
        let (queue, queued) = mpsc::unbounded_channel();
        tokio::spawn(sender.run(queued));
        reach.insert(chain_id, Reach::Relayed(queue));
    }
    Relaying::new(reach).with_funds(funds).with_wakes(wakes).executing(executed).with_stalls(stalls)
}

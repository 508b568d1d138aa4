//! Relaying gasless deposits (docs/spec.md §12): once a gasless ExecuteIntent is EXECUTING,
//! the relayer submits the deposit to the origin chain (the entrypoint's deposit call, or
//! the token's permit in permit-only mode) and follows it to the receipt's deposit
//! transaction: SENT, MINING, SUCCEEDED, or the intent FAILED with the decoded revert. It
//! runs off the request path: the handler hands the intent id over and answers.
//!
//! What lives here: the relayer's key ([`key`]), the calls and revert decoding ([`calls`]),
//! one task per chain that signs, sends and follows ([`sender`]), and [`Relayer`], the
//! handle the HTTP layer holds. The relays table and the relay queue are the store's
//! ([`crate::store`]). What does not: the chain
//! facts an execute is judged with, and the connection to each chain's node, which the
//! relayer takes from there ([`crate::chain`]: one scheme rule, one chain-id check, one
//! timeout); and the record changes themselves ([`crate::records`]).

pub mod calls;
pub mod key;
pub mod sender;

use std::collections::HashMap;
use std::sync::Arc;

use alloy_network::EthereumWallet;
use intent_core::{ExecuteRequest, IntentReceipt, IntentStatus, TransactionStatus};
use tokio::sync::mpsc;

use crate::config::ServiceConfig;
use crate::metrics::Metrics;
use crate::records::Records;

pub use key::{KeyError, RelayerKey};
pub use sender::FOLLOW_EVERY;

/// Whether the relayer can relay on a chain, and why not.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Reach {
    /// A relayer task runs for it.
    Relayed,
    /// Not relayed: the status reason the receipt's pending deposit carries.
    NotRelayed(String),
}

/// The handle of the relayer tasks, one per chain with a node; without a key, none runs.
pub struct Relayer {
    queues: HashMap<u64, mpsc::UnboundedSender<String>>,
    reach: HashMap<u64, Reach>,
    records: Arc<Records>,
    address: Option<alloy_primitives::Address>,
}

/// The status reason of a gasless deposit the service has no key to relay.
pub const NO_KEY: &str = "not relayed: the service has no relayer key (--relayer-key-file or INTENT_RELAYER_KEY)";

impl Relayer {
    /// Starts one relayer task per chain of `config` whose node the records' chain view
    /// holds ([`crate::chain::ChainView::node`]: the node the facts are read from), signing
    /// with `key`; without a key none runs, and every gasless deposit's receipt says why.
    /// Each task first follows the relays an earlier run left pending, then relays the
    /// intents queued in the store for its chain, whoever queued them.
    pub fn start(
        config: &ServiceConfig,
        key: Option<RelayerKey>,
        records: Arc<Records>,
        metrics: Arc<Metrics>,
    ) -> Relayer {
        let mut relayer = Relayer {
            queues: HashMap::new(),
            reach: HashMap::new(),
            records,
            address: key.as_ref().map(RelayerKey::address),
        };
        for chain in &config.chains {
            let chain_id = chain.chain_id;
            let Some(key) = &key else {
                relayer.reach.insert(chain_id, Reach::NotRelayed(NO_KEY.to_owned()));
                continue;
            };
            let Some(node) = relayer.records.chain().node(chain_id) else {
                let reason = format!("not relayed: chain {chain_id} has no rpcUrl in the service configuration");
                relayer.reach.insert(chain_id, Reach::NotRelayed(reason));
                continue;
            };
            let sender = sender::ChainSender {
                node: node.clone(),
                confirmations: chain.deposit_confirmations.unwrap_or(1).max(1),
                wallet: EthereumWallet::from(key.signer().clone()),
                relayer: key.address(),
                records: relayer.records.clone(),
                metrics: metrics.clone(),
            };
            let (queue, queued) = mpsc::unbounded_channel();
            tokio::spawn(sender.run(queued));
            relayer.queues.insert(chain_id, queue);
            relayer.reach.insert(chain_id, Reach::Relayed);
        }
        relayer
    }

    /// The relayer's address, with a key.
    pub fn address(&self) -> Option<alloy_primitives::Address> {
        self.address
    }

    /// What the start says about each chain: relayed, or why not.
    pub fn summary(&self) -> Vec<String> {
        let mut chains: Vec<_> = self.reach.iter().collect();
        chains.sort_by_key(|(chain_id, _)| **chain_id);
        chains
            .into_iter()
            .map(|(chain_id, reach)| match reach {
                Reach::Relayed => format!("chain {chain_id}: gasless deposits relayed"),
                Reach::NotRelayed(reason) => format!("chain {chain_id}: gasless deposits {reason}"),
            })
            .collect()
    }

    /// Hands the intent of `request`, just moved to EXECUTING, to the relayer if it is
    /// gasless (the request carries a deposit signature; a deposit-hash execute is not
    /// loaded again): passed on to its origin chain's relayer task when one runs here. It
    /// is in the store's relay queue already, written in the transaction of the change
    /// that made it EXECUTING, whether or not this instance can relay on that chain (a
    /// restart, with a key or a node it lacks now, relays it then). The relay itself runs
    /// off the request path.
    pub async fn hand(&self, request: &ExecuteRequest) {
        if request.deposit_signature.is_none() {
            return;
        }
        let intent_id = request.intent_id.as_str();
        let intent = match self.records.gasless_execution(intent_id).await {
            Ok(Some((intent, _))) => intent,
            Ok(None) => return,
            Err(e) => return tracing::warn!(intent_id, error = %e, "relayer: cannot load the intent handed over"),
        };
        // Queued in the store already, by the change that made it EXECUTING.
        let chain_id = intent.origin_chain_id;
        // A closed queue: the service is stopping; the next start reads the stored queue.
        if let Some(queue) = self.queues.get(&chain_id) {
            let _ = queue.send(intent_id.to_owned());
        }
    }

    /// Says on `receipt` why its gasless deposit is not relayed, when it is not: an
    /// EXECUTING intent whose deposit transaction is PENDING with no hash (a gasless one
    /// nothing was sent for) on a chain the relayer does not reach.
    pub fn explain(&self, receipt: &mut IntentReceipt) {
        let deposit = &mut receipt.deposit_transaction;
        let waiting = receipt.status == IntentStatus::Executing
            && deposit.status == TransactionStatus::Pending
            && deposit.txn_hash.is_none()
            && deposit.status_reason.is_none();
        if !waiting {
            return;
        }
        let reason = match self.reach.get(&deposit.chain_id) {
            Some(Reach::Relayed) => return,
            Some(Reach::NotRelayed(reason)) => reason.clone(),
            None => format!("not relayed: chain {} is not in the service configuration", deposit.chain_id),
        };
        deposit.status_reason = Some(reason);
    }
}

//! Relaying gasless deposits (docs/spec.md §12): once a gasless ExecuteIntent is EXECUTING,
//! the relayer submits the deposit to the origin chain (the entrypoint's deposit call, or
//! the token's permit in permit-only mode) and follows it to the receipt's deposit
//! transaction: SENT, MINING, SUCCEEDED, or the intent FAILED with the decoded revert. It
//! runs off the request path: the handler hands the intent id over and answers.
//!
//! What lives here: the relayer's key ([`key`]), the calls and revert decoding ([`calls`]),
//! the relays table ([`ledger`]), one task per chain that signs, sends and follows
//! ([`sender`]), and [`Relayer`], the handle the HTTP layer holds. What does not: the chain
//! facts an execute is judged with ([`crate::chain`]), and the record changes themselves
//! ([`crate::records`]).

pub mod calls;
pub mod key;
pub mod ledger;
pub mod sender;

use std::collections::HashMap;
use std::sync::Arc;

use alloy_network::EthereumWallet;
use alloy_provider::{DynProvider, Provider, ProviderBuilder};
use intent_core::{IntentReceipt, IntentStatus, TransactionStatus};
use tokio::sync::mpsc;

use crate::config::ServiceConfig;
use crate::metrics::Metrics;
use crate::records::Records;

pub use key::{KeyError, RelayerKey};
pub use sender::{FOLLOW_EVERY, RPC_TIMEOUT};

/// Why the relayer cannot start.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RelayError {
    /// A chain's `rpcUrl` is not a URL alloy's HTTP transport takes.
    #[error("chains[chainId {chain_id}].rpcUrl: {error}")]
    RpcUrl {
        /// The chain.
        chain_id: u64,
        /// Why.
        error: String,
    },
}

/// The provider of one chain's node, over HTTP, with no fillers: the relayer sets every
/// field of what it signs itself (its nonce above all).
async fn provider(chain_id: u64, url: &str) -> Result<DynProvider, RelayError> {
    let provider = ProviderBuilder::new()
        .disable_recommended_fillers()
        .connect(url)
        .await
        .map_err(|e| RelayError::RpcUrl { chain_id, error: e.to_string() })?;
    Ok(provider.erased())
}

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
    records: Option<Arc<Records>>,
    address: Option<alloy_primitives::Address>,
}

/// The status reason of a gasless deposit the service has no key to relay.
pub const NO_KEY: &str = "not relayed: the service has no relayer key (--relayer-key-file or INTENT_RELAYER_KEY)";

impl Relayer {
    /// A relayer that relays nothing: every gasless deposit's receipt says why.
    pub fn without_key(config: &ServiceConfig) -> Relayer {
        let reach = config.chains.iter().map(|chain| (chain.chain_id, Reach::NotRelayed(NO_KEY.to_owned()))).collect();
        Relayer { queues: HashMap::new(), reach, records: None, address: None }
    }

    /// Starts one relayer task per chain of `config` with an `rpcUrl`, signing with `key`
    /// (none without a key: see [`Relayer::without_key`]). Each first follows the relays an
    /// earlier run left pending.
    ///
    /// # Errors
    ///
    /// [`RelayError`].
    pub async fn start(
        config: &ServiceConfig,
        key: Option<RelayerKey>,
        records: Arc<Records>,
        metrics: Arc<Metrics>,
    ) -> Result<Relayer, RelayError> {
        let Some(key) = key else { return Ok(Relayer::without_key(config)) };
        let mut relayer = Relayer {
            queues: HashMap::new(),
            reach: HashMap::new(),
            records: Some(records.clone()),
            address: Some(key.address()),
        };
        for chain in &config.chains {
            let Some(url) = &chain.rpc_url else {
                let reason =
                    format!("not relayed: chain {} has no rpcUrl in the service configuration", chain.chain_id);
                relayer.reach.insert(chain.chain_id, Reach::NotRelayed(reason));
                continue;
            };
            let sender = sender::ChainSender {
                chain_id: chain.chain_id,
                confirmations: chain.deposit_confirmations.unwrap_or(1).max(1),
                provider: provider(chain.chain_id, url).await?,
                wallet: EthereumWallet::from(key.signer().clone()),
                relayer: key.address(),
                records: records.clone(),
                metrics: metrics.clone(),
            };
            let (queue, queued) = mpsc::unbounded_channel();
            tokio::spawn(sender.run(queued));
            relayer.queues.insert(chain.chain_id, queue);
            relayer.reach.insert(chain.chain_id, Reach::Relayed);
        }
        Ok(relayer)
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

    /// Hands `intent_id`, just moved to EXECUTING, to its origin chain's relayer task if it
    /// is gasless and that chain is relayed: queued in the store first (so a restart finds
    /// it), then passed on; the relay itself runs off the request path.
    pub async fn hand(&self, intent_id: &str) {
        let (Some(records), Some(relayer)) = (&self.records, self.address) else { return };
        let intent = match records.gasless_execution(intent_id).await {
            Ok(Some((intent, _))) => intent,
            Ok(None) => return,
            Err(e) => return tracing::warn!(intent_id, error = %e, "relayer: cannot load the intent handed over"),
        };
        let Some(queue) = self.queues.get(&intent.origin_chain_id) else { return };
        if let Err(e) = ledger::enqueue(records.store(), intent_id, intent.origin_chain_id, relayer).await {
            tracing::warn!(intent_id, error = %e, "relayer: cannot queue the intent; it is relayed if this instance lives");
        }
        // A closed queue: the service is stopping; the next start reads the stored queue.
        let _ = queue.send(intent_id.to_owned());
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

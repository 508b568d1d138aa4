//! What only the chain knows, as the core takes it (docs/spec.md §6.5, §12): the deposit
//! token's permit domain and the owner's permit nonce, the owner's entrypoint nonce, the
//! evidence of a deposit transaction, and whether an unverified permit or deposit hash is
//! accepted; and the per-chain policy (entrypoint names, confirmations).
//!
//! A chain with an `rpcUrl` has a [`Node`]: at execute time its facts are read from it
//! ([`reads`]), once the record is loaded for its status and before the compare-and-swap
//! that changes it (never inside a database transaction), within `server.nodeTimeoutMillis`.
//! A node that does not answer in time is CHAIN_NODE_UNAVAILABLE (ChainNodeHealth 9001,
//! 503) and a deposit transaction it has not mined DEPOSIT_NOT_MINED: neither is a verdict,
//! and the record is left as it was. A token whose permit domain cannot be established (its
//! `eip712Domain()` or `DOMAIN_SEPARATOR()` contradicts the configuration, or it has
//! neither) is a configuration error: logged the first time it is seen, listed by
//! `/healthz`, and the permit is then unverified (PERMIT_UNVERIFIED unless
//! `acceptUnverifiedPermits`), not the user's fault.
//!
//! A chain without `rpcUrl` keeps the configured facts: the permit domain of
//! `tokens[].permit` with permit nonce 0 (a fresh owner's), no entrypoint nonce (a used one
//! is refused by the store's unique key), no deposit evidence (a deposit hash is
//! DEPOSIT_UNVERIFIED unless `acceptUnverifiedDeposits`, unsafe, warned about at start).
//!
//! Sending transactions is not here: the relayer ([`crate::relay`]) takes each chain's
//! node from [`ChainView::node`] and has it checked by [`ChainView::check_chain_id`], so a
//! node is connected, and its chain id checked, in one place.

pub mod contracts;
mod node;
pub(crate) mod reads;

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

use alloy_primitives::B256;
use intent_core::eip712::{Domain, EntrypointNames};
use intent_core::{
    Address, ChainFacts, DepositEvidence, ExecuteRequest, Intent, Policy, ServerFailure, TokenPermit, U256,
};

pub use node::{Node, NodeError};
pub use reads::origin_evidence;
use reads::TokenDomain;

use crate::config::{ConfigError, ServiceConfig};
use crate::failure::Failure;

/// The chain facts of the configuration and of the chains' nodes.
#[derive(Debug)]
pub struct ChainView {
    config: ServiceConfig,
    nodes: HashMap<u64, Node>,
    /// Each (chain, token)'s permit domain once established: a domain, or the
    /// configuration error that keeps it unknown.
    domains: Mutex<HashMap<(u64, Address), TokenDomain>>,
    /// The configuration errors seen, by (chain, token), for `/healthz`.
    problems: Mutex<BTreeMap<(u64, Address), String>>,
    /// The nodes whose chain id has been checked against the configuration's.
    checked: Mutex<HashMap<u64, bool>>,
}

/// The facts for one intent, owned; [`KnownFacts::as_chain_facts`] lends them to the core.
#[derive(Debug, Clone)]
pub struct KnownFacts {
    token_permit: Option<TokenPermit>,
    entrypoint_nonce: Option<U256>,
    deposit_evidence: Option<DepositEvidence>,
    accept_unverified_permit: bool,
    accept_unverified_deposit: bool,
}

/// What a quote reads of its chain's node: the pool's reserves and the gas price.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuoteReads {
    /// The pool asked for, as (the reserve of the token sold, of the token bought): `None`
    /// when no pool was asked for, `Some(None)` when the router's factory has none.
    pub reserves: Option<Option<(U256, U256)>>,
    /// The node's gas price, in wei.
    pub gas_price: U256,
}

/// Why the chain's facts could not be read: answered without changing the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadFailure {
    /// The node of `chain_id` failed (logged with `detail`).
    NodeUnavailable {
        /// The chain.
        chain_id: u64,
        /// What failed, for the log.
        detail: String,
    },
    /// The deposit transaction is not mined yet (or unknown to the node).
    DepositNotMined,
}

impl From<ReadFailure> for Failure {
    fn from(failure: ReadFailure) -> Self {
        match failure {
            ReadFailure::NodeUnavailable { chain_id, detail } => {
                tracing::warn!(chain_id, detail = %detail, "chain node unavailable");
                ServerFailure::ChainNodeUnavailable { chain_id }.into()
            }
            ReadFailure::DepositNotMined => ServerFailure::DepositNotMined.into(),
        }
    }
}

impl ChainView {
    /// The facts of `config`, with a node for each chain that names an `rpcUrl`.
    ///
    /// # Errors
    ///
    /// [`ConfigError::Unusable`] for an `rpcUrl` that is not an http(s) URL.
    pub fn new(config: ServiceConfig) -> Result<Self, ConfigError> {
        let timeout = config.server_limits().node_timeout;
        let mut nodes = HashMap::new();
        for chain in &config.chains {
            if let Some(url) = &chain.rpc_url {
                let node = Node::connect(chain.chain_id, url, timeout)
                    .map_err(|why| ConfigError::Unusable(format!("chain {}: {why}", chain.chain_id)))?;
                nodes.insert(chain.chain_id, node);
            }
        }
        Ok(ChainView {
            config,
            nodes,
            domains: Mutex::new(HashMap::new()),
            problems: Mutex::new(BTreeMap::new()),
            checked: Mutex::new(HashMap::new()),
        })
    }

    /// The configuration the facts are read from.
    pub fn config(&self) -> &ServiceConfig {
        &self.config
    }

    /// The node of `chain_id`, when the configuration names one.
    pub fn node(&self, chain_id: u64) -> Option<&Node> {
        self.nodes.get(&chain_id)
    }

    /// The chains the configuration lists without a node, in its order.
    pub fn chains_without_node(&self) -> Vec<u64> {
        self.config.chains.iter().filter(|c| c.rpc_url.is_none()).map(|c| c.chain_id).collect()
    }

    /// The nodes, by chain id.
    pub fn nodes(&self) -> impl Iterator<Item = &Node> {
        self.nodes.values()
    }

    /// One line per chain for `/healthz` and the start: where its facts come from, then
    /// each configuration error seen.
    pub fn health_lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .config
            .chains
            .iter()
            .map(|chain| match &chain.rpc_url {
                Some(_) => format!("chain {}: facts read from its node", chain.chain_id),
                None => format!(
                    "chain {}: no node (no rpcUrl): configured facts, deposit hashes {}",
                    chain.chain_id,
                    if self.config.accept_unverified_deposits == Some(true) {
                        "accepted unverified (acceptUnverifiedDeposits)"
                    } else {
                        "refused as DEPOSIT_UNVERIFIED"
                    }
                ),
            })
            .collect();
        let problems = self.problems.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        lines.extend(
            problems.iter().map(|((chain_id, _), why)| format!("chain {chain_id}: configuration error: {why}")),
        );
        lines
    }

    /// The policy of intents from `chain_id`: `default` with the chain's entrypoint names
    /// (each absent one: `default`'s) and its `depositConfirmations`.
    pub fn policy(&self, default: &Policy, chain_id: u64) -> Policy {
        let mut policy = default.clone();
        if let Some(chain) = self.config.chain(chain_id) {
            let names = &chain.entrypoint;
            policy.entrypoint = EntrypointNames {
                type_name: names.type_name.clone().map_or(default.entrypoint.type_name.clone(), Into::into),
                domain_name: names.name.clone().map_or(default.entrypoint.domain_name.clone(), Into::into),
                domain_version: names.version.clone().map_or(default.entrypoint.domain_version.clone(), Into::into),
            };
            if let Some(confirmations) = chain.deposit_confirmations {
                policy.deposit_confirmations = confirmations;
            }
        }
        policy
    }

    /// The configured facts about `intent`'s deposit token and owner, as a chain without a
    /// node has them: the permit domain of the configuration, permit nonce 0.
    pub fn facts(&self, intent: &Intent) -> KnownFacts {
        let token = intent.deposit_transaction.token_address;
        let token_permit =
            self.config.token(intent.origin_chain_id, token).and_then(|t| t.permit.as_ref()).map(|permit| {
                TokenPermit {
                    domain: Domain {
                        name: Some(permit.name.clone().into()),
                        version: Some(permit.version.clone().into()),
                        chain_id: Some(U256::from(intent.origin_chain_id)),
                        verifying_contract: Some(token),
                        salt: None,
                    },
                    nonce: U256::ZERO,
                }
            });
        KnownFacts {
            token_permit,
            entrypoint_nonce: None,
            deposit_evidence: None,
            accept_unverified_permit: self.config.accept_unverified_permits.unwrap_or(false),
            accept_unverified_deposit: self.config.accept_unverified_deposits.unwrap_or(false),
        }
    }

    /// The facts `request` needs about `intent`: read from the origin chain's node when it
    /// has one (only those the request's mode uses), else the configured ones.
    ///
    /// # Errors
    ///
    /// [`ReadFailure::NodeUnavailable`] when the node fails or takes longer than the
    /// timeout; [`ReadFailure::DepositNotMined`] for a deposit hash the node has not mined.
    pub async fn read_facts(&self, intent: &Intent, request: &ExecuteRequest) -> Result<KnownFacts, ReadFailure> {
        let chain_id = intent.origin_chain_id;
        let Some(node) = self.nodes.get(&chain_id) else { return Ok(self.facts(intent)) };
        let unavailable = |detail: String| ReadFailure::NodeUnavailable { chain_id, detail };
        let mut facts = KnownFacts { token_permit: None, ..self.facts(intent) };
        let signature = request.deposit_signature.as_ref();
        let wants_permit = signature.is_some_and(|s| s.permit_signature.is_some());
        let entrypoint = self.config.chain(chain_id).and_then(|c| c.entrypoint.address.address());
        let wants_nonce = signature.is_some_and(|s| s.intent_signature.is_some()) && entrypoint.is_some();
        let owner = intent.owner_address;
        let token = intent.deposit_transaction.token_address;
        let reads = async {
            self.check_chain_id(node).await.map_err(Read::Node)?;
            let permit = async {
                if wants_permit && token != Address::ZERO {
                    self.token_permit(node, token, owner).await
                } else {
                    Ok(None)
                }
            };
            let nonce = async {
                match entrypoint {
                    Some(entrypoint) if wants_nonce => {
                        reads::entrypoint_nonce(node, entrypoint, owner).await.map(Some).map_err(Read::Node)
                    }
                    _ => Ok(None),
                }
            };
            let evidence = async {
                match request.deposit_transaction_hash {
                    Some(hash) => match reads::deposit_evidence(node, hash).await.map_err(Read::Node)? {
                        Some(evidence) => Ok(Some(evidence)),
                        None => self.evidence_elsewhere(chain_id, hash).await.map(Some).ok_or(Read::NotMined),
                    },
                    None => Ok(None),
                }
            };
            tokio::try_join!(permit, nonce, evidence)
        };
        let (permit, nonce, evidence) = match tokio::time::timeout(node.timeout(), reads).await {
            Ok(Ok(read)) => read,
            Ok(Err(Read::NotMined)) => return Err(ReadFailure::DepositNotMined),
            Ok(Err(Read::Node(error))) => return Err(unavailable(error.to_string())),
            Err(_) => return Err(unavailable(format!("no answer within {} ms", node.timeout().as_millis()))),
        };
        facts.token_permit = permit;
        facts.entrypoint_nonce = nonce;
        facts.deposit_evidence = evidence;
        Ok(facts)
    }

    /// What a quote on `chain_id` reads of its node, within the node's timeout: the gas
    /// price, and the reserves of the Uniswap V2 pool of `pool` (router, token sold, token
    /// bought) when one is asked for. `None` for a chain without a node.
    ///
    /// # Errors
    ///
    /// [`ReadFailure::NodeUnavailable`] when the node fails, takes longer than the timeout,
    /// or the router or pool refuses a call (a configuration error, not the user's).
    pub async fn quote_reads(
        &self,
        chain_id: u64,
        pool: Option<(Address, Address, Address)>,
    ) -> Result<Option<QuoteReads>, ReadFailure> {
        let Some(node) = self.nodes.get(&chain_id) else { return Ok(None) };
        let read = async {
            self.check_chain_id(node).await?;
            let reserves = async {
                match pool {
                    Some((router, sold, bought)) => reads::pool_reserves(node, router, sold, bought).await.map(Some),
                    None => Ok(None),
                }
            };
            let (reserves, gas_price) = tokio::try_join!(reserves, reads::gas_price(node))?;
            Ok(QuoteReads { reserves, gas_price })
        };
        node.within(read)
            .await
            .map(Some)
            .map_err(|error| ReadFailure::NodeUnavailable { chain_id, detail: error.to_string() })
    }

    /// Whether the abort transaction `hash` on `chain_id` is mined and succeeded (receipt
    /// status 1): `None` for a chain without a node (nothing can be said there).
    ///
    /// # Errors
    ///
    /// [`ReadFailure::NodeUnavailable`] when the node fails or takes longer than the timeout.
    pub async fn abort_succeeded(&self, chain_id: u64, hash: B256) -> Result<Option<bool>, ReadFailure> {
        let Some(node) = self.nodes.get(&chain_id) else { return Ok(None) };
        let read = async {
            self.check_chain_id(node).await.map_err(Read::Node)?;
            reads::succeeded(node, hash).await.map_err(Read::Node)
        };
        let detail = match tokio::time::timeout(node.timeout(), read).await {
            Ok(Ok(status)) => return Ok(Some(status == Some(true))),
            Ok(Err(read)) => read.to_string(),
            Err(_) => format!("no answer within {} ms", node.timeout().as_millis()),
        };
        Err(ReadFailure::NodeUnavailable { chain_id, detail })
    }

    /// The evidence of `hash` from the first node other than `chain_id`'s that has mined it:
    /// a deposit made on another chain the service reads is then judged DEPOSIT_WRONG_CHAIN
    /// by the core, rather than answered "not mined" forever. Only asked when the origin
    /// chain's node does not know the hash; a failing node here is passed over.
    async fn evidence_elsewhere(&self, chain_id: u64, hash: B256) -> Option<DepositEvidence> {
        let mut others: Vec<&Node> = self.nodes.values().filter(|node| node.chain_id() != chain_id).collect();
        others.sort_by_key(|node| node.chain_id());
        for node in others {
            if let Ok(Some(evidence)) = reads::deposit_evidence(node, hash).await {
                return Some(evidence);
            }
        }
        None
    }

    /// Checks once per node that it serves the configured chain, for the reads here and
    /// for the relayer alike: a node of another chain would make every deposit
    /// DEPOSIT_WRONG_CHAIN, the user's fault, when it is the configuration's, and would be
    /// sent relays signed for another chain.
    ///
    /// # Errors
    ///
    /// [`NodeError::Unavailable`] when the node cannot be asked, or serves another chain.
    pub async fn check_chain_id(&self, node: &Node) -> Result<(), NodeError> {
        let chain_id = node.chain_id();
        if self.checked.lock().unwrap_or_else(std::sync::PoisonError::into_inner).contains_key(&chain_id) {
            return Ok(());
        }
        let served = reads::served_chain(node).await?;
        if served != chain_id {
            return Err(NodeError::Unavailable(format!(
                "the node at {} serves chain {served}, not {chain_id}",
                node.url()
            )));
        }
        self.checked.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(chain_id, true);
        Ok(())
    }

    /// The permit facts of `token` for `owner`: its domain (established once per token) and
    /// the owner's nonce now; `None` when the domain cannot be established.
    async fn token_permit(&self, node: &Node, token: Address, owner: Address) -> Result<Option<TokenPermit>, Read> {
        let key = (node.chain_id(), token);
        let cached = self.domains.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(&key).cloned();
        let (domain, nonce) = match cached {
            Some(domain) => (domain, reads::permit_nonce(node, token, owner).await),
            None => {
                let configured = self.config.token(node.chain_id(), token).and_then(|t| t.permit.as_ref());
                let configured = configured.map(|p| (p.name.as_str(), p.version.as_str()));
                let (domain, nonce) =
                    tokio::join!(reads::token_domain(node, token, configured), reads::permit_nonce(node, token, owner));
                let domain = domain.map_err(Read::Node)?;
                self.remember(key, &domain);
                (domain, nonce)
            }
        };
        match domain {
            TokenDomain::Known(domain) => match nonce {
                Ok(nonce) => Ok(Some(TokenPermit { domain, nonce })),
                Err(NodeError::Refused(why)) => {
                    self.report(key, format!("token {token}: nonces(owner) refused ({why})"));
                    Ok(None)
                }
                Err(error) => Err(Read::Node(error)),
            },
            TokenDomain::Unusable(_) => Ok(None),
        }
    }

    /// Keeps `domain` for `key`, reporting it when it is a configuration error.
    fn remember(&self, key: (u64, Address), domain: &TokenDomain) {
        self.domains.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(key, domain.clone());
        if let TokenDomain::Unusable(why) = domain {
            self.report(key, why.clone());
        }
    }

    /// Logs a configuration error the first time it is seen, and keeps it for `/healthz`.
    fn report(&self, key: (u64, Address), why: String) {
        let mut problems = self.problems.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let std::collections::btree_map::Entry::Vacant(entry) = problems.entry(key) {
            tracing::error!(chain_id = key.0, token = %key.1, problem = %why, "configuration error");
            entry.insert(why);
        }
    }
}

/// Why one request's reads stopped.
enum Read {
    Node(NodeError),
    NotMined,
}

impl std::fmt::Display for Read {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Read::Node(error) => error.fmt(f),
            Read::NotMined => f.write_str("not mined"),
        }
    }
}

impl KnownFacts {
    /// The deposit token's permit facts, when known.
    pub fn token_permit(&self) -> Option<&TokenPermit> {
        self.token_permit.as_ref()
    }

    /// The owner's entrypoint nonce, when read from the node.
    pub fn entrypoint_nonce(&self) -> Option<U256> {
        self.entrypoint_nonce
    }

    /// The facts as the core's execute takes them.
    pub fn as_chain_facts(&self) -> ChainFacts<'_> {
        ChainFacts {
            token_permit: self.token_permit.as_ref(),
            entrypoint_nonce: self.entrypoint_nonce,
            accept_unverified_permit: self.accept_unverified_permit,
            deposit_evidence: self.deposit_evidence.as_ref(),
            accept_unverified_deposit: self.accept_unverified_deposit,
        }
    }
}

#[cfg(test)]
mod tests {
    use intent_core::Policy;

    use super::*;
    use crate::config::EXAMPLE_CONFIG;

    fn view(change: impl FnOnce(&mut serde_json::Value)) -> Result<ChainView, ConfigError> {
        let mut config: serde_json::Value = serde_json::from_str(EXAMPLE_CONFIG).unwrap();
        change(&mut config);
        ChainView::new(ServiceConfig::parse(config.to_string().as_bytes()).unwrap())
    }

    #[test]
    fn an_rpc_url_must_be_http_or_https() {
        for url in ["ws://127.0.0.1:8545", "127.0.0.1:8545", "http://[::1"] {
            match view(|c| c["chains"][0]["rpcUrl"] = url.into()) {
                Err(ConfigError::Unusable(why)) => assert!(why.starts_with("chain 42161: rpcUrl"), "{url}: {why}"),
                other => panic!("{url}: {other:?}"),
            }
        }
        let view = view(|c| c["chains"][0]["rpcUrl"] = "http://127.0.0.1:8545".into()).unwrap();
        assert_eq!(view.node(42161).map(Node::url), Some("http://127.0.0.1:8545"));
        assert!(view.node(8453).is_none());
        assert_eq!(view.chains_without_node(), [8453]);
    }

    #[test]
    fn a_chains_policy_takes_its_entrypoint_names_and_confirmations_over_the_default() {
        let view = view(|c| {
            c["chains"][0]["entrypoint"]["name"] = "Named".into();
            c["chains"][0]["depositConfirmations"] = 3.into();
        })
        .unwrap();
        let default = Policy::default();
        let policy = view.policy(&default, 42161);
        assert_eq!(policy.entrypoint.domain_name, "Named");
        assert_eq!(policy.entrypoint.domain_version, default.entrypoint.domain_version);
        assert_eq!(policy.entrypoint.type_name, default.entrypoint.type_name);
        assert_eq!(policy.deposit_confirmations, 3);
        assert_eq!(view.policy(&default, 8453), default);
    }
}

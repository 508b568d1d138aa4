//! What only the chain knows, as the core takes it (docs/spec.md §6.5): the deposit token's
//! permit domain and the owner's permit nonce, and whether an unverified permit or an
//! unverified deposit hash is accepted.
//!
//! The reference service reads no chain. Its [`ChainView`] takes the token permit domains
//! from the configuration and reads every owner's permit nonce as 0, a fresh owner's on a
//! fresh chain; a deployment replaces it with one that asks the chain. Without a domain
//! for the deposit token, a permit signature is PERMIT_UNVERIFIED unless the configuration
//! sets `acceptUnverifiedPermits`. The owner's entrypoint nonce is not known here, so it
//! is not passed; a used `(owner, nonce)` is refused by the store's unique key instead.
//! No deposit evidence is read either: a deposit transaction hash is DEPOSIT_UNVERIFIED
//! unless the configuration sets `acceptUnverifiedDeposits` (unsafe, warned about at start).

use intent_core::eip712::Domain;
use intent_core::{ChainFacts, TokenPermit};
use intent_core::{Intent, U256};

use crate::config::ServiceConfig;

/// The chain facts of the configuration.
#[derive(Debug, Clone)]
pub struct ChainView {
    config: ServiceConfig,
}

/// The facts for one intent, owned; [`KnownFacts::as_chain_facts`] lends them to the core.
#[derive(Debug, Clone)]
pub struct KnownFacts {
    token_permit: Option<TokenPermit>,
    accept_unverified_permit: bool,
    accept_unverified_deposit: bool,
}

impl ChainView {
    /// The facts `config` states.
    pub fn new(config: ServiceConfig) -> Self {
        ChainView { config }
    }

    /// The facts about `intent`'s deposit token and owner.
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
            accept_unverified_permit: self.config.accept_unverified_permits.unwrap_or(false),
            accept_unverified_deposit: self.config.accept_unverified_deposits.unwrap_or(false),
        }
    }
}

impl KnownFacts {
    /// The deposit token's permit facts, when the configuration names its domain.
    pub fn token_permit(&self) -> Option<&TokenPermit> {
        self.token_permit.as_ref()
    }

    /// The facts as the core's execute takes them.
    pub fn as_chain_facts(&self) -> ChainFacts<'_> {
        ChainFacts {
            token_permit: self.token_permit.as_ref(),
            entrypoint_nonce: None,
            accept_unverified_permit: self.accept_unverified_permit,
            deposit_evidence: None,
            accept_unverified_deposit: self.accept_unverified_deposit,
        }
    }
}

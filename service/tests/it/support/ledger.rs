//! Balance accounting over two chains: the failure tests' proof that no unit was lost or
//! made. A [`Ledger`] names the holders an intent can move tokens between (the user, the
//! recipient, the fee collector, the intent wallets on both chains, and the pools and test
//! vaults a swap or a call pays) and the assets it moves, an asset being one token or, for
//! the route's USDC, the same token on each chain (a burn on one and a mint on the other).
//! [`Ledger::read`] reads every holder's balance of every asset's token from the nodes;
//! [`Ledger::assert_accounted`] asserts that, between two readings, each asset's sum over
//! the holders is unchanged: every unit deposited is with one of them, none went elsewhere
//! and none was made. What each holder should have is the test's to assert, with
//! [`Balances::delta`] and [`Balances::of`].
//!
//! Shared by the failure tests (`tests/it/crossfail.rs`) and `examples/chain_demo.rs`.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::fmt::Write as _;

use alloy_primitives::{Address, U256};
use alloy_provider::DynProvider;
use intent_contracts::IPermitToken;

/// One holder: its name in messages, its chain and its address.
#[derive(Debug, Clone)]
pub struct Holder {
    pub name: String,
    pub chain_id: u64,
    pub address: Address,
}

/// One asset: its name in messages and its token on each chain it lives on.
#[derive(Debug, Clone)]
pub struct Asset {
    pub name: String,
    pub tokens: Vec<(u64, Address)>,
}

/// The holders and assets of one test, and a node of each chain to read them from.
#[derive(Clone, Default)]
pub struct Ledger {
    nodes: BTreeMap<u64, DynProvider>,
    holders: Vec<Holder>,
    assets: Vec<Asset>,
}

/// Balances read at one moment: (chain, token, holder) → balance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Balances(BTreeMap<(u64, Address, Address), U256>);

impl Ledger {
    /// An empty ledger.
    pub fn new() -> Ledger {
        Ledger::default()
    }

    /// Reads chain `chain_id` from `node`.
    pub fn chain(mut self, chain_id: u64, node: DynProvider) -> Ledger {
        self.nodes.insert(chain_id, node);
        self
    }

    /// Adds a holder `name` at `address` on chain `chain_id`.
    pub fn holder(mut self, name: &str, chain_id: u64, address: Address) -> Ledger {
        self.holders.push(Holder { name: name.to_owned(), chain_id, address });
        self
    }

    /// Adds an asset `name`: `tokens`, (chain, token) pairs whose balances are summed as one.
    pub fn asset(mut self, name: &str, tokens: &[(u64, Address)]) -> Ledger {
        self.assets.push(Asset { name: name.to_owned(), tokens: tokens.to_vec() });
        self
    }

    /// Every holder's balance of every asset's token on the holder's chain.
    ///
    /// # Panics
    ///
    /// When a node does not answer, or a chain has no node.
    pub async fn read(&self) -> Balances {
        let mut balances = BTreeMap::new();
        for asset in &self.assets {
            for &(chain_id, token) in &asset.tokens {
                let node = self.nodes.get(&chain_id).unwrap_or_else(|| panic!("no node for chain {chain_id}"));
                for holder in self.holders.iter().filter(|holder| holder.chain_id == chain_id) {
                    let balance = IPermitToken::new(token, node)
                        .balanceOf(holder.address)
                        .call()
                        .await
                        .unwrap_or_else(|e| panic!("{} of {token} on chain {chain_id}: {e}", holder.name));
                    balances.insert((chain_id, token, holder.address), balance);
                }
            }
        }
        Balances(balances)
    }

    /// Asserts that each asset's sum over the holders is the same in `before` and `after`;
    /// the message lists every holder's change.
    ///
    /// # Panics
    ///
    /// When a sum changed.
    pub fn assert_accounted(&self, before: &Balances, after: &Balances) {
        let problems = self.unaccounted(before, after);
        assert!(problems.is_empty(), "{problems}");
    }

    /// What [`Ledger::assert_accounted`] asserts: empty when every sum is unchanged, else
    /// each changed asset with every holder's change.
    pub fn unaccounted(&self, before: &Balances, after: &Balances) -> String {
        let mut problems = String::new();
        for asset in &self.assets {
            let (mut sum_before, mut sum_after) = (U256::ZERO, U256::ZERO);
            let mut changes = String::new();
            for &(chain_id, token) in &asset.tokens {
                for holder in self.holders.iter().filter(|holder| holder.chain_id == chain_id) {
                    let (was, is) =
                        (before.of(chain_id, token, holder.address), after.of(chain_id, token, holder.address));
                    sum_before += was;
                    sum_after += is;
                    if was != is {
                        let _ = write!(changes, "\n  {} (chain {chain_id}): {was} -> {is}", holder.name);
                    }
                }
            }
            if sum_before != sum_after {
                let _ = writeln!(problems, "{}: the holders held {sum_before}, now {sum_after}{changes}", asset.name);
            }
        }
        problems
    }
}

impl Balances {
    /// `holder`'s balance of `token` on chain `chain_id` (zero when not read).
    pub fn of(&self, chain_id: u64, token: Address, holder: Address) -> U256 {
        self.0.get(&(chain_id, token, holder)).copied().unwrap_or_default()
    }

    /// What `holder` gained of `token` on chain `chain_id` since `before` (negative: lost).
    ///
    /// # Panics
    ///
    /// When a change does not fit an `i128` (no test moves that much).
    pub fn delta(&self, before: &Balances, chain_id: u64, token: Address, holder: Address) -> i128 {
        let signed = |value: U256| i128::try_from(value).expect("a balance within i128");
        signed(self.of(chain_id, token, holder)) - signed(before.of(chain_id, token, holder))
    }
}

//! The token metadata of the receipts the service answers (docs/spec.md §12): the published
//! receipt summary's `originTokenMetadata` and `destinationTokenMetadata`, from the
//! configured tokens and each chain's native token. The core's receipt has none (the
//! library does not know tokens); the service fills them on every receipt it answers, in
//! one place: [`TokenBook::fill`].
//!
//! What does not live here: the configuration itself ([`crate::config`]).

use std::collections::HashMap;

use intent_core::{Address, IntentReceipt, TokenMetadata, UnknownMembers};

use crate::config::ServiceConfig;

/// The metadata of every token the configuration names, by chain and address (the zero
/// address for a chain's native token).
#[derive(Debug, Clone, Default)]
pub struct TokenBook {
    tokens: HashMap<(u64, Address), TokenMetadata>,
}

/// The decimals of every chain's native token here.
const NATIVE_DECIMALS: u8 = 18;

impl TokenBook {
    /// The metadata of `config`'s tokens: each token's `name` (absent: its symbol),
    /// `symbol`, `decimals` and `logoUri`; each chain's native token as its
    /// `nativeTokenSymbol`, with 18 decimals.
    pub fn new(config: &ServiceConfig) -> TokenBook {
        let metadata =
            |chain_id, token_address, name: &str, symbol: &str, decimals, logo_uri: Option<&String>| TokenMetadata {
                chain_id,
                decimals: Some(decimals),
                logo_uri: logo_uri.cloned(),
                name: name.to_owned(),
                symbol: symbol.to_owned(),
                token_address,
                unknown: UnknownMembers::new(),
            };
        let natives = config.chains.iter().map(|chain| {
            let symbol = &chain.native_token_symbol;
            metadata(chain.chain_id, Address::ZERO, symbol, symbol, NATIVE_DECIMALS, None)
        });
        let tokens = config.tokens.iter().map(|token| {
            let name = token.name.as_deref().unwrap_or(&token.symbol);
            metadata(token.chain_id, token.address, name, &token.symbol, token.decimals, token.logo_uri.as_ref())
        });
        TokenBook { tokens: natives.chain(tokens).map(|m| ((m.chain_id, m.token_address), m)).collect() }
    }

    /// Sets the summary's token metadata of `receipt` (left absent for a token the
    /// configuration no longer names).
    pub fn fill(&self, receipt: &mut IntentReceipt) {
        let summary = &mut receipt.summary;
        let known = |chain_id, address| self.tokens.get(&(chain_id, address)).cloned();
        summary.origin_token_metadata = known(summary.origin_chain_id, summary.origin_token_address);
        summary.destination_token_metadata = known(summary.destination_chain_id, summary.destination_token_address);
    }
}

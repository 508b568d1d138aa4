//! The contract bindings the chain reads and the relayer use, under the names they use:
//! the deposit token's (`IPermitToken`: ERC-2612 `nonces`, `permit` and `DOMAIN_SEPARATOR`,
//! ERC-5267 `eip712Domain`, OpenZeppelin's ERC-20 and permit errors) and the intent
//! entrypoint's (`IServiceIntentEntrypoint`: `nonces`, `depositToIntent`,
//! `depositToIntentWithPermit` and its errors, docs/spec.md §5). They are made once, in the
//! `intent-contracts` crate, from the Solidity interfaces in `chain/contracts/interfaces/`,
//! which the chain tests check against the compiled contracts; none is written here.

pub use intent_contracts::{IPermitToken as PermitToken, IServiceIntentEntrypoint as IntentEntrypoint};

/// Uniswap V2's router, factory and pair: what a quote reads of a pool (docs/spec.md §12).
pub use intent_contracts::{
    IUniswapV2Factory as UniswapV2Factory, IUniswapV2Pair as UniswapV2Pair, IUniswapV2Router02 as UniswapV2Router,
};

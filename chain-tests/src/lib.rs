//! The chain the core is proven against: the reference contracts of `chain/` (compiled with
//! the pinned solc-js, docs/spec.md §5.5) deployed on a local Anvil node (the binary of the
//! pinned npm package), driven through alloy's provider, the contracts' bindings
//! (`intent-contracts`, `chain/bindings/`) and local signer.
//!
//! What lives here is the harness the tests of this crate and the service's chain tests
//! share: [`Chain`] starts a node, deploys and mints, [`artifacts`] compiles, [`sign`]
//! signs the core's digests and [`relay`] sends them to the entrypoint and decodes its
//! reverts; [`wallet`] deploys the intent wallet's contracts and Uniswap V2, funds a pool
//! and sends a guest's batch; [`cctp`] deploys the CCTP V2 route's contracts and attests
//! burns. The assertions live in `tests/`. The library under test
//! (`intent-core`) is used through its public paths only, and none of alloy's network
//! crates reach its dependency tree: this crate is a workspace member, never a dependency.
//!
//! Running needs `npm ci --ignore-scripts` in `chain/` first (node, solc-js, OpenZeppelin
//! Contracts and the Anvil binary); without it every call answers [`Error::ChainNotInstalled`].
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod artifacts;
pub mod cctp;
mod deploy;
mod error;
mod node;
pub mod relay;
pub mod sign;
pub mod wallet;

pub use error::{Error, Result};
pub use node::{Chain, CHAIN_ID, GENESIS_TIMESTAMP, MNEMONIC};

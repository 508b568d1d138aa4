//! The contracts' bindings, written once: alloy's `sol!` reads the Solidity interfaces in
//! `chain/contracts/interfaces/` when this crate compiles (no compiler, no node), and the
//! service and the chain tests use what it makes. The interfaces are what the service and
//! the tests call, decode and emit; the contracts implement them where the compiler can check
//! it (`ServiceIntentEntrypoint is IServiceIntentEntrypoint`), and the chain tests compare
//! every selector, event topic and error of these bindings with the compiled contracts' ABIs
//! (`chain-tests/tests/chain/bindings.rs`), so a binding cannot drift from its contract. The
//! Uniswap V2 interfaces (`IUniswapV2.sol`) are checked the same way against the compiled
//! contracts its npm packages ship.
//!
//! Each module is one interface: its `…Call` and `…Return` types, its errors and events,
//! the `…Calls`, `…Errors` and `…Events` enums that decode them, and `new(address, provider)`
//! for calls through alloy's provider. The documentation of each item is its Solidity's.
//! What is not here: the compiled bytecode (`chain/build.mjs` makes it when a test deploys),
//! constructors (interfaces have none; the chain tests encode them against the compiled ABI).
// The generated call builders take one argument per Solidity parameter, and the parameters of
// calls, errors and events are documented in the interfaces, not field by field.
#![allow(missing_docs, clippy::too_many_arguments)]

use alloy_sol_types::sol;

sol!(
    #[sol(rpc, abi, extra_derives(Debug, PartialEq, Eq))]
    "../contracts/interfaces/IServiceIntentEntrypoint.sol"
);

sol!(
    #[sol(rpc, abi, extra_derives(Debug, PartialEq, Eq))]
    "../contracts/interfaces/IPermitToken.sol"
);

sol!(
    #[sol(rpc, abi, extra_derives(Debug, PartialEq, Eq))]
    "../contracts/interfaces/IDaiPermit.sol"
);

sol!(
    #[sol(rpc, abi, extra_derives(Debug, PartialEq, Eq))]
    "../contracts/interfaces/ITestToken.sol"
);

sol!(
    #[sol(rpc, abi, extra_derives(Debug, PartialEq, Eq))]
    "../contracts/interfaces/IIntentWallet.sol"
);

sol!(
    #[sol(rpc, abi, extra_derives(Debug, PartialEq, Eq))]
    "../contracts/interfaces/IIntentWalletFactory.sol"
);

sol!(
    #[sol(rpc, abi, extra_derives(Debug, PartialEq, Eq))]
    "../contracts/interfaces/IServiceRouter.sol"
);

sol!(
    #[sol(rpc, abi, extra_derives(Debug, PartialEq, Eq))]
    "../contracts/interfaces/IUniswapV2.sol"
);

sol!(
    #[sol(rpc, abi, extra_derives(Debug, PartialEq, Eq))]
    "../contracts/interfaces/ICctp.sol"
);

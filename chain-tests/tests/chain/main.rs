//! The core against the reference contracts on a real Anvil node (docs/spec.md §5, §5.5, §5.7):
//! one test binary, each test on its own node. Needs `npm ci --ignore-scripts` in `chain/`.

mod bindings;
mod cctp;
mod deposit_evidence;
mod deposits;
mod fixtures;
mod independent;
mod permits;
mod receipts;
mod tampering;
mod verdicts;
mod wallet;

//! intentctl's tests, one binary like the library's (`tests/it/`): the binary run on the
//! examples and on hostile input (exit status, output line, usage mistakes), and the
//! documents and the scenario runner of `intent_documents` as intentctl reads them.

mod chain_facts;
mod deposits_and_relaying;
mod intentctl;
mod intentctl_check_execute;
mod intentctl_eip712;
mod proof_lifecycle_model;
mod scenarios;

//! intentctl's tests, one binary like the library's (`tests/it/`): the binary run on the
//! examples and on hostile input (exit status, output line, usage mistakes), and the
//! documents and the scenario runner of `intent_documents` as intentctl reads them.

mod chain_facts;
mod deposits_and_relaying;
mod intentctl;
mod intentctl_check_execute;
mod intentctl_eip712;
mod intentctl_wallet;
mod proof_lifecycle_model;
mod scenarios;

/// Runs the built `intentctl <args>` with `input` on standard input: its exit status and
/// what it printed on standard output.
fn run_intentctl(args: &[&str], input: &str) -> (Option<i32>, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_intentctl"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    (output.status.code(), String::from_utf8(output.stdout).unwrap())
}

//! A local stack in one command (service/README.md, "Local stack"; docs/spec.md §12): starts
//! Anvil from `chain/node_modules` for each chain (two by default, of distinct chain ids and
//! CCTP domains), deploys the intent wallet's contracts, the ServiceRouter, Uniswap V2 with a
//! funded pool of two ERC-2612 test tokens, the entrypoint and the CCTP V2 route (test USDC,
//! token messenger, message transmitter with the stack's attester) with a pool of each test
//! token and the USDC, funds the owner, starts
//! the local attester on a loopback port, writes `DIR/stack.json` (each chain's `chainId`,
//! `rpcUrl`, contracts, tokens, pool and `cctp`, the attester's URL and key, and the
//! development accounts with their keys) and `DIR/service.json` (a service configuration
//! for the stack, with each chain's `cctp` and the `attestation` URL), prints `stack ready`,
//! and runs until SIGINT or SIGTERM, which stop the nodes and the attester. What it deploys and how lives in
//! `tests/it/support/stack.rs`, shared with the tests.
//!
//! ```text
//! (cd chain && npm ci --ignore-scripts)
//! cargo run --release -p intent-service --example stack -- --out DIR
//! ```

#[path = "../tests/it/support/stack.rs"]
mod stack;

use std::path::{Path, PathBuf};

use clap::Parser;
use serde_json::Value;
use tokio::signal::unix::{signal, SignalKind};

/// Starts the local stack and runs until stopped.
#[derive(Debug, Parser)]
struct Args {
    /// The directory `stack.json` and `service.json` are written to (created if missing).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// The number of chains, each on its own node (chain ids 31337, 31338, …; CCTP domains
    /// 0, 1, …).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=8))]
    chains: u8,
    /// Mine a block every SECONDS once everything is deployed (0: a block per transaction
    /// only), so that confirmations come without traffic.
    #[arg(long, value_name = "SECONDS", default_value_t = 1)]
    block_time: u64,
}

type Failed = Box<dyn std::error::Error + Send + Sync>;

#[tokio::main]
async fn main() -> Result<(), Failed> {
    let args = Args::parse();
    std::fs::create_dir_all(&args.out)?;
    // A stack.json left by an earlier run never describes this one: a reader waiting for
    // the file sees only this run's.
    for name in ["stack.json", "service.json"] {
        match std::fs::remove_file(args.out.join(name)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e.into()),
            _ => {}
        }
    }
    let mut interrupt = signal(SignalKind::interrupt())?;
    let mut terminate = signal(SignalKind::terminate())?;
    let stopped = async {
        tokio::select! {
            _ = interrupt.recv() => "SIGINT",
            _ = terminate.recv() => "SIGTERM",
        }
    };
    tokio::pin!(stopped);

    // Stopped while deploying: the nodes started so far stop with the unfinished start.
    let chain_ids = stack::chain_ids(usize::from(args.chains));
    let stack = tokio::select! {
        stack = stack::Stack::start(&chain_ids, &[]) => stack?,
        signal = &mut stopped => {
            println!("{signal}: stopped before the stack was ready");
            return Ok(());
        }
    };
    if args.block_time > 0 {
        for chain in &stack.chains {
            chain.mine_every(args.block_time).await?;
        }
    }
    // service.json first: a reader that sees stack.json finds both.
    write(&args.out.join("service.json"), &stack.service_json())?;
    write(&args.out.join("stack.json"), &stack.stack_json())?;
    for chain in &stack.chains {
        println!("chain {} (CCTP domain {}) at {}", chain.chain_id, chain.cctp.domain, chain.chain.endpoint());
    }
    println!("attester at {}", stack.attester_url);
    println!("stack ready: {}", args.out.join("stack.json").display());

    let signal = stopped.await;
    println!("{signal}: stopping the nodes and the attester");
    // Dropping the stack stops every node and waits for it.
    drop(stack);
    Ok(())
}

/// Writes `value` to `path` through a file beside it renamed into place, so a reader sees
/// all of it or nothing.
fn write(path: &Path, value: &Value) -> std::io::Result<()> {
    let partial = path.with_extension("json.partial");
    let mut text = serde_json::to_string_pretty(value).map_err(std::io::Error::other)?;
    text.push('\n');
    std::fs::write(&partial, text)?;
    std::fs::rename(&partial, path)
}

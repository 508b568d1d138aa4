//! `intent-demo-sign`: turns a QuoteResponse into a signed gasless ExecuteRequest with a
//! private key, for the README's curl walk-through and for trying the service by hand.
//! Never use it with a key that holds anything: the key is read from a file in clear.
//!
//! ```text
//! intent-demo-sign --key service/demo/owner.key --mode entrypoint|entrypoint-with-permit|permit-only [--nonce N] [--config FILE] < quote.json
//! ```
//!
//! Entrypoint mode signs the deposit-intent digest (docs/spec.md §5.1) with user nonce N
//! (with a permit, also the deposit token's ERC-2612 permit for the entrypoint);
//! permit-only mode signs the deposit token's ERC-2612 permit for the origin intent address
//! (§5.2) under the token's permit domain from the service configuration, as the reference
//! service's chain view passes it to the core ([`intent_service::demo`]).

use std::io::Read;
use std::path::PathBuf;

use clap::{Parser, ValueEnum};
use intent_core::{from_slice, to_string, QuoteResponse, B256, U256};
use intent_service::chain::ChainView;
use intent_service::config::ServiceConfig;
use intent_service::demo::{gasless_request, Gasless};
use k256::ecdsa::SigningKey;

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Mode {
    /// An intent signature over the deposit-intent digest.
    Entrypoint,
    /// An intent signature and a permit of the deposit token for the entrypoint.
    EntrypointWithPermit,
    /// A permit for the origin intent address.
    PermitOnly,
}

/// Signs a gasless ExecuteRequest for a quote read from standard input.
#[derive(Debug, Parser)]
#[command(name = "intent-demo-sign")]
struct Flags {
    /// File holding the owner's private key as 0x + 64 hex digits.
    #[arg(long)]
    key: PathBuf,
    /// Which gasless mode.
    #[arg(long, value_enum)]
    mode: Mode,
    /// The user nonce of entrypoint mode.
    #[arg(long, default_value_t = 0)]
    nonce: u64,
    /// Seconds from now until the signature's deadline.
    #[arg(long, default_value_t = 600)]
    valid_for: u64,
    /// The service configuration (token permit domains, entrypoint names); default: the
    /// shipped example.
    #[arg(long)]
    config: Option<PathBuf>,
}

fn run(flags: Flags) -> Result<String, String> {
    let key_text = std::fs::read_to_string(&flags.key).map_err(|e| format!("cannot read the key: {e}"))?;
    let secret: B256 = key_text.trim().parse().map_err(|_| "the key is not 0x + 64 hex digits".to_owned())?;
    let key = SigningKey::from_slice(secret.as_slice()).map_err(|_| "not a secp256k1 private key".to_owned())?;
    let config = ServiceConfig::load(flags.config.as_deref()).map_err(|e| e.to_string())?;
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input).map_err(|e| e.to_string())?;
    let quote: QuoteResponse = from_slice(&input).map_err(|e| format!("not a QuoteResponse: {e}"))?;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_err(|e| e.to_string())?;
    let mode = match flags.mode {
        Mode::Entrypoint => Gasless::Entrypoint { nonce: U256::from(flags.nonce) },
        Mode::EntrypointWithPermit => Gasless::EntrypointWithPermit { nonce: U256::from(flags.nonce) },
        Mode::PermitOnly => Gasless::PermitOnly,
    };
    let policy = config.policy();
    let chain = ChainView::new(config).map_err(|e| e.to_string())?;
    let entrypoint = chain.policy(&policy, quote.intent.origin_chain_id).entrypoint;
    let request = gasless_request(&quote, &key, mode, now.as_secs() + flags.valid_for, &entrypoint, &chain)?;
    Ok(to_string(&request))
}

fn main() -> std::process::ExitCode {
    match run(Flags::parse()) {
        Ok(line) => {
            println!("{line}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("intent-demo-sign: {e}");
            std::process::ExitCode::from(1)
        }
    }
}

//! `intent-demo-sign`: turns a QuoteResponse into a signed gasless ExecuteRequest with a
//! private key, for the README's curl walk-through and for trying the service by hand.
//! Never use it with a key that holds anything: the key is read from a file in clear.
//!
//! ```text
//! intent-demo-sign --key service/demo/owner.key --mode entrypoint|permit-only [--nonce N] [--config FILE] < quote.json
//! ```
//!
//! Entrypoint mode signs the deposit-intent digest (docs/spec.md §5.1) with user nonce N;
//! permit-only mode signs the deposit token's ERC-2612 permit for the origin intent address
//! (§5.2) under the token's permit domain from the service configuration and permit nonce 0,
//! as the reference service's chain view reads it. The fee option is the one in the deposit
//! token when offered, else the native one. Digests come from intent-core.

use std::io::Read;
use std::path::PathBuf;

use clap::{Parser, ValueEnum};
use intent_core::rules::{deposit_intent_digest, deposit_permit_digest, GaslessMode};
use intent_core::{from_slice, to_string, Address, Bytes, DepositSignature, ExecuteRequest, QuoteResponse, B256, U256};
use intent_service::chain::ChainView;
use intent_service::config::ServiceConfig;
use k256::ecdsa::SigningKey;

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Mode {
    /// An intent signature over the deposit-intent digest.
    Entrypoint,
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
    /// The service configuration (token permit domains); default: the shipped example.
    #[arg(long)]
    config: Option<PathBuf>,
}

/// A 65-byte `r ‖ s ‖ v` signature (low `s`, `v` 27 or 28) of `digest` by `key`.
fn sign(key: &SigningKey, digest: &B256) -> Result<Bytes, String> {
    let (signature, recovery) = key.sign_prehash_recoverable(digest.as_slice()).map_err(|e| e.to_string())?;
    let mut out = signature.to_bytes().to_vec();
    out.push(27 + u8::from(recovery.is_y_odd()));
    Ok(Bytes::from(out))
}

fn run(flags: Flags) -> Result<String, String> {
    let key_text = std::fs::read_to_string(&flags.key).map_err(|e| format!("cannot read the key: {e}"))?;
    let secret: B256 = key_text.trim().parse().map_err(|_| "the key is not 0x + 64 hex digits".to_owned())?;
    let key = SigningKey::from_slice(secret.as_slice()).map_err(|_| "not a secp256k1 private key".to_owned())?;
    let config = ServiceConfig::load(flags.config.as_deref()).map_err(|e| e.to_string())?;
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input).map_err(|e| e.to_string())?;
    let quote: QuoteResponse = from_slice(&input).map_err(|e| format!("not a QuoteResponse: {e}"))?;
    let intent = &quote.intent;
    if Address::from_private_key(&key) != intent.owner_address {
        return Err(format!("the key's address is not the intent's owner {}", intent.owner_address));
    }
    let options = &quote.gas_fee_options.fee_options;
    let option = options
        .iter()
        .find(|o| o.token_address == intent.deposit_transaction.token_address)
        .or_else(|| options.iter().find(|o| o.token_address == Address::ZERO))
        .ok_or("the quote offers no fee option in the deposit token nor a native one")?
        .clone();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_err(|e| e.to_string())?;
    let deadline = now.as_secs() + flags.valid_for;
    let fee_in_deposit_token = option.token_address == intent.deposit_transaction.token_address;
    let permit_amount =
        intent.deposit_transaction.amount + if fee_in_deposit_token { option.amount } else { U256::ZERO };
    let mut signature = DepositSignature {
        selected_gas_fee_option: option,
        deadline,
        intent_signature: None,
        user_nonce: None,
        permit_signature: None,
        permit_deadline: None,
        permit_amount: None,
        unknown: Default::default(),
    };
    match flags.mode {
        Mode::Entrypoint => {
            signature.user_nonce = Some(U256::from(flags.nonce));
            let names = config.policy().entrypoint;
            let digest = deposit_intent_digest(intent, &signature, &names).map_err(|e| e.to_string())?;
            signature.intent_signature = Some(sign(&key, &digest)?);
        }
        Mode::PermitOnly => {
            signature.permit_deadline = Some(deadline);
            signature.permit_amount = Some(permit_amount);
            let facts = ChainView::new(config).facts(intent);
            let permit = facts.token_permit().ok_or("the deposit token has no permit domain in the configuration")?;
            let digest =
                deposit_permit_digest(intent, &signature, GaslessMode::PermitOnly, &permit.domain, permit.nonce)
                    .map_err(|e| e.to_string())?;
            signature.permit_signature = Some(sign(&key, &digest)?);
        }
    }
    let request = ExecuteRequest {
        intent_id: intent.intent_id.clone(),
        deposit_transaction_hash: None,
        deposit_signature: Some(signature),
        unknown: Default::default(),
    };
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

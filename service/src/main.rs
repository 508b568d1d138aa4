//! `intent-service`: serves the seed's API over intent-core (docs/spec.md §12). The flags are
//! fixed so that scripts can drive it, each also read from an environment variable;
//! `--help` lists them.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Parser;
use intent_service::config::ServiceConfig;
use intent_service::relay::RelayerKey;
use intent_service::{server, sweep, Service};

/// The reference intent service: QuoteIntent, CommitIntent, ExecuteIntent,
/// GetIntentReceipt, WaitIntentReceipt and the operator's ReportIntentOutcome over HTTP.
#[derive(Debug, Parser)]
#[command(name = "intent-service", version)]
struct Flags {
    /// Address to listen on.
    #[arg(long, env = "INTENT_SERVICE_LISTEN", default_value = "127.0.0.1:8080", value_name = "ADDR")]
    listen: SocketAddr,
    /// Database: sqlite://PATH (one file, WAL) or postgres://… (several instances).
    #[arg(long, env = "INTENT_SERVICE_DB", default_value = "sqlite://intents.db", value_name = "URL")]
    db: String,
    /// Configuration file (projects and keys, limits, rates, policy, chains, tokens,
    /// prices, fees); default: the shipped example, service/config/example.json.
    #[arg(long, env = "INTENT_SERVICE_CONFIG", value_name = "FILE")]
    config: Option<PathBuf>,
    /// An access key of the configuration's first project, besides its own (repeatable).
    #[arg(long = "access-key", env = "INTENT_SERVICE_ACCESS_KEYS", value_delimiter = ',', value_name = "KEY")]
    access_keys: Vec<String>,
    /// An operator key for /rpc/Operator/ReportIntentOutcome, besides the configuration's
    /// (repeatable).
    #[arg(long = "operator-key", env = "INTENT_SERVICE_OPERATOR_KEYS", value_delimiter = ',', value_name = "KEY")]
    operator_keys: Vec<String>,
    /// UNSAFE: accept the public demo keys of the shipped configuration on a
    /// non-loopback address (refused without this flag).
    #[arg(long)]
    unsafe_allow_demo_keys: bool,
    /// File holding the relayer's private key (0x + 64 hex digits), which signs the
    /// gasless deposits it relays on every chain with an rpcUrl; or give the key itself in
    /// the environment variable INTENT_RELAYER_KEY (never in the configuration file).
    /// Without either, gasless deposits are checked but not relayed.
    #[arg(long, env = "INTENT_RELAYER_KEY_FILE", value_name = "FILE")]
    relayer_key_file: Option<PathBuf>,
    /// UNSAFE, FOR TESTS ONLY: read "now" from the X-Test-Now header (RFC 3339) when a
    /// request carries one, so any client can move the service's clock.
    #[arg(long)]
    unsafe_test_clock: bool,
}

fn main() -> std::process::ExitCode {
    let flags = Flags::parse();
    tracing_subscriber::fmt()
        .json()
        .flatten_event(true)
        .with_current_span(true)
        .with_span_list(false)
        .with_writer(std::io::stderr)
        .init();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("intent-service: cannot start the runtime: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(flags)) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("intent-service: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Says `message` loudly: on standard output for the operator, and in the JSON log.
fn warn_loudly(message: &str) {
    println!("WARNING: {message}");
    tracing::warn!(unsafe_setting = true, "{message}");
}

async fn run(flags: Flags) -> Result<(), Box<dyn std::error::Error>> {
    let config = ServiceConfig::load(flags.config.as_deref())?;
    let accepts_unverified_deposits = config.accept_unverified_deposits == Some(true);
    let execution_lines: Vec<String> =
        config.chains.iter().map(|chain| chain.execution_line()).chain(config.route_lines()).collect();
    let relayer_key_env = std::env::var("INTENT_RELAYER_KEY").ok();
    let relayer_key = RelayerKey::load(flags.relayer_key_file.as_deref(), relayer_key_env.as_deref())?;
    let relayer = relayer_key.as_ref().map(RelayerKey::address);
    let service = Service::open_relaying(
        config,
        &flags.db,
        &flags.access_keys,
        &flags.operator_keys,
        flags.unsafe_test_clock,
        relayer_key,
    )
    .await?;
    let keys = &service.app.keys;
    if keys.uses_demo_keys() {
        if !flags.listen.ip().is_loopback() && !flags.unsafe_allow_demo_keys {
            return Err(format!(
                "the public demo keys of the shipped configuration are refused on the non-loopback address {}: \
                 configure your own keys (--config), or pass --unsafe-allow-demo-keys",
                flags.listen
            )
            .into());
        }
        warn_loudly("the demo keys of the shipped configuration are public: anyone can use this service");
    }
    for line in service.app.records.chain().health_lines() {
        println!("{line}");
    }
    for line in &execution_lines {
        println!("{line}");
    }
    let unverified = service.app.records.chain().chains_without_node();
    if accepts_unverified_deposits && !unverified.is_empty() {
        warn_loudly(&format!(
            "acceptUnverifiedDeposits: deposit transaction hashes on chains {unverified:?} (no rpcUrl) are not \
             checked against any node; any 32 bytes start an execution there"
        ));
    }
    if flags.unsafe_test_clock {
        warn_loudly("--unsafe-test-clock: any client can set the service's clock with X-Test-Now; for tests only");
    }
    for fingerprint in keys.fingerprints() {
        println!("{fingerprint}");
    }
    // The relayer's address, never its key; then, per chain, whether it relays and why not.
    if let Some(address) = relayer {
        println!("relayer {address}");
    }
    for line in service.app.records.relaying().summary() {
        println!("{line}");
    }
    let listener = server::bind(flags.listen)?;
    println!("listening on {}", listener.local_addr()?);
    let sweep = tokio::spawn(sweep::run(service.app.records.clone(), service.limits.quote_grace));
    let records = service.app.records.clone();
    server::serve(listener, service.router(), service.limits, shutdown_signal(), move || records.shut_down()).await;
    sweep.abort();
    service.app.records.store().close().await;
    Ok(())
}

/// SIGINT or SIGTERM: stop accepting, answer the waiters, finish the requests in flight
/// within the grace period, then exit.
async fn shutdown_signal() {
    let interrupt = tokio::signal::ctrl_c();
    let mut terminate = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
        Ok(signal) => signal,
        Err(_) => return interrupt.await.unwrap_or(()),
    };
    tokio::select! {
        _ = interrupt => {}
        _ = terminate.recv() => {}
    }
}

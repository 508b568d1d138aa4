//! `intent-service`: serves the seed's API over intent-core (docs/spec.md §12). The flags are
//! fixed so that scripts can drive it; `--help` lists them.

use std::path::PathBuf;

use clap::Parser;
use intent_service::config::ServiceConfig;
use intent_service::{http, sweep, Service};

/// The reference intent service: QuoteIntent, CommitIntent, ExecuteIntent,
/// GetIntentReceipt, WaitIntentReceipt and the operator's ReportIntentOutcome over HTTP.
#[derive(Debug, Parser)]
#[command(name = "intent-service", version)]
struct Flags {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR")]
    listen: String,
    /// Database: sqlite://PATH (one file, WAL) or postgres://… (several instances).
    #[arg(long, default_value = "sqlite://intents.db", value_name = "URL")]
    db: String,
    /// Configuration file (keys, policy, chains, tokens, prices, fees); default: the
    /// shipped example, service/config/example.json.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// An access key accepted in X-Access-Key, besides the configuration's (repeatable).
    #[arg(long = "access-key", value_name = "KEY")]
    access_keys: Vec<String>,
    /// An operator key for /rpc/Operator/ReportIntentOutcome, besides the configuration's
    /// (repeatable).
    #[arg(long = "operator-key", value_name = "KEY")]
    operator_keys: Vec<String>,
    /// UNSAFE, FOR TESTS ONLY: read "now" from the X-Test-Now header (RFC 3339) when a
    /// request carries one, so any client can move the service's clock.
    #[arg(long)]
    unsafe_test_clock: bool,
}

fn main() -> std::process::ExitCode {
    let flags = Flags::parse();
    tracing_subscriber::fmt().json().flatten_event(true).with_writer(std::io::stderr).init();
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

async fn run(flags: Flags) -> Result<(), Box<dyn std::error::Error>> {
    let config = ServiceConfig::load(flags.config.as_deref())?;
    let first_access_key = config.access_keys.first().or(flags.access_keys.first()).cloned();
    let service =
        Service::open(config, &flags.db, &flags.access_keys, &flags.operator_keys, flags.unsafe_test_clock).await?;
    let listener = tokio::net::TcpListener::bind(&flags.listen).await?;
    let address = listener.local_addr()?;
    if flags.unsafe_test_clock {
        println!(
            "WARNING: --unsafe-test-clock: any client can set the service's clock with X-Test-Now; for tests only"
        );
    }
    if let Some(key) = first_access_key {
        println!("access key: {key}");
    }
    println!("listening on {address}");
    let sweep = tokio::spawn(sweep::run(service.app.records.clone()));
    axum::serve(listener, http::router(service.app.clone())).with_graceful_shutdown(shutdown_signal()).await?;
    sweep.abort();
    service.app.records.store().close().await;
    Ok(())
}

/// SIGINT or SIGTERM: stop accepting, finish the requests in flight, then exit.
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

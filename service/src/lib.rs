//! `intent-service`: the reference service of docs/spec.md §12, the seed's HTTP API over the
//! `intent-core` library.
//!
//! Every rule, hash, digest, transition and error body comes from the core; this package
//! adds what a server needs around it, in one-way layers from the socket inward:
//! connections ([`server`]); HTTP ([`http`]: the routes of the operation table, the
//! extractors, one handler per operation, the OpenAPI document), who is calling ([`keys`])
//! and at what rate ([`rate`]), the one error type ([`failure`]); the records ([`records`]),
//! the one entry point of every operation, which quote through the quoter ([`quoter`]),
//! execute with the chain facts ([`chain`]), take the operator's outcomes ([`outcome`]),
//! and hand gasless deposits to the relayer ([`relay`], which changes records back through
//! the records' narrow handle); storage with compare-and-swap, the only place with SQL
//! ([`store`]); beside them the metrics ([`metrics`]), the expiry sweep ([`sweep`]) and the
//! configuration ([`config`]); [`demo`] signs gasless requests for the demo signer and the
//! tests. Two groups of operations answer beside the records, from the configuration and the
//! chains' nodes, with their own handlers: discovery ([`discovery`]: chains, tokens, prices,
//! routes, contracts) and recovery ([`recovery`]: the owner's sweep of an intent's wallet),
//! which loads its intent through the records. [`attest`] fetches the CCTP route's
//! attestations (Iris V2 over HTTP) and is the local attester of the stack.
//!
//! Why these libraries: tokio, hyper and axum are what a Rust team serves HTTP with, and
//! tower / tower-http give the layers (tracing, the limit on requests in flight); sqlx 0.8
//! speaks SQLite and PostgreSQL through one async API (its `Any` driver runs the same SQL
//! on both, with queries checked at run time, so building needs no database) and applies
//! the migrations; tracing writes one JSON line per request; thiserror derives the error
//! types; `metrics` with its Prometheus exporter (rendered by a handler, no listener of
//! its own) gives `GET /metrics`. None of them enters the library's dependency tree: this
//! package is a workspace member outside the default members.
//!
//! Only what the binaries, the tests and the examples use is public; the module docs of the
//! others are linked all the same (`cargo doc --document-private-items` shows them).

// The module docs say what lives where, private modules included.
#![allow(rustdoc::private_intra_doc_links)]

pub mod attest;
pub mod chain;
pub mod config;
pub mod demo;
mod discovery;
mod failure;
pub mod http;
pub mod keys;
pub mod metrics;
mod outcome;
mod quoter;
mod rate;
mod records;
mod recovery;
pub mod relay;
mod retry;
pub mod server;
pub mod store;
pub mod sweep;

use std::sync::Arc;

/// Why the service cannot start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The configuration.
    #[error(transparent)]
    Config(#[from] config::ConfigError),
    /// The keys.
    #[error(transparent)]
    Keys(#[from] keys::KeysError),
    /// The database.
    #[error("database: {0}")]
    Store(#[from] store::StoreError),
    /// A row an older schema stored could not be finished.
    #[error("finishing the rows an older schema stored: {0}")]
    OlderRows(failure::Failure),
}

/// Everything one running instance needs, built from the configuration and the database.
pub struct Service {
    /// The HTTP routes' shared state.
    pub app: Arc<http::App>,
    /// The server's limits.
    pub limits: config::ServerLimits,
}

impl Service {
    /// Opens the database at `db_url` and builds the service of `config`, with
    /// `extra_access_keys` added to its first project and `extra_operator_keys` to its
    /// operator keys.
    ///
    /// # Errors
    ///
    /// An empty key, a chain's `rpcUrl` that is not an http(s) URL, or the database's error
    /// (naming the path of a SQLite file that cannot be written).
    pub async fn open(
        config: config::ServiceConfig,
        db_url: &str,
        extra_access_keys: &[String],
        extra_operator_keys: &[String],
        test_clock: bool,
    ) -> Result<Service, StartError> {
        Service::open_relaying(config, db_url, extra_access_keys, extra_operator_keys, test_clock, None).await
    }

    /// [`Service::open`] with the relayer's key: gasless deposits are relayed on every
    /// chain with an `rpcUrl`, through the node the chain facts are read from ([`relay`]);
    /// without a key none is.
    ///
    /// # Errors
    ///
    /// As [`Service::open`].
    pub async fn open_relaying(
        config: config::ServiceConfig,
        db_url: &str,
        extra_access_keys: &[String],
        extra_operator_keys: &[String],
        test_clock: bool,
        relayer_key: Option<relay::RelayerKey>,
    ) -> Result<Service, StartError> {
        let keys = keys::Keys::new(&config, extra_access_keys, extra_operator_keys)?;
        let store = store::Store::open(db_url).await?;
        let limits = config.server_limits();
        let rates = config.rate_limits();
        let metrics = Arc::new(metrics::Metrics::new());
        let chain = Arc::new(chain::ChainView::new(config.clone())?);
        let book = records::Book::open(store, limits.kept_records, metrics.store_errors());
        records::finish_older_rows(&book).await.map_err(StartError::OlderRows)?;
        // The relayer's tasks change records through their handle on the book; the records
        // are given each chain's reach (its task's queue), so that neither holds the other.
        let relaying = relay::start(&config, relayer_key.as_ref(), &records::Deposits::new(&book), &chain, &metrics);
        let quoter = Box::new(quoter::ConfiguredQuoter::new(config.clone()).reading(chain.clone()));
        let records = records::Records::new(book, quoter, config.policy(), chain, relaying);
        let app = http::App::new(records, keys, test_clock, limits, rates, metrics).with_token_metadata(&config);
        Ok(Service { app: Arc::new(app), limits })
    }

    /// The router of the whole API.
    pub fn router(&self) -> axum::Router {
        http::router(self.app.clone())
    }
}

//! `intent-service`: the reference service of docs/spec.md §12, the seed's HTTP API over the
//! `intent-core` library.
//!
//! Every rule, hash, digest, transition and error body comes from the core; this package
//! adds what a server needs around it: HTTP ([`http`]), access keys, storage with
//! compare-and-swap ([`store`]), the record operations ([`records`]), a deterministic
//! quoter ([`quoter`]), the chain facts it knows ([`chain`]), the operator's outcomes
//! ([`outcome`]), the expiry sweep ([`sweep`]) and its configuration ([`config`]);
//! [`demo`] signs gasless requests for the demo signer and the tests.
//!
//! Why these libraries: tokio and axum are what a Rust team serves HTTP with; sqlx 0.8
//! speaks SQLite and PostgreSQL through one async API (its `Any` driver runs the same
//! SQL on both, with queries checked at run time, so building needs no database);
//! tracing writes one JSON line per request. None of them enters the library's
//! dependency tree: this package is a workspace member outside the default members.

pub mod chain;
pub mod config;
pub mod demo;
pub mod failure;
pub mod http;
pub mod outcome;
pub mod quoter;
pub mod records;
pub mod store;
pub mod sweep;

use std::sync::Arc;

/// Everything one running instance needs, built from the configuration and the database.
pub struct Service {
    /// The HTTP routes' shared state.
    pub app: Arc<http::App>,
}

impl Service {
    /// Opens the database at `db_url` and builds the service of `config`, with
    /// `extra_access_keys` and `extra_operator_keys` added to the configuration's.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn open(
        config: config::ServiceConfig,
        db_url: &str,
        extra_access_keys: &[String],
        extra_operator_keys: &[String],
        test_clock: bool,
    ) -> Result<Service, store::StoreError> {
        let store = store::Store::open(db_url).await?;
        let policy = config.policy();
        let mut access_keys = config.access_keys.clone();
        access_keys.extend_from_slice(extra_access_keys);
        let mut operator_keys = config.operator_keys.clone();
        operator_keys.extend_from_slice(extra_operator_keys);
        let records = records::Records::new(
            store,
            Box::new(quoter::ConfiguredQuoter::new(config.clone())),
            policy,
            chain::ChainView::new(config),
        );
        Ok(Service { app: Arc::new(http::App { records, access_keys, operator_keys, test_clock }) })
    }
}

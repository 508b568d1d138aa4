//! The service's tests, one binary (docs/spec.md §12; service/README.md, "Tests"): one
//! module per subject, sharing [`support`] (the service in process, the built binary as a
//! process, the database under test, the test clock, signing with the demo key).
//!
//! No test needs a process of its own: the tests that are about a process (its start, its
//! signals, a crash, two instances) start the built `intent-service` as a child process
//! ([`process`], [`crash`], [`instances`]); every relaying test runs each service instance
//! on a runtime of its own ([`relay`]); and nothing here sets process-wide state (the
//! environment, a global tracing subscriber or metrics recorder).
//!
//! The database is chosen by environment variables: `INTENT_SERVICE_TEST_DB` (a
//! `postgres://` URL runs every test against PostgreSQL; unset, each test gets a fresh
//! SQLite file) and `INTENT_SERVICE_TEST_POSTGRES` (the database of the PostgreSQL-only
//! tests, which fail when `CI=true` and it is unset).

mod support;

mod attest;
mod chain_reads;
mod contract;
mod crash;
mod crosschain;
mod crossfail;
mod discovery;
mod e2e;
mod execute;
mod failures;
mod harness;
mod instances;
mod layers;
mod metrics;
mod openapi;
mod process;
mod progress;
mod published;
mod quotes;
mod recovery;
mod relay;
mod search;
mod signed;
mod stack;

//! Asking an attester for a transaction's attestations: the [`Attestations`] trait, and
//! [`IrisClient`], which asks over HTTP in the Iris V2 shape (Circle's service, or the local
//! attester of the stack).

use std::future::Future;
use std::time::Duration;

use alloy_primitives::B256;

use super::{read_messages, AttestError, Attested};

/// Where the service gets attestations from.
pub trait Attestations {
    /// The messages the transaction `transaction` sent from `source_domain`, each pending
    /// or complete, in log order; empty while the attester has not seen the transaction.
    fn fetch(
        &self,
        source_domain: u32,
        transaction: B256,
    ) -> impl Future<Output = Result<Vec<Attested>, AttestError>> + Send;
}

/// The Iris API V2 over HTTP at a base URL (`attestation.url` of the configuration).
#[derive(Debug, Clone)]
pub struct IrisClient {
    base: String,
    http: reqwest::Client,
}

impl IrisClient {
    /// A client of the API at `base` (e.g. `https://iris-api.circle.com`), each request
    /// bounded by `timeout`.
    ///
    /// # Errors
    ///
    /// A base that is not http or https, or a client that cannot be built: its message.
    pub fn new(base: &str, timeout: Duration) -> Result<IrisClient, String> {
        if !(base.starts_with("http://") || base.starts_with("https://")) {
            return Err(format!("attestation url {base:?}: http:// or https:// only"));
        }
        let http = reqwest::Client::builder().timeout(timeout).build().map_err(|e| e.to_string())?;
        Ok(IrisClient { base: base.trim_end_matches('/').to_owned(), http })
    }
}

impl Attestations for IrisClient {
    async fn fetch(&self, source_domain: u32, transaction: B256) -> Result<Vec<Attested>, AttestError> {
        let url = format!("{}/v2/messages/{source_domain}?transactionHash={transaction}", self.base);
        let unavailable = |e: reqwest::Error| AttestError::Unavailable(e.to_string());
        let response = self.http.get(&url).send().await.map_err(unavailable)?;
        let status = response.status();
        if status == reqwest::StatusCode::NOT_FOUND {
            return Ok(Vec::new());
        }
        if !status.is_success() {
            return Err(AttestError::Unavailable(format!("{url}: status {status}")));
        }
        read_messages(&response.bytes().await.map_err(unavailable)?)
    }
}

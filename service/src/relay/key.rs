//! The relayer's private key: read from `--relayer-key-file FILE` or the environment
//! variable `INTENT_RELAYER_KEY` (0x + 64 hex digits), never from the configuration file,
//! and never printed: only its address is shown ([`RelayerKey`]'s `Debug` hides the rest).
//!
//! What the key signs is [`super::sender`]'s business.

use std::path::Path;

use alloy_primitives::{Address, B256};
use alloy_signer_local::PrivateKeySigner;

/// Why a relayer key cannot be had.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum KeyError {
    /// The key file cannot be read.
    #[error("relayer key file {path}: {error}")]
    Unreadable {
        /// The file.
        path: String,
        /// Why.
        error: std::io::Error,
    },
    /// Not 0x + 64 hex digits, or not a secp256k1 private key; the text is not repeated.
    #[error("the relayer key from {0} is not a private key (0x + 64 hex digits)")]
    Malformed(&'static str),
    /// Both sources were given: which one is meant is not guessed.
    #[error("a relayer key from both --relayer-key-file and INTENT_RELAYER_KEY: give one")]
    Both,
}

/// The relayer's signer. Its `Debug` shows the address only.
#[derive(Clone)]
pub struct RelayerKey(PrivateKeySigner);

impl std::fmt::Debug for RelayerKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("RelayerKey").field(&self.address()).finish()
    }
}

impl RelayerKey {
    /// The key `text` holds (0x + 64 hex digits, surrounding white space ignored), read
    /// from `source` (named in the error).
    ///
    /// # Errors
    ///
    /// [`KeyError::Malformed`].
    pub fn parse(text: &str, source: &'static str) -> Result<RelayerKey, KeyError> {
        let secret: B256 = text.trim().parse().map_err(|_| KeyError::Malformed(source))?;
        PrivateKeySigner::from_bytes(&secret).map(RelayerKey).map_err(|_| KeyError::Malformed(source))
    }

    /// The key of `file` or of `env` (the value of `INTENT_RELAYER_KEY`); `None` with neither.
    ///
    /// # Errors
    ///
    /// [`KeyError`].
    pub fn load(file: Option<&Path>, env: Option<&str>) -> Result<Option<RelayerKey>, KeyError> {
        match (file, env.filter(|value| !value.is_empty())) {
            (Some(_), Some(_)) => Err(KeyError::Both),
            (Some(path), None) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|error| KeyError::Unreadable { path: path.display().to_string(), error })?;
                RelayerKey::parse(&text, "--relayer-key-file").map(Some)
            }
            (None, Some(text)) => RelayerKey::parse(text, "INTENT_RELAYER_KEY").map(Some),
            (None, None) => Ok(None),
        }
    }

    /// The relayer's address: what the start prints.
    pub fn address(&self) -> Address {
        self.0.address()
    }

    /// The signer.
    pub fn signer(&self) -> &PrivateKeySigner {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

    #[test]
    fn debug_shows_the_address_and_never_the_key() {
        let key = RelayerKey::parse(KEY, "test").unwrap();
        let shown = format!("{key:?}").to_lowercase();
        assert!(shown.contains(&key.address().to_string().to_lowercase()), "{shown}");
        assert!(!shown.contains(&KEY[2..12]), "{shown}");
    }

    #[test]
    fn a_malformed_key_is_refused_without_repeating_it() {
        let error = RelayerKey::parse("0x1234", "INTENT_RELAYER_KEY").unwrap_err().to_string();
        assert_eq!(error, "the relayer key from INTENT_RELAYER_KEY is not a private key (0x + 64 hex digits)");
        let zero = format!("0x{}", "0".repeat(64));
        assert!(matches!(RelayerKey::parse(&zero, "test"), Err(KeyError::Malformed(_))));
    }

    #[test]
    fn both_sources_are_refused_and_neither_is_none() {
        assert!(matches!(RelayerKey::load(Some(Path::new("k")), Some(KEY)), Err(KeyError::Both)));
        assert!(RelayerKey::load(None, None).unwrap().is_none());
        assert!(RelayerKey::load(None, Some("")).unwrap().is_none());
        assert_eq!(
            RelayerKey::load(None, Some(KEY)).unwrap().unwrap().address(),
            RelayerKey::parse(KEY, "t").unwrap().address()
        );
    }
}

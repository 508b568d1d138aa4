//! Who is calling: the projects' access keys and the operator keys, compared in constant
//! time ([`subtle`]), each presented key against every configured one; the fingerprint a
//! key is logged by (never the key itself); and the compiled-in demo keys, which are
//! public and so refused on a non-loopback address unless explicitly allowed.
//!
//! What a key may do with a record (its project's intents only) is applied by
//! [`crate::records`]; how a request carries its key is [`crate::http`].

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::config::ServiceConfig;

/// A project's id: the `projectId` of the intents its keys quote.
pub type ProjectId = u64;

/// The keys of one running service.
#[derive(Debug, Clone)]
pub struct Keys {
    /// Each access key with its project.
    access: Vec<(String, ProjectId)>,
    /// The operator keys.
    operator: Vec<String>,
}

/// Whom a key authenticates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caller {
    /// An access key of this project (its index among the keys, for rates and waiters).
    Project {
        /// The project.
        project_id: ProjectId,
        /// The key's index in [`Keys`].
        key: usize,
    },
    /// An operator key.
    Operator,
}

impl Caller {
    /// Whether this caller may see a record of the project `project_id` (its own project's,
    /// or any for an operator).
    pub fn may_see(&self, project_id: i64) -> bool {
        match self {
            Caller::Project { project_id: own, .. } => i64::try_from(*own).is_ok_and(|own| own == project_id),
            Caller::Operator => true,
        }
    }
}

/// Why keys cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeysError {
    /// An empty key, from the configuration or the command line.
    #[error("an empty {0} key is refused")]
    Empty(&'static str),
}

/// The keys of the shipped example configuration: public, for demos and tests only.
pub fn demo_keys() -> Vec<String> {
    match ServiceConfig::load(None) {
        Ok(example) => {
            example.projects.iter().flat_map(|p| p.access_keys.iter().cloned()).chain(example.operator_keys).collect()
        }
        Err(_) => Vec::new(),
    }
}

/// A short fingerprint of `key` for logs: the first 8 hex digits of its SHA-256.
pub fn fingerprint(key: &str) -> String {
    Sha256::digest(key.as_bytes()).iter().take(4).map(|b| format!("{b:02x}")).collect()
}

/// Whether `presented` is `key`, in time independent of where they differ.
fn same(key: &str, presented: &[u8]) -> u8 {
    key.as_bytes().ct_eq(presented).unwrap_u8()
}

impl Keys {
    /// The configuration's keys, with `extra_access` added to its first project and
    /// `extra_operator` to its operator keys.
    ///
    /// # Errors
    ///
    /// [`KeysError::Empty`] for an empty key wherever it comes from.
    pub fn new(config: &ServiceConfig, extra_access: &[String], extra_operator: &[String]) -> Result<Keys, KeysError> {
        let mut access: Vec<(String, ProjectId)> =
            config.projects.iter().flat_map(|p| p.access_keys.iter().map(|k| (k.clone(), p.project_id))).collect();
        if let Some(first) = config.projects.first() {
            access.extend(extra_access.iter().map(|k| (k.clone(), first.project_id)));
        }
        let operator: Vec<String> = config.operator_keys.iter().chain(extra_operator).cloned().collect();
        if access.iter().any(|(k, _)| k.is_empty()) {
            return Err(KeysError::Empty("access"));
        }
        if operator.iter().any(String::is_empty) {
            return Err(KeysError::Empty("operator"));
        }
        Ok(Keys { access, operator })
    }

    /// Whom `presented` authenticates, if anyone: every configured key is compared.
    pub fn identify(&self, presented: &[u8]) -> Option<Caller> {
        let mut found = None;
        for (index, (key, project_id)) in self.access.iter().enumerate() {
            if same(key, presented) == 1 {
                found = Some(Caller::Project { project_id: *project_id, key: index });
            }
        }
        let operator = self.operator.iter().fold(0u8, |any, key| any | same(key, presented));
        if operator == 1 && !presented.is_empty() {
            found = Some(Caller::Operator);
        }
        found.filter(|_| !presented.is_empty())
    }

    /// How many access keys there are (the indices of [`Caller::Project`]).
    pub fn access_key_count(&self) -> usize {
        self.access.len()
    }

    /// Every key, access and operator, with what it is, as a fingerprint.
    pub fn fingerprints(&self) -> Vec<String> {
        let access = self.access.iter().map(|(k, p)| format!("project {p} key {}", fingerprint(k)));
        access.chain(self.operator.iter().map(|k| format!("operator key {}", fingerprint(k)))).collect()
    }

    /// Whether any key is one of the public demo keys.
    pub fn uses_demo_keys(&self) -> bool {
        let demo = demo_keys();
        self.access.iter().map(|(k, _)| k).chain(&self.operator).any(|k| demo.contains(k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(extra: &[&str]) -> Result<Keys, KeysError> {
        let extra: Vec<String> = extra.iter().map(|k| (*k).to_owned()).collect();
        Keys::new(&ServiceConfig::load(None).unwrap(), &extra, &[])
    }

    #[test]
    fn an_empty_key_is_refused_from_the_command_line() {
        assert_eq!(keys(&[""]).unwrap_err(), KeysError::Empty("access"));
    }

    #[test]
    fn keys_name_their_project_and_an_empty_presented_key_names_nobody() {
        let keys = keys(&["another"]).unwrap();
        assert_eq!(keys.identify(b"demo-access-key"), Some(Caller::Project { project_id: 42, key: 0 }));
        assert_eq!(keys.identify(b"another"), Some(Caller::Project { project_id: 42, key: 1 }));
        assert_eq!(keys.identify(b"demo-operator-key"), Some(Caller::Operator));
        assert_eq!(keys.identify(b""), None);
        assert_eq!(keys.identify(b"demo-access-ke"), None);
        assert!(keys.uses_demo_keys());
    }

    #[test]
    fn fingerprints_do_not_show_the_key() {
        let printed = keys(&[]).unwrap().fingerprints().join("\n");
        assert!(!printed.contains("demo-access-key") && printed.contains(&fingerprint("demo-access-key")));
        assert_eq!(fingerprint("demo-access-key").len(), 8);
    }
}

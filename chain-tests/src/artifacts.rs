//! The compiled contracts: `node build.mjs` in `chain/` (solc-js standard JSON with the
//! settings fixed in that script) run once per process, its output parsed into ABIs and
//! creation bytecode. Nothing compiled is committed or cached on disk, so the bytecode
//! deployed is always that of the sources beside it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use alloy_json_abi::JsonAbi;
use alloy_primitives::Bytes;
use serde::Deserialize;

use crate::{Error, Result};

/// One compiled contract.
#[derive(Debug, Clone, Deserialize)]
pub struct Artifact {
    /// Its ABI as solc writes it.
    pub abi: JsonAbi,
    /// Its creation bytecode, before constructor arguments.
    pub bytecode: Bytes,
}

/// Everything `build.mjs` printed: the compiler's version and each contract by name.
#[derive(Debug, Clone, Deserialize)]
pub struct Artifacts {
    /// solc-js's version string, e.g. `0.8.30+commit.73712a01.Emscripten.clang`.
    pub solc: String,
    /// The contracts of `chain/contracts/*.sol` by contract name.
    pub contracts: BTreeMap<String, Artifact>,
}

impl Artifacts {
    /// The contract named `name`.
    ///
    /// # Errors
    ///
    /// [`Error::Build`] when the sources define no such contract.
    pub fn get(&self, name: &str) -> Result<&Artifact> {
        self.contracts.get(name).ok_or_else(|| Error::Build(format!("no contract {name} in chain/contracts")))
    }
}

/// `chain/` at the repository's root.
pub fn chain_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("chain")
}

/// The artifacts of this process, compiled on first use.
///
/// # Errors
///
/// [`Error::ChainNotInstalled`] without solc-js in `chain/node_modules`; [`Error::Build`]
/// when node cannot run or solc reports an error (its messages are in the error).
pub fn artifacts() -> Result<&'static Artifacts> {
    static ARTIFACTS: OnceLock<std::result::Result<Artifacts, String>> = OnceLock::new();
    let compiled = ARTIFACTS.get_or_init(|| compile().map_err(|e| e.to_string()));
    compiled.as_ref().map_err(|e| Error::Build(e.clone()))
}

fn compile() -> Result<Artifacts> {
    let dir = chain_dir();
    let solc = dir.join("node_modules").join("solc");
    if !solc.is_dir() {
        return Err(Error::ChainNotInstalled(solc));
    }
    let output = Command::new("node")
        .arg("build.mjs")
        .current_dir(&dir)
        .output()
        .map_err(|e| Error::Build(format!("cannot run node: {e}")))?;
    if !output.status.success() {
        return Err(Error::Build(String::from_utf8_lossy(&output.stderr).into_owned()));
    }
    serde_json::from_slice(&output.stdout).map_err(|e| Error::Build(format!("unreadable build.mjs output: {e}")))
}

//! The compiled contracts: `node build.mjs` in `chain/` (solc-js standard JSON with the
//! settings fixed in that script), its output parsed into ABIs and creation bytecode.
//! Nothing compiled is committed. The output is kept in the system's temporary directory
//! under the keccak-256 of everything that decides it (`build.mjs`, `package-lock.json`
//! and every `.sol` under `contracts/`), so a run of many test processes compiles once,
//! and the bytecode deployed is always that of the sources beside it.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use alloy_json_abi::JsonAbi;
use alloy_primitives::{keccak256, Bytes, B256};
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

/// The artifacts of this process: on first use, the kept output of these sources, or
/// compiled (and kept) when there is none.
///
/// # Errors
///
/// [`Error::ChainNotInstalled`] without solc-js in `chain/node_modules`; [`Error::Build`]
/// when node cannot run or solc reports an error (its messages are in the error).
pub fn artifacts() -> Result<&'static Artifacts> {
    static ARTIFACTS: OnceLock<std::result::Result<Artifacts, String>> = OnceLock::new();
    let compiled = ARTIFACTS.get_or_init(|| load().map_err(|e| e.to_string()));
    compiled.as_ref().map_err(|e| Error::Build(e.clone()))
}

fn load() -> Result<Artifacts> {
    let dir = chain_dir();
    let solc = dir.join("node_modules").join("solc");
    if !solc.is_dir() {
        return Err(Error::ChainNotInstalled(solc));
    }
    let kept = std::env::temp_dir().join("intent-chain-artifacts").join(format!("{}.json", inputs_hash(&dir)?));
    if let Some(artifacts) = fs::read(&kept).ok().and_then(|bytes| serde_json::from_slice(&bytes).ok()) {
        return Ok(artifacts);
    }
    let output = compile(&dir)?;
    let artifacts =
        serde_json::from_slice(&output).map_err(|e| Error::Build(format!("unreadable build.mjs output: {e}")))?;
    keep(&kept, &output);
    Ok(artifacts)
}

/// What `node build.mjs` printed.
fn compile(dir: &Path) -> Result<Vec<u8>> {
    let output = Command::new("node")
        .arg("build.mjs")
        .current_dir(dir)
        .output()
        .map_err(|e| Error::Build(format!("cannot run node: {e}")))?;
    if !output.status.success() {
        return Err(Error::Build(String::from_utf8_lossy(&output.stderr).into_owned()));
    }
    Ok(output.stdout)
}

/// keccak-256 over `build.mjs`, `package-lock.json` (the pinned solc-js and OpenZeppelin
/// Contracts) and every `.sol` file under `contracts/`, each with its path.
fn inputs_hash(dir: &Path) -> Result<B256> {
    let mut files = vec![PathBuf::from("build.mjs"), PathBuf::from("package-lock.json")];
    solidity_files(dir, Path::new("contracts"), &mut files)?;
    let mut hashed = Vec::new();
    for file in &files {
        let content = fs::read(dir.join(file)).map_err(|e| Error::Build(format!("{}: {e}", file.display())))?;
        for part in [file.to_string_lossy().as_bytes(), &content] {
            hashed.extend_from_slice(&(part.len() as u64).to_be_bytes());
            hashed.extend_from_slice(part);
        }
    }
    Ok(keccak256(hashed))
}

/// Appends the `.sol` files under `dir/relative`, recursively, in name order.
fn solidity_files(dir: &Path, relative: &Path, files: &mut Vec<PathBuf>) -> Result<()> {
    let read = fs::read_dir(dir.join(relative)).map_err(|e| Error::Build(format!("{}: {e}", relative.display())))?;
    let mut entries: Vec<PathBuf> =
        read.filter_map(|entry| entry.ok()).map(|entry| relative.join(entry.file_name())).collect();
    entries.sort();
    for entry in entries {
        if dir.join(&entry).is_dir() {
            solidity_files(dir, &entry, files)?;
        } else if entry.extension().is_some_and(|extension| extension == "sol") {
            files.push(entry);
        }
    }
    Ok(())
}

/// Keeps `output` at `path`, written beside it and renamed into place so that a process
/// reading at the same time sees all of it or nothing. Failing to keep it only means the
/// next process compiles again.
fn keep(path: &Path, output: &[u8]) {
    let Some(parent) = path.parent() else { return };
    let partial = path.with_extension(format!("{}.partial", std::process::id()));
    let kept =
        fs::create_dir_all(parent).and_then(|()| fs::write(&partial, output)).and_then(|()| fs::rename(&partial, path));
    if kept.is_err() {
        let _ = fs::remove_file(&partial);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scratch `chain/` with the files the hash reads, removed when dropped.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new() -> Scratch {
            let dir = std::env::temp_dir().join(format!("intent-chain-inputs-{}", std::process::id()));
            let _ = fs::remove_dir_all(&dir);
            fs::create_dir_all(dir.join("contracts").join("interfaces")).unwrap();
            for (file, content) in [
                ("build.mjs", "build"),
                ("package-lock.json", "lock"),
                ("contracts/A.sol", "contract A {}"),
                ("contracts/interfaces/IA.sol", "interface IA {}"),
            ] {
                fs::write(dir.join(file), content).unwrap();
            }
            Scratch(dir)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn the_kept_output_is_named_by_every_input_so_a_changed_or_added_source_compiles_again() {
        let scratch = Scratch::new();
        let dir = &scratch.0;
        let first = inputs_hash(dir).unwrap();
        assert_eq!(inputs_hash(dir).unwrap(), first);
        let mut seen = vec![first];
        for (file, content) in [
            ("contracts/interfaces/IA.sol", "interface IA { function f() external; }"),
            ("contracts/A.sol", "contract A { }"),
            ("contracts/interfaces/IB.sol", ""),
            ("package-lock.json", "another lock"),
            ("build.mjs", "another build"),
            ("contracts/notes.txt", "not a source"),
        ] {
            fs::write(dir.join(file), content).unwrap();
            let hash = inputs_hash(dir).unwrap();
            let is_source = file != "contracts/notes.txt";
            assert_eq!(!seen.contains(&hash), is_source, "{file}");
            seen.push(hash);
        }
    }
}

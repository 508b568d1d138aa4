//! The service's layers as its module docs describe them (service/README.md, "What lives
//! where"): storage in one place, so the SQL of the service is only in `src/store/`.

use std::path::Path;

use crate::support::repo;

/// Every Rust source file under `dir`, with its text.
fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push((path.display().to_string(), std::fs::read_to_string(&path).unwrap()));
        }
    }
}

#[test]
fn the_service_runs_sql_only_in_its_store() {
    let src = repo().join("service/src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    assert!(files.len() > 20, "{} files", files.len());
    let store = src.join("store").display().to_string();
    for (path, text) in files {
        if path.starts_with(&store) {
            continue;
        }
        for word in ["sqlx::", "SELECT ", "INSERT INTO", "UPDATE ", "DELETE FROM"] {
            assert!(!text.contains(word), "{path} holds {word:?}: the SQL is the store's (src/store/)");
        }
    }
}

//! The one catalogue of server failures (docs/spec.md §8): every `ServerFailure` the core
//! lists in `ServerFailure::ALL` is answered in a published kind with its published code
//! and HTTP status (the committed copy of the published list,
//! `examples/published/errors.json`; only PayloadTooLarge is the library's own), and §8's
//! table of server failures names each one, in that order, with its cause code, kind, code
//! and status.

use intent_core::{ErrorKind, ServerFailure};
use serde_json::Value;

use crate::support::repo;

/// The published kinds: name, code, HTTP status.
fn published() -> Vec<(String, i64, i64)> {
    let text = std::fs::read_to_string(repo().join("examples/published/errors.json")).unwrap();
    let list: Value = serde_json::from_str(&text).unwrap();
    let kind = |e: &Value| {
        (e["error"].as_str().unwrap().to_owned(), e["code"].as_i64().unwrap(), e["status"].as_i64().unwrap())
    };
    list["errors"].as_array().unwrap().iter().map(kind).collect()
}

/// The cells of §8's table of server failures, row by row.
fn spec_rows() -> Vec<Vec<String>> {
    let spec = std::fs::read_to_string(repo().join("docs/spec.md")).unwrap();
    let table = spec.split("| `ServerFailure` | cause | kind | code | HTTP status |").nth(1).expect("§8's table");
    table
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| line.trim_matches('|').split(" | ").map(|cell| cell.trim().to_owned()).collect())
        .collect()
}

#[test]
fn every_server_failure_has_a_published_kind_code_and_status() {
    let published = published();
    for failure in ServerFailure::ALL {
        let kind = failure.kind();
        let ours = (kind.name().to_owned(), i64::from(kind.code()), i64::from(kind.http_status()));
        if kind == ErrorKind::PayloadTooLarge {
            assert!(!published.iter().any(|(name, _, _)| *name == ours.0), "{failure:?}");
        } else {
            assert!(published.contains(&ours), "{failure:?}: {ours:?} is not a published kind");
        }
        let body = failure.body();
        assert_eq!((body.error, body.code, body.status), (kind.name(), kind.code(), kind.http_status()));
        assert!(body.cause.starts_with(failure.code()), "{failure:?}: {}", body.cause);
    }
}

#[test]
fn the_spec_lists_every_server_failure_in_the_catalogues_order() {
    let rows = spec_rows();
    assert_eq!(rows.len(), ServerFailure::ALL.len(), "{rows:?}");
    for (failure, row) in ServerFailure::ALL.iter().zip(&rows) {
        let debug = format!("{failure:?}");
        let variant = debug.split([' ', '{']).next().unwrap();
        assert!(row[0].starts_with(&format!("`{variant}")), "{variant}: {row:?}");
        let cause = match failure.path() {
            Some(_) => format!("`{} at ", failure.code()),
            None => format!("`{}`", failure.code()),
        };
        assert!(row[1].starts_with(&cause), "{variant}: {row:?}");
        let kind = failure.kind();
        assert_eq!(row[2], format!("`{}`", kind.name()), "{variant}");
        assert_eq!(
            (row[3].as_str(), row[4].as_str()),
            (kind.code().to_string().as_str(), kind.http_status().to_string().as_str()),
            "{variant}"
        );
    }
}

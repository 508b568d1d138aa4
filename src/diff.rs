//! Which fields differ between two objects: the JSON paths whose canonical values differ,
//! for `INTENT_MODIFIED` diagnostics.

use alloc::string::String;
use alloc::vec::Vec;

use crate::json::value::Json;
use crate::json::Reader;
use crate::{path, Canonical, Limits};

/// The paths (`originCalls.calls[2].to`, `fees.totalFeeUsd`) at which the canonical forms
/// of `a` and `b` differ, in canonical order: the deepest differing members and elements,
/// and members or elements present on one side only. Empty exactly when the canonical
/// hashes are equal.
pub fn changed_paths<T: Canonical>(a: &T, b: &T) -> Vec<String> {
    let (a, b) = (a.canonical_json(), b.canonical_json());
    let mut changed = Vec::new();
    if a == b {
        return changed;
    }
    // Canonical text is valid JSON by construction, so no limit applies.
    let limits = Limits::UNLIMITED;
    match (parse(&a, &limits), parse(&b, &limits)) {
        (Some(a), Some(b)) => compare(&a, &b, &mut String::new(), &mut changed),
        _ => changed.push(String::new()),
    }
    changed
}

fn parse<'a>(text: &'a str, limits: &'a Limits) -> Option<Json<'a>> {
    Reader::new(text.as_bytes(), limits).and_then(|mut r| Json::read(&mut r)).ok()
}

fn compare(a: &Json<'_>, b: &Json<'_>, at: &mut String, changed: &mut Vec<String>) {
    let restore = at.len();
    match (a, b) {
        (Json::Object(a), Json::Object(b)) => {
            let (mut i, mut j) = (0, 0);
            while i < a.len() || j < b.len() {
                let order = match (a.get(i), b.get(j)) {
                    (Some(x), Some(y)) => crate::json::key_order::compare_keys(&x.0, &y.0),
                    (Some(_), None) => core::cmp::Ordering::Less,
                    _ => core::cmp::Ordering::Greater,
                };
                let key = match order {
                    core::cmp::Ordering::Less => &a[i].0,
                    _ => &b[j].0,
                };
                path::push_key(at, key);
                match order {
                    core::cmp::Ordering::Equal => compare(&a[i].1, &b[j].1, at, changed),
                    _ => changed.push(at.clone()),
                }
                at.truncate(restore);
                match order {
                    core::cmp::Ordering::Less => i += 1,
                    core::cmp::Ordering::Greater => j += 1,
                    core::cmp::Ordering::Equal => {
                        i += 1;
                        j += 1;
                    }
                }
            }
        }
        (Json::Array(a), Json::Array(b)) => {
            for index in 0..a.len().max(b.len()) {
                path::push_index(at, index);
                match (a.get(index), b.get(index)) {
                    (Some(x), Some(y)) => compare(x, y, at, changed),
                    _ => changed.push(at.clone()),
                }
                at.truncate(restore);
            }
        }
        (a, b) if a == b => {}
        _ => changed.push(at.clone()),
    }
}

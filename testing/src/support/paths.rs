//! Paths

use super::*;

#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    Key(String),
    Index(usize),
}

/// A path as the crate prints it: `originCalls.calls[1].to`; a key that is not a plain
/// identifier (`[A-Za-z_$][A-Za-z0-9_$]*`) in brackets as a JSON string: `extra["a.b"]`.
pub fn path_string(steps: &[Step]) -> String {
    let mut out = String::new();
    for step in steps {
        match step {
            Step::Key(k) => {
                let mut bytes = k.bytes();
                let plain = matches!(bytes.next(), Some(b) if b.is_ascii_alphabetic() || b == b'_' || b == b'$')
                    && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$');
                if plain {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(k);
                } else {
                    out.push('[');
                    write_canonical_string(&mut out, k);
                    out.push(']');
                }
            }
            Step::Index(i) => {
                let _ = write!(out, "[{i}]");
            }
        }
    }
    out
}

pub fn get<'a>(j: &'a J, path: &[Step]) -> &'a J {
    path.iter().fold(j, |j, step| match (j, step) {
        (J::Obj(members), Step::Key(k)) => &members.iter().find(|(key, _)| key == k).expect("member").1,
        (J::Arr(items), Step::Index(i)) => &items[*i],
        _ => panic!("no such path"),
    })
}

pub fn get_mut<'a>(j: &'a mut J, path: &[Step]) -> &'a mut J {
    path.iter().fold(j, |j, step| match (j, step) {
        (J::Obj(members), Step::Key(k)) => &mut members.iter_mut().find(|(key, _)| key == k).expect("member").1,
        (J::Arr(items), Step::Index(i)) => &mut items[*i],
        _ => panic!("no such path"),
    })
}

/// A reference for `changed_paths`: the deepest paths at which two canonical trees differ,
/// and members or elements present on one side only, in canonical order.
pub fn reference_diff(a: &J, b: &J) -> Vec<String> {
    let mut out = Vec::new();
    diff(a, b, &mut Vec::new(), &mut out);
    out
}

pub(crate) fn diff(a: &J, b: &J, at: &mut Vec<Step>, out: &mut Vec<String>) {
    match (a, b) {
        (J::Obj(x), J::Obj(y)) => {
            let mut x: Vec<&(String, J)> = x.iter().collect();
            let mut y: Vec<&(String, J)> = y.iter().collect();
            x.sort_by(|p, q| key_order(&p.0, &q.0));
            y.sort_by(|p, q| key_order(&p.0, &q.0));
            let mut keys: Vec<&String> = x.iter().chain(y.iter()).map(|m| &m.0).collect();
            keys.sort_by(|p, q| key_order(p, q));
            keys.dedup();
            for key in keys {
                at.push(Step::Key(key.clone()));
                match (x.iter().find(|m| &m.0 == key), y.iter().find(|m| &m.0 == key)) {
                    (Some(p), Some(q)) => diff(&p.1, &q.1, at, out),
                    _ => out.push(path_string(at)),
                }
                at.pop();
            }
        }
        (J::Arr(x), J::Arr(y)) => {
            for i in 0..x.len().max(y.len()) {
                at.push(Step::Index(i));
                match (x.get(i), y.get(i)) {
                    (Some(p), Some(q)) => diff(p, q, at, out),
                    _ => out.push(path_string(at)),
                }
                at.pop();
            }
        }
        (p, q) if p == q => {}
        _ => out.push(path_string(at)),
    }
}

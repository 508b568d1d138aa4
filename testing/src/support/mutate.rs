//! Random unknown members and changes of meaning

use super::*;

/// Keys for added members: some sort among the schema's keys, some are not identifiers, some
/// are ordered differently by UTF-8 and UTF-16.
pub const KEY_POOL: &[&str] = &[
    "x",
    "extra",
    "A",
    "Salt",
    "salt2",
    "zz",
    "_private",
    "$ref",
    "a.b",
    "a b",
    "",
    "9lives",
    "é",
    "\u{FF21}",
    "\u{1F600}",
    "\u{E000}",
    "tab\t",
    "q\"uote",
    "back\\slash",
    "\u{7f}",
    "\u{0}",
    "\u{1f}\n",
    "fees2",
];

pub const CHAR_POOL: &[char] = &[
    'a',
    'Z',
    '0',
    ' ',
    '"',
    '\\',
    '/',
    '\u{0}',
    '\u{1}',
    '\u{8}',
    '\t',
    '\n',
    '\u{c}',
    '\r',
    '\u{1f}',
    '\u{7f}',
    'é',
    '日',
    '\u{2028}',
    '\u{FEFF}',
    '\u{FFFF}',
    '\u{E000}',
    '\u{1F600}',
    '\u{10FFFF}',
];

pub fn random_char(rng: &mut Choices) -> char {
    *rng.pick(CHAR_POOL)
}

pub fn random_string(rng: &mut Choices) -> String {
    (0..rng.below(6)).map(|_| random_char(rng)).collect()
}

/// A number in canonical form (docs/spec.md §4 for unknown members).
pub fn random_number(rng: &mut Choices) -> String {
    match rng.below(5) {
        0 => format!("{}", rng.below(2001) as i64 - 1000),
        1 => {
            let mut n = pow2(64 + rng.below(240) as u32);
            if rng.chance(1, 2) {
                n = dec_add_one(&n);
            }
            if rng.chance(1, 3) {
                n.insert(0, '-');
            }
            n
        }
        2 => "115792089237316195423570985008687907853269984665640564039457584007913129639936123".into(),
        3 => ecmascript(*rng.pick(&[
            0.5,
            1e21,
            1e-7,
            5e-324,
            1.7976931348623157e308,
            -2.5e-7,
            0.1,
            123456789.125,
            -1234.5678,
            1.5e300,
        ])),
        _ => loop {
            let x = f64::from_bits(rng.next_u64());
            if x.is_finite() {
                break ecmascript(x);
            }
        },
    }
}

/// A random JSON value in canonical form (keys sorted and unique).
pub fn random_value(rng: &mut Choices, depth: usize) -> J {
    match rng.below(if depth == 0 { 4 } else { 6 }) {
        0 => J::Null,
        1 => J::Bool(rng.chance(1, 2)),
        2 => J::Num(random_number(rng)),
        3 => J::Str(random_string(rng)),
        4 => J::Arr((0..rng.below(4)).map(|_| random_value(rng, depth - 1)).collect()),
        _ => {
            let mut members: Vec<(String, J)> = Vec::new();
            for _ in 0..rng.below(4) {
                let key = rng.pick(KEY_POOL).to_string();
                if !members.iter().any(|(k, _)| *k == key) {
                    members.push((key, random_value(rng, depth - 1)));
                }
            }
            members.sort_by(|a, b| key_order(&a.0, &b.0));
            J::Obj(members)
        }
    }
}

/// A key for a new member of the object at `path`: not a schema key of that object, not
/// already there.
pub fn fresh_key(rng: &mut Choices, object: &J, kind: Option<Kind>) -> String {
    let taken = |k: &str| {
        matches!(object, J::Obj(m) if m.iter().any(|(key, _)| key == k))
            || matches!(kind, Some(Kind::Obj(name)) if field(name, k).is_some())
    };
    let start = rng.below(KEY_POOL.len());
    for i in 0..KEY_POOL.len() {
        let key = KEY_POOL[(start + i) % KEY_POOL.len()];
        if !taken(key) {
            return key.into();
        }
    }
    (0..).map(|i| format!("k{i}")).find(|k| !taken(k)).unwrap()
}

/// Adds member `key` with the canonical value `value` to the object at `path`.
pub fn add_member(tree: &mut J, path: &[Step], key: &str, value: J) {
    match get_mut(tree, path) {
        J::Obj(members) => members.push((key.into(), value)),
        _ => panic!("not an object"),
    }
}

/// A different canonical value of the same kind, or `None` for containers.
pub fn change_leaf(rng: &mut Choices, j: &J, kind: Option<Kind>) -> Option<J> {
    Some(match (j, kind) {
        (J::Obj(_) | J::Arr(_), _) => return None,
        (J::Null, _) => J::Bool(false),
        (J::Bool(b), _) => J::Bool(!b),
        (J::Str(s), Some(Kind::Uint)) => J::Str(if s == U256_MAX { dec_sub_one(s) } else { dec_add_one(s) }),
        (J::Num(t), Some(Kind::U64)) => {
            let n: u64 = t.parse().unwrap();
            J::Num(n.checked_add(1).unwrap_or_else(|| n - 1).to_string())
        }
        (J::Num(t), Some(Kind::U8)) => {
            let n: u8 = t.parse().unwrap();
            J::Num(n.checked_add(1).unwrap_or_else(|| n - 1).to_string())
        }
        (J::Num(t), Some(Kind::Decimal | Kind::TextOrDecimal)) => J::Num(ecmascript(bump_f64(t.parse().unwrap()))),
        (J::Str(s), Some(Kind::AddressOrEmpty)) if s.is_empty() => J::Str(format!("0x{}", "0".repeat(40))),
        (J::Num(t), _) if is_integer_literal(t) => J::Num(if t == "0" { "1".into() } else { format!("{t}1") }),
        (J::Num(t), _) => J::Num(ecmascript(bump_f64(t.parse().unwrap()))),
        (J::Str(s), Some(Kind::Address | Kind::AddressOrEmpty | Kind::Bytes32)) => {
            let i = 2 + rng.below(s.len() - 2);
            let old = s.as_bytes()[i];
            let new = loop {
                let c = b"0123456789abcdef"[rng.below(16)];
                if c != old {
                    break c;
                }
            };
            let mut bytes = s.clone().into_bytes();
            bytes[i] = new;
            J::Str(String::from_utf8(bytes).unwrap())
        }
        (J::Str(s), Some(Kind::Bytes)) => J::Str(format!("{s}{:02x}", rng.below(256))),
        (J::Str(s), Some(Kind::Timestamp)) => {
            let (seconds, nanos) = parse_canonical_timestamp(s);
            let max = days_from_civil(9999, 12, 31) * 86_400 + 86_399;
            J::Str(format_canonical_timestamp(if seconds == max { seconds - 1 } else { seconds + 1 }, nanos))
        }
        (J::Str(s), Some(Kind::Enum(names, open))) => {
            let mut others: Vec<&str> = names.iter().copied().filter(|n| n != s).collect();
            if open {
                others.extend(["OTHER_PROVIDER", "BUSY", "X_9"].into_iter().filter(|n| n != s));
            }
            J::Str(rng.pick(&others).to_string())
        }
        (J::Str(s), _) => J::Str(format!("{s}{}", random_char(rng))),
    })
}

/// `x + 1`, or `x / 2` where adding one is lost to rounding.
pub(crate) fn bump_f64(x: f64) -> f64 {
    if x + 1.0 != x {
        x + 1.0
    } else {
        x / 2.0
    }
}

/// One random change of meaning.
pub struct Mutation {
    /// The changed canonical tree.
    pub tree: J,
    /// The path of the changed, removed or added member or element.
    pub path: String,
    /// What was done, for failure messages.
    pub what: String,
}

/// Changes one leaf (keeping its kind valid), removes an optional field or unknown member,
/// adds an unknown member to an object, or appends a copy of an array's last element.
pub fn mutate(tree: &J, root: Kind, rng: &mut Choices) -> Mutation {
    let all = nodes(tree, root);
    loop {
        let node = rng.pick(&all).clone();
        let path = path_string(&node.path);
        let value = get(tree, &node.path);
        let mut changed = tree.clone();
        match rng.below(10) {
            0..=5 => {
                if let Some(new) = change_leaf(rng, value, node.kind) {
                    let what = format!("set {path} from {} to {}", canonical_text(value), canonical_text(&new));
                    *get_mut(&mut changed, &node.path) = new;
                    return Mutation { tree: changed, path, what };
                }
            }
            6 if node.removable => {
                let (parent, last) = node.path.split_at(node.path.len() - 1);
                let Step::Key(key) = &last[0] else { unreachable!() };
                if let J::Obj(members) = get_mut(&mut changed, parent) {
                    members.retain(|(k, _)| k != key);
                }
                return Mutation { tree: changed, what: format!("removed {path}"), path };
            }
            7 | 8 if matches!(value, J::Obj(_)) => {
                let key = fresh_key(rng, value, node.kind);
                let new = random_value(rng, 2);
                let mut member_path = node.path.clone();
                member_path.push(Step::Key(key.clone()));
                let path = path_string(&member_path);
                let what = format!("added {path} = {}", canonical_text(&new));
                add_member(&mut changed, &node.path, &key, new);
                return Mutation { tree: changed, path, what };
            }
            9 => {
                if let J::Arr(items) = get_mut(&mut changed, &node.path) {
                    if let Some(last) = items.last().cloned() {
                        let mut element_path = node.path.clone();
                        element_path.push(Step::Index(items.len()));
                        items.push(last);
                        let path = path_string(&element_path);
                        return Mutation { tree: changed, what: format!("appended {path}"), path };
                    }
                }
            }
            _ => {}
        }
    }
}

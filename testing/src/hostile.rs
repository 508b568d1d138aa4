//! Hostile inputs at the limits of docs/spec.md §9, generated (never committed), shared by
//! `tests/it/cost_bounds.rs` and `benches/hostile.rs`.
//!
//! Every generator starts from `examples/intent.json` and stays within the default
//! [`Limits`]: documents up to 1 MiB, nesting 64, strings and keys of 4 KiB, arrays of 64,
//! 256 calls.

use intent_core::{from_slice, to_string, Bytes, Decimal, Intent, Limits};

/// The default document limit (1 MiB).
pub const MAX_DOCUMENT: usize = Limits::DEFAULT.max_document_bytes;

/// The longest key or string (4 KiB).
pub const MAX_STRING: usize = Limits::DEFAULT.max_string_bytes;

/// How many objects an unknown member of the intent can nest: the intent itself is level 1
/// of the 64 allowed.
pub const UNKNOWN_DEPTH: usize = Limits::DEFAULT.max_depth - 1;

/// The text of `examples/intent.json`.
pub fn example_text() -> String {
    std::fs::read_to_string(format!("{}/../examples/intent.json", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The example intent.
pub fn example_intent() -> Intent {
    from_slice(example_text().as_bytes()).unwrap()
}

/// The example intent's text with `members` (`"k": value, …`, no trailing comma) added
/// first.
pub fn intent_with_members(members: &str) -> Vec<u8> {
    let text = example_text();
    let body = text.trim_start().strip_prefix('{').unwrap();
    format!("{{{members},{body}").into_bytes()
}

/// The key of level `level` of a deep path: `MAX_STRING` bytes, starting with its level
/// (so that levels differ) and, when `escaped`, with `escapes` control characters spelled
/// `\u0001` (6 bytes of input each, 1 byte of key), which the path writes escaped.
pub struct DeepKeys {
    /// Control characters per key.
    pub escapes: usize,
}

impl DeepKeys {
    /// Plain identifier keys (4 KiB of input each).
    pub const PLAIN: DeepKeys = DeepKeys { escapes: 0 };

    /// Keys as escaped as fits 63 of them in about 1 MiB of input.
    pub const ESCAPED: DeepKeys = DeepKeys { escapes: 2_400 };

    /// The key's value (what the path is built from).
    pub fn key(&self, level: usize) -> String {
        let head = format!("k{level:02}");
        let mut key = head.clone();
        key.extend(std::iter::repeat_n('\u{1}', self.escapes));
        key.extend(std::iter::repeat_n('a', MAX_STRING - head.len() - self.escapes));
        key
    }

    /// The key as the input spells it (a JSON string).
    pub fn spelled(&self, level: usize) -> String {
        serde_json::to_string(&self.key(level)).unwrap()
    }
}

/// `"x": {k1: {k2: … {k63: bottom}}}` (63 objects, the deepest the limits allow).
pub fn deep_member(keys: &DeepKeys, bottom: &str) -> String {
    let mut text = String::from("\"x\":");
    for level in 1..=UNKNOWN_DEPTH {
        text.push('{');
        text.push_str(&keys.spelled(level));
        text.push(':');
    }
    text.push_str(bottom);
    text.extend(std::iter::repeat_n('}', UNKNOWN_DEPTH));
    text
}

/// The path an error or a diff names for the bottom of [`deep_member`], in full.
pub fn deep_path(keys: &DeepKeys) -> String {
    let mut path = String::from("x");
    for level in 1..=UNKNOWN_DEPTH {
        if keys.escapes == 0 {
            path.push('.');
            path.push_str(&keys.key(level));
        } else {
            path.push('[');
            path.push_str(&keys.spelled(level));
            path.push(']');
        }
    }
    path
}

/// An intent carrying [`deep_member`] with `bottom` at the bottom.
pub fn deep_intent(keys: &DeepKeys, bottom: &str) -> Vec<u8> {
    intent_with_members(&deep_member(keys, bottom))
}

/// Key orders for many unknown members.
#[derive(Clone, Copy, Debug)]
pub enum KeyOrder {
    Ascending,
    Descending,
    Random,
}

/// An intent with as many small unknown members (`"u000123":1`, 12 bytes each) as fit
/// in about `bytes`, written in `order`.
pub fn many_members(order: KeyOrder, bytes: usize) -> Vec<u8> {
    let count = bytes.saturating_sub(16 * 1024) / 12;
    let mut indices: Vec<usize> = (0..count).collect();
    match order {
        KeyOrder::Ascending => {}
        KeyOrder::Descending => indices.reverse(),
        KeyOrder::Random => {
            let mut state = 0x9E37_79B9_7F4A_7C15u64;
            for i in (1..indices.len()).rev() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                indices.swap(i, (state % (i as u64 + 1)) as usize);
            }
        }
    }
    let members: Vec<String> = indices.iter().map(|i| format!("\"u{i:06}\":1")).collect();
    intent_with_members(&members.join(","))
}

/// An intent whose unknown member `x` is 63 nested arrays around `leaf`.
pub fn deep_array(leaf: &str) -> Vec<u8> {
    let depth = UNKNOWN_DEPTH;
    intent_with_members(&format!("\"x\":{}{leaf}{}", "[".repeat(depth), "]".repeat(depth)))
}

/// An intent whose unknown member `x` is 64 arrays of 64 arrays of 64 copies of `leaf`
/// (262,144 leaves; with a one-byte leaf about 1 MiB).
pub fn wide_value(leaf: &str) -> Vec<u8> {
    let inner = format!("[{}]", vec![leaf; 64].join(","));
    let middle = format!("[{}]", vec![inner.as_str(); 64].join(","));
    let outer = format!("[{}]", vec![middle.as_str(); 64].join(","));
    intent_with_members(&format!("\"x\":{outer}"))
}

/// The largest intent of ordinary shape: 256 origin and 256 destination calls with
/// calldata, 64 route providers with 64 request ids and fees, about 1 MiB in all, and
/// still a consistent intent (`check_intent` passes). `variant` changes every call's data.
pub fn maximal_intent(variant: u8) -> Intent {
    let mut intent = example_intent();
    let data = |i: usize| Bytes::from((0..880).map(|j| (i * 31 + j) as u8 ^ variant).collect::<Vec<u8>>());
    let template = intent.origin_calls.calls[0].clone();
    intent.origin_calls.calls = (0..256).map(|i| with_data(&template, data(i))).collect();
    if let Some(destination) = intent.destination_calls.as_mut() {
        let template = destination.calls[0].clone();
        destination.calls = (0..256).map(|i| with_data(&template, data(i + 256))).collect();
    }
    let quote = &mut intent.quote;
    quote.route_providers = vec![quote.route_providers[0].clone(); 64];
    quote.route_providers_request_ids = (0..64).map(|i| format!("rq_{i:04}_{}", "r".repeat(200))).collect();
    quote.route_providers_fee_usd = (0..64).map(|i| Decimal::new(i as f64 / 8.0).unwrap()).collect();
    intent
}

fn with_data(template: &intent_core::Call, data: Bytes) -> intent_core::Call {
    let mut call = template.clone();
    call.data = Some(data);
    call
}

/// The wire bytes of an intent.
pub fn wire(intent: &Intent) -> Vec<u8> {
    to_string(intent).into_bytes()
}

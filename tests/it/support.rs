//! Shared helpers for the property tests of docs/spec.md §1–4 (`canonical_properties.rs`,
//! `changed_paths.rs`), written independently of the crate's internals:
//!
//! - a JSON tree ([`J`]) that keeps number text exactly and member order as written, with a
//!   strict parser and a compact writer using the string escaping of docs/spec.md §4;
//! - the schema of docs/spec.md §2 ([`Kind`], [`fields`]), so every leaf of a canonical document
//!   knows its value kind;
//! - a [`Respeller`] that writes a canonical tree with random spellings of the same meaning
//!   (key order, white space, address case, number and timestamp spellings, escapes, `null`
//!   for absent optional fields);
//! - [`mutate`]: one random change of meaning, with the canonical tree it should give and the
//!   path of the changed member;
//! - the test inputs: `examples/intent.json` and every case of `tests/vectors/canonical.json`.
#![allow(dead_code)]

use std::fmt::Write as _;
use std::str::FromStr;
use std::sync::OnceLock;

use intent_core::{from_slice, Address, Canonical, GasFeeOptions, Intent, QuoteRequest, B256};

// ---------------------------------------------------------------------------------------------
// Random choices that shrink: the tree shapes depend on the input, so a generator walking a
// tree cannot be a fixed proptest strategy; it reads its choices from a tape that proptest
// draws ([`any_choices`]) and shrinks.

/// How many leading choices of a [`Choices`] proptest draws and shrinks.
const TAPE_LEN: usize = 64;

/// The random choices of one generator run: first the numbers of the tape proptest drew,
/// then, past its end, a SplitMix64 stream of the run's seed (indexed by the position read,
/// so that a shorter tape keeps the later choices). Proptest shrinks the tape towards fewer
/// and smaller numbers, and a choice of 0 is the first option ([`Choices::below`],
/// [`Choices::pick`]) or "no" ([`Choices::chance`]): a failing case shrinks towards the first
/// options of its first choices.
#[derive(Clone, Debug)]
pub struct Choices {
    tape: Vec<u64>,
    seed: u64,
    read: usize,
}

/// Choices for a generator run: a tape of up to 64 numbers and a seed for the rest.
pub fn any_choices() -> impl proptest::strategy::Strategy<Value = Choices> {
    use proptest::prelude::*;
    (proptest::collection::vec(any::<u64>(), 0..=TAPE_LEN), any::<u64>()).prop_map(|(tape, seed)| Choices {
        tape,
        seed,
        read: 0,
    })
}

impl Choices {
    /// The choices of `seed` alone (no tape), for a fixed loop of cases outside proptest.
    pub fn from_seed(seed: u64) -> Self {
        Choices { tape: Vec::new(), seed, read: 0 }
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        let at = self.read;
        self.read += 1;
        match self.tape.get(at) {
            Some(&number) => number,
            None => split_mix64(self.seed ^ 0x5DEE_CE66_D1CE_4E5B, at as u64),
        }
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0);
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `num / den`; false for a choice of 0.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        den - 1 - self.next_u64() % den < num
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A random order; choices of 0 keep the order as it is.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, i - self.below(i + 1));
        }
    }
}

/// Output `index` of the SplitMix64 stream that starts at `state`.
fn split_mix64(state: u64, index: u64) -> u64 {
    let mut z = state.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

// ---------------------------------------------------------------------------------------------
// JSON tree

/// A JSON value with number text kept exactly and members in the order written.
#[derive(Clone, Debug, PartialEq)]
pub enum J {
    Null,
    Bool(bool),
    Num(String),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

/// Parses strict RFC 8259 JSON (panics on anything else: it only reads the crate's output and
/// this module's own text).
pub fn parse_json(text: &str) -> J {
    let mut p = Parser { b: text.as_bytes(), i: 0 };
    p.ws();
    let value = p.value();
    p.ws();
    assert_eq!(p.i, p.b.len(), "trailing text after JSON value in {text:?}");
    value
}

struct Parser<'a> {
    b: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(self.i) {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) {
        assert_eq!(self.b.get(self.i), Some(&c), "expected {:?} at {}", c as char, self.i);
        self.i += 1;
    }

    fn value(&mut self) -> J {
        match self.b[self.i] {
            b'n' => self.literal("null", J::Null),
            b't' => self.literal("true", J::Bool(true)),
            b'f' => self.literal("false", J::Bool(false)),
            b'"' => J::Str(self.string()),
            b'[' => {
                self.i += 1;
                self.ws();
                let mut items = Vec::new();
                if self.b[self.i] == b']' {
                    self.i += 1;
                    return J::Arr(items);
                }
                loop {
                    self.ws();
                    items.push(self.value());
                    self.ws();
                    match self.b[self.i] {
                        b',' => self.i += 1,
                        b']' => {
                            self.i += 1;
                            return J::Arr(items);
                        }
                        c => panic!("unexpected {:?} in array", c as char),
                    }
                }
            }
            b'{' => {
                self.i += 1;
                self.ws();
                let mut members = Vec::new();
                if self.b[self.i] == b'}' {
                    self.i += 1;
                    return J::Obj(members);
                }
                loop {
                    self.ws();
                    let key = self.string();
                    self.ws();
                    self.eat(b':');
                    self.ws();
                    members.push((key, self.value()));
                    self.ws();
                    match self.b[self.i] {
                        b',' => self.i += 1,
                        b'}' => {
                            self.i += 1;
                            return J::Obj(members);
                        }
                        c => panic!("unexpected {:?} in object", c as char),
                    }
                }
            }
            _ => {
                let start = self.i;
                if self.b[self.i] == b'-' {
                    self.i += 1;
                }
                let digits = |p: &mut Self| {
                    let from = p.i;
                    while p.b.get(p.i).is_some_and(u8::is_ascii_digit) {
                        p.i += 1;
                    }
                    assert!(p.i > from, "expected digits at {from}");
                };
                if self.b[self.i] == b'0' {
                    self.i += 1;
                } else {
                    digits(self);
                }
                if self.b.get(self.i) == Some(&b'.') {
                    self.i += 1;
                    digits(self);
                }
                if let Some(b'e' | b'E') = self.b.get(self.i) {
                    self.i += 1;
                    if let Some(b'+' | b'-') = self.b.get(self.i) {
                        self.i += 1;
                    }
                    digits(self);
                }
                J::Num(std::str::from_utf8(&self.b[start..self.i]).unwrap().to_string())
            }
        }
    }

    fn literal(&mut self, word: &str, value: J) -> J {
        assert_eq!(&self.b[self.i..self.i + word.len()], word.as_bytes());
        self.i += word.len();
        value
    }

    fn hex4(&mut self) -> u32 {
        let text = std::str::from_utf8(&self.b[self.i..self.i + 4]).unwrap();
        self.i += 4;
        u32::from_str_radix(text, 16).unwrap()
    }

    fn string(&mut self) -> String {
        self.eat(b'"');
        let mut bytes = Vec::new();
        loop {
            let c = self.b[self.i];
            self.i += 1;
            match c {
                b'"' => return String::from_utf8(bytes).unwrap(),
                b'\\' => {
                    let e = self.b[self.i];
                    self.i += 1;
                    let ch = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let first = self.hex4();
                            let code = if (0xD800..0xDC00).contains(&first) {
                                self.eat(b'\\');
                                self.eat(b'u');
                                let second = self.hex4();
                                assert!((0xDC00..0xE000).contains(&second), "lone surrogate");
                                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                            } else {
                                first
                            };
                            char::from_u32(code).expect("lone surrogate")
                        }
                        _ => panic!("bad escape"),
                    };
                    let mut buf = [0; 4];
                    bytes.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
                0x00..=0x1f => panic!("control character in string"),
                _ => bytes.push(c),
            }
        }
    }
}

/// Writes `s` as a JSON string with the escaping of docs/spec.md §4 (RFC 8785 §3.2.2.2).
pub fn write_canonical_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

pub fn canonical_string(s: &str) -> String {
    let mut out = String::new();
    write_canonical_string(&mut out, s);
    out
}

/// The canonical order of keys (docs/spec.md §4, RFC 8785 §3.2.3), computed independently of the
/// crate: compare the keys' UTF-16 code units, as JavaScript's default sort does.
pub fn key_order(a: &str, b: &str) -> std::cmp::Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

/// The compact text of a tree whose leaves are already in canonical form, with object members
/// sorted by [`key_order`]: the canonical JSON of docs/spec.md §4.
pub fn canonical_text(j: &J) -> String {
    let mut out = String::new();
    write_canonical(&mut out, j);
    out
}

fn write_canonical(out: &mut String, j: &J) {
    match j {
        J::Null => out.push_str("null"),
        J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        J::Num(t) => out.push_str(t),
        J::Str(s) => write_canonical_string(out, s),
        J::Arr(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(out, item);
            }
            out.push(']');
        }
        J::Obj(members) => {
            let mut sorted: Vec<&(String, J)> = members.iter().collect();
            sorted.sort_by(|a, b| key_order(&a.0, &b.0));
            out.push('{');
            for (i, (k, v)) in sorted.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical_string(out, k);
                out.push(':');
                write_canonical(out, v);
            }
            out.push('}');
        }
    }
}

/// The canonical form of a generic JSON value (an unknown member, docs/spec.md §4): keys sorted by
/// [`key_order`], integer literals exact (`-0` as `0`), other numbers in ECMAScript form.
pub fn canonicalise_generic(j: &J) -> J {
    match j {
        J::Num(t) if is_integer_literal(t) => J::Num(if t == "-0" { "0".into() } else { t.clone() }),
        J::Num(t) => J::Num(ecmascript(t.parse::<f64>().unwrap())),
        J::Arr(items) => J::Arr(items.iter().map(canonicalise_generic).collect()),
        J::Obj(members) => {
            let mut members: Vec<(String, J)> =
                members.iter().map(|(k, v)| (k.clone(), canonicalise_generic(v))).collect();
            members.sort_by(|a, b| key_order(&a.0, &b.0));
            J::Obj(members)
        }
        other => other.clone(),
    }
}

pub fn is_integer_literal(text: &str) -> bool {
    !text.contains(['.', 'e', 'E'])
}

// ---------------------------------------------------------------------------------------------
// Paths

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

fn diff(a: &J, b: &J, at: &mut Vec<Step>, out: &mut Vec<String>) {
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

// ---------------------------------------------------------------------------------------------
// The schema of docs/spec.md §2

/// The value kinds of docs/spec.md §1, objects and arrays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    Uint,
    U64,
    U8,
    Decimal,
    Address,
    Bytes,
    Bytes32,
    Timestamp,
    Str,
    Bool,
    /// `text-or-decimal`: a JSON string (any text) or a JSON number read as a decimal.
    TextOrDecimal,
    /// `address-or-empty`: an address or `""`.
    AddressOrEmpty,
    /// An enum: its names, and whether it is open (other `A-Z0-9_` names allowed).
    Enum(&'static [&'static str], bool),
    Obj(&'static str),
    Arr(&'static Kind),
}

pub struct Field {
    pub key: &'static str,
    pub kind: Kind,
    pub optional: bool,
}

const fn req(key: &'static str, kind: Kind) -> Field {
    Field { key, kind, optional: false }
}

const fn opt(key: &'static str, kind: Kind) -> Field {
    Field { key, kind, optional: true }
}

pub const INTENT_STATUS: &[&str] =
    &["QUOTED", "COMMITTED", "EXECUTING", "FAILED", "SUCCEEDED", "ABORTED", "REFUNDED", "INVALID"];
pub const TRADE_TYPE: &[&str] = &["EXACT_INPUT", "EXACT_OUTPUT"];
pub const ROUTE_PROVIDER: &[&str] = &["AUTO", "NONE", "CCTP", "PROVIDER_1", "PROVIDER_2", "PROVIDER_3", "PROVIDER_4"];
pub const CHAIN_GAS_USAGE_STATUS: &[&str] = &["NORMAL"];

use Kind::{Address as Addr, Bool, Bytes, Decimal as Dec, Obj, Str, Timestamp as Ts, Uint, U64, U8};
const STATUS: Kind = Kind::Enum(INTENT_STATUS, true);
const ADDR_OR_EMPTY: Kind = Kind::AddressOrEmpty;
const TRADE: Kind = Kind::Enum(TRADE_TYPE, false);
const PROVIDER: Kind = Kind::Enum(ROUTE_PROVIDER, true);
const GAS_STATUS: Kind = Kind::Enum(CHAIN_GAS_USAGE_STATUS, true);

const QUOTE_REQUEST: &[Field] = &[
    req("ownerAddress", Addr),
    req("originChainId", U64),
    req("originTokenAddress", Addr),
    req("destinationChainId", U64),
    req("destinationTokenAddress", Addr),
    opt("destinationToAddress", Addr),
    opt("destinationCallData", Bytes),
    opt("destinationCallValue", Uint),
    opt("originTokenAmount", Uint),
    opt("destinationTokenAmount", Uint),
    opt("tradeType", TRADE),
    opt("onlyNativeGasFee", Bool),
    opt("options", Obj("QuoteOptions")),
];
const QUOTE_OPTIONS: &[Field] = &[
    opt("swapProvider", PROVIDER),
    opt("bridgeProvider", PROVIDER),
    opt("slippageTolerance", Dec),
    opt("serviceAddressOverrides", Obj("AddressOverrides")),
];
const ADDRESS_OVERRIDES: &[Field] = &[
    opt("serviceWalletFactoryAddress", Addr),
    opt("serviceWalletMainModuleAddress", Addr),
    opt("serviceWalletMainModuleUpgradableAddress", Addr),
    opt("serviceWalletGuestModuleAddress", Addr),
    opt("serviceWalletUtilsAddress", Addr),
];
const INTENT: &[Field] = &[
    req("id", U64),
    req("projectId", U64),
    req("intentId", Str),
    req("status", STATUS),
    req("quoteRequest", Obj("QuoteRequest")),
    req("ownerAddress", Addr),
    req("originChainId", U64),
    req("destinationChainId", U64),
    req("originIntentAddress", Addr),
    req("salt", Uint),
    req("depositTransaction", Obj("DepositTransaction")),
    req("originCalls", Obj("CallBundle")),
    req("originPrecondition", Obj("Precondition")),
    req("originMetaTxn", Obj("MetaTxn")),
    req("quote", Obj("Quote")),
    req("fees", Obj("Fees")),
    req("serviceVersion", Str),
    req("serviceContracts", Obj("ServiceContracts")),
    req("expiresAt", Ts),
    opt("destinationIntentAddress", Addr),
    opt("destinationCalls", Obj("CallBundle")),
    opt("destinationPrecondition", Obj("Precondition")),
    opt("destinationMetaTxn", Obj("MetaTxn")),
    opt("updatedAt", Ts),
    opt("createdAt", Ts),
];
const DEPOSIT_TRANSACTION: &[Field] =
    &[req("toAddress", Addr), req("tokenAddress", Addr), req("amount", Uint), opt("decimals", U8)];
const CALL_BUNDLE: &[Field] =
    &[req("chainId", U64), req("calls", Kind::Arr(&Obj("Call"))), opt("space", Uint), opt("nonce", Uint)];
const CALL: &[Field] = &[
    req("to", Addr),
    opt("value", Uint),
    opt("data", Bytes),
    opt("gasLimit", Uint),
    opt("delegateCall", Bool),
    opt("onlyFallback", Bool),
    opt("behaviorOnError", U8),
];
const PRECONDITION: &[Field] = &[
    req("type", Str),
    req("chainId", U64),
    req("ownerAddress", Addr),
    req("tokenAddress", Addr),
    req("minAmount", Uint),
];
const META_TXN: &[Field] =
    &[req("id", Str), req("chainId", U64), req("walletAddress", Addr), req("contract", Addr), req("input", Bytes)];
const SERVICE_CONTRACTS: &[Field] = &[
    req("serviceIntentEntrypointAddress", ADDR_OR_EMPTY),
    req("serviceRouterAddress", ADDR_OR_EMPTY),
    req("serviceRouterShimAddress", ADDR_OR_EMPTY),
];
const QUOTE: &[Field] = &[
    req("routeProviders", Kind::Arr(&PROVIDER)),
    req("routeProvidersRequestIds", Kind::Arr(&Str)),
    req("routeProvidersFeeUsd", Kind::Arr(&Dec)),
    req("fromAmount", Uint),
    req("fromAmountMin", Uint),
    req("fromAmountUsd", Dec),
    req("fromAmountMinUsd", Dec),
    req("toAmount", Uint),
    req("toAmountMin", Uint),
    req("toAmountUsd", Dec),
    req("toAmountMinUsd", Dec),
    req("maxSlippage", Dec),
    req("priceImpact", Dec),
    req("priceImpactUsd", Dec),
    req("priceImpactDetails", Obj("PriceImpactDetails")),
];
const PRICE_IMPACT_DETAILS: &[Field] = &[
    req("executionPriceImpact", Obj("PriceImpact")),
    req("marketPriceImpact", Obj("PriceImpact")),
    req("providerFeesPriceImpact", Obj("PriceImpact")),
    req("serviceFeesPriceImpact", Obj("PriceImpact")),
    req("netPriceImpact", Obj("PriceImpact")),
];
const PRICE_IMPACT: &[Field] = &[req("priceImpact", Dec), req("priceImpactUsd", Dec)];
const FEES: &[Field] = &[
    req("originGas", Obj("GasDetail")),
    opt("destinationGas", Obj("GasDetail")),
    req("provider", Obj("ProviderFees")),
    req("feeTokenAddress", Addr),
    req("feeTokenAmount", Uint),
    req("feeTokenUsd", Dec),
    req("feeTokenTotal", Uint),
    req("gasFeeTotal", Uint),
    req("gasFeeUsd", Dec),
    req("serviceFeeTotal", Uint),
    req("serviceFeeUsd", Dec),
    req("collectorFeeTotal", Uint),
    req("collectorFeeUsd", Dec),
    req("providerFeeTotal", Uint),
    req("providerFeeUsd", Dec),
    req("totalFeeAmount", Uint),
    req("totalFeeUsd", Dec),
];
const GAS_DETAIL: &[Field] = &[
    req("chainId", U64),
    req("totalGasLimit", Uint),
    req("gasPrice", Uint),
    req("nativeTokenSymbol", Str),
    req("chainGasUsageStatus", GAS_STATUS),
    req("totalFeeAmount", Uint),
    req("totalFeeUsd", Kind::TextOrDecimal),
    req("metaTxnFeeDetails", Obj("MetaTxnFeeDetails")),
    req("metaTxnGasQuote", Str),
    opt("nativeTokenPriceUsd", Dec),
];
const META_TXN_FEE_DETAILS: &[Field] = &[req("metaTxnId", Str), req("estimatedGasLimit", Uint), req("feeNative", Uint)];
const PROVIDER_FEES: &[Field] = &[
    req("quoteProvider", Str),
    req("quoteProviderFee", Uint),
    req("quoteProviderFeeUsd", Dec),
    req("serviceFee", Uint),
    req("serviceFeeUsd", Dec),
    req("quoteProviderWithServiceFee", Uint),
    req("providerWithServiceFeeUsd", Dec),
    req("totalFeeAmount", Uint),
    req("totalFeeUsd", Dec),
];
const GAS_FEE_OPTIONS: &[Field] = &[
    req("gasEstimate", Obj("GasEstimate")),
    req("feeOptions", Kind::Arr(&Obj("FeeOption"))),
    req("expiresAt", Ts),
    req("feeCollectorAddress", Addr),
];
const GAS_ESTIMATE: &[Field] =
    &[req("totalGas", U64), req("gasPrice", Str), req("nativeCost", Str), req("nativeCostUsd", Dec)];
const FEE_OPTION: &[Field] = &[
    req("tokenAddress", Addr),
    req("tokenSymbol", Str),
    req("tokenDecimals", U8),
    req("amount", Uint),
    req("amountUsd", Dec),
    req("feeCollectorAddress", Addr),
    req("is2612", Bool),
];

/// The fields of an object of docs/spec.md §2.
pub fn fields(object: &str) -> &'static [Field] {
    match object {
        "QuoteRequest" => QUOTE_REQUEST,
        "QuoteOptions" => QUOTE_OPTIONS,
        "AddressOverrides" => ADDRESS_OVERRIDES,
        "Intent" => INTENT,
        "DepositTransaction" => DEPOSIT_TRANSACTION,
        "CallBundle" => CALL_BUNDLE,
        "Call" => CALL,
        "Precondition" => PRECONDITION,
        "MetaTxn" => META_TXN,
        "ServiceContracts" => SERVICE_CONTRACTS,
        "Quote" => QUOTE,
        "PriceImpactDetails" => PRICE_IMPACT_DETAILS,
        "PriceImpact" => PRICE_IMPACT,
        "Fees" => FEES,
        "GasDetail" => GAS_DETAIL,
        "MetaTxnFeeDetails" => META_TXN_FEE_DETAILS,
        "ProviderFees" => PROVIDER_FEES,
        "GasFeeOptions" => GAS_FEE_OPTIONS,
        "GasEstimate" => GAS_ESTIMATE,
        "FeeOption" => FEE_OPTION,
        other => panic!("no object {other} in docs/spec.md §2"),
    }
}

pub fn field(object: &str, key: &str) -> Option<&'static Field> {
    fields(object).iter().find(|f| f.key == key)
}

/// One value of a document with what the schema says about it.
#[derive(Clone, Debug)]
pub struct Node {
    pub path: Vec<Step>,
    /// `None` inside an unknown member (a generic JSON value).
    pub kind: Option<Kind>,
    /// A member whose removal leaves a valid document: an optional field or an unknown member
    /// (or a member of an object inside one).
    pub removable: bool,
}

/// Every value of `tree` (the root included), in document order.
pub fn nodes(tree: &J, root: Kind) -> Vec<Node> {
    let mut out = Vec::new();
    walk(tree, Some(root), &mut Vec::new(), false, &mut out);
    out
}

fn walk(j: &J, kind: Option<Kind>, path: &mut Vec<Step>, removable: bool, out: &mut Vec<Node>) {
    out.push(Node { path: path.clone(), kind, removable });
    match j {
        J::Obj(members) => {
            for (k, v) in members {
                let (child, removable) = match kind {
                    Some(Kind::Obj(name)) => match field(name, k) {
                        Some(f) => (Some(f.kind), f.optional),
                        None => (None, true),
                    },
                    _ => (None, true),
                };
                path.push(Step::Key(k.clone()));
                walk(v, child, path, removable, out);
                path.pop();
            }
        }
        J::Arr(items) => {
            let child = match kind {
                Some(Kind::Arr(k)) => Some(*k),
                _ => None,
            };
            for (i, v) in items.iter().enumerate() {
                path.push(Step::Index(i));
                walk(v, child, path, false, out);
                path.pop();
            }
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------------
// Numbers

pub const U256_MAX: &str = "115792089237316195423570985008687907853269984665640564039457584007913129639935";

/// 2^n in decimal.
pub fn pow2(n: u32) -> String {
    let mut digits = vec![1u8]; // little-endian
    for _ in 0..n {
        let mut carry = 0;
        for d in digits.iter_mut() {
            let v = *d * 2 + carry;
            *d = v % 10;
            carry = v / 10;
        }
        if carry > 0 {
            digits.push(carry);
        }
    }
    digits.iter().rev().map(|d| char::from(b'0' + d)).collect()
}

/// `s + 1` for a decimal-digit string.
pub fn dec_add_one(s: &str) -> String {
    let mut digits: Vec<u8> = s.bytes().map(|b| b - b'0').collect();
    let mut i = digits.len();
    loop {
        if i == 0 {
            digits.insert(0, 1);
            break;
        }
        i -= 1;
        if digits[i] == 9 {
            digits[i] = 0;
        } else {
            digits[i] += 1;
            break;
        }
    }
    digits.iter().map(|d| char::from(b'0' + d)).collect()
}

/// `s - 1` for a positive decimal-digit string without leading zeros.
pub fn dec_sub_one(s: &str) -> String {
    let mut digits: Vec<u8> = s.bytes().map(|b| b - b'0').collect();
    let mut i = digits.len();
    loop {
        i -= 1;
        if digits[i] == 0 {
            digits[i] = 9;
        } else {
            digits[i] -= 1;
            break;
        }
    }
    let text: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
    let trimmed = text.trim_start_matches('0');
    if trimmed.is_empty() {
        "0".into()
    } else {
        trimmed.into()
    }
}

/// Shortest round-trip digits of a finite non-zero `x` (Rust's choice, see [`closest_even`]):
/// `(negative, digits, e)` with `digits × 10^e` reading back as `|x|`.
pub fn shortest_digits(x: f64) -> (bool, String, i64) {
    let text = format!("{:e}", x.abs());
    let (mantissa, exp) = text.split_once('e').unwrap();
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let exp: i64 = exp.parse().unwrap();
    (x.is_sign_negative(), digits.clone(), exp - (digits.len() as i64 - 1))
}

/// ECMA-262 Number::toString picks, among the shortest digit strings that round-trip, the one
/// closest to `x`, and the even one of two equally close (Rust's `{:e}` rounds that tie away:
/// -1274235351877961.25 is "…961.3" in Rust, "…961.2" in ECMAScript). `digits` are Rust's
/// shortest digits with the first at 10^`exp`.
fn closest_even(x: f64, digits: String, exp: i64) -> String {
    let k = digits.len();
    // A tie needs the exact value to end in 5 right after the k-th digit; most doubles are
    // ruled out from k + 1 correctly rounded digits, before the exact expansion.
    let rounded = format!("{:.*e}", k, x);
    if !rounded.split_once('e').unwrap().0.ends_with('5') {
        return digits;
    }
    let exact = format!("{:.800e}", x);
    let (mantissa, exact_exp) = exact.split_once('e').unwrap();
    let exact_digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let exact_digits = exact_digits.trim_end_matches('0');
    let tie = exact_exp.parse::<i64>().unwrap() == exp && exact_digits.len() == k + 1 && exact_digits.ends_with('5');
    if !tie {
        return digits;
    }
    let low = exact_digits[..k].to_string();
    let high = dec_add_one(&low);
    let round_trips = |d: &str| format!("{}.{}e{}", &d[..1], &d[1..], exp).parse::<f64>() == Ok(x);
    let even = |d: &str| (d.as_bytes()[k - 1] - b'0').is_multiple_of(2);
    match (high.len() == k, round_trips(&low), round_trips(&high)) {
        (true, true, true) => {
            if even(&low) {
                low
            } else {
                high
            }
        }
        _ => digits,
    }
}

/// ECMAScript `Number.prototype.toString` of a finite `x` (`-0` as `0`), from the shortest
/// round-trip digits (ECMA-262 Number::toString).
pub fn ecmascript(x: f64) -> String {
    if x == 0.0 {
        return "0".into();
    }
    let (negative, s, exp) = shortest_digits(x);
    let first_exp = exp + s.len() as i64 - 1;
    let s = closest_even(x.abs(), s, first_exp);
    let exp = first_exp - (s.len() as i64 - 1);
    let k = s.len() as i64;
    let n = exp + k;
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    if k <= n && n <= 21 {
        out.push_str(&s);
        out.extend(std::iter::repeat_n('0', (n - k) as usize));
    } else if 0 < n && n <= 21 {
        out.push_str(&s[..n as usize]);
        out.push('.');
        out.push_str(&s[n as usize..]);
    } else if -6 < n && n <= 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-n) as usize));
        out.push_str(&s);
    } else {
        let e = n - 1;
        out.push_str(&s[..1]);
        if k > 1 {
            out.push('.');
            out.push_str(&s[1..]);
        }
        let _ = write!(out, "e{}{}", if e >= 0 { "+" } else { "-" }, e.abs());
    }
    out
}

fn push_exponent(rng: &mut Choices, out: &mut String, e: i64) {
    out.push(if rng.chance(1, 2) { 'e' } else { 'E' });
    if e < 0 {
        out.push('-');
    } else if rng.chance(1, 2) {
        out.push('+');
    }
    if rng.chance(1, 4) {
        out.push_str(&"0".repeat(1 + rng.below(20)));
    }
    let _ = write!(out, "{}", e.abs());
}

/// A random JSON number spelling of exactly `(−)digits × 10^exp` (`digits` without leading
/// zeros, or `"0"`). With `force_fraction_or_exponent` the text always has a `.` or an
/// exponent (so an unknown member's non-integer number stays one).
pub fn spell_exact(
    rng: &mut Choices,
    negative: bool,
    digits: &str,
    exp: i64,
    force_fraction_or_exponent: bool,
) -> String {
    let force = force_fraction_or_exponent;
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    if digits == "0" {
        // `-0` is zero: its exact value is an integer in range (docs/spec.md §1).
        let forms: &[&str] = if force {
            &["0.0", "0e0", "0.000", "0E+5", "0.0e-3"]
        } else {
            &["0", "0.0", "0e0", "0E+5", "-0", "-0.0", "-0e-7"]
        };
        let form: &str = rng.pick::<&str>(forms);
        out.push_str(form);
        return out;
    }
    let len = digits.len() as i64;
    let zeros = |n: usize| "0".repeat(n);
    // Mostly a few padding zeros, sometimes a hundred (mantissas far longer than 78 digits).
    let padding = |rng: &mut Choices, most: usize| if rng.chance(1, 8) { 100 + rng.below(30) } else { rng.below(most) };
    match rng.below(3) {
        0 if (0..=30).contains(&exp) => {
            out.push_str(digits);
            out.push_str(&zeros(exp as usize));
            if force || rng.chance(1, 3) {
                out.push('.');
                out.push_str(&zeros(1 + rng.below(3)));
            }
        }
        1 => {
            let k = padding(rng, 3);
            out.push_str("0.");
            out.push_str(&zeros(k));
            out.push_str(digits);
            out.push_str(&zeros(padding(rng, 2)));
            let e = exp + len + k as i64;
            if e != 0 || rng.chance(1, 2) {
                push_exponent(rng, &mut out, e);
            }
        }
        _ => {
            let p = 1 + rng.below(digits.len());
            out.push_str(&digits[..p]);
            let mut fraction = digits[p..].to_string();
            fraction.push_str(&zeros(padding(rng, 3)));
            let has_point = !fraction.is_empty();
            if has_point {
                out.push('.');
                out.push_str(&fraction);
            }
            let e = exp + (len - p as i64);
            if e != 0 || (force && !has_point) || rng.chance(1, 3) {
                push_exponent(rng, &mut out, e);
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Timestamps (proleptic Gregorian, H. Hinnant's algorithms)

fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Reads the canonical form `YYYY-MM-DDTHH:MM:SS[.f]Z`: (Unix seconds, nanoseconds).
pub fn parse_canonical_timestamp(s: &str) -> (i64, u32) {
    let n = |a: usize, b: usize| s[a..b].parse::<i64>().unwrap();
    let days = days_from_civil(n(0, 4), n(5, 7), n(8, 10));
    let seconds = days * 86_400 + n(11, 13) * 3600 + n(14, 16) * 60 + n(17, 19);
    let nanos = match s[19..].strip_prefix('.') {
        Some(rest) => {
            let fraction = rest.trim_end_matches(['Z', 'z']);
            format!("{fraction:0<9}").parse::<u32>().unwrap()
        }
        None => 0,
    };
    (seconds, nanos)
}

fn local_date_time(seconds: i64) -> String {
    let (y, m, d) = civil_from_days(seconds.div_euclid(86_400));
    let s = seconds.rem_euclid(86_400);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// The canonical form of an instant.
pub fn format_canonical_timestamp(seconds: i64, nanos: u32) -> String {
    let mut out = local_date_time(seconds);
    if nanos != 0 {
        out.push('.');
        out.push_str(format!("{nanos:09}").trim_end_matches('0'));
    }
    out.push('Z');
    out
}

/// A random RFC 3339 spelling of the same instant: another offset, `t`/`z`, a fraction with
/// trailing zeros.
pub fn respell_timestamp(rng: &mut Choices, canonical: &str) -> String {
    let (seconds, nanos) = parse_canonical_timestamp(canonical);
    let mut offset_minutes: i64 = if rng.chance(1, 4) { 0 } else { rng.below(2 * 1439 + 1) as i64 - 1439 };
    let year = |s: i64| civil_from_days(s.div_euclid(86_400)).0;
    if !(0..=9999).contains(&year(seconds + offset_minutes * 60)) {
        offset_minutes = 0;
    }
    let mut out = local_date_time(seconds + offset_minutes * 60);
    if rng.chance(1, 2) {
        out.replace_range(10..11, "t");
    }
    if nanos != 0 || rng.chance(1, 3) {
        let digits = format!("{nanos:09}");
        let significant = digits.trim_end_matches('0').len().max(1);
        out.push('.');
        out.push_str(&digits[..significant + rng.below(9 - significant + 1)]);
    }
    if offset_minutes == 0 && rng.chance(2, 3) {
        out.push(if rng.chance(1, 2) { 'Z' } else { 'z' });
    } else {
        let sign = if offset_minutes < 0 || (offset_minutes == 0 && rng.chance(1, 2)) { '-' } else { '+' };
        let _ = write!(out, "{sign}{:02}:{:02}", offset_minutes.abs() / 60, offset_minutes.abs() % 60);
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Respelling

/// Which spellings a [`Respeller`] varies.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub key_order: bool,
    pub white_space: bool,
    pub addresses: bool,
    pub uints: bool,
    pub small_uints: bool,
    pub decimals: bool,
    pub timestamps: bool,
    pub escapes: bool,
    pub nulls: bool,
    pub hex_case: bool,
    pub unknown_numbers: bool,
}

impl Style {
    pub const NONE: Style = Style {
        key_order: false,
        white_space: false,
        addresses: false,
        uints: false,
        small_uints: false,
        decimals: false,
        timestamps: false,
        escapes: false,
        nulls: false,
        hex_case: false,
        unknown_numbers: false,
    };
    pub const ALL: Style = Style {
        key_order: true,
        white_space: true,
        addresses: true,
        uints: true,
        small_uints: true,
        decimals: true,
        timestamps: true,
        escapes: true,
        nulls: true,
        hex_case: true,
        unknown_numbers: true,
    };
}

/// Writes a canonical tree in random spellings of the same meaning.
pub struct Respeller<'r> {
    pub rng: &'r mut Choices,
    pub style: Style,
    /// The unknown members of schema objects as written: (key in canonical JSON string form,
    /// raw value text).
    pub unknown_raw: Vec<(String, String)>,
}

impl<'r> Respeller<'r> {
    pub fn new(rng: &'r mut Choices, style: Style) -> Self {
        Respeller { rng, style, unknown_raw: Vec::new() }
    }

    pub fn document(&mut self, tree: &J, root: Kind) -> String {
        let mut out = String::new();
        self.ws(&mut out);
        self.value(tree, Some(root), &mut out);
        self.ws(&mut out);
        out
    }

    fn ws(&mut self, out: &mut String) {
        if self.style.white_space && self.rng.chance(1, 3) {
            for _ in 0..1 + self.rng.below(3) {
                out.push(*self.rng.pick(&[' ', '\t', '\r', '\n']));
            }
        }
    }

    fn value(&mut self, j: &J, kind: Option<Kind>, out: &mut String) {
        match (j, kind) {
            (J::Obj(members), Some(Kind::Obj(name))) => self.object(members, Some(name), out),
            (J::Obj(members), _) => self.object(members, None, out),
            (J::Arr(items), kind) => {
                let child = match kind {
                    Some(Kind::Arr(k)) => Some(*k),
                    _ => None,
                };
                out.push('[');
                self.ws(out);
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                        self.ws(out);
                    }
                    self.value(item, child, out);
                    self.ws(out);
                }
                out.push(']');
            }
            (J::Null, _) => out.push_str("null"),
            (J::Bool(b), _) => out.push_str(if *b { "true" } else { "false" }),
            (J::Num(t), Some(Kind::U64 | Kind::U8)) if self.style.small_uints => {
                let text = match self.rng.below(4) {
                    0 => t.clone(),
                    1 => format!("\"{t}\""),
                    2 => format!("\"{}{t}\"", "0".repeat(1 + self.rng.below(3))),
                    _ => spell_exact(self.rng, false, t, 0, false),
                };
                if text.starts_with('"') {
                    self.string(&text[1..text.len() - 1], out);
                } else {
                    out.push_str(&text);
                }
            }
            (J::Num(t), Some(Kind::Decimal | Kind::TextOrDecimal)) if self.style.decimals => {
                let x: f64 = t.parse().unwrap();
                if x == 0.0 {
                    let zero: &str = self.rng.pick::<&str>(&["0", "-0", "0.0", "-0.0e0", "0E-3"]);
                    out.push_str(zero);
                } else if self.rng.chance(1, 4) {
                    out.push_str(t);
                } else {
                    let (negative, digits, exp) = shortest_digits(x);
                    out.push_str(&spell_exact(self.rng, negative, &digits, exp, false));
                }
            }
            (J::Num(t), None) if self.style.unknown_numbers => {
                if is_integer_literal(t) {
                    out.push_str(if t == "0" && self.rng.chance(1, 2) { "-0" } else { t });
                } else {
                    let x: f64 = t.parse().unwrap();
                    if x == 0.0 || self.rng.chance(1, 4) {
                        out.push_str(t);
                    } else {
                        let (negative, digits, exp) = shortest_digits(x);
                        out.push_str(&spell_exact(self.rng, negative, &digits, exp, true));
                    }
                }
            }
            (J::Num(t), _) => out.push_str(t),
            (J::Str(s), Some(Kind::Uint)) if self.style.uints => match self.rng.below(4) {
                0 => self.string(s, out),
                1 => {
                    let padded = format!("{}{s}", "0".repeat(1 + self.rng.below(3)));
                    self.string(&padded, out)
                }
                2 => out.push_str(s),
                _ => out.push_str(&spell_exact(self.rng, false, s, 0, false)),
            },
            (J::Str(s), Some(Kind::Address | Kind::AddressOrEmpty)) if self.style.addresses && !s.is_empty() => {
                let text = match self.rng.below(3) {
                    0 => s.clone(),
                    1 => format!("0x{}", s[2..].to_ascii_uppercase()),
                    _ => Address::from_str(s).unwrap().to_checksum(None),
                };
                self.string(&text, out);
            }
            (J::Str(s), Some(Kind::Bytes | Kind::Bytes32)) if self.style.hex_case => {
                let text = match self.rng.below(3) {
                    0 => s.clone(),
                    1 => format!("0x{}", s[2..].to_ascii_uppercase()),
                    _ => {
                        let digits: String = s[2..]
                            .chars()
                            .map(|c| if self.rng.chance(1, 2) { c.to_ascii_uppercase() } else { c })
                            .collect();
                        format!("0x{digits}")
                    }
                };
                self.string(&text, out);
            }
            (J::Str(s), Some(Kind::Timestamp)) if self.style.timestamps => {
                let text = respell_timestamp(self.rng, s);
                self.string(&text, out);
            }
            (J::Str(s), _) => self.string(s, out),
        }
    }

    fn object(&mut self, members: &[(String, J)], schema: Option<&'static str>, out: &mut String) {
        // (key, value or None for an added null, kind, whether it is an unknown member of a
        // schema object)
        let mut items: Vec<(&str, Option<&J>, Option<Kind>, bool)> = members
            .iter()
            .map(|(k, v)| match schema.and_then(|s| field(s, k)) {
                Some(f) => (k.as_str(), Some(v), Some(f.kind), false),
                None => (k.as_str(), Some(v), None, schema.is_some()),
            })
            .collect();
        if let (true, Some(name)) = (self.style.nulls, schema) {
            for f in fields(name) {
                if f.optional && !members.iter().any(|(k, _)| k == f.key) && self.rng.chance(1, 2) {
                    items.push((f.key, None, None, false));
                }
            }
        }
        if self.style.key_order {
            self.rng.shuffle(&mut items);
        }
        out.push('{');
        self.ws(out);
        for (i, (key, value, kind, unknown)) in items.into_iter().enumerate() {
            if i > 0 {
                out.push(',');
                self.ws(out);
            }
            self.string(key, out);
            self.ws(out);
            out.push(':');
            self.ws(out);
            let start = out.len();
            match value {
                Some(v) => self.value(v, kind, out),
                None => out.push_str("null"),
            }
            if unknown {
                self.unknown_raw.push((canonical_string(key), out[start..].to_string()));
            }
            self.ws(out);
        }
        out.push('}');
    }

    /// Writes `s` as a JSON string, with random escapes when the style asks for them.
    fn string(&mut self, s: &str, out: &mut String) {
        let mode = if self.style.escapes { self.rng.below(3) } else { 0 };
        if mode == 0 {
            write_canonical_string(out, s);
            return;
        }
        out.push('"');
        for c in s.chars() {
            let must = c == '"' || c == '\\' || (c as u32) < 0x20;
            if !(must || mode == 2 || self.rng.chance(1, 4)) {
                out.push(c);
                continue;
            }
            let short = match c {
                '"' => Some("\\\""),
                '\\' => Some("\\\\"),
                '/' => Some("\\/"),
                '\u{8}' => Some("\\b"),
                '\t' => Some("\\t"),
                '\n' => Some("\\n"),
                '\u{c}' => Some("\\f"),
                '\r' => Some("\\r"),
                _ => None,
            };
            match short {
                Some(text) if self.rng.chance(1, 2) => out.push_str(text),
                _ => {
                    let mut units = [0u16; 2];
                    for unit in c.encode_utf16(&mut units) {
                        let hex = format!("{:04x}", unit);
                        out.push_str("\\u");
                        for h in hex.chars() {
                            out.push(if self.rng.chance(1, 2) { h.to_ascii_uppercase() } else { h });
                        }
                    }
                }
            }
        }
        out.push('"');
    }
}

// ---------------------------------------------------------------------------------------------
// Random unknown members and changes of meaning

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
fn bump_f64(x: f64) -> f64 {
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

// ---------------------------------------------------------------------------------------------
// Documents and test inputs

/// The objects the vectors hold.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Root {
    Intent,
    QuoteRequest,
    GasFeeOptions,
}

impl Root {
    pub fn kind(self) -> Kind {
        match self {
            Root::Intent => Kind::Obj("Intent"),
            Root::QuoteRequest => Kind::Obj("QuoteRequest"),
            Root::GasFeeOptions => Kind::Obj("GasFeeOptions"),
        }
    }
}

/// A parsed object of one of the [`Root`] types.
#[derive(Clone, Debug, PartialEq)]
// One parsed document of any root kind; boxing the large variant buys nothing in tests.
#[allow(clippy::large_enum_variant)]
pub enum Doc {
    Intent(Intent),
    QuoteRequest(QuoteRequest),
    GasFeeOptions(GasFeeOptions),
}

impl Doc {
    pub fn parse(root: Root, bytes: &[u8]) -> Result<Doc, intent_core::Error> {
        Ok(match root {
            Root::Intent => Doc::Intent(from_slice(bytes)?),
            Root::QuoteRequest => Doc::QuoteRequest(from_slice(bytes)?),
            Root::GasFeeOptions => Doc::GasFeeOptions(from_slice(bytes)?),
        })
    }

    pub fn root(&self) -> Root {
        match self {
            Doc::Intent(_) => Root::Intent,
            Doc::QuoteRequest(_) => Root::QuoteRequest,
            Doc::GasFeeOptions(_) => Root::GasFeeOptions,
        }
    }

    pub fn canonical(&self) -> String {
        match self {
            Doc::Intent(x) => x.canonical_json(),
            Doc::QuoteRequest(x) => x.canonical_json(),
            Doc::GasFeeOptions(x) => x.canonical_json(),
        }
    }

    pub fn hash(&self) -> B256 {
        match self {
            Doc::Intent(x) => x.canonical_hash(),
            Doc::QuoteRequest(x) => x.canonical_hash(),
            Doc::GasFeeOptions(x) => x.canonical_hash(),
        }
    }

    pub fn wire(&self) -> String {
        match self {
            Doc::Intent(x) => intent_core::to_string(x),
            Doc::QuoteRequest(x) => intent_core::to_string(x),
            Doc::GasFeeOptions(x) => intent_core::to_string(x),
        }
    }

    pub fn changed_paths(&self, other: &Doc) -> Vec<String> {
        match (self, other) {
            (Doc::Intent(a), Doc::Intent(b)) => intent_core::changed_paths(a, b),
            (Doc::QuoteRequest(a), Doc::QuoteRequest(b)) => intent_core::changed_paths(a, b),
            (Doc::GasFeeOptions(a), Doc::GasFeeOptions(b)) => intent_core::changed_paths(a, b),
            _ => panic!("different object types"),
        }
    }
}

/// One test input with its canonical form as the crate computes it.
pub struct Case {
    pub name: String,
    pub root: Root,
    pub input: String,
    pub doc: Doc,
    pub canonical: String,
    pub hash: B256,
    /// The canonical JSON as a tree.
    pub tree: J,
}

/// `examples/intent.json` first, then every case of `tests/vectors/canonical.json`.
pub fn cases() -> &'static [Case] {
    static CASES: OnceLock<Vec<Case>> = OnceLock::new();
    CASES.get_or_init(|| {
        let dir = env!("CARGO_MANIFEST_DIR");
        let mut inputs = vec![(
            "examples/intent.json".to_string(),
            Root::Intent,
            std::fs::read_to_string(format!("{dir}/examples/intent.json")).unwrap(),
        )];
        let vectors: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(format!("{dir}/tests/vectors/canonical.json")).unwrap())
                .unwrap();
        for case in vectors["cases"].as_array().unwrap() {
            let root = match case["type"].as_str().unwrap() {
                "Intent" => Root::Intent,
                "QuoteRequest" => Root::QuoteRequest,
                "GasFeeOptions" => Root::GasFeeOptions,
                other => panic!("unknown vector type {other}"),
            };
            inputs.push((
                format!("vector {:?}", case["name"].as_str().unwrap()),
                root,
                case["input"].as_str().unwrap().to_string(),
            ));
        }
        inputs
            .into_iter()
            .map(|(name, root, input)| {
                let doc = Doc::parse(root, input.as_bytes()).unwrap_or_else(|e| panic!("{name} does not parse: {e}"));
                let canonical = doc.canonical();
                let tree = parse_json(&canonical);
                Case { name, root, hash: doc.hash(), input, doc, canonical, tree }
            })
            .collect()
    })
}

/// The example intent (`cases()[0]`).
pub fn example() -> &'static Case {
    &cases()[0]
}

/// A respelling of a case's canonical JSON in `style`.
pub fn respell(case: &Case, style: Style, mut choices: Choices) -> String {
    Respeller::new(&mut choices, style).document(&case.tree, case.root.kind())
}

/// The first `max` characters of `text`, for failure messages.
pub fn excerpt(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(max).collect();
        s.push('…');
        s
    }
}

// ---------------------------------------------------------------------------------------------
// Keccak-256 (the original Keccak padding, as Ethereum uses), from `tiny-keccak`: another
// implementation than the `sha3` crate the library hashes with (through alloy), to check the
// streamed hash against the canonical text.

pub fn keccak256(data: &[u8]) -> B256 {
    use tiny_keccak::{Hasher as _, Keccak};
    let mut hasher = Keccak::v256();
    hasher.update(data);
    let mut out = [0u8; 32];
    hasher.finalize(&mut out);
    B256::from(out)
}

// ---------------------------------------------------------------------------------------------
// Random values of each kind, in canonical form

/// A random `uint` (decimal digits, at most 2^256 − 1), biased towards the edges.
pub fn random_uint(rng: &mut Choices) -> String {
    match rng.below(6) {
        0 => "0".into(),
        1 => U256_MAX.into(),
        2 => pow2(rng.below(256) as u32),
        3 => dec_sub_one(&pow2(1 + rng.below(256) as u32)),
        _ => loop {
            let len = 1 + rng.below(78);
            let mut digits: String = (0..len).map(|_| char::from(b'0' + rng.below(10) as u8)).collect();
            digits = digits.trim_start_matches('0').to_string();
            if digits.is_empty() {
                digits = "0".into();
            }
            if digits.len() < 78 || digits.as_str() <= U256_MAX {
                break digits;
            }
        },
    }
}

/// A random finite double, biased towards the edges of the ECMAScript form.
pub fn random_double(rng: &mut Choices) -> f64 {
    match rng.below(4) {
        0 => *rng.pick(&[
            0.0,
            -0.0,
            1e21,
            1e20,
            123456789012345680000.0,
            1e-6,
            1e-7,
            5e-324,
            -5e-324,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            0.1,
            0.30000000000000004,
            9007199254740993.0,
            2f64.powi(53),
        ]),
        1 => (rng.next_u64() as i64 as f64) / 10f64.powi(rng.below(30) as i32),
        _ => loop {
            let x = f64::from_bits(rng.next_u64());
            if x.is_finite() {
                break x;
            }
        },
    }
}

/// A random instant in years 0000–9999 in canonical form.
pub fn random_timestamp(rng: &mut Choices) -> String {
    let min = days_from_civil(0, 1, 1) * 86_400;
    let max = days_from_civil(9999, 12, 31) * 86_400 + 86_399;
    let seconds = match rng.below(5) {
        0 => *rng.pick(&[min, max, 0, -1, days_from_civil(2000, 2, 29) * 86_400, days_from_civil(1900, 3, 1) * 86_400]),
        _ => min + (rng.next_u64() % (max - min + 1) as u64) as i64,
    };
    let nanos = match rng.below(4) {
        0 => 0,
        1 => rng.below(1000) as u32 * 1_000_000,
        2 => 999_999_999,
        _ => rng.below(1_000_000_000) as u32,
    };
    format_canonical_timestamp(seconds, nanos)
}

/// A random string of any Unicode scalar values.
pub fn random_unicode_string(rng: &mut Choices) -> String {
    (0..rng.below(12))
        .map(|_| match rng.below(4) {
            0 => random_char(rng),
            1 => char::from(rng.below(0x80) as u8),
            _ => loop {
                if let Some(c) = char::from_u32(rng.below(0x11_0000) as u32) {
                    break c;
                }
            },
        })
        .collect()
}

/// A random canonical value of a leaf kind.
pub fn random_leaf(rng: &mut Choices, kind: Kind) -> Option<J> {
    let hex = |rng: &mut Choices, n: usize| -> String {
        let mut s = String::from("0x");
        for _ in 0..n {
            let _ = write!(s, "{:02x}", rng.below(256));
        }
        s
    };
    Some(match kind {
        Kind::Uint => J::Str(random_uint(rng)),
        Kind::U64 => J::Num(match rng.below(3) {
            0 => u64::MAX.to_string(),
            1 => rng.below(1000).to_string(),
            _ => rng.next_u64().to_string(),
        }),
        Kind::U8 => J::Num(rng.below(256).to_string()),
        Kind::Decimal => J::Num(ecmascript(random_double(rng))),
        Kind::Address => J::Str(hex(rng, 20)),
        Kind::AddressOrEmpty if rng.chance(1, 4) => J::Str(String::new()),
        Kind::AddressOrEmpty => J::Str(hex(rng, 20)),
        Kind::TextOrDecimal if rng.chance(1, 2) => J::Num(ecmascript(random_double(rng))),
        Kind::TextOrDecimal => J::Str(random_unicode_string(rng)),
        Kind::Bytes => {
            let n = rng.below(40);
            J::Str(hex(rng, n))
        }
        Kind::Bytes32 => J::Str(hex(rng, 32)),
        Kind::Timestamp => J::Str(random_timestamp(rng)),
        Kind::Str => J::Str(random_unicode_string(rng)),
        Kind::Bool => J::Bool(rng.chance(1, 2)),
        Kind::Enum(names, _) => J::Str(rng.pick(names).to_string()),
        Kind::Obj(_) | Kind::Arr(_) => return None,
    })
}

/// `cases` per property (times `PROPS_SCALE` from the environment, for a longer soak). A
/// failure, once shrunk, is saved for replay where proptest saves it by default: for
/// `tests/it/NAME.rs`, `tests/proptest-regressions/NAME.txt`, which every later run replays
/// first; commit the file with the fix so that the case stays tested.
pub fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    let scale = std::env::var("PROPS_SCALE").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    let persistence = proptest::test_runner::FileFailurePersistence::SourceParallel("proptest-regressions");
    proptest::test_runner::Config {
        cases: cases * scale,
        failure_persistence: Some(Box::new(persistence)),
        ..Default::default()
    }
}

/// Any index into [`cases`].
pub fn any_case() -> impl proptest::strategy::Strategy<Value = usize> {
    0..cases().len()
}

//! Documents and test inputs

use super::*;

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
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
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

/// Any index into [`cases`].
pub fn any_case() -> impl proptest::strategy::Strategy<Value = usize> {
    0..cases().len()
}

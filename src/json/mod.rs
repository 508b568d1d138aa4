//! The JSON layer: a pull reader over the input bytes ([`Reader`]), the text sink that
//! writers stream into ([`Sink`]), string escaping, and the generic value that holds
//! unknown members ([`value`]).
//!
//! Nothing here knows the schema; the typed objects live in [`crate::wire`].

pub(crate) mod number;
pub(crate) mod reader;
pub(crate) mod value;

use alloc::string::String;

pub use reader::Reader;

/// Where JSON text is written: a `String`, or a hasher that consumes the text as it comes
/// so that a canonical hash never builds the string.
pub trait Sink {
    /// Appends `text`.
    fn write_str(&mut self, text: &str);
}

impl Sink for String {
    fn write_str(&mut self, text: &str) {
        self.push_str(text);
    }
}

impl Sink for alloy_primitives::Keccak256 {
    fn write_str(&mut self, text: &str) {
        self.update(text.as_bytes());
    }
}

/// Writes `text` as a JSON string with the escaping of RFC 8785 §3.2.2.2: `"` and `\`
/// escaped, U+0008/9/A/C/D as `\b \t \n \f \r`, other code points below U+0020 as
/// `\u00xx`, everything else literal.
pub(crate) fn write_string<S: Sink + ?Sized>(out: &mut S, text: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.write_str("\"");
    let bytes = text.as_bytes();
    let mut run_start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape: &str = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            0x08 => "\\b",
            b'\t' => "\\t",
            b'\n' => "\\n",
            0x0c => "\\f",
            b'\r' => "\\r",
            0x00..=0x1f => "",
            _ => continue,
        };
        // Every byte matched above is ASCII, so both slices end on character boundaries.
        out.write_str(text.get(run_start..i).unwrap_or_default());
        if escape.is_empty() {
            let code = [b'\\', b'u', b'0', b'0', HEX[usize::from(b >> 4)], HEX[usize::from(b & 0xf)]];
            out.write_str(core::str::from_utf8(&code).unwrap_or_default());
        } else {
            out.write_str(escape);
        }
        run_start = i + 1;
    }
    out.write_str(text.get(run_start..).unwrap_or_default());
    out.write_str("\"");
}

//! What the fuzz package's properties (`fuzz/src/`, see `fuzz/README.md`) need from inside
//! the crate, compiled only under `--cfg fuzzing` (as `cargo fuzz` builds the crate) and
//! hidden from the docs. The properties themselves live in the fuzz package.

use crate::json::canonical_value::read_canonical;
use crate::json::Reader;
use crate::Limits;

/// Whether `text` is one JSON document as the crate's reader reads it, with no limits.
pub fn is_json(text: &str) -> bool {
    Reader::new(text.as_bytes(), &Limits::UNLIMITED)
        .and_then(|mut r| read_canonical(&mut r, |_, _| ()).and_then(|_| r.finish()))
        .is_ok()
}

//! Limits: the input limits of docs/spec.md §9 (exceeding one is `LIMIT_EXCEEDED` with the path of
//! the value concerned; nothing is truncated). Limits are about reading input only; the
//! lifetimes of docs/spec.md §6 are a [`crate::Policy`].

/// Configurable limits. [`Limits::default`] holds the values of docs/spec.md §9; change one
/// with `Limits { max_depth: 16, ..Limits::default() }`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Size of one input document in bytes (default 1 MiB).
    pub max_document_bytes: usize,
    /// Nesting of JSON arrays and objects (default 64; the document's own object is 1).
    pub max_depth: usize,
    /// Calls in one `CallBundle` (default 256).
    pub max_calls: usize,
    /// Decoded length of any `bytes` value (default 128 KiB).
    pub max_bytes_len: usize,
    /// UTF-8 length of any string, object keys and strings inside unknown members
    /// included (default 4 KiB).
    pub max_string_bytes: usize,
    /// Elements of any array other than `calls` (default 64).
    pub max_array_len: usize,
}

impl Limits {
    /// The limits of docs/spec.md §9.
    pub const DEFAULT: Limits = Limits {
        max_document_bytes: 1 << 20,
        max_depth: 64,
        max_calls: 256,
        max_bytes_len: 128 << 10,
        max_string_bytes: 4 << 10,
        max_array_len: 64,
    };
}

impl Limits {
    /// No input limit at all, for text this crate wrote itself (canonical JSON read back).
    /// Crate-private: a caller cannot switch the input limits off, only raise each one by
    /// name.
    pub(crate) const UNLIMITED: Limits = Limits {
        max_document_bytes: usize::MAX,
        max_depth: usize::MAX,
        max_calls: usize::MAX,
        max_bytes_len: usize::MAX,
        max_string_bytes: usize::MAX,
        max_array_len: usize::MAX,
    };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

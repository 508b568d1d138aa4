//! The canonical JSON of anything that parses has docs/spec.md §4's form and is idempotent.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| intent_core_fuzz::canonical(data));

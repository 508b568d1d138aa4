//! Bytes parsed as every document kind: no panic, and what parses round-trips.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| intent_core_fuzz::parse(data));

//! A digest and signature bytes: docs/spec.md §5.3's checks, round trips and deterministic recovery.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| intent_core_fuzz::signature(data));

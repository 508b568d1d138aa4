//! Timed event sequences against the example intent's record keep docs/spec.md §6's invariants.
#![no_main]

libfuzzer_sys::fuzz_target!(|input: intent_core_fuzz::LifecycleInput| {
    intent_core_fuzz::lifecycle(&input);
});

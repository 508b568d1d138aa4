//! How the property tests run: their number of cases and where a shrunk failure goes.

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

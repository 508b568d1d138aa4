//! The README states what the code does: its rules catalogue is the one the code generates
//! (`Reason::catalogue_markdown`), so the two cannot drift.

#[test]
fn readme_rules_catalogue_is_the_generated_one() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let catalogue = intent_core::Reason::catalogue_markdown();
    assert!(
        readme.contains(&catalogue),
        "README.md's rules catalogue differs from the code; replace it with:\n\n{catalogue}"
    );
}

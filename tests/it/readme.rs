//! The README and the contract (`docs/spec.md`) state what the code does: their rules
//! catalogues are the one generated here from the reason table ([`catalogue_markdown`]), so they cannot
//! drift; the contract keeps the section numbers that code and tests cite ("§6") and points
//! at nothing outside the repository.

/// The text of a file of the repository, by its path from the repository root.
fn repository_file(path: &str) -> String {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("cannot read {full}: {e}"))
}

/// The rules catalogue as a Markdown table: reason code, operation, why, one row per
/// reason of `Reason::ALL`.
pub(crate) fn catalogue_markdown() -> String {
    let mut out = String::from("| reason | operation | why |\n|---|---|---|\n");
    for reason in intent_core::Reason::ALL {
        out.push_str(&format!("| `{}` | {} | {} |\n", reason.code(), reason.operation(), reason.summary()));
    }
    out
}

fn assert_catalogue_is_generated(path: &str) {
    let text = repository_file(path);
    let catalogue = catalogue_markdown();
    assert!(
        text.contains(&catalogue),
        "{path}'s rules catalogue differs from the code; replace it with:\n\n{catalogue}"
    );
}

#[test]
fn readme_rules_catalogue_is_the_generated_one() {
    assert_catalogue_is_generated("README.md");
}

#[test]
fn spec_rules_catalogue_is_the_generated_one() {
    assert_catalogue_is_generated("docs/spec.md");
}

/// References "§N" are rewritten mechanically, so section N must keep its number and
/// subject, and the subsections of §5 theirs.
#[test]
fn spec_keeps_its_section_numbers() {
    let spec = repository_file("docs/spec.md");
    let headings = [
        "## 1. Value kinds",
        "## 2. Objects",
        "## 3. Unknown members",
        "## 4. Canonical JSON",
        "## 5. EIP-712",
        "**5.1 Deposit intent",
        "**5.2 Permits",
        "**5.3 Signatures",
        "## 6. Lifecycle",
        "## 7. Validation rules",
        "## 8. Errors",
        "## 9. Limits",
        "## 10. `intentctl`",
        "## 11. Library entry points",
    ];
    let mut after = 0;
    for heading in headings {
        let at = spec[after..]
            .find(&format!("\n{heading}"))
            .unwrap_or_else(|| panic!("docs/spec.md has no heading {heading:?} after byte {after}"));
        after += at + 1;
    }
}

/// The contract is read in the repository: it names no file outside it.
#[test]
fn spec_points_nowhere_outside_the_repository() {
    let spec = repository_file("docs/spec.md");
    for outside in ["../", "shared/", "SPEC.md", "seed/"] {
        assert!(!spec.contains(outside), "docs/spec.md refers to {outside:?}, outside the repository");
    }
}

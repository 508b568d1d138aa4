//! The committed TypeScript declarations and schema table of the JavaScript package equal
//! what `js/src/declarations.rs` generates from the library's definitions, so a field, an
//! object, an enum name or a reason code added or changed in Rust fails here until they are
//! regenerated (`UPDATE_DECLARATIONS=1 cargo test -p intent-core-wasm --test declarations`).

use std::path::PathBuf;

use intent_core_wasm::declarations::{objects_d_ts, objects_js, schema_js, types_d_ts};

fn check_generated(file: &str, generated: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("lib").join(file);
    if std::env::var_os("UPDATE_DECLARATIONS").is_some() {
        std::fs::write(&path, generated).expect("write the generated file");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "js/lib/{file} differs from what js/src/declarations.rs generates; \
         run UPDATE_DECLARATIONS=1 cargo test -p intent-core-wasm --test declarations"
    );
}

#[test]
fn types_d_ts_is_generated_from_the_library() {
    check_generated("types.d.ts", &types_d_ts());
}

#[test]
fn schema_js_is_generated_from_the_library() {
    check_generated("schema.js", &schema_js());
}

#[test]
fn objects_js_is_generated_from_the_library() {
    check_generated("objects.js", &objects_js());
    check_generated("objects.d.ts", &objects_d_ts());
}

#[test]
fn every_reason_code_is_declared() {
    let types = types_d_ts();
    for reason in intent_core::Reason::ALL {
        assert!(types.contains(&format!("\n  | \"{}\"", reason.code())), "{reason}");
    }
}

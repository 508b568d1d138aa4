//! The committed TypeScript declarations, per-object functions and schema table of the
//! JavaScript package (`js/lib/generated/`) equal what `js/src/declarations.rs` generates
//! from the library's definitions, so a field, an object, an enum name or a reason code
//! added or changed in Rust fails here until they are regenerated
//! (`UPDATE_DECLARATIONS=1 cargo test -p intent-core-wasm --test declarations`).

use std::path::PathBuf;

use intent_core_wasm::declarations::{
    core_objects_d_ts, core_objects_js, objects_d_ts, objects_js, schema_js, types_d_ts,
};

fn check_generated(file: &str, generated: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("lib/generated").join(file);
    if std::env::var_os("UPDATE_DECLARATIONS").is_some() {
        std::fs::write(&path, generated).expect("write the generated file");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "js/lib/generated/{file} differs from what js/src/declarations.rs generates; \
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
    check_generated("core-objects.js", &core_objects_js());
    check_generated("core-objects.d.ts", &core_objects_d_ts());
}

#[test]
fn every_reason_code_is_declared() {
    let types = types_d_ts();
    for reason in intent_core::Reason::ALL {
        assert!(types.contains(&format!("\n  | \"{}\"", reason.code())), "{reason}");
    }
}

#[test]
fn every_error_kind_and_server_failure_code_is_declared() {
    let types = types_d_ts();
    for kind in intent_core::ErrorKind::ALL {
        assert!(types.contains(&format!("\n  | \"{}\"", kind.name())), "{}", kind.name());
    }
    for failure in intent_core::ServerFailure::ALL {
        assert!(types.contains(&format!("\n  | \"{}\"", failure.code())), "{}", failure.code());
    }
}

/// The names of the objects the library declares with `wire_object!` in `src/`.
fn library_objects(dir: &std::path::Path, found: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("read src/") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            library_objects(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("read a source file");
            let mut lines = text.lines();
            // A declaration, not the macro's own documentation (`/// wire_object! {`).
            while lines.any(|line| line == "wire_object! {") {
                let name = lines.find_map(|line| line.trim().strip_prefix("pub struct "));
                let name = name.and_then(|rest| rest.split_whitespace().next());
                found.push(name.expect("a struct after wire_object!").to_string());
            }
        }
    }
}

#[test]
fn every_object_the_library_declares_is_in_the_package() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../src");
    let mut declared = Vec::new();
    library_objects(&src, &mut declared);
    assert!(declared.len() >= 31, "{declared:?}");
    for name in declared {
        assert!(
            intent_core_wasm::objects::OBJECTS.contains(&name.as_str()),
            "{name} is declared with wire_object! in src/ but missing from js/src/objects.rs"
        );
    }
}

//! The generator of the package's TypeScript declarations (`js/lib/generated/types.d.ts`),
//! its per-object functions (`js/lib/generated/objects.js` and `objects.d.ts`, and those of
//! the core module's objects, `core-objects.js` and `.d.ts`) and its schema
//! table (`js/lib/generated/schema.js`), from the library's own definitions: each object's
//! wire keys and declared field types (the hidden `FIELD_TYPES` of
//! [`intent_core::wire_object!`]), each enum's names, the reason catalogue and the error
//! kinds. The test `js/tests/declarations.rs` keeps the committed files equal to what
//! this writes (`UPDATE_DECLARATIONS=1` rewrites them).
//!
//! What does not live here: the other functions and their declarations (`js/lib/core.js`,
//! `core.d.ts`: every file of `js/lib/` outside `generated/` is written by hand) and the
//! code that uses the schema table (`js/lib/encode.js`, `js/lib/decode.js`).

use std::fmt::Write;

use intent_core::{ErrorKind, Limits, Reason, ServerFailure};

use crate::objects::{is_core, visit_object, Object, ObjectVisitor, DOCUMENTS, OBJECTS};

/// An enum of docs/spec.md §2: its name, its wire names, and whether it is open (keeps other
/// names), as its declaration says (`NAMES`, `OPEN`).
struct EnumDecl {
    name: &'static str,
    names: &'static [&'static str],
    open: bool,
}

/// Every enum of docs/spec.md §2, from the library's one list ([`intent_core::with_enums!`]).
fn enums() -> Vec<EnumDecl> {
    macro_rules! declared {
        (enums: [$($enum:ident),* $(,)?]) => {
            vec![$(EnumDecl {
                name: stringify!($enum),
                names: intent_core::$enum::NAMES,
                open: intent_core::$enum::OPEN,
            }),*]
        };
    }
    intent_core::with_enums!(declared)
}

/// The kind of a value (docs/spec.md §1) as the schema table names it, from a declared Rust
/// type without `Option` and `Vec`: `uint`, `u64`, …, an enum's name or an object's name.
///
/// # Panics
///
/// On a type this generator does not know: a new kind must be given its JavaScript form
/// here before the declarations can be generated.
fn kind_of(rust_type: &str) -> &str {
    match rust_type {
        "U256" => "uint",
        "u64" => "u64",
        "u32" => "u32",
        "u8" => "u8",
        "Decimal" => "decimal",
        "TextOrDecimal" => "text-or-decimal",
        "Address" => "address",
        "AddressOrEmpty" => "address-or-empty",
        "Bytes" => "bytes",
        "B256" => "bytes32",
        "Quantity" => "quantity",
        "Timestamp" => "timestamp",
        "String" => "string",
        "bool" => "bool",
        other if enums().iter().any(|e| e.name == other) => other,
        other if OBJECTS.contains(&other) => other,
        // intentctl's documents, which the package names without `Input`.
        other if other.strip_suffix("Input").is_some_and(|name| DOCUMENTS.contains(&name)) => {
            &other[..other.len() - "Input".len()]
        }
        other => panic!("declarations: no JavaScript form for the Rust type {other}"),
    }
}

/// A declared field type taken apart: whether it is optional, whether it is an array, and
/// the kind of its values.
struct FieldType<'a> {
    optional: bool,
    array: bool,
    kind: &'a str,
}

fn field_type(declared: &str) -> FieldType<'_> {
    let mut rest = declared;
    let mut strip = |wrapper: &str| match rest.strip_prefix(wrapper).and_then(|r| r.strip_suffix('>')) {
        Some(inner) => {
            rest = inner;
            true
        }
        None => false,
    };
    let optional = strip("Option<");
    let array = strip("Vec<");
    FieldType { optional, array, kind: kind_of(rest) }
}

/// One object's schema: name, wire keys and declared types without white space.
struct ObjectDecl {
    name: &'static str,
    fields: Vec<(&'static str, String)>,
}

struct Describe;

impl ObjectVisitor for Describe {
    type Output = ObjectDecl;
    fn visit<T: Object>(self) -> ObjectDecl {
        let fields =
            T::KEYS.iter().zip(T::FIELD_TYPES).map(|(key, ty)| (*key, ty.split_whitespace().collect())).collect();
        ObjectDecl { name: T::NAME, fields }
    }
}

fn object_decls() -> Vec<ObjectDecl> {
    OBJECTS.iter().chain(DOCUMENTS).map(|name| visit_object(name, Describe).expect("a listed object")).collect()
}

/// The TypeScript type of a kind: as the package returns it, or as it accepts it.
fn ts_type(kind: &str, input: bool) -> String {
    let scalar = match (kind, input) {
        ("uint", false) => "Uint",
        ("u64", false) => "U64",
        ("u32" | "u8", false) => "number",
        ("uint" | "u64" | "u32" | "u8", true) => "IntegerInput",
        ("decimal", _) => "number",
        ("text-or-decimal", _) => "TextOrDecimal",
        ("address", false) => "Address",
        ("address-or-empty", false) => "AddressOrEmpty",
        ("bytes", false) => "Bytes",
        ("bytes32", false) => "Bytes32",
        ("address" | "address-or-empty" | "bytes" | "bytes32", true) => "HexInput",
        ("timestamp", false) => "Timestamp",
        ("timestamp", true) => "TimestampInput",
        ("string" | "quantity", _) => "string",
        ("bool", _) => "boolean",
        (other, false) => other,
        (other, true) if enums().iter().any(|e| e.name == other) => other,
        (other, true) => return format!("{other}Input"),
    };
    scalar.to_string()
}

const HEADER: &str = "Generated by js/src/declarations.rs from the library's definitions; \
`UPDATE_DECLARATIONS=1 cargo test -p intent-core-wasm --test declarations` rewrites it. Do not edit.";

const VALUE_TYPES: &str = r#"/** A `uint` (docs/spec.md §1) as the package returns it: a bigint, as viem and ethers take it. */
export type Uint = bigint;
/** A `u64` as the package returns it: a number up to 2^53-1, a bigint above (never rounded). */
export type U64 = number | bigint;
/**
 * An integer (`uint`, `u64`, `u32`, `u8`) as the package accepts it: decimal digits, a bigint,
 * or a number up to 2^53-1. A number above that is an error (NUMBER_OUT_OF_RANGE), never a
 * rounded value: pass the server's raw response text, or decimal strings or bigints.
 */
export type IntegerInput = string | bigint | number;
/** A `text-or-decimal`: a string kept as written, or a number. */
export type TextOrDecimal = string | number;
/** An `address` as the package returns it: `0x` and 40 hex digits, EIP-55 (viem's `Address`). */
export type Address = `0x${string}`;
/** An `address-or-empty`: `""` for none, else an address. */
export type AddressOrEmpty = Address | "";
/** `bytes` as the package returns it: `0x` and an even number of lowercase hex digits (viem's `Hex`). */
export type Bytes = `0x${string}`;
/** `bytes32` as the package returns it: `0x` and 64 lowercase hex digits (viem's `Hash`). */
export type Bytes32 = `0x${string}`;
/**
 * An address, `bytes` or `bytes32` as the package accepts it: any string (viem's `Hex` and
 * `Address` among them), checked when read (INVALID_ADDRESS, INVALID_HEX, …).
 */
export type HexInput = string;
/** A timestamp: RFC 3339 (`YYYY-MM-DDTHH:MM:SS[.f]Z` in UTC on output). */
export type Timestamp = string;
/** A timestamp as the package accepts it: RFC 3339 text, or a `Date` (read as its `toISOString()`). */
export type TimestampInput = string | Date;
"#;

/// The text of `js/lib/generated/types.d.ts`.
pub fn types_d_ts() -> String {
    let mut out = format!("// {HEADER}\n\n{VALUE_TYPES}\n");
    out.push_str("/** Every reason code of docs/spec.md §7, in catalogue order. */\nexport type ReasonCode =\n");
    for reason in Reason::ALL {
        let _ = writeln!(out, "  | \"{}\"", reason.code());
    }
    out.push_str(";\n");
    out.push_str("\n/** Every error kind of docs/spec.md §8: a body's `error`. */\nexport type ErrorKind =");
    for kind in ErrorKind::ALL {
        let _ = write!(out, "\n  | \"{}\"", kind.name());
    }
    out.push_str(";\n");
    out.push_str(
        "\n/** The code each server failure's `cause` opens with (docs/spec.md §8), in catalogue order. */\n\
         export type ServerFailureCode =",
    );
    for failure in ServerFailure::ALL {
        let _ = write!(out, "\n  | \"{}\"", failure.code());
    }
    out.push_str(";\n");
    for decl in enums() {
        let open = if decl.open { " Other names of A-Z, 0-9 and _ are kept (an open enum)." } else { "" };
        let _ = write!(out, "\n/** The enum {} of docs/spec.md §2.{open} */\nexport type {} =", decl.name, decl.name);
        for name in decl.names {
            let _ = write!(out, "\n  | \"{name}\"");
        }
        if decl.open {
            out.push_str("\n  | (string & {})");
        }
        out.push_str(";\n");
    }
    for decl in object_decls() {
        // The package returns objects, and only takes documents.
        let forms: &[bool] = if OBJECTS.contains(&decl.name) { &[false, true] } else { &[true] };
        for &input in forms {
            let (name, what) = if input {
                (format!("{}Input", decl.name), "as the package accepts it (optional members may be `null`)")
            } else {
                (decl.name.to_string(), "in its wire form, as the package returns it")
            };
            let _ = write!(out, "\n/** {} {what}. */\nexport interface {name} {{\n", decl.name);
            for (key, declared) in &decl.fields {
                let ty = field_type(declared);
                let mut ts = ts_type(ty.kind, input);
                if ty.array {
                    ts = if input { format!("readonly {ts}[]") } else { format!("{ts}[]") };
                }
                let (mark, null) = match (ty.optional, input) {
                    (false, _) => ("", ""),
                    (true, false) => ("?", ""),
                    (true, true) => ("?", " | null"),
                };
                let _ = writeln!(out, "  {key}{mark}: {ts}{null};");
            }
            out.push_str("}\n");
        }
    }
    out.push_str("\n/** The objects of docs/spec.md §2, by name. */\nexport type ObjectName =");
    for name in OBJECTS {
        let _ = write!(out, "\n  | \"{name}\"");
    }
    out.push_str(";\n");
    out
}

/// The text of `js/lib/generated/schema.js`.
pub fn schema_js() -> String {
    let mut out = format!("// {HEADER}\n\n");
    out.push_str("/** The objects of docs/spec.md §2, by name. */\nexport const OBJECTS = Object.freeze([\n");
    for name in OBJECTS {
        let _ = writeln!(out, "  \"{name}\",");
    }
    out.push_str("]);\n\n");
    out.push_str(
        "/** The objects the core WebAssembly module serves (js/src/objects.rs); the second module serves the others. */\n\
         export const CORE_OBJECTS = Object.freeze([\n",
    );
    for name in OBJECTS.iter().filter(|name| is_core(name)) {
        let _ = writeln!(out, "  \"{name}\",");
    }
    out.push_str("]);\n\n");
    out.push_str(
        "/**\n * The kind of every field of every object and input document: a value kind of\n \
         * docs/spec.md §1, an enum's or an object's name, `[]` after an array's element kind.\n \
         */\nexport const FIELD_KINDS = Object.freeze({\n",
    );
    for decl in object_decls() {
        let _ = writeln!(out, "  {}: Object.freeze({{", decl.name);
        for (key, declared) in &decl.fields {
            let ty = field_type(declared);
            let brackets = if ty.array { "[]" } else { "" };
            let _ = writeln!(out, "    {key}: \"{}{brackets}\",", ty.kind);
        }
        out.push_str("  }),\n");
    }
    out.push_str("});\n\n");
    out.push_str(
        "/** Every reason code with its error kind of docs/spec.md §8: [kind, code, HTTP status]. */\n\
         export const REASONS = Object.freeze({\n",
    );
    for reason in Reason::ALL {
        let kind = reason.kind();
        let _ = writeln!(out, "  {}: [\"{}\", {}, {}],", reason.code(), kind.name(), kind.code(), kind.http_status());
    }
    out.push_str("});\n\n");
    let limits = Limits::DEFAULT;
    let _ = writeln!(
        out,
        "/** The default limits of docs/spec.md §9 that the package applies before the library does. */\n\
         export const MAX_DEPTH = {};\nexport const MAX_DOCUMENT_BYTES = {};",
        limits.max_depth, limits.max_document_bytes
    );
    out
}

/// The text of `js/lib/generated/objects.js`: `parse<Name>` and `check<Name>` for each object of
/// docs/spec.md §2.
pub fn objects_js() -> String {
    let mut out = format!("// {HEADER}\n\nimport {{ check, parse }} from \"../core.js\";\n");
    for name in OBJECTS {
        let _ = write!(
            out,
            "\nexport const parse{name} = (input) => parse(\"{name}\", input);\n\
             export const check{name} = (input) => check(\"{name}\", input);\n"
        );
    }
    out
}

/// `parse<Name>, check<Name>` of every object of the core module, comma-separated.
fn core_object_functions() -> String {
    OBJECTS.iter().filter(|name| is_core(name)).map(|name| format!("\n  parse{name},\n  check{name},")).collect()
}

/// The text of `js/lib/generated/core-objects.js`: [`objects_js`]'s functions of the objects
/// the core module serves, which the entry `intent-core/core` exports.
pub fn core_objects_js() -> String {
    format!("// {HEADER}\n\nexport {{{}\n}} from \"./objects.js\";\n", core_object_functions())
}

/// The text of `js/lib/generated/core-objects.d.ts`: the declarations of [`core_objects_js`].
pub fn core_objects_d_ts() -> String {
    format!("// {HEADER}\n\nexport {{{}\n}} from \"./objects.js\";\n", core_object_functions())
}

/// The text of `js/lib/generated/objects.d.ts`: the declarations of [`objects_js`]'s functions.
pub fn objects_d_ts() -> String {
    let mut out = format!("// {HEADER}\n\nimport type * as T from \"./types.js\";\n");
    for name in OBJECTS {
        let rules = match *name {
            "QuoteRequest" => " and the QuoteRequest rules of docs/spec.md §7",
            "Intent" => ", the QuoteRequest rules and intent consistency (docs/spec.md §7)",
            "RecordState" => " and that the record restores (docs/spec.md §6.2)",
            _ => "",
        };
        let _ = write!(
            out,
            "\n/** Reads a {name} (JSON text, its UTF-8 bytes or an object) and returns it in its wire form; throws an IntentCoreError. */\n\
             export declare function parse{name}(input: string | Uint8Array | T.{name}Input): T.{name};\n\
             /** Checks a {name}: everything parse{name} checks{rules}; throws an IntentCoreError. */\n\
             export declare function check{name}(input: string | Uint8Array | T.{name}Input): void;\n"
        );
    }
    out
}

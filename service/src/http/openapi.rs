//! The service's OpenAPI 3.1 document (`GET /openapi.json`, committed as
//! `docs/openapi.json`), generated from the operation table ([`super::operations`])
//! and the core's wire metadata: each object's wire keys and declared field types (the
//! `KEYS` and `FIELD_TYPES` of `wire_object!`, the same the JavaScript package's TypeScript
//! declarations are generated from), each enum's names, and the error kinds with their
//! published numbers (docs/spec.md §8).
//!
//! A field is required unless its declared type is an `Option`; `null` for an optional
//! field means absent (docs/spec.md §1); every object keeps unknown members (§3), so none
//! forbids additional properties. The value kinds of §1 become JSON Schema types and
//! patterns that accept what the core accepts on input and writes on the wire.
//!
//! What does not live here: the operations themselves and their routes
//! ([`super::operations`], [`super::router`]); the service's tests keep `docs/openapi.json`
//! equal to [`document`] (`UPDATE_OPENAPI=1` rewrites it) and check requests and responses
//! against it.

use std::collections::BTreeMap;

use intent_core::ErrorKind;
use serde_json::{json, Map, Value};

use super::operations::{Audience, Operation, Schema, OPERATIONS};
use super::ACCESS_KEY_HEADER;

/// Declares [`core_object`] over the core's one list of its objects.
macro_rules! core_objects {
    (objects: [$($object:ident $(=> $check:path)?),* $(,)?]) => {
        /// The wire schema of the core object named `name`.
        pub fn core_object(name: &str) -> Option<Schema> {
            match name {
                $( stringify!($object) => Some(Schema {
                    name: stringify!($object),
                    keys: intent_core::$object::KEYS,
                    field_types: intent_core::$object::FIELD_TYPES,
                }), )*
                _ => None,
            }
        }
    };
}
intent_core::with_objects!(core_objects);

/// An enum of docs/spec.md §2 with its wire names; open when it keeps other names (its
/// declaration's `NAMES` and `OPEN`).
struct EnumSchema {
    name: &'static str,
    names: &'static [&'static str],
    open: bool,
}

/// The enum `name` of the core's one list ([`intent_core::with_enums!`]).
fn enum_schema(name: &str) -> Option<EnumSchema> {
    macro_rules! known {
        (enums: [$($enum:ident),* $(,)?]) => {
            match name {
                $( stringify!($enum) => Some(EnumSchema {
                    name: stringify!($enum),
                    names: intent_core::$enum::NAMES,
                    open: intent_core::$enum::OPEN,
                }), )*
                _ => None,
            }
        };
    }
    intent_core::with_enums!(known)
}

/// What a document cannot describe.
#[derive(Debug, thiserror::Error)]
pub enum SchemaError {
    /// A declared field type with no JSON Schema form here.
    #[error("no JSON Schema form for the Rust type {ty} (field {field} of {object})")]
    UnknownType {
        /// The type.
        ty: String,
        /// The object.
        object: &'static str,
        /// The field's wire key.
        field: &'static str,
    },
}

/// The JSON Schema of a value kind of docs/spec.md §1, by its declared Rust type; `None`
/// for an enum or an object.
fn value_kind(ty: &str) -> Option<Value> {
    const DIGITS: &str = "^[0-9]+$";
    let integer = |max: u64| json!({"type": ["integer", "string"], "minimum": 0, "maximum": max, "pattern": DIGITS});
    Some(match ty {
        "U256" => json!({"type": ["string", "integer"], "minimum": 0, "pattern": DIGITS,
            "description": "uint: decimal digits (a JSON number is accepted on input)"}),
        "u64" => integer(u64::MAX),
        "u32" => integer(u32::MAX.into()),
        "u8" => integer(u8::MAX.into()),
        "Decimal" => json!({"type": "number"}),
        "TextOrDecimal" => json!({"type": ["string", "number"]}),
        "Address" => json!({"type": "string", "pattern": "^0x[0-9a-fA-F]{40}$"}),
        "AddressOrEmpty" => json!({"type": "string", "pattern": "^(0x[0-9a-fA-F]{40})?$"}),
        "Bytes" => json!({"type": "string", "pattern": "^0x([0-9a-fA-F]{2})*$"}),
        "B256" => json!({"type": "string", "pattern": "^0x[0-9a-fA-F]{64}$"}),
        "Timestamp" => json!({"type": "string", "format": "date-time"}),
        "String" => json!({"type": "string"}),
        "bool" => json!({"type": "boolean"}),
        _ => return None,
    })
}

/// The objects and enums a document refers to, by name.
#[derive(Default)]
struct Components {
    schemas: BTreeMap<&'static str, Value>,
}

impl Components {
    /// The schema of a field's declared type; the objects and enums it names are added.
    fn field(&mut self, declared: &str, object: &'static str, field: &'static str) -> Result<Value, SchemaError> {
        let ty: String = declared.split_whitespace().collect();
        let mut rest = ty.as_str();
        let optional = match rest.strip_prefix("Option<").and_then(|r| r.strip_suffix('>')) {
            Some(inner) => {
                rest = inner;
                true
            }
            None => false,
        };
        let array = match rest.strip_prefix("Vec<").and_then(|r| r.strip_suffix('>')) {
            Some(inner) => {
                rest = inner;
                true
            }
            None => false,
        };
        let mut schema = match value_kind(rest) {
            Some(schema) => schema,
            None => {
                if let Some(decl) = enum_schema(rest) {
                    self.enumeration(&decl);
                    json!({"$ref": format!("#/components/schemas/{}", decl.name)})
                } else if let Some(nested) = core_object(rest).or_else(|| super::operations::service_object(rest)) {
                    self.object(nested)?;
                    json!({"$ref": format!("#/components/schemas/{}", nested.name)})
                } else {
                    return Err(SchemaError::UnknownType { ty: ty.clone(), object, field });
                }
            }
        };
        if array {
            schema = json!({"type": "array", "items": schema});
        }
        if optional {
            schema = json!({"anyOf": [schema, {"type": "null"}]});
        }
        Ok(schema)
    }

    fn enumeration(&mut self, decl: &EnumSchema) {
        let schema = if decl.open {
            json!({
                "description": format!("The open enum {} (docs/spec.md §2): one of its names, or another name of A-Z, 0-9 and _, kept.", decl.name),
                "type": "string",
                "anyOf": [{"enum": decl.names}, {"pattern": "^[A-Z0-9_]+$"}],
            })
        } else {
            json!({
                "description": format!("The enum {} (docs/spec.md §2).", decl.name),
                "type": "string",
                "enum": decl.names,
            })
        };
        self.schemas.insert(decl.name, schema);
    }

    /// Adds the object and every object and enum it names.
    fn object(&mut self, schema: Schema) -> Result<(), SchemaError> {
        if self.schemas.contains_key(schema.name) {
            return Ok(());
        }
        // Placed first so that an object naming itself (directly or not) ends.
        self.schemas.insert(schema.name, Value::Null);
        let mut properties = Map::new();
        let mut required = Vec::new();
        for (key, declared) in schema.keys.iter().zip(schema.field_types) {
            properties.insert((*key).to_owned(), self.field(declared, schema.name, key)?);
            if !declared.trim_start().starts_with("Option") {
                required.push(*key);
            }
        }
        self.schemas.insert(
            schema.name,
            json!({
                "type": "object",
                "properties": properties,
                "required": required,
                "additionalProperties": true,
            }),
        );
        Ok(())
    }
}

/// The schema of the error body of docs/spec.md §8.
fn error_body() -> Value {
    let kinds: Vec<&str> = ErrorKind::ALL.iter().map(|k| k.name()).collect();
    let codes: Vec<i32> = ErrorKind::ALL.iter().map(|k| k.code()).collect();
    json!({
        "description": "An error body (docs/spec.md §8): the kind's name and published number, a message, the cause (a reason code or a server failure's code, then ` at <path>` when a member is concerned) and the HTTP status.",
        "type": "object",
        "properties": {
            "error": {"type": "string", "enum": kinds},
            "code": {"type": "integer", "enum": codes},
            "msg": {"type": "string"},
            "cause": {"type": "string"},
            "status": {"type": "integer"},
        },
        "required": ["error", "code", "msg", "cause", "status"],
        "additionalProperties": false,
    })
}

/// The error responses of an operation: one per HTTP status, naming the kinds (and their
/// numbers) answered with it.
fn error_responses(operation: &Operation) -> BTreeMap<String, Value> {
    let mut by_status: BTreeMap<u16, Vec<ErrorKind>> = BTreeMap::new();
    for kind in operation.error_kinds() {
        by_status.entry(kind.http_status()).or_default().push(kind);
    }
    by_status
        .into_iter()
        .map(|(status, kinds)| {
            let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
            let codes: Vec<i32> = kinds.iter().map(|k| k.code()).collect();
            let description =
                kinds.iter().map(|k| format!("{} ({})", k.name(), k.code())).collect::<Vec<_>>().join(", ");
            let schema = json!({"allOf": [
                {"$ref": "#/components/schemas/ErrorBody"},
                {"properties": {"error": {"enum": names}, "code": {"enum": codes}, "status": {"const": status}}},
            ]});
            (
                status.to_string(),
                json!({"description": description, "content": {"application/json": {"schema": schema}}}),
            )
        })
        .collect()
}

/// The document of every operation in the table.
///
/// # Errors
///
/// A field type with no JSON Schema form (a new value kind must be given one here).
pub fn document() -> Result<Value, SchemaError> {
    let mut components = Components::default();
    let mut paths = Map::new();
    for operation in OPERATIONS {
        if let Some(request) = operation.request {
            components.object(request)?;
        }
        components.object(operation.response)?;
        let security = match operation.audience {
            Audience::Project => json!([{"accessKey": []}]),
            Audience::Operator => json!([{"operatorKey": []}]),
            Audience::Anyone => json!([]),
        };
        let mut responses = Map::new();
        responses.insert(
            "200".to_owned(),
            json!({"description": operation.response.name, "content": {"application/json": {"schema":
                {"$ref": format!("#/components/schemas/{}", operation.response.name)}}}}),
        );
        responses.extend(error_responses(operation));
        let mut post = json!({
            "operationId": operation.name,
            "summary": operation.summary,
            "security": security,
            "responses": responses,
        });
        if let Some(request) = operation.request {
            post["requestBody"] = json!({"required": true, "content": {"application/json": {"schema":
                {"$ref": format!("#/components/schemas/{}", request.name)}}}});
        }
        paths.insert(operation.path.to_owned(), json!({ "post": post }));
    }
    components.schemas.insert("ErrorBody", error_body());
    Ok(json!({
        "openapi": "3.1.0",
        "info": {
            "title": "intent-service",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "The reference service of intent-core (docs/spec.md §12). Generated by service/src/http/openapi.rs from the operation table and the core's wire metadata; do not edit.",
        },
        "jsonSchemaDialect": "https://spec.openapis.org/oas/3.1/dialect/base",
        "paths": paths,
        "components": {
            "schemas": components.schemas,
            "securitySchemes": {
                "accessKey": {"type": "apiKey", "in": "header", "name": ACCESS_KEY_HEADER,
                    "description": "A project's access key."},
                "operatorKey": {"type": "apiKey", "in": "header", "name": ACCESS_KEY_HEADER,
                    "description": "An operator key."},
            },
        },
    }))
}

/// The document as `docs/openapi.json` holds it: pretty-printed, keys sorted, one final
/// newline.
///
/// # Errors
///
/// As [`document`].
pub fn document_text() -> Result<String, SchemaError> {
    Ok(format!("{:#}\n", sorted(document()?)))
}

/// The value with every object's members in key order, whatever order serde_json's map
/// keeps (its `preserve_order` feature may be on in a build that enables it elsewhere).
fn sorted(value: Value) -> Value {
    match value {
        Value::Object(map) => {
            let members: BTreeMap<String, Value> = map.into_iter().map(|(k, v)| (k, sorted(v))).collect();
            Value::Object(members.into_iter().collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(sorted).collect()),
        other => other,
    }
}

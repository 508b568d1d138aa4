//! Every exchange of the service's tests checked against the committed OpenAPI document
//! (`docs/openapi.json`) with a JSON Schema validator: an accepted request (200) against
//! its operation's request schema and its answer against the response schema; a failure's
//! body against the error response the document gives that operation for that HTTP status
//! (so a status or an error kind the document does not list fails the test).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use intent_service::http::operations::by_path;
use serde_json::{json, Value};

/// The committed document.
pub fn document() -> &'static Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let text = std::fs::read_to_string(super::repo().join("docs/openapi.json")).unwrap();
        serde_json::from_str(&text).unwrap()
    })
}

/// A validator of the document's schema at the JSON pointer `pointer`.
pub fn validator(pointer: &str) -> Arc<jsonschema::Validator> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<jsonschema::Validator>>>> = OnceLock::new();
    let mut cache = CACHE.get_or_init(Default::default).lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    cache
        .entry(pointer.to_owned())
        .or_insert_with(|| {
            let mut root = document().clone();
            root["$ref"] = json!(format!("#{pointer}"));
            Arc::new(jsonschema::draft202012::new(&root).unwrap_or_else(|e| panic!("schema {pointer}: {e}")))
        })
        .clone()
}

/// The reasons `value` does not match the schema at `pointer` (empty when it does).
pub fn errors(pointer: &str, value: &Value) -> Vec<String> {
    validator(pointer).iter_errors(value).map(|e| format!("{e} at {}", e.instance_path())).collect()
}

/// Asserts that `value` matches the schema at `pointer`.
pub fn assert_valid(pointer: &str, value: &Value) {
    let errors = errors(pointer, value);
    assert!(errors.is_empty(), "not valid against {pointer}: {errors:?}\n{value}");
}

/// The JSON pointer of a component schema.
pub fn component(name: &str) -> String {
    format!("/components/schemas/{name}")
}

/// Checks one exchange: a POST of `request` to `path` answered `status` with `response`.
pub fn check(path: &str, request: &[u8], status: u16, response: &str) {
    let Ok(answer) = serde_json::from_str::<Value>(response) else { return };
    let Some(operation) = by_path(path) else {
        assert_valid(&component("ErrorBody"), &answer);
        return;
    };
    if status == 200 {
        if let Some(schema) = operation.request {
            let sent: Value = serde_json::from_slice(request).unwrap_or_else(|e| panic!("accepted but not JSON ({e})"));
            assert_valid(&component(schema.name), &sent);
        }
        assert_valid(&component(operation.response.name), &answer);
    } else {
        let escaped = path.replace('~', "~0").replace('/', "~1");
        let pointer = format!("/paths/{escaped}/post/responses/{status}/content/application~1json/schema");
        assert!(
            document().pointer(&pointer).is_some(),
            "{path} answered {status}, which the document does not list: {response}"
        );
        assert_valid(&pointer, &answer);
    }
}

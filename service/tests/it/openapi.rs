//! The OpenAPI document (docs/spec.md §12): the committed `docs/openapi.json` is what the
//! generator writes and what `GET /openapi.json` serves; its objects' field lists are the
//! core's; the examples' requests and responses validate against it, and the validator
//! refuses what breaks it. (Every exchange of the other service tests is checked against
//! it too, by `support::openapi::check`.)

use std::collections::BTreeSet;

use crate::support::app::App;
use crate::support::openapi::{assert_valid, component, document, errors};
use axum::http::Method;
use intent_core::ErrorKind;
use intent_service::http::openapi::{core_object, document_text};
use intent_service::http::operations::{Schema, OPERATIONS};
use serde_json::{json, Value};

#[test]
fn the_committed_document_is_what_the_generator_writes() {
    let path = crate::support::repo().join("docs/openapi.json");
    let generated = document_text().unwrap();
    if std::env::var_os("UPDATE_OPENAPI").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap();
    assert!(
        committed == generated,
        "docs/openapi.json differs from the generator's: UPDATE_OPENAPI=1 cargo test -p intent-service --test it -- openapi::"
    );
}

#[tokio::test]
async fn the_service_serves_the_document() {
    let app = App::open(&crate::support::database("openapi"), |_| {}).await;
    let reply = app.request(Method::GET, "/openapi.json", &[], b"").await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.headers["content-type"], "application/json");
    assert_eq!(reply.body, document_text().unwrap());
}

/// The schema of an object: the operation table's, the service's own, or the core's.
fn schema(name: &str) -> Option<Schema> {
    OPERATIONS
        .iter()
        .flat_map(|o| [o.request, Some(o.response)])
        .flatten()
        .find(|s| s.name == name)
        .or_else(|| intent_service::http::operations::service_object(name))
        .or_else(|| core_object(name))
}

#[test]
fn every_object_of_the_document_has_the_core_objects_fields() {
    let schemas = document()["components"]["schemas"].as_object().unwrap();
    let mut objects = 0;
    for (name, described) in schemas {
        let Some(properties) = described.get("properties").filter(|_| name != "ErrorBody") else { continue };
        let declared = schema(name).unwrap_or_else(|| panic!("{name} is no object of the core or the service"));
        let keys: BTreeSet<&str> = properties.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, declared.keys.iter().copied().collect(), "fields of {name}");
        let required: BTreeSet<&str> =
            described["required"].as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect();
        let not_optional: BTreeSet<&str> = declared
            .keys
            .iter()
            .zip(declared.field_types)
            .filter(|(_, ty)| !ty.starts_with("Option"))
            .map(|(key, _)| *key)
            .collect();
        assert_eq!(required, not_optional, "required fields of {name}");
        objects += 1;
    }
    // Every operation's bodies are among them.
    for operation in OPERATIONS {
        for body in operation.request.iter().chain([&operation.response]) {
            assert!(schemas.contains_key(body.name), "{} has no schema for {}", operation.name, body.name);
        }
    }
    assert!(objects >= OPERATIONS.len());
}

#[test]
fn every_operation_is_in_the_document_with_its_error_kinds_and_published_numbers() {
    let paths = document()["paths"].as_object().unwrap();
    assert_eq!(paths.len(), OPERATIONS.len());
    for operation in OPERATIONS {
        let described = &paths[operation.path]["post"];
        assert_eq!(described["operationId"], operation.name);
        let mut kinds = Vec::new();
        for (status, response) in described["responses"].as_object().unwrap() {
            if status == "200" {
                continue;
            }
            let refined = &response["content"]["application/json"]["schema"]["allOf"][1]["properties"];
            for (name, code) in
                refined["error"]["enum"].as_array().unwrap().iter().zip(refined["code"]["enum"].as_array().unwrap())
            {
                let kind = ErrorKind::ALL.iter().find(|k| k.name() == name).unwrap();
                assert_eq!(code, &json!(kind.code()), "{name}");
                assert_eq!(status, &kind.http_status().to_string(), "{name}");
                kinds.push(*kind);
            }
        }
        kinds.sort_by_key(|k| ErrorKind::ALL.iter().position(|a| a == k));
        assert_eq!(kinds, operation.error_kinds(), "{}", operation.name);
    }
}

/// The examples that are a request or an object of the API, with their schema.
const EXAMPLES: &[(&str, &str)] = &[
    ("examples/quote-request.json", "QuoteRequest"),
    ("service/demo/quote-request.json", "QuoteRequest"),
    ("examples/published/commit-request.json", "CommitRequest"),
    ("examples/intent.json", "Intent"),
    ("examples/published/intent-permit-only.json", "Intent"),
    ("examples/gas-fee-options.json", "GasFeeOptions"),
    ("examples/published/receipt.json", "GetIntentReceiptResponse"),
];

fn example(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(crate::support::repo().join(path)).unwrap()).unwrap()
}

#[test]
fn the_examples_validate() {
    for (path, name) in EXAMPLES {
        assert_valid(&component(name), &example(path));
    }
    // The execute checks' and the scenarios' intents, fee options and execute requests
    // (those of a scenario's rejections included: they break rules, not the shapes).
    let mut checked = 0;
    for entry in std::fs::read_dir(crate::support::repo().join("examples")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if !(name.starts_with("scenario") || name.starts_with("check-execute")) || !name.ends_with(".json") {
            continue;
        }
        let document = example(&format!("examples/{name}"));
        assert_valid(&component("Intent"), &document["intent"]);
        assert_valid(&component("GasFeeOptions"), &document["gasFeeOptions"]);
        let events = document["events"].as_array().cloned().unwrap_or_default();
        let requests =
            events.iter().filter(|e| e["op"] == "execute").map(|e| &e["request"]).chain(document.get("request"));
        for request in requests {
            assert_valid(&component("ExecuteRequest"), request);
            checked += 1;
        }
    }
    assert!(checked >= 10, "{checked} execute requests");
}

#[test]
fn the_validator_refuses_what_breaks_the_document() {
    let mut request: Value = serde_json::from_str(
        &std::fs::read_to_string(crate::support::repo().join("examples/quote-request.json")).unwrap(),
    )
    .unwrap();
    let quote = component("QuoteRequest");
    // Unknown members are kept, so they are valid.
    request["aMemberNoOneDeclares"] = json!(1);
    assert!(errors(&quote, &request).is_empty());
    let mut missing = request.clone();
    missing.as_object_mut().unwrap().remove("ownerAddress");
    assert!(errors(&quote, &missing).iter().any(|e| e.contains("ownerAddress")), "{:?}", errors(&quote, &missing));
    let mut bad_address = request.clone();
    bad_address["ownerAddress"] = json!("0x1234");
    assert!(errors(&quote, &bad_address).iter().any(|e| e.contains("/ownerAddress")));
    let mut bad_enum = request.clone();
    bad_enum["tradeType"] = json!("sideways");
    assert!(errors(&quote, &bad_enum).iter().any(|e| e.contains("/tradeType")));
    // An error body whose number is not its kind's published one.
    let not_found = "/paths/~1rpc~1Service~1GetIntentReceipt/post/responses/400/content/application~1json/schema";
    let body =
        json!({"error": "NotFound", "code": 8000, "msg": "m", "cause": "INTENT_NOT_FOUND at intentId", "status": 400});
    assert!(errors(not_found, &body).is_empty());
    let renumbered = json!({"error": "NotFound", "code": 404, "msg": "m", "cause": "c", "status": 400});
    assert!(errors(not_found, &renumbered).iter().any(|e| e.contains("/code")));
}

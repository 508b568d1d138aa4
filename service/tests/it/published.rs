//! The published API as its clients use it (docs/spec.md §8, §12): the published error
//! kinds of a request that needs no intent and of a chain the service does not serve.

use serde_json::{json, Value};

use crate::support::app::App;
use crate::support::*;

fn quote_request_value() -> Value {
    serde_json::from_str(&quote_request()).unwrap()
}

/// The reply's kind, code, HTTP status and cause.
fn kind(reply: &Reply) -> (Value, Value, u16, String) {
    let body = reply.json();
    (body["error"].clone(), body["code"].clone(), reply.status, reply.cause())
}

#[tokio::test]
async fn nothing_to_do_is_intents_skipped_and_an_unserved_chain_unsupported_network() {
    let app = App::open(&database("published-kinds"), |_| {}).await;
    // Same chain, same token, no call data, the owner as recipient: no intent is needed.
    let mut nothing = quote_request_value();
    nothing["destinationChainId"] = nothing["originChainId"].clone();
    nothing["destinationTokenAddress"] = nothing["originTokenAddress"].clone();
    nothing["destinationToAddress"] = nothing["ownerAddress"].clone();
    let reply = app.rpc("QuoteIntent", base(), &nothing.to_string()).await;
    assert_eq!(kind(&reply), (json!("IntentsSkipped"), json!(7000), 400, "NOTHING_TO_DO".to_owned()));
    // A chain the configuration does not list, on either side.
    for member in ["originChainId", "destinationChainId"] {
        let mut unserved = quote_request_value();
        unserved[member] = json!(5);
        let reply = app.rpc("QuoteIntent", base(), &unserved.to_string()).await;
        assert_eq!(
            kind(&reply),
            (json!("UnsupportedNetwork"), json!(8008), 422, format!("CHAIN_NOT_SERVED at {member}"))
        );
    }
}

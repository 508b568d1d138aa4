//! The Iris API V2 answer (docs/spec.md 5.8): `{"messages": [{"message", "attestation",
//! "status", …}]}`, one entry per MessageSent of the transaction in log order. Members other
//! than these three are ignored when read.

use alloy_primitives::Bytes;
use intent_core::cctp::Message;
use serde_json::{json, Value};

use super::AttestError;

/// The status of an entry whose attestation is complete.
pub const COMPLETE: &str = "complete";
/// The status of an entry whose burn lacks confirmations.
pub const PENDING: &str = "pending_confirmations";

/// One message of a transaction, as the attester reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attested {
    /// Not attested yet (any status other than `complete`).
    Pending,
    /// The message as the attester completed it, and its attestation.
    Complete {
        /// The completed message: what `receiveMessage` takes with the attestation.
        message: Box<Message>,
        /// The signatures.
        attestation: Bytes,
    },
}

/// Reads an Iris V2 answer's body.
///
/// # Errors
///
/// [`AttestError::Answer`] for a body that is not JSON, without a `messages` array, with an
/// entry without a string `status`, or a complete entry whose `message` or `attestation` is
/// not hex or whose message is not a message.
pub fn read_messages(body: &[u8]) -> Result<Vec<Attested>, AttestError> {
    let answer = |why: String| AttestError::Answer(why);
    let document: Value = serde_json::from_slice(body).map_err(|e| answer(format!("not JSON: {e}")))?;
    let entries = document["messages"].as_array().ok_or_else(|| answer("no `messages` array".into()))?;
    entries
        .iter()
        .enumerate()
        .map(|(index, entry)| {
            let status = entry["status"].as_str().ok_or_else(|| answer(format!("messages[{index}]: no status")))?;
            if status != COMPLETE {
                return Ok(Attested::Pending);
            }
            let hex = |member: &str| -> Result<Bytes, AttestError> {
                entry[member]
                    .as_str()
                    .and_then(|text| text.parse::<Bytes>().ok())
                    .ok_or_else(|| answer(format!("messages[{index}].{member}: not hex")))
            };
            let message =
                Message::from_bytes(&hex("message")?).map_err(|e| answer(format!("messages[{index}].message: {e}")))?;
            Ok(Attested::Complete { message: Box::new(message), attestation: hex("attestation")? })
        })
        .collect()
}

/// An entry as the local attester writes it: complete with its attestation, or pending with
/// the message as sent.
pub(super) fn entry(message: &Message, attestation: Option<&Bytes>) -> Value {
    let bytes = Bytes::from(message.to_bytes());
    match attestation {
        Some(attestation) => json!({
            "message": bytes,
            "eventNonce": message.nonce,
            "attestation": attestation,
            "status": COMPLETE,
            "cctpVersion": 2,
        }),
        None => json!({
            "message": bytes,
            "eventNonce": null,
            "attestation": "PENDING",
            "status": PENDING,
            "cctpVersion": 2,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message() -> Message {
        Message { version: 1, destination_domain: 6, body: Bytes::from_static(&[1, 2, 3]), ..Message::default() }
    }

    #[test]
    fn what_the_local_attester_writes_reads_back() {
        let attestation = Bytes::from(vec![7u8; 65]);
        let body = json!({"messages": [entry(&message(), Some(&attestation)), entry(&message(), None)]});
        let read = read_messages(body.to_string().as_bytes()).unwrap();
        assert_eq!(read, vec![Attested::Complete { message: Box::new(message()), attestation }, Attested::Pending]);
    }

    #[test]
    fn an_answer_of_another_shape_is_refused_with_what_is_wrong() {
        let refused = |body: &str| match read_messages(body.as_bytes()) {
            Err(AttestError::Answer(why)) => why,
            other => panic!("{body}: {other:?}"),
        };
        assert!(refused("not json").starts_with("not JSON"));
        assert_eq!(refused(r#"{"error":"x"}"#), "no `messages` array");
        assert_eq!(refused(r#"{"messages":[{"message":"0x"}]}"#), "messages[0]: no status");
        assert_eq!(
            refused(r#"{"messages":[{"status":"complete","message":"zz","attestation":"0x"}]}"#),
            "messages[0].message: not hex"
        );
        let short = r#"{"messages":[{"status":"complete","message":"0x01","attestation":"0x"}]}"#;
        assert!(refused(short).starts_with("messages[0].message: a CCTP message of 1 bytes"));
        let full = format!("0x{}", "00".repeat(148));
        let no_attestation =
            format!(r#"{{"messages":[{{"status":"complete","message":"{full}","attestation":"PENDING"}}]}}"#);
        assert_eq!(refused(&no_attestation), "messages[0].attestation: not hex");
    }

    #[test]
    fn any_status_but_complete_is_pending_and_other_members_are_ignored() {
        let body = r#"{"messages":[{"status":"pending_confirmations","attestation":"PENDING","message":"0x"},
            {"status":"pending","decodedMessage":{"x":1}}],"extra":true}"#;
        assert_eq!(read_messages(body.as_bytes()).unwrap(), vec![Attested::Pending, Attested::Pending]);
        assert_eq!(read_messages(br#"{"messages":[]}"#).unwrap(), vec![]);
    }
}

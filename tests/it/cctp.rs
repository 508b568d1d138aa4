//! docs/spec.md 5.8 against an independent producer: every case of
//! `tests/vectors/cctp/vectors.json` (written by `tests/vectors/cctp/gen_cctp.mjs` with viem,
//! not this crate) goes through `intent_core::cctp`: the fields read from the packed bytes,
//! the bytes written from the fields, the hash, the MessageSent log's data and the
//! attestation must be viem's byte for byte. Then each rule of reading and of the
//! attestation check broken alone, with its reason, and hostile bytes that never panic.

use intent_core::cctp::{
    address_of, attestation, bytes32_of, check_attestation, message_sent, BurnMessage, Error, Message,
    MESSAGE_HEADER_LEN, MESSAGE_SENT,
};
use intent_core::{from_slice, Address, Bytes, EvidenceLog, B256, U256};
use proptest::prelude::*;
use serde_json::Value;

fn vectors() -> Value {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/cctp/vectors.json")).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    assert!(file["generator"].as_str().unwrap().contains("gen_cctp.mjs with viem 2.21.54"));
    file
}

fn text(value: &Value) -> &str {
    value.as_str().unwrap_or_else(|| panic!("not a string: {value}"))
}

fn bytes(value: &Value) -> Bytes {
    text(value).parse().unwrap()
}

fn word(value: &Value) -> B256 {
    text(value).parse().unwrap()
}

fn u32_of(value: &Value) -> u32 {
    text(value).parse().unwrap()
}

fn u256(value: &Value) -> U256 {
    text(value).parse().unwrap()
}

fn message_of(fields: &Value) -> Message {
    Message {
        version: u32_of(&fields["version"]),
        source_domain: u32_of(&fields["sourceDomain"]),
        destination_domain: u32_of(&fields["destinationDomain"]),
        nonce: word(&fields["nonce"]),
        sender: word(&fields["sender"]),
        recipient: word(&fields["recipient"]),
        destination_caller: word(&fields["destinationCaller"]),
        min_finality_threshold: u32_of(&fields["minFinalityThreshold"]),
        finality_threshold_executed: u32_of(&fields["finalityThresholdExecuted"]),
        body: bytes(&fields["body"]),
    }
}

fn burn_of(fields: &Value) -> BurnMessage {
    BurnMessage {
        version: u32_of(&fields["version"]),
        burn_token: word(&fields["burnToken"]),
        mint_recipient: word(&fields["mintRecipient"]),
        amount: u256(&fields["amount"]),
        message_sender: word(&fields["messageSender"]),
        max_fee: u256(&fields["maxFee"]),
        fee_executed: u256(&fields["feeExecuted"]),
        expiration_block: u256(&fields["expirationBlock"]),
        hook_data: bytes(&fields["hookData"]),
    }
}

fn log(address: Address, topics: &[B256], data: &[u8]) -> EvidenceLog {
    let json = serde_json::json!({
        "address": address.to_string(),
        "topics": topics.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "data": Bytes::copy_from_slice(data).to_string(),
    });
    from_slice(json.to_string().as_bytes()).unwrap()
}

fn attesters(file: &Value) -> Vec<Address> {
    file["attesters"].as_array().unwrap().iter().map(|value| text(value).parse().unwrap()).collect()
}

fn signature(case: &Value, index: usize) -> Vec<u8> {
    bytes(&case["signatures"][index]).to_vec()
}

const TRANSMITTER: Address = Address::repeat_byte(0x77);

#[test]
fn every_case_is_viems() {
    let file = vectors();
    assert_eq!(word(&file["messageSentTopic"]), MESSAGE_SENT);
    let attesters = attesters(&file);
    let cases = file["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 5);
    for case in cases {
        let name = text(&case["name"]);
        let expected = message_of(&case["message"]);
        let packed = bytes(&case["bytes"]);
        assert_eq!(Message::from_bytes(&packed).unwrap(), expected, "{name}: read");
        assert_eq!(Bytes::from(expected.to_bytes()), packed, "{name}: written");
        assert_eq!(expected.hash(), word(&case["hash"]), "{name}: hash");
        if !case["burn"].is_null() {
            let burn = burn_of(&case["burn"]);
            assert_eq!(BurnMessage::from_bytes(&expected.body).unwrap(), burn, "{name}: body read");
            assert_eq!(Bytes::from(burn.to_bytes()), bytes(&case["body"]), "{name}: body written");
        }
        let read = message_sent(&[log(TRANSMITTER, &[MESSAGE_SENT], &bytes(&case["logData"]))], TRANSMITTER).unwrap();
        assert_eq!(read, vec![expected.clone()], "{name}: log");
        let signers = check_attestation(&expected.hash(), &bytes(&case["attestation"]), &attesters, 2).unwrap();
        let mut first_two = attesters[..2].to_vec();
        first_two.sort();
        assert_eq!(signers, first_two, "{name}: signers");
        let pairs: Vec<(Address, [u8; 65])> =
            (0..2).map(|i| (attesters[i], signature(case, i).try_into().unwrap())).collect();
        assert_eq!(attestation(&pairs), bytes(&case["attestation"]), "{name}: attestation written");
    }
}

#[test]
fn the_attester_completes_what_was_sent_into_the_vectors_completed_message() {
    let file = vectors();
    let sent = message_of(&file["cases"][0]["message"]);
    let completed = message_of(&file["cases"][1]["message"]);
    let body = BurnMessage::from_bytes(&completed.body).unwrap();
    let made =
        sent.complete(completed.nonce, completed.finality_threshold_executed, body.fee_executed, body.expiration_block);
    assert_eq!(made.unwrap(), completed);
    // A body that is not a burn cannot be completed.
    let not_a_burn = message_of(&file["cases"][3]["message"]);
    assert_eq!(
        not_a_burn.complete(B256::ZERO, 1000, U256::ZERO, U256::ZERO),
        Err(Error::NotABurn("shorter than its header"))
    );
}

#[test]
fn minted_is_the_amount_less_the_fee_executed() {
    let burn = |amount: u64, fee: u64| BurnMessage {
        amount: U256::from(amount),
        fee_executed: U256::from(fee),
        ..BurnMessage::default()
    };
    assert_eq!(burn(100, 0).minted(), Some(U256::from(100)));
    assert_eq!(burn(100, 1).minted(), Some(U256::from(99)));
    assert_eq!(burn(100, 100).minted(), None);
    assert_eq!(burn(100, 101).minted(), None);
    assert_eq!(burn(0, 0).minted(), Some(U256::ZERO));
}

#[test]
fn each_header_one_byte_short_is_too_short() {
    assert_eq!(
        Message::from_bytes(&[0; MESSAGE_HEADER_LEN - 1]),
        Err(Error::TooShort { what: "message", len: 147, min: 148 })
    );
    assert!(Message::from_bytes(&[0; MESSAGE_HEADER_LEN]).is_ok());
    assert_eq!(
        BurnMessage::from_bytes(&[0; 227]),
        Err(Error::TooShort { what: "burn message body", len: 227, min: 228 })
    );
    assert!(BurnMessage::from_bytes(&[0; 228]).is_ok());
}

#[test]
fn an_address_word_with_high_bytes_is_not_an_address() {
    let address = Address::repeat_byte(0xab);
    assert_eq!(address_of(&bytes32_of(address)), Ok(address));
    let mut word = bytes32_of(address);
    word[11] = 1;
    assert_eq!(address_of(&word), Err(Error::NotAnAddress));
}

#[test]
fn message_sent_reads_only_the_transmitters_exact_event() {
    let file = vectors();
    let case = &file["cases"][2];
    let data = bytes(&case["logData"]);
    let expected = message_of(&case["message"]);
    let other_topic = B256::repeat_byte(1);
    let logs = [
        log(Address::repeat_byte(0x66), &[MESSAGE_SENT], &data),
        log(TRANSMITTER, &[other_topic], &data),
        log(TRANSMITTER, &[MESSAGE_SENT, other_topic], &data),
        log(TRANSMITTER, &[], &data),
        log(TRANSMITTER, &[MESSAGE_SENT], &data),
        log(TRANSMITTER, &[MESSAGE_SENT], &bytes(&file["cases"][0]["logData"])),
    ];
    let read = message_sent(&logs, TRANSMITTER).unwrap();
    assert_eq!(read, vec![expected, message_of(&file["cases"][0]["message"])]);
}

#[test]
fn a_message_sent_log_not_in_the_canonical_encoding_is_malformed() {
    let file = vectors();
    let data = bytes(&file["cases"][2]["logData"]).to_vec();
    // Behind a log of another event, so the index counts every log.
    let malformed = |data: Vec<u8>| {
        let logs = [log(TRANSMITTER, &[B256::repeat_byte(2)], &data), log(TRANSMITTER, &[MESSAGE_SENT], &data)];
        message_sent(&logs, TRANSMITTER)
    };
    let expect = Err(Error::MalformedLog { index: 1 });
    // Another offset.
    let mut changed = data.clone();
    changed[31] = 0x40;
    assert_eq!(malformed(changed), expect);
    // A length past the data.
    let mut changed = data.clone();
    changed[63] += 32;
    assert_eq!(malformed(changed), expect);
    // A byte of padding not zero (a message of 381 bytes: 3 of padding).
    let mut changed = data.clone();
    *changed.last_mut().unwrap() = 1;
    assert_eq!(malformed(changed), expect);
    // A word more after the padding.
    let mut changed = data.clone();
    changed.extend_from_slice(&[0; 32]);
    assert_eq!(malformed(changed), expect);
    // Cut short, and empty.
    assert_eq!(malformed(data[..data.len() - 1].to_vec()), expect);
    assert_eq!(malformed(Vec::new()), expect);
    // A length that does not fit in a usize.
    let mut changed = data.clone();
    changed[32..64].fill(0xff);
    assert_eq!(malformed(changed), expect);
    // Well encoded bytes that are not a message.
    let mut short = vec![0u8; 64];
    short[31] = 32;
    short[63] = 1;
    short.extend_from_slice(&[9; 32]);
    short[65..].fill(0);
    assert_eq!(malformed(short), Err(Error::TooShort { what: "message", len: 1, min: 148 }));
}

/// The first case's hash, its attesters, and its signatures by attester index.
fn attestation_setup() -> (B256, Vec<Address>, Vec<Vec<u8>>) {
    let file = vectors();
    let case = &file["cases"][1];
    let signatures = (0..3).map(|i| signature(case, i)).collect();
    (word(&case["hash"]), attesters(&file), signatures)
}

/// The signatures of attesters `indexes`, concatenated in that order.
fn joined(signatures: &[Vec<u8>], indexes: &[usize]) -> Vec<u8> {
    indexes.iter().flat_map(|i| signatures[*i].clone()).collect()
}

/// Attester indexes ordered by address.
fn by_address(attesters: &[Address], mut indexes: Vec<usize>) -> Vec<usize> {
    indexes.sort_by_key(|i| attesters[*i]);
    indexes
}

#[test]
fn an_attestation_passes_with_threshold_signers_in_increasing_order() {
    let (hash, attesters, signatures) = attestation_setup();
    let all = by_address(&attesters, vec![0, 1, 2]);
    let signers = check_attestation(&hash, &joined(&signatures, &all), &attesters, 3).unwrap();
    assert_eq!(signers, all.iter().map(|i| attesters[*i]).collect::<Vec<_>>());
    for one in 0..3 {
        assert_eq!(check_attestation(&hash, &signatures[one], &attesters, 1), Ok(vec![attesters[one]]));
    }
}

#[test]
fn a_zero_threshold_accepts_nothing() {
    let (hash, attesters, _) = attestation_setup();
    assert_eq!(check_attestation(&hash, &[], &attesters, 0), Err(Error::NoThreshold));
}

#[test]
fn fewer_or_more_signatures_than_the_threshold_are_refused() {
    let (hash, attesters, signatures) = attestation_setup();
    let two = joined(&signatures, &by_address(&attesters, vec![0, 1]));
    assert_eq!(
        check_attestation(&hash, &signatures[0], &attesters, 2),
        Err(Error::AttestationLength { len: 65, threshold: 2 })
    );
    assert_eq!(check_attestation(&hash, &two, &attesters, 1), Err(Error::AttestationLength { len: 130, threshold: 1 }));
    assert_eq!(
        check_attestation(&hash, &two[..129], &attesters, 2),
        Err(Error::AttestationLength { len: 129, threshold: 2 })
    );
    assert_eq!(
        check_attestation(&hash, &two, &attesters, usize::MAX),
        Err(Error::AttestationLength { len: 130, threshold: usize::MAX })
    );
}

#[test]
fn signers_out_of_order_or_repeated_are_refused() {
    let (hash, attesters, signatures) = attestation_setup();
    let ordered = by_address(&attesters, vec![0, 1, 2]);
    let mut reversed = ordered.clone();
    reversed.reverse();
    assert_eq!(
        check_attestation(&hash, &joined(&signatures, &reversed), &attesters, 3),
        Err(Error::SignerOrder { index: 1 })
    );
    let swapped_last = vec![ordered[0], ordered[2], ordered[1]];
    assert_eq!(
        check_attestation(&hash, &joined(&signatures, &swapped_last), &attesters, 3),
        Err(Error::SignerOrder { index: 2 })
    );
    let repeated = vec![ordered[0], ordered[0]];
    assert_eq!(
        check_attestation(&hash, &joined(&signatures, &repeated), &attesters, 2),
        Err(Error::SignerOrder { index: 1 })
    );
}

#[test]
fn a_signer_not_enabled_is_refused() {
    let (hash, attesters, signatures) = attestation_setup();
    let ordered = by_address(&attesters, vec![0, 1, 2]);
    let enabled: Vec<Address> = attesters.iter().copied().filter(|a| *a != attesters[ordered[1]]).collect();
    assert_eq!(
        check_attestation(&hash, &joined(&signatures, &ordered), &enabled, 3),
        Err(Error::UnknownAttester { index: 1 })
    );
    // A signature of another message recovers someone else.
    assert_eq!(
        check_attestation(&B256::repeat_byte(9), &signatures[0], &attesters, 1),
        Err(Error::UnknownAttester { index: 0 })
    );
}

#[test]
fn a_malformed_signature_is_refused() {
    let (hash, attesters, signatures) = attestation_setup();
    let n = U256::from_str_radix("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16).unwrap();
    let changed = |edit: &dyn Fn(&mut Vec<u8>)| {
        let mut signature = signatures[0].clone();
        edit(&mut signature);
        check_attestation(&hash, &signature, &attesters, 1)
    };
    let bad = Err(Error::BadSignature { index: 0 });
    // v 0 or 1, which the core reads elsewhere but the transmitter's recovery refuses.
    assert_eq!(changed(&|s| s[64] -= 27), bad);
    assert_eq!(changed(&|s| s[64] = 29), bad);
    // The same signature with s' = n − s and v flipped: valid ECDSA, but high s.
    assert_eq!(
        changed(&|s| {
            let high = n - U256::from_be_slice(&s[32..64]);
            s[32..64].copy_from_slice(&high.to_be_bytes::<32>());
            s[64] = if s[64] == 27 { 28 } else { 27 };
        }),
        bad
    );
    // r zero.
    assert_eq!(changed(&|s| s[..32].fill(0)), bad);
    // The second signature bad: its index.
    let ordered = by_address(&attesters, vec![0, 1]);
    let mut two = joined(&signatures, &ordered);
    two[129] = 0;
    assert_eq!(check_attestation(&hash, &two, &attesters, 2), Err(Error::BadSignature { index: 1 }));
}

proptest! {
    #[test]
    fn hostile_bytes_never_panic_and_what_reads_writes_back(data in proptest::collection::vec(any::<u8>(), 0..400)) {
        if let Ok(message) = Message::from_bytes(&data) {
            prop_assert_eq!(message.to_bytes(), data.clone());
            let _ = message.complete(B256::ZERO, 0, U256::MAX, U256::MAX);
        }
        if let Ok(body) = BurnMessage::from_bytes(&data) {
            prop_assert_eq!(body.to_bytes(), data.clone());
            let _ = body.minted();
        }
        let _ = message_sent(&[log(TRANSMITTER, &[MESSAGE_SENT], &data)], TRANSMITTER);
        let _ = check_attestation(&B256::ZERO, &data, &[Address::ZERO], data.len() / 65 + 1);
        let _ = check_attestation(&B256::ZERO, &data, &[Address::ZERO], (data.len() / 65).max(1));
    }
}

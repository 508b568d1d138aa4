//! docs/spec.md §5 against an independent implementation: every case of
//! `tests/vectors/eip712.json` (written by `tests/vectors/gen_eip712.py` with eth-account
//! and a hand-written Python encoder, not this crate) goes through the crate, and its type
//! hash, domain separator, struct hash, digest, recovered signer or error must match.

use std::collections::BTreeMap;

use alloy_sol_types::{sol, SolStruct};
use intent_core::eip712::{
    recover_signer, signing_hash, verify_signer, DaiPermit, DepositIntent, Domain, EntrypointDomain, EntrypointNames,
    Permit, Signature,
};
use intent_core::rules::{
    deposit_intent, deposit_intent_digest, deposit_permit, deposit_permit_digest, entrypoint_domain, GaslessMode,
};
use intent_core::{from_slice, wire_object, Address, DepositSignature, Error, ErrorKind, Intent, Reason, B256, U256};
use serde_json::Value;

wire_object! {
    /// The input of an `intentDocument` or `intentPermit` case (and of `typed_data.rs`), declared as a host document
    /// (the shape of `intentctl digest intent`, whose own tests run it as a binary).
    pub struct IntentDigestInput {
        /// `depositSignature`: The deposit signature.
        deposit_signature: DepositSignature = "depositSignature",
        /// `domain`: The entrypoint's EIP-712 names; absent means the defaults.
        domain: Option<NamesInput> = "domain",
        /// `intent`: The intent.
        intent: Intent = "intent",
    }
}

wire_object! {
    /// The entrypoint's EIP-712 names of an [`IntentDigestInput`].
    pub struct NamesInput {
        /// `name`: The domain's name.
        name: String = "name",
        /// `typeName`: The struct's type name.
        type_name: String = "typeName",
        /// `version`: The domain's version.
        version: String = "version",
    }
}

impl IntentDigestInput {
    pub(crate) fn names(&self) -> EntrypointNames {
        self.domain.as_ref().map_or(EntrypointNames::DEFAULT, |names| EntrypointNames {
            type_name: names.type_name.clone().into(),
            domain_name: names.name.clone().into(),
            domain_version: names.version.clone().into(),
        })
    }

    fn digest(&self) -> Result<B256, Error> {
        deposit_intent_digest(&self.intent, &self.deposit_signature, &self.names())
    }
}

sol! {
    struct Person {
        string name;
        address wallet;
    }

    struct Mail {
        Person from;
        Person to;
        string contents;
    }
}

const KINDS: &[&str] = &["intent", "permit", "daiPermit", "mail", "signature", "intentDocument", "intentPermit"];

fn vectors() -> Value {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/eip712.json")).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    let generator = file["generator"].as_str().unwrap();
    assert!(generator.contains("gen_eip712.py") && generator.contains("eth-account"), "{generator}");
    file
}

fn cases_of(kind: &str) -> Vec<Value> {
    vectors()["cases"].as_array().unwrap().iter().filter(|c| c["kind"] == kind).cloned().collect()
}

pub(crate) fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("{key} missing in {v}"))
}

fn b256(v: &Value, key: &str) -> B256 {
    text(v, key).parse().unwrap()
}

pub(crate) fn address(v: &Value, key: &str) -> Address {
    text(v, key).parse().unwrap()
}

pub(crate) fn uint(v: &Value, key: &str) -> U256 {
    U256::from_str_radix(text(v, key), 10).unwrap()
}

fn bytes(v: &Value, key: &str) -> Vec<u8> {
    alloy_primitives::hex::decode(text(v, key)).unwrap()
}

pub(crate) fn domain_of(v: &Value) -> Domain {
    Domain {
        name: v.get("name").map(|_| text(v, "name").to_owned().into()),
        version: v.get("version").map(|_| text(v, "version").to_owned().into()),
        chain_id: v.get("chainId").map(|_| uint(v, "chainId")),
        verifying_contract: v.get("verifyingContract").map(|_| address(v, "verifyingContract")),
        salt: v.get("salt").map(|_| b256(v, "salt")),
    }
}

/// Collects mismatches so that one run reports every failing case.
#[derive(Default)]
struct Failures(Vec<String>);

impl Failures {
    fn eq<T: PartialEq + std::fmt::Debug>(&mut self, case: &Value, what: &str, ours: T, theirs: T) {
        if ours != theirs {
            self.0.push(format!("{}: {what}\n  ours:   {ours:?}\n  theirs: {theirs:?}", text(case, "name")));
        }
    }

    fn check(self, checked: usize, at_least: usize) {
        assert!(checked >= at_least, "expected at least {at_least} cases, found {checked}");
        assert!(self.0.is_empty(), "{} failures:\n{}", self.0.len(), self.0.join("\n"));
    }
}

/// The signature of a typed-data case recovers to its signer, and verifies against it.
fn check_signature(f: &mut Failures, case: &Value, digest: &B256) {
    let signature = bytes(case, "signature");
    f.eq(case, "signer", recover_signer(digest, &signature).ok(), Some(address(case, "signer")));
    f.eq(case, "verify", verify_signer(digest, &signature, address(case, "signer")).is_ok(), true);
}

#[test]
fn intent_cases_match_eth_account() {
    let cases = cases_of("intent");
    let mut f = Failures::default();
    for case in &cases {
        let (d, m) = (&case["domain"], &case["message"]);
        let names = EntrypointNames {
            type_name: text(case, "typeName").to_owned().into(),
            domain_name: text(d, "name").to_owned().into(),
            domain_version: text(d, "version").to_owned().into(),
        };
        f.eq(case, "type string", names.type_string(), text(case, "typeString").to_owned());
        let chain_id: u64 = text(d, "chainId").parse().unwrap();
        let domain = EntrypointDomain::new(&names, chain_id, address(d, "verifyingContract"));
        let message = DepositIntent {
            user: address(m, "user"),
            token: address(m, "token"),
            amount: uint(m, "amount"),
            intent_address: address(m, "intentAddress"),
            deadline: uint(m, "deadline"),
            chain_id: uint(m, "chainId"),
            nonce: uint(m, "nonce"),
            fee_amount: uint(m, "feeAmount"),
            fee_collector: address(m, "feeCollector"),
        };
        f.eq(case, "type hash", domain.type_hash(), b256(case, "typeHash"));
        f.eq(case, "type hash of names", names.type_hash(), b256(case, "typeHash"));
        f.eq(case, "domain separator", domain.separator(), b256(case, "domainSeparator"));
        f.eq(case, "struct hash", domain.struct_hash(&message), b256(case, "structHash"));
        f.eq(case, "digest", domain.digest(&message), b256(case, "digest"));
        check_signature(&mut f, case, &domain.digest(&message));
    }
    f.check(cases.len(), 25);
}

#[test]
fn permit_cases_match_eth_account() {
    let cases = cases_of("permit");
    let mut f = Failures::default();
    for case in &cases {
        let m = &case["message"];
        let domain = domain_of(&case["domain"]);
        let permit = Permit {
            owner: address(m, "owner"),
            spender: address(m, "spender"),
            value: uint(m, "value"),
            nonce: uint(m, "nonce"),
            deadline: uint(m, "deadline"),
        };
        f.eq(case, "domain type", domain.encode_type(), text(case, "domainType").to_owned());
        f.eq(case, "domain separator", domain.separator(), b256(case, "domainSeparator"));
        f.eq(case, "struct hash", permit.struct_hash(), b256(case, "structHash"));
        f.eq(case, "digest", permit.digest(&domain), b256(case, "digest"));
        check_signature(&mut f, case, &permit.digest(&domain));
    }
    f.check(cases.len(), 50);
}

#[test]
fn dai_permit_cases_match_eth_account() {
    let cases = cases_of("daiPermit");
    let mut f = Failures::default();
    for case in &cases {
        let m = &case["message"];
        let domain = domain_of(&case["domain"]);
        let permit = DaiPermit {
            holder: address(m, "holder"),
            spender: address(m, "spender"),
            nonce: uint(m, "nonce"),
            expiry: uint(m, "expiry"),
            allowed: m["allowed"].as_bool().unwrap(),
        };
        f.eq(case, "domain type", domain.encode_type(), text(case, "domainType").to_owned());
        f.eq(case, "domain separator", domain.separator(), b256(case, "domainSeparator"));
        f.eq(case, "struct hash", permit.struct_hash(), b256(case, "structHash"));
        f.eq(case, "digest", permit.digest(&domain), b256(case, "digest"));
        check_signature(&mut f, case, &permit.digest(&domain));
    }
    f.check(cases.len(), 6);
}

#[test]
fn eip712_specification_mail_example_digest_matches() {
    let cases = cases_of("mail");
    let mut f = Failures::default();
    for case in &cases {
        let m = &case["message"];
        let person = |p: &Value| Person { name: text(p, "name").to_owned(), wallet: address(p, "wallet") };
        let mail = Mail { from: person(&m["from"]), to: person(&m["to"]), contents: text(m, "contents").to_owned() };
        let domain = domain_of(&case["domain"]);
        f.eq(case, "type string", Mail::eip712_encode_type().into_owned(), text(case, "typeString").to_owned());
        f.eq(case, "type hash", mail.eip712_type_hash(), b256(case, "typeHash"));
        f.eq(case, "domain separator", domain.separator(), b256(case, "domainSeparator"));
        f.eq(case, "struct hash", mail.eip712_hash_struct(), b256(case, "structHash"));
        let digest = signing_hash(&domain.separator(), &mail.eip712_hash_struct());
        f.eq(case, "digest", digest, b256(case, "digest"));
        check_signature(&mut f, case, &digest);
    }
    // The digest printed in EIP-712 itself.
    let digest: B256 = "0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2".parse().unwrap();
    assert_eq!(cases.iter().map(|c| b256(c, "digest")).collect::<Vec<_>>(), [digest]);
    f.check(cases.len(), 1);
}

#[test]
fn signature_cases_recover_or_are_invalid_signature_as_spec_5_3_says() {
    let cases = cases_of("signature");
    let mut f = Failures::default();
    for case in &cases {
        let digest = b256(case, "digest");
        let raw = bytes(case, "signature");
        let ours = recover_signer(&digest, &raw);
        match case.get("error") {
            Some(error) => {
                let reason = ours.as_ref().err().map(|e| e.reason().code());
                f.eq(case, "error", reason, error.as_str());
                let kind = ours.as_ref().err().map(|e| e.reason().kind());
                f.eq(case, "error kind", kind, Some(ErrorKind::Unauthorized));
            }
            None => {
                f.eq(case, "signer", ours.as_ref().ok().copied(), Some(address(case, "signer")));
                // A well-formed signature writes back with v as 27 or 28.
                let mut canonical = raw.clone();
                if let Some(v @ (0 | 1)) = canonical.last_mut() {
                    *v += 27;
                }
                let written = Signature::from_bytes(&raw).map(|s| s.to_bytes().to_vec()).ok();
                f.eq(case, "to_bytes", written, Some(canonical));
            }
        }
    }
    f.check(cases.len(), 32);
}

/// docs/spec.md §5.3: a signature accepted with `v` 0 or 1 is relayed in the 65-byte form
/// with `v` 27 or 28, which is exactly the signature eth-account made (`valid_v27`,
/// `valid_v28`) and recovers to the same signer.
#[test]
fn relayable_form_of_a_v0_or_v1_signature_is_eth_accounts_v27_or_v28_signature() {
    let case = |name: &str| cases_of("signature").into_iter().find(|c| c["name"] == name).unwrap();
    for (accepted, made) in [("valid_v0", "valid_v27"), ("valid_v1", "valid_v28")] {
        let (accepted, made) = (case(accepted), case(made));
        let digest = b256(&accepted, "digest");
        let relayable = Signature::from_bytes(&bytes(&accepted, "signature")).unwrap().to_bytes();
        assert_eq!(relayable.to_vec(), bytes(&made, "signature"));
        assert!(matches!(relayable[64], 27 | 28));
        assert_eq!(recover_signer(&digest, &relayable).unwrap(), address(&made, "signer"));
        assert_eq!(address(&accepted, "signer"), address(&made, "signer"));
    }
}

#[test]
fn intent_document_cases_match_eth_account_end_to_end() {
    let cases = cases_of("intentDocument");
    let mut f = Failures::default();
    for case in &cases {
        let input: IntentDigestInput = match from_slice(text(case, "input").as_bytes()) {
            Ok(input) => input,
            Err(e) => {
                f.0.push(format!("{}: input does not parse: {e}", text(case, "name")));
                continue;
            }
        };
        if let Some(error) = case.get("error") {
            let ours = input.digest().err();
            f.eq(case, "error", ours.as_ref().map(|e| e.reason().code()), error.as_str());
            f.eq(case, "error path", ours.as_ref().and_then(|e| e.path()), case["path"].as_str());
            continue;
        }
        let names = input.names();
        let domain = entrypoint_domain(&names, &input.intent).expect("the vector's intent has an entrypoint");
        f.eq(case, "type string", names.type_string(), text(case, "typeString").to_owned());
        f.eq(case, "type hash", domain.type_hash(), b256(case, "typeHash"));
        f.eq(case, "domain separator", domain.separator(), b256(case, "domainSeparator"));
        match deposit_intent(&input.intent, &input.deposit_signature) {
            Ok(message) => f.eq(case, "struct hash", domain.struct_hash(&message), b256(case, "structHash")),
            Err(e) => f.0.push(format!("{}: no message: {e}", text(case, "name"))),
        }
        let digest = b256(case, "digest");
        f.eq(case, "digest", input.digest().ok(), Some(digest));
        check_signature(&mut f, case, &digest);
        if let Some(signature) = &input.deposit_signature.intent_signature {
            f.eq(case, "intentSignature", signature.to_vec(), bytes(case, "signature"));
        }
        // Checked against the intent's owner: the vector says whether it signed.
        let verified = verify_signer(&digest, &bytes(case, "signature"), input.intent.owner_address);
        f.eq(case, "owner", input.intent.owner_address, address(case, "owner"));
        f.eq(case, "verify", verified.err().map(|e| e.reason().code()), case["verifyError"].as_str());
    }
    f.check(cases.len(), 6);
}

#[test]
fn intent_permit_cases_match_eth_account_end_to_end() {
    let cases = cases_of("intentPermit");
    let mut f = Failures::default();
    for case in &cases {
        let input: IntentDigestInput = from_slice(text(case, "input").as_bytes()).unwrap();
        let (intent, signature) = (&input.intent, &input.deposit_signature);
        let mode = match text(case, "mode") {
            "entrypoint" => GaslessMode::Entrypoint,
            "permitOnly" => GaslessMode::PermitOnly,
            other => panic!("unknown mode {other}"),
        };
        f.eq(case, "mode of the signature", GaslessMode::of(signature), mode);
        let domain = domain_of(&case["tokenDomain"]);
        let nonce = uint(case, "nonce");
        let permit = deposit_permit(intent, signature, mode, nonce);
        if let Some(error) = case.get("error") {
            let ours = permit.err();
            f.eq(case, "error", ours.as_ref().map(|e| e.reason().code()), error.as_str());
            f.eq(case, "error path", ours.as_ref().and_then(|e| e.path()), case["path"].as_str());
            continue;
        }
        let m = &case["message"];
        let expected = Permit {
            owner: address(m, "owner"),
            spender: address(m, "spender"),
            value: uint(m, "value"),
            nonce: uint(m, "nonce"),
            deadline: uint(m, "deadline"),
        };
        f.eq(case, "permit", permit.as_ref().ok(), Some(&expected));
        f.eq(case, "domain type", domain.encode_type(), text(case, "domainType").to_owned());
        f.eq(case, "domain separator", domain.separator(), b256(case, "domainSeparator"));
        f.eq(case, "struct hash", expected.struct_hash(), b256(case, "structHash"));
        let digest = deposit_permit_digest(intent, signature, mode, &domain, nonce).ok();
        f.eq(case, "digest", digest, Some(b256(case, "digest")));
        check_signature(&mut f, case, &b256(case, "digest"));
        let permit_signature = signature.permit_signature.as_ref().map_or(&[][..], |s| &s[..]);
        f.eq(case, "permitSignature", permit_signature.to_vec(), bytes(case, "signature"));
        let verified = verify_signer(&b256(case, "digest"), permit_signature, intent.owner_address);
        f.eq(case, "verify against the owner", verified.is_ok(), true);
    }
    f.check(cases.len(), 5);
}

#[test]
fn every_vector_case_is_of_a_checked_kind() {
    let file = vectors();
    let mut counts = BTreeMap::new();
    for case in file["cases"].as_array().unwrap() {
        *counts.entry(text(case, "kind").to_owned()).or_insert(0) += 1;
    }
    let unknown: Vec<_> = counts.keys().filter(|k| !KINDS.contains(&k.as_str())).collect();
    assert!(unknown.is_empty(), "cases of kinds no test checks: {unknown:?}");
    assert_eq!(counts.len(), KINDS.len(), "{counts:?}");
    assert!(counts.values().sum::<usize>() >= 125, "{counts:?}");
}

#[test]
fn signer_mismatch_and_invalid_signature_are_unauthorized_and_missing_nonce_is_invalid_argument() {
    let signer_mismatch = Reason::SignerMismatch.kind();
    assert_eq!((signer_mismatch.code(), signer_mismatch.http_status()), (1000, 401));
    assert_eq!(Reason::InvalidSignature.kind(), ErrorKind::Unauthorized);
    assert_eq!(Reason::NonceRequired.kind(), ErrorKind::InvalidArgument);
    assert_eq!(Reason::PermitIncomplete.kind(), ErrorKind::InvalidArgument);
    for reason in [Reason::InvalidSignature, Reason::SignerMismatch, Reason::NonceRequired, Reason::PermitIncomplete] {
        assert!(Reason::ALL.contains(&reason), "{reason} is not in the catalogue");
    }
}

// ---- The rules of docs/spec.md §5, one test each, on named vector cases -------------------------

fn case(name: &str) -> Value {
    let file = vectors();
    let found = file["cases"].as_array().unwrap().iter().find(|c| c["name"] == name).cloned();
    found.unwrap_or_else(|| panic!("no vector case {name}"))
}

fn recover_case(name: &str) -> Result<Address, intent_core::Error> {
    let c = case(name);
    recover_signer(&b256(&c, "digest"), &bytes(&c, "signature"))
}

#[test]
fn high_s_signature_is_invalid_signature() {
    for name in ["high_s_of_v27", "high_s_of_v28", "high_s_of_v27_as_v1", "s_equals_half_n_plus_1", "s_equals_n"] {
        assert_eq!(recover_case(name).unwrap_err().reason(), Reason::InvalidSignature, "{name}");
    }
    assert!(recover_case("s_equals_half_n").is_ok(), "s = floor(n/2) is not above n/2");
}

#[test]
fn v_0_and_1_are_read_as_27_and_28() {
    assert_eq!(recover_case("valid_v0").unwrap(), recover_case("valid_v27").unwrap());
    assert_eq!(recover_case("valid_v1").unwrap(), recover_case("valid_v28").unwrap());
}

#[test]
fn v_other_than_0_1_27_28_is_invalid_signature() {
    for name in ["v_2", "v_26", "v_29", "v_37_eip155_style", "v_255"] {
        assert_eq!(recover_case(name).unwrap_err().reason(), Reason::InvalidSignature, "{name}");
    }
}

#[test]
fn zero_or_out_of_range_r_or_s_is_invalid_signature() {
    for name in ["r_zero", "s_zero", "r_and_s_zero", "all_zero_v0", "r_equals_n", "r_n_plus_1", "r_u256_max"] {
        assert_eq!(recover_case(name).unwrap_err().reason(), Reason::InvalidSignature, "{name}");
    }
}

#[test]
fn signature_of_other_than_65_bytes_is_invalid_signature() {
    for name in ["length_0", "length_1", "length_64_no_v", "length_66_trailing_zero", "length_66_leading_zero"] {
        assert_eq!(recover_case(name).unwrap_err().reason(), Reason::InvalidSignature, "{name}");
    }
}

#[test]
fn unrecoverable_signature_is_invalid_signature() {
    for name in ["r_not_on_curve", "r_not_on_curve_large"] {
        let error = recover_case(name).unwrap_err();
        assert_eq!((error.reason(), error.body().code, error.body().status), (Reason::InvalidSignature, 1000, 401));
    }
}

#[test]
fn signature_by_someone_other_than_the_owner_is_signer_mismatch() {
    let c = case("example_intent_default_names_foreign_signer");
    let error = verify_signer(&b256(&c, "digest"), &bytes(&c, "signature"), address(&c, "owner")).unwrap_err();
    assert_eq!(error.reason(), Reason::SignerMismatch);
    assert_eq!(error.body().error, "Unauthorized");
    assert!(error.to_string().starts_with("signer mismatch: recovered 0x"), "{error}");
    assert_eq!(error.to_string(), error.to_string().to_lowercase(), "a lowercase one-line message");
}

#[test]
fn missing_user_nonce_is_nonce_required_at_its_path() {
    let c = case("example_intent_without_user_nonce");
    let input: IntentDigestInput = from_slice(text(&c, "input").as_bytes()).unwrap();
    let error = input.digest().unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::NonceRequired, Some("depositSignature.userNonce")));
    assert_eq!(error.body().code, 2000);
}

#[test]
fn permit_only_mode_without_permit_deadline_is_permit_incomplete() {
    let c = case("example_intent_permit_only_without_permit_deadline");
    let input: IntentDigestInput = from_slice(text(&c, "input").as_bytes()).unwrap();
    let error =
        deposit_permit(&input.intent, &input.deposit_signature, GaslessMode::PermitOnly, U256::ZERO).unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::PermitIncomplete, Some("depositSignature.permitDeadline")));
}

#[test]
fn entrypoint_mode_permit_is_for_the_entrypoint_until_the_signature_deadline() {
    let c = case("example_intent_entrypoint_mode_permit");
    let input: IntentDigestInput = from_slice(text(&c, "input").as_bytes()).unwrap();
    let (intent, signature) = (&input.intent, &input.deposit_signature);
    let permit = deposit_permit(intent, signature, GaslessMode::Entrypoint, U256::ZERO).unwrap();
    assert_eq!(Some(permit.spender), intent.service_contracts.service_intent_entrypoint_address.address());
    assert_eq!(permit.deadline, U256::from(signature.deadline));
    assert_eq!(Some(permit.value), signature.permit_amount);
    assert_eq!(permit.owner, intent.owner_address);
}

#[test]
fn changing_the_type_name_changes_the_type_hash_and_the_digest() {
    let explicit = case("example_intent_owner_signs_default_names_explicit");
    let custom = case("example_intent_owner_signs_custom_type_name");
    assert_eq!(b256(&explicit, "typeHash"), EntrypointNames::DEFAULT.type_hash());
    assert_eq!(
        text(&explicit, "typeString"),
        "ServiceIntent(address user,address token,uint256 amount,address intentAddress,uint256 deadline,\
         uint256 chainId,uint256 nonce,uint256 feeAmount,address feeCollector)"
    );
    let parse = |c: &Value| from_slice::<IntentDigestInput>(text(c, "input").as_bytes()).unwrap();
    let (a, b) = (parse(&explicit), parse(&custom));
    assert_ne!(a.names().type_hash(), b.names().type_hash());
    assert_ne!(a.digest().unwrap(), b.digest().unwrap());
    assert_eq!(b.digest().unwrap(), b256(&custom, "digest"));
}

#[test]
fn an_entrypoint_domain_built_once_gives_the_one_shot_digest_for_every_intent() {
    let cases: Vec<_> = cases_of("intentDocument").into_iter().filter(|c| c.get("error").is_none()).collect();
    let first: IntentDigestInput = from_slice(text(&cases[0], "input").as_bytes()).unwrap();
    let domain = entrypoint_domain(&EntrypointNames::DEFAULT, &first.intent).unwrap();
    for c in cases.iter().filter(|c| c["typeString"].as_str().unwrap().starts_with("ServiceIntent(")) {
        let input: IntentDigestInput = from_slice(text(c, "input").as_bytes()).unwrap();
        let message = deposit_intent(&input.intent, &input.deposit_signature).unwrap();
        assert_eq!(domain.digest(&message), input.digest().unwrap(), "{}", text(c, "name"));
    }
}

#[test]
fn salt_only_and_salt_based_domains_match_eth_account() {
    for name in ["salt_only", "polygon_usdc_pos_salt_domain", "salt_zero_bytes32"] {
        let c = case(name);
        let domain = domain_of(&c["domain"]);
        assert_eq!(domain.separator(), b256(&c, "domainSeparator"), "{name}");
    }
    assert_eq!(domain_of(&case("salt_only")["domain"]).encode_type(), "EIP712Domain(bytes32 salt)");
}

#[test]
fn empty_name_differs_from_no_name() {
    let (empty, absent) = (case("name_empty_string"), case("name_absent"));
    let (empty_domain, absent_domain) = (domain_of(&empty["domain"]), domain_of(&absent["domain"]));
    assert_eq!(empty_domain.name.as_deref(), Some(""));
    assert_eq!(absent_domain.name, None);
    assert_ne!(empty_domain.separator(), absent_domain.separator());
    assert_eq!(empty_domain.separator(), b256(&empty, "domainSeparator"));
    assert_eq!(absent_domain.separator(), b256(&absent, "domainSeparator"));
}

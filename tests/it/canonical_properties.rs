//! Property tests of docs/spec.md §1–4 over `examples/intent.json` and every input of
//! `tests/vectors/canonical.json`: the canonical form is idempotent and survives the wire,
//! spellings do not change the hash, any change of meaning does, and unknown members are
//! kept, canonicalised and hashed.
//!
//! The inputs' canonical JSON is read into a tree whose leaves know their kind from the
//! schema of docs/spec.md §2 (`support`), then written back in random spellings or with one random
//! change.

use crate::support;

use proptest::prelude::*;
use support::*;

/// Parses `text` as `case`'s type, failing the property with the parse error.
fn parse(case: &Case, text: &str) -> Result<Doc, TestCaseError> {
    Doc::parse(case.root, text.as_bytes()).map_err(|e| {
        TestCaseError::fail(format!("{}: rejected ({e}; path {:?}):\n{}", case.name, e.path(), excerpt(text, 4000)))
    })
}

/// Parsing the canonical JSON gives an equal value with byte-identical canonical JSON, and
/// the wire form (`to_string`) parses to an equal value with the same hash.
fn check_idempotent_and_wire_round_trip(case: &Case, text: &str) -> Result<(), TestCaseError> {
    let x = parse(case, text)?;
    let canonical = x.canonical();
    let y = parse(case, &canonical)?;
    prop_assert_eq!(&y, &x, "{}: canonical JSON parses to a different value", case.name);
    prop_assert_eq!(y.canonical(), canonical.clone(), "{}: canonical form is not idempotent", case.name);
    prop_assert_eq!(y.hash(), x.hash());

    let wire = x.wire();
    let z = parse(case, &wire)?;
    prop_assert_eq!(&z, &x, "{}: wire form parses to a different value:\n{}", case.name, wire);
    prop_assert_eq!(z.hash(), x.hash(), "{}: wire round trip changes the hash", case.name);
    prop_assert_eq!(z.canonical(), canonical);
    prop_assert_eq!(z.wire(), wire, "{}: wire form is not stable", case.name);
    Ok(())
}

/// A respelling of `case` in `style` parses to an equal value with the same canonical JSON
/// and hash.
fn check_respelling(case: &Case, style: Style, choices: Choices) -> Result<(), TestCaseError> {
    let text = respell(case, style, choices);
    let x = parse(case, &text)?;
    prop_assert_eq!(
        x.canonical(),
        case.canonical.clone(),
        "{}: respelling changes the canonical JSON:\n{}",
        case.name,
        excerpt(&text, 4000)
    );
    prop_assert_eq!(x.hash(), case.hash);
    prop_assert_eq!(&x, &case.doc, "{}: respelling parses to a different value", case.name);
    Ok(())
}

/// Sets one to four random leaves accepted by `kinds` to random values of their kind, writes
/// the document in random spellings, and checks the canonical JSON against the reference and
/// the hash against keccak-256 of it.
fn check_random_values(case: &Case, kinds: fn(Kind) -> bool, choices: Choices) -> Result<(), TestCaseError> {
    let mut rng = choices;
    let targets: Vec<Node> = nodes(&case.tree, case.root.kind())
        .into_iter()
        .filter(|n| n.kind.is_some_and(|k| kinds(k) && !matches!(k, Kind::Obj(_) | Kind::Arr(_))))
        .collect();
    if targets.is_empty() {
        return Ok(());
    }
    let mut tree = case.tree.clone();
    let mut what = Vec::new();
    for _ in 0..1 + rng.below(4) {
        let node = rng.pick(&targets);
        let value = random_leaf(&mut rng, node.kind.unwrap()).unwrap();
        what.push(format!("{} = {}", path_string(&node.path), canonical_text(&value)));
        *get_mut(&mut tree, &node.path) = value;
    }
    let text = Respeller::new(&mut rng, Style::ALL).document(&tree, case.root.kind());
    let x = parse(case, &text).map_err(|e| TestCaseError::fail(format!("{what:?}: {e}")))?;
    let canonical = x.canonical();
    prop_assert_eq!(&canonical, &canonical_text(&tree), "{}: {:?}", case.name, what);
    prop_assert_eq!(x.hash(), keccak256(canonical.as_bytes()), "hash is not keccak-256 of the canonical JSON");
    let y = parse(case, &canonical)?;
    prop_assert_eq!(&y, &x, "{}: {:?}: canonical JSON parses to a different value", case.name, what);
    let z = parse(case, &x.wire())?;
    prop_assert_eq!(&z, &x, "{}: {:?}: wire form parses to a different value", case.name, what);
    Ok(())
}

// ---- 1. Idempotence and the wire round trip ------------------------------------------------

#[test]
fn every_input_is_idempotent_and_survives_the_wire() {
    for case in cases() {
        check_idempotent_and_wire_round_trip(case, &case.input).unwrap();
        check_idempotent_and_wire_round_trip(case, &case.canonical).unwrap();
    }
}

proptest! {
    #![proptest_config(proptest_config(64))]

    #[test]
    fn canonical_json_of_any_spelling_reparses_to_an_equal_value_with_identical_canonical_json(
        case in any_case(), choices in any_choices()
    ) {
        let case = &cases()[case];
        check_idempotent_and_wire_round_trip(case, &respell(case, Style::ALL, choices))?;
    }

    #[test]
    fn wire_form_with_added_unknown_members_round_trips_to_an_equal_value_and_hash(
        case in any_case(), choices in any_choices()
    ) {
        let case = &cases()[case];
        let mut rng = choices;
        let tree = with_random_unknown_members(case, &mut rng).0;
        let text = Respeller::new(&mut rng, Style::ALL).document(&tree, case.root.kind());
        check_idempotent_and_wire_round_trip(case, &text)?;
    }
}

// ---- 2. Spelling invariance ----------------------------------------------------------------

proptest! {
    #![proptest_config(proptest_config(64))]

    #[test]
    fn key_order_at_every_level_does_not_change_the_hash(case in any_case(), choices in any_choices()) {
        check_respelling(&cases()[case], Style { key_order: true, ..Style::NONE }, choices)?;
    }

    #[test]
    fn white_space_between_tokens_does_not_change_the_hash(case in any_case(), choices in any_choices()) {
        check_respelling(&cases()[case], Style { white_space: true, ..Style::NONE }, choices)?;
    }

    #[test]
    fn address_case_lower_upper_or_eip55_does_not_change_the_hash(case in any_case(), choices in any_choices()) {
        check_respelling(&cases()[case], Style { addresses: true, ..Style::NONE }, choices)?;
    }

    #[test]
    fn uint_as_number_string_leading_zeros_or_exponent_does_not_change_the_hash(
        case in any_case(), choices in any_choices()
    ) {
        check_respelling(&cases()[case], Style { uints: true, ..Style::NONE }, choices)?;
    }

    #[test]
    fn u64_and_u8_as_strings_or_exponents_do_not_change_the_hash(case in any_case(), choices in any_choices()) {
        check_respelling(&cases()[case], Style { small_uints: true, ..Style::NONE }, choices)?;
    }

    #[test]
    fn decimal_spellings_of_the_same_double_do_not_change_the_hash(case in any_case(), choices in any_choices()) {
        check_respelling(&cases()[case], Style { decimals: true, ..Style::NONE }, choices)?;
    }

    #[test]
    fn timestamp_offsets_case_and_fraction_zeros_do_not_change_the_hash(case in any_case(), choices in any_choices()) {
        check_respelling(&cases()[case], Style { timestamps: true, ..Style::NONE }, choices)?;
    }

    #[test]
    fn string_escapes_and_surrogate_pairs_do_not_change_the_hash(case in any_case(), choices in any_choices()) {
        check_respelling(&cases()[case], Style { escapes: true, ..Style::NONE }, choices)?;
    }

    #[test]
    fn null_for_absent_optional_fields_does_not_change_the_hash(case in any_case(), choices in any_choices()) {
        check_respelling(&cases()[case], Style { nulls: true, ..Style::NONE }, choices)?;
    }

    #[test]
    fn hex_digit_case_of_bytes_does_not_change_the_hash(case in any_case(), choices in any_choices()) {
        check_respelling(&cases()[case], Style { hex_case: true, ..Style::NONE }, choices)?;
    }

    #[test]
    fn unknown_member_number_spellings_of_the_same_value_do_not_change_the_hash(
        case in any_case(), choices in any_choices()
    ) {
        check_respelling(&cases()[case], Style { unknown_numbers: true, ..Style::NONE }, choices)?;
    }
}

proptest! {
    #![proptest_config(proptest_config(128))]

    #[test]
    fn all_respellings_at_once_do_not_change_the_hash(case in any_case(), choices in any_choices()) {
        check_respelling(&cases()[case], Style::ALL, choices)?;
    }
}

#[test]
fn uint_spelled_as_an_exact_exponent_number_has_the_same_hash() {
    let case = example();
    let base = case.input.replace("\"originTokenAmount\": \"125000000000000000000\"", "\"originTokenAmount\": 1.25e20");
    assert_ne!(base, case.input);
    for spelling in
        ["1.25e20", "1.25E+20", "125e18", "0.125e21", "12500000000000000000000e-2", "125000000000000000000.000"]
    {
        let text = base.replace("1.25e20", spelling);
        let x = Doc::parse(case.root, text.as_bytes()).unwrap_or_else(|e| panic!("{spelling}: {e}"));
        assert_eq!(x.hash(), case.hash, "{spelling}");
    }
}

// ---- 2b. Values of every kind, anywhere, in any spelling -------------------------------------

proptest! {
    #![proptest_config(proptest_config(64))]

    #[test]
    fn any_uint_up_to_2_pow_256_minus_1_in_any_spelling_is_canonical_decimal_string(
        case in any_case(), choices in any_choices()
    ) {
        check_random_values(&cases()[case], |k| k == Kind::Uint, choices)?;
    }

    #[test]
    fn any_u64_or_u8_in_any_spelling_is_a_canonical_json_number(case in any_case(), choices in any_choices()) {
        check_random_values(&cases()[case], |k| matches!(k, Kind::U64 | Kind::U8), choices)?;
    }

    #[test]
    fn any_double_in_any_spelling_is_written_in_ecmascript_form(case in any_case(), choices in any_choices()) {
        check_random_values(&cases()[case], |k| k == Kind::Decimal, choices)?;
    }

    #[test]
    fn any_instant_with_any_offset_is_written_as_canonical_utc(case in any_case(), choices in any_choices()) {
        check_random_values(&cases()[case], |k| k == Kind::Timestamp, choices)?;
    }

    #[test]
    fn any_unicode_string_in_any_escaping_is_written_with_spec_escaping(case in any_case(), choices in any_choices()) {
        check_random_values(&cases()[case], |k| k == Kind::Str, choices)?;
    }

    #[test]
    fn any_address_or_bytes_in_any_case_is_written_in_lowercase(case in any_case(), choices in any_choices()) {
        check_random_values(&cases()[case], |k| matches!(k, Kind::Address | Kind::Bytes | Kind::Bytes32), choices)?;
    }

    #[test]
    fn any_leaf_values_at_once_in_any_spelling_are_canonical(case in any_case(), choices in any_choices()) {
        check_random_values(&cases()[case], |_| true, choices)?;
    }
}

#[test]
fn canonical_hash_is_keccak256_of_the_canonical_json() {
    assert_eq!(
        format!("{}", keccak256(b"")),
        "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470",
        "reference keccak-256 of the empty string"
    );
    for case in cases() {
        assert_eq!(case.hash, keccak256(case.canonical.as_bytes()), "{}", case.name);
    }
}

// ---- 3. Sensitivity ------------------------------------------------------------------------

proptest! {
    #![proptest_config(proptest_config(128))]

    #[test]
    fn any_single_change_of_meaning_changes_the_hash(case in any_case(), choices in any_choices()) {
        let case = &cases()[case];
        let mut rng = choices;
        let m = mutate(&case.tree, case.root.kind(), &mut rng);
        let text = Respeller::new(&mut rng, Style::ALL).document(&m.tree, case.root.kind());
        let x = parse(case, &text).map_err(|e| TestCaseError::fail(format!("{}: {e}", m.what)))?;
        prop_assert_eq!(x.canonical(), canonical_text(&m.tree), "{}: {}", case.name, m.what);
        prop_assert_ne!(x.hash(), case.hash, "{}: {} keeps the hash", case.name, m.what);
        prop_assert_eq!(x.hash(), keccak256(x.canonical().as_bytes()));
    }

    #[test]
    fn changing_an_unknown_member_at_any_object_changes_the_hash(case in any_case(), choices in any_choices()) {
        let case = &cases()[case];
        let mut rng = choices;
        let (tree, added) = with_random_unknown_members(case, &mut rng);
        let path = rng.pick(&added).clone();
        let mut changed = tree.clone();
        let new = loop {
            let new = random_value(&mut rng, 2);
            if new != *get(&tree, &path) {
                break new;
            }
        };
        *get_mut(&mut changed, &path) = new;
        let a = parse(case, &Respeller::new(&mut rng, Style::ALL).document(&tree, case.root.kind()))?;
        let b = parse(case, &Respeller::new(&mut rng, Style::ALL).document(&changed, case.root.kind()))?;
        prop_assert_eq!(b.canonical(), canonical_text(&changed));
        prop_assert_ne!(a.hash(), b.hash(), "{}: changing {} keeps the hash", case.name, path_string(&path));
    }
}

fn example_with(edit: impl FnOnce(&mut J)) -> Doc {
    let mut tree = example().tree.clone();
    edit(&mut tree);
    Doc::parse(Root::Intent, canonical_text(&tree).as_bytes()).unwrap()
}

fn key(k: &str) -> Step {
    Step::Key(k.into())
}

#[test]
fn absent_only_native_gas_fee_differs_from_false() {
    let path = [key("quoteRequest"), key("onlyNativeGasFee")];
    assert_eq!(get(&example().tree, &path), &J::Bool(false));
    let absent = example_with(|t| {
        let J::Obj(m) = get_mut(t, &path[..1]) else { panic!() };
        m.retain(|(k, _)| k != "onlyNativeGasFee");
    });
    assert_ne!(absent.hash(), example().hash);
    let null = Doc::parse(
        Root::Intent,
        example().input.replace("\"onlyNativeGasFee\": false", "\"onlyNativeGasFee\": null").as_bytes(),
    )
    .unwrap();
    assert_eq!(null.hash(), absent.hash(), "null is absent");
}

#[test]
fn empty_call_data_differs_from_one_zero_byte_and_from_absent_data() {
    let path = [key("originCalls"), key("calls"), Step::Index(2), key("data")];
    let empty = example_with(|t| *get_mut(t, &path) = J::Str("0x".into()));
    let zero = example_with(|t| *get_mut(t, &path) = J::Str("0x00".into()));
    let absent = example_with(|t| {
        let J::Obj(m) = get_mut(t, &path[..3]) else { panic!() };
        m.retain(|(k, _)| k != "data");
    });
    assert_ne!(empty.hash(), zero.hash());
    assert_ne!(empty.hash(), absent.hash());
    assert_ne!(zero.hash(), absent.hash());
    assert!(empty.canonical().contains(r#""data":"0x","#));
}

#[test]
fn swapping_two_calls_changes_the_hash() {
    let swapped = example_with(|t| {
        let J::Arr(calls) = get_mut(t, &[key("originCalls"), key("calls")]) else { panic!() };
        calls.swap(0, 1);
    });
    assert_ne!(swapped.hash(), example().hash);
}

#[test]
fn a_changed_unknown_member_changes_the_hash() {
    let with = |value: &str| {
        let text = example().input.replacen("{\n  \"id\"", &format!("{{\n  \"extra\": {value},\n  \"id\""), 1);
        Doc::parse(Root::Intent, text.as_bytes()).unwrap()
    };
    let a = with(r#"{"note": "a", "n": 1}"#);
    let b = with(r#"{"note": "b", "n": 1}"#);
    let c = with(r#"{"n": 1, "note": "a"}"#);
    assert_ne!(a.hash(), example().hash);
    assert_ne!(a.hash(), b.hash());
    assert_eq!(a.hash(), c.hash(), "member order inside an unknown member is spelling");
}

#[test]
fn unknown_member_holding_2_pow_300_differs_from_2_pow_300_plus_1() {
    let two_300 = pow2(300);
    assert_eq!(two_300.len(), 91);
    let with = |n: &str| {
        let text = example().input.replacen("{\n  \"id\"", &format!("{{\n  \"big\": {n},\n  \"id\""), 1);
        Doc::parse(Root::Intent, text.as_bytes()).unwrap()
    };
    let a = with(&two_300);
    let b = with(&dec_add_one(&two_300));
    assert_ne!(a.hash(), b.hash(), "2^300 and 2^300+1 are one double apart but different integers");
    assert!(a.canonical().contains(&format!("\"big\":{two_300},")));
    assert!(a.wire().contains(&format!("\"big\":{two_300},")));
}

// ---- 5. Unknown members ----------------------------------------------------------------------

/// Adds one to three random unknown members at random objects of `case`'s canonical tree;
/// returns the tree and the paths of the added members.
fn with_random_unknown_members(case: &Case, rng: &mut Choices) -> (J, Vec<Vec<Step>>) {
    let mut tree = case.tree.clone();
    let mut added = Vec::new();
    for _ in 0..1 + rng.below(3) {
        let objects: Vec<Node> =
            nodes(&tree, case.root.kind()).into_iter().filter(|n| matches!(get(&tree, &n.path), J::Obj(_))).collect();
        let at = rng.pick(&objects).clone();
        let key = fresh_key(rng, get(&tree, &at.path), at.kind);
        let value = random_value(rng, 3);
        add_member(&mut tree, &at.path, &key, value);
        let mut path = at.path;
        path.push(Step::Key(key));
        added.push(path);
    }
    (tree, added)
}

proptest! {
    #![proptest_config(proptest_config(64))]

    #[test]
    fn unknown_members_at_any_object_are_written_back_with_their_raw_text(case in any_case(), choices in any_choices()) {
        let case = &cases()[case];
        let mut rng = choices;
        let (tree, added) = with_random_unknown_members(case, &mut rng);
        let mut respeller = Respeller::new(&mut rng, Style::ALL);
        let text = respeller.document(&tree, case.root.kind());
        let raw = std::mem::take(&mut respeller.unknown_raw);
        let x = parse(case, &text)?;
        let wire = x.wire();
        for (key, value) in &raw {
            let member = format!("{key}:{value}");
            prop_assert!(wire.contains(&member), "{}: wire form lacks {member}:\n{}", case.name, excerpt(&wire, 4000));
        }
        // Every added member is in the wire form with the same value, number text intact
        // (respelled only where the raw text respelled it).
        let written = parse_json(&wire);
        for path in &added {
            prop_assert_eq!(
                canonical_text(&canonicalise_generic(get(&written, path))),
                canonical_text(get(&tree, path)),
                "{}: {} changed on the wire", case.name, path_string(path)
            );
        }
    }

    #[test]
    fn unknown_members_at_any_object_are_canonicalised_and_hashed(case in any_case(), choices in any_choices()) {
        let case = &cases()[case];
        let mut rng = choices;
        let (tree, added) = with_random_unknown_members(case, &mut rng);
        let text = Respeller::new(&mut rng, Style::ALL).document(&tree, case.root.kind());
        let x = parse(case, &text)?;
        prop_assert_eq!(
            x.canonical(),
            canonical_text(&tree),
            "{}: added {:?}", case.name, added.iter().map(|p| path_string(p)).collect::<Vec<_>>()
        );
        prop_assert_ne!(x.hash(), case.hash);
    }
}

#[test]
fn unknown_members_inserted_through_the_api_are_canonicalised_like_parsed_ones() {
    let Doc::Intent(mut intent) = example().doc.clone() else { panic!() };
    intent.fees.origin_gas.unknown.insert("note", r#" {"b": 1.0, "a": "\u00e9"} "#).unwrap();
    let text = example().input.replacen(
        "\"nativeTokenPriceUsd\": 3401.27\n    },",
        "\"nativeTokenPriceUsd\": 3401.27, \"note\": {\"a\": \"é\", \"b\": 1}\n    },",
        1,
    );
    let parsed = Doc::parse(Root::Intent, text.as_bytes()).unwrap();
    assert!(parsed.canonical().contains(r#""nativeTokenSymbol":"ETH","note":{"a":"é","b":1},"totalFeeAmount""#));
    assert_eq!(Doc::Intent(intent.clone()).canonical(), parsed.canonical());
    assert_eq!(Doc::Intent(intent), parsed);
}

/// Library bug. `UnknownMembers::insert` documents that "a key the object's schema names is
/// written by the schema's field, never by this member". When that field is absent (an optional
/// field left out), the member is written anyway, under the schema's key: the canonical JSON of
/// docs/spec.md §4 then holds `"onlyNativeGasFee":"yes"`, is no longer valid input, and the hash
/// differs from the intent without the member although the two have the same meaning.
#[test]
fn unknown_member_inserted_under_an_absent_schema_key_is_never_written() {
    let Doc::Intent(mut intent) = example().doc.clone() else { panic!() };
    intent.quote_request.only_native_gas_fee = None;
    let without = Doc::Intent(intent.clone());
    intent.quote_request.unknown.insert("onlyNativeGasFee", r#""yes""#).unwrap();
    let with = Doc::Intent(intent);
    let canonical = with.canonical();
    let reparsed = Doc::parse(Root::Intent, canonical.as_bytes());
    assert!(
        !canonical.contains(r#""onlyNativeGasFee""#) && !with.wire().contains(r#""onlyNativeGasFee""#),
        "member written under the absent schema key: canonical JSON holds {:?}; reading it back gives {:?}",
        canonical.find(r#""onlyNativeGasFee""#).map(|i| &canonical[i..i + 24]),
        reparsed.as_ref().map(|_| ()).map_err(|e| (e.reason(), e.path().map(String::from))),
    );
    reparsed.expect("canonical JSON is valid input (docs/spec.md §4)");
    assert_eq!(with.hash(), without.hash());
}

#[test]
fn unknown_member_with_an_integer_above_2_pow_256_is_kept_exactly() {
    let big = "115792089237316195423570985008687907853269984665640564039457584007913129639936123";
    let text = example().input.replacen("{\n  \"id\"", &format!("{{\n  \"x\": {big},\n  \"id\""), 1);
    let x = Doc::parse(Root::Intent, text.as_bytes()).unwrap();
    assert!(x.wire().contains(&format!("\"x\":{big}")), "wire: {}", x.wire());
    assert!(x.canonical().contains(&format!("\"x\":{big}")));
    let Doc::Intent(intent) = &x else { panic!() };
    assert_eq!(intent.unknown.get("x").map(|m| m.raw_json()), Some(big));
}

#[test]
fn unknown_members_are_kept_in_every_object_of_the_example() {
    // One member `zz_extra` in every object of the example, each with a value that needs
    // canonicalising (unsorted keys, a float exponent, a big integer, an escape).
    let value = r#"{"b": 1.50E+3, "a": [-0, 2e0, 340282366920938463463374607431768211457], "\u00e9": "\/"}"#;
    let canonical_value = r#"{"a":[0,2,340282366920938463463374607431768211457],"b":1500,"é":"/"}"#;
    let mut tree = example().tree.clone();
    let objects: Vec<Vec<Step>> = nodes(&tree, Root::Intent.kind())
        .into_iter()
        .filter(|n| matches!(get(&tree, &n.path), J::Obj(_)))
        .map(|n| n.path)
        .collect();
    assert!(objects.len() > 20);
    for path in &objects {
        add_member(&mut tree, path, "zz_extra", J::Null);
    }
    let text = canonical_text(&tree).replace("\"zz_extra\":null", &format!("\"zz_extra\":{value}"));
    let x = Doc::parse(Root::Intent, text.as_bytes()).unwrap();
    let canonical = x.canonical();
    let wire = x.wire();
    assert_eq!(canonical.matches(&format!("\"zz_extra\":{canonical_value}")).count(), objects.len(), "{canonical}");
    assert_eq!(wire.matches(&format!("\"zz_extra\":{value}")).count(), objects.len(), "{wire}");
    assert_eq!(
        canonical,
        canonical_text(&tree).replace("\"zz_extra\":null", &format!("\"zz_extra\":{canonical_value}"))
    );
}

#[test]
fn unknown_member_numbers_are_exact_integers_or_ecmascript_doubles() {
    let two_300 = pow2(300);
    let cases: &[(&str, &str)] = &[
        ("-0", "0"),
        ("-0.0", "0"),
        ("0e5", "0"),
        ("1e-400", "0"),
        ("-1e-400", "0"),
        ("1E2", "100"),
        ("1.0", "1"),
        ("0.1e1", "1"),
        ("1e21", "1e+21"),
        ("1000000000000000000000", "1000000000000000000000"),
        ("-123456789012345678901234567890", "-123456789012345678901234567890"),
        ("-123456789012345678901234567890.0", "-1.2345678901234568e+29"),
        ("0.1000000000000000055511151231257827021181583404541015625", "0.1"),
        ("-1274235351877961.25", "-1274235351877961.2"),
        ("5e-324", "5e-324"),
        ("2.4703282292062328e-324", "5e-324"),
        (&two_300, &two_300),
    ];
    for (text, expected) in cases {
        assert_eq!(canonical_text(&canonicalise_generic(&J::Num(text.to_string()))), *expected, "reference: {text}");
        let with = example().input.replacen("{\n  \"id\"", &format!("{{\n  \"n\": [{text}],\n  \"id\""), 1);
        let x = Doc::parse(Root::Intent, with.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(x.canonical().contains(&format!("\"n\":[{expected}]")), "{text} should be {expected}");
        assert!(x.wire().contains(&format!("\"n\":[{text}]")), "{text} is kept as received on the wire");
    }
}

// The literal is the exact tie that ECMAScript rounds to even; its precision is the point.
#[allow(clippy::excessive_precision)]
#[test]
fn reference_ecmascript_form_matches_known_values() {
    // Guards the test's own reference (support::ecmascript) against ECMA-262 examples.
    for (x, text) in [
        (1e21, "1e+21"),
        (1e20, "100000000000000000000"),
        (1e-7, "1e-7"),
        (1e-6, "0.000001"),
        (5e-324, "5e-324"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
        (123456789012345680000.0, "123456789012345680000"),
        (-2.5e-7, "-2.5e-7"),
        (0.1, "0.1"),
        (-0.0, "0"),
        (1.5, "1.5"),
        (-1274235351877961.25, "-1274235351877961.2"),
        (0.5, "0.5"),
        (-1234.5678, "-1234.5678"),
    ] {
        assert_eq!(ecmascript(x), text);
    }
}

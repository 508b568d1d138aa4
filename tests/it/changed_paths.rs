//! Property tests of `changed_paths` over `examples/intent.json` and every input of
//! `tests/vectors/canonical.json`: empty for equal values and respellings, exactly the
//! changed member's path for one change of meaning, and the same answer as a reference diff
//! of the canonical trees for several changes.

use crate::support;

use proptest::prelude::*;
use support::*;

fn parse(case: &Case, text: &str) -> Result<Doc, TestCaseError> {
    Doc::parse(case.root, text.as_bytes())
        .map_err(|e| TestCaseError::fail(format!("{}: rejected ({e}):\n{}", case.name, excerpt(text, 4000))))
}

fn key(k: &str) -> Step {
    Step::Key(k.into())
}

fn example_with(edit: impl FnOnce(&mut J)) -> Doc {
    let mut tree = example().tree.clone();
    edit(&mut tree);
    Doc::parse(Root::Intent, canonical_text(&tree).as_bytes()).unwrap()
}

#[test]
fn changed_paths_is_empty_for_equal_values() {
    for case in cases() {
        assert_eq!(case.doc.changed_paths(&case.doc.clone()), Vec::<String>::new(), "{}", case.name);
        let reparsed = Doc::parse(case.root, case.canonical.as_bytes()).unwrap();
        assert_eq!(case.doc.changed_paths(&reparsed), Vec::<String>::new(), "{}", case.name);
        let from_wire = Doc::parse(case.root, case.doc.wire().as_bytes()).unwrap();
        assert_eq!(case.doc.changed_paths(&from_wire), Vec::<String>::new(), "{}", case.name);
    }
}

proptest! {
    #![proptest_config(proptest_config(64))]

    #[test]
    fn changed_paths_is_empty_for_respellings(case in any_case(), choices in any_choices()) {
        let case = &cases()[case];
        let x = parse(case, &respell(case, Style::ALL, choices))?;
        prop_assert_eq!(case.doc.changed_paths(&x), Vec::<String>::new(), "{}", case.name);
        prop_assert_eq!(x.changed_paths(&case.doc), Vec::<String>::new(), "{}", case.name);
    }
}

proptest! {
    #![proptest_config(proptest_config(192))]

    #[test]
    fn changed_paths_names_exactly_the_mutated_member(case in any_case(), choices in any_choices()) {
        let case = &cases()[case];
        let mut rng = choices;
        let m = mutate(&case.tree, case.root.kind(), &mut rng);
        let text = Respeller::new(&mut rng, Style::ALL).document(&m.tree, case.root.kind());
        let x = parse(case, &text).map_err(|e| TestCaseError::fail(format!("{}: {e}", m.what)))?;
        prop_assert_eq!(case.doc.changed_paths(&x), vec![m.path.clone()], "{}: {}", case.name, m.what);
        prop_assert_eq!(x.changed_paths(&case.doc), vec![m.path.clone()], "{}: {} (reversed)", case.name, m.what);
    }

    #[test]
    fn changed_paths_after_several_changes_matches_a_reference_diff(case in any_case(), choices in any_choices()) {
        let case = &cases()[case];
        let mut rng = choices;
        let mut tree = case.tree.clone();
        let mut what = Vec::new();
        for _ in 0..2 + rng.below(3) {
            let m = mutate(&tree, case.root.kind(), &mut rng);
            tree = m.tree;
            what.push(m.what);
        }
        let text = Respeller::new(&mut rng, Style::ALL).document(&tree, case.root.kind());
        let x = parse(case, &text)?;
        let expected = reference_diff(&case.tree, &tree);
        prop_assert_eq!(case.doc.changed_paths(&x), expected.clone(), "{}: {:?}", case.name, what);
        prop_assert_eq!(x.changed_paths(&case.doc), expected.clone(), "{}: {:?} (reversed)", case.name, what);
        prop_assert_eq!(expected.is_empty(), x.hash() == case.hash, "empty exactly when the hashes are equal");
    }
}

#[test]
fn changed_paths_names_a_changed_leaf() {
    let gas_price = [key("fees"), key("originGas"), key("gasPrice")];
    let a = example_with(|t| *get_mut(t, &gas_price) = J::Str("10000001".into()));
    assert_eq!(example().doc.changed_paths(&a), ["fees.originGas.gasPrice"]);

    let to = [key("originCalls"), key("calls"), Step::Index(1), key("to")];
    let b = example_with(|t| *get_mut(t, &to) = J::Str("0x5605530cc92ee60ee7720e469e1262c563e983c2".into()));
    assert_eq!(example().doc.changed_paths(&b), ["originCalls.calls[1].to"]);
}

#[test]
fn changed_paths_names_absent_versus_false() {
    let absent = example_with(|t| {
        let J::Obj(m) = get_mut(t, &[key("quoteRequest")]) else { panic!() };
        m.retain(|(k, _)| k != "onlyNativeGasFee");
    });
    assert_eq!(example().doc.changed_paths(&absent), ["quoteRequest.onlyNativeGasFee"]);
}

#[test]
fn changed_paths_names_empty_versus_zero_byte_call_data() {
    let data = [key("originCalls"), key("calls"), Step::Index(2), key("data")];
    let empty = example_with(|t| *get_mut(t, &data) = J::Str("0x".into()));
    let zero = example_with(|t| *get_mut(t, &data) = J::Str("0x00".into()));
    assert_eq!(empty.changed_paths(&zero), ["originCalls.calls[2].data"]);
}

#[test]
fn changed_paths_names_fields_of_both_swapped_calls() {
    let swapped = example_with(|t| {
        let J::Arr(calls) = get_mut(t, &[key("originCalls"), key("calls")]) else { panic!() };
        calls.swap(0, 1);
    });
    let paths = example().doc.changed_paths(&swapped);
    for path in ["originCalls.calls[0].to", "originCalls.calls[1].to", "originCalls.calls[0].data"] {
        assert!(paths.iter().any(|p| p == path), "{path} missing from {paths:?}");
    }
    assert!(paths.iter().all(|p| p.starts_with("originCalls.calls[0].") || p.starts_with("originCalls.calls[1].")));
    let swapped_tree = parse_json(&swapped.canonical());
    assert_eq!(paths, reference_diff(&example().tree, &swapped_tree));
}

#[test]
fn changed_paths_names_an_added_member() {
    let plain = example_with(|t| add_member(t, &[key("fees"), key("originGas")], "x", J::Num("1".into())));
    assert_eq!(example().doc.changed_paths(&plain), ["fees.originGas.x"]);
    let dotted = example_with(|t| add_member(t, &[key("fees")], "a.b", J::Null));
    assert_eq!(example().doc.changed_paths(&dotted), [r#"fees["a.b"]"#]);
    let nested = example_with(|t| {
        add_member(t, &[key("originCalls"), key("calls"), Step::Index(0)], "meta", J::Obj(vec![]));
    });
    assert_eq!(example().doc.changed_paths(&nested), ["originCalls.calls[0].meta"]);
}

#[test]
fn changed_paths_names_the_changed_number_inside_an_unknown_member() {
    let two_300 = pow2(300);
    let with = |n: &str| {
        example_with(|t| {
            add_member(t, &[], "big", J::Obj(vec![("list".into(), J::Arr(vec![J::Null, J::Num(n.into())]))]))
        })
    };
    assert_eq!(with(&two_300).changed_paths(&with(&dec_add_one(&two_300))), ["big.list[1]"]);
}

#!/usr/bin/env python3
"""Regenerator of the intent addresses of the shipped example intents (docs/spec.md 5.6).

What it does
    For every intent in the JSON files it is given (a document with `originCalls` and
    `originIntentAddress`, at any depth: examples/intent.json itself, a scenario's `intent`,
    an event's `intent`), it derives the intent's two wallets from its owner and bundles under
    the published wallet context, as `intentctl check intent-addresses` checks them:

      1. the destination address first, from the bundles on the destination chain, because
         the origin bundle names it (the bridge call of `originCalls` sends to it);
      2. every spelling of the old destination address in the intent (EIP-55, lowercase, and
         the lowercase hex without `0x` inside calldata) is replaced by the derived one;
      3. then the origin address, from the (now patched) bundles on the origin chain, and
         every spelling of the old origin address replaced the same way.

    The replacement is textual over the whole file, so formatting is kept and every field that
    repeats an address (depositTransaction.toAddress, the preconditions, the meta-transactions)
    follows; the file is refused when two of its intents would map one old address to two new
    ones. A file already derived is left unchanged (the script is idempotent).

    The derivation itself is `intentctl wallet address` ({"owner", "bundles"} -> {"address"}),
    whose results are held against the independent producer of tests/vectors/wallet.json.
    Signatures, hashes and expected outputs that depend on the addresses are not touched here:
    rerun the generators after it, in this order: gen_scenarios.py (which derives the
    scenario owner's addresses with this file), gen_canonical.py, gen_eip712.py (whose
    re-owned example intents are derived the same way), then copy the case
    `example_intent_owner_signs_default_names_explicit` of eip712.json into
    examples/digest-intent.json (its depositSignature.intentSignature) and examples/recover.json
    (its digest and that signature), then gen_typed_data.py, viem/ (npm run generate) and
    fuzz/make_seeds.py. intentctl/tests/it/intentctl_wallet.rs checks every example intent.

How to run (from the repository root)

    python3 tests/vectors/derive_intent_addresses.py FILE...
    python3 tests/vectors/derive_intent_addresses.py --check FILE...   # exit 1 if any would change

    INTENTCTL=path/to/intentctl picks a built binary; by default `cargo run -q --bin intentctl`.
"""
import json
import os
import subprocess
import sys


def intentctl(args, document):
    command = [os.environ["INTENTCTL"]] if os.environ.get("INTENTCTL") else ["cargo", "run", "-q", "--bin", "intentctl", "--"]
    out = subprocess.run(command + args, input=json.dumps(document).encode(), capture_output=True, check=False)
    line = json.loads(out.stdout)
    if out.returncode != 0 or "address" not in line:
        raise SystemExit(f"intentctl {' '.join(args)} failed: {out.stdout.decode()}{out.stderr.decode()}")
    return line["address"]


def wallet(owner, bundles):
    return intentctl(["wallet", "address"], {"owner": owner, "bundles": bundles})


def spellings(address):
    """Every way an address is written in the examples: EIP-55 and lowercase with `0x`,
    lowercase hex inside calldata."""
    return [address, address.lower(), address[2:].lower()]


def replace(text, old, new):
    for old_spelling, new_spelling in zip(spellings(old), spellings(new)):
        text = text.replace(old_spelling, new_spelling)
    return text


def intents(document):
    if isinstance(document, dict):
        if "originCalls" in document and "originIntentAddress" in document:
            yield document
        for value in document.values():
            yield from intents(value)
    elif isinstance(document, list):
        for value in document:
            yield from intents(value)


def bundles_on(intent, chain_id):
    bundles = [intent["originCalls"]] + ([intent["destinationCalls"]] if intent.get("destinationCalls") else [])
    return [bundle for bundle in bundles if int(bundle["chainId"]) == int(chain_id)]


def derive(intent_text):
    """The intent's text with its destination, then its origin address derived."""
    intent = json.loads(intent_text)
    mapping = {}
    old = intent.get("destinationIntentAddress")
    if old and int(intent["destinationChainId"]) != int(intent["originChainId"]):
        new = wallet(intent["ownerAddress"], bundles_on(intent, intent["destinationChainId"]))
        mapping[old.lower()] = new
        intent = json.loads(replace(json.dumps(intent), old, new))
    old = intent["originIntentAddress"]
    new = wallet(intent["ownerAddress"], bundles_on(intent, intent["originChainId"]))
    mapping[old.lower()] = new
    return mapping


def regenerate(path):
    return derived_text(open(path, encoding="utf-8").read(), path)


def derived_text(text, where="the document"):
    """`text` (a JSON document) with every intent in it given its derived addresses."""
    mapping = {}
    for intent in intents(json.loads(text)):
        for old, new in derive(json.dumps(intent)).items():
            if mapping.setdefault(old, new) != new:
                raise SystemExit(f"{where}: {old} would become both {mapping[old]} and {new}")
    for old, new in mapping.items():
        if old != new.lower():
            # The EIP-55 spelling of the old address, as the file writes it.
            for spelled in {text[i:i + 42] for i in range(len(text)) if text[i:i + 42].lower() == old}:
                text = replace(text, spelled, new)
    return text


def main(argv):
    check = argv[:1] == ["--check"]
    stale = []
    for path in argv[1:] if check else argv:
        new = regenerate(path)
        if new != open(path, encoding="utf-8").read():
            stale.append(path)
            if not check:
                open(path, "w", encoding="utf-8").write(new)
    for path in stale:
        print(("stale: " if check else "derived: ") + path)
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

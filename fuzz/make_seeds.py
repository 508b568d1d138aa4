#!/usr/bin/env python3
"""Writes the seed corpora of the byte-input fuzz targets from the repository's own
documents: examples/*.json and the inputs of tests/vectors/*.json.

    python3 fuzz/make_seeds.py        # from the repository root

- fuzz/seeds/parse/ and fuzz/seeds/canonical/: JSON documents of every kind the targets
  read (intents in many spellings, quote requests, gas fee options, execute requests and
  deposit signatures taken from the example scenarios, scenarios, intentctl documents, the
  intent-wallet documents of tests/vectors/wallet.json and the example intent).
- fuzz/seeds/parse/ and fuzz/seeds/canonical/ also get the hostile shapes of issue 10
  (`hostile-*`): many unknown members in descending and shuffled key order, long keys,
  deep and wide unknown values, an error at the bottom of a deep path of long keys, and a
  scenario committing an intent changed at the bottom of such a path.
- fuzz/seeds/signature/: 32-byte digest followed by the signature bytes, from the EIP-712
  vectors (valid, high-s, zero, out-of-range, bad v, bad length, off-curve r), and the
  CCTP vectors' completed burn (its hash, then the message or an attester's signature).

fuzz/seeds/lifecycle/ holds `arbitrary`-encoded inputs, which no document maps to: they
were picked from a fuzzing run (see fuzz/README.md) and are not written here.
"""

import json
import os
import re
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEEDS = os.path.join(ROOT, "fuzz", "seeds")
MAX_BYTES = 64 * 1024

# Canonical-form vectors worth a seed each (by name), beyond the three "as is" examples.
CANONICAL_VECTORS = [
    "intent minified",
    "intent keys sorted, CRLF and tab white space",
    "intent non-ASCII-safe escapes (\\u and \\/ in strings)",
    "addresses in mixed spellings (lower, upper, checksum)",
    "uints as JSON numbers in 1e3 / 1000.0 spellings",
    "decimal spellings: 3401.270000000000000001, 0.0, -0, 0.5e-2, 1.3E-3",
    "timestamps with offsets +05:30 and -08:00",
    "createdAt 9-digit fraction with offset crossing midnight",
    "salt 2^256-1 as 1.15...e77 number",
    "decimal feeTokenUsd = 5e-324",
    "decimal feeTokenUsd = 1.7976931348623157e308",
    "all optional fields null",
    "string with control characters spelled as \\u00XX escapes",
    "unknown member with big integers and float edge cases",
    "unknown member with unicode keys as \\u escapes",
    "unknown top-level keys that sort among known ones (A, é, salt2, Salt)",
    "unknown member nested in originCalls.calls[0], respelled",
    "quoteRequest minified, keys reversed, lowercase addresses, amount as 1.25e20",
    "quoteRequest with every optional field",
    "quoteRequest minimal (no optional fields, no tradeType)",
    "quoteRequest EXACT_OUTPUT with destinationTokenAmount 2^256-1",
    "gasFeeOptions respelled (u64/u8 strings, uint numbers, offset, lowercase)",
]

SIMILAR_SCENARIOS = ["scenario-abort.json", "scenario-expiry.json", "scenario-entrypoint-permit.json"]

EIP712_DOCUMENTS = [
    "example_intent_owner_signs_custom_type_name",
    "example_intent_without_user_nonce",
]


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60]


def write(target, name, data):
    if isinstance(data, str):
        data = data.encode()
    assert len(data) <= MAX_BYTES, (target, name, len(data))
    folder = os.path.join(SEEDS, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def json_seeds():
    seeds = {}
    examples = os.path.join(ROOT, "examples")
    for name in sorted(os.listdir(examples)):
        # Three scenarios differ from the others only in their event times.
        if name.endswith(".json") and name not in SIMILAR_SCENARIOS:
            with open(os.path.join(examples, name), "rb") as f:
                seeds["example-" + name] = f.read()
    # Execute requests and deposit signatures, as the example scenarios send them.
    for name in ["scenario-hash-mode", "scenario", "scenario-permit-only"]:
        with open(os.path.join(examples, name + ".json")) as f:
            scenario = json.load(f)
        for event in scenario["events"]:
            if event["op"] == "execute":
                request = event["request"]
                seeds["execute-request-" + name + ".json"] = json.dumps(request, indent=1)
                if "depositSignature" in request:
                    seeds["deposit-signature-" + name + ".json"] = json.dumps(request["depositSignature"])
    with open(os.path.join(ROOT, "tests", "vectors", "canonical.json")) as f:
        cases = {case["name"]: case for case in json.load(f)["cases"]}
    for name in CANONICAL_VECTORS:
        seeds["vector-" + slug(name) + ".json"] = cases[name]["input"]
    with open(os.path.join(ROOT, "tests", "vectors", "eip712.json")) as f:
        eip712 = {case["name"]: case for case in json.load(f)["cases"]}
    for name in EIP712_DOCUMENTS:
        seeds["vector-" + slug(name) + ".json"] = eip712[name]["input"]
    # The intent-wallet documents: wallet address of two vector cases, and the example
    # intent under the published context for the two intent-address checks.
    with open(os.path.join(ROOT, "tests", "vectors", "wallet.json")) as f:
        wallet = json.load(f)
    for case in [wallet["cases"][0], wallet["cases"][-1]]:
        document = {"owner": case["owner"], "bundles": case["bundles"]}
        if case["context"] is not None:
            document["context"] = {k: v for k, v in case["context"].items() if v is not None}
        seeds["wallet-address-" + slug(case["name"]) + ".json"] = json.dumps(document)
    with open(os.path.join(examples, "intent.json")) as f:
        intent = json.load(f)
    context = {k: v for k, v in wallet["publishedContext"].items() if v is not None}
    seeds["check-intent-addresses.json"] = json.dumps({"intent": intent})
    seeds["check-meta-transactions.json"] = json.dumps({"intent": intent, "context": context})
    return seeds


def intent_with_members(members):
    """examples/intent.json (compact) with `members` ("k":v,...) added first."""
    with open(os.path.join(ROOT, "examples", "intent.json")) as f:
        intent = json.dumps(json.load(f), separators=(",", ":"))
    return "{" + members + "," + intent[1:]


def deep_member(keys, bottom):
    """"x": {keys[0]: {keys[1]: ... bottom}}"""
    opening = "".join("{" + json.dumps(key) + ":" for key in keys)
    return '"x":' + opening + bottom + "}" * len(keys)


def hostile_seeds():
    seeds = {}
    count = 2000
    descending = ",".join(f'"u{i:05}":{i}' for i in reversed(range(count)))
    seeds["hostile-unknown-members-descending.json"] = intent_with_members(descending)
    shuffled = sorted(range(count), key=lambda i: (i * 7919) % count)
    seeds["hostile-unknown-members-shuffled.json"] = intent_with_members(",".join(f'"u{i:05}":[{i}]' for i in shuffled))
    # 63 nested objects (the intent is level 1 of 64) with keys that escape.
    keys = [f"k{level:02}\u0001.\"" + "a" * 300 for level in range(1, 64)]
    seeds["hostile-deep-path-long-keys.json"] = intent_with_members(deep_member(keys, "1"))
    seeds["hostile-deep-path-error.json"] = intent_with_members(deep_member(keys, '"\\ud800"'))
    seeds["hostile-key-4096-bytes.json"] = intent_with_members(json.dumps("\u0001" + "k" * 4095) + ":{}")
    seeds["hostile-deep-arrays.json"] = intent_with_members('"x":' + "[" * 63 + "0" + "]" * 63)
    inner = "[" + ",".join(["1"] * 64) + "]"
    seeds["hostile-wide-value.json"] = intent_with_members('"x":[' + ",".join([inner] * 64) + "]")
    # A scenario whose commit sends the intent changed at the bottom of the deep path.
    with open(os.path.join(ROOT, "examples", "scenario-hash-mode.json")) as f:
        scenario = json.load(f)
    quoted = json.loads(intent_with_members(deep_member(keys[:40], "1")))
    changed = json.loads(intent_with_members(deep_member(keys[:40], "2")))
    scenario["intent"] = quoted
    scenario["events"] = [
        {"at": "2026-11-21T18:30:00Z", "op": "quote"},
        {"at": "2026-11-21T18:30:10Z", "op": "commit", "intent": changed},
        {"at": "2026-11-21T18:30:20Z", "op": "commit"},
    ]
    seeds["hostile-scenario-commit-deep-change.json"] = json.dumps(scenario, separators=(",", ":"))
    return seeds


def signature_seeds():
    with open(os.path.join(ROOT, "tests", "vectors", "eip712.json")) as f:
        cases = json.load(f)["cases"]
    seeds = {}
    for case in cases:
        if case["kind"] == "signature" or case["name"] in ("default_mainnet_usdc", "usdc_mainnet_entrypoint_spender"):
            digest = bytes.fromhex(case["digest"][2:])
            signature = bytes.fromhex(case["signature"][2:])
            seeds[slug(case["kind"] + "-" + case["name"])] = digest + signature
    with open(os.path.join(ROOT, "examples", "recover.json")) as f:
        recover = json.load(f)
    seeds["example-recover"] = bytes.fromhex(recover["digest"][2:]) + bytes.fromhex(recover["signature"][2:])
    # The CCTP vectors' completed burn: its hash then the message (read as a message and a
    # burn body), and its hash then an attester's signature (an attestation of one).
    with open(os.path.join(ROOT, "tests", "vectors", "cctp", "vectors.json")) as f:
        completed = json.load(f)["cases"][1]
    digest = bytes.fromhex(completed["hash"][2:])
    seeds["cctp-completed-message"] = digest + bytes.fromhex(completed["bytes"][2:])
    seeds["cctp-attester-signature"] = digest + bytes.fromhex(completed["signatures"][0][2:])
    return seeds


def main():
    documents = {**json_seeds(), **hostile_seeds()}
    for target, seeds in [("parse", documents), ("canonical", documents), ("signature", signature_seeds())]:
        shutil.rmtree(os.path.join(SEEDS, target), ignore_errors=True)
        for name, data in sorted(seeds.items()):
            write(target, name, data)
        print(f"fuzz/seeds/{target}: {len(seeds)} files")


if __name__ == "__main__":
    main()

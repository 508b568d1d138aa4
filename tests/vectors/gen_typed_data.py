#!/usr/bin/env python3
"""First independent producer of tests/vectors/typed_data.json (docs/spec.md §5.4).

What it is
    The typed-data documents a wallet signs (`eth_signTypedData_v4`), for the deposit
    intent (default and custom entrypoint names), ERC-2612 permits under every subset of
    the five EIP712Domain fields (salt included), DAI-style permits, and the permit of a
    deposit in either gasless mode; zero and maximum values included. Each case holds the
    input of the matching `intentctl` command or library mapping, the document exactly as
    the library must write it (one line), and its digest as eth-account computes it
    (`encode_typed_data(full_message=document)`), checked against the hand-written EIP-712
    encoder of gen_eip712.py. The crate is not used.

    The second producer, tests/vectors/viem/gen_typed_data.mjs, reads the file this script
    writes, hashes every document again with viem's `hashTypedData`, and adds its digest
    and its name; the crate's tests (tests/it/typed_data.rs) want both digests equal to
    the library's.

    Case kinds and their "input":
      intent         the input of `intentctl digest intent` / `typed-data intent`
      permit         the input of `intentctl digest permit` / `typed-data permit` (ERC-2612)
      daiPermit      the same, DAI-style
      depositPermit  {"intent", "depositSignature"} with "mode", "tokenDomain" and "nonce"
                     beside it (rules::deposit_permit_typed_data)

How to run (from the repository root):

    pip install -r tests/vectors/requirements.txt
    python3 tests/vectors/gen_typed_data.py
    (cd tests/vectors/viem && npm ci && npm run generate)

    The first command rewrites tests/vectors/typed_data.json with eth-account's digests;
    the second adds viem's. Both are deterministic.

Dependencies: as gen_eip712.py (eth-account 0.14.0, pycryptodome); the viem version is
pinned in tests/vectors/viem/package-lock.json.
"""

import importlib.metadata
import json
import os
import sys

from eth_account.messages import encode_typed_data
from eth_utils import to_checksum_address

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_eip712 import (  # noqa: E402  (the sibling generator's fixed keys, examples and encoder)
    ADDRS, ARBITRUM_DAI_DOMAIN, DAI_MAINNET, DEADLINE, DEFAULT_NAMES, DOMAIN_FIELDS, FF_ADDR,
    INTENT_FIELDS, U64_MAX, U256_MAX, USDC_MAINNET, ZERO_ADDR, dec, example_intent, example_json,
    fee_option, hand_domain, hand_digest, hand_hash_struct, hx, keccak,
)

PERMIT_FIELDS = [("owner", "address"), ("spender", "address"), ("value", "uint256"),
                 ("nonce", "uint256"), ("deadline", "uint256")]
DAI_PERMIT_FIELDS = [("holder", "address"), ("spender", "address"), ("nonce", "uint256"),
                     ("expiry", "uint256"), ("allowed", "bool")]


def wallet_value(type_, value):
    """A value as the document carries it: uint256 a decimal string, address EIP-55,
    bytes32 lowercase hex, bool and string as they are."""
    if type_ == "uint256":
        v = int(value)
        assert 0 <= v <= U256_MAX
        return str(v)
    if type_ == "address":
        return to_checksum_address(value)
    if type_ == "bytes32":
        b = value if isinstance(value, bytes) else bytes.fromhex(value[2:])
        assert len(b) == 32
        return hx(b)
    if type_ == "bool":
        assert isinstance(value, bool)
        return value
    assert type_ == "string"
    return value


def document(domain: dict, primary: str, fields, message: dict):
    """The document (an ordered dict) and its one-line JSON text."""
    dfields = [(n, t) for n, t in DOMAIN_FIELDS if n in domain]
    doc = {
        "types": {
            "EIP712Domain": [{"name": n, "type": t} for n, t in dfields],
            primary: [{"name": n, "type": t} for n, t in fields],
        },
        "primaryType": primary,
        "domain": {n: wallet_value(t, domain[n]) for n, t in dfields},
        "message": {n: wallet_value(t, message[n]) for n, t in fields},
    }
    return doc, json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


def eth_account_digest(text: str, primary: str, fields) -> str:
    """eth-account's digest of the document text, checked by the hand encoder."""
    doc = json.loads(text)
    signable = encode_typed_data(full_message=doc)
    digest = keccak(b"\x19" + bytes(signable.version) + bytes(signable.header) + bytes(signable.body))
    _dfields, separator = hand_domain(doc["domain"])
    assert bytes(signable.header) == separator
    struct_hash = hand_hash_struct(primary, fields, doc["message"])
    assert digest == hand_digest(separator, struct_hash)
    return hx(digest)


def case(kind, name, input_, domain, primary, fields, message, **extra):
    _doc, text = document(domain, primary, fields, message)
    return dict({"kind": kind, "name": name, "input": input_}, **extra,
                document=text, digests={"ethAccount": eth_account_digest(text, primary, fields)})


# --------------------------------------------------------------------------------------
# deposit intent (docs/spec.md §5.1)
# --------------------------------------------------------------------------------------


def intent_case(name, intent, ds, names=None):
    """names None: the input has no "domain" member (the defaults apply)."""
    used = names or DEFAULT_NAMES
    fee = ds["selectedGasFeeOption"]
    domain = {"name": used["name"], "version": used["version"],
              "chainId": intent["originChainId"],
              "verifyingContract": intent["serviceContracts"]["serviceIntentEntrypointAddress"]}
    message = {
        "user": intent["ownerAddress"], "token": intent["depositTransaction"]["tokenAddress"],
        "amount": intent["depositTransaction"]["amount"],
        "intentAddress": intent["originIntentAddress"], "deadline": ds["deadline"],
        "chainId": intent["originChainId"], "nonce": ds["userNonce"], "feeAmount": fee["amount"],
        "feeCollector": fee["feeCollectorAddress"],
    }
    input_ = {"intent": intent, "depositSignature": ds}
    if names is not None:
        input_["domain"] = names
    return case("intent", name, json.dumps(input_, ensure_ascii=False), domain,
                used["typeName"], INTENT_FIELDS, message)


def intent_cases():
    shipped = example_json("digest-intent.json")
    extremes = example_intent(ADDRS[3])
    extremes["originChainId"] = U64_MAX
    extremes["depositTransaction"]["amount"] = dec(U256_MAX)
    zeros = example_intent(ZERO_ADDR)
    zeros["depositTransaction"]["amount"] = "0"
    return [
        intent_case("example_default_names", shipped["intent"], shipped["depositSignature"],
                    shipped.get("domain")),
        intent_case("example_custom_names", shipped["intent"], shipped["depositSignature"],
                    {"name": "Acme \"Entrypoint\" ✓", "version": "2.0-β",
                     "typeName": "AcmeIntentV2"}),
        intent_case("zero_values", zeros,
                    {"selectedGasFeeOption": fee_option(0, amount="0", feeCollectorAddress=ZERO_ADDR),
                     "deadline": 0, "userNonce": "0"}),
        intent_case("max_values", extremes,
                    {"selectedGasFeeOption": fee_option(0, amount=dec(U256_MAX),
                                                        feeCollectorAddress=FF_ADDR),
                     "deadline": U64_MAX, "userNonce": dec(U256_MAX)},
                    {"name": "DepositEntrypoint", "version": "2", "typeName": "DepositIntent"}),
    ]


# --------------------------------------------------------------------------------------
# permits (docs/spec.md §5.2)
# --------------------------------------------------------------------------------------

FULL_TOKEN_DOMAIN = {"name": "USD Coin", "version": "2", "chainId": "1",
                     "verifyingContract": USDC_MAINNET,
                     "salt": hx((1).to_bytes(32, "big"))}


def permit_case(kind, name, domain, message):
    fields, primary = (PERMIT_FIELDS, "Permit") if kind == "permit" else (DAI_PERMIT_FIELDS, "Permit")
    input_ = {"domain": {n: wallet_value(t, domain[n]) for n, t in DOMAIN_FIELDS if n in domain}}
    input_.update({n: wallet_value(t, message[n]) for n, t in fields})
    return case(kind, name, json.dumps(input_, ensure_ascii=False), domain, primary, fields, message)


def shipped_permit_case(kind, name, file):
    """The example input as shipped (numbers stay numbers), for `typed-data permit FILE`."""
    shipped = example_json(file)
    domain = shipped["domain"]
    message = {k: v for k, v in shipped.items() if k != "domain"}
    fields = PERMIT_FIELDS if kind == "permit" else DAI_PERMIT_FIELDS
    primary = "Permit"
    input_ = shipped
    return case(kind, name, json.dumps(input_, ensure_ascii=False), domain, primary, fields, message)


def permit_cases():
    message = {"owner": ADDRS[5], "spender": ADDRS[6], "value": 125_295_544 * 10**12,
               "nonce": 3, "deadline": DEADLINE}
    c = []
    names = [n for n, _t in DOMAIN_FIELDS]
    for bits in range(32):
        present = [n for i, n in enumerate(names) if bits & (1 << i)]
        domain = {n: FULL_TOKEN_DOMAIN[n] for n in present}
        c.append(permit_case("permit", "domain_" + ("_".join(present) or "empty"), domain, message))
    c.append(shipped_permit_case("permit", "example", "digest-permit.json"))
    c.append(permit_case("permit", "zero_values", {"name": "", "chainId": 0,
                                                    "verifyingContract": ZERO_ADDR,
                                                    "salt": hx(bytes(32))},
                         {"owner": ZERO_ADDR, "spender": ZERO_ADDR, "value": 0, "nonce": 0,
                          "deadline": 0}))
    c.append(permit_case("permit", "max_values", {"name": "Ünïcødé \"token\"\n", "version": "\\",
                                                   "chainId": U256_MAX, "verifyingContract": FF_ADDR,
                                                   "salt": hx(b"\xff" * 32)},
                         {"owner": FF_ADDR, "spender": FF_ADDR, "value": U256_MAX,
                          "nonce": U256_MAX, "deadline": U256_MAX}))
    return c


def dai_permit_cases():
    mainnet = {"name": "Dai Stablecoin", "version": "1", "chainId": 1,
               "verifyingContract": DAI_MAINNET}
    return [
        shipped_permit_case("daiPermit", "example_makerdao_test_permit", "digest-permit-dai.json"),
        permit_case("daiPermit", "mainnet_revoke", mainnet,
                    {"holder": ADDRS[7], "spender": ADDRS[8], "nonce": 12,
                     "expiry": DEADLINE, "allowed": False}),
        permit_case("daiPermit", "zero_values", mainnet,
                    {"holder": ZERO_ADDR, "spender": ZERO_ADDR, "nonce": 0, "expiry": 0,
                     "allowed": False}),
        permit_case("daiPermit", "max_values", mainnet,
                    {"holder": FF_ADDR, "spender": FF_ADDR, "nonce": U256_MAX,
                     "expiry": U256_MAX, "allowed": True}),
    ]


# --------------------------------------------------------------------------------------
# the permit of a deposit (docs/spec.md §5.2, both gasless modes)
# --------------------------------------------------------------------------------------


def deposit_permit_case(name, intent, ds, mode, token_domain, nonce):
    if mode == "entrypoint":
        spender, deadline = intent["serviceContracts"]["serviceIntentEntrypointAddress"], ds["deadline"]
    else:
        spender, deadline = intent["originIntentAddress"], ds["permitDeadline"]
    message = {"owner": intent["ownerAddress"], "spender": spender, "value": ds["permitAmount"],
               "nonce": nonce, "deadline": deadline}
    domain = {n: wallet_value(t, token_domain[n]) for n, t in DOMAIN_FIELDS if n in token_domain}
    return case("depositPermit", name, json.dumps({"intent": intent, "depositSignature": ds}),
                domain, "Permit", PERMIT_FIELDS, message, mode=mode, tokenDomain=domain,
                nonce=dec(nonce))


def deposit_permit_cases():
    intent = example_intent(ADDRS[5])
    covered = dec(int(intent["depositTransaction"]["amount"]) + int(fee_option(0)["amount"]))
    return [
        deposit_permit_case("entrypoint_mode", intent,
                            {"selectedGasFeeOption": fee_option(0), "deadline": DEADLINE,
                             "userNonce": "1", "permitDeadline": DEADLINE, "permitAmount": covered},
                            "entrypoint", ARBITRUM_DAI_DOMAIN, 0),
        deposit_permit_case("permit_only_mode_salt_domain", intent,
                            {"selectedGasFeeOption": fee_option(0), "deadline": DEADLINE,
                             "permitDeadline": DEADLINE + 600, "permitAmount": dec(U256_MAX)},
                            "permitOnly",
                            {"name": "Dai Stablecoin", "version": "2",
                             "verifyingContract": ARBITRUM_DAI_DOMAIN["verifyingContract"],
                             "salt": (42161).to_bytes(32, "big")}, 2**64),
    ]


def main():
    cases = intent_cases() + permit_cases() + dai_permit_cases() + deposit_permit_cases()
    keys = [(c["kind"], c["name"]) for c in cases]
    assert len(keys) == len(set(keys)), "duplicate case names"
    # Within a kind no two cases share a digest. Across kinds one pair does on purpose:
    # examples/digest-permit.json is the entrypoint-mode permit of the example deposit.
    for kind in {c["kind"] for c in cases}:
        digests = [c["digests"]["ethAccount"] for c in cases if c["kind"] == kind]
        assert len(digests) == len(set(digests)), f"two {kind} cases share a digest"
    version = importlib.metadata.version("eth-account")
    doc = {
        "generators": [f"tests/vectors/gen_typed_data.py (eth-account {version}, "
                       "encode_typed_data(full_message=document))"],
        "cases": cases,
    }
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "typed_data.json")
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {out}: {len(cases)} cases", file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generator of the `intentctl run` scenarios in examples/ (docs/spec.md sections 5, 6, 7 and 10).

What it is
    A deterministic producer of the scenario documents examples/scenario*.json and, beside
    each, <name>.expected: the exact lines `intentctl run <name>.json` must print. The
    expected lines are derived here, from docs/spec.md, by a small reference model of the
    lifecycle (docs/spec.md §6) and of the Quote, Commit and Execute rules (docs/spec.md §7) written in
    Python -- never by running the crate. Every scenario event also states the outcome it
    was built to show, and the model must agree with it before anything is written.

    The intent is examples/intent.json re-owned by a fixed key (keccak256("intent-core
    scenario owner")): intent.ownerAddress and intent.quoteRequest.ownerAddress are set to
    its EIP-55 address (the only two fields the consistency rules of docs/spec.md §7 tie to the
    owner); everything else is kept. The gas fee options are examples/gas-fee-options.json
    (the scenario-expiry.json file shortens their expiresAt, to show FEE_OPTIONS_EXPIRED).

    Signatures are made with eth-account, reusing the helpers of gen_eip712.py beside this
    file (typed data built by eth-account and cross-checked by a hand-written encoder;
    signatures RFC 6979 deterministic, low-s, v 27/28):
      - the deposit-intent digest of docs/spec.md §5.1 with the default names ServiceIntent /
        ServiceIntentEntrypoint / 1 (or, for a deployment named otherwise, the names of
        CUSTOM_NAMES below), chainId = originChainId, verifyingContract =
        serviceContracts.serviceIntentEntrypointAddress;
      - ERC-2612 permits (docs/spec.md §5.2) under the token domain {name "Dai Stablecoin",
        version "2", chainId originChainId, verifyingContract the deposit token} with the
        owner's permit nonce PERMIT_NONCE: entrypoint mode spender = the entrypoint,
        deadline = depositSignature.deadline; permit-only mode spender =
        originIntentAddress, deadline = permitDeadline; value = permitAmount.

    Times, from the example intent: createdAt T = 2026-11-21T18:30:00Z, expiresAt and the
    fee options' expiresAt T+300. The happy paths quote at T (expiresAt within the default
    quoteTtl of 300 s), commit before T+300, execute within the execution window (600 s by
    default) and sign with deadline T+600.

Files written (and nothing else)
    examples/scenario.json                     entrypoint mode: quote, commit, execute, succeed
    examples/scenario-hash-mode.json           depositTransactionHash, fail, refund
    examples/scenario-permit-only.json         permit-only mode with tokenPermit, succeed
    examples/scenario-execution.json           hash mode, then the executor's facts and the
                                               cross-chain route's (burn, attestation, mint,
                                               destination): SUCCEEDED
    examples/scenario-execution-refund.json    the same, the bridge call reverts: FAILED, REFUNDED
    examples/scenario-entrypoint-permit.json   entrypoint mode plus a permit, succeed
    examples/scenario-abort.json               abort with a reason, refund
    examples/scenario-rejections.json          one rejected event of each kind, then the
                                               happy execute
    examples/scenario-expiry.json              FEE_OPTIONS_EXPIRED, QUOTE_EXPIRED at the instant
    examples/scenario-expiry-window.json       EXECUTION_WINDOW_EXPIRED, expire, refund
    examples/scenario-custom-entrypoint.json   a policy naming other entrypoint names: a
                                               signature under the defaults is
                                               SIGNER_MISMATCH, one under the policy's names
                                               executes
    examples/scenario-replays.json             commit and execute retried (docs/spec.md §6.3):
                                               replays, even before the last event, and
                                               what is not a replay
    each with its .expected, and two inputs of `intentctl check execute` that pass:
    examples/check-execute.json                signed under the default names, no entrypoint
    examples/check-execute-custom-entrypoint.json
                                               signed under CUSTOM_NAMES, which it names
    (swapping their names makes each SIGNER_MISMATCH; the model checks that here and
    tests/intentctl_check_execute.rs checks the crate does the same)

How to run (from the repository root):

    pip install -r tests/vectors/requirements.txt
    python3 tests/vectors/gen_scenarios.py

Dependencies: Python 3.11, eth-account 0.14.0, pycryptodome (as gen_eip712.py).
"""

import copy
import json
import os
import re
import sys
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import derive_intent_addresses  # noqa: E402  (the intent addresses of the re-owned intent)
import gen_eip712 as g  # noqa: E402  (the EIP-712 helpers: typed data, signing, recovery)
from eth_account import Account  # noqa: E402
from eth_account.messages import encode_typed_data  # noqa: E402
from eth_utils import to_checksum_address  # noqa: E402

EXAMPLES = os.path.normpath(os.path.join(HERE, "..", "..", "examples"))

# --------------------------------------------------------------------------------------
# fixed inputs
# --------------------------------------------------------------------------------------

OWNER_KEY = g.keccak(b"intent-core scenario owner")
OWNER = Account.from_key(OWNER_KEY).address
STRANGER_KEY = g.keccak(b"intent-core scenario stranger")
STRANGER = Account.from_key(STRANGER_KEY).address
OTHER_ROUTER = g.addr_from_seed("intent-core scenario other router")
OTHER_RECIPIENT = g.addr_from_seed("intent-core scenario other recipient")
DEPOSIT_TX_HASH = g.hx(g.keccak(b"intent-core scenario deposit transaction"))
OTHER_INTENT_ID = g.hx(g.keccak(b"intent-core scenario other intent"))

USER_NONCE = "0"
PERMIT_NONCE = "0"
QUOTE_TTL = 300
EXECUTION_WINDOW = 600

# A deployment named otherwise than the defaults (docs/spec.md §5.1). The type name is the one of
# 0xsequence/trails-contracts src/TrailsIntentEntrypoint.sol ("TrailsIntent(address
# user,...)"); the domain name and version are chosen for the example, not read from a
# contract.
CUSTOM_NAMES = {"name": "TrailsIntentEntrypoint", "version": "2", "typeName": "TrailsIntent"}


def load(name):
    with open(os.path.join(EXAMPLES, name), encoding="utf-8") as f:
        return json.load(f)


def parse_ts(text: str) -> int:
    """Whole Unix seconds of an RFC 3339 timestamp (the scenarios use whole seconds)."""
    dt = datetime.fromisoformat(text.replace("z", "Z").replace("Z", "+00:00"))
    assert dt.microsecond == 0 and dt.tzinfo is not None, text
    return int(dt.timestamp())


def ts(seconds: int) -> str:
    return datetime.fromtimestamp(seconds, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


INTENT = load("intent.json")
INTENT["ownerAddress"] = OWNER
INTENT["quoteRequest"]["ownerAddress"] = OWNER
# The re-owned intent's addresses are the wallets of its new owner (docs/spec.md 5.6).
INTENT = json.loads(derive_intent_addresses.derived_text(json.dumps(INTENT)))
GAS_FEE_OPTIONS = load("gas-fee-options.json")

INTENT_ID = INTENT["intentId"]
T = parse_ts(INTENT["createdAt"])
EXPIRES = parse_ts(INTENT["expiresAt"])
assert EXPIRES == T + 300 and parse_ts(GAS_FEE_OPTIONS["expiresAt"]) == T + 300
DEADLINE = T + 600  # signature deadline of the happy paths

DEPOSIT_TOKEN = INTENT["depositTransaction"]["tokenAddress"]
AMOUNT = int(INTENT["depositTransaction"]["amount"])
DAI_OPTION = GAS_FEE_OPTIONS["feeOptions"][0]
USDC_OPTION = GAS_FEE_OPTIONS["feeOptions"][2]
assert DAI_OPTION["tokenAddress"] == DEPOSIT_TOKEN and DAI_OPTION["is2612"] is True
assert USDC_OPTION["tokenAddress"] != DEPOSIT_TOKEN and int(USDC_OPTION["amount"]) > 0
FEE = int(DAI_OPTION["amount"])
COVERED = str(AMOUNT + FEE)  # permitAmount = amount + fee in the same token

TOKEN_DOMAIN = g.norm_domain({"name": "Dai Stablecoin", "version": "2",
                              "chainId": INTENT["originChainId"],
                              "verifyingContract": DEPOSIT_TOKEN})
TOKEN_PERMIT = {"domain": TOKEN_DOMAIN, "nonce": PERMIT_NONCE}

# --------------------------------------------------------------------------------------
# signing (eth-account, through gen_eip712's cross-checked helpers)
# --------------------------------------------------------------------------------------


def mode_of(ds: dict) -> str:
    return "entrypoint" if "intentSignature" in ds else "permitOnly"


def intent_digest(intent: dict, ds: dict, names=g.DEFAULT_NAMES) -> bytes:
    return g.intent_typed(intent, ds, names)[3]


def sign_intent(ds: dict, priv=OWNER_KEY, intent=INTENT, names=g.DEFAULT_NAMES) -> str:
    signable, _dsep, _shash, digest, _dtype = g.intent_typed(intent, ds, names)
    sig, _ = g.sign_and_check(signable, digest, priv, Account.from_key(priv).address)
    return sig


def permit_typed(intent: dict, ds: dict, mode: str, domain: dict, nonce):
    if mode == "entrypoint":
        spender = intent["serviceContracts"]["serviceIntentEntrypointAddress"]
        deadline = ds["deadline"]
    else:
        spender = intent["originIntentAddress"]
        deadline = ds["permitDeadline"]
    owner = to_checksum_address(intent["ownerAddress"])
    message = {"owner": owner, "spender": to_checksum_address(spender),
               "value": g.dec(ds["permitAmount"]), "nonce": g.dec(nonce),
               "deadline": g.dec(deadline)}
    lib_msg = {"owner": owner, "spender": message["spender"], "value": int(message["value"]),
               "nonce": int(nonce), "deadline": int(deadline)}
    return g.typed(g.norm_domain(domain), "Permit", g.PERMIT_FIELDS, message, lib_msg)


def sign_permit(ds: dict, mode: str, priv=OWNER_KEY, intent=INTENT) -> str:
    signable, _dsep, _shash, digest, _dtype = permit_typed(intent, ds, mode, TOKEN_DOMAIN,
                                                           PERMIT_NONCE)
    sig, _ = g.sign_and_check(signable, digest, priv, Account.from_key(priv).address)
    return sig


def high_s(sig_hex: str) -> str:
    """The same signature with s replaced by n - s and v flipped: the same signer for plain
    ECDSA, rejected by EIP-2 (docs/spec.md §5.3)."""
    sig = bytes.fromhex(sig_hex[2:])
    s = int.from_bytes(sig[32:64], "big")
    flipped = sig[:32] + (g.SECP_N - s).to_bytes(32, "big") + bytes([55 - sig[64]])
    assert int.from_bytes(flipped[32:64], "big") > g.HALF_N
    return g.hx(flipped)


def entrypoint_ds(option=DAI_OPTION, deadline=DEADLINE, nonce=USER_NONCE, signer=OWNER_KEY,
                  permit=None, permit_signer=OWNER_KEY, names=g.DEFAULT_NAMES):
    """An entrypoint-mode deposit signature signed by `signer` under the entrypoint
    `names`. `nonce` None leaves out userNonce. `permit` = (permitDeadline, permitAmount)
    adds a permit signed by `permit_signer`; a None member is left out (the permit is then
    incomplete)."""
    ds = {"selectedGasFeeOption": copy.deepcopy(option), "deadline": deadline}
    if nonce is not None:
        ds["userNonce"] = nonce
    if permit is not None:
        permit_deadline, permit_amount = permit
        if permit_deadline is not None:
            ds["permitDeadline"] = permit_deadline
        if permit_amount is not None:
            ds["permitAmount"] = permit_amount
    if nonce is not None:
        ds["intentSignature"] = sign_intent(ds, signer, names=names)
    else:  # without userNonce there is no digest; any well-formed signature will do
        ds["intentSignature"] = sign_intent(dict(ds, userNonce=USER_NONCE), signer, names=names)
    if permit is not None and "permitDeadline" in ds and "permitAmount" in ds:
        ds["permitSignature"] = sign_permit(ds, "entrypoint", permit_signer)
    elif permit is not None:
        ds["permitSignature"] = sign_permit(
            dict(ds, permitDeadline=deadline, permitAmount=COVERED), "entrypoint", permit_signer)
    return order_ds(ds)


def permit_only_ds(permit_deadline=DEADLINE, permit_amount=COVERED, signer=OWNER_KEY,
                   option=DAI_OPTION, deadline=DEADLINE):
    ds = {"selectedGasFeeOption": copy.deepcopy(option), "deadline": deadline,
          "permitDeadline": permit_deadline, "permitAmount": permit_amount}
    ds["permitSignature"] = sign_permit(ds, "permitOnly", signer)
    return order_ds(ds)


DS_ORDER = ["selectedGasFeeOption", "deadline", "intentSignature", "userNonce",
            "permitSignature", "permitDeadline", "permitAmount"]


def order_ds(ds: dict) -> dict:
    assert set(ds) <= set(DS_ORDER), ds
    return {k: ds[k] for k in DS_ORDER if k in ds}


def request(ds=None, tx_hash=None, intent_id=INTENT_ID) -> dict:
    r = {"intentId": intent_id}
    if tx_hash is not None:
        r["depositTransactionHash"] = tx_hash
    if ds is not None:
        r["depositSignature"] = ds
    return r


# --------------------------------------------------------------------------------------
# the reference model: docs/spec.md §6 (lifecycle) and docs/spec.md §7 (Quote, Commit, Execute rules)
# --------------------------------------------------------------------------------------

ADDRESS_RE = re.compile(r"^0x[0-9a-fA-F]{40}$")
TIMESTAMP_KEYS = {"createdAt", "updatedAt", "expiresAt"}
ZERO = g.ZERO_ADDR


def same_meaning(x):
    """A JSON value with the spellings docs/spec.md §4 says do not matter taken out (address case,
    timestamp offsets and fractions; key order is already irrelevant to dict equality).
    Enough for the documents of this file, which only respell in those ways."""
    if isinstance(x, dict):
        return {k: (parse_ts(v) if k in TIMESTAMP_KEYS and isinstance(v, str) else same_meaning(v))
                for k, v in x.items()}
    if isinstance(x, list):
        return [same_meaning(v) for v in x]
    if isinstance(x, str) and ADDRESS_RE.match(x):
        return x.lower()
    return x


def addr(a) -> str:
    return a.lower()


def fee_option_key(o: dict):
    return (addr(o["tokenAddress"]), o["tokenSymbol"], int(o["tokenDecimals"]), int(o["amount"]),
            float(o["amountUsd"]), addr(o["feeCollectorAddress"]), bool(o["is2612"]))


def check_quote_request(q: dict):
    if int(q["originChainId"]) == 0 or int(q["destinationChainId"]) == 0:
        return "INVALID_CHAIN_ID"
    origin, destination = q.get("originTokenAmount"), q.get("destinationTokenAmount")
    trade = q.get("tradeType")
    if trade is None:
        if (origin is None) == (destination is None):
            return "TRADE_TYPE_AMOUNT"
        trade = "EXACT_INPUT" if origin is not None else "EXACT_OUTPUT"
    fixed, other = (origin, destination) if trade == "EXACT_INPUT" else (destination, origin)
    if fixed is None or int(fixed) == 0 or other is not None:
        return "TRADE_TYPE_AMOUNT"
    options = q.get("options") or {}
    if options.get("swapProvider") is not None and q["originChainId"] != q["destinationChainId"]:
        return "SWAP_PROVIDER_CROSS_CHAIN"
    slippage = options.get("slippageTolerance")
    if slippage is not None and not 0 <= slippage < 1:
        return "SLIPPAGE_OUT_OF_RANGE"
    if q.get("destinationCallValue") is not None and q.get("destinationCallData") is None:
        return "CALL_VALUE_WITHOUT_DATA"
    recipient = q.get("destinationToAddress") or q["ownerAddress"]
    if (q["originChainId"] == q["destinationChainId"]
            and addr(q["originTokenAddress"]) == addr(q["destinationTokenAddress"])
            and q.get("destinationCallData") in (None, "0x")
            and addr(recipient) == addr(q["ownerAddress"])):
        return "NOTHING_TO_DO"
    return None


def check_intent(i: dict):
    """docs/spec.md §7: the QuoteRequest rules, then intent consistency."""
    reason = check_quote_request(i["quoteRequest"])
    if reason:
        return reason
    q = i["quoteRequest"]
    o, d = i["originChainId"], i["destinationChainId"]
    consistent = [
        addr(i["ownerAddress"]) == addr(q["ownerAddress"]),
        o == q["originChainId"], d == q["destinationChainId"],
        addr(i["depositTransaction"]["toAddress"]) == addr(i["originIntentAddress"]),
        addr(i["depositTransaction"]["tokenAddress"]) == addr(q["originTokenAddress"]),
        i["originCalls"]["chainId"] == o, i["originPrecondition"]["chainId"] == o,
        i["originMetaTxn"]["chainId"] == o, i["fees"]["originGas"]["chainId"] == o,
        all(i[k]["chainId"] == d for k in ("destinationCalls", "destinationPrecondition",
                                            "destinationMetaTxn") if k in i),
        "destinationGas" not in i["fees"] or i["fees"]["destinationGas"]["chainId"] == d,
        int(i["quote"]["fromAmountMin"]) <= int(i["quote"]["fromAmount"]),
        int(i["quote"]["toAmountMin"]) <= int(i["quote"]["toAmount"]),
        len(i["quote"]["routeProviders"]) == len(i["quote"]["routeProvidersRequestIds"])
        == len(i["quote"]["routeProvidersFeeUsd"]),
        "createdAt" not in i or parse_ts(i["expiresAt"]) > parse_ts(i["createdAt"]),
    ]
    return None if all(consistent) else "INTENT_INCONSISTENT"


def sig_form_ok(sig_hex: str) -> bool:
    """docs/spec.md §5.3 checks that need no digest: 65 bytes, v in {0, 1, 27, 28}, r and s non-zero,
    s not above n/2."""
    sig = bytes.fromhex(sig_hex[2:])
    if len(sig) != 65 or sig[64] not in (0, 1, 27, 28):
        return False
    r, s = int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:64], "big")
    return 0 < r < g.SECP_N and 0 < s <= g.HALF_N


def check_execute(rec, req: dict, facts: dict, now: int):
    """docs/spec.md §7, Execute, in its order. `facts` holds the chain facts of docs/spec.md §6.5
    as an execute event or a `check execute` input states them: "tokenPermit",
    "entrypointNonce", "acceptUnverifiedPermit", "acceptUnverifiedDeposit" (each optional;
    no scenario here states "depositEvidence": the chain-read evidence is tested in
    tests/it/rules_deposit.rs and chain-tests/, against real receipts)."""
    token_permit = facts.get("tokenPermit")
    intent = rec["intent"]
    if req["intentId"] != intent["intentId"]:
        return "INTENT_ID_MISMATCH"
    has_hash, ds = "depositTransactionHash" in req, req.get("depositSignature")
    if not has_hash and ds is None:
        return "DEPOSIT_PROOF_MISSING"
    if has_hash and ds is not None:
        return "DEPOSIT_PROOF_CONFLICT"
    if now >= rec["committedAt"] + rec["window"]:
        return "EXECUTION_WINDOW_EXPIRED"
    if ds is None:
        if facts.get("acceptUnverifiedDeposit") is not True:
            return "DEPOSIT_UNVERIFIED"
        return None
    option = ds["selectedGasFeeOption"]
    offered = [fee_option_key(o) for o in (rec["gasFeeOptions"] or {}).get("feeOptions", [])]
    if fee_option_key(option) not in offered:
        return "FEE_OPTION_NOT_OFFERED"
    if intent["quoteRequest"].get("onlyNativeGasFee") is True and addr(option["tokenAddress"]) != ZERO:
        return "NATIVE_FEE_REQUIRED"
    if now > int(ds["deadline"]):  # valid while floor(now) <= deadline
        return "SIGNATURE_EXPIRED"
    deposit_token = addr(intent["depositTransaction"]["tokenAddress"])
    if deposit_token == ZERO:
        return "GASLESS_NATIVE_DEPOSIT"
    entrypoint = "intentSignature" in ds
    fee = int(option["amount"])
    fee_in_deposit_token = addr(option["tokenAddress"]) == deposit_token
    if entrypoint and fee > 0 and not fee_in_deposit_token:
        return "FEE_TOKEN_MISMATCH"
    if (fee > 0) != (addr(option["feeCollectorAddress"]) != ZERO):
        return "FEE_PARAMETERS"
    if entrypoint and "userNonce" not in ds:
        return "NONCE_REQUIRED"
    if entrypoint and "entrypointNonce" in facts and int(facts["entrypointNonce"]) != int(ds["userNonce"]):
        return "NONCE_MISMATCH"
    permit_members = [k in ds for k in ("permitSignature", "permitDeadline", "permitAmount")]
    if any(permit_members) and not all(permit_members):
        return "PERMIT_INCOMPLETE"
    if not entrypoint and not all(permit_members):
        return "PERMIT_INCOMPLETE"
    permit = all(permit_members)
    if permit:
        if fee_in_deposit_token and not option["is2612"]:
            return "PERMIT_NOT_SUPPORTED"
        if now > int(ds["permitDeadline"]):
            return "PERMIT_EXPIRED"
        if entrypoint and int(ds["permitDeadline"]) != int(ds["deadline"]):
            return "PERMIT_DEADLINE_MISMATCH"
        needed = int(intent["depositTransaction"]["amount"]) + (fee if fee_in_deposit_token else 0)
        if int(ds["permitAmount"]) < needed:
            return "PERMIT_AMOUNT_INSUFFICIENT"
        if token_permit is None and facts.get("acceptUnverifiedPermit") is not True:
            return "PERMIT_UNVERIFIED"
    # INVALID_SIGNATURE for any signature, then SIGNER_MISMATCH
    signers = []
    if entrypoint:
        signer, error = g.spec_recover(intent_digest(intent, ds, rec["names"]),
                                       bytes.fromhex(ds["intentSignature"][2:]))
        if error:
            return "INVALID_SIGNATURE"
        signers.append(signer)
    if permit:
        if not sig_form_ok(ds["permitSignature"]):
            return "INVALID_SIGNATURE"
        if token_permit is not None:
            digest = permit_typed(intent, ds, "entrypoint" if entrypoint else "permitOnly",
                                  token_permit["domain"], token_permit["nonce"])[3]
            signer, error = g.spec_recover(digest, bytes.fromhex(ds["permitSignature"][2:]))
            if error:
                return "INVALID_SIGNATURE"
            signers.append(signer)
    if any(addr(s) != addr(intent["ownerAddress"]) for s in signers):
        return "SIGNER_MISMATCH"
    return None


# (from, event) -> to, docs/spec.md §6; quote has no "from"
TRANSITIONS = {
    ("QUOTED", "commit"): "COMMITTED",
    ("COMMITTED", "execute"): "EXECUTING",
    ("EXECUTING", "fail"): "FAILED",
    ("EXECUTING", "succeed"): "SUCCEEDED",
    ("COMMITTED", "expire"): "ABORTED",
    ("COMMITTED", "abort"): "ABORTED",
    ("FAILED", "refund"): "REFUNDED",
    ("ABORTED", "refund"): "REFUNDED",
}


def is_commit_replay(rec: dict, ev: dict) -> bool:
    """A commit of the quoted intent with its own (or no) service contracts (docs/spec.md §6.3)."""
    intent = rec["intent"]
    sent = ev.get("intent", intent)
    contracts = ev.get("serviceContracts", sent["serviceContracts"])
    return (same_meaning(sent) == same_meaning(intent)
            and same_meaning(contracts) == same_meaning(intent["serviceContracts"]))


# --------------------------------------------------------------------------------------
# execution after the deposit (docs/spec.md §6.6, §6.7): the facts of an EXECUTING record
# --------------------------------------------------------------------------------------

def topic(signature: str) -> str:
    return g.hx(g.keccak(signature.encode()))


CALL_SUCCEEDED = topic("CallSucceeded(bytes32,uint256)")
CALL_FAILED = topic("CallFailed(bytes32,uint256,bytes)")
TRANSFER = topic("Transfer(address,address,uint256)")
MESSAGE_SENT = topic("MessageSent(bytes)")
NO_BURN_REASON = "the origin transaction burned nothing for the destination intent address"


def word(value) -> str:
    """A 32-byte ABI word of an int, or of an address left-padded."""
    if isinstance(value, str):
        return "0x" + value[2:].lower().rjust(64, "0")
    return "0x%064x" % value


def payload_hash(bundle: dict, wallet: str) -> str:
    """The Sequence v3 payload hash of a CallBundle for `wallet` (docs/spec.md 5.6): the EIP-712
    hash of Calls under the domain {"Sequence Wallet", "3", chainId, wallet}, by eth-account."""
    call_type = [
        {"name": "to", "type": "address"}, {"name": "value", "type": "uint256"},
        {"name": "data", "type": "bytes"}, {"name": "gasLimit", "type": "uint256"},
        {"name": "delegateCall", "type": "bool"}, {"name": "onlyFallback", "type": "bool"},
        {"name": "behaviorOnError", "type": "uint256"},
    ]
    calls = [{
        "to": c["to"], "value": int(c.get("value", "0")), "data": c.get("data", "0x"),
        "gasLimit": int(c.get("gasLimit", "0")), "delegateCall": c.get("delegateCall", False),
        "onlyFallback": c.get("onlyFallback", False), "behaviorOnError": c.get("behaviorOnError", 0),
    } for c in bundle["calls"]]
    message = {
        "types": {
            "EIP712Domain": [
                {"name": "name", "type": "string"}, {"name": "version", "type": "string"},
                {"name": "chainId", "type": "uint256"}, {"name": "verifyingContract", "type": "address"},
            ],
            "Calls": [
                {"name": "calls", "type": "Call[]"}, {"name": "space", "type": "uint256"},
                {"name": "nonce", "type": "uint256"}, {"name": "wallets", "type": "address[]"},
            ],
            "Call": call_type,
        },
        "primaryType": "Calls",
        "domain": {"name": "Sequence Wallet", "version": "3", "chainId": bundle["chainId"],
                   "verifyingContract": wallet},
        "message": {"calls": calls, "space": int(bundle.get("space", "0")),
                    "nonce": int(bundle.get("nonce", "0")), "wallets": []},
    }
    signable = encode_typed_data(full_message=message)
    return g.hx(g.keccak(b"\x19" + signable.version + signable.header + signable.body))


def log(address: str, topics, data_words) -> dict:
    return {"address": address, "topics": topics,
            "data": "0x" + "".join(w[2:] for w in data_words)}


def abi_bytes(data: bytes):
    """The words of a dynamic `bytes` after its offset: the length, then the bytes padded."""
    padded = data + b"\0" * (-len(data) % 32)
    return [word(len(data))] + ["0x" + padded[i:i + 32].hex() for i in range(0, len(padded), 32)]


def burn_in(logs, recipient: str):
    """docs/spec.md §6.9: the first message of a log whose topics are exactly MessageSent's
    (any emitter), read from abi.encode(bytes), whose burn body's mintRecipient is `recipient`."""
    for entry in logs:
        if entry["topics"] != [MESSAGE_SENT]:
            continue
        data = bytes.fromhex(entry["data"][2:])
        if len(data) < 64 or int.from_bytes(data[:32], "big") != 32:
            continue
        length = int.from_bytes(data[32:64], "big")
        message = data[64:64 + length]
        if len(data) != 64 + (length + 31) // 32 * 32 or len(message) < 148 + 228:
            continue
        if message[148 + 36:148 + 68] == bytes.fromhex(word(recipient)[2:]):
            return message
    return None


def judge_receipt(rec: dict, evidence: dict):
    """docs/spec.md §6.7's judgement of an origin receipt that passed its checks: the status
    after it and the status reason (None: SUCCEEDED)."""
    intent = rec["intent"]
    receipt = evidence["receipt"]
    wallet = intent["originIntentAddress"].lower()
    if int(receipt["status"], 0) != 1:
        return "FAILED", "origin transaction reverted: the deposit stays at the intent address"
    op_hash = payload_hash(intent["originCalls"], intent["originIntentAddress"])
    events = {}
    for entry in receipt["logs"]:
        if entry["address"].lower() != wallet or not entry["topics"]:
            continue
        data = bytes.fromhex(entry["data"][2:])
        if entry["topics"][0] not in (CALL_SUCCEEDED, CALL_FAILED) or g.hx(data[:32]) != op_hash:
            continue
        index = int.from_bytes(data[32:64], "big")
        if entry["topics"][0] == CALL_SUCCEEDED:
            events[index] = ("succeeded", None)
        else:
            length = int.from_bytes(data[96:128], "big")
            events[index] = ("failed", data[128:128 + length])
    reason = None
    for i, call in enumerate(intent["originCalls"]["calls"]):
        if call.get("onlyFallback") or call.get("delegateCall"):
            continue
        kind, revert = events.get(i, ("missing", None))
        if kind == "succeeded":
            continue
        if kind == "failed":
            if revert[:4] == bytes.fromhex("08c379a0"):
                length = int.from_bytes(revert[36:68], "big")
                text = 'Error("' + revert[68:68 + length].decode() + '")'
            else:
                text = "no revert data" if not revert else "0x" + revert.hex()
            reason = f"origin call {i} failed: {text}"
        else:
            reason = f"origin call {i} did not run"
        break
    if reason is None:
        fee = int(intent["fees"]["serviceFeeTotal"])
        if rec["gasFeeOptions"] is not None and fee > 0:
            collector = rec["gasFeeOptions"]["feeCollectorAddress"].lower()
            paid = sum(int(e["data"], 16) for e in receipt["logs"]
                       if e["address"].lower() == intent["quoteRequest"]["originTokenAddress"].lower()
                       and e["topics"][0] == TRANSFER and e["topics"][1] == word(wallet)
                       and e["topics"][2] == word(collector))
            if paid < fee:
                reason = f"the fee collector received {paid} of the origin token, below the service fee {fee}"
        assert intent["originChainId"] != intent["destinationChainId"], "the recipient rule is not modelled"
    if reason is None:
        # docs/spec.md §6.9: a cross-chain origin transaction must burn for the destination
        # intent address; the record then stays EXECUTING and keeps the burn
        rec["burn"] = burn_in(receipt["logs"], intent["destinationIntentAddress"])
        if rec["burn"] is not None:
            rec["originFollowed"] = None
            return "EXECUTING", None
        reason = NO_BURN_REASON
    token = intent["depositTransaction"]["tokenAddress"].lower()
    refunded = any(e["address"].lower() == token and e["topics"][0] == TRANSFER
                   and e["topics"][1] == word(wallet) and e["topics"][2] == word(intent["ownerAddress"])
                   and int(e["data"], 16) > 0 for e in receipt["logs"])
    return ("REFUNDED" if refunded else "FAILED"), reason


def execution_fact(rec: dict, op: str, ev: dict):
    """A progress report, a balance or an origin receipt on an EXECUTING record (docs/spec.md
    §6.6, §6.7): the reason it is refused with, else None after applying it."""
    intent = rec["intent"]
    if op == "progress":
        t = ev["transaction"]
        if t["type"] == "DEPOSIT":
            rec["depositSucceeded"] = t["status"] == "SUCCEEDED"
        elif t["type"] == "ORIGIN" and t["status"] in ("SENT", "MINING"):
            rec["originFollowed"] = t["txnHash"]
        elif t["type"] in ("ROUTE", "DESTINATION"):
            rec[t["type"]] = t["txnHash"] if t["status"] in ("SENT", "MINING") else t["status"]
        return None
    if op in ("attestation", "routeReceipt", "destinationReceipt") or (op == "balance" and rec.get("burn")):
        return route_fact(rec, op, ev)
    if op == "balance":
        fact = ev["balance"]
        if rec.get("balance") is not None or not rec.get("depositSucceeded") or rec.get("originFollowed"):
            return "FACT_NOT_ASKED"
        deposit = intent["depositTransaction"]
        if (fact["chainId"], fact["token"].lower(), fact["wallet"].lower()) != (
                intent["originChainId"], deposit["tokenAddress"].lower(), intent["originIntentAddress"].lower()):
            return "BALANCE_MISMATCH"
        if int(fact["amount"]) < int(deposit["amount"]):
            return "PRECONDITION_UNMET"
        rec["balance"] = fact
        return None
    assert op == "originReceipt"
    evidence = ev["originReceipt"]
    if not rec.get("originFollowed"):
        return "FACT_NOT_ASKED"
    if evidence["receipt"]["transactionHash"] != rec["originFollowed"]:
        return "ORIGIN_HASH_MISMATCH"
    if int(evidence["chainId"], 0) != intent["originChainId"]:
        return "ORIGIN_WRONG_CHAIN"
    if int(evidence["headBlockNumber"], 0) - int(evidence["receipt"]["blockNumber"], 0) + 1 < 1:
        return "ORIGIN_UNCONFIRMED"
    rec["status"], rec["reason"] = judge_receipt(rec, evidence)
    return None


def followed_receipt(evidence: dict, hash_: str, chain: int):
    """The checks of a route or destination receipt (docs/spec.md §6.9)."""
    if evidence["receipt"]["transactionHash"] != hash_:
        return "RECEIPT_HASH_MISMATCH"
    if int(evidence["chainId"], 0) != chain:
        return "RECEIPT_WRONG_CHAIN"
    if int(evidence["headBlockNumber"], 0) - int(evidence["receipt"]["blockNumber"], 0) + 1 < 1:
        return "RECEIPT_UNCONFIRMED"
    return None


# The bytes an attester completes in a burn message: nonce, finalityThresholdExecuted, and
# in the body feeExecuted and expirationBlock (docs/spec.md 5.8).
COMPLETED_RANGES = [(12, 44), (144, 148), (148 + 164, 148 + 228)]


def route_fact(rec: dict, op: str, ev: dict):
    """An attestation, a route receipt, a destination balance or a destination receipt of a
    cross-chain record (docs/spec.md §6.9): the reason it is refused with, else None."""
    intent = rec["intent"]
    destination = intent["destinationChainId"]
    if op == "attestation":
        fact = ev["attestation"]
        if not rec.get("burn") or rec.get("attestation"):
            return "FACT_NOT_ASKED"
        message = bytes.fromhex(fact["message"][2:])
        sent = rec["burn"]
        same = len(message) == len(sent) and all(
            a == b for i, (a, b) in enumerate(zip(message, sent)) if not any(lo <= i < hi for lo, hi in COMPLETED_RANGES))
        fee_ok = len(message) >= 148 + 196 and message[148 + 164:148 + 196] <= message[148 + 132:148 + 164]
        signatures = len(fact["attestation"]) // 2 - 1
        if not same or not fee_ok or signatures == 0 or signatures % 65:
            return "ATTESTATION_MISMATCH"
        rec["attestation"] = fact
        return None
    if op == "routeReceipt":
        followed = rec.get("ROUTE")
        if not rec.get("attestation") or not (followed or "").startswith("0x"):
            return "FACT_NOT_ASKED"
        evidence = ev["routeReceipt"]
        reason = followed_receipt(evidence, followed, destination)
        if reason is None:
            rec["ROUTE"] = "SUCCEEDED" if int(evidence["receipt"]["status"], 0) == 1 else None
        return reason
    if op == "balance":
        fact, precondition = ev["balance"], intent["destinationPrecondition"]
        if rec.get("destinationBalance") is not None or rec.get("ROUTE") != "SUCCEEDED":
            return "FACT_NOT_ASKED"
        if (fact["chainId"], fact["token"].lower(), fact["wallet"].lower()) != (
                destination, precondition["tokenAddress"].lower(), intent["destinationIntentAddress"].lower()):
            return "BALANCE_MISMATCH"
        if int(fact["amount"]) < int(precondition["minAmount"]):
            return "PRECONDITION_UNMET"
        rec["destinationBalance"] = fact
        return None
    assert op == "destinationReceipt"
    followed = rec.get("DESTINATION")
    if rec.get("destinationBalance") is None or not (followed or "").startswith("0x"):
        return "FACT_NOT_ASKED"
    evidence = ev["destinationReceipt"]
    reason = followed_receipt(evidence, followed, destination)
    if reason is None:
        rec["status"] = "SUCCEEDED" if destination_succeeded(intent, evidence["receipt"]) else "FAILED"
    return reason


def destination_succeeded(intent: dict, receipt: dict) -> bool:
    """docs/spec.md §6.9's judgement of a destination receipt, for its outcome only: status 1,
    every main destination call's CallSucceeded at the destination intent address, and the
    recipient's Transfers of the destination token at least toAmountMin."""
    if int(receipt["status"], 0) != 1:
        return False
    wallet = intent["destinationIntentAddress"]
    op_hash = payload_hash(intent["destinationCalls"], wallet)
    succeeded = {int.from_bytes(bytes.fromhex(e["data"][2:])[32:64], "big") for e in receipt["logs"]
                 if e["address"].lower() == wallet.lower() and e["topics"] == [CALL_SUCCEEDED]
                 and e["data"][2:66] == op_hash[2:]}
    calls = intent["destinationCalls"]["calls"]
    if any(not c.get("onlyFallback") and i not in succeeded for i, c in enumerate(calls)):
        return False
    request = intent["quoteRequest"]
    recipient = (request.get("destinationToAddress") or intent["ownerAddress"]).lower()
    received = sum(int(e["data"], 16) for e in receipt["logs"]
                   if e["address"].lower() == request["destinationTokenAddress"].lower()
                   and e["topics"][0] == TRANSFER and e["topics"][2] == word(recipient))
    return received >= int(intent["quote"]["toAmountMin"])


EXECUTION_FACTS = ("progress", "balance", "originReceipt", "attestation", "routeReceipt", "destinationReceipt")


def run_model(scenario: dict):
    """The lines `intentctl run` prints for `scenario`, by docs/spec.md §6, 7 and 10. The lifetimes
    come from "policy" or the older "limits" (never both), the entrypoint names from
    policy.entrypoint."""
    assert not ("policy" in scenario and "limits" in scenario)
    policy = scenario.get("policy") or scenario.get("limits") or {}
    ttl = policy.get("quoteTtlSeconds", QUOTE_TTL)
    window = policy.get("executionWindowSeconds", EXECUTION_WINDOW)
    names = policy.get("entrypoint") or g.DEFAULT_NAMES
    rec = None
    lines = []
    for ev in scenario["events"]:
        op, now = ev["op"], parse_ts(ev["at"])
        reason, intent_id, replay = None, None, False
        if rec is None:
            if op != "quote":
                reason = "INVALID_TRANSITION"
            else:
                intent = scenario["intent"]
                expires = parse_ts(intent["expiresAt"])
                reason = check_intent(intent)
                if reason is None and intent["status"] != "QUOTED":
                    reason = "WRONG_STATUS"
                if reason is None and not now < expires <= now + ttl:
                    reason = "QUOTE_LIFETIME"
                if reason is None:
                    rec = {"status": "QUOTED", "intent": intent, "last": now,
                           "gasFeeOptions": scenario.get("gasFeeOptions"), "window": window,
                           "committedAt": None, "names": names, "executeRequest": None}
        # docs/spec.md §6.3: a replay is recognised before the clock and changes nothing
        elif op == "commit" and rec["status"] != "QUOTED" and is_commit_replay(rec, ev):
            replay, intent_id = True, rec["intent"]["intentId"]
        elif (op == "execute" and rec["executeRequest"] is not None
              and same_meaning(ev["request"]) == same_meaning(rec["executeRequest"])):
            replay = True
        elif now < rec["last"]:
            reason = "CLOCK_WENT_BACKWARDS"
        elif op in EXECUTION_FACTS:
            reason = "INVALID_TRANSITION" if rec["status"] != "EXECUTING" else execution_fact(rec, op, ev)
            if reason is None:
                rec["last"] = now
        elif (rec["status"], op) not in TRANSITIONS:
            reason = "INVALID_TRANSITION"
        else:
            intent = rec["intent"]
            if op == "commit":
                sent = ev.get("intent", intent)
                contracts = ev.get("serviceContracts", sent["serviceContracts"])
                gfo = rec["gasFeeOptions"]
                if same_meaning(sent) != same_meaning(intent):
                    reason = "INTENT_MODIFIED"
                elif now >= parse_ts(intent["expiresAt"]):
                    reason = "QUOTE_EXPIRED"
                elif gfo is not None and now >= parse_ts(gfo["expiresAt"]):
                    reason = "FEE_OPTIONS_EXPIRED"
                elif same_meaning(contracts) != same_meaning(intent["serviceContracts"]):
                    reason = "SERVICE_CONTRACTS_MISMATCH"
                else:
                    rec["committedAt"] = now
                    intent_id = intent["intentId"]
            elif op == "execute":
                reason = check_execute(rec, ev["request"], ev, now)
                if reason is None:
                    rec["executeRequest"] = ev["request"]
            elif op in ("fail", "abort"):
                if not ev.get("reason"):
                    reason = "STATUS_REASON_REQUIRED"
            elif op == "expire":
                if now < rec["committedAt"] + rec["window"]:
                    reason = "WINDOW_STILL_OPEN"
            if reason is None:
                rec["status"] = TRANSITIONS[(rec["status"], op)]
                rec["last"] = now
        line = {"op": op, "ok": reason is None}
        if replay:
            line["replay"] = True
        if reason is not None:
            line["reason"] = reason
        line["status"] = rec["status"] if rec else None
        if intent_id is not None:
            line["intentId"] = intent_id
        lines.append(json.dumps(line, separators=(",", ":")))
    return lines


# --------------------------------------------------------------------------------------
# the scenarios
# --------------------------------------------------------------------------------------


def ev(at: int, op: str, expect: str, **members) -> dict:
    """An event at T-relative second `at`; `expect` is the outcome it is built to show
    ("ok" or a reason code), checked against the model, not written."""
    e = {"at": ts(T + at), "op": op}
    e.update(members)
    e["_expect"] = expect
    return e


def scenario(events, gas_fee_options=GAS_FEE_OPTIONS, limits=None, intent=INTENT, policy=None):
    doc = {}
    if limits is not None:
        doc["limits"] = limits
    if policy is not None:
        doc["policy"] = policy
    doc["intent"] = intent
    if gas_fee_options is not None:
        doc["gasFeeOptions"] = gas_fee_options
    doc["events"] = events
    return doc


HAPPY = request(entrypoint_ds())


def main_scenario():
    return scenario([
        ev(0, "quote", "ok"),
        ev(60, "commit", "ok"),
        ev(120, "execute", "ok", request=HAPPY),
        ev(240, "succeed", "ok"),
    ])


def hash_mode_scenario():
    return scenario([
        ev(0, "quote", "ok"),
        ev(60, "commit", "ok"),
        ev(120, "execute", "ok", request=request(tx_hash=DEPOSIT_TX_HASH),
           acceptUnverifiedDeposit=True),
        ev(300, "fail", "ok", reason="bridge reverted"),
        ev(900, "refund", "ok"),
    ])


ORIGIN_TX_HASH = g.hx(g.keccak(b"intent-core scenario origin transaction"))
EXECUTION_BLOCK = 1000


def execution_events(logs):
    """Quote to the origin receipt through the executor's facts (docs/spec.md §6.6, §6.7): a
    hash-mode execute, the relayer's report of the deposit SUCCEEDED, the balance that meets
    the precondition, the origin transaction SENT, and its receipt with `logs`."""
    deposit = INTENT["depositTransaction"]
    chain = INTENT["originChainId"]
    return [
        ev(0, "quote", "ok"),
        ev(60, "commit", "ok"),
        ev(120, "execute", "ok", request=request(tx_hash=DEPOSIT_TX_HASH), acceptUnverifiedDeposit=True),
        ev(130, "progress", "ok", transaction={
            "type": "DEPOSIT", "chainId": chain, "status": "SUCCEEDED", "txnHash": DEPOSIT_TX_HASH}),
        ev(131, "balance", "ok", balance={
            "chainId": chain, "token": deposit["tokenAddress"], "wallet": INTENT["originIntentAddress"],
            "blockNumber": EXECUTION_BLOCK, "amount": deposit["amount"]}),
        ev(132, "progress", "ok", transaction={
            "type": "ORIGIN", "chainId": chain, "status": "SENT", "txnHash": ORIGIN_TX_HASH}),
        ev(140, "originReceipt", "ok", originReceipt={
            "chainId": hex(chain), "headBlockNumber": hex(EXECUTION_BLOCK + 1),
            "receipt": {"transactionHash": ORIGIN_TX_HASH, "blockNumber": hex(EXECUTION_BLOCK + 1),
                        "status": "0x1", "logs": logs}}),
    ]


def call_event(index: int, revert=None) -> dict:
    """The wallet's event of origin call `index`: CallSucceeded, or CallFailed with `revert`."""
    op_hash = payload_hash(INTENT["originCalls"], INTENT["originIntentAddress"])
    if revert is None:
        return log(INTENT["originIntentAddress"], [CALL_SUCCEEDED], [op_hash, word(index)])
    return log(INTENT["originIntentAddress"], [CALL_FAILED], [op_hash, word(index), word(96)] + abi_bytes(revert))


def transfer_log(token: str, source: str, to: str, amount: int) -> dict:
    return log(token, [TRANSFER, word(source), word(to)], [word(amount)])


ROUTE_TX_HASH = g.hx(g.keccak(b"intent-core scenario route transaction"))
DESTINATION_TX_HASH = g.hx(g.keccak(b"intent-core scenario destination transaction"))
ORIGIN_TRANSMITTER = g.addr_from_seed("intent-core scenario origin transmitter")
MAX_FEE, FEE_EXECUTED = 1000, 500


def burn_message(intent: dict) -> bytes:
    """The CCTP V2 burn message (docs/spec.md 5.8) of the origin transaction: version 1,
    domains 3 → 6, nonce, finality executed, fee executed and expiration zero, the burn of
    destinationPrecondition.minAmount + MAX_FEE for the destination intent address."""
    def w(value) -> bytes:
        return bytes.fromhex(word(value)[2:])
    amount = int(intent["destinationPrecondition"]["minAmount"]) + MAX_FEE
    header = ((1).to_bytes(4, "big") + (3).to_bytes(4, "big") + (6).to_bytes(4, "big") + bytes(32)
              + w(g.addr_from_seed("intent-core scenario origin messenger"))
              + w(g.addr_from_seed("intent-core scenario destination messenger"))
              + bytes(32) + (2000).to_bytes(4, "big") + bytes(4))
    body = ((1).to_bytes(4, "big") + w(intent["quoteRequest"]["originTokenAddress"])
            + w(intent["destinationIntentAddress"]) + w(amount) + w(intent["originIntentAddress"])
            + w(MAX_FEE) + bytes(32) + bytes(32))
    return header + body


def attested(message: bytes) -> bytes:
    """`message` as the attester completes it: a nonce, finality 2000, FEE_EXECUTED."""
    out = bytearray(message)
    out[12:44] = g.keccak(b"intent-core scenario nonce")
    out[144:148] = (2000).to_bytes(4, "big")
    out[148 + 164:148 + 196] = FEE_EXECUTED.to_bytes(32, "big")
    return bytes(out)


def route_events():
    """After the burn (docs/spec.md §6.9): the attestation, the mint SENT and its receipt, the
    destination balance, the destination transaction SENT and its receipt: SUCCEEDED."""
    chain = INTENT["destinationChainId"]
    wallet = INTENT["destinationIntentAddress"]
    precondition = INTENT["destinationPrecondition"]
    message = burn_message(INTENT)
    op_hash = payload_hash(INTENT["destinationCalls"], wallet)
    recipient = INTENT["quoteRequest"]["destinationToAddress"]
    token = INTENT["quoteRequest"]["destinationTokenAddress"]
    delivered = [log(wallet, [CALL_SUCCEEDED], [op_hash, word(0)]),
                 transfer_log(token, wallet, recipient, int(INTENT["quote"]["toAmountMin"]))]

    def receipt(tx_hash, logs):
        return {"chainId": hex(chain), "headBlockNumber": hex(EXECUTION_BLOCK),
                "receipt": {"transactionHash": tx_hash, "blockNumber": hex(EXECUTION_BLOCK),
                            "status": "0x1", "logs": logs}}
    return [
        ev(150, "attestation", "ok", attestation={
            "message": "0x" + attested(message).hex(), "attestation": "0x" + "1b" * 65}),
        ev(151, "progress", "ok", transaction={
            "type": "ROUTE", "chainId": chain, "status": "SENT", "txnHash": ROUTE_TX_HASH}),
        ev(160, "routeReceipt", "ok", routeReceipt=receipt(ROUTE_TX_HASH, [])),
        ev(161, "balance", "ok", balance={
            "chainId": chain, "token": precondition["tokenAddress"], "wallet": wallet,
            "blockNumber": EXECUTION_BLOCK, "amount": str(int(precondition["minAmount"]) + MAX_FEE - FEE_EXECUTED)}),
        ev(162, "progress", "ok", transaction={
            "type": "DESTINATION", "chainId": chain, "status": "SENT", "txnHash": DESTINATION_TX_HASH}),
        ev(170, "destinationReceipt", "ok", destinationReceipt=receipt(DESTINATION_TX_HASH, delivered)),
    ]


def execution_scenario():
    """SUCCEEDED across chains: every origin call's CallSucceeded, the service fee's Transfer
    to the fee collector and the CCTP burn for the destination intent address (the record
    stays EXECUTING), then the route's facts (docs/spec.md §6.9) up to the destination
    receipt."""
    wallet, token = INTENT["originIntentAddress"], INTENT["quoteRequest"]["originTokenAddress"]
    fee = int(INTENT["fees"]["serviceFeeTotal"])
    logs = [transfer_log(token, wallet, GAS_FEE_OPTIONS["feeCollectorAddress"], fee)]
    logs += [call_event(i) for i in range(len(INTENT["originCalls"]["calls"]))]
    logs += [log(ORIGIN_TRANSMITTER, [MESSAGE_SENT], [word(32)] + abi_bytes(burn_message(INTENT)))]
    doc = scenario(execution_events(logs) + route_events())
    doc["events"][len(execution_events(logs)) - 1]["_expect"] = "ok"
    return doc


def execution_refund_scenario():
    """FAILED, then REFUNDED by the same receipt: the bridge call (1) reverts with an
    Error(string) and the deposit token goes back to the owner in the same transaction."""
    wallet = INTENT["originIntentAddress"]
    deposit = INTENT["depositTransaction"]
    # Error("bridge paused"): the selector, then the string's offset, length and bytes.
    error = bytes.fromhex("08c379a0" + "".join(w[2:] for w in [word(32)] + abi_bytes(b"bridge paused")))
    logs = [call_event(0), call_event(1, error),
            transfer_log(deposit["tokenAddress"], wallet, INTENT["ownerAddress"], int(deposit["amount"]))]
    return scenario(execution_events(logs))


def permit_only_scenario():
    return scenario([
        ev(0, "quote", "ok"),
        ev(60, "commit", "ok"),
        ev(120, "execute", "ok", request=request(permit_only_ds()), tokenPermit=TOKEN_PERMIT),
        ev(240, "succeed", "ok"),
    ])


def entrypoint_permit_scenario():
    return scenario([
        ev(0, "quote", "ok"),
        ev(60, "commit", "ok"),
        ev(120, "execute", "ok", request=request(entrypoint_ds(permit=(DEADLINE, COVERED))),
           tokenPermit=TOKEN_PERMIT),
        ev(240, "succeed", "ok"),
    ])


def abort_scenario():
    return scenario([
        ev(0, "quote", "ok"),
        ev(60, "commit", "ok"),
        ev(90, "abort", "ok", reason="cancelled by the owner"),
        ev(600, "refund", "ok"),
    ])


def replays_scenario():
    # a client retries after time-outs: the same commit and the same execute succeed again,
    # as replays, whenever they arrive (even before the last event); anything else is not one
    other_contracts = dict(INTENT["serviceContracts"], serviceRouterAddress=OTHER_ROUTER)
    return scenario([
        ev(0, "quote", "ok"),
        ev(60, "commit", "ok"),
        ev(61, "commit", "replay", intent=respelled(INTENT)),
        ev(30, "commit", "replay"),
        ev(62, "commit", "INVALID_TRANSITION", serviceContracts=other_contracts),
        ev(120, "execute", "ok", request=HAPPY),
        ev(121, "execute", "replay", request=HAPPY),
        ev(90, "execute", "replay", request=HAPPY),
        ev(122, "execute", "INVALID_TRANSITION", request=request(tx_hash=DEPOSIT_TX_HASH),
           acceptUnverifiedDeposit=True),
        ev(100, "execute", "CLOCK_WENT_BACKWARDS", request=request(tx_hash=DEPOSIT_TX_HASH),
           acceptUnverifiedDeposit=True),
        ev(240, "succeed", "ok"),
        ev(3600, "execute", "replay", request=HAPPY),
        ev(3600, "commit", "replay"),
    ])


def respelled(intent: dict) -> dict:
    """The same intent spelled differently (docs/spec.md §4): addresses all lowercase, timestamps
    with an offset or a zero fraction, members in reverse order."""
    def lower(x):
        if isinstance(x, dict):
            return {k: lower(v) for k, v in reversed(list(x.items()))}
        if isinstance(x, list):
            return [lower(v) for v in x]
        if isinstance(x, str) and ADDRESS_RE.match(x):
            return x.lower()
        return x
    out = lower(intent)
    out["expiresAt"] = datetime.fromtimestamp(EXPIRES, tz=timezone.utc).astimezone(
        timezone(timedelta(hours=1))).isoformat()
    out["createdAt"] = ts(T).replace("Z", ".000Z")
    assert out != intent and same_meaning(out) == same_meaning(intent)
    return out


def rejections_scenario():
    modified = copy.deepcopy(INTENT)
    modified["quoteRequest"]["destinationToAddress"] = OTHER_RECIPIENT
    other_contracts = dict(INTENT["serviceContracts"], serviceRouterAddress=OTHER_ROUTER)
    not_offered = dict(DAI_OPTION, amount=str(FEE - 1))
    return scenario([
        # before any quote there is no record: every event but a quote is refused
        ev(-60, "commit", "INVALID_TRANSITION"),
        # one second before createdAt the intent would live 301 s > quoteTtl
        ev(-1, "quote", "QUOTE_LIFETIME"),
        ev(0, "quote", "ok"),
        ev(10, "quote", "INVALID_TRANSITION"),
        ev(20, "commit", "INTENT_MODIFIED", intent=modified),
        ev(20, "commit", "SERVICE_CONTRACTS_MISMATCH", serviceContracts=other_contracts),
        # the quoted intent, respelled only: the same canonical hash
        ev(60, "commit", "ok", intent=respelled(INTENT)),
        # a valid request, but earlier than the commit
        ev(30, "execute", "CLOCK_WENT_BACKWARDS", request=HAPPY),
        ev(70, "execute", "INTENT_ID_MISMATCH", request=dict(HAPPY, intentId=OTHER_INTENT_ID)),
        ev(75, "execute", "DEPOSIT_PROOF_MISSING", request=request()),
        ev(80, "execute", "DEPOSIT_PROOF_CONFLICT",
           request=request(entrypoint_ds(), tx_hash=DEPOSIT_TX_HASH)),
        ev(85, "execute", "INVALID_SIGNATURE",
           request=request(dict(entrypoint_ds(), intentSignature=high_s(entrypoint_ds()["intentSignature"])))),
        ev(90, "execute", "SIGNER_MISMATCH", request=request(entrypoint_ds(signer=STRANGER_KEY))),
        ev(95, "execute", "SIGNATURE_EXPIRED", request=request(entrypoint_ds(deadline=T + 94))),
        ev(100, "execute", "FEE_OPTION_NOT_OFFERED", request=request(entrypoint_ds(option=not_offered))),
        # an offered option, but in entrypoint mode the fee is paid in the deposit token
        ev(105, "execute", "FEE_TOKEN_MISMATCH", request=request(entrypoint_ds(option=USDC_OPTION))),
        ev(110, "execute", "NONCE_REQUIRED", request=request(entrypoint_ds(nonce=None))),
        # the owner's nonce at the entrypoint (a chain fact) has moved on: the signature is stale
        ev(112, "execute", "NONCE_MISMATCH", request=HAPPY, entrypointNonce=str(int(USER_NONCE) + 1)),
        ev(115, "execute", "PERMIT_INCOMPLETE", request=request(entrypoint_ds(permit=(DEADLINE, None))),
           tokenPermit=TOKEN_PERMIT),
        ev(120, "execute", "PERMIT_EXPIRED", request=request(permit_only_ds(permit_deadline=T + 119)),
           tokenPermit=TOKEN_PERMIT),
        ev(125, "execute", "PERMIT_DEADLINE_MISMATCH",
           request=request(entrypoint_ds(permit=(DEADLINE + 60, COVERED))), tokenPermit=TOKEN_PERMIT),
        # the amount alone does not cover the fee paid in the same token
        ev(130, "execute", "PERMIT_AMOUNT_INSUFFICIENT",
           request=request(entrypoint_ds(permit=(DEADLINE, str(AMOUNT)))), tokenPermit=TOKEN_PERMIT),
        # a stranger's permit beside the owner's intent signature, then a stranger's permit alone
        ev(133, "execute", "SIGNER_MISMATCH",
           request=request(entrypoint_ds(permit=(DEADLINE, COVERED), permit_signer=STRANGER_KEY)),
           tokenPermit=TOKEN_PERMIT),
        ev(135, "execute", "SIGNER_MISMATCH", request=request(permit_only_ds(signer=STRANGER_KEY)),
           tokenPermit=TOKEN_PERMIT),
        # the same stranger's permit without the token's permit facts: never accepted unverified
        ev(136, "execute", "PERMIT_UNVERIFIED", request=request(permit_only_ds(signer=STRANGER_KEY))),
        # accepted unverified, a permit signature is still checked for form
        ev(137, "execute", "INVALID_SIGNATURE",
           request=request(dict(permit_only_ds(), permitSignature=high_s(permit_only_ds()["permitSignature"]))),
           acceptUnverifiedPermit=True),
        ev(140, "expire", "WINDOW_STILL_OPEN"),
        ev(145, "abort", "STATUS_REASON_REQUIRED", reason=""),
        ev(180, "execute", "ok", request=HAPPY),
        ev(200, "fail", "STATUS_REASON_REQUIRED", reason=""),
        ev(240, "succeed", "ok"),
        # SUCCEEDED is final
        ev(250, "refund", "INVALID_TRANSITION"),
    ])


def expiry_scenario():
    # the fee options expire 120 s after the quote, the quote itself at T+300
    options = dict(GAS_FEE_OPTIONS, expiresAt=ts(T + 120))
    return scenario([
        ev(0, "quote", "ok"),
        ev(120, "commit", "FEE_OPTIONS_EXPIRED"),
        # the expiry instant is already expired; QUOTE_EXPIRED is checked first
        ev(300, "commit", "QUOTE_EXPIRED"),
        ev(301, "execute", "INVALID_TRANSITION", request=HAPPY),
    ], gas_fee_options=options)


def expiry_window_scenario():
    # an execution window of 120 s: committed at T+60, it closes at T+180
    return scenario([
        ev(0, "quote", "ok"),
        ev(60, "commit", "ok"),
        ev(180, "execute", "EXECUTION_WINDOW_EXPIRED", request=request(tx_hash=DEPOSIT_TX_HASH),
           acceptUnverifiedDeposit=True),
        ev(179, "expire", "WINDOW_STILL_OPEN"),
        ev(180, "expire", "ok"),
        ev(180, "execute", "INVALID_TRANSITION", request=request(tx_hash=DEPOSIT_TX_HASH),
           acceptUnverifiedDeposit=True),
        ev(3600, "refund", "ok"),
    ], limits={"quoteTtlSeconds": QUOTE_TTL, "executionWindowSeconds": 120})


def custom_entrypoint_scenario():
    # the entrypoint is deployed with CUSTOM_NAMES; the policy says so, with the lifetimes
    custom = request(entrypoint_ds(names=CUSTOM_NAMES))
    return scenario([
        ev(0, "quote", "ok"),
        ev(60, "commit", "ok"),
        # signed under the default names: another digest, so another signer
        ev(90, "execute", "SIGNER_MISMATCH", request=HAPPY),
        ev(120, "execute", "ok", request=custom),
        ev(240, "succeed", "ok"),
    ], policy={"quoteTtlSeconds": QUOTE_TTL, "executionWindowSeconds": EXECUTION_WINDOW,
               "entrypoint": CUSTOM_NAMES})


SCENARIOS = {
    "scenario": main_scenario,
    "scenario-hash-mode": hash_mode_scenario,
    "scenario-permit-only": permit_only_scenario,
    "scenario-entrypoint-permit": entrypoint_permit_scenario,
    "scenario-abort": abort_scenario,
    "scenario-rejections": rejections_scenario,
    "scenario-expiry": expiry_scenario,
    "scenario-expiry-window": expiry_window_scenario,
    "scenario-custom-entrypoint": custom_entrypoint_scenario,
    "scenario-replays": replays_scenario,
    "scenario-execution": execution_scenario,
    "scenario-execution-refund": execution_refund_scenario,
}


def check_execute_input(names):
    """An input of `intentctl check execute`: the happy entrypoint-mode request signed
    under `names` (None: the defaults, and no "entrypoint" member), committed at T+60 and
    checked at T+120."""
    doc = {"intent": INTENT, "gasFeeOptions": GAS_FEE_OPTIONS,
           "request": request(entrypoint_ds(names=names or g.DEFAULT_NAMES)),
           "now": ts(T + 120), "committedAt": ts(T + 60)}
    if names is not None:
        doc["entrypoint"] = names
    return doc


def check_execute_model(doc: dict):
    """The reason `check execute` gives for `doc` (None when it passes), by docs/spec.md §7."""
    rec = {"intent": doc["intent"], "gasFeeOptions": doc["gasFeeOptions"],
           "committedAt": parse_ts(doc["committedAt"]), "window": EXECUTION_WINDOW,
           "names": doc.get("entrypoint") or g.DEFAULT_NAMES}
    return check_execute(rec, doc["request"], doc, parse_ts(doc["now"]))


CHECK_EXECUTE = {
    "check-execute": None,
    "check-execute-custom-entrypoint": CUSTOM_NAMES,
}


def main():
    for name, build in SCENARIOS.items():
        doc = build()
        expects = [e.pop("_expect") for e in doc["events"]]
        lines = run_model(doc)
        for e, expect, line in zip(doc["events"], expects, lines):
            got = json.loads(line)
            shown = "replay" if got.get("replay") else "ok" if got["ok"] else got["reason"]
            assert shown == expect, (name, e["op"], e["at"], expect, line)
        assert len(doc["events"]) <= 64  # docs/spec.md §9: arrays other than calls
        text = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
        assert len(text.encode()) <= 1 << 20  # docs/spec.md §9: document size
        with open(os.path.join(EXAMPLES, name + ".json"), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        with open(os.path.join(EXAMPLES, name + ".expected"), "w", encoding="utf-8", newline="\n") as f:
            f.write("".join(line + "\n" for line in lines))
        print(f"wrote examples/{name}.json and .expected: {len(lines)} events", file=sys.stderr)
    inputs = {name: check_execute_input(names) for name, names in CHECK_EXECUTE.items()}
    default, custom = inputs["check-execute"], inputs["check-execute-custom-entrypoint"]
    assert check_execute_model(default) is None and check_execute_model(custom) is None
    # the names decide: each request is SIGNER_MISMATCH under the other's names
    assert check_execute_model(dict(default, entrypoint=CUSTOM_NAMES)) == "SIGNER_MISMATCH"
    assert check_execute_model({k: v for k, v in custom.items() if k != "entrypoint"}) == "SIGNER_MISMATCH"
    for name, doc in inputs.items():
        with open(os.path.join(EXAMPLES, name + ".json"), "w", encoding="utf-8", newline="\n") as f:
            f.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
        print(f"wrote examples/{name}.json", file=sys.stderr)


if __name__ == "__main__":
    main()

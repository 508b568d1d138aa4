#!/usr/bin/env python3
"""Independent generator of EIP-712 test vectors for intent-core (docs/spec.md section 5).

What it is
    A deterministic producer of EIP-712 digests, domain separators, struct hashes,
    signatures and recovered signers, computed with the Python package eth-account
    (not with the Rust crate), written to tests/vectors/eip712.json for the crate's
    tests to read. Case kinds:

      intent     docs/spec.md §5.1 deposit-intent digest (default and custom type/domain names)
      permit     docs/spec.md §5.2 ERC-2612 permit under any subset of the EIP712Domain fields
      daiPermit  docs/spec.md §5.2 DAI-style permit (holder, spender, nonce, expiry, allowed)
      mail       the EIP-712 specification's own "Mail" example
      signature  docs/spec.md §5.3 signer-recovery edge cases (v forms, high-s, zero/oversized
                 r and s, bad lengths, r off the curve)
      intentDocument  docs/spec.md §5.1 end to end: examples/intent.json plus a deposit signature
                 (and optional custom names) as the exact JSON input of
                 `intentctl digest intent`; message fields read from the JSON
      intentPermit    docs/spec.md §5.2 end to end: the permit of a deposit built from
                 examples/intent.json in entrypoint or permit-only mode

    Every digest is computed twice: once by eth-account
    (eth_account.messages.encode_typed_data(full_message=...)) and once by a small
    hand-written encoder in this file (type strings and 32-byte words hashed with
    pycryptodome's keccak); the two must agree. Every signature is made by
    Account.sign_message and checked against Account.unsafe_sign_hash, and every
    signer is recovered with Account._recover_hash / Account.recover_message and,
    as a second method, by a hand-written secp256k1 public-key recovery below.

    Private keys are fixed: keccak256("intent-core key <i>") for i = 1, 2, ...
    ECDSA signing is RFC 6979 deterministic, so the output is byte-for-byte
    reproducible.

    Output conventions: integers are decimal strings, addresses EIP-55, bytes
    lowercase 0x-hex, signatures r || s || v (65 bytes, v 27/28) unless a
    signature case says otherwise.

How to run (from the repository root):

    pip install -r tests/vectors/requirements.txt
    python3 tests/vectors/gen_eip712.py

    It reads examples/intent.json and examples/gas-fee-options.json, rewrites
    tests/vectors/eip712.json (paths relative to this file, so the working directory
    does not matter) and prints how many cases of each kind it wrote. It never
    touches anything else.

Dependencies (versions used to produce the committed eip712.json):
    Python 3.11.7, eth-account 0.14.0 (with eth-keys 0.8.0, eth-utils 6.0.0,
    eth-abi 6.0.0, hexbytes 2.0.0), pycryptodome 3.24.1.
"""

import importlib.metadata
import json
import os
import sys

from Crypto.Hash import keccak as _keccak_mod
from eth_account import Account
from eth_account.messages import encode_typed_data
from eth_utils import to_checksum_address

# --------------------------------------------------------------------------------------
# primitives
# --------------------------------------------------------------------------------------

SECP_P = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F
SECP_N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
SECP_G = (
    0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,
    0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8,
)
HALF_N = SECP_N // 2

U64_MAX = 2**64 - 1
U256_MAX = 2**256 - 1
ZERO_ADDR = "0x0000000000000000000000000000000000000000"
FF_ADDR = "0xFFfFfFffFFfffFFfFFfFFFFFffFFFffffFfFFFfF"


def keccak(data: bytes) -> bytes:
    h = _keccak_mod.new(digest_bits=256)
    h.update(data)
    return h.digest()


def hx(b: bytes) -> str:
    return "0x" + bytes(b).hex()


def addr_from_seed(seed: str) -> str:
    return to_checksum_address(keccak(seed.encode())[12:])


def key(i: int) -> bytes:
    k = keccak(f"intent-core key {i}".encode())
    assert 0 < int.from_bytes(k, "big") < SECP_N
    return k


KEYS = {i: key(i) for i in range(1, 13)}
ADDRS = {i: Account.from_key(k).address for i, k in KEYS.items()}

# well-known token / contract addresses (mainnet and L2 deployments)
USDC_MAINNET = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
USDC_ARBITRUM = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831"
USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
USDC_OPTIMISM = "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85"
USDC_POLYGON_POS = "0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174"
WETH_MAINNET = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
UNI_MAINNET = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984"
DAI_MAINNET = "0x6B175474E89094C44Da98b954EedeAC495271d0F"

ENTRYPOINT = addr_from_seed("intent-core entrypoint")
ENTRYPOINT_2 = addr_from_seed("intent-core entrypoint 2")
FEE_COLLECTOR = addr_from_seed("intent-core fee collector")


def intent_addr(i: int) -> str:
    return addr_from_seed(f"intent-core intent address {i}")


# --------------------------------------------------------------------------------------
# second method: hand-written EIP-712 encoding (independent of eth-account's encoder)
# --------------------------------------------------------------------------------------

DOMAIN_FIELDS = [
    ("name", "string"),
    ("version", "string"),
    ("chainId", "uint256"),
    ("verifyingContract", "address"),
    ("salt", "bytes32"),
]


def word(type_: str, value) -> bytes:
    if type_ == "string":
        return keccak(value.encode("utf-8"))
    if type_ == "uint256":
        v = int(value)
        assert 0 <= v <= U256_MAX
        return v.to_bytes(32, "big")
    if type_ == "address":
        b = bytes.fromhex(value[2:])
        assert len(b) == 20
        return b"\x00" * 12 + b
    if type_ == "bytes32":
        b = value if isinstance(value, bytes) else bytes.fromhex(value[2:])
        assert len(b) == 32
        return b
    if type_ == "bool":
        return (1 if value else 0).to_bytes(32, "big")
    raise AssertionError(type_)


def type_string(name: str, fields) -> str:
    return name + "(" + ",".join(f"{t} {n}" for n, t in fields) + ")"


def hand_hash_struct(name: str, fields, values) -> bytes:
    enc = keccak(type_string(name, fields).encode())
    for n, t in fields:
        enc += word(t, values[n])
    return keccak(enc)


def hand_domain(domain: dict):
    fields = [(n, t) for n, t in DOMAIN_FIELDS if n in domain]
    return fields, hand_hash_struct("EIP712Domain", fields, domain)


def hand_digest(domain_sep: bytes, struct_hash: bytes) -> bytes:
    return keccak(b"\x19\x01" + domain_sep + struct_hash)


# --------------------------------------------------------------------------------------
# second method: hand-written secp256k1 public-key recovery
# --------------------------------------------------------------------------------------


def _inv(a: int, m: int) -> int:
    return pow(a, -1, m)


def _add(P, Q):
    if P is None:
        return Q
    if Q is None:
        return P
    if P[0] == Q[0]:
        if (P[1] + Q[1]) % SECP_P == 0:
            return None
        lam = 3 * P[0] * P[0] * _inv(2 * P[1], SECP_P) % SECP_P
    else:
        lam = (Q[1] - P[1]) * _inv(Q[0] - P[0], SECP_P) % SECP_P
    x = (lam * lam - P[0] - Q[0]) % SECP_P
    return (x, (lam * (P[0] - x) - P[1]) % SECP_P)


def _mul(k: int, P):
    R = None
    while k:
        if k & 1:
            R = _add(R, P)
        P = _add(P, P)
        k >>= 1
    return R


def lift_x(x: int):
    """Point with x-coordinate x and even y, or None if x is not on the curve."""
    if x >= SECP_P:
        return None
    a = (pow(x, 3, SECP_P) + 7) % SECP_P
    y = pow(a, (SECP_P + 1) // 4, SECP_P)
    if y * y % SECP_P != a:
        return None
    return (x, y if y % 2 == 0 else SECP_P - y)


def hand_recover_raw(digest: bytes, r: int, s: int, recid: int):
    """Plain ECDSA recovery with no policy (no low-s rule). None if impossible."""
    if not (0 < r < SECP_N and 0 < s < SECP_N and recid in (0, 1)):
        return None
    R = lift_x(r)
    if R is None:
        return None
    if R[1] % 2 != recid:
        R = (R[0], SECP_P - R[1])
    z = int.from_bytes(digest, "big") % SECP_N
    rinv = _inv(r, SECP_N)
    Q = _add(_mul(s * rinv % SECP_N, R), _mul((-z * rinv) % SECP_N, SECP_G))
    if Q is None:
        return None
    pub = Q[0].to_bytes(32, "big") + Q[1].to_bytes(32, "big")
    return to_checksum_address(keccak(pub)[12:])


def spec_recover(digest: bytes, sig: bytes):
    """docs/spec.md §5.3 policy, by hand: returns (signer, None) or (None, "INVALID_SIGNATURE")."""
    if len(sig) != 65:
        return None, "INVALID_SIGNATURE"
    r = int.from_bytes(sig[:32], "big")
    s = int.from_bytes(sig[32:64], "big")
    v = sig[64]
    if v in (0, 1):
        v += 27
    if v not in (27, 28):
        return None, "INVALID_SIGNATURE"
    if r == 0 or s == 0 or r >= SECP_N or s > HALF_N:
        return None, "INVALID_SIGNATURE"
    signer = hand_recover_raw(digest, r, s, v - 27)
    if signer is None:
        return None, "INVALID_SIGNATURE"
    return signer, None


def eth_account_recover(digest: bytes, sig: bytes):
    """What eth-account itself recovers (no EIP-2 rule), after reading v 0/1 as 27/28."""
    if len(sig) == 65 and sig[64] in (0, 1):
        sig = sig[:64] + bytes([sig[64] + 27])
    try:
        return Account._recover_hash(digest, signature=sig)
    except Exception:  # noqa: BLE001 - any rejection counts
        return None


# --------------------------------------------------------------------------------------
# eth-account based computation, cross-checked by the hand encoder
# --------------------------------------------------------------------------------------


def sign_and_check(signable, digest: bytes, priv: bytes, expect_signer: str):
    signed = Account.sign_message(signable, priv)
    assert bytes(signed.message_hash) == digest
    sig = bytes(signed.signature)
    assert len(sig) == 65 and sig[64] in (27, 28)
    assert int.from_bytes(sig[32:64], "big") <= HALF_N, "eth-account gave a high-s signature"
    assert bytes(Account.unsafe_sign_hash(digest, priv).signature) == sig
    signer = Account.recover_message(signable, signature=sig)
    assert signer == Account._recover_hash(digest, signature=sig) == expect_signer
    assert spec_recover(digest, sig) == (expect_signer, None)
    return hx(sig), signer


def domain_for_eth_account(domain: dict) -> dict:
    out = {}
    for n, _t in DOMAIN_FIELDS:
        if n not in domain:
            continue
        v = domain[n]
        if n == "chainId":
            v = int(v)
        elif n == "salt":
            v = bytes.fromhex(v[2:])
        out[n] = v
    return out


def typed(domain: dict, primary: str, fields, message: dict, message_for_lib: dict):
    """Returns (signable, domainSeparator, structHash, digest, domain type string)."""
    dfields, dsep_hand = hand_domain(domain)
    full = {
        "types": {
            "EIP712Domain": [{"name": n, "type": t} for n, t in dfields],
            primary: [{"name": n, "type": t} for n, t in fields],
        },
        "primaryType": primary,
        "domain": domain_for_eth_account(domain),
        "message": message_for_lib,
    }
    signable = encode_typed_data(full_message=full)
    dsep = bytes(signable.header)
    shash = bytes(signable.body)
    digest = keccak(b"\x19" + bytes(signable.version) + dsep + shash)
    # second method
    assert dsep == dsep_hand, (domain, hx(dsep), hx(dsep_hand))
    assert shash == hand_hash_struct(primary, fields, message), primary
    assert digest == hand_digest(dsep_hand, hand_hash_struct(primary, fields, message))
    return signable, dsep, shash, digest, type_string("EIP712Domain", dfields)


def dec(v) -> str:
    return str(int(v))


# --------------------------------------------------------------------------------------
# a. deposit intent (docs/spec.md §5.1)
# --------------------------------------------------------------------------------------

INTENT_FIELDS = [
    ("user", "address"),
    ("token", "address"),
    ("amount", "uint256"),
    ("intentAddress", "address"),
    ("deadline", "uint256"),
    ("chainId", "uint256"),
    ("nonce", "uint256"),
    ("feeAmount", "uint256"),
    ("feeCollector", "address"),
]
INTENT_DOMAIN_FIELDS = DOMAIN_FIELDS[:4]


def intent_case(name, key_i, chain_id, token, amount, intent_address, deadline, nonce,
                fee_amount, fee_collector, type_name="ServiceIntent",
                domain_name="ServiceIntentEntrypoint", domain_version="1",
                verifying_contract=ENTRYPOINT):
    priv = KEYS[key_i]
    user = ADDRS[key_i]
    domain = {
        "name": domain_name,
        "version": domain_version,
        "chainId": dec(chain_id),
        "verifyingContract": to_checksum_address(verifying_contract),
    }
    message = {
        "user": user,
        "token": to_checksum_address(token),
        "amount": dec(amount),
        "intentAddress": to_checksum_address(intent_address),
        "deadline": dec(deadline),
        "chainId": dec(chain_id),
        "nonce": dec(nonce),
        "feeAmount": dec(fee_amount),
        "feeCollector": to_checksum_address(fee_collector),
    }
    lib_msg = {k: (int(v) if t == "uint256" else v)
               for (k, t), v in zip(INTENT_FIELDS, message.values())}
    signable, dsep, shash, digest, dtype = typed(domain, type_name, INTENT_FIELDS,
                                                 message, lib_msg)
    assert dtype == ("EIP712Domain(string name,string version,uint256 chainId,"
                     "address verifyingContract)")
    tstr = type_string(type_name, INTENT_FIELDS)
    sig, signer = sign_and_check(signable, digest, priv, user)
    return {
        "kind": "intent",
        "name": name,
        "typeName": type_name,
        "domain": domain,
        "message": message,
        "typeString": tstr,
        "typeHash": hx(keccak(tstr.encode())),
        "domainSeparator": hx(dsep),
        "structHash": hx(shash),
        "digest": hx(digest),
        "signature": sig,
        "signer": signer,
    }


def intent_cases():
    T0 = 1767225600  # 2026-01-01T00:00:00Z
    c = []
    # default names
    c.append(intent_case("default_mainnet_usdc", 1, 1, USDC_MAINNET, 1_000_000, intent_addr(1),
                         T0, 0, 2_500, FEE_COLLECTOR))
    c.append(intent_case("default_optimism", 2, 10, USDC_OPTIMISM, 25_000_000, intent_addr(2),
                         T0 + 600, 1, 10_000, FEE_COLLECTOR))
    c.append(intent_case("default_arbitrum", 3, 42161, USDC_ARBITRUM, 123_456_789, intent_addr(3),
                         T0 + 3600, 7, 31_337, FEE_COLLECTOR))
    c.append(intent_case("default_base", 4, 8453, USDC_BASE, 5_000_000_000, intent_addr(4),
                         T0 + 86400, 42, 1, FEE_COLLECTOR))
    c.append(intent_case("default_chain_u64_max", 5, U64_MAX, USDC_MAINNET, 10**18, intent_addr(5),
                         T0, 2**32, 10**15, FEE_COLLECTOR))
    c.append(intent_case("default_zero_fee_zero_collector", 6, 1, WETH_MAINNET, 10**18,
                         intent_addr(6), T0, 3, 0, ZERO_ADDR))
    c.append(intent_case("default_all_values_zero", 7, 1, USDC_MAINNET, 0, intent_addr(7),
                         0, 0, 0, ZERO_ADDR))
    c.append(intent_case("default_all_values_one", 8, 10, USDC_OPTIMISM, 1, intent_addr(8),
                         1, 1, 1, FEE_COLLECTOR))
    c.append(intent_case("default_all_values_2pow64", 9, 42161, USDC_ARBITRUM, 2**64,
                         intent_addr(9), 2**64, 2**64, 2**64, FEE_COLLECTOR))
    c.append(intent_case("default_all_values_2pow128_plus_1", 10, 8453, USDC_BASE, 2**128 + 1,
                         intent_addr(10), 2**128 + 1, 2**128 + 1, 2**128 + 1, FEE_COLLECTOR))
    c.append(intent_case("default_all_values_u256_max", 11, U64_MAX, USDC_MAINNET, U256_MAX,
                         intent_addr(11), U256_MAX, U256_MAX, U256_MAX, FEE_COLLECTOR))
    c.append(intent_case("default_native_token_zero_address", 12, 1, ZERO_ADDR, 10**17,
                         intent_addr(12), T0, 5, 10**14, FEE_COLLECTOR))
    c.append(intent_case("default_mixed_extremes", 1, 10, USDC_OPTIMISM, U256_MAX, FF_ADDR,
                         1, 2**64, 2**128 + 1, FF_ADDR))
    c.append(intent_case("default_second_entrypoint", 2, 8453, USDC_BASE, 999_999,
                         intent_addr(13), T0 + 1, 2**64 - 1, 0, ZERO_ADDR,
                         verifying_contract=ENTRYPOINT_2))
    # custom type / domain names
    c.append(intent_case("custom_type_ServiceIntentV2", 3, 1, USDC_MAINNET, 1_000_000,
                         intent_addr(1), T0, 0, 2_500, FEE_COLLECTOR,
                         type_name="ServiceIntentV2"))
    c.append(intent_case("custom_type_DepositIntent_domain_v2", 4, 42161, USDC_ARBITRUM,
                         77_000_000, intent_addr(14), T0, 9, 12_345, FEE_COLLECTOR,
                         type_name="DepositIntent", domain_name="DepositEntrypoint",
                         domain_version="2"))
    c.append(intent_case("custom_domain_name_empty", 5, 1, USDC_MAINNET, 1_000_000,
                         intent_addr(1), T0, 0, 2_500, FEE_COLLECTOR, domain_name=""))
    c.append(intent_case("custom_domain_name_and_version_empty", 5, 1, USDC_MAINNET, 1_000_000,
                         intent_addr(1), T0, 0, 2_500, FEE_COLLECTOR, domain_name="",
                         domain_version=""))
    c.append(intent_case("custom_domain_name_long_unicode", 6, 8453, USDC_BASE, 2**128 + 1,
                         intent_addr(15), T0, 11, 0, ZERO_ADDR,
                         domain_name=("Éntrypoint ✓ — 日本語のエントリポイント 🚀🌍 Ωμέγα "
                                      "Привет мир ") * 8))
    c.append(intent_case("custom_domain_name_decomposed_e_acute", 7, 1, USDC_MAINNET, 1_000_000,
                         intent_addr(1), T0, 0, 2_500, FEE_COLLECTOR,
                         domain_name="Entrypoint Caf\u0065\u0301"))
    c.append(intent_case("custom_domain_name_precomposed_e_acute", 7, 1, USDC_MAINNET, 1_000_000,
                         intent_addr(1), T0, 0, 2_500, FEE_COLLECTOR,
                         domain_name="Entrypoint Caf\u00e9"))
    c.append(intent_case("custom_domain_name_json_escapes", 8, 10, USDC_OPTIMISM, 42,
                         intent_addr(16), T0, 1, 1, FEE_COLLECTOR,
                         domain_name="Entry\"point\\ \n\t\u0000/end"))
    c.append(intent_case("custom_domain_version_semver", 9, 42161, USDC_ARBITRUM, 10**6,
                         intent_addr(17), T0, 2, 3, FEE_COLLECTOR, domain_version="2.0.1-beta"))
    c.append(intent_case("custom_type_Intent_u256_max", 10, U64_MAX, USDC_MAINNET, U256_MAX,
                         intent_addr(18), U256_MAX, U256_MAX, U256_MAX, FF_ADDR,
                         type_name="Intent", domain_name="Intents", domain_version="3"))
    c.append(intent_case("custom_names_base_zero_values", 11, 8453, USDC_BASE, 0,
                         intent_addr(19), 0, 0, 0, ZERO_ADDR, type_name="ServiceIntentV2",
                         domain_name="ServiceIntentEntrypointV2", domain_version="2"))
    # sanity: the e-acute pair and empty-name variants differ
    by = {x["name"]: x["digest"] for x in c}
    assert by["custom_domain_name_decomposed_e_acute"] != by["custom_domain_name_precomposed_e_acute"]
    assert by["custom_domain_name_empty"] != by["custom_domain_name_and_version_empty"]
    assert by["custom_type_ServiceIntentV2"] != by["default_mainnet_usdc"]
    return c


# --------------------------------------------------------------------------------------
# b. ERC-2612 permit, c. DAI permit (docs/spec.md §5.2)
# --------------------------------------------------------------------------------------

PERMIT_FIELDS = [
    ("owner", "address"),
    ("spender", "address"),
    ("value", "uint256"),
    ("nonce", "uint256"),
    ("deadline", "uint256"),
]
DAI_PERMIT_FIELDS = [
    ("holder", "address"),
    ("spender", "address"),
    ("nonce", "uint256"),
    ("expiry", "uint256"),
    ("allowed", "bool"),
]


def norm_domain(domain: dict) -> dict:
    out = {}
    for n, _t in DOMAIN_FIELDS:  # keep canonical order
        if n not in domain:
            continue
        v = domain[n]
        if n == "chainId":
            v = dec(v)
        elif n == "verifyingContract":
            v = to_checksum_address(v)
        elif n == "salt":
            v = hx(v if isinstance(v, bytes) else bytes.fromhex(v[2:]))
            assert len(v) == 66
        out[n] = v
    return out


def permit_case(name, key_i, domain, spender, value, nonce, deadline):
    priv = KEYS[key_i]
    owner = ADDRS[key_i]
    domain = norm_domain(domain)
    message = {
        "owner": owner,
        "spender": to_checksum_address(spender),
        "value": dec(value),
        "nonce": dec(nonce),
        "deadline": dec(deadline),
    }
    lib_msg = {"owner": owner, "spender": message["spender"], "value": int(value),
               "nonce": int(nonce), "deadline": int(deadline)}
    signable, dsep, shash, digest, dtype = typed(domain, "Permit", PERMIT_FIELDS, message,
                                                 lib_msg)
    sig, signer = sign_and_check(signable, digest, priv, owner)
    return {
        "kind": "permit",
        "name": name,
        "domain": domain,
        "domainType": dtype,
        "message": message,
        "domainSeparator": hx(dsep),
        "structHash": hx(shash),
        "digest": hx(digest),
        "signature": sig,
        "signer": signer,
    }


def permit_cases():
    T0 = 1767225600
    c = []
    usdc = {"name": "USD Coin", "version": "2", "chainId": 1, "verifyingContract": USDC_MAINNET}
    c.append(permit_case("usdc_mainnet_entrypoint_spender", 1, usdc, ENTRYPOINT, 1_000_000, 0,
                         T0))
    c.append(permit_case("usdc_mainnet_intent_address_spender", 2, usdc, intent_addr(1),
                         25_000_000, 3, T0 + 1800))
    c.append(permit_case("usdc_arbitrum", 3, {"name": "USD Coin", "version": "2",
                                              "chainId": 42161,
                                              "verifyingContract": USDC_ARBITRUM},
                         ENTRYPOINT, 77_000_000, 1, T0))
    c.append(permit_case("usdc_base", 4, {"name": "USD Coin", "version": "2", "chainId": 8453,
                                          "verifyingContract": USDC_BASE},
                         intent_addr(4), 5_000_000_000, 12, T0 + 60))
    c.append(permit_case("usdc_optimism_max_approval", 5, {"name": "USD Coin", "version": "2",
                                                           "chainId": 10,
                                                           "verifyingContract": USDC_OPTIMISM},
                         ENTRYPOINT, U256_MAX, 0, U256_MAX))
    c.append(permit_case("usdc_mainnet_large_nonce", 6, usdc, ENTRYPOINT, 1, 2**128 + 1, T0))
    c.append(permit_case("usdc_mainnet_nonce_u256_max", 7, usdc, ENTRYPOINT, 0, U256_MAX, 0))
    c.append(permit_case("uni_no_version", 8, {"name": "Uniswap", "chainId": 1,
                                               "verifyingContract": UNI_MAINNET},
                         ENTRYPOINT, 10**18, 0, T0))
    salt137 = (137).to_bytes(32, "big")
    c.append(permit_case("polygon_usdc_pos_salt_domain", 9,
                         {"name": "USD Coin (PoS)", "version": "1",
                          "verifyingContract": USDC_POLYGON_POS, "salt": salt137},
                         ENTRYPOINT, 3_000_000, 4, T0))
    c.append(permit_case("salt_only", 10, {"salt": keccak(b"intent-core salt")},
                         ENTRYPOINT, 1_000, 0, T0))
    c.append(permit_case("verifying_contract_only", 11, {"verifyingContract": USDC_MAINNET},
                         ENTRYPOINT, 1_000, 0, T0))
    c.append(permit_case("chain_id_only", 12, {"chainId": 8453}, ENTRYPOINT, 1_000, 0, T0))
    c.append(permit_case("chain_id_only_u64_max", 12, {"chainId": U64_MAX}, ENTRYPOINT, 1_000,
                         0, T0))
    # name "" versus no name, other fields equal
    base = {"version": "1", "chainId": 1, "verifyingContract": USDC_MAINNET}
    c.append(permit_case("name_empty_string", 1, dict(base, name=""), ENTRYPOINT, 500, 2, T0))
    c.append(permit_case("name_absent", 1, dict(base), ENTRYPOINT, 500, 2, T0))
    c.append(permit_case("name_only_empty_string", 2, {"name": ""}, ENTRYPOINT, 500, 2, T0))
    c.append(permit_case("empty_domain", 2, {}, ENTRYPOINT, 500, 2, T0))
    c.append(permit_case("salt_zero_bytes32", 3, {"name": "Token", "salt": b"\x00" * 32},
                         ENTRYPOINT, 500, 2, T0))
    by = {x["name"]: x for x in c}
    # the mainnet USDC DOMAIN_SEPARATOR is a well-known on-chain constant
    assert by["usdc_mainnet_entrypoint_spender"]["domainSeparator"] == (
        "0x06c37168a7db5138defc7866392bb87a741f9b3d104deb5094588ce041cae335")
    for a, b in (("name_empty_string", "name_absent"), ("name_only_empty_string", "empty_domain")):
        assert by[a]["digest"] != by[b]["digest"], (a, b)
        assert by[a]["domainType"] != by[b]["domainType"], (a, b)

    # every subset of (name, version, chainId, verifyingContract, salt), in canonical order
    full = {"name": "Subset Token", "version": "4", "chainId": 42161,
            "verifyingContract": USDC_ARBITRUM, "salt": keccak(b"intent-core subset salt")}
    values = [0, 1, 2**64, 2**128 + 1, U256_MAX, 1_000_000]
    for mask in range(32):
        present = [n for i, (n, _t) in enumerate(DOMAIN_FIELDS) if mask & (1 << i)]
        dom = {n: full[n] for n in present}
        label = "_".join(present) if present else "none"
        c.append(permit_case(f"subset_{mask:02d}_{label}", 1 + mask % 12, dom,
                             intent_addr(20 + mask), values[mask % 6],
                             values[(mask + 2) % 6], values[(mask + 4) % 6]))
    return c


def dai_permit_case(name, key_i, spender, nonce, expiry, allowed, domain=None):
    priv = KEYS[key_i]
    holder = ADDRS[key_i]
    domain = norm_domain(domain or {"name": "Dai Stablecoin", "version": "1", "chainId": 1,
                                    "verifyingContract": DAI_MAINNET})
    message = {
        "holder": holder,
        "spender": to_checksum_address(spender),
        "nonce": dec(nonce),
        "expiry": dec(expiry),
        "allowed": bool(allowed),
    }
    lib_msg = {"holder": holder, "spender": message["spender"], "nonce": int(nonce),
               "expiry": int(expiry), "allowed": bool(allowed)}
    signable, dsep, shash, digest, dtype = typed(domain, "Permit", DAI_PERMIT_FIELDS, message,
                                                 lib_msg)
    sig, signer = sign_and_check(signable, digest, priv, holder)
    return {
        "kind": "daiPermit",
        "name": name,
        "domain": domain,
        "domainType": dtype,
        "message": message,
        "domainSeparator": hx(dsep),
        "structHash": hx(shash),
        "digest": hx(digest),
        "signature": sig,
        "signer": signer,
    }


def dai_permit_cases():
    T0 = 1767225600
    c = [
        dai_permit_case("dai_allowed_entrypoint", 1, ENTRYPOINT, 0, T0, True),
        dai_permit_case("dai_disallowed_entrypoint", 1, ENTRYPOINT, 0, T0, False),
        dai_permit_case("dai_allowed_intent_address_no_expiry", 2, intent_addr(1), 5, 0, True),
        dai_permit_case("dai_allowed_large_nonce_max_expiry", 3, ENTRYPOINT, 2**128 + 1,
                        U256_MAX, True),
        dai_permit_case("dai_disallowed_nonce_u256_max", 4, intent_addr(2), U256_MAX, 1, False),
        dai_permit_case("dai_allowed_nonce_2pow64", 5, ENTRYPOINT, 2**64, T0 + 3600, True),
    ]
    # the DAI mainnet domain separator is a well-known on-chain constant
    assert c[0]["domainSeparator"] == (
        "0xdbb8cf42e1ecb028be3f3dbc922e1d878b963f411dc388ced501601c60f7c6f7")
    assert c[0]["digest"] != c[1]["digest"]
    return c


# --------------------------------------------------------------------------------------
# d. the EIP-712 specification's Mail example
# --------------------------------------------------------------------------------------

MAIL_DIGEST = "0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2"


def mail_cases():
    domain = {"name": "Ether Mail", "version": "1", "chainId": "1",
              "verifyingContract": "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC"}
    message = {
        "from": {"name": "Cow", "wallet": "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"},
        "to": {"name": "Bob", "wallet": "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB"},
        "contents": "Hello, Bob!",
    }
    full = {
        "types": {
            "EIP712Domain": [{"name": n, "type": t} for n, t in DOMAIN_FIELDS[:4]],
            "Person": [{"name": "name", "type": "string"}, {"name": "wallet", "type": "address"}],
            "Mail": [{"name": "from", "type": "Person"}, {"name": "to", "type": "Person"},
                     {"name": "contents", "type": "string"}],
        },
        "primaryType": "Mail",
        "domain": domain_for_eth_account(domain),
        "message": message,
    }
    signable = encode_typed_data(full_message=full)
    dsep, shash = bytes(signable.header), bytes(signable.body)
    digest = keccak(b"\x19\x01" + dsep + shash)
    assert hx(digest) == MAIL_DIGEST, hx(digest)
    # second method
    person = [("name", "string"), ("wallet", "address")]
    ptype = type_string("Person", person)
    mtype = "Mail(Person from,Person to,string contents)" + ptype
    ph = lambda p: hand_hash_struct("Person", person, p)  # noqa: E731
    shash_hand = keccak(keccak(mtype.encode()) + ph(message["from"]) + ph(message["to"])
                        + keccak(b"Hello, Bob!"))
    assert shash_hand == shash
    assert hand_domain(domain)[1] == dsep
    # the specification signs with keccak256("cow")
    cow = keccak(b"cow")
    sig, signer = sign_and_check(signable, digest, cow, message["from"]["wallet"])
    assert sig == ("0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d"
                   "07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b91562" "1c")
    return [{
        "kind": "mail",
        "name": "eip712_spec_mail_example",
        "domain": domain,
        "message": message,
        "typeString": mtype,
        "typeHash": hx(keccak(mtype.encode())),
        "domainSeparator": hx(dsep),
        "structHash": hx(shash),
        "digest": hx(digest),
        "signature": sig,
        "signer": signer,
    }]


# --------------------------------------------------------------------------------------
# e. signature recovery edge cases (docs/spec.md §5.3)
# --------------------------------------------------------------------------------------


def sig_bytes(r: int, s: int, v: int) -> bytes:
    return r.to_bytes(32, "big") + s.to_bytes(32, "big") + bytes([v])


DIFFS = []


def signature_cases():
    digest = keccak(b"intent-core fixed digest for signature vectors")
    # find keys giving v = 27 and v = 28 over this digest (deterministic scan of KEYS)
    by_v = {}
    for i in sorted(KEYS):
        sig = bytes(Account.unsafe_sign_hash(digest, KEYS[i]).signature)
        by_v.setdefault(sig[64], (i, sig))
    assert 27 in by_v and 28 in by_v
    cases = []

    def add(name, sig: bytes, note=None, expect_error=None, eth_account_agrees=True):
        signer, err = spec_recover(digest, sig)
        if expect_error is not None:
            assert (err is not None) == expect_error, (name, signer, err)
        lib = eth_account_recover(digest, sig)
        if eth_account_agrees:
            assert lib == signer, (name, lib, signer)
        elif lib != signer:
            DIFFS.append(f"{name}: eth-account recovers {lib}, docs/spec.md §5.3 says {err or signer}")
        case = {"kind": "signature", "name": name, "digest": hx(digest), "signature": hx(sig)}
        if err:
            case["error"] = err
        else:
            case["signer"] = signer
        if note:
            case["note"] = note
        cases.append(case)
        return lib

    i27, s27 = by_v[27]
    i28, s28 = by_v[28]
    r27, sl27 = int.from_bytes(s27[:32], "big"), int.from_bytes(s27[32:64], "big")
    r28, sl28 = int.from_bytes(s28[:32], "big"), int.from_bytes(s28[32:64], "big")
    assert spec_recover(digest, s27) == (ADDRS[i27], None)
    assert spec_recover(digest, s28) == (ADDRS[i28], None)

    add("valid_v27", s27, expect_error=False)
    add("valid_v28", s28, expect_error=False)
    add("valid_v0", s27[:64] + b"\x00", "v=0 read as 27: same signer as valid_v27",
        expect_error=False)
    add("valid_v1", s28[:64] + b"\x01", "v=1 read as 28: same signer as valid_v28",
        expect_error=False)
    assert cases[2]["signer"] == cases[0]["signer"] == ADDRS[i27]
    assert cases[3]["signer"] == cases[1]["signer"] == ADDRS[i28]

    # high-s twins: (r, n - s, v flipped) is the same signature for plain ECDSA
    for nm, r, s, v, who in (("high_s_of_v27", r27, sl27, 28, i27),
                             ("high_s_of_v28", r28, sl28, 27, i28),
                             ("high_s_of_v27_as_v1", r27, sl27, 1, i27)):
        lib = add(nm, sig_bytes(r, SECP_N - s, v),
                  "n - s with v flipped: libsecp/eth-account recover the original signer, "
                  "EIP-2 rejects", expect_error=True, eth_account_agrees=False)
        assert lib == ADDRS[who], (nm, lib)  # plain recovery succeeds: only EIP-2 rejects

    # low-s boundary: s = floor(n/2) allowed, floor(n/2) + 1 rejected (r, v of valid_v27)
    add("s_equals_half_n", sig_bytes(r27, HALF_N, 27),
        "s = floor(n/2) is not above n/2: accepted; signer is whatever plain recovery gives",
        expect_error=False)
    add("s_equals_half_n_plus_1", sig_bytes(r27, HALF_N + 1, 27), "s = floor(n/2)+1: high-s",
        expect_error=True, eth_account_agrees=False)
    add("s_equals_1", sig_bytes(r27, 1, 28), "smallest s: accepted, arbitrary recovered signer",
        expect_error=False)

    add("r_zero", sig_bytes(0, sl27, 27), expect_error=True, eth_account_agrees=False)
    add("s_zero", sig_bytes(r27, 0, 27), expect_error=True, eth_account_agrees=False)
    add("r_and_s_zero", sig_bytes(0, 0, 27), expect_error=True, eth_account_agrees=False)
    add("all_zero_v0", bytes(65), expect_error=True, eth_account_agrees=False)
    add("r_equals_n", sig_bytes(SECP_N, sl27, 27), expect_error=True, eth_account_agrees=False)
    add("r_n_plus_1", sig_bytes(SECP_N + 1, sl27, 27), "r >= n", expect_error=True,
        eth_account_agrees=False)
    add("r_u256_max", sig_bytes(U256_MAX, sl27, 27), expect_error=True,
        eth_account_agrees=False)
    add("s_equals_n", sig_bytes(r27, SECP_N, 27), expect_error=True, eth_account_agrees=False)

    add("v_29", s27[:64] + bytes([29]), expect_error=True)
    add("v_26", s27[:64] + bytes([26]), expect_error=True)
    add("v_2", s27[:64] + bytes([2]), expect_error=True)
    v37_lib = add("v_37_eip155_style", s27[:64] + bytes([37]),
                  "EIP-155-style v: eth-account accepts it, docs/spec.md §5.3 allows only 0, 1, 27, 28",
                  expect_error=True, eth_account_agrees=False)
    assert v37_lib == ADDRS[i27]
    add("v_255", s27[:64] + bytes([255]), "eth-account reads it as an EIP-155 v and accepts it",
        expect_error=True, eth_account_agrees=False)

    add("length_64_no_v", s27[:64], "r || s only (EIP-2098 compact form is not accepted)",
        expect_error=True, eth_account_agrees=False)
    add("length_66_trailing_zero", s27 + b"\x00", expect_error=True, eth_account_agrees=False)
    add("length_66_leading_zero", b"\x00" + s27, expect_error=True, eth_account_agrees=False)
    add("length_0", b"", expect_error=True, eth_account_agrees=False)
    add("length_1", b"\x1b", expect_error=True, eth_account_agrees=False)

    # r not the x-coordinate of any curve point: the smallest such x above 0
    x = 1
    while lift_x(x) is not None:
        x += 1
    add("r_not_on_curve", sig_bytes(x, sl27, 27),
        f"r = {x}: x^3 + 7 is not a square mod p, no point to recover",
        expect_error=True)
    # and a large one just below n
    x = SECP_N - 1
    while lift_x(x) is not None:
        x -= 1
    add("r_not_on_curve_large", sig_bytes(x, sl28, 28), expect_error=True)
    # r that IS a valid x with arbitrary s: recovers to some key (valid by docs/spec.md)
    x = 1
    while lift_x(x) is None:
        x += 1
    add("r_small_on_curve", sig_bytes(x, sl27, 27),
        f"r = {x} is a valid x: recovery succeeds to an arbitrary signer", expect_error=False)

    # a different digest with the valid_v27 signature: recovers, but to another address
    lib_other = eth_account_recover(digest, s27)
    assert lib_other == ADDRS[i27]
    other = keccak(b"intent-core another digest")
    signer_other, err = spec_recover(other, s27)
    assert err is None and signer_other != ADDRS[i27]
    assert eth_account_recover(other, s27) == signer_other
    cases.append({"kind": "signature", "name": "valid_v27_signature_other_digest",
                  "digest": hx(other), "signature": hx(s27), "signer": signer_other,
                  "note": "signature of valid_v27 checked against another digest: "
                          "recovers, to a different address"})
    return cases


# --------------------------------------------------------------------------------------
# f. end to end from examples/intent.json (docs/spec.md §5.1 and 5.2 from an Intent document)
# --------------------------------------------------------------------------------------
#
# These cases read the crate's example intent, build a deposit signature around it, and
# take the message fields docs/spec.md §5.1 / 5.2 name straight from the JSON (ownerAddress,
# depositTransaction.tokenAddress/amount, originIntentAddress, originChainId,
# serviceContracts.serviceIntentEntrypointAddress, selectedGasFeeOption.amount /
# feeCollectorAddress, the deposit signature's deadline, userNonce, permitDeadline,
# permitAmount). "input" is the exact JSON text the crate parses: for "intentDocument" the
# input of `intentctl digest intent` ({"intent", "depositSignature", "domain"?}), for
# "intentPermit" the pair {"intent", "depositSignature"}. Error cases ("error", "path")
# state what docs/spec.md §5.1 / 5.2 / 7 require there; they have no digest.

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples")
DEFAULT_NAMES = {"name": "ServiceIntentEntrypoint", "version": "1",
                 "typeName": "ServiceIntent"}
DEADLINE = 1795286100  # 2026-11-21T18:35:00Z, the example intent's expiresAt


def example_json(name: str):
    with open(os.path.join(EXAMPLES, name), encoding="utf-8") as f:
        return json.load(f)


def example_intent(owner=None):
    """examples/intent.json, optionally re-owned (both ownerAddress fields) by `owner`, its
    intent addresses then those of the new owner's wallets (derive_intent_addresses.py beside
    this file, docs/spec.md 5.6)."""
    intent = example_json("intent.json")
    if owner is not None:
        import derive_intent_addresses  # noqa: PLC0415  (runs intentctl: only when re-owning)
        intent["ownerAddress"] = owner
        intent["quoteRequest"]["ownerAddress"] = owner
        intent = json.loads(derive_intent_addresses.derived_text(json.dumps(intent)))
    return intent


def fee_option(index=0, **changes):
    option = example_json("gas-fee-options.json")["feeOptions"][index]
    option.update(changes)
    return option


def intent_message(intent: dict, ds: dict) -> dict:
    """The nine docs/spec.md §5.1 message values, taken from the JSON documents."""
    fee = ds["selectedGasFeeOption"]
    return {
        "user": to_checksum_address(intent["ownerAddress"]),
        "token": to_checksum_address(intent["depositTransaction"]["tokenAddress"]),
        "amount": dec(intent["depositTransaction"]["amount"]),
        "intentAddress": to_checksum_address(intent["originIntentAddress"]),
        "deadline": dec(ds["deadline"]),
        "chainId": dec(intent["originChainId"]),
        "nonce": dec(ds["userNonce"]),
        "feeAmount": dec(fee["amount"]),
        "feeCollector": to_checksum_address(fee["feeCollectorAddress"]),
    }


def intent_typed(intent: dict, ds: dict, names: dict):
    domain = {
        "name": names["name"],
        "version": names["version"],
        "chainId": dec(intent["originChainId"]),
        "verifyingContract": to_checksum_address(
            intent["serviceContracts"]["serviceIntentEntrypointAddress"]),
    }
    message = intent_message(intent, ds)
    lib_msg = {k: (int(v) if t == "uint256" else v)
               for (k, t), v in zip(INTENT_FIELDS, message.values())}
    return typed(domain, names["typeName"], INTENT_FIELDS, message, lib_msg)


def intent_document_case(name, key_i, intent, ds, names=None, sign=True):
    """names None: the input has no "domain" member (the defaults apply)."""
    used = names or DEFAULT_NAMES
    signable, dsep, shash, digest, _dtype = intent_typed(intent, ds, used)
    priv, signer_addr = KEYS[key_i], ADDRS[key_i]
    sig, signer = sign_and_check(signable, digest, priv, signer_addr)
    if sign:
        ds = dict(ds, intentSignature=sig)  # the digest does not cover the signature
    doc = {"intent": intent, "depositSignature": ds}
    if names is not None:
        doc["domain"] = names
    tstr = type_string(used["typeName"], INTENT_FIELDS)
    owner = to_checksum_address(intent["ownerAddress"])
    case = {
        "kind": "intentDocument",
        "name": name,
        "input": json.dumps(doc, ensure_ascii=False),
        "typeString": tstr,
        "typeHash": hx(keccak(tstr.encode())),
        "domainSeparator": hx(dsep),
        "structHash": hx(shash),
        "digest": hx(digest),
        "signature": sig,
        "signer": signer,
        "owner": owner,
    }
    if signer != owner:
        case["verifyError"] = "SIGNER_MISMATCH"
    return case


def intent_document_cases():
    c = []
    dai_fee = fee_option(0)
    # 1. the example exactly as shipped; its owner's key is not ours, so key 1 signs and
    #    checking against the owner is SIGNER_MISMATCH
    c.append(intent_document_case(
        "example_intent_default_names_foreign_signer", 1, example_intent(),
        {"selectedGasFeeOption": dai_fee, "deadline": DEADLINE, "userNonce": "0"}))
    # 2. re-owned by key 2, default names given explicitly, userNonce as a JSON number
    owner2 = ADDRS[2]
    ds2 = {"selectedGasFeeOption": dai_fee, "deadline": DEADLINE, "userNonce": 7}
    c.append(intent_document_case("example_intent_owner_signs_default_names_explicit", 2,
                                  example_intent(owner2), ds2, DEFAULT_NAMES))
    # 3. the same, only the type name changed
    c.append(intent_document_case("example_intent_owner_signs_custom_type_name", 2,
                                  example_intent(owner2), ds2,
                                  dict(DEFAULT_NAMES, typeName="ServiceIntentV2")))
    assert c[1]["digest"] != c[2]["digest"] and c[1]["typeHash"] != c[2]["typeHash"]
    assert c[1]["domainSeparator"] == c[2]["domainSeparator"]
    # 4. custom type, domain name and version; zero fee, zero collector; extreme values
    c.append(intent_document_case(
        "example_intent_custom_names_zero_fee_extremes", 3, example_intent(ADDRS[3]),
        {"selectedGasFeeOption": fee_option(0, amount="0", feeCollectorAddress=ZERO_ADDR),
         "deadline": dec(U64_MAX), "userNonce": dec(2**128 + 1)},
        {"name": "DepositEntrypoint", "version": "2", "typeName": "DepositIntent"}))
    # 5. a fee option in another token with a permit present: the digest covers neither
    c.append(intent_document_case(
        "example_intent_usdc_fee_option_with_permit_fields", 4, example_intent(ADDRS[4]),
        {"selectedGasFeeOption": fee_option(2), "deadline": DEADLINE + 60,
         "userNonce": dec(U256_MAX), "permitSignature": "0x" + "11" * 65,
         "permitDeadline": DEADLINE + 60, "permitAmount": "125147772000000000000"}))
    # 6. no userNonce: docs/spec.md §7 NONCE_REQUIRED
    doc = {"intent": example_intent(),
           "depositSignature": {"selectedGasFeeOption": dai_fee, "deadline": DEADLINE}}
    c.append({"kind": "intentDocument", "name": "example_intent_without_user_nonce",
              "input": json.dumps(doc), "error": "NONCE_REQUIRED",
              "path": "depositSignature.userNonce"})
    return c


ARBITRUM_DAI_DOMAIN = {"name": "Dai Stablecoin", "version": "2", "chainId": "42161",
                       "verifyingContract": "0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1"}


def intent_permit_case(name, key_i, intent, ds, mode, token_domain, nonce):
    """docs/spec.md §5.2: owner = intent.ownerAddress; entrypoint mode: spender = the entrypoint,
    deadline = depositSignature.deadline; permit-only: spender = originIntentAddress,
    deadline = permitDeadline; value = permitAmount in both."""
    if mode == "entrypoint":
        spender = intent["serviceContracts"]["serviceIntentEntrypointAddress"]
        deadline = ds["deadline"]
    else:
        assert mode == "permitOnly"
        spender = intent["originIntentAddress"]
        deadline = ds["permitDeadline"]
    owner = to_checksum_address(intent["ownerAddress"])
    assert owner == ADDRS[key_i]
    message = {"owner": owner, "spender": to_checksum_address(spender),
               "value": dec(ds["permitAmount"]), "nonce": dec(nonce),
               "deadline": dec(deadline)}
    lib_msg = {"owner": owner, "spender": message["spender"], "value": int(message["value"]),
               "nonce": int(nonce), "deadline": int(deadline)}
    domain = norm_domain(token_domain)
    signable, dsep, shash, digest, dtype = typed(domain, "Permit", PERMIT_FIELDS, message,
                                                 lib_msg)
    sig, signer = sign_and_check(signable, digest, KEYS[key_i], owner)
    ds = dict(ds, permitSignature=sig)
    if mode == "entrypoint":
        isignable, _dsep, _shash, idigest, _dtype = intent_typed(intent, ds, DEFAULT_NAMES)
        ds["intentSignature"], _ = sign_and_check(isignable, idigest, KEYS[key_i], owner)
    return {
        "kind": "intentPermit",
        "name": name,
        "input": json.dumps({"intent": intent, "depositSignature": ds}),
        "mode": mode,
        "tokenDomain": domain,
        "domainType": dtype,
        "nonce": dec(nonce),
        "message": message,
        "domainSeparator": hx(dsep),
        "structHash": hx(shash),
        "digest": hx(digest),
        "signature": sig,
        "signer": signer,
    }


def intent_permit_cases():
    intent = example_intent(ADDRS[5])
    amount = int(intent["depositTransaction"]["amount"])
    fee = fee_option(0)
    covered = dec(amount + int(fee["amount"]))
    c = [
        intent_permit_case(
            "example_intent_entrypoint_mode_permit", 5, intent,
            {"selectedGasFeeOption": fee, "deadline": DEADLINE, "userNonce": "1",
             "permitDeadline": DEADLINE, "permitAmount": covered},
            "entrypoint", ARBITRUM_DAI_DOMAIN, 0),
        intent_permit_case(
            "example_intent_permit_only_mode", 5, intent,
            {"selectedGasFeeOption": fee, "deadline": DEADLINE,
             "permitDeadline": DEADLINE + 600, "permitAmount": covered},
            "permitOnly", ARBITRUM_DAI_DOMAIN, 3),
        intent_permit_case(
            "example_intent_permit_only_salt_domain", 5, intent,
            {"selectedGasFeeOption": fee, "deadline": DEADLINE,
             "permitDeadline": DEADLINE + 1, "permitAmount": dec(U256_MAX)},
            "permitOnly",
            {"name": "Dai Stablecoin", "version": "2",
             "verifyingContract": ARBITRUM_DAI_DOMAIN["verifyingContract"],
             "salt": (42161).to_bytes(32, "big")}, 2**64),
    ]
    assert c[0]["message"]["spender"] == intent["serviceContracts"]["serviceIntentEntrypointAddress"]
    assert c[1]["message"]["spender"] == intent["originIntentAddress"]
    assert c[0]["message"]["deadline"] != c[1]["message"]["deadline"]
    for name, mode, ds, missing in (
        ("example_intent_permit_only_without_permit_deadline", "permitOnly",
         {"selectedGasFeeOption": fee, "deadline": DEADLINE, "permitAmount": covered},
         "permitDeadline"),
        ("example_intent_entrypoint_mode_without_permit_amount", "entrypoint",
         {"selectedGasFeeOption": fee, "deadline": DEADLINE, "userNonce": "1",
          "intentSignature": "0x" + "22" * 65, "permitDeadline": DEADLINE},
         "permitAmount"),
    ):
        c.append({"kind": "intentPermit", "name": name,
                  "input": json.dumps({"intent": intent, "depositSignature": ds}),
                  "mode": mode, "tokenDomain": norm_domain(ARBITRUM_DAI_DOMAIN), "nonce": "0",
                  "error": "PERMIT_INCOMPLETE", "path": "depositSignature." + missing})
    return c


# --------------------------------------------------------------------------------------


def main():
    version = importlib.metadata.version("eth-account")
    intents = intent_cases()
    permits = permit_cases()
    dais = dai_permit_cases()
    mails = mail_cases()
    sigs = signature_cases()
    documents = intent_document_cases()
    intent_permits = intent_permit_cases()
    assert len(intents) >= 20 and len(permits) >= 20 and len(dais) >= 4 and len(sigs) >= 10
    cases = intents + permits + dais + mails + sigs + documents + intent_permits
    names = [c["name"] for c in cases]
    assert len(names) == len(set(names)), "duplicate case names"
    digests = [c["digest"] for c in cases if c["kind"] != "signature" and "digest" in c]
    assert len(digests) == len(set(digests)), "two typed-data cases share a digest"
    doc = {
        "generator": f"tests/vectors/gen_eip712.py (eth-account {version}); "
                     "independent of the crate",
        "cases": cases,
    }
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "eip712.json")
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    counts = {}
    for c in cases:
        counts[c["kind"]] = counts.get(c["kind"], 0) + 1
    for d in DIFFS:
        print("note (expected): " + d, file=sys.stderr)
    print(f"wrote {out}: {len(cases)} cases {counts}", file=sys.stderr)


if __name__ == "__main__":
    main()

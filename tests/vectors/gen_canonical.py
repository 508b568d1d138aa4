#!/usr/bin/env python3
"""Generator of the canonical-JSON / canonical-hash test vectors (docs/spec.md section 4).

What it is
    An implementation of docs/spec.md sections 1-4 (value kinds, objects and their field
    kinds, unknown members, canonical JSON, canonical hash) written in Python from the
    spec alone. It does not use, call or read the Rust crate, so the vectors it writes
    are an independent check of `canonical_json` / `canonical_hash`.

    It builds variations of examples/intent.json, examples/quote-request.json and
    examples/gas-fee-options.json (spelling-only variants and meaning changes), computes
    the canonical JSON and `0x` + keccak-256 of it for each, checks its own output
    (every canonical string is valid JSON, canonicalising it again is byte-identical,
    spelling-only variants share a hash, meaning changes do not, and every input passes
    the docs/spec.md section 7 checks on QuoteRequest and Intent consistency), and writes
    tests/vectors/canonical.json.

How to run
    cd <the repository root>
    python3 tests/vectors/gen_canonical.py

    The output is deterministic; running it again rewrites the same file.

Dependencies
    Python 3.11 and pycryptodome (keccak-256 through
    Crypto.Hash.keccak.new(digest_bits=256)): pip install -r tests/vectors/requirements.txt
"""

from __future__ import annotations

import copy
import datetime as _dt
import json
import math
import re
import sys
from decimal import Decimal
from pathlib import Path

from Crypto.Hash import keccak

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "vectors" / "canonical.json"


class SpecError(Exception):
    """An input the spec rejects (the generator only emits valid inputs)."""


# ---------------------------------------------------------------------------
# Keccak, EIP-55
# ---------------------------------------------------------------------------

def keccak256(data: bytes) -> bytes:
    h = keccak.new(digest_bits=256)
    h.update(data)
    return h.digest()


def eip55(addr: str) -> str:
    a = addr[2:].lower()
    hh = keccak256(a.encode("ascii")).hex()
    return "0x" + "".join(
        c.upper() if c.isalpha() and int(hh[i], 16) >= 8 else c for i, c in enumerate(a)
    )


# ---------------------------------------------------------------------------
# JSON parsing that keeps the exact text of numbers
# ---------------------------------------------------------------------------

class Raw:
    """A JSON fragment kept as its source text (numbers; also used to build inputs)."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def __repr__(self):
        return f"Raw({self.text!r})"

    def __eq__(self, other):
        return isinstance(other, Raw) and other.text == self.text

    def __hash__(self):
        return hash(self.text)


class Num(Raw):
    """A JSON number, kept as the exact text of the input."""


def _pairs(pairs):
    obj = {}
    for k, v in pairs:
        if k in obj:
            raise SpecError(f"duplicate key {k!r}")
        obj[k] = v
    return obj


def _no_constant(name):
    raise SpecError(f"not JSON: {name}")


def parse_json(text: str):
    return json.loads(
        text,
        parse_int=Num,
        parse_float=Num,
        parse_constant=_no_constant,
        object_pairs_hook=_pairs,
    )


# ---------------------------------------------------------------------------
# docs/spec.md section 2: objects and field kinds
# ---------------------------------------------------------------------------

def _obj(spec: str) -> dict:
    """'name kind, name? kind, ...' -> {name: (kind, required)}"""
    fields = {}
    for part in spec.split(","):
        name, kind = part.split()
        req = not name.endswith("?")
        fields[name.rstrip("?")] = (kind, req)
    return fields


_PI = "PriceImpact"
SCHEMA = {
    "QuoteRequest": _obj(
        "ownerAddress address, originChainId u64, originTokenAddress address,"
        "destinationChainId u64, destinationTokenAddress address, destinationToAddress? address,"
        "destinationCallData? bytes, destinationCallValue? uint, originTokenAmount? uint,"
        "destinationTokenAmount? uint, tradeType? enum:TradeType, onlyNativeGasFee? bool,"
        "options? obj:QuoteOptions"),
    "QuoteOptions": _obj(
        "swapProvider? enum:RouteProvider, bridgeProvider? enum:RouteProvider,"
        "slippageTolerance? decimal, serviceAddressOverrides? obj:AddressOverrides"),
    "AddressOverrides": _obj(
        "serviceWalletFactoryAddress? address, serviceWalletMainModuleAddress? address,"
        "serviceWalletMainModuleUpgradableAddress? address, serviceWalletGuestModuleAddress? address,"
        "serviceWalletUtilsAddress? address"),
    "Intent": _obj(
        "id u64, projectId u64, intentId string, status enum:IntentStatus,"
        "quoteRequest obj:QuoteRequest, ownerAddress address, originChainId u64,"
        "destinationChainId u64, originIntentAddress address, salt uint,"
        "depositTransaction obj:DepositTransaction, originCalls obj:CallBundle,"
        "originPrecondition obj:Precondition, originMetaTxn obj:MetaTxn, quote obj:Quote,"
        "fees obj:Fees, serviceVersion string, serviceContracts obj:ServiceContracts,"
        "expiresAt timestamp, destinationIntentAddress? address, destinationCalls? obj:CallBundle,"
        "destinationPrecondition? obj:Precondition, destinationMetaTxn? obj:MetaTxn,"
        "updatedAt? timestamp, createdAt? timestamp"),
    "DepositTransaction": _obj("toAddress address, tokenAddress address, amount uint, decimals? u8"),
    "CallBundle": _obj("chainId u64, calls arr:obj:Call, space? uint, nonce? uint"),
    "Call": _obj(
        "to address, value? uint, data? bytes, gasLimit? uint, delegateCall? bool,"
        "onlyFallback? bool, behaviorOnError? u8"),
    "Precondition": _obj(
        "type string, chainId u64, ownerAddress address, tokenAddress address, minAmount uint"),
    "MetaTxn": _obj("id string, chainId u64, walletAddress address, contract address, input bytes"),
    "ServiceContracts": _obj(
        "serviceIntentEntrypointAddress address-or-empty, serviceRouterAddress address-or-empty,"
        "serviceRouterShimAddress address-or-empty"),
    "Quote": _obj(
        "routeProviders arr:enum:RouteProvider, routeProvidersRequestIds arr:string,"
        "routeProvidersFeeUsd arr:decimal, fromAmount uint, fromAmountMin uint,"
        "fromAmountUsd decimal, fromAmountMinUsd decimal, toAmount uint, toAmountMin uint,"
        "toAmountUsd decimal, toAmountMinUsd decimal, maxSlippage decimal, priceImpact decimal,"
        "priceImpactUsd decimal, priceImpactDetails obj:PriceImpactDetails"),
    "PriceImpactDetails": _obj(
        f"executionPriceImpact obj:{_PI}, marketPriceImpact obj:{_PI},"
        f"providerFeesPriceImpact obj:{_PI}, serviceFeesPriceImpact obj:{_PI},"
        f"netPriceImpact obj:{_PI}"),
    "PriceImpact": _obj("priceImpact decimal, priceImpactUsd decimal"),
    "Fees": _obj(
        "originGas obj:GasDetail, destinationGas? obj:GasDetail, provider obj:ProviderFees,"
        "feeTokenAddress address, feeTokenAmount uint, feeTokenUsd decimal, feeTokenTotal uint,"
        "gasFeeTotal uint, gasFeeUsd decimal, serviceFeeTotal uint, serviceFeeUsd decimal,"
        "collectorFeeTotal uint, collectorFeeUsd decimal, providerFeeTotal uint,"
        "providerFeeUsd decimal, totalFeeAmount uint, totalFeeUsd decimal"),
    "GasDetail": _obj(
        "chainId u64, totalGasLimit uint, gasPrice uint, nativeTokenSymbol string,"
        "chainGasUsageStatus enum:ChainGasUsageStatus, totalFeeAmount uint, totalFeeUsd text-or-decimal,"
        "metaTxnFeeDetails obj:MetaTxnFeeDetails, metaTxnGasQuote string,"
        "nativeTokenPriceUsd? decimal"),
    "MetaTxnFeeDetails": _obj("metaTxnId string, estimatedGasLimit uint, feeNative uint"),
    "ProviderFees": _obj(
        "quoteProvider string, quoteProviderFee uint, quoteProviderFeeUsd decimal,"
        "serviceFee uint, serviceFeeUsd decimal, quoteProviderWithServiceFee uint,"
        "providerWithServiceFeeUsd decimal, totalFeeAmount uint, totalFeeUsd decimal"),
    "GasFeeOptions": _obj(
        "gasEstimate obj:GasEstimate, feeOptions arr:obj:FeeOption, expiresAt timestamp,"
        "feeCollectorAddress address"),
    "GasEstimate": _obj("totalGas u64, gasPrice string, nativeCost string, nativeCostUsd decimal"),
    "FeeOption": _obj(
        "tokenAddress address, tokenSymbol string, tokenDecimals u8, amount uint,"
        "amountUsd decimal, feeCollectorAddress address, is2612 bool"),
    "QuoteResponse": _obj("intent obj:Intent, gasFeeOptions obj:GasFeeOptions"),
    "CommitRequest": _obj("intent obj:Intent, serviceContracts? obj:ServiceContracts"),
    "CommitResponse": _obj("intentId string"),
    "ExecuteRequest": _obj(
        "intentId string, depositTransactionHash? bytes32, depositSignature? obj:DepositSignature"),
    "ExecuteResponse": _obj("intentId string, intentStatus enum:IntentStatus"),
    "DepositSignature": _obj(
        "selectedGasFeeOption obj:FeeOption, deadline u64, intentSignature? bytes,"
        "userNonce? uint, permitSignature? bytes, permitDeadline? u64, permitAmount? uint"),
    "IntentReceipt": _obj(
        "intentId string, status enum:IntentStatus, statusReason? string, updatedAt timestamp"),
}

CLOSED_ENUMS = {
    "TradeType": ["EXACT_INPUT", "EXACT_OUTPUT"],
}
# IntentStatus is open since revision 2 of the specification (QUOTED ... REFUNDED, INVALID, others kept).
OPEN_ENUMS = {"RouteProvider", "ChainGasUsageStatus", "IntentStatus"}
OPEN_ENUM_RE = re.compile(r"[A-Z0-9_]+")

U256_MAX = 2**256 - 1
U64_MAX = 2**64 - 1


# ---------------------------------------------------------------------------
# docs/spec.md section 4: canonical forms
# ---------------------------------------------------------------------------

_ESC = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def canon_string(s: str) -> str:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError as e:  # lone surrogate from a \udxxx escape
        raise SpecError("string is not valid Unicode") from e
    out = ['"']
    for ch in s:
        if ch in _ESC:
            out.append(_ESC[ch])
        elif ord(ch) < 0x20:
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def es_number(x: float) -> str:
    """ECMA-262 Number::toString(x) (radix 10); -0 gives "0"."""
    if not math.isfinite(x):
        raise SpecError("number is not finite")
    if x == 0:
        return "0"
    if x < 0:
        return "-" + es_number(-x)
    # repr(float) gives the shortest digit string that round-trips, nearest to x.
    _sign, digit_tuple, exp = Decimal(repr(x)).as_tuple()
    digits = "".join(map(str, digit_tuple))
    n = len(digits) + exp  # x = 0.digits * 10^n
    s = digits.rstrip("0")
    k = len(s)
    if k <= n <= 21:
        return s + "0" * (n - k)
    if 0 < n <= 21:
        return s[:n] + "." + s[n:]
    if -6 < n <= 0:
        return "0." + "0" * (-n) + s
    e = n - 1
    es = ("+" if e >= 0 else "-") + str(abs(e))
    if k == 1:
        return s + "e" + es
    return s[0] + "." + s[1:] + "e" + es


def utf16_key(key: str) -> bytes:
    """Sort key of an object key: its UTF-16 code units (docs/spec.md section 4, RFC 8785 section
    3.2.3). Big-endian code units compare bytewise exactly as the units compare."""
    return key.encode("utf-16-be", errors="surrogatepass")


_INT_TEXT = re.compile(r"-?(0|[1-9][0-9]*)")
_DIGITS = re.compile(r"[0-9]+")


def canon_generic(v) -> str:
    """Canonical form of an unknown member's value (docs/spec.md section 4)."""
    if isinstance(v, dict):
        keys = sorted(v, key=utf16_key)
        return "{" + ",".join(canon_string(k) + ":" + canon_generic(v[k]) for k in keys) + "}"
    if isinstance(v, list):
        return "[" + ",".join(canon_generic(x) for x in v) + "]"
    if isinstance(v, str):
        return canon_string(v)
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "null"
    if isinstance(v, Num):
        if _INT_TEXT.fullmatch(v.text):
            return str(int(v.text))  # exact; int("-0") == 0
        return es_number(float(v.text))  # float() of a decimal string is correctly rounded
    raise TypeError(v)


def _exact_int(v, path, lo, hi, allow_number_forms: bool) -> int:
    if isinstance(v, Num):
        if allow_number_forms:
            d = Decimal(v.text)  # exact, no context rounding on construction
            if not d.is_finite() or d != d.to_integral_value():
                raise SpecError(f"{path}: not an integer")
            n = int(d)
        else:
            if not _INT_TEXT.fullmatch(v.text):
                raise SpecError(f"{path}: not an integer")
            n = int(v.text)
    elif isinstance(v, str):
        if not _DIGITS.fullmatch(v):
            raise SpecError(f"{path}: not a decimal-digit string")
        n = int(v)
    else:
        raise SpecError(f"{path}: wrong type")
    if not lo <= n <= hi:
        raise SpecError(f"{path}: out of range")
    return n


_HEX = re.compile(r"0x([0-9a-fA-F]*)")
_TS = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})"
    r"(?:\.([0-9]{1,9}))?([Zz]|[+-][0-9]{2}:[0-9]{2})"
)


def canon_address(v, path) -> str:
    if not isinstance(v, str):
        raise SpecError(f"{path}: wrong type")
    m = _HEX.fullmatch(v)
    if not m or len(m.group(1)) != 40:
        raise SpecError(f"{path}: invalid address")
    h = m.group(1)
    if h != h.lower() and h != h.upper() and eip55(v) != v:
        raise SpecError(f"{path}: invalid checksum")
    return '"0x' + h.lower() + '"'


def canon_bytes(v, path, size=None) -> str:
    if not isinstance(v, str):
        raise SpecError(f"{path}: wrong type")
    m = _HEX.fullmatch(v)
    if not m or len(m.group(1)) % 2:
        raise SpecError(f"{path}: invalid hex")
    if size is not None and len(m.group(1)) != 2 * size:
        raise SpecError(f"{path}: wrong length")
    return '"0x' + m.group(1).lower() + '"'


def canon_timestamp(v, path) -> str:
    if not isinstance(v, str):
        raise SpecError(f"{path}: wrong type")
    m = _TS.fullmatch(v)
    if not m:
        raise SpecError(f"{path}: invalid timestamp")
    y, mo, d, h, mi, s = (int(m.group(i)) for i in range(1, 7))
    frac = (m.group(7) or "").rstrip("0")
    off = m.group(8)
    try:
        t = _dt.datetime(y, mo, d, h, mi, s)
        if off not in ("Z", "z"):
            oh, om = int(off[1:3]), int(off[4:6])
            if oh > 23 or om > 59:
                raise SpecError(f"{path}: invalid offset")
            delta = _dt.timedelta(hours=oh, minutes=om)
            t = t - delta if off[0] == "+" else t + delta
    except (ValueError, OverflowError) as e:
        raise SpecError(f"{path}: invalid timestamp") from e
    out = f"{t.year:04d}-{t.month:02d}-{t.day:02d}T{t.hour:02d}:{t.minute:02d}:{t.second:02d}"
    if frac:
        out += "." + frac
    return '"' + out + 'Z"'


def canon_value(v, kind: str, path: str) -> str:
    if v is None:
        raise SpecError(f"{path}: null")
    if kind == "uint":
        return '"' + str(_exact_int(v, path, 0, U256_MAX, True)) + '"'
    if kind == "u64":
        return str(_exact_int(v, path, 0, U64_MAX, False))
    if kind == "u8":
        return str(_exact_int(v, path, 0, 255, False))
    if kind == "decimal":
        if not isinstance(v, Num):
            raise SpecError(f"{path}: not a number")
        return es_number(float(v.text))
    if kind == "address":
        return canon_address(v, path)
    if kind == "address-or-empty":
        # docs/spec.md section 1: "" means none and stays ""; anything else is an address.
        return '""' if v == "" else canon_address(v, path)
    if kind == "text-or-decimal":
        # docs/spec.md section 1: a string unchanged, or a number in decimal's form.
        if isinstance(v, str):
            return canon_string(v)
        if isinstance(v, Num):
            return es_number(float(v.text))
        raise SpecError(f"{path}: neither a string nor a number")
    if kind == "bytes":
        return canon_bytes(v, path)
    if kind == "bytes32":
        return canon_bytes(v, path, 32)
    if kind == "timestamp":
        return canon_timestamp(v, path)
    if kind == "string":
        if not isinstance(v, str):
            raise SpecError(f"{path}: not a string")
        return canon_string(v)
    if kind == "bool":
        if not isinstance(v, bool):
            raise SpecError(f"{path}: not a bool")
        return "true" if v else "false"
    if kind.startswith("enum:"):
        name = kind[5:]
        if not isinstance(v, str):
            raise SpecError(f"{path}: not a string")
        if name in CLOSED_ENUMS:
            if v not in CLOSED_ENUMS[name]:
                raise SpecError(f"{path}: invalid enum")
        elif not OPEN_ENUM_RE.fullmatch(v):
            raise SpecError(f"{path}: invalid enum")
        return canon_string(v)
    if kind.startswith("arr:"):
        if not isinstance(v, list):
            raise SpecError(f"{path}: not an array")
        return "[" + ",".join(canon_value(x, kind[4:], f"{path}[{i}]") for i, x in enumerate(v)) + "]"
    if kind.startswith("obj:"):
        return canon_object(v, kind[4:], path)
    raise AssertionError(kind)


def canon_object(v, type_name: str, path: str = "") -> str:
    if not isinstance(v, dict):
        raise SpecError(f"{path or type_name}: not an object")
    fields = SCHEMA[type_name]
    members = {}
    for name, (kind, required) in fields.items():
        sub = f"{path}.{name}" if path else name
        if name not in v or v[name] is None:
            if required:
                raise SpecError(f"{sub}: missing field")
            continue
        members[name] = canon_value(v[name], kind, sub)
    for name, value in v.items():
        if name not in fields:  # unknown member: kept, canonicalised generically
            members[name] = canon_generic(value)
    keys = sorted(members, key=utf16_key)
    return "{" + ",".join(canon_string(k) + ":" + members[k] for k in keys) + "}"


def canonical_json(text: str, type_name: str) -> str:
    return canon_object(parse_json(text), type_name)


def canonical_hash(canonical: str) -> str:
    return "0x" + keccak256(canonical.encode("utf-8")).hex()


# ---------------------------------------------------------------------------
# docs/spec.md section 7 checks, so that every input is a valid value (run on canonical JSON)
# ---------------------------------------------------------------------------

def _ts(s):
    return _dt.datetime.strptime(s[:19], "%Y-%m-%dT%H:%M:%S"), s[20:-1]


def _ts_key(s):
    t, frac = _ts(s)
    return t, int((frac + "000000000")[:9]) if frac else 0


def check_quote_request(q, path="quoteRequest"):
    assert q["originChainId"] != 0 and q["destinationChainId"] != 0, path
    oa = int(q["originTokenAmount"]) if "originTokenAmount" in q else None
    da = int(q["destinationTokenAmount"]) if "destinationTokenAmount" in q else None
    tt = q.get("tradeType")
    if tt == "EXACT_INPUT":
        assert oa and oa > 0 and da is None, path
    elif tt == "EXACT_OUTPUT":
        assert da and da > 0 and oa is None, path
    else:
        assert (oa is None) != (da is None), path
    opts = q.get("options", {})
    if "swapProvider" in opts:
        assert q["originChainId"] == q["destinationChainId"], path
    if "slippageTolerance" in opts:
        assert 0 <= opts["slippageTolerance"] < 1, path
    if "destinationCallValue" in q:
        assert "destinationCallData" in q, path
    assert not (
        q["originChainId"] == q["destinationChainId"]
        and q["originTokenAddress"] == q["destinationTokenAddress"]
        and "destinationCallData" not in q
        and q.get("destinationToAddress", q["ownerAddress"]) == q["ownerAddress"]
    ), path


def check_intent(i):
    q = i["quoteRequest"]
    check_quote_request(q)
    assert i["ownerAddress"] == q["ownerAddress"]
    assert i["originChainId"] == q["originChainId"]
    assert i["destinationChainId"] == q["destinationChainId"]
    assert i["depositTransaction"]["toAddress"] == i["originIntentAddress"]
    assert i["depositTransaction"]["tokenAddress"] == q["originTokenAddress"]
    o, d = i["originChainId"], i["destinationChainId"]
    for key, chain in [
        ("originCalls", o), ("originPrecondition", o), ("originMetaTxn", o),
        ("destinationCalls", d), ("destinationPrecondition", d), ("destinationMetaTxn", d),
    ]:
        if key in i:
            assert i[key]["chainId"] == chain, key
    assert i["fees"]["originGas"]["chainId"] == o
    if "destinationGas" in i["fees"]:
        assert i["fees"]["destinationGas"]["chainId"] == d
    qt = i["quote"]
    assert int(qt["fromAmountMin"]) <= int(qt["fromAmount"])
    assert int(qt["toAmountMin"]) <= int(qt["toAmount"])
    assert len(qt["routeProviders"]) == len(qt["routeProvidersRequestIds"]) == len(qt["routeProvidersFeeUsd"])
    if "createdAt" in i:
        assert _ts_key(i["expiresAt"]) > _ts_key(i["createdAt"])


CHECKS = {"Intent": check_intent, "QuoteRequest": check_quote_request, "GasFeeOptions": lambda g: None}


# ---------------------------------------------------------------------------
# Building inputs
# ---------------------------------------------------------------------------

def emit(v, indent=None, level=0, ascii_only=False, sep=(",", ":")) -> str:
    """Write a tree (dict/list/str/bool/None/Raw) as JSON text, keeping Raw text as is."""
    if isinstance(v, Raw):
        return v.text
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=ascii_only)
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "null"
    if isinstance(v, (dict, list)):
        items = (
            [json.dumps(k, ensure_ascii=ascii_only) + sep[1] + emit(x, indent, level + 1, ascii_only, sep)
             for k, x in v.items()]
            if isinstance(v, dict)
            else [emit(x, indent, level + 1, ascii_only, sep) for x in v]
        )
        o, c = ("{", "}") if isinstance(v, dict) else ("[", "]")
        if not items:
            return o + c
        if indent is None:
            return o + sep[0].join(items) + c
        pad = "\n" + " " * (indent * (level + 1))
        return o + pad + ("," + pad).join(items) + "\n" + " " * (indent * level) + c
    raise TypeError(v)


def pretty(v) -> str:
    return emit(v, indent=2, sep=(",", ": "))


def minified(v) -> str:
    return emit(v)


def _split(path: str):
    out = []
    for part in path.split("."):
        m = re.fullmatch(r"([^\[]+)((?:\[\d+\])*)", part)
        out.append(m.group(1))
        out.extend(int(x) for x in re.findall(r"\[(\d+)\]", m.group(2)))
    return out


def get(tree, path):
    for p in _split(path):
        tree = tree[p]
    return tree


def put(tree, path, value):
    parts = _split(path)
    node = tree
    for p in parts[:-1]:
        node = node[p]
    node[parts[-1]] = value
    return tree


def delete(tree, path):
    parts = _split(path)
    node = tree
    for p in parts[:-1]:
        node = node[p]
    del node[parts[-1]]
    return tree


def walk_kinds(v, kind, fn):
    """Rebuild tree v of the given kind, replacing each leaf by fn(kind, value)."""
    if kind.startswith("obj:"):
        fields = SCHEMA[kind[4:]]
        return {
            k: (walk_kinds(x, fields[k][0], fn) if k in fields and x is not None else x)
            for k, x in v.items()
        }
    if kind.startswith("arr:"):
        return [walk_kinds(x, kind[4:], fn) for x in v]
    return fn(kind, v)


def reverse_keys(v):
    if isinstance(v, dict):
        return {k: reverse_keys(x) for k, x in reversed(list(v.items()))}
    if isinstance(v, list):
        return [reverse_keys(x) for x in v]
    return v


def sorted_keys(v):
    if isinstance(v, dict):
        return {k: sorted_keys(v[k]) for k in sorted(v)}
    if isinstance(v, list):
        return [sorted_keys(x) for x in v]
    return v


def ascii_escapes(text: str) -> str:
    """JSON text with every non-ASCII character written as \\u escapes (surrogate pairs above U+FFFF)."""
    out = []
    for ch in text:
        o = ord(ch)
        if o < 0x80:
            out.append(ch)
        elif o < 0x10000:
            out.append("\\u%04x" % o)
        else:
            o -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF)))
    return "".join(out)


def number_spelling(n: int) -> str:
    """A JSON number whose exact value is n but which is not plain digits (1e3 / 1000.0 style)."""
    s = str(n)
    z = len(s) - len(s.rstrip("0"))
    if n != 0 and z >= 2:
        m = s[: len(s) - z]
        return (m[0] + "." + m[1:] if len(m) > 1 else m) + "e" + str(z + len(m) - 1)
    return s + ".0"


# ---------------------------------------------------------------------------
# The cases
# ---------------------------------------------------------------------------

def build_cases():
    ex_dir = ROOT / "examples"
    intent_text = (ex_dir / "intent.json").read_text(encoding="utf-8")
    qr_text = (ex_dir / "quote-request.json").read_text(encoding="utf-8")
    gfo_text = (ex_dir / "gas-fee-options.json").read_text(encoding="utf-8")
    INTENT = parse_json(intent_text)
    QR = parse_json(qr_text)
    GFO = parse_json(gfo_text)

    cases = []  # (name, type, input text, group)

    def add(name, type_name, text, group=None):
        cases.append((name, type_name, text, group or name))

    def variant(fn, tree=INTENT):
        t = copy.deepcopy(tree)
        r = fn(t)  # mutates t in place, or returns a rebuilt tree
        return r if isinstance(r, dict) else t

    def I(name, fn, group=None, fmt=minified):
        add(name, "Intent", fmt(variant(fn)), group)

    # ---- spelling-only variants of the example (all share one hash) ----------
    add("intent example as is", "Intent", intent_text, "example")
    add("intent minified", "Intent", minified(INTENT), "example")
    add("intent keys reversed at every level", "Intent", pretty(reverse_keys(INTENT)), "example")
    add("intent keys sorted, CRLF and tab white space", "Intent",
        emit(sorted_keys(INTENT), indent=1, sep=(" ,", " :\t")).replace("\n", "\r\n\t"), "example")
    add("intent non-ASCII-safe escapes (\\u and \\/ in strings)", "Intent",
        emit(INTENT, ascii_only=True).replace('"rq_01JDQ7ZK3M9V4T8XW2N6B5C1PA"',
                                               '"\\u0072q_01JDQ7ZK3M9V4T8XW2N6B5C1PA"')
        .replace('"erc20-min-balance"', '"erc20\\u002dmin\\u002Dbalance"'), "example")

    def addr_map(f):
        # address-or-empty members that hold an address are respelled like addresses.
        return lambda t: walk_kinds(
            t, "obj:Intent", lambda k, v: f(v) if k == "address" or (k == "address-or-empty" and v) else v)

    I("addresses all lowercase", addr_map(lambda a: a.lower()), "example")
    I("addresses with uppercase hex digits", addr_map(lambda a: "0x" + a[2:].upper()), "example")
    I("addresses in mixed spellings (lower, upper, checksum)",
      addr_map(lambda a: [a.lower(), "0x" + a[2:].upper(), eip55(a)][int(a[2], 16) % 3]), "example",
      fmt=pretty)

    def uints_as(f):
        return lambda t: walk_kinds(t, "obj:Intent", lambda k, v: f(v) if k == "uint" else v)

    I("uints as plain JSON numbers", uints_as(lambda v: Num(v)), "example")
    I("uints as JSON numbers in 1e3 / 1000.0 spellings", uints_as(lambda v: Num(number_spelling(int(v)))),
      "example")
    I("uints with negative exponent and trailing fraction zeros",
      lambda t: (put(t, "originCalls.calls[0].gasLimit", Num("6500000e-2")),
                 put(t, "originCalls.calls[1].gasLimit", Num("350000.000")),
                 put(t, "originCalls.calls[0].value", Num("0e5")),
                 put(t, "depositTransaction.amount", Num("125147772000000000000.0")),
                 put(t, "quote.fromAmount", Num("1.25E+20"))), "example")
    I("u64 and u8 as decimal-digit strings",
      lambda t: walk_kinds(t, "obj:Intent", lambda k, v: str(v.text) if k in ("u64", "u8") else v),
      "example")
    I("decimal spellings: 3401.270000000000000001, 0.0, -0, 0.5e-2, 1.3E-3",
      lambda t: (put(t, "fees.originGas.nativeTokenPriceUsd", Num("3401.270000000000000001")),
                 put(t, "quote.priceImpactDetails.marketPriceImpact.priceImpact", Num("0.0")),
                 put(t, "quote.priceImpactDetails.marketPriceImpact.priceImpactUsd", Num("-0")),
                 put(t, "quote.maxSlippage", Num("0.5e-2")),
                 put(t, "quote.priceImpact", Num("-1.3E-3"))), "example")
    I("decimal -0.0 written as 0", lambda t: put(t, "quote.priceImpactDetails.marketPriceImpact.priceImpact",
                                                   Num("-0.0")), "example")
    I("timestamps with offsets +05:30 and -08:00",
      lambda t: (put(t, "createdAt", "2026-11-22T00:00:00+05:30"),
                 put(t, "expiresAt", "2026-11-21T10:35:00-08:00"),
                 put(t, "updatedAt", "2026-11-21T18:30:02+00:00")), "example")
    I("timestamps with lowercase t and z", lambda t: (put(t, "createdAt", "2026-11-21t18:30:00z"),
                                                      put(t, "updatedAt", "2026-11-21t18:30:02Z")),
      "example")
    I("timestamps with all-zero fractions",
      lambda t: (put(t, "createdAt", "2026-11-21T18:30:00.000Z"),
                 put(t, "expiresAt", "2026-11-21T18:35:00.000000000Z"),
                 put(t, "updatedAt", "2026-11-21T20:30:02.0+02:00")), "example")
    I("data and bytes with uppercase hex digits",
      lambda t: (put(t, "originCalls.calls[0].data", get(t, "originCalls.calls[0].data")[:2]
                     + get(t, "originCalls.calls[0].data")[2:].upper()),
                 put(t, "originMetaTxn.input", "0x" + get(t, "originMetaTxn.input")[2:].upper())),
      "example")
    I("null for optional call fields that are absent",
      lambda t: (put(t, "originCalls.calls[2].value", None),
                 put(t, "originCalls.calls[2].delegateCall", None)), "example")

    # ---- meaning changes -----------------------------------------------------
    I("salt 2^256-1 as JSON number", lambda t: put(t, "salt", Num(str(U256_MAX))), "salt max")
    I("salt 2^256-1 as string", lambda t: put(t, "salt", str(U256_MAX)), "salt max")
    I("salt 2^256-1 as 1.15...e77 number",
      lambda t: put(t, "salt", Num("1." + str(U256_MAX)[1:] + "e" + str(len(str(U256_MAX)) - 1))), "salt max")
    I("id 2^64-1 as JSON number", lambda t: put(t, "id", Num(str(U64_MAX))), "id max")
    I("id 2^64-1 as string", lambda t: put(t, "id", str(U64_MAX)), "id max")
    I("projectId 7 as JSON number", lambda t: put(t, "projectId", Num("7")), "projectId 7")
    I("projectId \"7\" as string", lambda t: put(t, "projectId", "7"), "projectId 7")

    decimals = [
        ("0.1", "0.1", None), ("1e21", "1e+21", "1e21"), ("1000000000000000000000", "1e+21", "1e21"),
        ("1e20", "100000000000000000000", None), ("1e-7", "1e-7", None),
        ("5e-324", "5e-324", None), ("1.7976931348623157e308", "1.7976931348623157e+308", None),
        ("123456789012345680000", "123456789012345680000", "1.2345678901234568e20"),
        ("123456789012345678901", "123456789012345680000", "1.2345678901234568e20"),
        ("0.000001", "0.000001", "1e-6"), ("0.0000010", "0.000001", "1e-6"), ("1e-6", "0.000001", "1e-6"),
        ("123e-20", "1.23e-18", None), ("100", "100", "100"), ("1E2", "100", "100"), ("100.0", "100", "100"),
        ("1.5", "1.5", None), ("0.30000000000000004", "0.30000000000000004", None),
        ("-2.5e-7", "-2.5e-7", None), ("-1234.5678", "-1234.5678", None),
    ]
    expected_decimal = {}
    for text, es, grp in decimals:
        name = f"decimal feeTokenUsd = {text}"
        I(name, lambda t, text=text: put(t, "fees.feeTokenUsd", Num(text)), grp and "feeTokenUsd " + grp)
        expected_decimal[name] = es
    I("decimal routeProvidersFeeUsd element 5e-324 and nativeTokenPriceUsd 1e21",
      lambda t: (put(t, "quote.routeProvidersFeeUsd[0]", Num("5e-324")),
                 put(t, "fees.destinationGas.nativeTokenPriceUsd", Num("1e21"))))
    I("slippageTolerance 0.1", lambda t: put(t, "quoteRequest.options.slippageTolerance", Num("0.1")))

    I("createdAt 9-digit fraction", lambda t: put(t, "createdAt", "2026-11-21T18:30:00.123456789Z"),
      "createdAt .123456789")
    I("createdAt 9-digit fraction with offset crossing midnight",
      lambda t: put(t, "createdAt", "2026-11-22T02:30:00.123456789+08:00"), "createdAt .123456789")
    I("updatedAt fraction with trailing zeros .500000000",
      lambda t: put(t, "updatedAt", "2026-11-21T18:30:02.500000000Z"), "updatedAt .5")
    I("updatedAt fraction .5 with lowercase t/z and -08:00",
      lambda t: put(t, "updatedAt", "2026-11-21t10:30:02.5-08:00"), "updatedAt .5")
    I("expiresAt at year-end with +14:00 offset fraction .120",
      lambda t: (put(t, "createdAt", "2027-01-01T13:00:00+14:00"),
                 put(t, "expiresAt", "2027-01-01T13:05:00.120+14:00")))

    optional = ["destinationIntentAddress", "destinationCalls", "destinationPrecondition",
                "destinationMetaTxn", "createdAt", "updatedAt", "fees.destinationGas",
                "fees.originGas.nativeTokenPriceUsd"]
    I("all optional fields absent", lambda t: [delete(t, p) for p in optional], "optional absent")
    I("all optional fields null", lambda t: [put(t, p, None) for p in optional], "optional absent")
    I("destinationMetaTxn absent", lambda t: delete(t, "destinationMetaTxn"), "destinationMetaTxn absent")
    I("destinationMetaTxn null", lambda t: put(t, "destinationMetaTxn", None), "destinationMetaTxn absent")
    I("onlyNativeGasFee absent (example has false)", lambda t: delete(t, "quoteRequest.onlyNativeGasFee"))
    I("onlyNativeGasFee true", lambda t: put(t, "quoteRequest.onlyNativeGasFee", True))
    I("call data 0x (empty)", lambda t: put(t, "originCalls.calls[2].data", "0x"))
    I("call data 0x00", lambda t: put(t, "originCalls.calls[2].data", "0x00"))
    I("call data absent", lambda t: delete(t, "originCalls.calls[2].data"))
    I("call value 0 added where absent", lambda t: put(t, "originCalls.calls[2].value", "0"))
    I("origin calls reordered", lambda t: put(t, "originCalls.calls", get(t, "originCalls.calls")[::-1]))
    I("routeProviders with an unknown open-enum provider",
      lambda t: (put(t, "quote.routeProviders", ["PROVIDER_1", "ACROSS_V3"]),
                 put(t, "quote.routeProvidersRequestIds", ["rq_01JDQ7ZK3M9V4T8XW2N6B5C1PA", "a-1"]),
                 put(t, "quote.routeProvidersFeeUsd", [Num("0.0375"), Num("0")])))

    # ---- strings ---------------------------------------------------------------
    I("string with non-ASCII literal UTF-8 (é, 日本, emoji)",
      lambda t: put(t, "serviceVersion", "v1.4.2-é-日本-😀"), "string non-ascii")
    add("string with non-ASCII as \\u escapes (é, 日本, emoji)", "Intent",
        minified(INTENT).replace('"serviceVersion":"v1.4.2"',
                                 '"serviceVersion":"v1.4.2-\\u00e9-\\u65E5\\u672c-\\ud83d\\ude00"'),
        "string non-ascii")
    I("string with control characters \\u0001 \\u001f \\t \\n \\b \\f \\r and U+007F",
      lambda t: put(t, "originPrecondition.type", "a\u0001b\u001fc\td\ne\bf\fg\rh\u007fi"),
      "string controls")
    add("string with control characters spelled as \\u00XX escapes", "Intent",
        minified(INTENT).replace('"type":"erc20-min-balance","chainId":42161',
                                 '"type":"a\\u0001b\\u001Fc\\u0009d\\u000ae\\u0008f\\u000Cg\\u000dh\u007fi",'
                                 '"chainId":42161', 1),
        "string controls")
    I("string with quotes, backslashes and slash",
      lambda t: put(t, "intentId", 'say "hi" \\ path/to\\file /'), "string quotes")
    add("string with quotes, backslashes and escaped slash \\/", "Intent",
        minified(INTENT).replace(json.dumps(INTENT["intentId"]),
                                 '"say \\"hi\\" \\\\ path\\/to\\\\file \\u002f"'),
        "string quotes")
    I("string with U+2028, U+2029 and U+FEFF",
      lambda t: put(t, "quote.routeProvidersRequestIds[0]", "rq\u2028line\u2029para\ufeffbom"))
    I("empty strings", lambda t: (put(t, "serviceVersion", ""), put(t, "fees.originGas.totalFeeUsd", "")))

    # ---- unknown members -------------------------------------------------------
    U_TOP = '"zeta":{"b":[1.0,1E2,0.1e1,-0,-0.0,2.5],"a":{"y":null,"x":true,"w":false}}'
    big = str(2**300)
    U_NUMS = ('"numbers":[' + big + ',-' + big + ',9007199254740993,9007199254740993.0,'
              '12345678901234567890123,1.2345678901234567890123e22,1.5e300,5e-324,-1e-7,1e21,1e-6,100.50]')
    U_KEYS = '"keys":{"z":1,"\u00e9":2,"\U0001F600":3,"\uff5e":4,"A":5,"_":6,"":7,"a\\u0000":8,"a":9}'

    def add_unknown(tree_text, where_before, member):
        return tree_text.replace(where_before, where_before + member + ",", 1)

    mini = minified(INTENT)
    add("unknown member at top level (nested object, unsorted keys, floats)", "Intent",
        "{" + U_TOP + "," + mini[1:], "unknown top")
    add("unknown member at top level, keys pre-sorted and numbers respelled", "Intent",
        mini[:-1] + ',"zeta":{"a":{"w":false,"x":true,"y":null},"b":[1,100,1,0,0,25e-1]}}', "unknown top")
    add("unknown member at top level with a changed value", "Intent",
        "{" + U_TOP.replace("2.5", "2.50001") + "," + mini[1:])
    add("unknown member with big integers and float edge cases", "Intent",
        "{" + U_NUMS + "," + mini[1:])
    add("unknown member with unicode keys (UTF-16 order)", "Intent",
        "{" + U_KEYS + "," + mini[1:], "unknown keys")
    add("unknown member with unicode keys as \\u escapes", "Intent",
        "{" + ascii_escapes(U_KEYS) + "," + mini[1:],
        "unknown keys")
    add("unknown top-level keys that sort among known ones (A, é, salt2, Salt)", "Intent",
        mini[:-1] + ',"\u00e9":"\u00e9","A":[],"salt2":{},"Salt":"1","~":"\u65e5\u672c"}')
    call0 = '"calls":[{'
    add("unknown member nested in originCalls.calls[0]", "Intent",
        add_unknown(mini, call0, '"x-trace":{"span":"0x1234","id":' + big + ',"tags":["a","\\u0001"]}'),
        "unknown call0")
    add("unknown member nested in originCalls.calls[0], respelled", "Intent",
        add_unknown(mini, call0, '"x-trace":{"tags":["\\u0061","\\u0001"],"id":' + big + ',"span":"0x1234"}'),
        "unknown call0")
    add("unknown member nested in fees.originGas", "Intent",
        add_unknown(mini, '"originGas":{', '"l1DataFee":{"wei":1800000000000,"usd":0.0061,"src":"blob"},'
                    '"notes":["\u00e9","\u2028",null]'))
    add("unknown member nested in quoteRequest.options and depositTransaction", "Intent",
        add_unknown(add_unknown(mini, '"options":{', '"referrer":"partner/\u00e9"'),
                    '"depositTransaction":{', '"memo":null'))
    add("unknown member with value null at top level", "Intent", mini[:-1] + ',"extra":null}')

    # ---- published schema 2026 (revision 2 of the specification, issue 10 "schema") -----------
    # text-or-decimal, address-or-empty, optional decimals, open IntentStatus.
    I("totalFeeUsd as a JSON number 0.016156",
      lambda t: put(t, "fees.originGas.totalFeeUsd", Num("0.016156")), "totalFeeUsd number")
    I("totalFeeUsd as a JSON number 1.6156e-2 (respelled)",
      lambda t: put(t, "fees.originGas.totalFeeUsd", Num("1.6156E-2")), "totalFeeUsd number")
    I("totalFeeUsd as a string 1.6156e-2 (text kept unchanged)",
      lambda t: put(t, "fees.originGas.totalFeeUsd", "1.6156e-2"))
    I("totalFeeUsd as JSON numbers -0 and 1e21 on both chains",
      lambda t: (put(t, "fees.originGas.totalFeeUsd", Num("-0")),
                 put(t, "fees.destinationGas.totalFeeUsd", Num("1e21"))))
    I("serviceContracts addresses in mixed spellings (lower, upper, checksum)",
      lambda t: (put(t, "serviceContracts.serviceIntentEntrypointAddress",
                     get(t, "serviceContracts.serviceIntentEntrypointAddress").lower()),
                 put(t, "serviceContracts.serviceRouterAddress",
                     "0x" + get(t, "serviceContracts.serviceRouterAddress")[2:].upper()),
                 put(t, "serviceContracts.serviceRouterShimAddress",
                     eip55(get(t, "serviceContracts.serviceRouterShimAddress")))), "example")
    I("serviceIntentEntrypointAddress empty (permit-only generation)",
      lambda t: put(t, "serviceContracts.serviceIntentEntrypointAddress", ""), "entrypoint empty")
    add("serviceIntentEntrypointAddress empty, spelled with white space around", "Intent",
        minified(INTENT).replace('"serviceIntentEntrypointAddress":"' + INTENT["serviceContracts"]
                                 ["serviceIntentEntrypointAddress"] + '"',
                                 '"serviceIntentEntrypointAddress" :  "" '), "entrypoint empty")
    I("serviceIntentEntrypointAddress the zero address (not empty)",
      lambda t: put(t, "serviceContracts.serviceIntentEntrypointAddress", "0x" + "00" * 20))
    I("serviceContracts all empty",
      lambda t: [put(t, "serviceContracts." + k, "") for k in
                 ("serviceIntentEntrypointAddress", "serviceRouterAddress", "serviceRouterShimAddress")])
    I("depositTransaction without decimals", lambda t: delete(t, "depositTransaction.decimals"),
      "decimals absent")
    I("depositTransaction decimals null", lambda t: put(t, "depositTransaction.decimals", None),
      "decimals absent")
    I("status INVALID", lambda t: put(t, "status", "INVALID"))
    I("status ON_HOLD (an unknown name, kept)", lambda t: put(t, "status", "ON_HOLD"))

    for name, text, group in utf16_key_order_cases(mini):
        add(name, "Intent", text, group)

    # ---- QuoteRequest and GasFeeOptions -------------------------------------
    add("quoteRequest example as is", "QuoteRequest", qr_text, "qr example")
    add("quoteRequest minified, keys reversed, lowercase addresses, amount as 1.25e20", "QuoteRequest",
        minified(reverse_keys(walk_kinds(
            variant(lambda t: put(t, "originTokenAmount", Num("1.25e20")), QR), "obj:QuoteRequest",
            lambda k, v: v.lower() if k == "address" else (str(v.text) if k == "u64" else v)))),
        "qr example")
    add("quoteRequest with every optional field", "QuoteRequest", pretty(variant(lambda t: (
        put(t, "destinationCallData", "0xA9059CBB" + "00" * 64),
        put(t, "destinationCallValue", Num("0")),
        put(t, "options", {"bridgeProvider": "CCTP", "slippageTolerance": Num("1e-7"),
                           "serviceAddressOverrides": {
                               "serviceWalletFactoryAddress": "0x" + "ab" * 20,
                               "serviceWalletMainModuleAddress": "0x" + "CD" * 20,
                               "serviceWalletMainModuleUpgradableAddress": eip55("0x" + "12ef" * 10),
                               "serviceWalletGuestModuleAddress": "0x" + "00" * 20,
                               "serviceWalletUtilsAddress": "0x" + "ff" * 20}})), QR)))
    add("quoteRequest minimal (no optional fields, no tradeType)", "QuoteRequest", minified(variant(
        lambda t: [delete(t, k) for k in ("destinationToAddress", "tradeType", "onlyNativeGasFee", "options")],
        QR)))
    add("quoteRequest EXACT_OUTPUT with destinationTokenAmount 2^256-1", "QuoteRequest", minified(variant(
        lambda t: (delete(t, "originTokenAmount"), put(t, "tradeType", "EXACT_OUTPUT"),
                   put(t, "destinationTokenAmount", Num(str(U256_MAX)))), QR)))

    add("gasFeeOptions example as is", "GasFeeOptions", gfo_text, "gfo example")
    add("gasFeeOptions respelled (u64/u8 strings, uint numbers, offset, lowercase)", "GasFeeOptions",
        pretty(reverse_keys(walk_kinds(
            variant(lambda t: put(t, "expiresAt", "2026-11-21T19:35:00.000+01:00"), GFO), "obj:GasFeeOptions",
            lambda k, v: v.lower() if k == "address" else str(v.text) if k in ("u64", "u8")
            else Num(v) if k == "uint" else v))),
        "gfo example")
    add("gasFeeOptions feeOptions reordered", "GasFeeOptions", minified(variant(
        lambda t: put(t, "feeOptions", get(t, "feeOptions")[::-1]), GFO)))
    add("gasFeeOptions is2612 false for the deposit token", "GasFeeOptions", minified(variant(
        lambda t: put(t, "feeOptions[0].is2612", False), GFO)))

    return cases, expected_decimal


# ---------------------------------------------------------------------------
# Key order by UTF-16 code units (issue 10): keys above U+FFFF (surrogate pairs,
# D800-DBFF first) beside keys in U+E000-U+FFFF, where UTF-8 byte order and UTF-16
# order disagree; at the top level (unknown members of the Intent) and nested in
# unknown members.
# ---------------------------------------------------------------------------

def utf16_key_order_cases(mini: str):
    """(name, Intent text, group) for the key-order cases; `mini` is the minified example."""
    top = {"\U0001F600": Num("1"), "\uE000": Num("2"), "\uFFFF": Num("3"), "\U00010000": Num("4"),
           "\uD7FF": Num("5"), "\uFF21": Num("6"), "\U0010FFFF": Num("7"), "\uEFFF": Num("8")}
    nested = {"ext": {
        "\uFFFF": Num("1"),
        "\U0001F600": {"\uE000": [{"\U00010000": Num("0"), "\uEFFF": Num("1")}], "\U0010FFFF": Num("2")},
        "\uF000": {"\U0001F602": "smiley", "\uFB33": "dalet", "\u00F6": "o"},
    }}

    def members(tree, order):
        return ",".join(minified({k: tree[k]})[1:-1] for k in order(list(tree)))

    def utf8_order(keys):
        return sorted(keys, key=lambda k: k.encode("utf-8"))

    def reversed_order(keys):
        return sorted(keys, key=utf16_key, reverse=True)

    def nested_text(tree, order):
        if isinstance(tree, dict):
            return "{" + ",".join(canon_string(k) + ":" + nested_text(tree[k], order) for k in order(list(tree))) + "}"
        if isinstance(tree, list):
            return "[" + ",".join(nested_text(x, order) for x in tree) + "]"
        return minified(tree)

    call0 = '"calls":[{'
    return [
        ("unknown top-level keys above U+FFFF and in U+E000-U+FFFF, in UTF-8 order", "{" + members(top, utf8_order)
         + "," + mini[1:], "utf16 top"),
        ("unknown top-level keys above U+FFFF and in U+E000-U+FFFF, reversed, as \\u escapes",
         mini[:-1] + "," + ascii_escapes(members(top, reversed_order)) + "}", "utf16 top"),
        ("unknown member with nested keys above U+FFFF and in U+E000-U+FFFF, in UTF-8 order",
         "{" + nested_text(nested, utf8_order)[1:-1] + "," + mini[1:], "utf16 nested"),
        ("unknown member with nested keys above U+FFFF and in U+E000-U+FFFF, reversed, as \\u escapes",
         mini[:-1] + "," + ascii_escapes(nested_text(nested, reversed_order)[1:-1]) + "}", "utf16 nested"),
        ("unknown member in originCalls.calls[0] with keys above U+FFFF and in U+E000-U+FFFF",
         mini.replace(call0, call0 + '"x-keys":' + nested_text(nested["ext"], utf8_order) + ",", 1), None),
    ]


def main() -> int:
    cases, expected_decimal = build_cases()
    out_cases = []
    by_group = {}
    names = set()
    for name, type_name, text, group in cases:
        assert name not in names, f"duplicate case name {name}"
        names.add(name)
        canonical = canonical_json(text, type_name)
        # self-checks
        parsed = json.loads(canonical)
        assert canonical_json(canonical, type_name) == canonical, f"not idempotent: {name}"
        assert canonical.encode("utf-8").decode("utf-8") == canonical
        CHECKS[type_name](parsed)
        if name in expected_decimal:
            m = re.search(r'"feeTokenUsd":([^,}]+)', canonical)
            assert m.group(1) == expected_decimal[name], (name, m.group(1))
        h = canonical_hash(canonical)
        by_group.setdefault(group, set()).add(h)
        out_cases.append({"name": name, "type": type_name, "input": text, "canonical": canonical, "hash": h})

    for group, hashes in by_group.items():
        assert len(hashes) == 1, f"spelling-only variants in group {group!r} differ"
    all_hashes = [next(iter(h)) for h in by_group.values()]
    assert len(all_hashes) == len(set(all_hashes)), "two meaning-different groups share a hash"
    assert len(out_cases) >= 40

    doc = {
        "generator": "tests/vectors/gen_canonical.py (Python 3.11, pycryptodome keccak-256); independent of the crate",
        "spec": "docs/spec.md section 4",
        "cases": out_cases,
    }
    OUT.write_text(json.dumps(doc, indent=2, ensure_ascii=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(out_cases)} cases, {len(by_group)} distinct hashes")
    return 0


if __name__ == "__main__":
    sys.exit(main())

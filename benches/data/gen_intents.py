#!/usr/bin/env python3
"""Generator of the benchmark corpus: benches/data/intents.jsonl.

What it is
    A deterministic generator of a few hundred realistic intents (docs/spec.md section 2), one
    compact JSON document per line, in the shape and size of examples/intent.json
    (~5-8 KB each): EIP-55 addresses, varied chains, tokens and amounts (many above 2^64,
    some near 2^256, a few written as bare JSON numbers), 1-6 origin calls and 0-4
    destination calls with calldata of varied length, 1-3 route providers, varied USD
    decimals, timestamps with offsets and fractions, unknown members in a few intents (at
    the top level and nested, holding big integers, doubles, non-ASCII text and escapes),
    and non-ASCII strings in a few. Members are in the service's order, not canonical
    order, so the canonical writer has work to do.

    Every intent is built to pass docs/spec.md section 7's QuoteRequest rules and intent
    consistency (`intent_core::rules::check_intent`); the benchmarks and
    tests/it/allocations.rs check that again when they load the file.

How to run
    cd <the repository root>
    python3 benches/data/gen_intents.py

    The output is deterministic (a fixed seed, no clock, no environment); running it again
    rewrites the same bytes.

Dependencies
    Python 3.11 and pycryptodome (keccak-256 for EIP-55 checksums), as for the test
    vectors: pip install -r tests/vectors/requirements.txt
"""

from __future__ import annotations

import datetime as _dt
import json
import random
from pathlib import Path

from Crypto.Hash import keccak

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "benches" / "data" / "intents.jsonl"
COUNT = 320
SEED = 20261121

CHAINS = [1, 10, 56, 137, 8453, 42161, 43114, 59144, 534352, 7777777]
NATIVE = {1: "ETH", 10: "ETH", 56: "BNB", 137: "POL", 8453: "ETH", 42161: "ETH", 43114: "AVAX", 59144: "ETH",
          534352: "ETH", 7777777: "ETH"}
PROVIDERS = ["PROVIDER_1", "PROVIDER_2", "PROVIDER_3", "PROVIDER_4", "CCTP", "AUTO", "RELAY_LINK", "ACROSS_V3"]
SELECTORS = ["095ea7b3", "a9059cbb", "23b872dd", "20e8c565", "1f6a1eb9", "6a761202", "b6f9de95", "414bf389",
             "ac9650d8", "5ae401dc"]


def keccak256(data: bytes) -> bytes:
    h = keccak.new(digest_bits=256)
    h.update(data)
    return h.digest()


def eip55(raw: bytes) -> str:
    a = raw.hex()
    hh = keccak256(a.encode("ascii")).hex()
    return "0x" + "".join(c.upper() if c.isalpha() and int(hh[i], 16) >= 8 else c for i, c in enumerate(a))


class Gen:
    def __init__(self, seed: int):
        self.r = random.Random(seed)

    def address(self) -> str:
        return eip55(self.r.randbytes(20))

    def word_hex(self) -> str:
        return "0x" + self.r.randbytes(32).hex()

    def uint(self, low: int, high: int, as_number_chance: float = 0.04):
        """A uint in [low, high], mostly as a decimal string, sometimes as a bare JSON number."""
        value = self.r.randint(low, high)
        return value if self.r.random() < as_number_chance else str(value)

    def usd(self, low: float, high: float, digits: int) -> float:
        return round(self.r.uniform(low, high), digits)

    def calldata(self) -> str:
        """A selector and 1-7 ABI words: addresses, amounts and the odd dynamic tail."""
        words = []
        for _ in range(self.r.choice([1, 2, 2, 2, 3, 3, 4, 5, 7])):
            kind = self.r.random()
            if kind < 0.35:
                words.append("00" * 12 + self.r.randbytes(20).hex())
            elif kind < 0.75:
                words.append(f"{self.r.randint(0, 2**96):064x}")
            else:
                words.append(self.r.randbytes(32).hex())
        return "0x" + self.r.choice(SELECTORS) + "".join(words)

    def call(self, token: str) -> dict:
        call = {"to": self.r.choice([token, self.address()])}
        if self.r.random() < 0.8:
            call["value"] = self.r.choice(["0", "0", "0", str(self.r.randint(1, 10**18))])
        if self.r.random() < 0.92:
            call["data"] = self.calldata()
        call["gasLimit"] = self.uint(21000, 2_000_000)
        if self.r.random() < 0.7:
            call["delegateCall"] = self.r.random() < 0.1
            call["onlyFallback"] = self.r.random() < 0.1
        call["behaviorOnError"] = self.r.choice([0, 1, 1, 2])
        return call

    def bundle(self, chain: int, token: str, count: int) -> dict:
        return {"chainId": chain, "space": self.uint(0, 2**64 - 1) if self.r.random() < 0.2 else "0",
                "nonce": str(self.r.randint(0, 500)), "calls": [self.call(token) for _ in range(count)]}

    def precondition(self, chain: int, owner: str, token: str, amount: int) -> dict:
        return {"type": self.r.choice(["erc20-min-balance", "native-min-balance", "erc20-balance-at-least"]),
                "chainId": chain, "ownerAddress": owner, "tokenAddress": token, "minAmount": str(amount)}

    def meta_txn(self, chain: int, wallet: str, contract: str) -> dict:
        input_words = self.r.randint(2, 6)
        return {"id": self.word_hex(), "chainId": chain, "walletAddress": wallet, "contract": contract,
                "input": "0x1f6a1eb9" + "".join(self.r.randbytes(32).hex() for _ in range(input_words))}

    def gas_detail(self, chain: int, meta_id: str) -> dict:
        gas_limit = self.r.randint(60_000, 3_000_000)
        gas_price = self.r.randint(1_000_000, 80_000_000_000)
        fee = gas_limit * gas_price
        price = self.usd(0.2, 4000, 2)
        detail = {
            "chainId": chain, "totalGasLimit": str(gas_limit), "gasPrice": str(gas_price),
            "nativeTokenSymbol": NATIVE[chain], "chainGasUsageStatus": self.r.choice(["NORMAL"] * 5 + ["BUSY"]),
            "totalFeeAmount": str(fee), "totalFeeUsd": f"{fee * price / 1e18:.6f}",
            "metaTxnFeeDetails": {"metaTxnId": meta_id, "estimatedGasLimit": str(gas_limit), "feeNative": str(fee)},
            "metaTxnGasQuote": "0x" + f"{gas_price:064x}",
        }
        if self.r.random() < 0.9:
            detail["nativeTokenPriceUsd"] = price
        return detail

    def timestamp(self, at: _dt.datetime) -> str:
        """RFC 3339 in one of several spellings of the same instant."""
        style = self.r.random()
        if style < 0.6:
            return at.strftime("%Y-%m-%dT%H:%M:%SZ")
        if style < 0.8:
            return at.strftime("%Y-%m-%dT%H:%M:%S.") + f"{self.r.randint(0, 999):03d}" + "Z"
        offset = _dt.timedelta(hours=self.r.choice([-7, -5, 1, 2, 9]), minutes=self.r.choice([0, 0, 30]))
        local = (at + offset).strftime("%Y-%m-%dT%H:%M:%S")
        sign = "+" if offset >= _dt.timedelta(0) else "-"
        minutes = abs(int(offset.total_seconds())) // 60
        return f"{local}{sign}{minutes // 60:02d}:{minutes % 60:02d}"

    def unknown_value(self):
        """A value for an unknown member: nested, with big integers, doubles and non-ASCII text."""
        return self.r.choice([
            {"partner": "Zürich Börse — ☃", "tier": 3, "weight": 0.125, "limit": 2**200 + self.r.randint(0, 10**9)},
            [1, 2.5e-7, "tab\there", {"b": None, "a": True}, 18446744073709551616 * self.r.randint(2, 99)],
            "ünïcödé \"quoted\" \\ back\\slash \u0001 control",
            self.r.randint(2**64, 2**255),
            {"nested": {"deeper": [{"x": -0.0}, {"y": 1e21}, {"z": 123456789.125}], "label": "日本語"}},
        ])

    def intent(self, index: int) -> dict:
        r = self.r
        origin = r.choice(CHAINS)
        destination = origin if r.random() < 0.1 else r.choice([c for c in CHAINS if c != origin])
        owner = self.address()
        origin_token = self.address() if r.random() < 0.9 else "0x0000000000000000000000000000000000000000"
        destination_token = self.address()
        origin_intent = self.address()
        destination_intent = self.address()
        entrypoint = self.address()
        decimals = r.choice([6, 8, 18, 18, 18])
        # Amounts: mostly token amounts well above 2^64 for 18-decimal tokens, a few near 2^256.
        scale = 10**decimals
        if r.random() < 0.03:
            from_amount = r.randint(2**250, 2**256 - 2**200)
        else:
            from_amount = r.randint(scale // 100, scale * 200_000)
        from_min = from_amount - r.randint(0, from_amount // 100)
        to_amount = r.randint(1, 2**160) if r.random() < 0.5 else r.randint(10**6, 10**26)
        to_min = to_amount - r.randint(0, to_amount // 50)
        fee_amount = r.randint(10**9, 10**18)
        deposit_amount = from_amount + fee_amount if from_amount < 2**255 else from_amount
        exact_input = r.random() < 0.8

        request = {"ownerAddress": owner, "originChainId": origin, "originTokenAddress": origin_token,
                   "destinationChainId": destination, "destinationTokenAddress": destination_token}
        if r.random() < 0.7:
            request["destinationToAddress"] = self.address()
        if r.random() < 0.15:
            request["destinationCallData"] = self.calldata()
            if r.random() < 0.5:
                request["destinationCallValue"] = str(r.randint(0, 10**18))
        if exact_input:
            request["originTokenAmount"] = self.uint(from_amount, from_amount, 0.1)
        else:
            request["destinationTokenAmount"] = self.uint(to_amount, to_amount, 0.1)
        if r.random() < 0.85:
            request["tradeType"] = "EXACT_INPUT" if exact_input else "EXACT_OUTPUT"
        if r.random() < 0.6:
            request["onlyNativeGasFee"] = r.random() < 0.2
        options: dict = {}
        if r.random() < 0.5:
            options["bridgeProvider"] = r.choice(PROVIDERS)
        if origin == destination and r.random() < 0.5:
            options["swapProvider"] = r.choice(PROVIDERS)
        if r.random() < 0.7:
            options["slippageTolerance"] = r.choice([0.005, 0.001, 0.01, 0.03, 0.0005, 0.1, 0])
        if r.random() < 0.1:
            options["serviceAddressOverrides"] = {"serviceWalletFactoryAddress": self.address(),
                                                  "serviceWalletMainModuleAddress": self.address()}
        if options:
            request["options"] = options
        if origin == destination and origin_token == destination_token:
            request["destinationCallData"] = self.calldata()

        origin_meta = self.meta_txn(origin, origin_intent, entrypoint)
        destination_meta = self.meta_txn(destination, destination_intent, entrypoint)
        providers = [r.choice(PROVIDERS) for _ in range(r.choice([1, 1, 2, 3]))]
        created = _dt.datetime(2026, 11, 21, 18, 0, 0) + _dt.timedelta(seconds=index * 37 + r.randint(0, 30))
        expires = created + _dt.timedelta(seconds=r.choice([120, 180, 240, 300]))

        def impact() -> dict:
            return {"priceImpact": -self.usd(0, 0.01, 5), "priceImpactUsd": -self.usd(0, 50, 4)}

        from_usd = self.usd(0.5, 500_000, 2)
        to_usd = self.usd(0.5, 500_000, 2)
        fee_usd = self.usd(0.001, 25, 6)
        has_destination = r.random() < 0.85
        intent = {
            "id": r.randint(1, 2**53),
            "projectId": r.randint(1, 5000),
            "intentId": self.word_hex(),
            "status": "QUOTED",
            "quoteRequest": request,
            "ownerAddress": owner,
            "originChainId": origin,
            "destinationChainId": destination,
            "originIntentAddress": origin_intent,
        }
        if has_destination:
            intent["destinationIntentAddress"] = destination_intent
        intent["salt"] = self.uint(0, 2**256 - 1, 0.2)
        intent["depositTransaction"] = {"toAddress": origin_intent, "tokenAddress": origin_token,
                                        "amount": self.uint(deposit_amount, deposit_amount, 0.05),
                                        "decimals": decimals}
        intent["originCalls"] = self.bundle(origin, origin_token, r.choice([1, 2, 2, 3, 3, 4]))
        if has_destination:
            intent["destinationCalls"] = self.bundle(destination, destination_token, r.choice([0, 1, 1, 2, 3]))
        intent["originPrecondition"] = self.precondition(origin, origin_intent, origin_token, deposit_amount)
        if has_destination:
            intent["destinationPrecondition"] = self.precondition(destination, destination_intent,
                                                                  destination_token, to_min)
        intent["originMetaTxn"] = origin_meta
        if has_destination:
            intent["destinationMetaTxn"] = destination_meta
        intent["quote"] = {
            "routeProviders": providers,
            "routeProvidersRequestIds": [f"rq_{r.randbytes(13).hex().upper()}" for _ in providers],
            "routeProvidersFeeUsd": [self.usd(0, 5, 4) for _ in providers],
            "fromAmount": str(from_amount), "fromAmountMin": str(from_min),
            "fromAmountUsd": from_usd, "fromAmountMinUsd": round(from_usd * 0.995, 5),
            "toAmount": self.uint(to_amount, to_amount, 0.1), "toAmountMin": str(to_min),
            "toAmountUsd": to_usd, "toAmountMinUsd": round(to_usd * 0.99, 4),
            "maxSlippage": r.choice([0.005, 0.01, 0.003]), "priceImpact": -self.usd(0, 0.02, 5),
            "priceImpactUsd": -self.usd(0, 100, 3),
            "priceImpactDetails": {"executionPriceImpact": impact(), "marketPriceImpact": impact(),
                                   "providerFeesPriceImpact": impact(), "serviceFeesPriceImpact": impact(),
                                   "netPriceImpact": impact()},
        }
        fees = {"originGas": self.gas_detail(origin, origin_meta["id"])}
        if has_destination:
            fees["destinationGas"] = self.gas_detail(destination, destination_meta["id"])
        provider_fee = r.randint(0, fee_amount)
        service_fee = fee_amount - provider_fee
        fees["provider"] = {
            "quoteProvider": providers[0], "quoteProviderFee": str(provider_fee),
            "quoteProviderFeeUsd": self.usd(0, 10, 4), "serviceFee": str(service_fee),
            "serviceFeeUsd": self.usd(0, 10, 4), "quoteProviderWithServiceFee": str(fee_amount),
            "providerWithServiceFeeUsd": fee_usd, "totalFeeAmount": str(fee_amount), "totalFeeUsd": fee_usd,
        }
        for key in ["feeTokenAddress", "feeTokenAmount", "feeTokenUsd", "feeTokenTotal", "gasFeeTotal",
                    "gasFeeUsd", "serviceFeeTotal", "serviceFeeUsd", "collectorFeeTotal", "collectorFeeUsd",
                    "providerFeeTotal", "providerFeeUsd", "totalFeeAmount", "totalFeeUsd"]:
            if key == "feeTokenAddress":
                fees[key] = origin_token
            elif key.endswith("Usd"):
                fees[key] = self.usd(0, 30, 6)
            else:
                fees[key] = str(r.randint(0, fee_amount))
        intent["fees"] = fees
        intent["serviceVersion"] = r.choice(["v1.4.2", "v1.4.3", "v1.5.0-rc.1", "v1.5.0"])
        intent["serviceContracts"] = {"serviceIntentEntrypointAddress": entrypoint,
                                      "serviceRouterAddress": self.address(),
                                      "serviceRouterShimAddress": self.address()}
        intent["createdAt"] = self.timestamp(created)
        if r.random() < 0.8:
            intent["updatedAt"] = self.timestamp(created + _dt.timedelta(seconds=r.randint(0, 5)))
        intent["expiresAt"] = self.timestamp(expires)

        # Non-ASCII strings in a few (free-text members: ids and the precondition type).
        if index % 23 == 5:
            intent["quote"]["routeProvidersRequestIds"][0] = "rq_Ünïcødé_→_測試_🚀"
            intent["originPrecondition"]["type"] = "erc20-min-balance — “quoted” \\ tab\t"
        # Unknown members in a few, at the top level and nested.
        if index % 17 == 3:
            intent["partnerMetadata"] = self.unknown_value()
            intent["quote"]["aaExtension"] = self.unknown_value()
            intent["originCalls"]["calls"][0]["zMemo"] = self.unknown_value()
            intent["fees"]["originGas"]["l1DataFee"] = str(r.randint(0, 10**15))
        return intent


def write_corpus(gen: Gen, count: int, out: Path) -> None:
    """Writes `count` intents of `gen`, one compact JSON document a line, to `out`."""
    lines = [json.dumps(gen.intent(index), separators=(",", ":"), ensure_ascii=False) for index in range(count)]
    text = "\n".join(lines) + "\n"
    out.write_text(text, encoding="utf-8")
    sizes = sorted(len(line.encode("utf-8")) for line in lines)
    print(f"{out.relative_to(ROOT)}: {len(lines)} intents, {len(text.encode('utf-8'))} bytes, "
          f"sizes min {sizes[0]} median {sizes[len(sizes) // 2]} max {sizes[-1]}")


def main() -> None:
    write_corpus(Gen(SEED), COUNT, OUT)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generator of the second benchmark corpus: benches/data/intents_dense.jsonl.

What it is
    A deterministic generator of 200 realistic intents denser in the pieces of the canonical
    form that are not plain text: more numbers and decimals, longer call data and unknown
    members in every intent. It reuses the intent shape of benches/data/gen_intents.py (the
    first corpus) and, on top of it:

    - USD amounts and price impacts with full double precision (15-17 significant digits,
      some below 1e-6 and above 1e21, so the shortest-double writer takes its exponent forms),
      and more of them: a per-call USD estimate and fee breakdowns;
    - amounts as bare JSON numbers far more often (a third of them), small integers
      (gas limits, chain ids, decimals) everywhere;
    - call data of 2-10 ABI words (up to 650 bytes of hex per call), 2-3 origin and 1-2 destination
      calls;
    - unknown members in every intent, at the top level and nested in calls, the quote and
      the fees: objects and arrays of integers, doubles, big integers, booleans, null and
      short strings (a few with escapes or non-ASCII text).

    Every intent is built to pass docs/spec.md section 7's QuoteRequest rules and intent
    consistency (`intent_core::rules::check_intent`); the benchmarks check that again when
    they load the file.

How to run
    cd <the repository root>
    python3 benches/data/gen_dense.py

    The output is deterministic (a fixed seed, no clock, no environment); running it again
    rewrites the same bytes.

Dependencies
    Python 3.11 and pycryptodome (keccak-256 for EIP-55 checksums), as for
    benches/data/gen_intents.py: pip install -r tests/vectors/requirements.txt
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_intents  # noqa: E402  (the first corpus' generator, beside this file)

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "benches" / "data" / "intents_dense.jsonl"
COUNT = 200
SEED = 20261123


class DenseGen(gen_intents.Gen):
    def usd(self, low: float, high: float, digits: int) -> float:
        """A USD amount with every digit of a double, not rounded to `digits`."""
        return self.r.uniform(low, high)

    def uint(self, low: int, high: int, as_number_chance: float = 0.04):
        return super().uint(low, high, max(as_number_chance, 0.33))

    def calldata(self) -> str:
        """A selector and 2-10 ABI words: the call data of multicalls and swaps."""
        words = []
        for _ in range(self.r.randint(2, 10)):
            kind = self.r.random()
            if kind < 0.3:
                words.append("00" * 12 + self.r.randbytes(20).hex())
            elif kind < 0.7:
                words.append(f"{self.r.randint(0, 2**96):064x}")
            else:
                words.append(self.r.randbytes(32).hex())
        return "0x" + self.r.choice(gen_intents.SELECTORS) + "".join(words)

    def double(self) -> float:
        """A double of any magnitude the service writes: tiny, ordinary, huge, negative."""
        kind = self.r.random()
        if kind < 0.15:
            return self.r.uniform(1e-12, 1e-6)
        if kind < 0.25:
            return self.r.uniform(1e21, 1e30)
        if kind < 0.4:
            return -self.r.uniform(0, 1000)
        return self.r.uniform(0, 100_000)

    def unknown_value(self, depth: int = 0):
        """An unknown member's value: mostly numbers, nested up to three levels."""
        kind = self.r.random()
        if depth < 2 and kind < 0.3:
            return {f"k{self.r.randint(0, 99):02d}{n}": self.unknown_value(depth + 1)
                    for n in range(self.r.randint(2, 6))}
        if depth < 2 and kind < 0.45:
            return [self.unknown_value(depth + 1) for _ in range(self.r.randint(2, 8))]
        if kind < 0.65:
            return self.double()
        if kind < 0.8:
            return self.r.randint(0, 2**53)
        if kind < 0.87:
            return self.r.randint(2**64, 2**256 - 1)
        if kind < 0.92:
            return self.r.choice([True, False, None])
        return self.r.choice(["ok", "route-42", "Zürich", "tab\there", "line\nfeed", "“quoted”"])

    def unknown_members(self, target: dict, count: int) -> None:
        for n in range(count):
            target[f"x{self.r.choice(['Meta', 'Stats', 'Score', 'Usd', 'Trace'])}{n}"] = self.unknown_value()

    def call(self, token: str) -> dict:
        call = super().call(token)
        call["data"] = self.calldata()
        if self.r.random() < 0.6:
            call["estimatedUsd"] = self.double()
        return call

    def intent(self, index: int) -> dict:
        intent = super().intent(index)
        for calls, low, high in [("originCalls", 2, 3), ("destinationCalls", 1, 2)]:
            if calls in intent:
                bundle = intent[calls]
                token = bundle["calls"][0]["to"] if bundle["calls"] else self.address()
                while len(bundle["calls"]) < self.r.randint(low, high):
                    bundle["calls"].append(self.call(token))
        self.unknown_members(intent, self.r.randint(2, 5))
        self.unknown_members(intent["quote"], self.r.randint(1, 3))
        self.unknown_members(intent["fees"], self.r.randint(1, 3))
        self.unknown_members(intent["originCalls"]["calls"][0], self.r.randint(1, 2))
        intent["quote"]["routeProvidersFeeUsd"] += [self.double() for _ in range(self.r.randint(0, 3))]
        intent["quote"]["routeProviders"] += ["AUTO"] * (len(intent["quote"]["routeProvidersFeeUsd"])
                                                         - len(intent["quote"]["routeProviders"]))
        intent["quote"]["routeProvidersRequestIds"] += [
            f"rq_{self.r.randbytes(13).hex().upper()}"
            for _ in range(len(intent["quote"]["routeProviders"]) - len(intent["quote"]["routeProvidersRequestIds"]))
        ]
        return intent


def main() -> None:
    gen_intents.write_corpus(DenseGen(SEED), COUNT, OUT)


if __name__ == "__main__":
    main()

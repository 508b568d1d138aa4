#!/usr/bin/env python3
"""Prints criterion's medians per intent and the goals' ratios to their floors, from the output of `cargo bench`.

How to run (from the repository root, after `cargo bench`):
    python3 benches/report.py [criterion directory]

The directory defaults to $CARGO_TARGET_DIR/criterion, else target/criterion. For each
benchmark it reads criterion's median time per iteration (estimates.json) and the number of
intents per iteration (benchmark.json, Throughput::Elements), and prints the median per
intent, intents per second, and each goal's ratio to the floor measured in the same group.
Also prints the fastest sample per intent (a less load-sensitive view on a shared machine).
Standard library only.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

# (group, benchmark, floor benchmark, goal) for the ratio column.
GOALS = [
    ("canonical_hash", "Intent::canonical_hash", "floor: keccak256(canonical bytes)", 1.3),
    ("canonical_hash_cold", "Intent::canonical_hash", "floor: keccak256(canonical bytes)", 1.3),
    ("parse_and_hash", "from_slice::<Intent> + canonical_hash",
     "floor: serde_json::Value parse + keccak256(canonical bytes)", 1.0),
    ("deposit_digest", "deposit_intent + EntrypointDomain::digest (cached domain)",
     "floor: keccak256(320 B) + keccak256(66 B)", 1.3),
    ("recover", "recover_signer", "floor: k256 recover_from_prehash + address", 1.1),
    ("recover", "recover_signer", "floor: alloy Signature::recover_address_from_prehash", 1.1),
]


def criterion_dir() -> Path:
    if len(sys.argv) > 1:
        return Path(sys.argv[1])
    target = os.environ.get("CARGO_TARGET_DIR")
    return Path(target) / "criterion" if target else Path("target") / "criterion"


def load(root: Path) -> dict:
    results = {}
    for bench_json in sorted(root.glob("*/*/new/benchmark.json")):
        meta = json.loads(bench_json.read_text())
        estimates = json.loads((bench_json.parent / "estimates.json").read_text())
        sample = json.loads((bench_json.parent / "sample.json").read_text())
        elements = meta["throughput"]["Elements"]
        fastest = min(t / n for t, n in zip(sample["times"], sample["iters"]))
        results[(meta["group_id"], meta["function_id"])] = {
            "median": estimates["median"]["point_estimate"] / elements,  # ns per intent
            "fastest": fastest / elements,
            "elements": elements,
        }
    return results


def fmt_ns(ns: float) -> str:
    return f"{ns / 1000:.2f} µs" if ns >= 1000 else f"{ns:.0f} ns"


def main() -> None:
    root = criterion_dir()
    results = load(root)
    if not results:
        sys.exit(f"no criterion results under {root}; run `cargo bench` first")
    print("| group | benchmark | median per item | items/s | fastest sample per item |")
    print("|---|---|---|---|---|")
    for (group, name), r in results.items():
        print(f"| {group} | {name} | {fmt_ns(r['median'])} | {1e9 / r['median']:,.0f} | {fmt_ns(r['fastest'])} |")
    print()
    print("| goal | ratio of medians | ratio of fastest samples | target | met (medians) |")
    print("|---|---|---|---|---|")
    for group, name, floor, target in GOALS:
        a, b = results.get((group, name)), results.get((group, floor))
        if not a or not b:
            continue
        ratio = a["median"] / b["median"]
        fastest = a["fastest"] / b["fastest"]
        print(f"| {group}: {name} / {floor} | {ratio:.2f}× | {fastest:.2f}× | ≤ {target}× | "
              f"{'yes' if ratio <= target else 'no'} |")
    commit = results.get(("commit", "from_slice::<CommitRequest> + apply(EventInput::commit)"))
    if commit:
        print()
        print(f"commit check: {1e9 / commit['median']:,.0f} intents per second on one core "
              f"(median {fmt_ns(commit['median'])} per intent)")


if __name__ == "__main__":
    main()

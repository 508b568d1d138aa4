"""Checks the hashes and encodings of service/tests/quotes.expected independently of the
crates: each quote's intent id and numeric id, its ready-to-send deposit, its CREATE2
intent addresses, its
meta-transaction ids and calldata (keccak-256 of the call bundle's wire form), and the
calldata of its calls, all recomputed here from the quote's own inputs and the example
configuration (service/config/example.json).

Python 3.11 and pycryptodome (keccak-256 through Crypto.Hash.keccak):
pip install -r tests/vectors/requirements.txt, then
python3 service/tests/check_quotes.py (prints one line per quote and exits non-zero on
the first mismatch).
"""

import json
import pathlib
import sys

from Crypto.Hash import keccak

ROOT = pathlib.Path(__file__).resolve().parents[2]
ZERO = "0x" + "00" * 20


def keccak256(data: bytes) -> bytes:
    h = keccak.new(digest_bits=256)
    h.update(data)
    return h.digest()


def selector(signature: str) -> bytes:
    return keccak256(signature.encode("ascii"))[:4]


def word(value) -> bytes:
    if isinstance(value, str):
        return bytes(12) + bytes.fromhex(value[2:])
    return value.to_bytes(32, "big")


def call_data(signature: str, *args) -> str:
    return "0x" + (selector(signature) + b"".join(word(a) for a in args)).hex()


def create2(factory: str, salt: bytes, init_hash: bytes) -> str:
    digest = keccak256(b"\xff" + bytes.fromhex(factory[2:]) + salt + init_hash)
    return "0x" + digest[12:].hex()


def same_address(a: str, b: str) -> bool:
    return a.lower() == b.lower()


def wire(value) -> str:
    """The wire form of a call bundle: keys in ascending order, no spaces."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def check(quote: dict, chains: dict) -> None:
    intent = quote["intent"]
    request = intent["quoteRequest"]
    owner = bytes.fromhex(request["ownerAddress"][2:])
    salt = int(intent["salt"]).to_bytes(32, "big")

    intent_hash = keccak256(owner + salt)
    assert intent["intentId"] == "0x" + intent_hash.hex(), "intentId"
    assert intent["id"] == int.from_bytes(intent_hash[:8], "big") & ((1 << 53) - 1), "id"
    assert intent["quote"]["routeProvidersRequestIds"] == ["rq_" + intent["intentId"][2:18]], "request id"

    recipient = request.get("destinationToAddress", request["ownerAddress"])
    amount = int(intent["quote"]["fromAmount"])
    to_min = int(intent["quote"]["toAmountMin"])
    sides = [("origin", intent["originChainId"])]
    if intent["destinationChainId"] != intent["originChainId"]:
        sides.append(("destination", intent["destinationChainId"]))
    for side, chain_id in sides:
        chain = chains[chain_id]
        init_hash = keccak256(owner + chain_id.to_bytes(8, "big"))
        address = create2(chain["walletFactoryAddress"], salt, init_hash)
        assert same_address(intent[side + "IntentAddress"], address), side + "IntentAddress"
        meta = intent[side + "MetaTxn"]
        assert meta["id"] == "0x" + keccak256((intent["intentId"] + side).encode()).hex(), side + " meta id"
        assert same_address(meta["walletAddress"], address), side + " wallet"
        calls_hash = keccak256(wire(intent[side + "Calls"]).encode())
        assert meta["input"] == "0x" + (selector("execute(bytes32)") + calls_hash).hex(), side + " input"
        gas = intent["fees"][side + "Gas"]
        assert gas["metaTxnFeeDetails"]["metaTxnId"] == meta["id"], side + " gas meta id"
        assert gas["metaTxnGasQuote"] == "0x" + int(chain["gasPrice"]).to_bytes(32, "big").hex(), side + " gas quote"

    # The ready-to-send deposit: transfer(toAddress, amount) to the token with no value, or
    # the native value to the intent address with no data; the request's token addresses.
    deposit = intent["depositTransaction"]
    assert deposit["chainId"] == intent["originChainId"], "deposit chainId"
    assert same_address(deposit["toAddress"], intent["originIntentAddress"]), "deposit toAddress"
    if same_address(deposit["tokenAddress"], ZERO):
        ready = (deposit["toAddress"], "0x", deposit["amount"])
    else:
        data = call_data("transfer(address,uint256)", deposit["toAddress"], int(deposit["amount"]))
        ready = (deposit["tokenAddress"], data, "0")
    assert (deposit["to"].lower(), deposit["data"], deposit["value"]) == (ready[0].lower(), ready[1], ready[2]), "deposit"
    assert same_address(intent["originTokenAddress"], request["originTokenAddress"]), "originTokenAddress"
    assert same_address(intent["destinationTokenAddress"], request["destinationTokenAddress"]), "destinationTokenAddress"
    assert intent["isTestnet"] is False, "isTestnet"

    origin = chains[intent["originChainId"]]
    router = origin.get("routerAddress") or origin["metaTxnContract"]
    token = request["originTokenAddress"]
    calls = intent["originCalls"]["calls"]
    if not same_address(token, ZERO):
        assert calls[0]["data"] == call_data("approve(address,uint256)", router, amount), "approve"
        calls = calls[1:]
    bridge = call_data(
        "bridge(address,uint256,uint256,address,address)",
        token,
        amount,
        intent["destinationChainId"],
        request["destinationTokenAddress"],
        recipient,
    )
    assert calls[0]["data"] == bridge and same_address(calls[0]["to"], router), "bridge"
    if len(sides) == 2:
        first = intent["destinationCalls"]["calls"][0]
        destination_token = request["destinationTokenAddress"]
        if same_address(destination_token, ZERO):
            assert "data" not in first and first["value"] == str(to_min), "native transfer"
        else:
            assert first["data"] == call_data("transfer(address,uint256)", recipient, to_min), "transfer"


def main() -> int:
    config = json.loads((ROOT / "service/config/example.json").read_text())
    example = {c["chainId"]: c for c in config["chains"]}
    # The second half of the file is the same configuration without routers.
    no_router = {k: {**c, "routerAddress": ""} for k, c in example.items()}
    lines = (ROOT / "service/tests/quotes.expected").read_text().splitlines()
    for index, line in enumerate(lines):
        chains = example if index < len(lines) // 2 else no_router
        quote = json.loads(line)
        try:
            check(quote, chains)
        except AssertionError as error:
            print(f"quote {index}: {error} differs", file=sys.stderr)
            return 1
        print(f"quote {index}: {quote['intent']['intentId']} ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())

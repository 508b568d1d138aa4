// Independent producer of tests/vectors/wallet.json (docs/spec.md 5.6): intent addresses and
// the bytes that run their bundles, computed by @0xsequence/wallet-primitives (and its ox),
// the package the published client derives intent addresses with. The crate is not used.
//
// For every case (an owner, call bundles in the wire form of docs/spec.md §2, a wallet
// context) it writes what the package computes:
//
// - payloadHashes: Payload.hash(zero address, chainId, payload) of each bundle;
// - packedPayloads: Payload.encode(payload), checked to decode back with Payload.decode;
// - imageHash: Config.hashConfiguration of {threshold 1, checkpoint 0, topology [owner's
//   signer leaf of weight 1, the bundles' any-address-subdigest leaves paired level by level,
//   an odd one carried up]};
// - address: Address.from(configuration, context), checked against ox's
//   ContractAddress.fromCreate2;
// - bundleSignatures: Signature.encodeSignature of the tree that reveals one bundle's leaf
//   (the owner's leaf and every other subtree as node hashes), checked by decoding it
//   (Signature.decodeSignature) and recovering it (Signature.recover) against that bundle:
//   full weight and the configuration's image hash; against another bundle: no weight;
// - recovery: a payload hashed for the wallet's own address, signed by the owner's key
//   (ox Secp256k1, RFC 6979), and the signature with the owner's ECDSA leaf and the bundles'
//   tree as a node hash, checked the same way (weight 1, the image hash, the owner recovered).
//
// How to run (from the repository root); the versions are pinned in package-lock.json:
//
//     (cd tests/vectors/wallet && npm ci && npm run generate)

import { readFileSync, writeFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import { Address as SeqAddress, Config, Constants, Context, Payload, Signature } from '@0xsequence/wallet-primitives'
import { Address, Bytes, ContractAddress, Hash, Hex, Secp256k1 } from 'ox'

const versionOf = (name) => JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, import.meta.url))).version
const primitivesVersion = versionOf('@0xsequence/wallet-primitives')
const oxVersion = versionOf('ox')

// The published context of intent addresses. The package's 3.x releases do not list it; its
// earlier constants (sequence.js, packages/wallet/primitives/src/constants.ts) pair this
// factory, stage 1 and stage 2 with this guest module.
const PUBLISHED = {
  factory: '0xBd0F8abD58B4449B39C57Ac9D5C67433239aC447',
  mainModule: '0x53bA242E7C2501839DF2972c75075dc693176Cd0',
  mainModuleUpgradable: '0xa29874c88b8Fd557e42219B04b0CeC693e1712f5',
  guestModule: '0x9cbB2a4BD361248f5020465E1Cc1Db877F9387D8',
  creationCode: '0x603e600e3d39601e805130553df33d3d34601c57363d3d373d363d30545af43d82803e903d91601c57fd5bf3',
}
// Two other contexts: the package's Rc5 deployment with its default guest, and a local one
// (Anvil's first deployment addresses) without a guest module.
const RC5 = {
  factory: Context.Rc5.factory,
  mainModule: Context.Rc5.stage1,
  mainModuleUpgradable: Context.Rc5.stage2,
  guestModule: Constants.DefaultGuestAddress,
  creationCode: Context.Rc5.creationCode,
}
const LOCAL = {
  factory: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  mainModule: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  mainModuleUpgradable: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  guestModule: null,
  creationCode: PUBLISHED.creationCode,
}

const key = (label) => Hash.keccak256(Hex.fromString(`intent-core wallet vectors: ${label}`))
const OWNERS = [1, 2, 3].map((n) => {
  const privateKey = key(`owner ${n}`)
  return { privateKey, address: Address.checksum(Address.fromPublicKey(Secp256k1.getPublicKey({ privateKey }))) }
})

const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const ROUTER = '0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24'
const RECIPIENT = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const word = (value) => Hex.padLeft(Hex.fromNumber(value), 32).slice(2)
const transfer = (to, amount) => `0xa9059cbb${word(BigInt(to))}${word(amount)}`
const approve = (spender, amount) => `0x095ea7b3${word(BigInt(spender))}${word(amount)}`
const MAX = (1n << 256n) - 1n

// Calls in the wire form: present and absent fields, every flag and behaviour.
const CALLS = {
  transfer: {
    to: USDC_ARB, value: '0', data: transfer(RECIPIENT, 1000000n), gasLimit: '0',
    delegateCall: false, onlyFallback: false, behaviorOnError: 1,
  },
  native: { to: RECIPIENT, value: '1000000000000000000' },
  approve: { to: USDC_BASE, data: approve(ROUTER, 5000000n), gasLimit: '65000', behaviorOnError: 2 },
  delegate: { to: ROUTER, data: '0x12345678', delegateCall: true, behaviorOnError: 0 },
  fallback: { to: USDC_ARB, value: '5', data: transfer(RECIPIENT, 7n), onlyFallback: true, behaviorOnError: 1 },
  extremes: {
    to: RECIPIENT, value: MAX.toString(), data: '0x', gasLimit: MAX.toString(),
    delegateCall: true, onlyFallback: true, behaviorOnError: 2,
  },
  bare: { to: '0x0000000000000000000000000000000000000000' },
  long: { to: ROUTER, data: '0x' + Array.from({ length: 300 }, (_, i) => (i % 256).toString(16).padStart(2, '0')).join('') },
}

const BUNDLES = {
  one: { chainId: 42161, calls: [CALLS.transfer] },
  two: { chainId: 8453, space: '0', nonce: '0', calls: [CALLS.native, CALLS.approve] },
  three: { chainId: 42161, space: '1', nonce: '3', calls: [CALLS.approve, CALLS.delegate, CALLS.fallback] },
  widest: { chainId: 8453, space: ((1n << 160n) - 1n).toString(), nonce: ((1n << 56n) - 1n).toString(), calls: [CALLS.extremes] },
  long: { chainId: 42161, space: '7', nonce: '256', calls: [CALLS.bare, CALLS.long] },
  empty: { chainId: 8453, nonce: '1', calls: [] },
  many: {
    chainId: 42161,
    calls: Array.from({ length: 300 }, (_, i) => ({ to: Address.checksum(Hex.padLeft(Hex.fromNumber(i + 1), 20)) })),
  },
}

const CASES = [
  { name: 'one bundle', owner: 0, bundles: ['one'] },
  { name: 'two bundles on two chains', owner: 0, bundles: ['one', 'two'] },
  { name: 'three bundles', owner: 1, bundles: ['three', 'widest', 'long'] },
  { name: 'four bundles', owner: 2, bundles: ['two', 'empty', 'one', 'three'] },
  { name: 'five bundles', owner: 1, bundles: ['one', 'two', 'three', 'widest', 'long'] },
  { name: 'five bundles in another order', owner: 1, bundles: ['long', 'widest', 'three', 'two', 'one'] },
  { name: 'the same bundle twice', owner: 2, bundles: ['one', 'one'] },
  { name: 'another deployment, two bundles', owner: 2, bundles: ['widest', 'many'], context: RC5 },
  { name: 'a local deployment, five bundles', owner: 0, bundles: ['long', 'empty', 'three', 'two', 'one'], context: LOCAL },
]

const BEHAVIORS = ['ignore', 'revert', 'abort']

// The wire form's mapping to the package's payload: an absent field is v3's zero value.
function toPayload(bundle) {
  return {
    type: 'call',
    space: BigInt(bundle.space ?? 0),
    nonce: BigInt(bundle.nonce ?? 0),
    calls: bundle.calls.map((call) => ({
      to: call.to,
      value: BigInt(call.value ?? 0),
      data: call.data ?? '0x',
      gasLimit: BigInt(call.gasLimit ?? 0),
      delegateCall: call.delegateCall ?? false,
      onlyFallback: call.onlyFallback ?? false,
      behaviorOnError: BEHAVIORS[call.behaviorOnError ?? 0],
    })),
  }
}

// Leaves paired level by level, an odd last one carried up; leaves keep their index.
function pairUp(leaves) {
  let level = leaves
  while (level.length > 1) {
    const next = []
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? [level[i], level[i + 1]] : level[i])
    level = next
  }
  return level[0]
}

const holds = (tree, index) => (Array.isArray(tree) ? tree.some((t) => holds(t, index)) : tree.index === index)
const nodeHash = (tree) => Bytes.toHex(Config.hashConfiguration(tree))

// The tree that reveals leaf `index`: every subtree without it as its node hash.
function reveal(tree, index) {
  if (!holds(tree, index)) return nodeHash(tree)
  if (!Array.isArray(tree)) return { type: 'any-address-subdigest', digest: tree.digest }
  return [reveal(tree[0], index), reveal(tree[1], index)]
}

function check(condition, what) {
  if (!condition) throw new Error(what)
}

function contextOf(context) {
  return { factory: context.factory, stage1: context.mainModule, stage2: context.mainModuleUpgradable, creationCode: context.creationCode }
}

const cases = CASES.map((c) => {
  const owner = OWNERS[c.owner]
  const context = c.context ?? PUBLISHED
  const bundles = c.bundles.map((name) => BUNDLES[name])
  const payloads = bundles.map(toPayload)

  const payloadHashes = bundles.map((bundle, i) => Bytes.toHex(Payload.hash(Constants.ZeroAddress, bundle.chainId, payloads[i])))
  const packedPayloads = payloads.map((payload, i) => {
    const packed = Payload.encode(payload)
    const lower = (p) => ({ ...p, calls: p.calls.map((call) => ({ ...call, to: call.to.toLowerCase(), data: call.data.toLowerCase() })) })
    check(isDeepStrictEqual(lower(Payload.decode(packed)), lower(payload)), `${c.name}: bundle ${i} does not decode back`)
    return Bytes.toHex(packed)
  })

  const ownerLeaf = { type: 'signer', address: owner.address, weight: 1n }
  const tree = pairUp(payloadHashes.map((digest, index) => ({ type: 'any-address-subdigest', digest, index })))
  const configuration = { threshold: 1n, checkpoint: 0n, topology: [ownerLeaf, tree] }
  const imageHash = Bytes.toHex(Config.hashConfiguration(configuration))
  const address = Address.checksum(SeqAddress.from(configuration, contextOf(context)))
  const create2 = ContractAddress.fromCreate2({
    from: context.factory,
    salt: imageHash,
    bytecodeHash: Hash.keccak256(Bytes.concat(Bytes.fromHex(context.creationCode), Bytes.padLeft(Bytes.fromHex(context.mainModule), 32))),
  })
  check(Address.isEqual(address, create2), `${c.name}: Address.from and CREATE2 differ`)

  const recovers = async (signature, payload, chainId) => {
    const { configuration: recovered, weight } = await Signature.recover(Signature.decodeSignature(Bytes.fromHex(signature)), address, chainId, payload)
    return { weight, imageHash: Bytes.toHex(Config.hashConfiguration(recovered)), recovered }
  }

  const bundleSignatures = payloads.map((_, index) =>
    Bytes.toHex(
      Signature.encodeSignature({
        noChainId: false,
        configuration: { threshold: 1n, checkpoint: 0n, topology: [nodeHash(ownerLeaf), reveal(tree, index)] },
      }),
    ),
  )

  // The recovery payload: the first bundle's token back to the owner, in its own space.
  const chainId = bundles[0].chainId
  const recoveryBundle = {
    chainId,
    space: '1',
    nonce: '0',
    calls: [{ to: USDC_ARB, data: transfer(owner.address, 1234n), behaviorOnError: 1 }],
  }
  const recoveryPayload = toPayload(recoveryBundle)
  const recoveryHash = Bytes.toHex(Payload.hash(address, chainId, recoveryPayload))
  const { r, s, yParity } = Secp256k1.sign({ payload: recoveryHash, privateKey: owner.privateKey })
  const ownerSignature = Bytes.toHex(
    Signature.encodeSignature({
      noChainId: false,
      configuration: {
        threshold: 1n,
        checkpoint: 0n,
        topology: [{ ...ownerLeaf, signed: true, signature: { type: 'hash', r, s, yParity } }, nodeHash(tree)],
      },
    }),
  )

  return {
    name: c.name,
    owner: owner.address,
    context: c.context ? c.context : null,
    bundles,
    payloadHashes,
    packedPayloads,
    imageHash,
    address,
    bundleSignatures,
    recovery: {
      bundle: recoveryBundle,
      payloadHash: recoveryHash,
      signature: Hex.concat(Hex.padLeft(Hex.fromNumber(r), 32), Hex.padLeft(Hex.fromNumber(s), 32), Hex.fromNumber(27 + yParity, { size: 1 })),
      ownerSignature,
    },
    verify: async () => {
      for (const [index, signature] of bundleSignatures.entries()) {
        const own = await recovers(signature, payloads[index], bundles[index].chainId)
        check(own.weight >= 1n && own.imageHash === imageHash, `${c.name}: bundle ${index}'s signature does not recover`)
        const other = payloads.findIndex((_, j) => payloadHashes[j] !== payloadHashes[index])
        if (other >= 0) {
          const wrong = await recovers(signature, payloads[other], bundles[other].chainId)
          check(wrong.weight === 0n, `${c.name}: bundle ${index}'s signature has weight for bundle ${other}`)
        }
      }
      const recovery = await recovers(ownerSignature, recoveryPayload, chainId)
      check(recovery.weight === 1n && recovery.imageHash === imageHash, `${c.name}: the owner's signature does not recover`)
      check(Address.isEqual(recovery.recovered.topology[0].address, owner.address), `${c.name}: another owner recovered`)
    },
  }
})

for (const c of cases) {
  await c.verify()
  delete c.verify
}

const vectors = {
  description:
    'Intent addresses (docs/spec.md 5.6): payload hashes, packed payloads, image hashes, counterfactual addresses and signatures of Sequence v3 intent configurations. Bundles are in the wire form of CallBundle; context null is the published one.',
  generator: `tests/vectors/wallet/gen_wallet.mjs (@0xsequence/wallet-primitives ${primitivesVersion}, ox ${oxVersion})`,
  publishedContext: PUBLISHED,
  cases,
}
writeFileSync(new URL('../wallet.json', import.meta.url), JSON.stringify(vectors, null, 1) + '\n')
console.error(`wrote ${cases.length} cases, ${cases.reduce((n, c) => n + c.bundles.length, 0)} bundles`)

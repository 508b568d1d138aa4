// Independent producer of tests/vectors/cctp/vectors.json (docs/spec.md 5.8): CCTP V2
// messages and burn message bodies packed by viem's encodePacked from their fields, their
// hashes by viem's keccak256, the data of the transmitter's MessageSent log by viem's ABI
// encoder, and attestations signed by viem's accounts. The crate is not used.
//
// For every case it writes the fields (integers as decimal strings, bytes32 and bytes as
// hex), the packed bytes and the hash; for each burn, the body's fields and bytes; the log
// data; and for the attesters' keys, each one's address and signature of each completed
// message's hash, and the attestation of the first two ordered by address.
//
// How to run (from the repository root); the version is pinned in package-lock.json:
//
//     (cd tests/vectors/cctp && npm ci --ignore-scripts && npm run generate)

import { readFileSync, writeFileSync } from 'node:fs'
import { concat, encodeAbiParameters, encodePacked, keccak256, pad, toEventSelector } from 'viem'
import { privateKeyToAccount, sign, serializeSignature } from 'viem/accounts'

const viemVersion = JSON.parse(readFileSync(new URL('node_modules/viem/package.json', import.meta.url))).version

const word = (address) => pad(address, { size: 32 })
const MAX_U32 = 4294967295
const MAX_U256 = 2n ** 256n - 1n

// Burn bodies: version, burnToken, mintRecipient, amount, messageSender, maxFee, feeExecuted,
// expirationBlock, hookData.
function burnBody(b) {
  return encodePacked(
    ['uint32', 'bytes32', 'bytes32', 'uint256', 'bytes32', 'uint256', 'uint256', 'uint256', 'bytes'],
    [b.version, b.burnToken, b.mintRecipient, b.amount, b.messageSender, b.maxFee, b.feeExecuted, b.expirationBlock, b.hookData],
  )
}

// Messages: version, sourceDomain, destinationDomain, nonce, sender, recipient,
// destinationCaller, minFinalityThreshold, finalityThresholdExecuted, messageBody.
function message(m) {
  return encodePacked(
    ['uint32', 'uint32', 'uint32', 'bytes32', 'bytes32', 'bytes32', 'bytes32', 'uint32', 'uint32', 'bytes'],
    [m.version, m.sourceDomain, m.destinationDomain, m.nonce, m.sender, m.recipient, m.destinationCaller, m.minFinalityThreshold, m.finalityThresholdExecuted, m.body],
  )
}

const zero = pad('0x', { size: 32 })
const usdc = '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238'
const messengerA = '0x8FE6B999Dc680CcFDD5Bf7EB0974218be2542DAA'
const messengerB = '0x28b5a0e9C621a5BadaA536219b3a228C8168cf5d'
const recipient = '0x00000000000000000000000000000000000000aa'
const depositor = '0x8456195dd0793c621c7f9245edF0fEf85b1B879C'
const caller = '0x0000000000000000000000000000000000c0ffee'

const sentBurn = {
  version: 1, burnToken: word(usdc), mintRecipient: word(recipient), amount: 1000000n,
  messageSender: word(depositor), maxFee: 500n, feeExecuted: 0n, expirationBlock: 0n, hookData: '0x',
}
const completedBurn = { ...sentBurn, feeExecuted: 123n, expirationBlock: 0n }
const hookedBurn = {
  version: 1, burnToken: word(usdc), mintRecipient: word(recipient), amount: MAX_U256,
  messageSender: word(depositor), maxFee: MAX_U256 - 1n, feeExecuted: 7n, expirationBlock: 123456789n,
  hookData: '0xdeadbeef01',
}

const sent = {
  version: 1, sourceDomain: 0, destinationDomain: 6, nonce: zero, sender: word(messengerA), recipient: word(messengerB),
  destinationCaller: zero, minFinalityThreshold: 1000, finalityThresholdExecuted: 0, burn: sentBurn,
}
const nonce = keccak256(encodePacked(['string'], ['a nonce the attester assigned']))
const cases = [
  { name: 'a burn as sent: nonce, finality executed, fee and expiration zero', ...sent },
  { name: 'the same burn as the attester completed it', ...sent, nonce, finalityThresholdExecuted: 1000, burn: completedBurn },
  {
    name: 'a burn with hook data, a destination caller, the largest values and a body of 233 bytes',
    version: 1, sourceDomain: MAX_U32, destinationDomain: 7, nonce: keccak256('0x01'), sender: word(messengerB),
    recipient: word(messengerA), destinationCaller: word(caller), minFinalityThreshold: 2000,
    finalityThresholdExecuted: MAX_U32, burn: hookedBurn,
  },
  {
    name: 'a message whose body is not a burn',
    version: 1, sourceDomain: 3, destinationDomain: 2, nonce, sender: word(messengerA), recipient: word(messengerB),
    destinationCaller: zero, minFinalityThreshold: 500, finalityThresholdExecuted: 500, body: '0x0102030405',
  },
  {
    name: 'a message with an empty body',
    version: 2, sourceDomain: 1, destinationDomain: 0, nonce: zero, sender: zero, recipient: zero,
    destinationCaller: zero, minFinalityThreshold: 0, finalityThresholdExecuted: 0, body: '0x',
  },
]

const text = (value) => (typeof value === 'bigint' || typeof value === 'number' ? value.toString() : value)
const fields = (object) => Object.fromEntries(Object.entries(object).map(([key, value]) => [key, text(value)]))

// Three attesters' keys (arbitrary, fixed).
const keys = [
  '0x0000000000000000000000000000000000000000000000000000000000000a11',
  '0x0000000000000000000000000000000000000000000000000000000000000b22',
  '0x0000000000000000000000000000000000000000000000000000000000000c33',
]
const attesters = keys.map((key) => privateKeyToAccount(key).address)

const out = []
for (const c of cases) {
  const { name, burn, ...rest } = c
  const body = burn ? burnBody(burn) : rest.body
  const m = { ...rest, body }
  const bytes = message(m)
  const hash = keccak256(bytes)
  const signatures = []
  for (const key of keys) {
    signatures.push(serializeSignature(await sign({ hash, privateKey: key })))
  }
  const order = [0, 1].sort((a, b) => (BigInt(attesters[a]) < BigInt(attesters[b]) ? -1 : 1))
  out.push({
    name,
    message: fields({ ...m, body }),
    burn: burn ? fields(burn) : null,
    body,
    bytes,
    hash,
    logData: encodeAbiParameters([{ type: 'bytes' }], [bytes]),
    signatures,
    attestation: concat(order.map((i) => signatures[i])),
  })
}

const file = {
  generator: `tests/vectors/cctp/gen_cctp.mjs with viem ${viemVersion}`,
  messageSentTopic: toEventSelector('MessageSent(bytes)'),
  attesterKeys: keys,
  attesters,
  cases: out,
}
writeFileSync(new URL('vectors.json', import.meta.url), `${JSON.stringify(file, null, 2)}\n`)

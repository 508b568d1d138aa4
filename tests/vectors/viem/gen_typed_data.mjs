// Second independent producer of tests/vectors/typed_data.json (docs/spec.md §5.4).
//
// Reads the file that tests/vectors/gen_typed_data.py (eth-account) wrote, parses every
// case's "document" (the typed-data JSON a wallet receives) and hashes it with viem's
// hashTypedData, exactly as a dApp would hand it to viem; adds the digest as
// digests.viem, and its own name to "generators". It fails when viem's digest differs
// from eth-account's. The crate is not used.
//
// How to run (after the Python generator, from the repository root):
//
//     (cd tests/vectors/viem && npm ci && npm run generate)
//
// The viem version is pinned in package-lock.json.

import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hashTypedData } from 'viem';

const file = new URL('../typed_data.json', import.meta.url);
const vectors = JSON.parse(readFileSync(file, 'utf8'));
const { version } = createRequire(import.meta.url)('viem/package.json');

for (const c of vectors.cases) {
  const digest = hashTypedData(JSON.parse(c.document));
  if (digest !== c.digests.ethAccount) {
    throw new Error(`${c.kind} ${c.name}: viem ${digest}, eth-account ${c.digests.ethAccount}`);
  }
  c.digests.viem = digest;
}
const name = `tests/vectors/viem/gen_typed_data.mjs (viem ${version}, hashTypedData(document))`;
vectors.generators = [...vectors.generators.filter((g) => !g.includes('viem')), name];
// The same layout as Python's json.dump(indent=1, ensure_ascii=False).
writeFileSync(file, JSON.stringify(vectors, null, 1) + '\n');
console.error(`added viem digests to ${vectors.cases.length} cases`);

// A TypeScript project compiled to CommonJS (`module: commonjs`): `import` becomes
// `require("intent-core")`, which loads the package's Node entry. Prints the hash of the
// intent file named by its argument (test/commonjs.test.mjs compares it with Node's).
import { readFileSync } from "node:fs";

import { canonicalHash, type Bytes32 } from "intent-core";

const hash: Bytes32 = canonicalHash(readFileSync(process.argv[2] ?? "", "utf8"));
console.log(hash);

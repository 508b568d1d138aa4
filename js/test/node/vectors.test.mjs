// Every canonical, EIP-712 and typed-data vector of tests/vectors/ through the built package in Node.

import assert from "node:assert/strict";
import { test } from "node:test";

import * as core from "intent-core";

import { repoText } from "./repo.mjs";
import { checkVectors } from "../vectors.mjs";

const vectors = (file) => JSON.parse(repoText(`tests/vectors/${file}`));

test("every canonical and EIP-712 vector gives the generators' result", () => {
  const canonical = vectors("canonical.json");
  const eip712 = vectors("eip712.json");
  const typedData = vectors("typed_data.json");
  assert.match(canonical.generator, /gen_canonical\.py/);
  assert.match(eip712.generator, /gen_eip712\.py/);
  const { counts, failures } = checkVectors(core, canonical, eip712, typedData);
  assert.deepEqual(failures, []);
  assert.equal(counts.canonical, canonical.cases.length);
  assert.ok(counts.canonicalObjects > 90, `only ${counts.canonicalObjects} cases as objects`);
  assert.equal(counts.eip712 + counts.notExpressible.length, eip712.cases.length);
  assert.equal(counts.typedData, typedData.cases.length);
  // What the package cannot express, by name: deadlines above 2^64-1, the Mail example,
  // and the rules' deposit-permit errors.
  assert.deepEqual(counts.notExpressible.sort(), [
    "custom_type_Intent_u256_max",
    "default_all_values_2pow128_plus_1",
    "default_all_values_2pow64",
    "default_all_values_u256_max",
    "eip712_spec_mail_example",
    "example_intent_entrypoint_mode_without_permit_amount",
    "example_intent_permit_only_without_permit_deadline",
  ]);
});

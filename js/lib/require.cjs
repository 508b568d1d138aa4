// `require("intent-core")` in Node: the package is an ES module without top-level await,
// which Node 20.19+ and 22.12+ can require. Where Node cannot, say what to do instead.
"use strict";

try {
  module.exports = require("./node.js");
} catch (error) {
  if (error?.code === "ERR_REQUIRE_ESM" || error?.code === "ERR_REQUIRE_ASYNC_MODULE") {
    throw new Error(
      `intent-core is an ES module, which require() cannot load in this Node (${process.version}): ` +
        'use `await import("intent-core")`, or Node 20.19+ / 22.12+ with require() of ES modules on (the default)',
      { cause: error },
    );
  }
  throw error;
}

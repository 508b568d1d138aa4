// The repository's files the suites compare with (examples, vectors, the corpus), read from
// the checkout this file is in or, when the suites run from a copy in a consumer project
// that installed the packed tarball (.ci/run), from INTENT_CORE_REPO.

import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = process.env.INTENT_CORE_REPO
  ? pathToFileURL(`${process.env.INTENT_CORE_REPO.replace(/\/$/, "")}/`)
  : new URL("../../../", import.meta.url);

/** The text of the repository's file at `path` (relative to its root). */
export const repoText = (path) => readFileSync(new URL(path, root), "utf8");

/** The file system path of the repository's file at `path`. */
export const repoPath = (path) => fileURLToPath(new URL(path, root));

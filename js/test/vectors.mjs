// Every canonical, EIP-712 and typed-data vector of tests/vectors/ (written by the independent Python
// generators named in each file) through the package: shared by the Node suite and the
// page that headless Chromium loads, so both check the same cases the same way.
//
// Cases the package's functions cannot express are counted, never dropped silently:
// a message-level deposit intent whose deadline does not fit the `u64` of a
// DepositSignature, and the EIP-712 specification's Mail example (the package builds only
// the deposit-intent and permit structs).

/** Runs every vector; returns how many were checked and not expressible, and the failures. */
export function checkVectors(core, canonicalFile, eip712File, typedDataFile) {
  const failures = [];
  const counts = { canonical: 0, canonicalObjects: 0, eip712: 0, typedData: 0, notExpressible: [] };
  const expect = (name, what, actual, expected) => {
    if (actual !== expected) failures.push(`${name}: ${what} ${JSON.stringify(actual)} != ${JSON.stringify(expected)}`);
  };
  const attempt = (name, fn) => {
    try {
      return { value: fn() };
    } catch (error) {
      if (!(error instanceof core.IntentCoreError)) failures.push(`${name}: threw ${error}`);
      return { error };
    }
  };

  for (const c of canonicalFile.cases) {
    counts.canonical++;
    const hash = attempt(c.name, () => core.canonicalHash(c.input, c.type));
    expect(c.name, "hash", hash.value, c.hash);
    const text = attempt(c.name, () => core.canonicalJson(c.input, c.type));
    expect(c.name, "canonical json", text.value, c.canonical);
    expect(c.name, "hash of the canonical json", attempt(c.name, () => core.canonicalHash(c.canonical, c.type)).value, c.hash);
    // The same document as a JavaScript object: equal, unless JSON.parse rounded an integer.
    let lossy = false;
    const object = JSON.parse(c.input, (_, v) => {
      if (typeof v === "number" && (!Number.isFinite(v) || (Number.isInteger(v) && !Number.isSafeInteger(v)))) lossy = true;
      return v;
    });
    const fromObject = attempt(c.name, () => core.canonicalHash(object, c.type));
    if (!lossy) {
      counts.canonicalObjects++;
      expect(c.name, "hash of the object", fromObject.value, c.hash);
    } else if (fromObject.error !== undefined) {
      expect(c.name, "reason for a rounded number", fromObject.error.reason, "NUMBER_OUT_OF_RANGE");
    } else {
      // Only a decimal field may hold a number above 2^53: same value, same hash.
      expect(c.name, "hash of the object with a large decimal", fromObject.value, c.hash);
    }
  }

  const template = JSON.parse(eip712File.cases.find((c) => c.kind === "intentDocument" && !c.error).input);
  for (const c of eip712File.cases) {
    switch (c.kind) {
      case "intent": {
        if (BigInt(c.message.deadline) >= 2n ** 64n) {
          counts.notExpressible.push(c.name);
          continue;
        }
        const document = intentDocument(template, c);
        expect(c.name, "deposit-intent digest", attempt(c.name, () => core.depositIntentDigest(document)).value, c.digest);
        expect(c.name, "signer", attempt(c.name, () => core.recoverSigner(c.digest, c.signature)).value, c.signer);
        break;
      }
      case "intentDocument": {
        const digest = attempt(c.name, () => core.depositIntentDigest(c.input));
        if (c.error) {
          expect(c.name, "reason", digest.error?.reason, c.error);
          expect(c.name, "path", digest.error?.path, c.path);
          break;
        }
        expect(c.name, "deposit-intent digest", digest.value, c.digest);
        const signer = attempt(c.name, () => core.recoverSigner(c.digest, c.signature)).value;
        expect(c.name, "signer", signer, c.signer);
        expect(c.name, "owner signs", signer === c.owner, c.verifyError === undefined);
        break;
      }
      case "permit":
      case "daiPermit":
      case "intentPermit": {
        if (c.error) {
          // The deposit permit the rules derive from an intent: reached through checkExecute,
          // whose own tests cover it; here the vector's derived message is what is checked.
          counts.notExpressible.push(c.name);
          continue;
        }
        const domain = c.tokenDomain ?? c.domain;
        const digest = attempt(c.name, () => core.permitDigest({ domain, ...c.message }));
        expect(c.name, "permit digest", digest.value, c.digest);
        expect(c.name, "signer", attempt(c.name, () => core.recoverSigner(c.digest, c.signature)).value, c.signer);
        break;
      }
      case "signature": {
        const signer = attempt(c.name, () => core.recoverSigner(c.digest, c.signature));
        if (c.error) expect(c.name, "reason", signer.error?.reason, c.error);
        else expect(c.name, "signer", signer.value, c.signer);
        break;
      }
      case "mail":
        counts.notExpressible.push(c.name);
        continue;
      default:
        failures.push(`${c.name}: unknown kind ${c.kind}`);
        continue;
    }
    counts.eip712++;
  }

  for (const c of typedDataFile.cases) {
    const permit = c.kind === "depositPermit" ? { domain: c.tokenDomain, ...JSON.parse(c.document).message } : c.input;
    const [typedData, digest] =
      c.kind === "intent" ? [core.depositIntentTypedData, core.depositIntentDigest] : [core.permitTypedData, core.permitDigest];
    const input = c.kind === "intent" ? c.input : permit;
    expect(c.name, "typed data", walletJson(attempt(c.name, () => typedData(input)).value), c.document);
    expect(c.name, "digest", attempt(c.name, () => digest(input)).value, c.digests.ethAccount);
    counts.typedData++;
  }
  return { counts, failures };
}

/** A `digest intent` document whose deposit intent is the message-level vector `c`. */
function intentDocument(template, c) {
  const document = structuredClone(template);
  const { intent, depositSignature } = document;
  const m = c.message;
  intent.ownerAddress = m.user;
  intent.depositTransaction.tokenAddress = m.token;
  intent.depositTransaction.amount = m.amount;
  intent.originIntentAddress = m.intentAddress;
  intent.originChainId = m.chainId; // a u64 as decimal digits: 2^64-1 stays exact
  intent.serviceContracts.serviceIntentEntrypointAddress = c.domain.verifyingContract;
  depositSignature.deadline = BigInt(m.deadline);
  depositSignature.userNonce = BigInt(m.nonce);
  depositSignature.selectedGasFeeOption.amount = m.feeAmount;
  depositSignature.selectedGasFeeOption.feeCollectorAddress = m.feeCollector;
  document.domain = { name: c.domain.name, version: c.domain.version, typeName: c.typeName };
  return document;
}

/**
 * The wallet JSON (eth_signTypedData_v4) of a typed-data document the package returned: its
 * `domain.chainId` (a number or bigint, as viem takes it) as the decimal string the
 * generators write; every other member as returned.
 */
export function walletJson(document) {
  if (document?.domain?.chainId === undefined) return JSON.stringify(document);
  return JSON.stringify({ ...document, domain: { ...document.domain, chainId: String(document.domain.chainId) } });
}

// The whole flow as a dApp's TypeScript writes it, type-checked under `tsc --strict` with
// no cast (test/node/types.test.mjs; never run): the client's answers go into verifyQuote
// and the steps, the steps' results into viem's clients, both as an ES module
// (moduleResolution nodenext: the .d.ts) and, copied by the test as flow.cts, as CommonJS
// (the .d.cts).

import { createPublicClient, createWalletClient, http, type Hash, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { anvil } from "viem/chains";

import {
  createClient,
  depositTransaction,
  gaslessExecuteRequest,
  gaslessTypedData,
  readNonce,
  readTokenDomain,
  signGasless,
  verifyQuote,
  type ExecuteRequestInput,
  type IntentReceipt,
  type QuoteContracts,
  type QuoteRequestInput,
  type QuoteVerdict,
} from "intent-core";
import wasm from "intent-core/wasm-bytes";

/** The `.wasm` for `init(bytes)`, from the package's second entry. */
export const wasmBytes: ArrayBuffer = wasm;

export async function flow(key: Hex, contracts: QuoteContracts, gasless: boolean): Promise<IntentReceipt> {
  const account = privateKeyToAccount(key);
  const publicClient = createPublicClient({ chain: anvil, transport: http() });
  const walletClient = createWalletClient({ account, chain: anvil, transport: http() });
  const client = createClient({ baseUrl: "http://127.0.0.1:8080", accessKey: "demo-access-key" });

  const request: QuoteRequestInput = {
    ownerAddress: account.address,
    originChainId: anvil.id,
    destinationChainId: anvil.id,
    originTokenAddress: "0x8A791620dd6260079BF849Dc5567aDC3F2FdC318",
    originTokenAmount: 10n ** 19n,
    destinationTokenAddress: "0xB7f8BC63BbcaD18155201308C8f3540b07f84F5e",
  };
  const quote = await client.quoteIntent(request);
  const verdict: QuoteVerdict = verifyQuote(quote, { owner: account.address, request, contracts, now: new Date() });
  if (!verdict.ok) throw new Error(`${verdict.reason} at ${verdict.path}: ${verdict.message}`);
  const { intentId } = await client.commitIntent({ intent: quote.intent });

  let execute: ExecuteRequestInput;
  if (gasless) {
    const deadline = Math.floor(Date.now() / 1000) + 600;
    const typed = await gaslessTypedData(publicClient, quote, { mode: "entrypointWithPermit", deadline });
    const signatures = await signGasless(typed, (document) => walletClient.signTypedData({ account, ...document }));
    execute = gaslessExecuteRequest(quote, typed.depositSignature, signatures);
  } else {
    const hash: Hash = await walletClient.sendTransaction(depositTransaction(quote.intent));
    await publicClient.waitForTransactionReceipt({ hash });
    execute = { intentId, depositTransactionHash: hash };
  }
  const nonce: bigint = await readNonce(publicClient, { contract: quote.intent.depositTransaction.tokenAddress, owner: account.address });
  const { name, chainId } = await readTokenDomain(publicClient, quote.intent.depositTransaction.tokenAddress);
  console.log(nonce, name, chainId);
  await client.executeIntent(execute);
  return client.waitForReceipt(intentId, { onUpdate: ({ changes }) => console.log(changes.length) });
}

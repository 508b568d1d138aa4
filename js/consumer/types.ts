// The type test a dApp team would write (`tsc --strict --noEmit`, .ci/run): the package's
// hashes, addresses and typed-data documents go into viem's and ethers v6's functions as
// they are, without a cast, and the client's requests and answers are the generated
// objects' types. Type-checked only, never run.

import { Wallet, TypedDataEncoder, verifyTypedData as ethersVerifyTypedData } from "ethers";
import { createWalletClient, hashTypedData, http, recoverTypedDataAddress, verifyTypedData, type Address, type Hash, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { arbitrum } from "viem/chains";

import {
  IntentCoreError,
  canonicalHash,
  createClient,
  changedPaths,
  depositIntentDigest,
  depositIntentTypedData,
  depositPermitTypedData,
  ethersTypedData,
  init,
  parseIntent,
  recoverSigner,
  relayableSignature,
  verifyDepositSignature,
  type Client,
  type DepositSigner,
  type ErrorKind,
  type IntentReceipt,
  type QuoteRequestInput,
  type ReceiptUpdate,
  type ServerFailureCode,
  type TransactionStatus,
  type IntentDigestInput,
  type TypedData,
} from "intent-core";

export async function flow(quoteResponseText: string, input: IntentDigestInput, key: Hex): Promise<DepositSigner> {
  await init();
  const hash: Hash = canonicalHash(quoteResponseText, "QuoteResponse");
  const intent = parseIntent(quoteResponseText);
  const owner: Address = intent.ownerAddress;
  const amount: bigint = intent.depositTransaction.amount;
  const chainId: number | bigint = intent.originChainId;
  const account = privateKeyToAccount(key);
  const client = createWalletClient({ account, chain: arbitrum, transport: http() });

  // viem: sign, hash, verify and recover the package's document as it is.
  const document: TypedData = depositIntentTypedData(input);
  const signature: Hex = await client.signTypedData(document);
  const byAccount: Hex = await account.signTypedData(document);
  const digest: Hash = hashTypedData(document);
  const same: boolean = digest === depositIntentDigest(input);
  const valid: boolean = await verifyTypedData({ ...document, address: owner, signature });
  const signer: Address = await recoverTypedDataAddress({ ...document, signature: byAccount });
  const recovered: Address = recoverSigner(digest, signature);

  // The permit of a gasless deposit, signed the same way.
  const permit = depositPermitTypedData({
    intent,
    depositSignature: input.depositSignature,
    mode: "permitOnly",
    tokenDomain: { name: "USD Coin", version: "2", chainId: 42161n, verifyingContract: intent.depositTransaction.tokenAddress },
    nonce: 0n,
  });
  const permitSignature: Hex = await account.signTypedData(permit);
  const relayable: Hex = relayableSignature(permitSignature);

  // ethers v6: (domain, types without EIP712Domain, message).
  const wallet = new Wallet(key);
  const forEthers = ethersTypedData(document);
  const ethersSignature: string = await wallet.signTypedData(forEthers.domain, forEthers.types, forEthers.message);
  const ethersDigest: string = TypedDataEncoder.hash(forEthers.domain, forEthers.types, forEthers.message);
  const ethersSigner: string = ethersVerifyTypedData(forEthers.domain, forEthers.types, forEthers.message, ethersSignature);

  const paths: string[] = changedPaths(intent, { ...intent, status: "COMMITTED" });
  try {
    canonicalHash({ ...intent, id: 2 ** 60 });
  } catch (error) {
    if (error instanceof IntentCoreError) {
      const kind: ErrorKind = error.kind;
      const status: number = error.status;
      console.log(kind, status, error.reason, error.path);
    }
  }
  console.log(amount, chainId, hash, same, valid, signer, recovered, relayable, ethersDigest, ethersSigner, paths);
  return verifyDepositSignature(input, signature);
}

/** The client: every answer typed, amounts bigints, errors with the published kinds and codes. */
export async function serviceFlow(request: QuoteRequestInput, depositTransactionHash: Hash, signal: AbortSignal): Promise<IntentReceipt> {
  const client: Client = createClient({ baseUrl: "http://127.0.0.1:8080", accessKey: "demo-access-key", fetch, maxRetries: 2 });
  const { intent, gasFeeOptions } = await client.quoteIntent(request, { signal });
  const amount: bigint = intent.depositTransaction.amount;
  const to: Address = intent.depositTransaction.toAddress;
  const hash: Hash = canonicalHash(intent);
  const { intentId }: { intentId: string } = await client.commitIntent({ intent }, { signal });
  const status: string = (await client.executeIntent({ intentId, depositTransactionHash }, { signal })).intentStatus;
  const fee: bigint = gasFeeOptions.feeOptions[0]?.amount ?? 0n;
  const version: string = (await client.ping()).version;
  const serverTime: string = (await client.clock({ signal })).serverTime;
  const states: TransactionStatus[] = (await client.waitIntentReceipt({ intentId, timeoutSeconds: 5 }, { signal })).receiptStates;
  try {
    await client.getIntent({ intentId: "0x01" }, { signal });
  } catch (error) {
    if (error instanceof IntentCoreError) {
      const kind: ErrorKind = error.kind;
      const reason: ServerFailureCode | string = error.reason;
      const cause: string = error.body.cause;
      console.log(kind, reason, cause, error.code, error.status, error.path);
    }
  }
  console.log(amount, to, hash, status, fee, version, serverTime, states);
  return client.waitForReceipt(intentId, {
    signal,
    onUpdate(update: ReceiptUpdate) {
      for (const { transaction, previous } of update.changes) {
        const now: TransactionStatus = transaction.status;
        const before: TransactionStatus | null = previous;
        console.log(transaction.type, before, now, transaction.tokenAmount + 0n, update.done);
      }
    },
  });
}

// @ts-expect-error: a number where the client takes a request object or JSON text
createClient({ baseUrl: "http://127.0.0.1:8080" }).getIntent(42);

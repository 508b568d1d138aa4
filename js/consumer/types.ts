// The type test a dApp team would write (`tsc --strict --noEmit`, .ci/run): the package's
// hashes, addresses and typed-data documents go into viem's and ethers v6's functions as
// they are, without a cast. Type-checked only, never run.

import { Wallet, TypedDataEncoder, verifyTypedData as ethersVerifyTypedData } from "ethers";
import { createWalletClient, hashTypedData, http, recoverTypedDataAddress, verifyTypedData, type Address, type Hash, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { arbitrum } from "viem/chains";

import {
  IntentCoreError,
  canonicalHash,
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
  type DepositSigner,
  type ErrorKind,
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

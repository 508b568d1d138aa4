// The dApp's flow, apart from the page: quote, verify the quote before anything is signed
// or sent, commit, deposit (a transaction sent with the test key) or sign the gasless
// deposit (the entrypoint's and the permit's typed data), execute, and wait for the
// receipt, reporting each transaction as its status changes. Nothing assumes one chain:
// the deposit goes to the origin chain's node, balances are read where each token lives,
// and every transaction the service reports (a cross-chain route's too) is passed on.

import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  type Address,
  type PublicClient,
  type WalletClient,
  type Chain,
  type Transport,
  type Account,
} from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";

import {
  createClient,
  depositTransaction,
  gasFeeOption,
  gaslessExecuteRequest,
  gaslessTypedData,
  signGasless,
  verifyQuote,
  type Client,
  type ExecuteRequestInput,
  type IntentReceipt,
  type QuoteRequestInput,
  type QuoteResponse,
  type QuoteVerdict,
  type TransactionChange,
} from "intent-core";

import { accountOf, viemChain, walletContracts, type Stack, type StackChain } from "./stack.js";

/** The access key of the projects in the stack's service.json (the shipped example configuration). */
export const ACCESS_KEY = "demo-access-key";

/** How the deposit is made: a transaction the owner sends, or signatures the service relays. */
export type Mode = "deposit" | "gasless";

/** A node of the stack with its viem clients. */
interface Node {
  stackChain: StackChain;
  publicClient: PublicClient<Transport, Chain>;
  walletClient: WalletClient<Transport, Chain, Account>;
}

/** What the user picked. */
export interface Choice {
  originChainId: number;
  originToken: Address;
  /** In the origin token's base units. */
  amount: bigint;
  destinationChainId: number;
  destinationToken: Address;
}

/** A quote, the request it answers and verifyQuote's verdict on it. */
export interface Quoted {
  request: QuoteRequestInput;
  response: QuoteResponse;
  verdict: QuoteVerdict;
}

/** The balances the flow changes: the owner's origin token and the recipient's destination token. */
export interface Balances {
  origin: bigint;
  destination: bigint;
}

/** The stack, the service (at `origin`/service/) and the owner's test key, connected. */
export class Session {
  readonly account: PrivateKeyAccount;
  readonly client: Client;
  readonly #nodes = new Map<number, Node>();

  constructor(
    readonly stack: Stack,
    origin: string,
  ) {
    this.account = privateKeyToAccount(accountOf(stack, "owner").privateKey);
    this.client = createClient({ baseUrl: new URL("/service/", origin), accessKey: ACCESS_KEY });
    for (const stackChain of stack.chains) {
      const chain = viemChain(stackChain, origin);
      this.#nodes.set(stackChain.chainId, {
        stackChain,
        publicClient: createPublicClient({ chain, transport: http() }),
        walletClient: createWalletClient({ account: this.account, chain, transport: http() }),
      });
    }
  }

  node(chainId: number | bigint): Node {
    const node = this.#nodes.get(Number(chainId));
    if (node === undefined) throw new Error(`chain ${chainId} is not in stack.json`);
    return node;
  }

  /** Quotes `choice` and checks the answer under the origin chain's wallet contracts. */
  async quote(choice: Choice): Promise<Quoted> {
    const request: QuoteRequestInput = {
      ownerAddress: this.account.address,
      originChainId: choice.originChainId,
      destinationChainId: choice.destinationChainId,
      originTokenAddress: choice.originToken,
      originTokenAmount: choice.amount,
      destinationTokenAddress: choice.destinationToken,
    };
    const response = await this.client.quoteIntent(request);
    const contracts = walletContracts(this.node(choice.originChainId).stackChain);
    const verdict = verifyQuote(response, { owner: this.account.address, request, contracts });
    return { request, response, verdict };
  }

  /**
   * Commits a verified quote, deposits or signs as `mode` says, executes, and waits for
   * the receipt; `onChange` hears of each transaction whose status changed, in order.
   */
  async execute(quoted: Quoted, mode: Mode, onChange: (change: TransactionChange) => void): Promise<IntentReceipt> {
    if (!quoted.verdict.ok) throw new Error(`the quote was refused: ${quoted.verdict.reason}`);
    const quote = quoted.response;
    const { intentId } = await this.client.commitIntent({ intent: quote.intent });
    const origin = this.node(quote.intent.quoteRequest.originChainId);
    let execute: ExecuteRequestInput;
    if (mode === "gasless") {
      const deadline = Math.floor(Date.now() / 1000) + 600;
      const typed = await gaslessTypedData(origin.publicClient, quote, { mode: "entrypointWithPermit", deadline });
      const signatures = await signGasless(typed, (document) => origin.walletClient.signTypedData({ account: this.account, ...document }));
      execute = gaslessExecuteRequest(quote, typed.depositSignature, signatures);
    } else {
      const hash = await origin.walletClient.sendTransaction(depositTransaction(quote.intent));
      await origin.publicClient.waitForTransactionReceipt({ hash });
      execute = { intentId, depositTransactionHash: hash };
    }
    await this.client.executeIntent(execute);
    return this.client.waitForReceipt(intentId, { onUpdate: ({ changes }) => changes.forEach(onChange) });
  }

  /** The owner's origin token on the origin chain and the recipient's destination token on the destination chain. */
  async balances(quoted: Quoted): Promise<Balances> {
    const { quoteRequest } = quoted.response.intent;
    const recipient = quoteRequest.destinationToAddress ?? this.account.address;
    const read = (chainId: bigint | number, token: Address, owner: Address) =>
      this.node(chainId).publicClient.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
    const [origin, destination] = await Promise.all([
      read(quoteRequest.originChainId, quoteRequest.originTokenAddress, this.account.address),
      read(quoteRequest.destinationChainId, quoteRequest.destinationTokenAddress, recipient),
    ]);
    return { origin, destination };
  }
}

/** What a gasless deposit pays the relayer, in the deposit token (0 when the deposit is sent by the owner). */
export function gasFee(quoted: Quoted, mode: Mode): bigint {
  return mode === "gasless" ? gasFeeOption(quoted.response).amount : 0n;
}

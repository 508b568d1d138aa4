// What the app reads from the local stack's stack.json (service/README.md, "Local stack"),
// and what it derives from it: viem's chain for each node, reached through the app's own
// origin (/rpc/<chainId>, forwarded by vite.config.ts), the wallet contracts verifyQuote
// trusts, and the tokens a user picks from. Nothing here talks to the service.

import { defineChain, type Address, type Chain, type Hex } from "viem";

import type { QuoteContracts } from "intent-core";

export interface StackToken {
  symbol: string;
  name: string;
  address: Address;
  decimals: number;
}

export interface StackChain {
  chainId: number;
  rpcUrl: string;
  contracts: {
    intentWalletFactory: Address;
    intentWalletMainModule: Address;
    intentWalletMainModuleUpgradable: Address;
    intentWalletGuest: Address;
    serviceRouter: Address;
  };
  tokens: StackToken[];
  /** The CCTP V2 route's contracts: its USDC is a token the user may pick too. */
  cctp?: { usdc: Address };
}

export interface Stack {
  chains: StackChain[];
  accounts: { role: string; address: Address; privateKey: Hex }[];
}

/** stack.json as the app's server answers it. */
export async function loadStack(origin: string): Promise<Stack> {
  const response = await fetch(new URL("/stack.json", origin));
  if (!response.ok) throw new Error(`/stack.json: ${response.status} ${await response.text()}`);
  const stack: Stack = await response.json();
  return stack;
}

/** viem's chain for a node of the stack, its RPC forwarded by the app's origin. */
export function viemChain(chain: StackChain, origin: string): Chain {
  return defineChain({
    id: chain.chainId,
    name: `local ${chain.chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [new URL(`/rpc/${chain.chainId}`, origin).href] } },
  });
}

/** The wallet contracts of the stack's deployment, as verifyQuote takes them. */
export function walletContracts(chain: StackChain): QuoteContracts {
  const c = chain.contracts;
  return {
    factory: c.intentWalletFactory,
    mainModule: c.intentWalletMainModule,
    mainModuleUpgradable: c.intentWalletMainModuleUpgradable,
    guestModule: c.intentWalletGuest,
  };
}

/** The tokens of a chain: its test tokens, then its USDC when it has the CCTP route. */
export function tokensOf(chain: StackChain): StackToken[] {
  const listed = chain.tokens;
  const usdc = chain.cctp?.usdc;
  if (usdc === undefined || listed.some((token) => token.address.toLowerCase() === usdc.toLowerCase())) return listed;
  return [...listed, { symbol: "USDC", name: "USD Coin", address: usdc, decimals: 6 }];
}

/** The account of `role` (Anvil's public development keys: never use them elsewhere). */
export function accountOf(stack: Stack, role: string): Stack["accounts"][number] {
  const account = stack.accounts.find((a) => a.role === role);
  if (account === undefined) throw new Error(`stack.json has no ${role} account`);
  return account;
}

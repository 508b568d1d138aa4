// The page: the user's choice from the stack's chains and tokens, the quote and
// verifyQuote's verdict on it, then each transaction's status as it changes and the
// balances before and after. The flow itself lives in flow.ts. Every value the page shows
// is also in a data- attribute (base units, statuses) for the app's test to read.

import { formatUnits, parseUnits, type Address } from "viem";

import { gasFee, Session, type Balances, type Mode, type Quoted } from "./flow.js";
import { loadStack, tokensOf, type StackToken } from "./stack.js";

/** The element `#id`, of the type `kind`. */
function element<E extends HTMLElement>(id: string, kind: { new (): E; prototype: E }): E {
  const found = document.getElementById(id);
  if (!(found instanceof kind)) throw new Error(`the page has no #${id}`);
  return found;
}

const connection = element("connection", HTMLParagraphElement);
const form = element("choice", HTMLFormElement);
const originChain = element("origin-chain", HTMLSelectElement);
const originToken = element("origin-token", HTMLSelectElement);
const amount = element("amount", HTMLInputElement);
const destinationChain = element("destination-chain", HTMLSelectElement);
const destinationToken = element("destination-token", HTMLSelectElement);
const modeSelect = element("mode", HTMLSelectElement);
const quoteButton = element("quote", HTMLButtonElement);
const quotedSection = element("quoted", HTMLElement);
const quoteView = element("quote-view", HTMLDListElement);
const verdictLine = element("verdict", HTMLParagraphElement);
const executeButton = element("execute", HTMLButtonElement);
const progress = element("progress", HTMLElement);
const stages = element("stages", HTMLOListElement);
const statusLine = element("status", HTMLParagraphElement);
const balanceView = element("balances", HTMLDListElement);
const errorLine = element("error", HTMLParagraphElement);

function option(select: HTMLSelectElement, value: string, label: string): void {
  const item = document.createElement("option");
  item.value = value;
  item.textContent = label;
  select.append(item);
}

/** Appends `term` and its value to `list`, the value's raw form in data-raw. */
function row(list: HTMLDListElement, term: string, shown: string, raw: string): void {
  const dt = document.createElement("dt");
  dt.textContent = term;
  const dd = document.createElement("dd");
  dd.textContent = shown;
  dd.dataset.raw = raw;
  dd.dataset.member = term;
  list.append(dt, dd);
}

function fail(error: unknown): void {
  errorLine.hidden = false;
  errorLine.textContent = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

async function start(): Promise<void> {
  const origin = window.location.origin;
  const stack = await loadStack(origin);
  const session = new Session(stack, origin);
  const tokens = (chainId: number): StackToken[] => tokensOf(session.node(chainId).stackChain);
  const token = (chainId: number | bigint, address: string): StackToken => {
    const found = tokens(Number(chainId)).find((t) => t.address.toLowerCase() === address.toLowerCase());
    if (found === undefined) throw new Error(`${address} is not a token of chain ${chainId}`);
    return found;
  };
  const fillTokens = (chains: HTMLSelectElement, select: HTMLSelectElement, preferred: number): void => {
    select.replaceChildren();
    for (const t of tokens(Number(chains.value))) option(select, t.address, t.symbol);
    select.selectedIndex = Math.min(preferred, select.options.length - 1);
  };
  for (const chains of [originChain, destinationChain]) {
    for (const chain of stack.chains) option(chains, String(chain.chainId), `chain ${chain.chainId}`);
  }
  originChain.addEventListener("change", () => fillTokens(originChain, originToken, 0));
  destinationChain.addEventListener("change", () => fillTokens(destinationChain, destinationToken, 1));
  fillTokens(originChain, originToken, 0);
  fillTokens(destinationChain, destinationToken, 1);
  connection.textContent = `Owner ${session.account.address} (the stack's test key) on chains ${stack.chains.map((c) => c.chainId).join(", ")}.`;
  connection.dataset.ready = "true";
  quoteButton.disabled = false;

  let quoted: Quoted | undefined;

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    quoteButton.disabled = true;
    executeButton.disabled = true;
    const originChainId = Number(originChain.value);
    const from = token(originChainId, originToken.value);
    session
      .quote({
        originChainId,
        originToken: from.address,
        amount: parseUnits(amount.value, from.decimals),
        destinationChainId: Number(destinationChain.value),
        destinationToken: token(Number(destinationChain.value), destinationToken.value).address,
      })
      .then((answer) => {
        quoted = answer;
        const { intent } = answer.response;
        const to = token(intent.quoteRequest.destinationChainId, intent.quoteRequest.destinationTokenAddress);
        const shown = (value: bigint, t: StackToken) => `${formatUnits(value, t.decimals)} ${t.symbol}`;
        quoteView.replaceChildren();
        row(quoteView, "intentId", intent.intentId, intent.intentId);
        row(quoteView, "originIntentAddress", intent.originIntentAddress, intent.originIntentAddress);
        row(quoteView, "fromAmount", shown(intent.quote.fromAmount, from), String(intent.quote.fromAmount));
        row(quoteView, "toAmount", shown(intent.quote.toAmount, to), String(intent.quote.toAmount));
        row(quoteView, "toAmountMin", shown(intent.quote.toAmountMin, to), String(intent.quote.toAmountMin));
        row(quoteView, "serviceFeeTotal", shown(intent.fees.serviceFeeTotal, from), String(intent.fees.serviceFeeTotal));
        row(quoteView, "expiresAt", intent.expiresAt, intent.expiresAt);
        const { verdict } = answer;
        verdictLine.dataset.ok = String(verdict.ok);
        verdictLine.textContent = verdict.ok
          ? "Verified: the intent answers the request, its addresses commit to its calls under the stack's wallet contracts, the deposit pays exactly the quoted amount."
          : `Refused: ${verdict.reason} at ${verdict.path}: ${verdict.message}`;
        quotedSection.hidden = false;
        executeButton.disabled = !verdict.ok;
      })
      .catch(fail)
      .finally(() => (quoteButton.disabled = false));
  });

  executeButton.addEventListener("click", () => {
    if (quoted === undefined) return;
    const current = quoted;
    const mode: Mode = modeSelect.value === "gasless" ? "gasless" : "deposit";
    executeButton.disabled = true;
    quoteButton.disabled = true;
    stages.replaceChildren();
    balanceView.replaceChildren();
    statusLine.textContent = "Waiting…";
    delete statusLine.dataset.status;
    progress.hidden = false;
    run(session, current, mode, token).catch(fail);
  });
}

async function run(session: Session, quoted: Quoted, mode: Mode, token: (chainId: number | bigint, address: string) => StackToken): Promise<void> {
  const before = await session.balances(quoted);
  const receipt = await session.execute(quoted, mode, ({ transaction, previous }) => {
    const item = document.createElement("li");
    item.dataset.type = transaction.type;
    item.dataset.status = transaction.status;
    const hash = transaction.txnHash === undefined ? "" : ` ${transaction.txnHash}`;
    item.textContent = `${transaction.type} on chain ${transaction.chainId}: ${previous ?? "new"} → ${transaction.status}${hash}`;
    stages.append(item);
  });
  const after = await session.balances(quoted);
  const { quoteRequest } = quoted.response.intent;
  const from = token(quoteRequest.originChainId, quoteRequest.originTokenAddress);
  const to = token(quoteRequest.destinationChainId, quoteRequest.destinationTokenAddress);
  const shown = (pick: (b: Balances) => bigint, t: StackToken) =>
    `${formatUnits(pick(before), t.decimals)} → ${formatUnits(pick(after), t.decimals)} ${t.symbol}`;
  const recipient: Address = quoteRequest.destinationToAddress ?? session.account.address;
  row(balanceView, "origin", `owner ${session.account.address}: ${shown((b) => b.origin, from)}`, `${before.origin} ${after.origin}`);
  row(balanceView, "destination", `recipient ${recipient}: ${shown((b) => b.destination, to)}`, `${before.destination} ${after.destination}`);
  row(balanceView, "gasFee", `${formatUnits(gasFee(quoted, mode), from.decimals)} ${from.symbol}`, String(gasFee(quoted, mode)));
  statusLine.textContent = `The intent ${receipt.status}.`;
  statusLine.dataset.status = receipt.status;
  quoteButton.disabled = false;
}

start().catch(fail);

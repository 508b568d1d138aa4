//! Quotes of same-chain intents run in their wallet, against a real node (docs/spec.md §12):
//! Anvil with the wallet's contracts, the ServiceRouter and Uniswap V2 (one pool, 1,000 to
//! 2,000) deployed by `intent-chain-tests`, the service in process with the chain's `wallet`,
//! `swap` and `rpcUrl`. A quote's addresses and meta-transaction pass the core's rules, its
//! amounts are the router's own `getAmountsOut`/`getAmountsIn` for the same reserves, and its
//! meta-transaction, sent once the deposit is at the intent address, pays the recipient and
//! the fee collector and leaves the wallet empty. A route without a pool is ROUTE_UNAVAILABLE (Unavailable).
//! And a cross-chain quote over the CCTP V2 route on the two-chain local stack: its two
//! bundles at their derived addresses, its amounts the pools' own, and the bundles run (the
//! burn, the local attester's attestation, the mint, the destination bundle).

use alloy_primitives::{Address, U256};
use alloy_sol_types::SolCall;
use intent_chain_tests::wallet::{tokens, Uniswap, WalletDeployment};
use intent_chain_tests::{Chain, CHAIN_ID};
use intent_contracts::{IPermitToken, IServiceRouter, IUniswapV2Router02};
use intent_core::wallet::WalletContext;
use intent_core::{from_slice, QuoteResponse};
use intent_service::config::{ServiceConfig, EXAMPLE_CONFIG};
use intent_service::Service;
use serde_json::{json, Value};

use crate::support::anvil::call;
use crate::support::database;
use crate::support::stack::{self as two, Stack as TwoChains};

/// Development accounts: the pool's provider, the owner, the recipient, who sends the
/// meta-transaction.
const PROVIDER: usize = 0;
const OWNER: usize = 1;
const RECIPIENT: usize = 2;
const EXECUTOR: usize = 3;

/// The fee collector of the shipped configuration.
const FEE_COLLECTOR: &str = "0xD196c6E298bFCA64A518ade794eeF042C3e428e4";

struct Stack {
    chain: Chain,
    wallet: WalletDeployment,
    uniswap: Uniswap,
    sold: Address,
    bought: Address,
    unpooled: Address,
}

impl Stack {
    /// The node, the contracts, two tokens in a pool of 1,000 to 2,000 and a third in none.
    async fn new() -> Stack {
        let chain = Chain::start().await.expect("anvil starts: run `(cd chain && npm ci --ignore-scripts)` first");
        let wallet = chain.deploy_wallet_contracts().await.unwrap();
        let uniswap = chain.deploy_uniswap().await.unwrap();
        let sold = chain.deploy_permit_token("Sold Token", "SLD").await.unwrap();
        let bought = chain.deploy_permit_token("Bought Token", "BGT").await.unwrap();
        let unpooled = chain.deploy_permit_token("Lonely Token", "LNL").await.unwrap();
        let provider = chain.address(PROVIDER);
        for (token, amount) in [(sold, tokens(1_000)), (bought, tokens(2_000))] {
            chain.mint(token, provider, amount).await.unwrap();
            chain.approve(token, provider, uniswap.router, amount).await.unwrap();
        }
        let router = IUniswapV2Router02::new(uniswap.router, chain.provider());
        let add = router.addLiquidity(
            sold,
            bought,
            tokens(1_000),
            tokens(2_000),
            U256::ZERO,
            U256::ZERO,
            provider,
            U256::MAX,
        );
        assert!(add.send().await.unwrap().get_receipt().await.unwrap().status());
        chain.mint(sold, chain.address(OWNER), tokens(1_000)).await.unwrap();
        Stack { chain, wallet, uniswap, sold, bought, unpooled }
    }

    /// The wallet context the service is configured with.
    fn context(&self) -> WalletContext {
        WalletContext { main_module_upgradable: self.wallet.main_module, ..self.wallet.context() }
    }

    /// The shipped configuration with its first chain this node's, with `wallet` and `swap`.
    fn config(&self) -> ServiceConfig {
        let mut config: Value = serde_json::from_str(EXAMPLE_CONFIG).unwrap();
        let replaced = config["chains"][0]["chainId"].clone();
        let chain = &mut config["chains"][0];
        chain["chainId"] = CHAIN_ID.into();
        chain["rpcUrl"] = self.chain.endpoint().into();
        chain["walletFactoryAddress"] = self.wallet.factory.to_string().into();
        chain["metaTxnContract"] = self.wallet.guest.to_string().into();
        chain["routerAddress"] = self.wallet.router.to_string().into();
        chain["wallet"] = json!({
            "factory": self.wallet.factory, "mainModule": self.wallet.main_module,
            "mainModuleUpgradable": self.wallet.main_module, "guestModule": self.wallet.guest,
        });
        chain["swap"] = json!({"uniswapV2Router": self.uniswap.router});
        let mut listed: Vec<Value> =
            config["tokens"].as_array().unwrap().iter().filter(|t| t["chainId"] != replaced).cloned().collect();
        for (token, symbol) in [(self.sold, "SLD"), (self.bought, "BGT"), (self.unpooled, "LNL")] {
            listed.push(json!({"chainId": CHAIN_ID, "address": token, "symbol": symbol, "decimals": 18,
                "priceUsd": 1, "feeToken": false}));
        }
        config["tokens"] = listed.into();
        ServiceConfig::parse(config.to_string().as_bytes()).unwrap()
    }

    fn request(&self, to: Address, amount: U256, exact_output: bool) -> Value {
        let mut request = json!({
            "ownerAddress": self.chain.address(OWNER), "originChainId": CHAIN_ID, "originTokenAddress": self.sold,
            "destinationChainId": CHAIN_ID, "destinationTokenAddress": to,
            "destinationToAddress": self.chain.address(RECIPIENT),
            "options": {"slippageTolerance": 0.01},
        });
        if exact_output {
            request["tradeType"] = "EXACT_OUTPUT".into();
            request["destinationTokenAmount"] = amount.to_string().into();
        } else {
            request["tradeType"] = "EXACT_INPUT".into();
            request["originTokenAmount"] = amount.to_string().into();
        }
        request
    }

    async fn balance(&self, token: Address, who: Address) -> U256 {
        self.chain.token_balance(token, who).await.unwrap()
    }

    /// Deposits the quote's amount at its intent address, sends its meta-transaction, and
    /// checks what the recipient (of `bought`), the fee collector and the wallet hold after it.
    async fn execute(&self, quote: &QuoteResponse, bought: Address) {
        let intent = &quote.intent;
        let wallet = intent.origin_intent_address;
        let transfer = IPermitToken::transferCall { to: wallet, value: intent.deposit_transaction.amount };
        self.chain.send_data(OWNER, self.sold, transfer.abi_encode().into()).await.unwrap();
        let recipient = self.chain.address(RECIPIENT);
        let collector: Address = FEE_COLLECTOR.parse().unwrap();
        let (received, collected) =
            (self.balance(self.bought, recipient).await, self.balance(self.sold, collector).await);
        let meta = &intent.origin_meta_txn;
        self.chain.send_data(EXECUTOR, meta.contract, meta.input.clone()).await.unwrap();
        assert!(self.balance(bought, recipient).await - received >= intent.quote.to_amount_min);
        assert_eq!(self.balance(self.sold, collector).await - collected, intent.fees.service_fee_total);
        assert_eq!(self.balance(self.sold, wallet).await, U256::ZERO);
        assert_eq!(self.balance(self.bought, wallet).await, U256::ZERO);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quoted_swap_is_the_routers_amounts_at_a_derived_address_and_runs() {
    let stack = Stack::new().await;
    let service = Service::open(stack.config(), &database("quotes"), &[], &[], false).await.unwrap();
    let app = service.router();
    let router = IUniswapV2Router02::new(stack.uniswap.router, stack.chain.provider());
    let path = vec![stack.sold, stack.bought];

    // EXACT_INPUT: the router's getAmountsOut of what is swapped after the service fee.
    let answer = call(&app, "QuoteIntent", &stack.request(stack.bought, tokens(10), false)).await.unwrap();
    let quote: QuoteResponse = from_slice(answer.to_string().as_bytes()).unwrap();
    intent_core::rules::check_intent_addresses(&quote.intent, &stack.context()).unwrap();
    intent_core::rules::check_meta_transactions(&quote.intent, &stack.context()).unwrap();
    let swapped = tokens(10) - quote.intent.fees.service_fee_total;
    let amounts = router.getAmountsOut(swapped, path.clone()).call().await.unwrap();
    assert_eq!(quote.intent.quote.to_amount, amounts[1]);
    stack.execute(&quote, stack.bought).await;

    // EXACT_OUTPUT (after the first swap moved the pool): the router's getAmountsIn.
    let answer = call(&app, "QuoteIntent", &stack.request(stack.bought, tokens(5), true)).await.unwrap();
    let quote: QuoteResponse = from_slice(answer.to_string().as_bytes()).unwrap();
    intent_core::rules::check_intent_addresses(&quote.intent, &stack.context()).unwrap();
    intent_core::rules::check_meta_transactions(&quote.intent, &stack.context()).unwrap();
    let amounts = router.getAmountsIn(tokens(5), path).call().await.unwrap();
    let swap = IUniswapV2Router02::swapTokensForExactTokensCall::abi_decode(
        quote.intent.origin_calls.calls[2].data.as_ref().unwrap(),
    )
    .unwrap();
    assert_eq!(swap.amountInMax, amounts[0] + (amounts[0] * U256::from(100)).div_ceil(U256::from(10_000)));
    assert_eq!(quote.intent.quote.to_amount, tokens(5));
    stack.execute(&quote, stack.bought).await;

    // One token, with a destination call: the fee, the output approved to the call's
    // target, the call (run end to end, against a vault that pulls the output, in
    // tests/it/execute.rs).
    let mut request = stack.request(stack.sold, tokens(3), false);
    request["destinationCallData"] = "0xdeadbeef".into();
    let answer = call(&app, "QuoteIntent", &request).await.unwrap();
    let quote: QuoteResponse = from_slice(answer.to_string().as_bytes()).unwrap();
    intent_core::rules::check_intent_addresses(&quote.intent, &stack.context()).unwrap();
    let to_amount = tokens(3) - quote.intent.fees.service_fee_total;
    assert_eq!(quote.intent.quote.to_amount, to_amount);
    let recipient = stack.chain.address(RECIPIENT);
    let approve = &quote.intent.origin_calls.calls[1];
    let approved = IPermitToken::approveCall { spender: recipient, value: to_amount };
    assert_eq!((approve.to, approve.data.as_ref().unwrap().to_vec()), (stack.sold, approved.abi_encode()));
    let destination_call = &quote.intent.origin_calls.calls[2];
    assert_eq!(
        (destination_call.to, destination_call.data.as_ref().unwrap().to_vec()),
        (recipient, vec![0xde, 0xad, 0xbe, 0xef])
    );
    // With destinationApproveAddress the output is approved to it, and the call still goes
    // to the target.
    let spender = Address::repeat_byte(0x5e);
    request["destinationApproveAddress"] = spender.to_string().into();
    let answer = call(&app, "QuoteIntent", &request).await.unwrap();
    let quote: QuoteResponse = from_slice(answer.to_string().as_bytes()).unwrap();
    intent_core::rules::check_intent_addresses(&quote.intent, &stack.context()).unwrap();
    let approve = &quote.intent.origin_calls.calls[1];
    let approved = IPermitToken::approveCall { spender, value: to_amount };
    assert_eq!((approve.to, approve.data.as_ref().unwrap().to_vec()), (stack.sold, approved.abi_encode()));
    assert_eq!(quote.intent.origin_calls.calls[2].to, recipient);
    // After a swap, it is the spender of the router's swapV2AndCall.
    let mut swap = stack.request(stack.bought, tokens(3), false);
    swap["destinationCallData"] = "0xdeadbeef".into();
    swap["destinationApproveAddress"] = spender.to_string().into();
    let answer = call(&app, "QuoteIntent", &swap).await.unwrap();
    let quote: QuoteResponse = from_slice(answer.to_string().as_bytes()).unwrap();
    let swap_and_call = quote.intent.origin_calls.calls.iter().find(|call| call.delegate_call == Some(true)).unwrap();
    let decoded = IServiceRouter::swapV2AndCallCall::abi_decode(swap_and_call.data.as_ref().unwrap()).unwrap();
    assert_eq!((decoded.target, decoded.spender), (recipient, spender));
    // Refused where it cannot be served: no destination call (nothing is approved), a value
    // that is no address.
    let mut plain = stack.request(stack.sold, tokens(3), false);
    plain["destinationApproveAddress"] = spender.to_string().into();
    let error = call(&app, "QuoteIntent", &plain).await.unwrap_err();
    assert!(error.contains("OPTION_NOT_SERVED at destinationApproveAddress") && error.contains("without"), "{error}");
    request["destinationApproveAddress"] = "0x12".into();
    let error = call(&app, "QuoteIntent", &request).await.unwrap_err();
    assert!(error.contains("INVALID_ADDRESS at destinationApproveAddress"), "{error}");

    // No pool of the two tokens: nothing to route through (Unavailable).
    let error = call(&app, "QuoteIntent", &stack.request(stack.unpooled, tokens(10), false)).await.unwrap_err();
    assert!(error.contains("ROUTE_UNAVAILABLE at destinationTokenAddress") && error.contains("Unavailable"), "{error}");
}

/// A cross-chain intent over the CCTP V2 route on the two-chain local stack: its quote,
/// the origin bundle run once the deposit is there (the burn), the local attester's
/// attestation, the mint on the destination chain, then the destination bundle run. Returns
/// what the recipient received of `bought`.
async fn bridge(stack: &TwoChains, quote: &QuoteResponse, bought: Address, recipient: Address) -> U256 {
    use alloy_provider::Provider;
    use intent_contracts::ICctpMessageTransmitter;
    use intent_service::attest::{Attestations, Attested, IrisClient};
    let (origin, destination) = (&stack.chains[0], &stack.chains[1]);
    let intent = &quote.intent;
    let deposit = &intent.deposit_transaction;
    origin.deposit(deposit.token_address, intent.origin_intent_address, deposit.amount).await.unwrap();
    let meta = &intent.origin_meta_txn;
    let burned = origin.chain.send_data(two::RELAYER, meta.contract, meta.input.clone()).await.unwrap();
    let messages = intent_chain_tests::cctp::messages_sent(&burned, origin.cctp.transmitter).unwrap();
    let [message] = messages.as_slice() else { panic!("one burn: {messages:?}") };
    let body = intent_core::cctp::BurnMessage::from_bytes(&message.body).unwrap();
    let wallet = intent.destination_intent_address.unwrap();
    assert_eq!(body.mint_recipient, wallet.into_word());
    assert_eq!(body.message_sender, intent.origin_intent_address.into_word(), "the origin wallet burned");
    for token in [deposit.token_address, origin.cctp.usdc] {
        assert_eq!(origin.chain.token_balance(token, intent.origin_intent_address).await.unwrap(), U256::ZERO);
    }
    // The attester signs once the burn has its confirmations; anyone mints.
    origin.chain.provider().raw_request::<_, Value>("evm_mine".into(), ()).await.unwrap();
    let client = IrisClient::new(&stack.attester_url, std::time::Duration::from_secs(10)).unwrap();
    let answer = client.fetch(origin.cctp.domain, burned.transaction_hash).await.unwrap();
    let [Attested::Complete { message, attestation }] = answer.as_slice() else { panic!("{answer:?}") };
    let receive = ICctpMessageTransmitter::receiveMessageCall {
        message: message.to_bytes().into(),
        attestation: attestation.clone(),
    };
    destination.chain.send_data(two::RELAYER, destination.cctp.transmitter, receive.abi_encode().into()).await.unwrap();
    let minted = destination.chain.token_balance(destination.cctp.usdc, wallet).await.unwrap();
    assert_eq!(minted, body.amount - U256::from(two::ATTESTER_FEE));
    assert!(minted >= intent.destination_precondition.as_ref().unwrap().min_amount);
    let before = destination.chain.token_balance(bought, recipient).await.unwrap();
    let meta = intent.destination_meta_txn.as_ref().unwrap();
    destination.chain.send_data(two::RELAYER, meta.contract, meta.input.clone()).await.unwrap();
    for token in [bought, destination.cctp.usdc] {
        assert_eq!(
            destination.chain.token_balance(token, wallet).await.unwrap(),
            U256::ZERO,
            "the wallet is left empty"
        );
    }
    destination.chain.token_balance(bought, recipient).await.unwrap() - before
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cross_chain_quote_on_the_stack_burns_for_its_destination_wallet_and_both_bundles_run() {
    let stack = TwoChains::start(&two::chain_ids(2), &[]).await.expect("the stack starts (npm ci in chain/)");
    let config = ServiceConfig::parse(stack.service_json().to_string().as_bytes()).unwrap();
    let app = Service::open(config, &database("cross-quotes"), &[], &[], false).await.unwrap().router();
    let (origin, destination) = (&stack.chains[0], &stack.chains[1]);
    let context = origin.wallet_context();
    assert_eq!(context, destination.wallet_context(), "one deployment order, one context");
    let recipient = destination.chain.address(5);
    let (susd, seur) = (origin.tokens[0].address, destination.tokens[1].address);
    let request = |from: Address, to: Address, amount: U256, exact_output: bool| {
        let (trade, member) = if exact_output {
            ("EXACT_OUTPUT", "destinationTokenAmount")
        } else {
            ("EXACT_INPUT", "originTokenAmount")
        };
        json!({
            "ownerAddress": origin.chain.address(two::OWNER), "originChainId": origin.chain_id,
            "originTokenAddress": from, "destinationChainId": destination.chain_id,
            "destinationTokenAddress": to, "destinationToAddress": recipient, "tradeType": trade,
            member: amount.to_string(), "options": {"slippageTolerance": 0.01},
        })
    };

    // SUSD on the origin to SEUR on the destination: a swap on each side, priced by the pools.
    let answer = call(&app, "QuoteIntent", &request(susd, seur, tokens(100), false)).await.unwrap();
    let quote: QuoteResponse = from_slice(answer.to_string().as_bytes()).unwrap();
    intent_core::rules::check_intent_addresses(&quote.intent, &context).unwrap();
    intent_core::rules::check_meta_transactions(&quote.intent, &context).unwrap();
    let spend = tokens(100) - quote.intent.fees.service_fee_total;
    let origin_router = IUniswapV2Router02::new(origin.uniswap.router, origin.chain.provider());
    let burn = origin_router.getAmountsOut(spend, vec![susd, origin.cctp.usdc]).call().await.unwrap()[1];
    let arrival = burn - U256::from(two::ATTESTER_FEE);
    let destination_router = IUniswapV2Router02::new(destination.uniswap.router, destination.chain.provider());
    let path = vec![destination.cctp.usdc, seur];
    let bought = destination_router.getAmountsOut(arrival, path).call().await.unwrap()[1];
    assert_eq!(quote.intent.quote.to_amount, bought);
    let calls = &quote.intent.origin_calls.calls;
    let burn_call = IServiceRouter::burnBalanceCall::abi_decode(calls[2].data.as_ref().unwrap()).unwrap().burn;
    assert_eq!((burn_call.messenger, burn_call.token), (origin.cctp.messenger, origin.cctp.usdc));
    assert_eq!(
        (burn_call.destinationDomain, burn_call.maxFee),
        (destination.cctp.domain, U256::from(two::ATTESTER_FEE))
    );
    assert_eq!(burn_call.mintRecipient, quote.intent.destination_intent_address.unwrap().into_word());
    let received = bridge(&stack, &quote, seur, recipient).await;
    assert!(received >= quote.intent.quote.to_amount_min, "{received}");
    assert_eq!(received, bought, "nothing else traded on the pools in between");
    let collector = origin.chain.address(two::FEE_COLLECTOR);
    assert_eq!(origin.chain.token_balance(susd, collector).await.unwrap(), quote.intent.fees.service_fee_total);

    // USDC to USDC, EXACT_OUTPUT: the burn covers the amount and the attester's fee, and the
    // recipient receives exactly the amount.
    let (usdc, base_usdc) = (origin.cctp.usdc, destination.cctp.usdc);
    let amount = U256::from(25_000_000);
    let answer = call(&app, "QuoteIntent", &request(usdc, base_usdc, amount, true)).await.unwrap();
    let quote: QuoteResponse = from_slice(answer.to_string().as_bytes()).unwrap();
    intent_core::rules::check_intent_addresses(&quote.intent, &context).unwrap();
    assert_eq!(quote.intent.destination_precondition.as_ref().unwrap().min_amount, amount);
    assert_eq!(bridge(&stack, &quote, base_usdc, recipient).await, amount);
}

//! The local stack (`tests/it/support/stack.rs`, `examples/stack.rs`; docs/spec.md §12)
//! started in process on two chains, and what its `stack.json` and `service.json` say
//! checked on the nodes: every contract named has code, the pool holds its reserves, the
//! owner its tokens, each key is its account's, and the service configuration names the
//! same deployment; and `service.json` loads as the service's configuration and the service
//! starts on it, relaying, with the chain's node healthy, and the wallet context it names
//! derives the address the stack's factory deploys a sample configuration's wallet at (the
//! wallet itself is proven by `chain-tests/tests/chain/wallet.rs`); and the CCTP route it
//! deploys on each chain, with its attester, burns on one chain and mints on the other.

use crate::support::stack::{self, Stack, OWNER, OWNER_TOKENS, POOL, RELAYER, TOKENS};
use crate::support::{call_in_process, database, ACCESS_KEY};
use alloy_primitives::{Address, B256, U256};
use alloy_sol_types::SolCall;
use intent_chain_tests::wallet::tokens;
use intent_contracts::{IIntentWalletFactory, IPermitToken, IUniswapV2Router02};
use intent_core::wallet::IntentConfiguration;
use intent_core::{from_slice, CallBundle};
use intent_service::config::ServiceConfig;
use intent_service::relay::RelayerKey;
use intent_service::Service;
use serde_json::{json, Value};

fn address(value: &Value) -> Address {
    value.as_str().unwrap_or_else(|| panic!("not a string: {value}")).parse().expect("an address")
}

#[tokio::test]
async fn the_stack_deploys_funds_and_describes_each_chain() {
    let stack = Stack::start(&stack::chain_ids(2), &[]).await.expect("the stack starts (npm ci in chain/)");
    let described = stack.stack_json();
    let service = stack.service_json();
    assert_eq!(described["chains"].as_array().unwrap().len(), 2);

    for (index, chain) in stack.chains.iter().enumerate() {
        let json = &described["chains"][index];
        assert_eq!(json["chainId"], 31_337 + index as u64);
        assert_eq!(json["rpcUrl"], chain.chain.endpoint());

        // Every contract and token it names has code on its node.
        let contracts = json["contracts"].as_object().unwrap();
        assert_eq!(contracts.len(), 9, "{contracts:?}");
        let named = contracts.values().chain(json["tokens"].as_array().unwrap().iter().map(|token| &token["address"]));
        for value in named.chain([&json["pools"][0]["pair"]]) {
            assert!(chain.has_code(address(value)).await.unwrap(), "no code at {value}");
        }
        // The upgradable main module is a second deployment, not the first one's address.
        assert_ne!(contracts["intentWalletMainModule"], contracts["intentWalletMainModuleUpgradable"]);

        // Router02 trades through the factory named, and the pool holds its reserves.
        let router = IUniswapV2Router02::new(address(&contracts["uniswapV2Router02"]), chain.chain.provider());
        assert_eq!(router.factory().call().await.unwrap(), address(&contracts["uniswapV2Factory"]));
        assert_eq!(chain.reserves().await.unwrap(), POOL.map(tokens));

        // The owner holds each token.
        let owner = address(&described["accounts"][1]["address"]);
        assert_eq!(owner, chain.chain.address(OWNER));
        for (token, (_, symbol, _)) in json["tokens"].as_array().unwrap().iter().zip(TOKENS) {
            assert_eq!(token["symbol"], symbol);
            let balance = IPermitToken::new(address(&token["address"]), chain.chain.provider());
            assert_eq!(balance.balanceOf(owner).call().await.unwrap(), tokens(OWNER_TOKENS));
        }

        // The service configuration names the same deployment and node.
        let configured = &service["chains"][index];
        assert_eq!(configured["chainId"], json["chainId"]);
        assert_eq!(configured["rpcUrl"], json["rpcUrl"]);
        assert_eq!(configured["entrypoint"]["address"], contracts["serviceIntentEntrypoint"]);
        assert_eq!(configured["routerAddress"], contracts["serviceRouter"]);
        assert_eq!(configured["metaTxnContract"], contracts["intentWalletGuest"]);
        assert_eq!(configured["walletFactoryAddress"], contracts["intentWalletFactory"]);
        assert_eq!(configured["wallet"]["factory"], contracts["intentWalletFactory"]);
        assert_eq!(configured["wallet"]["mainModule"], contracts["intentWalletMainModule"]);
        assert_eq!(configured["wallet"]["mainModuleUpgradable"], contracts["intentWalletMainModuleUpgradable"]);
        assert_eq!(configured["wallet"]["guestModule"], contracts["intentWalletGuest"]);
        assert_eq!(configured["swap"]["uniswapV2Router"], contracts["uniswapV2Router02"]);
    }

    // Each account's key is its address's, and the relayer and the fee collector have ether.
    for account in described["accounts"].as_array().unwrap() {
        let key: B256 = account["privateKey"].as_str().unwrap().parse().unwrap();
        let signer = alloy_signer_local::PrivateKeySigner::from_bytes(&key).unwrap();
        assert_eq!(signer.address(), address(&account["address"]), "{account}");
        let ether = stack.chains[0].chain.native_balance(signer.address()).await.unwrap();
        assert!(ether > U256::ZERO, "{account}");
    }
    assert_eq!(service["feeCollectorAddress"], described["accounts"][2]["address"]);
    assert_eq!(service["tokens"].as_array().unwrap().len(), 6, "two test tokens and the USDC on each chain");
}

#[tokio::test]
async fn the_stacks_service_configuration_loads_and_the_service_starts_on_it() {
    let stack = Stack::start(&stack::chain_ids(1), &[]).await.expect("the stack starts (npm ci in chain/)");
    let chain = &stack.chains[0];
    // As the example writes it.
    let text = serde_json::to_string_pretty(&stack.service_json()).unwrap();
    let config = ServiceConfig::parse(text.as_bytes()).expect("service.json is a service configuration");

    let configured = &config.chains[0];
    assert_eq!(configured.chain_id, chain.chain_id);
    assert_eq!(configured.wallet_context(), Some(chain.wallet_context()));
    assert_eq!(configured.swap.as_ref().map(|swap| swap.uniswap_v2_router), Some(chain.uniswap.router));
    assert_eq!(config.tokens.len(), 3, "the two test tokens and the USDC");
    // Named for the local node, a testnet, no explorer; no block time under automine, the
    // node's interval once it mines at one (as the example's `--block-time` makes it).
    let described = stack.service_json()["chains"][0].clone();
    assert_eq!(described["name"], format!("Anvil {}", chain.chain_id));
    assert_eq!(described["isTestnet"], true);
    assert!(described.get("explorerUrl").is_none(), "{described}");
    assert!(described.get("blockTimeMillis").is_none(), "{described}");

    // A sample configuration's wallet: where the configured context derives it is where the
    // stack's factory deploys it.
    let context = configured.wallet_context().unwrap();
    let sample = json!({"chainId": chain.chain_id, "nonce": "0", "calls": []});
    let sample: CallBundle = from_slice(sample.to_string().as_bytes()).unwrap();
    let configuration = IntentConfiguration::new(chain.chain.address(OWNER), &[sample]).unwrap();
    let wallet = configuration.address(&context);
    assert!(!chain.has_code(wallet).await.unwrap());
    let deploy = IIntentWalletFactory::deployCall { mainModule: context.main_module, salt: configuration.image_hash() };
    chain.chain.send_data(stack::DEPLOYER, context.factory, deploy.abi_encode().into()).await.unwrap();
    assert!(chain.has_code(wallet).await.unwrap(), "the factory deployed elsewhere than {wallet}");

    let relayer = RelayerKey::parse(&chain.chain.key(RELAYER).to_bytes().to_string(), "the stack").unwrap();
    assert_eq!(relayer.address(), chain.chain.address(RELAYER));
    let service = Service::open_relaying(config, &database("stack"), &[], &[], false, Some(relayer))
        .await
        .expect("the service starts on the stack's configuration");
    let (status, body) =
        call_in_process(&service.router(), "/rpc/Service/RuntimeStatus", &[("x-access-key", ACCESS_KEY)], "{}").await;
    assert_eq!(status, 200, "{body}");
    let node = body["status"]["services"].as_array().unwrap().iter().find(|s| s["name"] == "chain 31337 node").cloned();
    assert_eq!((&body["status"]["healthOK"], node.map(|n| n["healthy"].clone())), (&true.into(), Some(true.into())));
    chain.mine_every(2).await.unwrap();
    let described = &stack.service_json()["chains"][0];
    assert_eq!(described["blockTimeMillis"], 2_000, "{described}");
}

#[tokio::test]
async fn the_stacks_cctp_route_burns_on_one_chain_and_its_attester_lets_it_mint_on_the_other() {
    use alloy_provider::Provider;
    use intent_contracts::{ICctpMessageTransmitter, ICctpTokenMessenger};
    use intent_core::cctp::bytes32_of;
    use intent_service::attest::{Attestations, Attested, IrisClient};

    let stack = Stack::start(&stack::chain_ids(2), &[]).await.expect("the stack starts (npm ci in chain/)");
    let described = stack.stack_json();
    let service = stack.service_json();
    let config = ServiceConfig::parse(service.to_string().as_bytes()).expect("service.json is a service configuration");
    assert_eq!(service["attestation"]["url"], json!(stack.attester_url));
    assert_eq!(described["attestation"]["url"], json!(stack.attester_url));
    assert_eq!(address(&described["attestation"]["attester"]["address"]), Stack::attester().address());
    let usdc_held = U256::from(OWNER_TOKENS) * U256::from(1_000_000);
    for (index, chain) in stack.chains.iter().enumerate() {
        let cctp = &described["chains"][index]["cctp"];
        assert_eq!(cctp, &service["chains"][index]["cctp"]);
        assert_eq!(cctp["domain"], index);
        let configured = config.chains[index].cctp.as_ref().unwrap();
        assert_eq!(
            (configured.token_messenger, configured.message_transmitter, configured.usdc),
            (chain.cctp.messenger, chain.cctp.transmitter, chain.cctp.usdc)
        );
        for member in ["tokenMessenger", "messageTransmitter", "usdc"] {
            assert!(chain.has_code(address(&cctp[member])).await.unwrap(), "no code at {member}");
        }
        assert_eq!(chain.chain.token_balance(chain.cctp.usdc, chain.chain.address(OWNER)).await.unwrap(), usdc_held);
    }

    // The owner burns on chain 0 for the recipient on chain 1.
    let (origin, destination) = (&stack.chains[0], &stack.chains[1]);
    let amount = U256::from(2_500_000);
    let recipient = destination.chain.address(5);
    let approve = IPermitToken::approveCall { spender: origin.cctp.messenger, value: amount };
    origin.chain.send_data(OWNER, origin.cctp.usdc, approve.abi_encode().into()).await.unwrap();
    let burn = ICctpTokenMessenger::depositForBurnCall {
        amount,
        destinationDomain: destination.cctp.domain,
        mintRecipient: bytes32_of(recipient),
        burnToken: origin.cctp.usdc,
        destinationCaller: B256::ZERO,
        maxFee: U256::ZERO,
        minFinalityThreshold: 1000,
    };
    let burned = origin.chain.send_data(OWNER, origin.cctp.messenger, burn.abi_encode().into()).await.unwrap();

    let client = IrisClient::new(&stack.attester_url, std::time::Duration::from_secs(10)).unwrap();
    let hash = burned.transaction_hash;
    assert_eq!(client.fetch(origin.cctp.domain, hash).await.unwrap(), vec![Attested::Pending]);
    origin.chain.provider().raw_request::<_, Value>("evm_mine".into(), ()).await.unwrap();
    let answer = client.fetch(origin.cctp.domain, hash).await.unwrap();
    let [Attested::Complete { message, attestation }] = answer.as_slice() else { panic!("{answer:?}") };
    let receive = ICctpMessageTransmitter::receiveMessageCall {
        message: message.to_bytes().into(),
        attestation: attestation.clone(),
    };
    destination.chain.send_data(RELAYER, destination.cctp.transmitter, receive.abi_encode().into()).await.unwrap();
    assert_eq!(destination.chain.token_balance(destination.cctp.usdc, recipient).await.unwrap(), amount);
    assert_eq!(
        origin.chain.token_balance(origin.cctp.usdc, origin.chain.address(OWNER)).await.unwrap(),
        usdc_held - amount
    );
}

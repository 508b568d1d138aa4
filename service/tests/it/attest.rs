//! The attester of the CCTP V2 route (docs/spec.md 5.8) on two real nodes: a burn on node
//! A; the local attester, serving the Iris V2 API on loopback, answers pending until the
//! burn has its confirmations, then complete; the client reads it; the core accepts the
//! attestation; and the mint on node B, of another chain id and domain, succeeds with it.
//! A burn whose block a reorganisation removed (`evm_revert` to a snapshot before it) is no
//! longer attested.

use std::sync::Arc;
use std::time::Duration;

use alloy_primitives::{Address, B256, U256};
use alloy_provider::Provider;
use alloy_signer_local::PrivateKeySigner;
use alloy_sol_types::SolCall;
use intent_chain_tests::{Chain, CHAIN_ID};
use intent_contracts::{ICctpMessageTransmitter, ICctpTokenMessenger};
use intent_core::cctp::{bytes32_of, check_attestation, BurnMessage};
use intent_service::attest::{Attestations, Attested, IrisClient, LocalAttester, Source};
use intent_service::chain::Node;

const DOMAIN_A: u32 = 0;
const DOMAIN_B: u32 = 6;
const AMOUNT: u64 = 1_000_000;
const USER: usize = 1;
const RECIPIENT: usize = 2;
const STRANGER: usize = 3;
const FEE_RECIPIENT: usize = 9;
const CONFIRMATIONS: u64 = 3;
const FEE: u64 = 200;

async fn mine(chain: &Chain) {
    chain.provider().raw_request::<_, serde_json::Value>("evm_mine".into(), ()).await.unwrap();
}

#[tokio::test]
async fn a_burn_is_pending_then_attested_and_its_attestation_mints_on_the_other_node() {
    let a = Chain::start().await.expect("npm ci --ignore-scripts in chain/");
    let b = Chain::start_on(CHAIN_ID + 1, &[]).await.unwrap();
    let keys = [PrivateKeySigner::from_bytes(&B256::repeat_byte(0x11)).unwrap(), PrivateKeySigner::random()];
    let attesters: Vec<Address> = keys.iter().map(PrivateKeySigner::address).collect();
    let min_fee = U256::from(100);
    let on_a = a.deploy_cctp(DOMAIN_A, &attesters, 2, a.address(FEE_RECIPIENT), min_fee).await.unwrap();
    let on_b = b.deploy_cctp(DOMAIN_B, &attesters, 2, b.address(FEE_RECIPIENT), min_fee).await.unwrap();
    a.link_cctp(&on_a, &on_b).await.unwrap();
    b.link_cctp(&on_b, &on_a).await.unwrap();
    a.mint(on_a.usdc, a.address(USER), U256::from(AMOUNT)).await.unwrap();
    a.approve(on_a.usdc, a.address(USER), on_a.messenger, U256::MAX).await.unwrap();

    let source = Source {
        domain: DOMAIN_A,
        node: Node::connect(CHAIN_ID, &a.endpoint(), Duration::from_secs(10)).unwrap(),
        transmitter: on_a.transmitter,
    };
    let attester = Arc::new(LocalAttester::new(vec![source], keys.to_vec(), CONFIRMATIONS, U256::from(FEE)));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(attester.serve(listener, async {
        let _ = stopped.await;
    }));
    let client = IrisClient::new(&url, Duration::from_secs(10)).unwrap();

    let burn = ICctpTokenMessenger::depositForBurnCall {
        amount: U256::from(AMOUNT),
        destinationDomain: DOMAIN_B,
        mintRecipient: bytes32_of(b.address(RECIPIENT)),
        burnToken: on_a.usdc,
        destinationCaller: B256::ZERO,
        maxFee: U256::from(500),
        minFinalityThreshold: 1000,
    };
    let receipt = a.send_data(USER, on_a.messenger, burn.abi_encode().into()).await.unwrap();
    let transaction = receipt.transaction_hash;

    // Unknown to the attester: a transaction without a message, another domain.
    assert_eq!(client.fetch(DOMAIN_A, B256::repeat_byte(5)).await.unwrap(), vec![]);
    assert_eq!(client.fetch(DOMAIN_B, transaction).await.unwrap(), vec![]);
    // Mined in the head block: one confirmation of three, then two.
    assert_eq!(client.fetch(DOMAIN_A, transaction).await.unwrap(), vec![Attested::Pending]);
    mine(&a).await;
    assert_eq!(client.fetch(DOMAIN_A, transaction).await.unwrap(), vec![Attested::Pending]);
    mine(&a).await;
    let answer = client.fetch(DOMAIN_A, transaction).await.unwrap();
    let [Attested::Complete { message, attestation }] = answer.as_slice() else { panic!("{answer:?}") };
    assert_ne!(message.nonce, B256::ZERO);
    assert_eq!(message.finality_threshold_executed, 1000);
    let body = BurnMessage::from_bytes(&message.body).unwrap();
    assert_eq!((body.amount, body.fee_executed), (U256::from(AMOUNT), U256::from(FEE)));
    let mut ordered = attesters.clone();
    ordered.sort();
    assert_eq!(check_attestation(&message.hash(), attestation, &attesters, 2), Ok(ordered));
    // Asked again, the same answer: one nonce per burn.
    assert_eq!(client.fetch(DOMAIN_A, transaction).await.unwrap(), answer);

    let receive = ICctpMessageTransmitter::receiveMessageCall {
        message: message.to_bytes().into(),
        attestation: attestation.clone(),
    };
    b.send_data(STRANGER, on_b.transmitter, receive.abi_encode().into()).await.unwrap();
    assert_eq!(b.token_balance(on_b.usdc, b.address(RECIPIENT)).await.unwrap(), U256::from(AMOUNT - FEE));
    assert_eq!(b.token_balance(on_b.usdc, b.address(FEE_RECIPIENT)).await.unwrap(), U256::from(FEE));
    assert_eq!(a.token_balance(on_a.usdc, a.address(USER)).await.unwrap(), U256::ZERO);

    // What the API refuses: a domain that is not a number, a missing or malformed hash.
    for (path, status) in [
        (format!("/v2/messages/x?transactionHash={transaction}"), 400),
        ("/v2/messages/0".to_owned(), 400),
        ("/v2/messages/0?transactionHash=0x12".to_owned(), 400),
    ] {
        let response = reqwest::get(format!("{url}{path}")).await.unwrap();
        assert_eq!(response.status().as_u16(), status, "{path}");
    }
    // The source node gone: unavailable, not "no message".
    drop(a);
    let error = client.fetch(DOMAIN_A, transaction).await.unwrap_err();
    assert!(matches!(error, intent_service::attest::AttestError::Unavailable(_)), "{error:?}");

    stop.send(()).unwrap();
    server.await.unwrap();
}

#[tokio::test]
async fn a_burn_a_reorganisation_removed_is_no_longer_attested() {
    let a = Chain::start().await.expect("npm ci --ignore-scripts in chain/");
    let key = PrivateKeySigner::from_bytes(&B256::repeat_byte(0x11)).unwrap();
    let on_a = a.deploy_cctp(DOMAIN_A, &[key.address()], 1, a.address(FEE_RECIPIENT), U256::ZERO).await.unwrap();
    // A remote domain to burn for; nothing is minted there in this test.
    let remote = intent_chain_tests::cctp::CctpDeployment {
        domain: DOMAIN_B,
        transmitter: Address::repeat_byte(0x71),
        messenger: Address::repeat_byte(0x72),
        usdc: Address::repeat_byte(0x73),
    };
    a.link_cctp(&on_a, &remote).await.unwrap();
    a.mint(on_a.usdc, a.address(USER), U256::from(AMOUNT)).await.unwrap();
    a.approve(on_a.usdc, a.address(USER), on_a.messenger, U256::MAX).await.unwrap();
    let source = Source {
        domain: DOMAIN_A,
        node: Node::connect(CHAIN_ID, &a.endpoint(), Duration::from_secs(10)).unwrap(),
        transmitter: on_a.transmitter,
    };
    let attester = LocalAttester::new(vec![source], vec![key], 1, U256::ZERO);

    let before: serde_json::Value = a.provider().raw_request("evm_snapshot".into(), ()).await.unwrap();
    let burn = ICctpTokenMessenger::depositForBurnCall {
        amount: U256::from(AMOUNT),
        destinationDomain: DOMAIN_B,
        mintRecipient: bytes32_of(a.address(RECIPIENT)),
        burnToken: on_a.usdc,
        destinationCaller: B256::ZERO,
        maxFee: U256::ZERO,
        minFinalityThreshold: 2000,
    };
    let hash = a.send_data(USER, on_a.messenger, burn.abi_encode().into()).await.unwrap().transaction_hash;
    let entries = attester.entries(DOMAIN_A, hash).await.unwrap().expect("attested");
    let [(message, Some(_))] = entries.as_slice() else { panic!("{entries:?}") };
    // Asked for more than confirmed finality: attested as finalized.
    assert_eq!(message.finality_threshold_executed, 2000);

    // The block with the burn is gone: the attester knows no message of it.
    let reverted: bool = a.provider().raw_request("evm_revert".into(), (before,)).await.unwrap();
    assert!(reverted);
    assert_eq!(attester.entries(DOMAIN_A, hash).await.unwrap(), None);
    assert_eq!(a.token_balance(on_a.usdc, a.address(USER)).await.unwrap(), U256::from(AMOUNT));
}

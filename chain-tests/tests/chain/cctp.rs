//! The CCTP V2 route's contracts (docs/spec.md 5.8) on two real nodes: a burn on one is read
//! by the core from its receipt, completed and attested with test keys, and minted on the
//! other, of another chain id and domain, once. Each rule of `receiveMessage`, of the
//! token messenger's handler and of `depositForBurn` is broken alone and refused with its
//! own error, the balances unchanged; the core's attestation check gives the same verdict
//! as the transmitter's.

use alloy_primitives::{keccak256, Address, Bytes, B256, U256};
use alloy_provider::Provider;
use alloy_signer_local::PrivateKeySigner;
use alloy_sol_types::SolCall;
use intent_chain_tests::cctp::{attest, messages_sent, CctpDeployment};
use intent_chain_tests::{Chain, CHAIN_ID};
use intent_contracts::ICctpMessageTransmitter::{self, ICctpMessageTransmitterErrors as TransmitterError};
use intent_contracts::ICctpTokenMessenger::{self, ICctpTokenMessengerErrors as MessengerError};
use intent_contracts::ICctpUsdc;
use intent_core::cctp::{bytes32_of, check_attestation, BurnMessage, Error as CctpError, Message};

const DOMAIN_A: u32 = 0;
const DOMAIN_B: u32 = 6;
const AMOUNT: u64 = 1_000_000;
const MAX_FEE: u64 = 500;
const MIN_FEE: u64 = 100;
const USER: usize = 1;
const RECIPIENT: usize = 2;
const STRANGER: usize = 3;
const CALLER: usize = 4;
const FEE_RECIPIENT: usize = 9;

/// Two nodes with the route deployed and linked both ways, two attesters and a threshold
/// of two on each transmitter.
struct Route {
    a: Chain,
    b: Chain,
    on_a: CctpDeployment,
    on_b: CctpDeployment,
    attesters: [PrivateKeySigner; 2],
}

fn attester(byte: u8) -> PrivateKeySigner {
    PrivateKeySigner::from_bytes(&B256::repeat_byte(byte)).unwrap()
}

impl Route {
    async fn new() -> Route {
        let a = Chain::start().await.expect("npm ci --ignore-scripts in chain/");
        let b = Chain::start_on(CHAIN_ID + 1, &[]).await.unwrap();
        let attesters = [attester(0x11), attester(0x22)];
        let addresses: Vec<Address> = attesters.iter().map(PrivateKeySigner::address).collect();
        let min_fee = U256::from(MIN_FEE);
        let on_a = a.deploy_cctp(DOMAIN_A, &addresses, 2, a.address(FEE_RECIPIENT), min_fee).await.unwrap();
        let on_b = b.deploy_cctp(DOMAIN_B, &addresses, 2, b.address(FEE_RECIPIENT), min_fee).await.unwrap();
        a.link_cctp(&on_a, &on_b).await.unwrap();
        b.link_cctp(&on_b, &on_a).await.unwrap();
        a.mint(on_a.usdc, a.address(USER), U256::from(AMOUNT)).await.unwrap();
        a.approve(on_a.usdc, a.address(USER), on_a.messenger, U256::MAX).await.unwrap();
        Route { a, b, on_a, on_b, attesters }
    }

    fn deposit_for_burn(&self, max_fee: u64, destination_caller: B256) -> Bytes {
        ICctpTokenMessenger::depositForBurnCall {
            amount: U256::from(AMOUNT),
            destinationDomain: DOMAIN_B,
            mintRecipient: bytes32_of(self.b.address(RECIPIENT)),
            burnToken: self.on_a.usdc,
            destinationCaller: destination_caller,
            maxFee: U256::from(max_fee),
            minFinalityThreshold: 1000,
        }
        .abi_encode()
        .into()
    }

    /// The user burns `AMOUNT` on A for the recipient on B; the message the core reads.
    async fn burn(&self, destination_caller: B256) -> Message {
        let receipt = self
            .a
            .send_data(USER, self.on_a.messenger, self.deposit_for_burn(MAX_FEE, destination_caller))
            .await
            .unwrap();
        let mut messages = messages_sent(&receipt, self.on_a.transmitter).unwrap();
        assert_eq!(messages.len(), 1);
        messages.remove(0)
    }

    fn attested(&self, message: &Message) -> Bytes {
        attest(message, &[&self.attesters[0], &self.attesters[1]]).unwrap()
    }

    fn receive(message: &Message, attestation: &Bytes) -> Bytes {
        ICctpMessageTransmitter::receiveMessageCall {
            message: message.to_bytes().into(),
            attestation: attestation.clone(),
        }
        .abi_encode()
        .into()
    }

    /// What `receiveMessage` reverts with on B, sent by `from`, as the transmitter's error.
    async fn refused(&self, from: usize, message: &Message, attestation: &Bytes) -> TransmitterError {
        let data = Self::receive(message, attestation);
        self.b.revert_of_call::<TransmitterError>(from, self.on_b.transmitter, data).await.unwrap().expect("refused")
    }

    /// What `receiveMessage` reverts with on B, as the token messenger's error (its handler's).
    async fn refused_by_messenger(&self, message: &Message) -> MessengerError {
        let data = Self::receive(message, &self.attested(message));
        self.b.revert_of_call::<MessengerError>(STRANGER, self.on_b.transmitter, data).await.unwrap().expect("refused")
    }

    async fn balance_b(&self, who: usize) -> U256 {
        self.b.token_balance(self.on_b.usdc, self.b.address(who)).await.unwrap()
    }
}

/// The message as an attester completes it: a nonce, finality 1000, `fee`, no expiration.
fn completed(message: &Message, nonce: &str, fee: u64) -> Message {
    message.complete(keccak256(nonce), 1000, U256::from(fee), U256::ZERO).unwrap()
}

#[tokio::test]
async fn a_burn_on_one_node_mints_the_amount_less_the_fee_on_the_other_once() {
    let route = Route::new().await;
    let (a, b) = (&route.a, &route.b);
    let sent = route.burn(B256::ZERO).await;
    assert_eq!(a.token_balance(route.on_a.usdc, a.address(USER)).await.unwrap(), U256::ZERO);
    assert_eq!(a.token_balance(route.on_a.usdc, route.on_a.messenger).await.unwrap(), U256::ZERO, "burned");

    // The message as sent: the incomplete members zero.
    assert_eq!(
        (sent.version, sent.source_domain, sent.destination_domain, sent.nonce, sent.finality_threshold_executed),
        (1, DOMAIN_A, DOMAIN_B, B256::ZERO, 0)
    );
    assert_eq!((sent.sender, sent.recipient), (bytes32_of(route.on_a.messenger), bytes32_of(route.on_b.messenger)));
    assert_eq!((sent.destination_caller, sent.min_finality_threshold), (B256::ZERO, 1000));
    let body = BurnMessage::from_bytes(&sent.body).unwrap();
    assert_eq!(
        body,
        BurnMessage {
            version: 1,
            burn_token: bytes32_of(route.on_a.usdc),
            mint_recipient: bytes32_of(b.address(RECIPIENT)),
            amount: U256::from(AMOUNT),
            message_sender: bytes32_of(a.address(USER)),
            max_fee: U256::from(MAX_FEE),
            fee_executed: U256::ZERO,
            expiration_block: U256::ZERO,
            hook_data: Bytes::new(),
        }
    );

    let message = completed(&sent, "first", 200);
    let attestation = route.attested(&message);
    let attesters: Vec<Address> = route.attesters.iter().map(PrivateKeySigner::address).collect();
    assert!(check_attestation(&message.hash(), &attestation, &attesters, 2).is_ok());
    // Anyone may send it (destinationCaller zero).
    b.send_data(STRANGER, route.on_b.transmitter, Route::receive(&message, &attestation)).await.unwrap();
    assert_eq!(route.balance_b(RECIPIENT).await, U256::from(AMOUNT - 200));
    assert_eq!(route.balance_b(FEE_RECIPIENT).await, U256::from(200));
    let transmitter = ICctpMessageTransmitter::new(route.on_b.transmitter, b.provider());
    assert_eq!(transmitter.usedNonces(message.nonce).call().await.unwrap(), U256::from(1));

    // The same message again, by anyone: its nonce is used; nothing more minted.
    let error = route.refused(STRANGER, &message, &attestation).await;
    assert_eq!(error, TransmitterError::NonceUsed(ICctpMessageTransmitter::NonceUsed { nonce: message.nonce }));
    // Re-completed with another fee under the same nonce: still used.
    let again = completed(&sent, "first", 0);
    let error = route.refused(STRANGER, &again, &route.attested(&again)).await;
    assert!(matches!(error, TransmitterError::NonceUsed(_)), "{error:?}");
    assert_eq!(route.balance_b(RECIPIENT).await, U256::from(AMOUNT - 200));
}

#[tokio::test]
async fn an_attestation_below_the_threshold_out_of_order_or_by_another_key_mints_nothing() {
    let route = Route::new().await;
    let message = completed(&route.burn(B256::ZERO).await, "n", 0);
    let hash = message.hash();
    let attesters: Vec<Address> = route.attesters.iter().map(PrivateKeySigner::address).collect();
    let ordered = route.attested(&message);
    let (first, second) = (ordered.slice(..65), ordered.slice(65..));
    let cases: [(Bytes, TransmitterError, CctpError); 4] = [
        (
            first.clone(),
            TransmitterError::AttestationLength(ICctpMessageTransmitter::AttestationLength {
                length: U256::from(65),
                threshold: U256::from(2),
            }),
            CctpError::AttestationLength { len: 65, threshold: 2 },
        ),
        (
            [second.clone(), first.clone()].concat().into(),
            TransmitterError::SignerOrder(ICctpMessageTransmitter::SignerOrder { index: U256::from(1) }),
            CctpError::SignerOrder { index: 1 },
        ),
        (
            [first.clone(), first.clone()].concat().into(),
            TransmitterError::SignerOrder(ICctpMessageTransmitter::SignerOrder { index: U256::from(1) }),
            CctpError::SignerOrder { index: 1 },
        ),
        (
            attest(&message, &[&route.attesters[0], &attester(0x33)]).unwrap(),
            TransmitterError::UnknownAttester(ICctpMessageTransmitter::UnknownAttester {
                index: U256::from(usize::from(attester(0x33).address() < route.attesters[0].address()) ^ 1),
            }),
            CctpError::UnknownAttester {
                index: usize::from(attester(0x33).address() < route.attesters[0].address()) ^ 1,
            },
        ),
    ];
    for (attestation, on_chain, in_core) in cases {
        assert_eq!(route.refused(STRANGER, &message, &attestation).await, on_chain);
        assert_eq!(check_attestation(&hash, &attestation, &attesters, 2), Err(in_core));
    }
    // v 0 instead of 27 in the first signature: malformed to both.
    let mut bad = ordered.to_vec();
    bad[64] -= 27;
    let error = route.refused(STRANGER, &message, &bad.clone().into()).await;
    assert_eq!(error, TransmitterError::BadSignature(ICctpMessageTransmitter::BadSignature { index: U256::ZERO }));
    assert_eq!(check_attestation(&hash, &bad, &attesters, 2), Err(CctpError::BadSignature { index: 0 }));
    // One byte of the message changed after signing: the signers recovered are others.
    let mut changed = message.clone();
    changed.min_finality_threshold += 1;
    let error = route.refused(STRANGER, &changed, &ordered).await;
    assert!(matches!(error, TransmitterError::UnknownAttester(_) | TransmitterError::SignerOrder(_)), "{error:?}");
    assert_eq!(route.balance_b(RECIPIENT).await, U256::ZERO);
}

#[tokio::test]
async fn the_destination_domain_and_caller_are_checked() {
    let route = Route::new().await;
    let message = completed(&route.burn(bytes32_of(route.b.address(CALLER))).await, "c", 0);
    let attestation = route.attested(&message);
    // On A's transmitter (domain 0), the attesters the same: another domain.
    let data = Route::receive(&message, &attestation);
    let error = route.a.revert_of_call::<TransmitterError>(CALLER, route.on_a.transmitter, data).await.unwrap();
    assert_eq!(
        error,
        Some(TransmitterError::WrongDestinationDomain(ICctpMessageTransmitter::WrongDestinationDomain {
            destinationDomain: DOMAIN_B
        }))
    );
    // Sent by another than the destination caller.
    let error = route.refused(STRANGER, &message, &attestation).await;
    assert_eq!(
        error,
        TransmitterError::WrongCaller(ICctpMessageTransmitter::WrongCaller {
            destinationCaller: bytes32_of(route.b.address(CALLER))
        })
    );
    assert_eq!(route.balance_b(RECIPIENT).await, U256::ZERO);
    // By the caller: minted in full (no fee executed).
    route.b.send_data(CALLER, route.on_b.transmitter, Route::receive(&message, &attestation)).await.unwrap();
    assert_eq!(route.balance_b(RECIPIENT).await, U256::from(AMOUNT));
}

#[tokio::test]
async fn a_fee_below_the_minimum_or_above_the_maximum_is_refused_and_the_maximum_is_paid() {
    let route = Route::new().await;
    let (a, user) = (&route.a, route.a.address(USER));
    // depositForBurn: maxFee below the messenger's minimum, or not below the amount.
    let cases = [
        (
            MIN_FEE - 1,
            MessengerError::MaxFeeBelowMinimum(ICctpTokenMessenger::MaxFeeBelowMinimum {
                maxFee: U256::from(MIN_FEE - 1),
                minFee: U256::from(MIN_FEE),
            }),
        ),
        (
            AMOUNT,
            MessengerError::MaxFeeNotBelowAmount(ICctpTokenMessenger::MaxFeeNotBelowAmount {
                maxFee: U256::from(AMOUNT),
                amount: U256::from(AMOUNT),
            }),
        ),
    ];
    for (max_fee, expected) in cases {
        let data = route.deposit_for_burn(max_fee, B256::ZERO);
        let error = a.revert_of_call::<MessengerError>(USER, route.on_a.messenger, data).await.unwrap();
        assert_eq!(error, Some(expected));
    }
    assert_eq!(a.token_balance(route.on_a.usdc, user).await.unwrap(), U256::from(AMOUNT), "nothing taken");

    let sent = route.burn(B256::ZERO).await;
    // The attester executing more than maxFee: refused by the messenger's handler.
    let error = route.refused_by_messenger(&completed(&sent, "over", MAX_FEE + 1)).await;
    assert_eq!(
        error,
        MessengerError::FeeAboveMax(ICctpTokenMessenger::FeeAboveMax {
            feeExecuted: U256::from(MAX_FEE + 1),
            maxFee: U256::from(MAX_FEE),
        })
    );
    // Attested below finality 500, or expired at the current block: refused.
    let low = sent.complete(keccak256("low"), 499, U256::ZERO, U256::ZERO).unwrap();
    let error = route.refused_by_messenger(&low).await;
    assert_eq!(
        error,
        MessengerError::FinalityTooLow(ICctpTokenMessenger::FinalityTooLow { finalityThresholdExecuted: 499 })
    );
    let block = U256::from(route.b.provider().get_block_number().await.unwrap() + 1);
    let expired = sent.complete(keccak256("expired"), 1000, U256::ZERO, block).unwrap();
    let error = route.refused_by_messenger(&expired).await;
    assert_eq!(error, MessengerError::Expired(ICctpTokenMessenger::Expired { expirationBlock: block }));
    assert_eq!(route.balance_b(RECIPIENT).await, U256::ZERO);

    // Exactly maxFee, finalized: the recipient receives amount − maxFee, the fee recipient maxFee.
    let message = sent.complete(keccak256("max"), 2000, U256::from(MAX_FEE), U256::ZERO).unwrap();
    route
        .b
        .send_data(STRANGER, route.on_b.transmitter, Route::receive(&message, &route.attested(&message)))
        .await
        .unwrap();
    assert_eq!(route.balance_b(RECIPIENT).await, U256::from(AMOUNT - MAX_FEE));
    assert_eq!(route.balance_b(FEE_RECIPIENT).await, U256::from(MAX_FEE));
}

#[tokio::test]
async fn a_message_from_an_unregistered_sender_or_a_mint_by_another_than_the_transmitter_is_refused() {
    let route = Route::new().await;
    // A burn body sent through A's transmitter by an account, not A's messenger.
    let sent = route.burn(B256::ZERO).await;
    let forged_send = ICctpMessageTransmitter::sendMessageCall {
        destinationDomain: DOMAIN_B,
        recipient: bytes32_of(route.on_b.messenger),
        destinationCaller: B256::ZERO,
        minFinalityThreshold: 1000,
        messageBody: sent.body.clone(),
    };
    let receipt = route.a.send_data(STRANGER, route.on_a.transmitter, forged_send.abi_encode().into()).await.unwrap();
    let forged = messages_sent(&receipt, route.on_a.transmitter).unwrap().remove(0);
    assert_eq!(forged.sender, bytes32_of(route.a.address(STRANGER)));
    let error = route.refused_by_messenger(&completed(&forged, "forged", 0)).await;
    assert_eq!(
        error,
        MessengerError::UnknownSender(ICctpTokenMessenger::UnknownSender {
            sourceDomain: DOMAIN_A,
            sender: bytes32_of(route.a.address(STRANGER)),
        })
    );
    // The handler called directly.
    let direct = intent_contracts::ICctpMessageHandler::handleReceiveFinalizedMessageCall {
        sourceDomain: DOMAIN_A,
        sender: bytes32_of(route.on_a.messenger),
        finalityThresholdExecuted: 2000,
        messageBody: sent.body.clone(),
    };
    let error =
        route.b.revert_of_call::<MessengerError>(STRANGER, route.on_b.messenger, direct.abi_encode().into()).await;
    assert_eq!(error.unwrap(), Some(MessengerError::NotTransmitter(ICctpTokenMessenger::NotTransmitter {})));
    // The test USDC minted by a stranger.
    let mint = ICctpUsdc::mintCall { to: route.b.address(STRANGER), amount: U256::from(1) };
    let error =
        route.b.revert_of_call::<ICctpUsdc::ICctpUsdcErrors>(STRANGER, route.on_b.usdc, mint.abi_encode().into()).await;
    assert_eq!(
        error.unwrap(),
        Some(ICctpUsdc::ICctpUsdcErrors::NotMinter(ICctpUsdc::NotMinter { caller: route.b.address(STRANGER) }))
    );
    assert_eq!(route.balance_b(RECIPIENT).await, U256::ZERO);
}

/// `bytes` attested by both attesters as if they were a message.
fn attest_bytes(route: &Route, bytes: &[u8]) -> Bytes {
    let hash = keccak256(bytes);
    let signatures: Vec<(Address, [u8; 65])> = route
        .attesters
        .iter()
        .map(|key| (key.address(), alloy_signer::SignerSync::sign_hash_sync(key, &hash).unwrap().as_bytes()))
        .collect();
    intent_core::cctp::attestation(&signatures)
}

#[tokio::test]
async fn each_other_rule_of_the_contracts_is_refused_with_its_error() {
    let route = Route::new().await;
    let (a, b) = (&route.a, &route.b);
    let recipient = bytes32_of(b.address(RECIPIENT));
    let word = |high: u8, address: Address| {
        let mut word = bytes32_of(address);
        word[0] = high;
        word
    };

    // depositForBurn: each argument wrong alone.
    let burn =
        |amount: u64, mint_recipient: B256, token: Address, domain: u32| ICctpTokenMessenger::depositForBurnCall {
            amount: U256::from(amount),
            destinationDomain: domain,
            mintRecipient: mint_recipient,
            burnToken: token,
            destinationCaller: B256::ZERO,
            maxFee: U256::from(MAX_FEE),
            minFinalityThreshold: 1000,
        };
    let usdc = route.on_a.usdc;
    let cases = [
        (burn(0, recipient, usdc, DOMAIN_B), "ZeroAmount"),
        (burn(AMOUNT, B256::ZERO, usdc, DOMAIN_B), "ZeroMintRecipient"),
        (burn(AMOUNT, recipient, route.on_a.transmitter, DOMAIN_B), "UnsupportedToken"),
        (burn(AMOUNT, recipient, usdc, 7), "UnknownDomain"),
    ];
    let expected = [
        MessengerError::ZeroAmount(ICctpTokenMessenger::ZeroAmount {}),
        MessengerError::ZeroMintRecipient(ICctpTokenMessenger::ZeroMintRecipient {}),
        MessengerError::UnsupportedToken(ICctpTokenMessenger::UnsupportedToken {
            token: bytes32_of(route.on_a.transmitter),
        }),
        MessengerError::UnknownDomain(ICctpTokenMessenger::UnknownDomain { domain: 7 }),
    ];
    for ((call, name), expected) in cases.into_iter().zip(expected) {
        let error = a.revert_of_call::<MessengerError>(USER, route.on_a.messenger, call.abi_encode().into()).await;
        assert_eq!(error.unwrap(), Some(expected), "{name}");
    }

    // sendMessage to its own domain or to nobody.
    let send = |domain: u32, to: B256| ICctpMessageTransmitter::sendMessageCall {
        destinationDomain: domain,
        recipient: to,
        destinationCaller: B256::ZERO,
        minFinalityThreshold: 1000,
        messageBody: Bytes::new(),
    };
    let transmitter = route.on_a.transmitter;
    let error =
        a.revert_of_call::<TransmitterError>(STRANGER, transmitter, send(DOMAIN_A, recipient).abi_encode().into());
    assert_eq!(
        error.await.unwrap(),
        Some(TransmitterError::DestinationIsLocalDomain(ICctpMessageTransmitter::DestinationIsLocalDomain {}))
    );
    let error =
        a.revert_of_call::<TransmitterError>(STRANGER, transmitter, send(DOMAIN_B, B256::ZERO).abi_encode().into());
    assert_eq!(error.await.unwrap(), Some(TransmitterError::ZeroRecipient(ICctpMessageTransmitter::ZeroRecipient {})));

    // The owner's settings: a threshold of zero, above the attesters, or left above them.
    let invalid = |threshold: u64| {
        Some(TransmitterError::InvalidThreshold(ICctpMessageTransmitter::InvalidThreshold {
            threshold: U256::from(threshold),
        }))
    };
    for threshold in [0, 3] {
        let call = ICctpMessageTransmitter::setSignatureThresholdCall { threshold: U256::from(threshold) };
        let error = a.revert_of_call::<TransmitterError>(0, transmitter, call.abi_encode().into()).await.unwrap();
        assert_eq!(error, invalid(threshold));
    }
    let call = ICctpMessageTransmitter::disableAttesterCall { attester: route.attesters[0].address() };
    let error = a.revert_of_call::<TransmitterError>(0, transmitter, call.abi_encode().into()).await.unwrap();
    assert_eq!(error, invalid(2));

    // receiveMessage: the message wrong, re-attested, each time alone.
    let base = completed(&route.burn(B256::ZERO).await, "rules", 0);
    let body = BurnMessage::from_bytes(&base.body).unwrap();
    let with_body = |body: Vec<u8>| Message { body: body.into(), ..base.clone() };
    let short: Vec<u8> = base.to_bytes()[..147].to_vec();
    let data = ICctpMessageTransmitter::receiveMessageCall {
        message: short.clone().into(),
        attestation: attest_bytes(&route, &short),
    };
    let error = b.revert_of_call::<TransmitterError>(STRANGER, route.on_b.transmitter, data.abi_encode().into()).await;
    assert_eq!(error.unwrap(), Some(TransmitterError::MalformedMessage(ICctpMessageTransmitter::MalformedMessage {})));
    let other_version = Message { version: 2, ..base.clone() };
    let error = route.refused(STRANGER, &other_version, &route.attested(&other_version)).await;
    assert_eq!(error, TransmitterError::WrongVersion(ICctpMessageTransmitter::WrongVersion { version: 2 }));
    let bad_recipient = Message { recipient: word(1, route.on_b.messenger), ..base.clone() };
    let error = route.refused(STRANGER, &bad_recipient, &route.attested(&bad_recipient)).await;
    assert_eq!(
        error,
        TransmitterError::NotAnAddress(ICctpMessageTransmitter::NotAnAddress { word: bad_recipient.recipient })
    );

    // The token messenger's handler: the body wrong, each time alone.
    let mut short_body = base.body.to_vec();
    short_body.truncate(227);
    let error = route.refused_by_messenger(&with_body(short_body)).await;
    assert_eq!(error, MessengerError::MalformedBody(ICctpTokenMessenger::MalformedBody {}));
    let changed = |edit: &dyn Fn(&mut BurnMessage)| {
        let mut body = body.clone();
        edit(&mut body);
        with_body(body.to_bytes())
    };
    let error = route.refused_by_messenger(&changed(&|body| body.version = 2)).await;
    assert_eq!(error, MessengerError::WrongBodyVersion(ICctpTokenMessenger::WrongBodyVersion { version: 2 }));
    let other_token = bytes32_of(route.on_a.transmitter);
    let error = route.refused_by_messenger(&changed(&|body| body.burn_token = other_token)).await;
    assert_eq!(error, MessengerError::UnsupportedToken(ICctpTokenMessenger::UnsupportedToken { token: other_token }));
    let high = word(1, b.address(RECIPIENT));
    let error = route.refused_by_messenger(&changed(&|body| body.mint_recipient = high)).await;
    assert_eq!(error, MessengerError::NotAnAddress(ICctpTokenMessenger::NotAnAddress { word: high }));
    assert_eq!(route.balance_b(RECIPIENT).await, U256::ZERO);
    assert_eq!(a.token_balance(route.on_a.usdc, a.address(USER)).await.unwrap(), U256::ZERO, "the one burn");
}

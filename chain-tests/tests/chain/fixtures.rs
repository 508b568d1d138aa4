//! What every deposit test starts from: a node with an entrypoint (under the names given)
//! and an ERC-2612 token minted to the user; the example intent rewritten for that chain;
//! deposit signatures at a chosen nonce and deadline; and the core's digest signed by the
//! user's key.
#![allow(dead_code)]

use alloy_primitives::{Address, U256};
use alloy_sol_types::SolInterface;
use intent_chain_tests::relay::revert_of;
use intent_chain_tests::sign::sign_digest;
use intent_chain_tests::{Chain, Error, CHAIN_ID};
use intent_contracts::{IPermitToken, IServiceIntentEntrypoint};
use intent_core::eip712::{DepositIntent, Domain, EntrypointNames, Signature};
use intent_core::rules::{deposit_intent, deposit_intent_digest};
use intent_core::{from_slice, DepositSignature, Intent};

/// The development accounts' parts.
pub const USER: usize = 1;
pub const INTENT_ADDRESS: usize = 2;
pub const COLLECTOR: usize = 3;
pub const STRANGER: usize = 4;

/// The deposit: 125 tokens, a fee of 0.147772, out of 1000 minted.
pub fn amount() -> U256 {
    U256::from(125_000_000_000_000_000_000_u128)
}
pub fn fee() -> U256 {
    U256::from(147_772_000_000_000_000_u128)
}
pub fn minted() -> U256 {
    U256::from(1_000_000_000_000_000_000_000_u128)
}

/// Entrypoint names other than the defaults, each of the three changed.
pub fn custom_names() -> EntrypointNames {
    EntrypointNames {
        type_name: "ServiceIntentV2".into(),
        domain_name: "ServiceIntentEntrypointV2".into(),
        domain_version: "2".into(),
    }
}

/// A node with an entrypoint verifying under `names` and a permit token minted to the user.
pub struct Setup {
    pub chain: Chain,
    pub names: EntrypointNames,
    pub entrypoint: Address,
    pub token: Address,
}

impl Setup {
    pub async fn new(names: EntrypointNames) -> Setup {
        let chain = Chain::start().await.expect("anvil starts");
        let entrypoint = chain.deploy_entrypoint(&names).await.expect("entrypoint deploys");
        let token = chain.deploy_permit_token("Deposit Token", "DPT").await.expect("token deploys");
        chain.mint(token, chain.address(USER), minted()).await.expect("mint");
        Setup { chain, names, entrypoint, token }
    }

    pub fn user(&self) -> Address {
        self.chain.address(USER)
    }

    /// The example intent on this chain: owned by the user, depositing `amount()` of the
    /// token to the intent address, through this entrypoint.
    pub fn intent(&self) -> Intent {
        let mut intent: Intent = from_slice(include_bytes!("../../../examples/intent.json")).expect("example intent");
        intent.owner_address = self.user();
        intent.origin_chain_id = CHAIN_ID;
        intent.origin_intent_address = self.chain.address(INTENT_ADDRESS);
        intent.deposit_transaction.to_address = self.chain.address(INTENT_ADDRESS);
        intent.deposit_transaction.token_address = self.token;
        intent.deposit_transaction.amount = amount();
        intent.service_contracts.service_intent_entrypoint_address = self.entrypoint.into();
        intent
    }

    /// The fee option the deposit signatures select: `fee()` in the token to the collector.
    pub fn fee_option(&self) -> serde_json::Value {
        serde_json::json!({
            "tokenAddress": self.token.to_checksum(None),
            "tokenSymbol": "DPT",
            "tokenDecimals": 18,
            "amount": fee().to_string(),
            "amountUsd": 0.147772,
            "feeCollectorAddress": self.chain.address(COLLECTOR).to_checksum(None),
            "is2612": true
        })
    }

    /// A deposit signature (without its signatures) paying `fee()` in the token to the
    /// collector, at `nonce`, valid until `deadline`; with `permit_amount` when a permit
    /// goes with it (entrypoint mode: its deadline is `deadline`).
    pub fn deposit_signature(&self, deadline: u64, nonce: u64, permit_amount: Option<U256>) -> DepositSignature {
        let mut json = serde_json::json!({
            "selectedGasFeeOption": self.fee_option(),
            "deadline": deadline,
            "userNonce": nonce.to_string()
        });
        if let Some(permit_amount) = permit_amount {
            json["permitAmount"] = permit_amount.to_string().into();
            json["permitDeadline"] = deadline.into();
        }
        from_slice(json.to_string().as_bytes()).expect("deposit signature")
    }

    /// The core's deposit-intent message and the user's signature of the core's digest
    /// under `names`.
    pub fn sign_intent(&self, signature: &DepositSignature, names: &EntrypointNames) -> (DepositIntent, Signature) {
        self.sign_intent_with(USER, signature, names)
    }

    /// As [`Setup::sign_intent`] with the key of account `signer`.
    pub fn sign_intent_with(
        &self,
        signer: usize,
        signature: &DepositSignature,
        names: &EntrypointNames,
    ) -> (DepositIntent, Signature) {
        let intent = self.intent();
        let message = deposit_intent(&intent, signature).expect("message");
        let digest = deposit_intent_digest(&intent, signature, names).expect("digest");
        (message, sign_digest(self.chain.key(signer), digest).expect("sign"))
    }

    /// A deadline a minute after the next block.
    pub async fn deadline(&self) -> u64 {
        self.chain.next_timestamp().await.expect("timestamp") + 60
    }

    pub async fn entrypoint_nonce(&self, user: Address) -> U256 {
        IServiceIntentEntrypoint::new(self.entrypoint, self.chain.provider()).nonces(user).call().await.expect("nonces")
    }

    pub async fn token_nonce(&self, owner: Address) -> U256 {
        IPermitToken::new(self.token, self.chain.provider()).nonces(owner).call().await.expect("nonces")
    }

    pub async fn balance(&self, who: Address) -> U256 {
        self.chain.token_balance(self.token, who).await.expect("balance")
    }

    /// The token's EIP-712 domain as ERC-5267 `eip712Domain()` reports it, as the core's [`Domain`].
    pub async fn token_domain(&self) -> Domain {
        let domain =
            IPermitToken::new(self.token, self.chain.provider()).eip712Domain().call().await.expect("eip712Domain");
        assert_eq!(domain.fields.0, [0x0f], "name, version, chainId, verifyingContract");
        Domain {
            name: Some(domain.name.into()),
            version: Some(domain.version.into()),
            chain_id: Some(domain.chainId),
            verifying_contract: Some(domain.verifyingContract),
            salt: None,
        }
    }
}

/// The error `result` reverted with, as one of `E`'s; panics when it did not revert so.
pub fn reverted<T: std::fmt::Debug, E: SolInterface>(result: Result<T, Error>) -> E {
    let error = result.expect_err("the transaction must revert");
    revert_of::<E>(&error).unwrap_or_else(|| panic!("not a decodable revert: {error}"))
}

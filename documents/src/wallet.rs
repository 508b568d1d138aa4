//! The input documents of `intentctl check intent-addresses`, `check meta-transactions` and
//! `wallet address` (docs/spec.md §10): a wallet context as a document states it, and what
//! each command answers. The derivations and the rules are the library's (`wallet`,
//! `rules::check_intent_addresses`, `rules::check_meta_transactions`).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use intent_core::rules::{check_intent_addresses, check_meta_transactions};
use intent_core::wallet::{IntentConfiguration, WalletContext};
use intent_core::{wire_object, Address, Bytes, CallBundle, Error, Intent, Problem};

wire_object! {
    /// A Sequence v3 deployment in a document (docs/spec.md 5.6): `creationCode` absent is
    /// the published one, `guestModule` absent is none.
    pub struct WalletContextInput {
        /// `creationCode`: The wallet proxy's creation code.
        creation_code: Option<Bytes> = "creationCode",
        /// `factory`: The factory.
        factory: Address = "factory",
        /// `guestModule`: The guest module.
        guest_module: Option<Address> = "guestModule",
        /// `mainModule`: The main module (part of the address).
        main_module: Address = "mainModule",
        /// `mainModuleUpgradable`: The upgradable main module.
        main_module_upgradable: Address = "mainModuleUpgradable",
    }
}

impl WalletContextInput {
    /// The context it states.
    pub fn to_context(&self) -> WalletContext {
        WalletContext {
            factory: self.factory,
            main_module: self.main_module,
            main_module_upgradable: self.main_module_upgradable,
            guest_module: self.guest_module,
            creation_code: self.creation_code.clone().unwrap_or(WalletContext::PUBLISHED.creation_code),
        }
    }
}

/// The context a document names, the published one when it names none.
fn context_of(input: Option<&WalletContextInput>) -> WalletContext {
    input.map_or(WalletContext::PUBLISHED, WalletContextInput::to_context)
}

wire_object! {
    /// The input of `intentctl check intent-addresses`: an intent and the context its
    /// addresses are derived under (absent: the published one).
    pub struct CheckAddressesInput {
        /// `context`: The wallet context.
        context: Option<WalletContextInput> = "context",
        /// `intent`: The intent.
        intent: Intent = "intent",
    }
}

impl CheckAddressesInput {
    /// [`check_intent_addresses`] of the intent under the context.
    ///
    /// # Errors
    ///
    /// Its errors, with paths under `intent`.
    pub fn check(&self) -> Result<(), Error> {
        check_intent_addresses(&self.intent, &context_of(self.context.as_ref())).map_err(|e| e.in_member("intent"))
    }
}

wire_object! {
    /// The input of `intentctl check meta-transactions`: an intent and the context with its
    /// guest module.
    pub struct CheckMetaTransactionsInput {
        /// `context`: The wallet context; its `guestModule` is required.
        context: WalletContextInput = "context",
        /// `intent`: The intent.
        intent: Intent = "intent",
    }
}

impl CheckMetaTransactionsInput {
    /// [`check_meta_transactions`] of the intent under the context.
    ///
    /// # Errors
    ///
    /// `MISSING_FIELD` at `context.guestModule` when the context has none; then the rule's
    /// errors, with paths under `intent`.
    pub fn check(&self) -> Result<(), Error> {
        if self.context.guest_module.is_none() {
            return Err(Error::new(Problem::MissingField).in_member("guestModule").in_member("context"));
        }
        check_meta_transactions(&self.intent, &self.context.to_context()).map_err(|e| e.in_member("intent"))
    }
}

wire_object! {
    /// The input of `intentctl wallet address`: an owner, its bundles in order, and the
    /// context (absent: the published one).
    pub struct WalletAddressInput {
        /// `bundles`: The call bundles the wallet commits to, in order.
        bundles: Vec<CallBundle> = "bundles",
        /// `context`: The wallet context.
        context: Option<WalletContextInput> = "context",
        /// `owner`: The owner, the configuration's signer.
        owner: Address = "owner",
    }
}

impl WalletAddressInput {
    /// The configuration of the owner and the bundles.
    ///
    /// # Errors
    ///
    /// `MISSING_FIELD` at `bundles` when there is none; a bundle v3 cannot run, below
    /// `bundles[i]`.
    pub fn configuration(&self) -> Result<IntentConfiguration, Error> {
        IntentConfiguration::new(self.owner, &self.bundles).map_err(|e| e.in_member("bundles"))
    }

    /// The line `intentctl wallet address` prints: `{"address":"0x…","imageHash":"0x…",
    /// "payloadHashes":["0x…",…]}`, the address in EIP-55 form.
    ///
    /// # Errors
    ///
    /// As [`WalletAddressInput::configuration`].
    pub fn line(&self) -> Result<String, Error> {
        let configuration = self.configuration()?;
        let address = configuration.address(&context_of(self.context.as_ref()));
        let hashes: Vec<String> = configuration.payload_hashes().iter().map(|hash| format!("\"{hash}\"")).collect();
        Ok(format!(
            "{{\"address\":\"{address}\",\"imageHash\":\"{}\",\"payloadHashes\":[{}]}}",
            configuration.image_hash(),
            hashes.join(",")
        ))
    }
}

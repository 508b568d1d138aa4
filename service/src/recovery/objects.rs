//! The wire objects of PrepareIntentRecovery and BuildIntentRecoveryTransaction, with the
//! published field names (docs/spec.md §12, Recovery), and the EIP-712 typed data of a
//! Sequence v3 payload of calls as the owner's wallet software signs it (`eth_signTypedData_v4`).
//! What fills them is [`super`].

use intent_core::{wire_object, Address, Bytes, CallBundle, IntentTokenBalance, B256, U256};

wire_object! {
    /// PrepareIntentRecovery's request.
    pub struct PrepareIntentRecoveryRequest {
        /// `intentAddress`: The wallet recovered from: the intent's origin intent address
        /// (also when absent), or a cross-chain intent's destination intent address.
        intent_address: Option<Address> = "intentAddress",
        /// `intentId`: The intent.
        intent_id: String = "intentId",
        /// `refundToAddress`: Who receives the balances; absent: the intent's owner.
        refund_to_address: Option<Address> = "refundToAddress",
        /// `tokenAddress`: The one token recovered (the zero address: the native token);
        /// absent: the intent's origin and destination tokens and the native token.
        token_address: Option<Address> = "tokenAddress",
    }
}

wire_object! {
    /// PrepareIntentRecovery's answer: the payload for the owner to sign.
    pub struct PrepareIntentRecoveryResponse {
        /// `chainId`: The wallet's chain.
        chain_id: u64 = "chainId",
        /// `intentAddress`: The wallet.
        intent_address: Address = "intentAddress",
        /// `intentId`: The intent.
        intent_id: String = "intentId",
        /// `intentProtocol`: `v1`.
        intent_protocol: String = "intentProtocol",
        /// `intentSource`: `origin` (the wallet is the intent's origin intent address) or
        /// `destination` (a cross-chain intent's destination intent address).
        intent_source: String = "intentSource",
        /// `payload`: The Sequence v3 payload of calls that sends the balances.
        payload: CallBundle = "payload",
        /// `payloadHash`: Its EIP-712 hash for the wallet: what the owner's key signs.
        payload_hash: B256 = "payloadHash",
        /// `recoveryTokens`: The balances the payload sends, read from the node.
        recovery_tokens: Option<Vec<IntentTokenBalance>> = "recoveryTokens",
        /// `typedData`: The payload as EIP-712 typed data, for the owner's wallet to sign.
        typed_data: PayloadTypedData = "typedData",
    }
}

wire_object! {
    /// BuildIntentRecoveryTransaction's request.
    pub struct BuildIntentRecoveryTransactionRequest {
        /// `intentAddress`: The wallet (PrepareIntentRecovery's).
        intent_address: Address = "intentAddress",
        /// `intentId`: The intent.
        intent_id: String = "intentId",
        /// `payload`: The payload the owner signed (PrepareIntentRecovery's).
        payload: CallBundle = "payload",
        /// `refundToAddress`: Not read: the payload says where the balances go.
        refund_to_address: Option<Address> = "refundToAddress",
        /// `signature`: The owner's 65-byte signature of the payload's hash.
        signature: Bytes = "signature",
    }
}

wire_object! {
    /// BuildIntentRecoveryTransaction's answer: the transaction anyone may send.
    pub struct BuildIntentRecoveryTransactionResponse {
        /// `chainId`: Its chain.
        chain_id: u64 = "chainId",
        /// `data`: Its calldata: the guest module's batch.
        data: Bytes = "data",
        /// `intentAddress`: The wallet.
        intent_address: Address = "intentAddress",
        /// `payloadHash`: The payload's hash for the wallet.
        payload_hash: Option<B256> = "payloadHash",
        /// `requiresDeploy`: Whether the wallet has no code yet (the batch deploys it).
        requires_deploy: bool = "requiresDeploy",
        /// `to`: The guest module.
        to: Address = "to",
        /// `value`: Always 0.
        value: U256 = "value",
    }
}

wire_object! {
    /// A payload of calls as EIP-712 typed data.
    pub struct PayloadTypedData {
        /// `domain`: `Sequence Wallet`, version `3`, the chain, the wallet.
        domain: TypedDomain = "domain",
        /// `message`: The payload.
        message: TypedCalls = "message",
        /// `primaryType`: `Calls`.
        primary_type: String = "primaryType",
        /// `types`: The types of `Calls`.
        types: PayloadTypes = "types",
    }
}

wire_object! {
    /// The EIP-712 domain of a wallet.
    pub struct TypedDomain {
        /// `chainId`: The chain.
        chain_id: u64 = "chainId",
        /// `name`: `Sequence Wallet`.
        name: String = "name",
        /// `verifyingContract`: The wallet.
        verifying_contract: Address = "verifyingContract",
        /// `version`: `3`.
        version: String = "version",
    }
}

wire_object! {
    /// The types of a payload of calls.
    pub struct PayloadTypes {
        /// `Call`: One call's members.
        call: Vec<TypedMember> = "Call",
        /// `Calls`: The payload's members.
        calls: Vec<TypedMember> = "Calls",
        /// `EIP712Domain`: The domain's members.
        eip712_domain: Vec<TypedMember> = "EIP712Domain",
    }
}

wire_object! {
    /// One member of an EIP-712 struct type.
    pub struct TypedMember {
        /// `name`: Its name.
        name: String = "name",
        /// `type`: Its Solidity type.
        solidity_type: String = "type",
    }
}

wire_object! {
    /// A payload of calls as the typed data's message.
    pub struct TypedCalls {
        /// `calls`: Its calls.
        calls: Vec<TypedCall> = "calls",
        /// `nonce`: Its nonce.
        nonce: U256 = "nonce",
        /// `space`: Its nonce space.
        space: U256 = "space",
        /// `wallets`: Its parent wallets (always none).
        wallets: Vec<Address> = "wallets",
    }
}

wire_object! {
    /// One call as the typed data's message holds it: every member written.
    pub struct TypedCall {
        /// `behaviorOnError`: 0 IGNORE, 1 REVERT, 2 ABORT.
        behavior_on_error: U256 = "behaviorOnError",
        /// `data`: Its calldata.
        data: Bytes = "data",
        /// `delegateCall`: Whether it is a delegate call.
        delegate_call: bool = "delegateCall",
        /// `gasLimit`: Its gas limit (0: all).
        gas_limit: U256 = "gasLimit",
        /// `onlyFallback`: Whether it runs only when the call before it failed.
        only_fallback: bool = "onlyFallback",
        /// `to`: Its target.
        to: Address = "to",
        /// `value`: Its native value.
        value: U256 = "value",
    }
}

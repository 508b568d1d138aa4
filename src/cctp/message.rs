//! The CCTP V2 message and burn message body (docs/spec.md 5.8): packed big-endian fields at
//! fixed offsets, then the variable part. Reading checks only the length of the fixed part,
//! so every value read writes back to the same bytes.

use alloc::vec::Vec;

use alloy_primitives::{keccak256, Address, Bytes, B256, U256};

use super::Error;

/// The bytes of a message before its body.
pub const MESSAGE_HEADER_LEN: usize = 148;
/// The bytes of a burn message body before its hook data.
pub const BURN_MESSAGE_HEADER_LEN: usize = 228;

/// A CCTP V2 message: what `MessageSent` carries and `receiveMessage` takes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message {
    /// The format's version (1 for V2).
    pub version: u32,
    /// The domain it was sent from.
    pub source_domain: u32,
    /// The domain it is for.
    pub destination_domain: u32,
    /// Assigned by the attester; zero as sent.
    pub nonce: B256,
    /// The contract that sent it (the source token messenger).
    pub sender: B256,
    /// The contract that handles it on the destination (the token messenger there).
    pub recipient: B256,
    /// The only address that may receive it; zero for anyone.
    pub destination_caller: B256,
    /// The least finality the sender asks to be attested at.
    pub min_finality_threshold: u32,
    /// The finality it was attested at; zero as sent.
    pub finality_threshold_executed: u32,
    /// The body (for a burn, a [`BurnMessage`]).
    pub body: Bytes,
}

/// The body of a burn message.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BurnMessage {
    /// The body's version (1 for V2).
    pub version: u32,
    /// The token burned on the source domain.
    pub burn_token: B256,
    /// Who receives the mint on the destination domain.
    pub mint_recipient: B256,
    /// The amount burned.
    pub amount: U256,
    /// Who called `depositForBurn`.
    pub message_sender: B256,
    /// The most the sender pays, in the burned token.
    pub max_fee: U256,
    /// The fee the attester executed; zero as sent.
    pub fee_executed: U256,
    /// The block from which the message no longer mints (zero: never); zero as sent.
    pub expiration_block: U256,
    /// Data for a hook on the destination; empty for a plain burn.
    pub hook_data: Bytes,
}

/// A reader over the fixed part of a value whose length was checked.
struct Fields<'a>(&'a [u8]);

impl Fields<'_> {
    fn u32(&self, at: usize) -> u32 {
        let mut word = [0u8; 4];
        word.copy_from_slice(&self.0[at..at + 4]);
        u32::from_be_bytes(word)
    }

    fn b256(&self, at: usize) -> B256 {
        B256::from_slice(&self.0[at..at + 32])
    }

    fn u256(&self, at: usize) -> U256 {
        U256::from_be_bytes(self.b256(at).0)
    }
}

impl Message {
    /// Reads a message from its packed bytes.
    ///
    /// # Errors
    ///
    /// [`Error::TooShort`] below [`MESSAGE_HEADER_LEN`] bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() < MESSAGE_HEADER_LEN {
            return Err(Error::TooShort { what: "message", len: bytes.len(), min: MESSAGE_HEADER_LEN });
        }
        let fields = Fields(bytes);
        Ok(Self {
            version: fields.u32(0),
            source_domain: fields.u32(4),
            destination_domain: fields.u32(8),
            nonce: fields.b256(12),
            sender: fields.b256(44),
            recipient: fields.b256(76),
            destination_caller: fields.b256(108),
            min_finality_threshold: fields.u32(140),
            finality_threshold_executed: fields.u32(144),
            body: Bytes::copy_from_slice(&bytes[MESSAGE_HEADER_LEN..]),
        })
    }

    /// The packed bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(MESSAGE_HEADER_LEN + self.body.len());
        out.extend_from_slice(&self.version.to_be_bytes());
        out.extend_from_slice(&self.source_domain.to_be_bytes());
        out.extend_from_slice(&self.destination_domain.to_be_bytes());
        out.extend_from_slice(self.nonce.as_slice());
        out.extend_from_slice(self.sender.as_slice());
        out.extend_from_slice(self.recipient.as_slice());
        out.extend_from_slice(self.destination_caller.as_slice());
        out.extend_from_slice(&self.min_finality_threshold.to_be_bytes());
        out.extend_from_slice(&self.finality_threshold_executed.to_be_bytes());
        out.extend_from_slice(&self.body);
        out
    }

    /// The message hash: keccak256 of the packed bytes, what attesters sign.
    pub fn hash(&self) -> B256 {
        keccak256(self.to_bytes())
    }

    /// The message as an attester completes a sent burn: its nonce, the finality it attests
    /// at, and in the burn body the fee it executes and the expiration block.
    ///
    /// # Errors
    ///
    /// [`Error::NotABurn`] when the body is not a burn message body.
    pub fn complete(
        &self,
        nonce: B256,
        finality_threshold_executed: u32,
        fee_executed: U256,
        expiration_block: U256,
    ) -> Result<Self, Error> {
        let mut body = BurnMessage::from_bytes(&self.body).map_err(|_| Error::NotABurn("shorter than its header"))?;
        body.fee_executed = fee_executed;
        body.expiration_block = expiration_block;
        Ok(Self { nonce, finality_threshold_executed, body: body.to_bytes().into(), ..self.clone() })
    }
}

impl BurnMessage {
    /// Reads a burn message body from its packed bytes.
    ///
    /// # Errors
    ///
    /// [`Error::TooShort`] below [`BURN_MESSAGE_HEADER_LEN`] bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() < BURN_MESSAGE_HEADER_LEN {
            return Err(Error::TooShort { what: "burn message body", len: bytes.len(), min: BURN_MESSAGE_HEADER_LEN });
        }
        let fields = Fields(bytes);
        Ok(Self {
            version: fields.u32(0),
            burn_token: fields.b256(4),
            mint_recipient: fields.b256(36),
            amount: fields.u256(68),
            message_sender: fields.b256(100),
            max_fee: fields.u256(132),
            fee_executed: fields.u256(164),
            expiration_block: fields.u256(196),
            hook_data: Bytes::copy_from_slice(&bytes[BURN_MESSAGE_HEADER_LEN..]),
        })
    }

    /// The packed bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(BURN_MESSAGE_HEADER_LEN + self.hook_data.len());
        out.extend_from_slice(&self.version.to_be_bytes());
        out.extend_from_slice(self.burn_token.as_slice());
        out.extend_from_slice(self.mint_recipient.as_slice());
        out.extend_from_slice(&self.amount.to_be_bytes::<32>());
        out.extend_from_slice(self.message_sender.as_slice());
        out.extend_from_slice(&self.max_fee.to_be_bytes::<32>());
        out.extend_from_slice(&self.fee_executed.to_be_bytes::<32>());
        out.extend_from_slice(&self.expiration_block.to_be_bytes::<32>());
        out.extend_from_slice(&self.hook_data);
        out
    }

    /// What the mint recipient receives: `amount − feeExecuted`, `None` when the fee is
    /// not below the amount (the token messenger refuses such a message unless the fee is
    /// zero).
    pub fn minted(&self) -> Option<U256> {
        if self.fee_executed.is_zero() {
            return Some(self.amount);
        }
        (self.fee_executed < self.amount).then(|| self.amount - self.fee_executed)
    }
}

/// The address a bytes32 holds in its low 20 bytes.
///
/// # Errors
///
/// [`Error::NotAnAddress`] when its high 12 bytes are not zero.
pub fn address_of(word: &B256) -> Result<Address, Error> {
    if word[..12].iter().any(|byte| *byte != 0) {
        return Err(Error::NotAnAddress);
    }
    Ok(Address::from_slice(&word[12..]))
}

/// An address as a bytes32, left-padded with zeros.
pub fn bytes32_of(address: Address) -> B256 {
    address.into_word()
}

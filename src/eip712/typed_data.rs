//! Wallet typed data (docs/spec.md §5.4): the EIP-712 document that `eth_signTypedData_v4`,
//! viem's `signTypedData` and ethers' `signTypedData` take, for the deposit intent and both
//! permit kinds.
//!
//! A [`TypedData`] is built from the same [`Domain`] and message structs
//! ([`DepositIntent`], [`Permit`], [`DaiPermit`]) whose digests the rest of this module
//! computes, and its [`TypedData::digest`] is that struct's digest, so the document a
//! wallet signs and the digest the library verifies cannot drift apart. What does not live
//! here: which field of an intent goes into which message ([`crate::rules`]), and the
//! hashing itself (the sibling modules).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use alloy_primitives::{Address, B256, U256};

use super::{DaiPermit, DepositIntent, Domain, EntrypointDomain, EntrypointNames, Permit};
use crate::json::number::DecimalBuffer;
use crate::text::{write_string, Sink};
use crate::values::hex::write_hex_string;

/// One value of a typed struct, of the EIP-712 types the domains and messages here use.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Value {
    String(Cow<'static, str>),
    Uint256(U256),
    Address(Address),
    Bytes32(B256),
    Bool(bool),
}

impl Value {
    /// The member's EIP-712 type.
    fn type_name(&self) -> &'static str {
        match self {
            Value::String(_) => "string",
            Value::Uint256(_) => "uint256",
            Value::Address(_) => "address",
            Value::Bytes32(_) => "bytes32",
            Value::Bool(_) => "bool",
        }
    }

    /// The value as wallets take it: `uint256` a decimal string, an address EIP-55,
    /// `bytes32` lowercase hex, `bool` a JSON bool.
    fn write<S: Sink + ?Sized>(&self, out: &mut S) {
        match self {
            Value::String(text) => write_string(out, text),
            Value::Uint256(value) => out.write_ascii(DecimalBuffer::new().quoted(value)),
            Value::Address(address) => out.write_checksummed_address(address),
            Value::Bytes32(bytes) => write_hex_string(out, bytes.as_slice()),
            Value::Bool(value) => out.write_str(if *value { "true" } else { "false" }),
        }
    }
}

/// A struct's members: name and value, in the struct's order.
type Members = Vec<(&'static str, Value)>;

/// An EIP-712 typed-data document of docs/spec.md §5.4, and the digest it signs.
///
/// ```
/// use intent_core::eip712::{Domain, Permit, TypedData};
/// use intent_core::{Address, U256};
///
/// let domain = Domain { name: Some("USD Coin".into()), chain_id: Some(U256::from(1)), ..Domain::default() };
/// let permit = Permit {
///     owner: Address::ZERO,
///     spender: Address::repeat_byte(0x11),
///     value: U256::from(7),
///     nonce: U256::ZERO,
///     deadline: U256::MAX,
/// };
/// let typed = TypedData::permit(&domain, &permit);
/// assert_eq!(typed.digest(), permit.digest(&domain));
/// assert!(typed.to_json().starts_with(
///     r#"{"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"chainId","type":"uint256"}],"Permit":["#
/// ));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypedData {
    domain: Members,
    primary_type: Cow<'static, str>,
    message: Members,
    digest: B256,
}

impl TypedData {
    /// The deposit intent of docs/spec.md §5.1 under the entrypoint named `names` at
    /// `verifying_contract` on `chain_id`: primary type `names.type_name`.
    ///
    /// The type name is written as configured; one that is not a Solidity identifier
    /// gives a document that wallets refuse, though its digest is still what such a
    /// contract would compute.
    pub fn deposit_intent(
        names: &EntrypointNames,
        chain_id: u64,
        verifying_contract: Address,
        message: &DepositIntent,
    ) -> Self {
        let entrypoint = EntrypointDomain::new(names, chain_id, verifying_contract);
        TypedData {
            domain: domain_members(&names.domain(chain_id, verifying_contract)),
            primary_type: names.type_name.clone(),
            message: Vec::from([
                ("user", Value::Address(message.user)),
                ("token", Value::Address(message.token)),
                ("amount", Value::Uint256(message.amount)),
                ("intentAddress", Value::Address(message.intent_address)),
                ("deadline", Value::Uint256(message.deadline)),
                ("chainId", Value::Uint256(message.chain_id)),
                ("nonce", Value::Uint256(message.nonce)),
                ("feeAmount", Value::Uint256(message.fee_amount)),
                ("feeCollector", Value::Address(message.fee_collector)),
            ]),
            digest: entrypoint.digest(message),
        }
    }

    /// An ERC-2612 permit under the token's `domain`: primary type `Permit`.
    pub fn permit(domain: &Domain, permit: &Permit) -> Self {
        TypedData {
            domain: domain_members(domain),
            primary_type: Cow::Borrowed("Permit"),
            message: Vec::from([
                ("owner", Value::Address(permit.owner)),
                ("spender", Value::Address(permit.spender)),
                ("value", Value::Uint256(permit.value)),
                ("nonce", Value::Uint256(permit.nonce)),
                ("deadline", Value::Uint256(permit.deadline)),
            ]),
            digest: permit.digest(domain),
        }
    }

    /// A DAI-style permit under the token's `domain`: primary type `Permit`.
    pub fn dai_permit(domain: &Domain, permit: &DaiPermit) -> Self {
        TypedData {
            domain: domain_members(domain),
            primary_type: Cow::Borrowed("Permit"),
            message: Vec::from([
                ("holder", Value::Address(permit.holder)),
                ("spender", Value::Address(permit.spender)),
                ("nonce", Value::Uint256(permit.nonce)),
                ("expiry", Value::Uint256(permit.expiry)),
                ("allowed", Value::Bool(permit.allowed)),
            ]),
            digest: permit.digest(domain),
        }
    }

    /// The digest a wallet signing this document signs: the message struct's own digest.
    pub fn digest(&self) -> B256 {
        self.digest
    }

    /// The primary type's name (`Permit`, or the entrypoint's type name).
    pub fn primary_type(&self) -> &str {
        &self.primary_type
    }

    /// The primary type's type string, e.g.
    /// `Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)`.
    pub fn type_string(&self) -> String {
        type_string(&self.primary_type, &self.message)
    }

    /// The domain's type string, e.g. `EIP712Domain(string name,uint256 chainId)`.
    pub fn domain_type_string(&self) -> String {
        type_string("EIP712Domain", &self.domain)
    }

    /// The document as one line of JSON:
    /// `{"types":{"EIP712Domain":[…],"<Primary>":[…]},"primaryType":…,"domain":{…},"message":{…}}`,
    /// `EIP712Domain` listing exactly the domain's fields in the order of docs/spec.md §5.2,
    /// members in their struct's order.
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(256 + 96 * (self.domain.len() + self.message.len()));
        self.write_json(&mut out);
        out
    }

    /// Writes [`TypedData::to_json`] into `out`.
    pub fn write_json<S: Sink + ?Sized>(&self, out: &mut S) {
        out.write_str("{\"types\":{\"EIP712Domain\":");
        write_types(out, &self.domain);
        out.write_str(",");
        write_string(out, &self.primary_type);
        out.write_str(":");
        write_types(out, &self.message);
        out.write_str("},\"primaryType\":");
        write_string(out, &self.primary_type);
        out.write_str(",\"domain\":");
        write_values(out, &self.domain);
        out.write_str(",\"message\":");
        write_values(out, &self.message);
        out.write_str("}");
    }
}

/// The fields a domain holds, in the order of docs/spec.md §5.2.
fn domain_members(domain: &Domain) -> Members {
    let fields = [
        domain.name.clone().map(|name| ("name", Value::String(name))),
        domain.version.clone().map(|version| ("version", Value::String(version))),
        domain.chain_id.map(|chain_id| ("chainId", Value::Uint256(chain_id))),
        domain.verifying_contract.map(|contract| ("verifyingContract", Value::Address(contract))),
        domain.salt.map(|salt| ("salt", Value::Bytes32(salt))),
    ];
    fields.into_iter().flatten().collect()
}

/// `Name(type1 name1,type2 name2,…)`.
fn type_string(name: &str, members: &Members) -> String {
    let mut out = String::from(name);
    out.push('(');
    for (i, (member, value)) in members.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(value.type_name());
        out.push(' ');
        out.push_str(member);
    }
    out.push(')');
    out
}

/// `[{"name":…,"type":…},…]`.
fn write_types<S: Sink + ?Sized>(out: &mut S, members: &Members) {
    out.write_str("[");
    for (i, (member, value)) in members.iter().enumerate() {
        out.write_str(if i == 0 { "{\"name\":" } else { ",{\"name\":" });
        write_string(out, member);
        out.write_str(",\"type\":");
        write_string(out, value.type_name());
        out.write_str("}");
    }
    out.write_str("]");
}

/// `{"name":value,…}`.
fn write_values<S: Sink + ?Sized>(out: &mut S, members: &Members) {
    out.write_str("{");
    for (i, (member, value)) in members.iter().enumerate() {
        if i > 0 {
            out.write_str(",");
        }
        write_string(out, member);
        out.write_str(":");
        value.write(out);
    }
    out.write_str("}");
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloy_primitives::keccak256;

    fn full_domain() -> Domain {
        Domain {
            name: Some("Dai \"Stable\"coin ✓".into()),
            version: Some("2".into()),
            chain_id: Some(U256::MAX),
            verifying_contract: Some(Address::repeat_byte(0xab)),
            salt: Some(B256::repeat_byte(0xcd)),
        }
    }

    /// Every subset of the five domain fields, in the order of their bits.
    fn domain_subsets() -> impl Iterator<Item = Domain> {
        (0u8..32).map(|bits| {
            let full = full_domain();
            Domain {
                name: full.name.filter(|_| bits & 1 != 0),
                version: full.version.filter(|_| bits & 2 != 0),
                chain_id: full.chain_id.filter(|_| bits & 4 != 0),
                verifying_contract: full.verifying_contract.filter(|_| bits & 8 != 0),
                salt: full.salt.filter(|_| bits & 16 != 0),
            }
        })
    }

    fn permit() -> Permit {
        Permit {
            owner: Address::repeat_byte(1),
            spender: Address::repeat_byte(2),
            value: U256::MAX,
            nonce: U256::ZERO,
            deadline: U256::from(1_795_286_100u64),
        }
    }

    #[test]
    fn the_documents_types_are_the_type_strings_the_digests_hash() {
        for domain in domain_subsets() {
            let typed = TypedData::permit(&domain, &permit());
            assert_eq!(typed.domain_type_string(), domain.encode_type());
            assert_eq!(typed.type_string(), Permit::TYPE_STRING);
        }
        let dai = DaiPermit {
            holder: Address::ZERO,
            spender: Address::ZERO,
            nonce: U256::ZERO,
            expiry: U256::ZERO,
            allowed: true,
        };
        assert_eq!(TypedData::dai_permit(&Domain::default(), &dai).type_string(), DaiPermit::TYPE_STRING);
        let names = EntrypointNames { type_name: "Other".into(), ..EntrypointNames::DEFAULT };
        let message = DepositIntent {
            user: Address::ZERO,
            token: Address::ZERO,
            amount: U256::ZERO,
            intent_address: Address::ZERO,
            deadline: U256::ZERO,
            chain_id: U256::from(10),
            nonce: U256::ZERO,
            fee_amount: U256::ZERO,
            fee_collector: Address::ZERO,
        };
        let typed = TypedData::deposit_intent(&names, 10, Address::repeat_byte(3), &message);
        assert_eq!(typed.type_string(), names.type_string());
        assert_eq!(keccak256(typed.type_string()), names.type_hash());
        assert_eq!(typed.domain_type_string(), names.domain(10, Address::repeat_byte(3)).encode_type());
        assert_eq!(typed.primary_type(), "Other");
        assert_eq!(typed.digest(), EntrypointDomain::new(&names, 10, Address::repeat_byte(3)).digest(&message));
    }

    #[test]
    fn a_permit_document_is_one_line_in_the_agreed_form() {
        let typed = TypedData::permit(&full_domain(), &permit());
        assert_eq!(
            typed.to_json(),
            concat!(
                r#"{"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"version","type":"string"},"#,
                r#"{"name":"chainId","type":"uint256"},{"name":"verifyingContract","type":"address"},"#,
                r#"{"name":"salt","type":"bytes32"}],"Permit":[{"name":"owner","type":"address"},"#,
                r#"{"name":"spender","type":"address"},{"name":"value","type":"uint256"},"#,
                r#"{"name":"nonce","type":"uint256"},{"name":"deadline","type":"uint256"}]},"#,
                r#""primaryType":"Permit","domain":{"name":"Dai \"Stable\"coin ✓","version":"2","#,
                r#""chainId":"115792089237316195423570985008687907853269984665640564039457584007913129639935","#,
                r#""verifyingContract":"0xABaBaBaBABabABabAbAbABAbABabababaBaBABaB","#,
                r#""salt":"0xcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"},"#,
                r#""message":{"owner":"0x0101010101010101010101010101010101010101","#,
                r#""spender":"0x0202020202020202020202020202020202020202","#,
                r#""value":"115792089237316195423570985008687907853269984665640564039457584007913129639935","#,
                r#""nonce":"0","deadline":"1795286100"}}"#,
            )
        );
    }

    #[test]
    fn an_empty_domain_lists_no_fields() {
        let json = TypedData::permit(&Domain::default(), &permit()).to_json();
        assert!(json.starts_with(r#"{"types":{"EIP712Domain":[],"Permit":["#), "{json}");
        assert!(json.contains(r#","domain":{},"message":"#), "{json}");
    }
}

//! `AddressOrEmpty`: the `address-or-empty` kind of docs/spec.md §1, an address or the empty
//! string `""` meaning none (the service contracts of permit-only intents).

use alloy_primitives::Address;
use core::fmt;

/// An address, or none, which travels as `""`. Read like an address (same errors), with
/// `""` accepted as [`AddressOrEmpty::Empty`]; written `""` for none, else as an address
/// (EIP-55 on the wire, lowercase in the canonical form).
///
/// None is never the zero address: `""` and `"0x000…0"` are different values, and code
/// that needs the address asks [`AddressOrEmpty::address`] and handles `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AddressOrEmpty {
    /// `""`: no address.
    Empty,
    /// An address.
    Address(Address),
}

impl AddressOrEmpty {
    /// The address, or `None` for [`AddressOrEmpty::Empty`].
    pub const fn address(&self) -> Option<Address> {
        match self {
            AddressOrEmpty::Empty => None,
            AddressOrEmpty::Address(address) => Some(*address),
        }
    }

    /// Whether this is [`AddressOrEmpty::Empty`].
    pub const fn is_empty(&self) -> bool {
        matches!(self, AddressOrEmpty::Empty)
    }
}

impl From<Address> for AddressOrEmpty {
    fn from(address: Address) -> Self {
        AddressOrEmpty::Address(address)
    }
}

impl From<Option<Address>> for AddressOrEmpty {
    fn from(address: Option<Address>) -> Self {
        address.map_or(AddressOrEmpty::Empty, AddressOrEmpty::Address)
    }
}

impl PartialEq<Address> for AddressOrEmpty {
    fn eq(&self, other: &Address) -> bool {
        self.address().as_ref() == Some(other)
    }
}

/// The empty string, or the address in EIP-55 form.
impl fmt::Display for AddressOrEmpty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AddressOrEmpty::Empty => Ok(()),
            AddressOrEmpty::Address(address) => fmt::Display::fmt(address, f),
        }
    }
}

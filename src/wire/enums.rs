//! The enums of docs/spec.md §2 and the `wire_enum!` macro that declares them: closed ones accept
//! exactly their names and are `Copy`; open ones also keep any other `A-Z`, `0-9`, `_`
//! name in an `Other` variant (a `String`, so they are only `Clone`).

/// Declares an enum of docs/spec.md §2 with its wire names: `pub enum Name { Variant = "NAME", … }`
/// for a closed one, `pub enum Name open "doc of Other" { … }` for an open one.
macro_rules! wire_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $($variants:tt)* }
    ) => {
        $crate::wire::enums::wire_enum! { @declare [$(#[$meta])* #[derive(Copy)]] $name [] { $($variants)* } }
    };
    (
        $(#[$meta:meta])*
        pub enum $name:ident open $other_doc:literal { $($variants:tt)* }
    ) => {
        $crate::wire::enums::wire_enum! { @declare [$(#[$meta])*] $name [$other_doc] { $($variants)* } }
    };
    (
        @declare [$(#[$meta:meta])*] $name:ident [$($other_doc:literal)?] {
            $( $(#[$variant_meta:meta])* $variant:ident = $wire:literal, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum $name {
            $( $(#[$variant_meta])* $variant, )*
            $( #[doc = $other_doc] Other(alloc::string::String), )?
        }

        impl $name {
            /// The names this enum knows, in the order of docs/spec.md §2.
            pub const NAMES: &'static [&'static str] = &[$($wire),*];

            /// Whether the enum is open: it also keeps any other name of `A-Z`, `0-9` and
            /// `_` (in `Other`). With [`NAMES`](Self::NAMES), what a generated schema or
            /// declaration says of the enum.
            pub const OPEN: bool = false $(|| { let _ = $other_doc; true })?;

            /// The wire name.
            pub fn name(&self) -> &str {
                match self {
                    $( $name::$variant => $wire, )*
                    $( Self::Other(name) => { let _ = $other_doc; name } )?
                }
            }

            /// The value of a wire name, or `None` if the name is not accepted.
            pub fn from_name(name: &str) -> Option<Self> {
                match name {
                    $( $wire => Some($name::$variant), )*
                    $( _ if { let _ = $other_doc; $crate::wire::enums::is_open_enum_name(name) } => Some(Self::Other(alloc::string::String::from(name))), )?
                    _ => None,
                }
            }
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl $crate::wire::wire_value::WireValue for $name {
            fn read(r: &mut $crate::wire::WireReader<'_>) -> Result<Self, $crate::Error> {
                const PROBLEM: $crate::Problem = $crate::Problem::InvalidEnum {
                    expected: if $name::OPEN {
                        concat!("one of" $(, " ", $wire)*, " or a name of A-Z, 0-9, _")
                    } else {
                        concat!("one of" $(, " ", $wire)*)
                    },
                };
                let name = r.read_str(|| PROBLEM)?;
                $name::from_name(&name).ok_or_else(|| $crate::Error::new(PROBLEM))
            }

            fn write<S: $crate::Sink + ?Sized>(&self, out: &mut S, _: $crate::wire::wire_value::Form) {
                $crate::json::write_string(out, self.name());
            }
        }
    };
}

pub(crate) use wire_enum;

/// A name an open enum keeps in its `Other` variant: non-empty, of `A-Z`, `0-9` and `_`.
pub(crate) fn is_open_enum_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
}

wire_enum! {
    /// An intent's status (open). The server-side integer is the position in this list,
    /// from 0 ([`IntentStatus::code`]). A lifecycle record is only ever in one of the
    /// first seven; `INVALID` and other names come from the service and are kept as read.
    pub enum IntentStatus open "A status this library does not name, kept as received (never a lifecycle record's)." {
        /// Quoted, not yet committed.
        Quoted = "QUOTED",
        /// Committed; waiting for execution.
        Committed = "COMMITTED",
        /// Executing.
        Executing = "EXECUTING",
        /// Execution failed.
        Failed = "FAILED",
        /// Execution succeeded (final).
        Succeeded = "SUCCEEDED",
        /// Never executed: aborted, or its execution window passed.
        Aborted = "ABORTED",
        /// Deposited funds went back to the owner (final).
        Refunded = "REFUNDED",
        /// Rejected by the service (its published schema added it in 2026). A lifecycle
        /// record never has it.
        Invalid = "INVALID",
    }
}

impl IntentStatus {
    /// The server-side integer: the position in docs/spec.md §2's list, from 0; `None` for a
    /// status kept in [`IntentStatus::Other`], which has no position.
    pub fn code(&self) -> Option<u8> {
        if let IntentStatus::Other(_) = self {
            return None;
        }
        let position = IntentStatus::NAMES.iter().position(|name| *name == self.name())?;
        u8::try_from(position).ok()
    }
}

wire_enum! {
    /// Which amount of a quote request is fixed (closed).
    pub enum TradeType {
        /// The origin amount is fixed.
        ExactInput = "EXACT_INPUT",
        /// The destination amount is fixed.
        ExactOutput = "EXACT_OUTPUT",
    }
}

wire_enum! {
    /// A swap or bridge provider (open).
    pub enum RouteProvider open "A provider this library does not name, kept as received." {
        /// Let the service choose.
        Auto = "AUTO",
        /// No provider.
        None = "NONE",
        /// Circle's cross-chain transfer protocol.
        Cctp = "CCTP",
        /// Provider 1.
        Provider1 = "PROVIDER_1",
        /// Provider 2.
        Provider2 = "PROVIDER_2",
        /// Provider 3.
        Provider3 = "PROVIDER_3",
        /// Provider 4.
        Provider4 = "PROVIDER_4",
    }
}

wire_enum! {
    /// How busy a chain's gas market is (open).
    pub enum ChainGasUsageStatus open "A status this library does not name, kept as received." {
        /// Normal.
        Normal = "NORMAL",
    }
}

/// Closed enums are `Copy` (checked at compile time).
const _: fn() = || {
    fn is_copy<T: Copy>() {}
    is_copy::<TradeType>();
};

wire_enum! {
    /// The status of one transaction of an intent's receipt (open), as the service's
    /// published schema lists them.
    pub enum TransactionStatus open "A transaction status this library does not name, kept as received." {
        /// Not known.
        Unknown = "UNKNOWN",
        /// Held back.
        OnHold = "ON_HOLD",
        /// Not sent yet.
        Pending = "PENDING",
        /// Being relayed.
        Relaying = "RELAYING",
        /// Sent; not seen mined.
        Sent = "SENT",
        /// Could not be sent.
        Errored = "ERRORED",
        /// Being mined.
        Mining = "MINING",
        /// Mined and successful (final).
        Succeeded = "SUCCEEDED",
        /// Failed (final).
        Failed = "FAILED",
        /// Never sent: the intent was aborted (final).
        Aborted = "ABORTED",
        /// Mined and reverted (final).
        Reverted = "REVERTED",
    }
}

wire_enum! {
    /// What a transaction of an intent's receipt does (open).
    pub enum TransactionType open "A transaction type this library does not name, kept as received." {
        /// Not known.
        Unknown = "UNKNOWN",
        /// The owner's deposit to the origin intent address.
        Deposit = "DEPOSIT",
        /// The origin chain's calls.
        Origin = "ORIGIN",
        /// The destination chain's calls.
        Destination = "DESTINATION",
        /// A routing transaction between the two.
        Route = "ROUTE",
        /// Deposited funds going back to the owner.
        Refund = "REFUND",
    }
}

wire_enum! {
    /// A cross-chain message a transaction carries (open); this library writes `NONE`.
    pub enum TransactionContext open "A context this library does not name, kept as received." {
        /// No message.
        None = "NONE",
        /// A CCTP v2 message.
        Cctpv2Message = "CCTPV2_MESSAGE",
        /// A LayerZero compose message.
        LzCompose = "LZ_COMPOSE",
        /// A LayerZero receive.
        LzReceive = "LZ_RECEIVE",
        /// A Hyperlane gas payment.
        HyperlanePayForGas = "HYPERLANE_PAY_FOR_GAS",
    }
}

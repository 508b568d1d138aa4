//! What of a quote request the built-in quoter serves (docs/spec.md §12, "Honour or
//! refuse"): every member of the published QuoteIntentRequest is either honoured or refused
//! with `OPTION_NOT_SERVED` at its path, never kept without effect; a provider the service
//! does not route through is refused, never echoed; and a member that neither the published
//! schema nor docs/spec.md names (a misspelling, most likely) is `MEMBER_NOT_SERVED` at its
//! path unless the configuration's `allowUnknownRequestMembers` is set.
//!
//! What does not live here: the core's own QuoteRequest rules (they run before), the
//! filtering of fee options by `onlyNativeGasFee` (`pricing`), and the pricing itself.

use intent_core::{Address, QuoteRequest, RouteProvider, ServerFailure, UnknownMembers};

use crate::config::{ChainConfig, ServiceConfig};
use crate::failure::Failure;

/// The published QuoteIntentRequest's members this library does not model, at the top level
/// and in `options`, with what the service serves of each (`None`: no value of it).
const PUBLISHED_TOP: &[(&str, Option<&str>)] = &[("fundMethod", None), ("mode", None)];
/// The published member naming who the destination call's output is approved to (default:
/// `destinationToAddress`); judged by [`approve_address`] and [`check`].
const APPROVE: &str = "destinationApproveAddress";
/// As [`PUBLISHED_TOP`], in `options`. A fallback of `false` is what the service does.
const PUBLISHED_OPTIONS: &[(&str, Option<&str>)] = &[
    ("bridgeProviderFallback", Some("false")),
    ("swapProviderFallback", Some("false")),
    ("intentProtocol", None),
    ("trailsAddressOverrides", None),
];
/// `options.preference`'s published names.
const PREFERENCES: &[&str] = &["RECOMMENDED", "FASTEST", "CHEAPEST", "TRUSTLESS"];

/// Why each refused published member is not served (the error's message).
fn why(member: &str) -> &'static str {
    match member {
        "fundMethod" | "mode" => "this service quotes a deposit from the owner's wallet only, in one mode",
        "bridgeProviderFallback" | "swapProviderFallback" => "no fallback provider is served",
        "intentProtocol" => "this service has one intent protocol",
        "trailsAddressOverrides" => "this service names its overrides serviceAddressOverrides",
        _ => "not served",
    }
}

/// Refuses what of `request` the quoter does not serve (see the module's documentation);
/// `in_wallet`: the request's intent runs in wallets (same-chain, or over the CCTP V2 route),
/// `trustless`: in a wallet on one chain (a same-chain swap or transfer there is trustless).
///
/// # Errors
///
/// `OPTION_NOT_SERVED` or `MEMBER_NOT_SERVED` at the member's path; `INVALID_ENUM` at
/// `options.preference` for a name the published schema does not have.
pub fn check(
    config: &ServiceConfig,
    request: &QuoteRequest,
    origin: &ChainConfig,
    (in_wallet, trustless): (bool, bool),
) -> Result<(), Failure> {
    let allow_unknown = config.allow_unknown_request_members.unwrap_or(false);
    members(&request.unknown, PUBLISHED_TOP, "", allow_unknown)?;
    if approve_address(request)?.is_some() {
        let why = if !in_wallet {
            Some("only an intent run in wallets hands its output to a destination call")
        } else if request.destination_call_data.is_none() {
            Some("without destinationCallData the output is sent to the recipient, nothing is approved")
        } else if request.destination_token_address == Address::ZERO {
            Some("the native token goes as the destination call's value, nothing is approved")
        } else {
            None
        };
        if let Some(why) = why {
            return Err(ServerFailure::OptionNotServed { path: APPROVE, why }.into());
        }
    }
    let Some(options) = &request.options else { return Ok(()) };
    members(&options.unknown, PUBLISHED_OPTIONS, "options.", allow_unknown)?;
    if let Some(preference) = options.unknown.get("preference") {
        let name = preference.canonical_json().trim_matches('"');
        if preference.canonical_json() != "null" {
            if !preference.canonical_json().starts_with('"') || !PREFERENCES.contains(&name) {
                let expected = "RECOMMENDED, FASTEST, CHEAPEST or TRUSTLESS";
                let error = intent_core::Error::new(intent_core::Problem::InvalidEnum { expected });
                return Err(error.in_member("preference").in_member("options").into());
            }
            // The service has one route for a request: it is the recommended, the fastest and
            // the cheapest it has; it is trustless only when run in a wallet on one chain.
            if name == "TRUSTLESS" && !trustless {
                let why = "this route goes through the operator, not only through contracts";
                return Err(ServerFailure::OptionNotServed { path: "options.preference", why }.into());
            }
        }
    }
    for (provider, path) in
        [(&options.bridge_provider, "options.bridgeProvider"), (&options.swap_provider, "options.swapProvider")]
    {
        if let Some(provider) = provider {
            if *provider != RouteProvider::Auto && *provider != config.fees.route_provider {
                let why = format!("the service routes through {} only", config.fees.route_provider.name());
                return Err(ServerFailure::OptionNotServed { path, why: &why }.into());
            }
        }
    }
    if let Some(overrides) = &options.service_address_overrides {
        members(&overrides.unknown, &[], "options.serviceAddressOverrides.", allow_unknown)?;
        let wallet = origin.wallet.as_ref();
        let served = [
            (
                overrides.service_wallet_factory_address,
                Some(wallet.map_or(origin.wallet_factory_address, |w| w.factory)),
                "options.serviceAddressOverrides.serviceWalletFactoryAddress",
            ),
            (
                overrides.service_wallet_main_module_address,
                wallet.map(|w| w.main_module),
                "options.serviceAddressOverrides.serviceWalletMainModuleAddress",
            ),
            (
                overrides.service_wallet_main_module_upgradable_address,
                wallet.map(|w| w.main_module_upgradable),
                "options.serviceAddressOverrides.serviceWalletMainModuleUpgradableAddress",
            ),
            (
                overrides.service_wallet_guest_module_address,
                wallet.map(|w| w.guest_module),
                "options.serviceAddressOverrides.serviceWalletGuestModuleAddress",
            ),
            (overrides.service_wallet_utils_address, None, "options.serviceAddressOverrides.serviceWalletUtilsAddress"),
        ];
        for (asked, configured, path) in served {
            if asked.is_some_and(|asked: Address| Some(asked) != configured) {
                let why = "the service quotes with the wallet contracts of its configuration only";
                return Err(ServerFailure::OptionNotServed { path, why }.into());
            }
        }
    }
    Ok(())
}

/// `destinationApproveAddress` of `request`, when given (not `null`): who the destination
/// call's output is approved to.
///
/// # Errors
///
/// `INVALID_ADDRESS at destinationApproveAddress` when it is not an address.
pub fn approve_address(request: &QuoteRequest) -> Result<Option<Address>, Failure> {
    let Some(member) = request.unknown.get(APPROVE) else { return Ok(None) };
    let json = member.canonical_json();
    if json == "null" {
        return Ok(None);
    }
    serde_json::from_str::<Address>(json)
        .map(Some)
        .map_err(|_| intent_core::Error::new(intent_core::Problem::InvalidAddress).in_member(APPROVE).into())
}

/// Refuses each member of `unknown` (the members an object's declaration does not name) at
/// `prefix` + its key: a published one of `published` unless its value is the one served, any
/// other unless `allow_unknown`. `null` is an absent member (docs/spec.md §1); `preference`
/// is judged by the caller.
fn members(
    unknown: &UnknownMembers,
    published: &[(&str, Option<&str>)],
    prefix: &str,
    allow_unknown: bool,
) -> Result<(), Failure> {
    for member in unknown.iter() {
        let (key, value) = (member.key(), member.canonical_json());
        if value == "null" || (prefix == "options." && key == "preference") || (prefix.is_empty() && key == APPROVE) {
            continue;
        }
        let path = format!("{prefix}{key}");
        match published.iter().find(|(name, _)| *name == key) {
            Some((_, served)) if *served == Some(value) => {}
            Some((name, _)) => return Err(ServerFailure::OptionNotServed { path: &path, why: why(name) }.into()),
            None if allow_unknown => {}
            None => return Err(ServerFailure::MemberNotServed { path: &path }.into()),
        }
    }
    Ok(())
}

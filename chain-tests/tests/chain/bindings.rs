//! The bindings of `intent_contracts` against the ABIs solc compiled from `chain/contracts`.
//! Each binding is what solc compiled from the same interface file (every function with its
//! outputs and mutability, every event with its indexed parameters, every error), its
//! selector constants are the compiled selectors and event topics, and every contract that
//! implements the interface has each of its items. A binding or an interface that drifts
//! from its contract fails here, and the check itself is shown to catch a changed item.

use std::collections::BTreeSet;

use alloy_json_abi::JsonAbi;
use intent_chain_tests::artifacts::artifacts;
use intent_contracts::{
    ICctpMessageHandler, ICctpMessageTransmitter, ICctpTokenMessenger, ICctpUsdc, IDaiPermit, IIntentWallet,
    IIntentWalletFactory, IPermitToken, IServiceIntentEntrypoint, IServiceRouter, ITestToken, IUniswapV2Factory,
    IUniswapV2Pair, IUniswapV2Router02,
};

/// One binding: the interface's name in the artifacts, the ABI `sol!` made of it, the
/// selectors its call, error and event enums encode and decode with, and the compiled
/// contracts that implement the interface.
struct Binding {
    interface: &'static str,
    abi: JsonAbi,
    functions: &'static [[u8; 4]],
    errors: &'static [[u8; 4]],
    events: &'static [[u8; 32]],
    implemented_by: &'static [&'static str],
}

fn bindings() -> [Binding; 14] {
    [
        Binding {
            interface: "IServiceIntentEntrypoint",
            abi: IServiceIntentEntrypoint::abi::contract(),
            functions: IServiceIntentEntrypoint::IServiceIntentEntrypointCalls::SELECTORS,
            errors: IServiceIntentEntrypoint::IServiceIntentEntrypointErrors::SELECTORS,
            events: IServiceIntentEntrypoint::IServiceIntentEntrypointEvents::SELECTORS,
            implemented_by: &["ServiceIntentEntrypoint"],
        },
        Binding {
            interface: "IPermitToken",
            abi: IPermitToken::abi::contract(),
            functions: IPermitToken::IPermitTokenCalls::SELECTORS,
            errors: IPermitToken::IPermitTokenErrors::SELECTORS,
            events: IPermitToken::IPermitTokenEvents::SELECTORS,
            implemented_by: &["TestPermitToken"],
        },
        Binding {
            interface: "IDaiPermit",
            abi: IDaiPermit::abi::contract(),
            functions: IDaiPermit::IDaiPermitCalls::SELECTORS,
            errors: IDaiPermit::IDaiPermitErrors::SELECTORS,
            events: &[],
            implemented_by: &["TestDaiPermitToken"],
        },
        Binding {
            interface: "ITestToken",
            abi: ITestToken::abi::contract(),
            functions: ITestToken::ITestTokenCalls::SELECTORS,
            errors: &[],
            events: &[],
            implemented_by: &["TestPermitToken", "TestDaiPermitToken", "TestLegacyDomainToken"],
        },
        Binding {
            interface: "IIntentWallet",
            abi: IIntentWallet::abi::contract(),
            functions: IIntentWallet::IIntentWalletCalls::SELECTORS,
            errors: IIntentWallet::IIntentWalletErrors::SELECTORS,
            events: IIntentWallet::IIntentWalletEvents::SELECTORS,
            implemented_by: &["IntentWalletMainModule"],
        },
        Binding {
            interface: "IIntentWalletFactory",
            abi: IIntentWalletFactory::abi::contract(),
            functions: IIntentWalletFactory::IIntentWalletFactoryCalls::SELECTORS,
            errors: IIntentWalletFactory::IIntentWalletFactoryErrors::SELECTORS,
            events: &[],
            implemented_by: &["IntentWalletFactory"],
        },
        Binding {
            interface: "IServiceRouter",
            abi: IServiceRouter::abi::contract(),
            functions: IServiceRouter::IServiceRouterCalls::SELECTORS,
            errors: IServiceRouter::IServiceRouterErrors::SELECTORS,
            events: IServiceRouter::IServiceRouterEvents::SELECTORS,
            implemented_by: &["ServiceRouter"],
        },
        // The CCTP V2 route (docs/spec.md 5.8).
        Binding {
            interface: "ICctpMessageTransmitter",
            abi: ICctpMessageTransmitter::abi::contract(),
            functions: ICctpMessageTransmitter::ICctpMessageTransmitterCalls::SELECTORS,
            errors: ICctpMessageTransmitter::ICctpMessageTransmitterErrors::SELECTORS,
            events: ICctpMessageTransmitter::ICctpMessageTransmitterEvents::SELECTORS,
            implemented_by: &["CctpMessageTransmitter"],
        },
        Binding {
            interface: "ICctpMessageHandler",
            abi: ICctpMessageHandler::abi::contract(),
            functions: ICctpMessageHandler::ICctpMessageHandlerCalls::SELECTORS,
            errors: &[],
            events: &[],
            implemented_by: &["CctpTokenMessenger"],
        },
        Binding {
            interface: "ICctpTokenMessenger",
            abi: ICctpTokenMessenger::abi::contract(),
            functions: ICctpTokenMessenger::ICctpTokenMessengerCalls::SELECTORS,
            errors: ICctpTokenMessenger::ICctpTokenMessengerErrors::SELECTORS,
            events: ICctpTokenMessenger::ICctpTokenMessengerEvents::SELECTORS,
            implemented_by: &["CctpTokenMessenger"],
        },
        Binding {
            interface: "ICctpUsdc",
            abi: ICctpUsdc::abi::contract(),
            functions: ICctpUsdc::ICctpUsdcCalls::SELECTORS,
            errors: ICctpUsdc::ICctpUsdcErrors::SELECTORS,
            events: &[],
            implemented_by: &["CctpTestUsdc"],
        },
        // Uniswap V2's contracts are the compiled ones its npm packages ship.
        Binding {
            interface: "IUniswapV2Factory",
            abi: IUniswapV2Factory::abi::contract(),
            functions: IUniswapV2Factory::IUniswapV2FactoryCalls::SELECTORS,
            errors: &[],
            events: &[],
            implemented_by: &["UniswapV2Factory"],
        },
        Binding {
            interface: "IUniswapV2Pair",
            abi: IUniswapV2Pair::abi::contract(),
            functions: IUniswapV2Pair::IUniswapV2PairCalls::SELECTORS,
            errors: &[],
            events: &[],
            implemented_by: &["UniswapV2Pair"],
        },
        Binding {
            interface: "IUniswapV2Router02",
            abi: IUniswapV2Router02::abi::contract(),
            functions: IUniswapV2Router02::IUniswapV2Router02Calls::SELECTORS,
            errors: &[],
            events: &[],
            implemented_by: &["UniswapV2Router02"],
        },
    ]
}

/// Every function, event and error of `abi` as the chain sees it: a function's name, input
/// and output types and mutability; an event's name, types, which are indexed and whether it
/// is anonymous; an error's name and types. Parameter names are left out: they are not part
/// of the ABI's encoding.
fn items(abi: &JsonAbi) -> BTreeSet<String> {
    let functions = abi
        .functions()
        .map(|f| format!("function {} {}", f.signature_with_outputs(), f.state_mutability.as_json_str()));
    let events = abi.events().map(|e| {
        let inputs: Vec<String> = e
            .inputs
            .iter()
            .map(|p| if p.indexed { format!("{} indexed", p.selector_type()) } else { p.selector_type().into_owned() })
            .collect();
        format!("event {}({}){}", e.name, inputs.join(","), if e.anonymous { " anonymous" } else { "" })
    });
    let errors = abi.errors().map(|e| format!("error {}", e.signature()));
    functions.chain(events).chain(errors).collect()
}

/// The compiled ABI of `name`.
fn compiled(name: &str) -> &'static JsonAbi {
    &artifacts().expect("npm ci --ignore-scripts in chain/").get(name).unwrap().abi
}

/// The items of `binding` that `contract` lacks: none when the contract has each of them.
fn missing(binding: &JsonAbi, contract: &JsonAbi) -> Vec<String> {
    items(binding).difference(&items(contract)).cloned().collect()
}

#[test]
fn each_binding_is_what_solc_compiled_from_its_interface_file() {
    for binding in bindings() {
        let interface = compiled(binding.interface);
        assert!(!items(&binding.abi).is_empty(), "{}", binding.interface);
        assert_eq!(items(&binding.abi), items(interface), "{}", binding.interface);
    }
}

#[test]
fn each_bindings_selectors_and_event_topics_are_the_compiled_ones() {
    for binding in bindings() {
        let interface = compiled(binding.interface);
        let functions: BTreeSet<[u8; 4]> = interface.functions().map(|f| f.selector().0).collect();
        let errors: BTreeSet<[u8; 4]> = interface.errors().map(|e| e.selector().0).collect();
        let events: BTreeSet<[u8; 32]> = interface.events().map(|e| e.selector().0).collect();
        assert_eq!(binding.functions.iter().copied().collect::<BTreeSet<_>>(), functions, "{}", binding.interface);
        assert_eq!(binding.errors.iter().copied().collect::<BTreeSet<_>>(), errors, "{}", binding.interface);
        assert_eq!(binding.events.iter().copied().collect::<BTreeSet<_>>(), events, "{}", binding.interface);
    }
}

#[test]
fn each_contract_has_every_item_of_the_interfaces_it_implements() {
    // IServiceIntentEntrypoint, IDaiPermit and ITestToken are inherited, so the compiler
    // checks them as well; IPermitToken cannot be (OpenZeppelin's bases declare the same
    // items), so this is its only check against TestPermitToken.
    for binding in bindings() {
        for contract in binding.implemented_by {
            assert_eq!(missing(&binding.abi, compiled(contract)), Vec::<String>::new(), "{contract}");
        }
    }
}

#[test]
fn the_guest_logs_the_wallets_call_events_and_raises_its_call_errors() {
    // The guest has no function, so no interface of its own: what the service decodes of it
    // is IIntentWallet's, and it must be the same items.
    let guest = items(compiled("IntentWalletGuest"));
    let wallet = items(&IIntentWallet::abi::contract());
    for item in ["CallSucceeded", "CallFailed", "CallAborted", "CallSkipped", "Reverted(", "NotEnoughGas("] {
        let shared: Vec<&String> = wallet.iter().filter(|entry| entry.contains(item)).collect();
        assert_eq!(shared.len(), 1, "{item}");
        assert!(guest.contains(shared[0]), "{item}");
    }
}

#[test]
fn an_item_changed_in_a_binding_is_reported_missing_from_its_contract() {
    let contract = compiled("ServiceIntentEntrypoint");
    let mut changed = IServiceIntentEntrypoint::abi::contract();
    let nonces = &mut changed.functions.get_mut("nonces").unwrap()[0];
    nonces.inputs[0].ty = "uint256".into();
    assert_eq!(missing(&changed, contract), ["function nonces(uint256)(uint256) view"]);

    let mut changed = IServiceIntentEntrypoint::abi::contract();
    let deposited = &mut changed.events.get_mut("IntentDeposited").unwrap()[0];
    deposited.inputs[3].indexed = true;
    assert_eq!(
        missing(&changed, contract),
        ["event IntentDeposited(address indexed,address indexed,address indexed,uint256 indexed,uint256,uint256,address)"]
    );
}

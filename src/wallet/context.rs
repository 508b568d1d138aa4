//! The deployment a wallet belongs to (docs/spec.md 5.6): the factory, the modules and the
//! creation code, the published ones by default, and the counterfactual address of an image
//! hash under it. How the image hash is made lives in `config.rs`.

use alloy_primitives::{address, bytes, Address, Bytes, Keccak256, B256};

/// A Sequence v3 deployment: where intent wallets are created and what they run.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WalletContext {
    /// `factory`: the contract whose `deploy(mainModule, salt)` creates a wallet with CREATE2.
    pub factory: Address,
    /// `mainModule`: the module a new wallet delegates to (v3's stage 1); part of the address.
    pub main_module: Address,
    /// `mainModuleUpgradable`: the module a wallet moves to when its configuration is updated
    /// (v3's stage 2); not part of the address.
    pub main_module_upgradable: Address,
    /// `guestModule`: the contract that runs packed calls without a wallet (deploy a wallet,
    /// then call it); not part of the address. `None` when the deployment has none.
    pub guest_module: Option<Address>,
    /// `creationCode`: the wallet proxy's creation code; part of the address.
    pub creation_code: Bytes,
}

impl WalletContext {
    /// The published deployment intent addresses are derived under: factory
    /// `0xBd0F8abD58B4449B39C57Ac9D5C67433239aC447`, main module
    /// `0x53bA242E7C2501839DF2972c75075dc693176Cd0`, upgradable main module
    /// `0xa29874c88b8Fd557e42219B04b0CeC693e1712f5`, guest module
    /// `0x9cbB2a4BD361248f5020465E1Cc1Db877F9387D8` and the creation code
    /// `0x603e600e3d39601e805130553df33d3d34601c57363d3d373d363d30545af43d82803e903d91601c57fd5bf3`.
    pub const PUBLISHED: WalletContext = WalletContext {
        factory: address!("0xBd0F8abD58B4449B39C57Ac9D5C67433239aC447"),
        main_module: address!("0x53bA242E7C2501839DF2972c75075dc693176Cd0"),
        main_module_upgradable: address!("0xa29874c88b8Fd557e42219B04b0CeC693e1712f5"),
        guest_module: Some(address!("0x9cbB2a4BD361248f5020465E1Cc1Db877F9387D8")),
        creation_code: bytes!(
            "603e600e3d39601e805130553df33d3d34601c57363d3d373d363d30545af43d82803e903d91601c57fd5bf3"
        ),
    };

    /// The CREATE2 init code hash: `keccak256(creationCode ‖ mainModule as a 32-byte word)`.
    pub fn init_code_hash(&self) -> B256 {
        let mut hasher = Keccak256::new();
        hasher.update(&self.creation_code);
        hasher.update(self.main_module.into_word());
        hasher.finalize()
    }

    /// The counterfactual address of the wallet whose image hash is `image_hash`:
    /// `keccak256(0xff ‖ factory ‖ imageHash ‖ init code hash)`, its last 20 bytes.
    pub fn address(&self, image_hash: &B256) -> Address {
        self.factory.create2(image_hash, self.init_code_hash())
    }
}

impl Default for WalletContext {
    /// [`WalletContext::PUBLISHED`].
    fn default() -> Self {
        WalletContext::PUBLISHED
    }
}

//! Quoting: the [`Quoter`] the service asks for a priced intent and its gas fee options,
//! and [`ConfiguredQuoter`], the built-in one, deterministic from the configuration's
//! chains, tokens, prices and fees (docs/spec.md §12).
//!
//! Pricing and routing are not the core's business, so they live here; what the core
//! decides (whether the intent is valid, its hash, its lifetime) does not. The service sets
//! `intentId`, `status`, `createdAt` and `expiresAt` after the quoter answers
//! ([`crate::records`]), and the core refuses what it would not store.

use alloy_primitives::{keccak256, Address, Bytes, B256, U256};
use intent_core::{from_slice, QuoteRequest, QuoteResponse, RouteProvider, Timestamp, TradeType};
use serde_json::{json, Value};

use crate::config::{ChainConfig, ServiceConfig};
use crate::failure::{self, Failure};

/// Prices a quote request: the intent (its amounts, calls, fees and addresses) and the gas
/// fee options. `salt` is fresh randomness for this quote (it makes the intent addresses
/// and the intent id unique); `now` and `expires_at` are the quote's times.
pub trait Quoter: Send + Sync {
    /// The quote for `request`, for an intent of project `project_id`.
    ///
    /// # Errors
    ///
    /// `ROUTE_NOT_SERVED` ([`failure::route_not_served`]) for a chain or token it does not serve.
    fn quote(
        &self,
        request: &QuoteRequest,
        project_id: u64,
        salt: B256,
        now: Timestamp,
        expires_at: Timestamp,
    ) -> Result<QuoteResponse, Failure>;
}

/// The built-in quoter: prices from the configuration, fees in basis points of the input,
/// gas at each chain's configured limit and price. The same request, salt and time always
/// give the same quote.
#[derive(Debug, Clone)]
pub struct ConfiguredQuoter {
    config: ServiceConfig,
}

impl ConfiguredQuoter {
    /// A quoter over `config`'s chains, tokens and fees.
    pub fn new(config: ServiceConfig) -> Self {
        ConfiguredQuoter { config }
    }
}

/// A token as the quoter prices it: the chain's native token or a configured ERC-20.
struct Priced {
    address: Address,
    decimals: u8,
    /// Price in millionths of a USD.
    price_micro_usd: U256,
}

/// `10^exponent`.
fn pow10(exponent: u8) -> U256 {
    U256::from(10).pow(U256::from(exponent))
}

/// A USD price in millionths, rounded (prices are positive and finite in a checked config).
fn micro_usd(price: f64) -> U256 {
    U256::from((price * 1e6).round().max(0.0) as u64)
}

/// The USD value of `amount` units of a token with `decimals` at `price_micro_usd`, as a
/// decimal rounded to millionths.
fn usd(amount: U256, decimals: u8, price_micro_usd: U256) -> f64 {
    let micro = amount * price_micro_usd / pow10(decimals);
    micro.to_string().parse::<f64>().unwrap_or(f64::MAX) / 1e6
}

/// `numerator / denominator`, rounded up.
fn div_ceil(numerator: U256, denominator: U256) -> U256 {
    numerator.div_ceil(denominator)
}

/// `amount · (10 000 − bps) / 10 000`.
fn less_bps(amount: U256, bps: u64) -> U256 {
    amount * U256::from(10_000 - bps.min(10_000)) / U256::from(10_000)
}

/// A 4-byte selector followed by 32-byte words: a call's ABI encoding.
fn abi_call(signature: &str, words: &[B256]) -> Bytes {
    let mut data = keccak256(signature.as_bytes())[..4].to_vec();
    for word in words {
        data.extend_from_slice(word.as_slice());
    }
    Bytes::from(data)
}

fn word_address(address: Address) -> B256 {
    address.into_word()
}

fn word_uint(value: U256) -> B256 {
    B256::from(value.to_be_bytes::<32>())
}

fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(2 + bytes.len() * 2);
    out.push_str("0x");
    for byte in bytes {
        out.push_str(&format!("{byte:02x}"));
    }
    out
}

fn not_served(path: &str, what: String) -> Failure {
    failure::route_not_served(path, &what)
}

impl ConfiguredQuoter {
    fn chain(&self, chain_id: u64, path: &str) -> Result<&ChainConfig, Failure> {
        self.config.chain(chain_id).ok_or_else(|| not_served(path, format!("chain {chain_id}")))
    }

    fn priced(&self, chain: &ChainConfig, address: Address, path: &str) -> Result<Priced, Failure> {
        if address == Address::ZERO {
            return Ok(Priced {
                address,
                decimals: 18,
                price_micro_usd: micro_usd(chain.native_token_price_usd.get()),
            });
        }
        let token = self
            .config
            .token(chain.chain_id, address)
            .ok_or_else(|| not_served(path, format!("token {address} on chain {}", chain.chain_id)))?;
        Ok(Priced { address, decimals: token.decimals, price_micro_usd: micro_usd(token.price_usd.get()) })
    }
}

/// The CREATE2 address of `chain`'s wallet factory for `owner`'s intent wallet with `salt`
/// (init code hash: keccak256 of the owner and the chain id).
fn intent_address(chain: &ChainConfig, owner: Address, salt: B256) -> Address {
    let mut init = owner.to_vec();
    init.extend_from_slice(&chain.chain_id.to_be_bytes());
    chain.wallet_factory_address.create2(salt, keccak256(init))
}

/// One side's gas: the native fee in wei and its USD value.
struct Gas {
    limit: u64,
    fee_native: U256,
    fee_usd: f64,
    fee_micro_usd: U256,
}

fn gas_of(chain: &ChainConfig) -> Gas {
    let fee_native = U256::from(chain.gas_limit) * chain.gas_price;
    let price = micro_usd(chain.native_token_price_usd.get());
    Gas {
        limit: chain.gas_limit,
        fee_native,
        fee_usd: usd(fee_native, 18, price),
        fee_micro_usd: fee_native * price / pow10(18),
    }
}

fn gas_detail(chain: &ChainConfig, gas: &Gas, meta_txn_id: &str) -> Value {
    json!({
        "chainId": chain.chain_id,
        "totalGasLimit": gas.limit.to_string(),
        "gasPrice": chain.gas_price.to_string(),
        "nativeTokenSymbol": chain.native_token_symbol,
        "chainGasUsageStatus": "NORMAL",
        "totalFeeAmount": gas.fee_native.to_string(),
        "totalFeeUsd": format!("{:.6}", gas.fee_usd),
        "metaTxnFeeDetails": {
            "metaTxnId": meta_txn_id,
            "estimatedGasLimit": gas.limit.to_string(),
            "feeNative": gas.fee_native.to_string(),
        },
        "metaTxnGasQuote": hex(word_uint(chain.gas_price).as_slice()),
        "nativeTokenPriceUsd": chain.native_token_price_usd.get(),
    })
}

fn price_impact(fraction: f64, usd: f64) -> Value {
    json!({"priceImpact": fraction, "priceImpactUsd": usd})
}

fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

impl Quoter for ConfiguredQuoter {
    fn quote(
        &self,
        request: &QuoteRequest,
        project_id: u64,
        salt: B256,
        now: Timestamp,
        expires_at: Timestamp,
    ) -> Result<QuoteResponse, Failure> {
        let fees = &self.config.fees;
        let origin_chain = self.chain(request.origin_chain_id, "originChainId")?;
        let destination_chain = self.chain(request.destination_chain_id, "destinationChainId")?;
        let from = self.priced(origin_chain, request.origin_token_address, "originTokenAddress")?;
        let to = self.priced(destination_chain, request.destination_token_address, "destinationTokenAddress")?;
        let owner = request.owner_address;
        let recipient = request.destination_to_address.unwrap_or(owner);
        let slippage = request
            .options
            .as_ref()
            .and_then(|o| o.slippage_tolerance)
            .map_or(fees.default_slippage.get(), |s| s.get());
        let slippage_bps = (slippage * 10_000.0).round() as u64;
        let fee_bps = fees.service_fee_bps + fees.provider_fee_bps;

        // value(to) = value(from) · (1 − fees): amounts in each token's units.
        let rate_numerator = from.price_micro_usd * pow10(to.decimals);
        let rate_denominator = to.price_micro_usd.max(U256::from(1)) * pow10(from.decimals);
        let exact_output = request.trade_type == Some(TradeType::ExactOutput)
            || (request.trade_type.is_none() && request.destination_token_amount.is_some());
        let (from_amount, to_amount) = if exact_output {
            let to_amount = request.destination_token_amount.unwrap_or_default();
            let net = div_ceil(to_amount * rate_denominator, rate_numerator.max(U256::from(1)));
            let from_amount = div_ceil(net * U256::from(10_000), U256::from(10_000 - fee_bps));
            (from_amount, to_amount)
        } else {
            let from_amount = request.origin_token_amount.unwrap_or_default();
            (from_amount, less_bps(from_amount, fee_bps) * rate_numerator / rate_denominator)
        };
        let service_fee = from_amount * U256::from(fees.service_fee_bps) / U256::from(10_000);
        let provider_fee = from_amount * U256::from(fees.provider_fee_bps) / U256::from(10_000);
        let provider_and_service = service_fee + provider_fee;
        let from_amount_min = less_bps(from_amount, slippage_bps);
        let to_amount_min = less_bps(to_amount, slippage_bps);
        let from_usd = |amount| round6(usd(amount, from.decimals, from.price_micro_usd));
        let to_usd = |amount| round6(usd(amount, to.decimals, to.price_micro_usd));

        let intent_id_hash = keccak256([owner.as_slice(), salt.as_slice()].concat());
        let intent_id = hex(intent_id_hash.as_slice());
        let id = u64::from_be_bytes(intent_id_hash[..8].try_into().unwrap_or_default()) & ((1 << 53) - 1);
        let origin_intent_address = intent_address(origin_chain, owner, salt);
        let cross_chain = request.origin_chain_id != request.destination_chain_id;
        let route_provider = match request.options.as_ref().and_then(|o| o.bridge_provider.clone()) {
            Some(RouteProvider::Auto) | None => fees.route_provider.clone(),
            Some(provider) => provider,
        };
        let router = origin_chain.router_address.address().unwrap_or(origin_chain.meta_txn_contract);

        let mut origin_calls = Vec::new();
        if from.address != Address::ZERO {
            origin_calls.push(json!({
                "to": from.address.to_string(),
                "value": "0",
                "data": abi_call("approve(address,uint256)", &[word_address(router), word_uint(from_amount)]).to_string(),
                "gasLimit": "65000",
                "behaviorOnError": 1,
            }));
        }
        let native_value = if from.address == Address::ZERO { from_amount } else { U256::ZERO };
        origin_calls.push(json!({
            "to": router.to_string(),
            "value": native_value.to_string(),
            "data": abi_call(
                "bridge(address,uint256,uint256,address,address)",
                &[
                    word_address(from.address),
                    word_uint(from_amount),
                    word_uint(U256::from(request.destination_chain_id)),
                    word_address(to.address),
                    word_address(recipient),
                ],
            ).to_string(),
            "gasLimit": (origin_chain.gas_limit.saturating_sub(65_000)).to_string(),
            "behaviorOnError": 1,
        }));
        let origin_calls =
            json!({"chainId": request.origin_chain_id, "space": "0", "nonce": "0", "calls": origin_calls});
        let meta_txn = |side: &str, chain: &ChainConfig, wallet: Address, calls: &Value| {
            let id = hex(keccak256([intent_id.as_bytes(), side.as_bytes()].concat()).as_slice());
            let input = abi_call("execute(bytes32)", &[keccak256(calls.to_string().as_bytes())]);
            (
                id.clone(),
                json!({
                    "id": id,
                    "chainId": chain.chain_id,
                    "walletAddress": wallet.to_string(),
                    "contract": chain.meta_txn_contract.to_string(),
                    "input": input.to_string(),
                }),
            )
        };
        let (origin_meta_txn_id, origin_meta_txn) =
            meta_txn("origin", origin_chain, origin_intent_address, &origin_calls);
        let origin_gas = gas_of(origin_chain);
        let precondition = |chain_id: u64, wallet: Address, token: Address, min: U256| {
            json!({
                "type": if token == Address::ZERO { "native-min-balance" } else { "erc20-min-balance" },
                "chainId": chain_id,
                "ownerAddress": wallet.to_string(),
                "tokenAddress": token.to_string(),
                "minAmount": min.to_string(),
            })
        };

        let mut intent = json!({
            "id": id,
            "projectId": project_id,
            "intentId": intent_id,
            "status": "QUOTED",
            // Replaced by the request itself below, unknown members and all.
            "quoteRequest": {
                "ownerAddress": owner.to_string(),
                "originChainId": request.origin_chain_id,
                "originTokenAddress": from.address.to_string(),
                "destinationChainId": request.destination_chain_id,
                "destinationTokenAddress": to.address.to_string(),
            },
            "ownerAddress": owner.to_string(),
            "originChainId": request.origin_chain_id,
            "destinationChainId": request.destination_chain_id,
            "originIntentAddress": origin_intent_address.to_string(),
            "salt": U256::from_be_bytes(salt.0).to_string(),
            "depositTransaction": {
                "toAddress": origin_intent_address.to_string(),
                "tokenAddress": from.address.to_string(),
                "amount": from_amount.to_string(),
                "decimals": from.decimals,
            },
            "originCalls": origin_calls,
            "originPrecondition": precondition(request.origin_chain_id, origin_intent_address, from.address, from_amount),
            "originMetaTxn": origin_meta_txn,
            "serviceVersion": self.config.service_version,
            "serviceContracts": {
                "serviceIntentEntrypointAddress": origin_chain.entrypoint_address.to_string(),
                "serviceRouterAddress": origin_chain.router_address.to_string(),
                "serviceRouterShimAddress": origin_chain.router_shim_address.to_string(),
            },
            "createdAt": now.to_string(),
            "expiresAt": expires_at.to_string(),
        });
        let mut gas_micro_usd = origin_gas.fee_micro_usd;
        let mut destination_gas = None;
        if cross_chain {
            let wallet = intent_address(destination_chain, owner, salt);
            let transfer = if to.address == Address::ZERO {
                json!({"to": recipient.to_string(), "value": to_amount_min.to_string(), "gasLimit": "21000", "behaviorOnError": 1})
            } else {
                json!({
                    "to": to.address.to_string(),
                    "value": "0",
                    "data": abi_call("transfer(address,uint256)", &[word_address(recipient), word_uint(to_amount_min)]).to_string(),
                    "gasLimit": "60000",
                    "behaviorOnError": 1,
                })
            };
            let mut calls = vec![transfer];
            if let Some(data) = &request.destination_call_data {
                calls.push(json!({
                    "to": recipient.to_string(),
                    "value": request.destination_call_value.unwrap_or_default().to_string(),
                    "data": data.to_string(),
                    "gasLimit": destination_chain.gas_limit.to_string(),
                    "behaviorOnError": 1,
                }));
            }
            let calls = json!({"chainId": request.destination_chain_id, "space": "0", "nonce": "0", "calls": calls});
            let (meta_txn_id, meta) = meta_txn("destination", destination_chain, wallet, &calls);
            let gas = gas_of(destination_chain);
            gas_micro_usd += gas.fee_micro_usd;
            destination_gas = Some(gas_detail(destination_chain, &gas, &meta_txn_id));
            let object = intent.as_object_mut().expect("an object literal");
            object.insert("destinationIntentAddress".into(), json!(wallet.to_string()));
            object.insert("destinationCalls".into(), calls);
            object.insert(
                "destinationPrecondition".into(),
                precondition(request.destination_chain_id, wallet, to.address, to_amount_min),
            );
            object.insert("destinationMetaTxn".into(), meta);
        }
        let gas_usd = gas_micro_usd.to_string().parse::<f64>().unwrap_or(f64::MAX) / 1e6;
        let service_usd = from_usd(service_fee);
        let provider_usd = from_usd(provider_fee);
        let fees_usd = round6(service_usd + provider_usd);
        let value_in = from_usd(from_amount);
        let value_out = to_usd(to_amount);
        let impact_usd = round6(value_out - value_in);
        let impact = if value_in > 0.0 { round6(impact_usd / value_in) } else { 0.0 };
        let origin_native_price = micro_usd(origin_chain.native_token_price_usd.get()).max(U256::from(1));
        let native_cost = gas_micro_usd * pow10(18) / origin_native_price;
        let mut fees_object = json!({
            "originGas": gas_detail(origin_chain, &origin_gas, &origin_meta_txn_id),
            "provider": {
                "quoteProvider": route_provider.name(),
                "quoteProviderFee": provider_fee.to_string(),
                "quoteProviderFeeUsd": provider_usd,
                "serviceFee": service_fee.to_string(),
                "serviceFeeUsd": service_usd,
                "quoteProviderWithServiceFee": provider_and_service.to_string(),
                "providerWithServiceFeeUsd": fees_usd,
                "totalFeeAmount": provider_and_service.to_string(),
                "totalFeeUsd": fees_usd,
            },
            "feeTokenAddress": from.address.to_string(),
            "feeTokenAmount": provider_and_service.to_string(),
            "feeTokenUsd": fees_usd,
            "feeTokenTotal": provider_and_service.to_string(),
            "gasFeeTotal": native_cost.to_string(),
            "gasFeeUsd": round6(gas_usd),
            "serviceFeeTotal": service_fee.to_string(),
            "serviceFeeUsd": service_usd,
            "collectorFeeTotal": "0",
            "collectorFeeUsd": 0,
            "providerFeeTotal": provider_fee.to_string(),
            "providerFeeUsd": provider_usd,
            "totalFeeAmount": provider_and_service.to_string(),
            "totalFeeUsd": round6(fees_usd + gas_usd),
        });
        if let Some(detail) = destination_gas {
            fees_object.as_object_mut().expect("an object literal").insert("destinationGas".into(), detail);
        }
        let object = intent.as_object_mut().expect("an object literal");
        object.insert("fees".into(), fees_object);
        object.insert(
            "quote".into(),
            json!({
                "routeProviders": [route_provider.name()],
                "routeProvidersRequestIds": [format!("rq_{}", &intent_id[2..18])],
                "routeProvidersFeeUsd": [provider_usd],
                "fromAmount": from_amount.to_string(),
                "fromAmountMin": from_amount_min.to_string(),
                "fromAmountUsd": value_in,
                "fromAmountMinUsd": from_usd(from_amount_min),
                "toAmount": to_amount.to_string(),
                "toAmountMin": to_amount_min.to_string(),
                "toAmountUsd": value_out,
                "toAmountMinUsd": to_usd(to_amount_min),
                "maxSlippage": slippage,
                "priceImpact": impact,
                "priceImpactUsd": impact_usd,
                "priceImpactDetails": {
                    "executionPriceImpact": price_impact(0.0, 0.0),
                    "marketPriceImpact": price_impact(0.0, 0.0),
                    "providerFeesPriceImpact": price_impact(if value_in > 0.0 { round6(-provider_usd / value_in) } else { 0.0 }, -provider_usd),
                    "serviceFeesPriceImpact": price_impact(if value_in > 0.0 { round6(-service_usd / value_in) } else { 0.0 }, -service_usd),
                    "netPriceImpact": price_impact(impact, impact_usd),
                },
            }),
        );

        let mut fee_options = vec![fee_option(
            &self.config,
            origin_chain.native_token_symbol.clone(),
            Address::ZERO,
            18,
            micro_usd(origin_chain.native_token_price_usd.get()),
            false,
            gas_micro_usd,
        )];
        for token in self.config.tokens.iter().filter(|t| t.chain_id == origin_chain.chain_id && t.fee_token) {
            fee_options.push(fee_option(
                &self.config,
                token.symbol.clone(),
                token.address,
                token.decimals,
                micro_usd(token.price_usd.get()),
                token.permit.is_some(),
                gas_micro_usd,
            ));
        }
        let response = json!({
            "intent": intent,
            "gasFeeOptions": {
                "gasEstimate": {
                    "totalGas": origin_gas.limit + if cross_chain { destination_chain.gas_limit } else { 0 },
                    "gasPrice": origin_chain.gas_price.to_string(),
                    "nativeCost": native_cost.to_string(),
                    "nativeCostUsd": round6(gas_usd),
                },
                "feeOptions": fee_options,
                "expiresAt": expires_at.to_string(),
                "feeCollectorAddress": self.config.fee_collector_address.to_string(),
            },
        });
        let mut response: QuoteResponse = from_slice(response.to_string().as_bytes())?;
        response.intent.quote_request = request.clone();
        Ok(response)
    }
}

/// The gas fee paid in one token: the gas's USD value in that token's units, rounded up.
fn fee_option(
    config: &ServiceConfig,
    symbol: String,
    address: Address,
    decimals: u8,
    price_micro_usd: U256,
    is_2612: bool,
    gas_micro_usd: U256,
) -> Value {
    let amount = div_ceil(gas_micro_usd * pow10(decimals), price_micro_usd.max(U256::from(1)));
    json!({
        "tokenAddress": address.to_string(),
        "tokenSymbol": symbol,
        "tokenDecimals": decimals,
        "amount": amount.to_string(),
        "amountUsd": round6(usd(amount, decimals, price_micro_usd)),
        "feeCollectorAddress": config.fee_collector_address.to_string(),
        "is2612": is_2612,
    })
}

#[cfg(test)]
mod tests {
    use intent_core::{from_slice, Canonical, Timestamp, U256};

    use super::*;

    fn quoter() -> ConfiguredQuoter {
        ConfiguredQuoter::new(ServiceConfig::load(None).unwrap())
    }

    fn example() -> QuoteRequest {
        from_slice(include_bytes!("../../examples/quote-request.json")).unwrap()
    }

    fn times() -> (Timestamp, Timestamp) {
        let now = Timestamp::from_unix(1_800_000_000, 0).unwrap();
        (now, now.checked_add_seconds(300).unwrap())
    }

    #[test]
    fn the_same_request_salt_and_time_give_the_same_quote_and_another_salt_another_intent() {
        let (now, expires_at) = times();
        let a = quoter().quote(&example(), 42, B256::repeat_byte(1), now, expires_at).unwrap();
        let b = quoter().quote(&example(), 42, B256::repeat_byte(1), now, expires_at).unwrap();
        let c = quoter().quote(&example(), 42, B256::repeat_byte(2), now, expires_at).unwrap();
        assert_eq!(a.canonical_hash(), b.canonical_hash());
        assert_ne!(a.intent.intent_id, c.intent.intent_id);
        assert_ne!(a.intent.origin_intent_address, c.intent.origin_intent_address);
        assert_eq!(a.intent.quote.to_amount, c.intent.quote.to_amount);
    }

    #[test]
    fn exact_input_prices_the_output_after_fees_and_the_quote_passes_the_core() {
        let (now, expires_at) = times();
        let quote = quoter().quote(&example(), 42, B256::repeat_byte(1), now, expires_at).unwrap();
        let amount: U256 = "125000000000000000000".parse().unwrap();
        // DAI to DAI at the same price, 10 bps of fees.
        assert_eq!(quote.intent.quote.from_amount, amount);
        assert_eq!(quote.intent.quote.to_amount, amount * U256::from(9990) / U256::from(10_000));
        assert_eq!(quote.intent.deposit_transaction.amount, amount);
        intent_core::rules::check_intent(&quote.intent).unwrap();
        assert_eq!(quote.intent.quote_request, example());
        assert_eq!(quote.gas_fee_options.fee_options.len(), 3);
    }

    #[test]
    fn exact_output_delivers_the_requested_amount() {
        let (now, expires_at) = times();
        let mut request = example();
        let wanted: U256 = "50000000".parse().unwrap();
        request.trade_type = Some(TradeType::ExactOutput);
        request.origin_token_amount = None;
        request.destination_token_amount = Some(wanted);
        request.destination_token_address = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse().unwrap();
        let quote = quoter().quote(&request, 42, B256::repeat_byte(1), now, expires_at).unwrap();
        assert_eq!(quote.intent.quote.to_amount, wanted);
        // 50 USDC at $1 from DAI at $1.0001, plus 10 bps: a little under 50.06 DAI.
        let from = quote.intent.quote.from_amount;
        assert!(
            from > "50000000000000000000".parse::<U256>().unwrap()
                && from < "50060000000000000000".parse::<U256>().unwrap(),
            "{from}"
        );
        intent_core::rules::check_intent(&quote.intent).unwrap();
    }

    #[test]
    fn a_chain_or_token_not_configured_is_route_not_served_at_its_path() {
        let (now, expires_at) = times();
        let mut request = example();
        request.destination_chain_id = 1;
        let failure = quoter().quote(&request, 42, B256::ZERO, now, expires_at).unwrap_err();
        assert_eq!(failure.body().cause, "ROUTE_NOT_SERVED at destinationChainId");
        let mut request = example();
        request.origin_token_address = Address::repeat_byte(7);
        let failure = quoter().quote(&request, 42, B256::ZERO, now, expires_at).unwrap_err();
        assert_eq!(failure.body().cause, "ROUTE_NOT_SERVED at originTokenAddress");
    }
}

//! Signer recovery with each backend, beside its floors, in one run:
//!
//! - group `recover_backends`: `recover_signer` through the build's backend; k256's own
//!   `recover_from_prehash` + address (the floor of the default backend); with the feature
//!   `secp256k1`, libsecp256k1's own `recover_ecdsa` + address through the `secp256k1` crate
//!   with one context (the floor of that backend) and `recover_signer` through k256
//!   (`__private::recover_signer_with_k256`), so one run compares all four;
//! - group `execute_gasless`: `rules::check_execute` of an entrypoint-mode request with a
//!   permit whose token facts are known, so two signatures are recovered, in requests per
//!   second;
//! - after the groups (full run or the filter `interleaved`): the interleaved cross-check of
//!   `recover_signer` against the floor of its backend.
//!
//! `cargo bench --bench recovery` and `cargo bench --features secp256k1 --bench recovery`;
//! BENCHMARKS.md, "Signer recovery backends", has the results.

use intent_test_support::bench as support;

use std::hint::black_box;

use criterion::{criterion_group, Criterion, Throughput};
use intent_core::eip712::{recover_signer, Domain, EntrypointNames};
use intent_core::rules::{check_execute, deposit_intent_digest, deposit_permit_digest, ExecuteContext, GaslessMode};
use intent_core::{
    from_slice, Address, Bytes, ChainFacts, DepositSignature, ExecuteRequest, GasFeeOptions, Intent, Timestamp,
    TokenPermit, UnknownMembers, U256,
};
use k256::ecdsa::SigningKey;

use support::Signed;

/// The name of the backend `recover_signer` uses in this build.
const BACKEND: &str = if cfg!(feature = "secp256k1") { "libsecp256k1" } else { "k256" };

/// libsecp256k1's own recovery, called directly with a context made once: the floor of the
/// `secp256k1` backend.
#[cfg(feature = "secp256k1")]
mod libsecp256k1_floor {
    use alloy_primitives::{keccak256, Address, B256};
    use secp256k1::ecdsa::{RecoverableSignature, RecoveryId};
    use secp256k1::{Message, Secp256k1, VerifyOnly};

    pub fn context() -> Secp256k1<VerifyOnly> {
        Secp256k1::verification_only()
    }

    /// `recover_ecdsa` on the 64-byte compact signature and its recovery id, then the
    /// address of the uncompressed key.
    #[inline]
    pub fn recover(context: &Secp256k1<VerifyOnly>, digest: &B256, bytes: &[u8; 65]) -> Address {
        let recovery_id = RecoveryId::try_from(i32::from(bytes[64] - 27)).unwrap();
        let signature = RecoverableSignature::from_compact(&bytes[..64], recovery_id).unwrap();
        let key = context.recover_ecdsa(&Message::from_digest(digest.0), &signature).unwrap();
        Address::from_slice(&keccak256(&key.serialize_uncompressed()[1..])[12..])
    }
}

fn recover_backends(c: &mut Criterion, signed: &[Signed]) {
    let mut group = c.benchmark_group("recover_backends");
    group.throughput(Throughput::Elements(signed.len() as u64));
    #[cfg(feature = "secp256k1")]
    {
        let context = libsecp256k1_floor::context();
        for s in signed {
            assert_eq!(libsecp256k1_floor::recover(&context, &s.digest, &s.signature), s.signer);
        }
        group.bench_function("floor: libsecp256k1 recover_ecdsa + address", |b| {
            b.iter(|| {
                for s in signed {
                    black_box(libsecp256k1_floor::recover(&context, black_box(&s.digest), black_box(&s.signature)));
                }
            })
        });
        group.bench_function("info: recover_signer through k256 (__private::recover_signer_with_k256)", |b| {
            b.iter(|| {
                for s in signed {
                    let signer = intent_core::__private::recover_signer_with_k256(black_box(&s.digest), &s.signature);
                    black_box(signer.unwrap());
                }
            })
        });
    }
    group.bench_function("floor: k256 recover_from_prehash + address", |b| {
        b.iter(|| {
            for s in signed {
                black_box(support::k256_recover(black_box(&s.digest), black_box(&s.signature)));
            }
        })
    });
    group.bench_function(format!("recover_signer ({BACKEND})"), |b| {
        b.iter(|| {
            for s in signed {
                black_box(recover_signer(black_box(&s.digest), black_box(&s.signature)).unwrap());
            }
        })
    });
    group.finish();
}

/// A gasless execute request in entrypoint mode with a permit, and what it is checked
/// against: `examples/intent.json` owned by a key the bench holds, `examples/gas-fee-options.json`,
/// the deposit token's permit facts, 60 s before the signature deadline.
struct GaslessExecute {
    intent: Intent,
    gas_fee_options: GasFeeOptions,
    token_permit: TokenPermit,
    request: ExecuteRequest,
    now: Timestamp,
    /// The two signatures the check recovers, as [`Signed`] (for the floor of the check).
    signed: [Signed; 2],
}

impl GaslessExecute {
    fn new() -> Self {
        let key = SigningKey::from_slice(&[0x42; 32]).unwrap();
        let owner = Address::from_private_key(&key);
        let mut intent: Intent = from_slice(include_bytes!("../examples/intent.json")).unwrap();
        intent.owner_address = owner;
        intent.quote_request.owner_address = owner;
        let gas_fee_options: GasFeeOptions = from_slice(include_bytes!("../examples/gas-fee-options.json")).unwrap();
        let now = Timestamp::parse("2026-11-21T18:32:00Z").unwrap();
        let deadline = u64::try_from(now.unix_seconds()).unwrap() + 60;
        let fee_option = gas_fee_options.fee_options[0].clone(); // DAI, the deposit token
        let token_permit = TokenPermit {
            domain: Domain {
                name: Some("Dai Stablecoin".into()),
                version: Some("2".into()),
                chain_id: Some(U256::from(intent.origin_chain_id)),
                verifying_contract: Some(intent.deposit_transaction.token_address),
                salt: None,
            },
            nonce: U256::from(3),
        };
        let mut signature = DepositSignature {
            deadline,
            intent_signature: Some(Bytes::new()),
            permit_amount: Some(intent.deposit_transaction.amount + fee_option.amount),
            permit_deadline: Some(deadline),
            permit_signature: Some(Bytes::new()),
            selected_gas_fee_option: fee_option,
            user_nonce: Some(U256::from(7)),
            unknown: UnknownMembers::new(),
        };
        let sign = |digest: &alloy_primitives::B256| {
            let (rs, recovery_id) = key.sign_prehash_recoverable(digest.as_slice()).unwrap();
            let mut bytes = rs.to_bytes().to_vec();
            bytes.push(27 + recovery_id.to_byte());
            Bytes::from(bytes)
        };
        let intent_digest = deposit_intent_digest(&intent, &signature, &EntrypointNames::DEFAULT).unwrap();
        let permit_digest = deposit_permit_digest(
            &intent,
            &signature,
            GaslessMode::Entrypoint,
            &token_permit.domain,
            token_permit.nonce,
        )
        .unwrap();
        let signed = [intent_digest, permit_digest].map(|digest| {
            let bytes = sign(&digest);
            Signed { digest, signature: bytes[..].try_into().unwrap(), signer: owner }
        });
        signature.intent_signature = Some(sign(&intent_digest));
        signature.permit_signature = Some(sign(&permit_digest));
        let request = ExecuteRequest {
            intent_id: intent.intent_id.clone(),
            deposit_signature: Some(signature),
            deposit_transaction_hash: None,
            unknown: UnknownMembers::new(),
        };
        let execute = GaslessExecute { intent, gas_fee_options, token_permit, request, now, signed };
        execute.check();
        execute
    }

    /// Every rule of an execute request, both signatures recovered and compared with the owner.
    #[inline]
    fn check(&self) {
        let facts = ChainFacts::with_token_permit(&self.token_permit);
        let context = ExecuteContext {
            intent: &self.intent,
            gas_fee_options: Some(&self.gas_fee_options),
            now: self.now,
            window_closes_at: None,
            facts: &facts,
            entrypoint: &EntrypointNames::DEFAULT,
        };
        check_execute(&self.request, &context).unwrap();
    }
}

fn execute_gasless(c: &mut Criterion) {
    let execute = GaslessExecute::new();
    let mut group = c.benchmark_group("execute_gasless");
    group.throughput(Throughput::Elements(1));
    group.bench_function(format!("check_execute, entrypoint mode with permit ({BACKEND})"), |b| {
        b.iter(|| black_box(&execute).check())
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let signed = support::signed(&support::corpus());
    recover_backends(c, &signed);
    execute_gasless(c);
}

criterion_group! {
    name = recovery;
    config = support::quick_criterion();
    targets = benches
}

/// `recover_signer` against the floor of the backend it uses, interleaved signature by
/// signature (`support::interleave`); then the gasless execute check against two of those
/// floor recoveries, with the requests per second it makes. With the feature, also
/// `recover_signer` against k256's floor: the speed-up.
fn interleaved_report(rounds: usize) {
    let signed = support::signed(&support::corpus());
    let execute = GaslessExecute::new();
    println!("\nInterleaved cross-check, recovery ({rounds} rounds; per signature: median and fastest)\n");
    support::print_interleaved_header();
    let k256_floor = |s: &Signed| {
        black_box(support::k256_recover(black_box(&s.digest), black_box(&s.signature)));
    };
    #[cfg(feature = "secp256k1")]
    {
        let context = libsecp256k1_floor::context();
        let floor = |s: &Signed| {
            black_box(libsecp256k1_floor::recover(&context, black_box(&s.digest), black_box(&s.signature)));
        };
        against_floor(&signed, &execute, rounds, "libsecp256k1 recover_ecdsa + address", floor);
        let result = support::interleave(&signed, rounds, recover, k256_floor);
        let what = "recover_signer (libsecp256k1) / k256 recover_from_prehash + address";
        support::info_row(what, "— (the speed-up)", signed.len(), result);
    }
    #[cfg(not(feature = "secp256k1"))]
    against_floor(&signed, &execute, rounds, "k256 recover_from_prehash + address", k256_floor);
}

/// `recover_signer` through the build's backend.
fn recover(s: &Signed) {
    black_box(recover_signer(black_box(&s.digest), black_box(&s.signature)).unwrap());
}

/// The interleaved lines of `recover_signer` and of the gasless execute check against
/// `floor`, the backend's own recovery, named `floor_name`.
fn against_floor(
    signed: &[Signed],
    execute: &GaslessExecute,
    rounds: usize,
    floor_name: &str,
    floor: impl Fn(&Signed),
) {
    let result = support::interleave(signed, rounds, recover, &floor);
    support::row(&format!("recover_signer ({BACKEND}) / {floor_name}"), 1.1, signed.len(), result);
    let result = support::interleave(
        &[execute],
        rounds,
        |execute| black_box(execute).check(),
        |execute| execute.signed.iter().for_each(&floor),
    );
    support::info_row(&format!("check_execute, gasless ({BACKEND}) / two of {floor_name}"), "—", 1, result);
    let [median, _, fastest, _] = result;
    println!(
        "\ncheck_execute of a gasless request (entrypoint mode with permit, {BACKEND}): {:.0} requests/s per core at the median, {:.0} at the fastest",
        1e9 / median,
        1e9 / fastest
    );
}

fn main() {
    recovery();
    Criterion::default().configure_from_args().final_summary();
    if support::cross_check_requested() {
        interleaved_report(31);
    }
}

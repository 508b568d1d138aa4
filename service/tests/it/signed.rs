//! The signed transactions table (docs/spec.md §12, Relaying; `service/store/signed.rs`):
//! a sender's nonce is taken by one intent's first version, replacements and adopted
//! transactions are kept beside it and followed until finished, and the relays an older
//! schema stored are carried over by the migration, on SQLite and PostgreSQL.

use alloy_primitives::{Address, Bytes, B256};
use intent_service::store::{Signed, Store, TxKind};

use crate::search::fresh_database;

fn version(intent_id: &str, sender: Address, nonce: u64, attempt: u64, hash: u8) -> Signed {
    Signed {
        intent_id: intent_id.to_owned(),
        kind: TxKind::Deposit,
        chain_id: 7,
        sender,
        nonce,
        attempt,
        txn_hash: B256::repeat_byte(hash),
        raw: Some(Bytes::from(vec![hash; 3])),
        signed_at_block: Some(100 + attempt),
    }
}

async fn nonces_versions_and_adopted_transactions(backend: &str) {
    sqlx::any::install_default_drivers();
    let Some(url) = fresh_database(backend).await else { return };
    let store = Store::open(&url).await.unwrap();
    let relayer = Address::repeat_byte(0xaa);
    let first = version("a", relayer, 0, 0, 1);
    assert!(store.insert_signed(&first).await.unwrap());
    // Another intent's first version cannot take the same nonce of the same sender.
    assert!(!store.insert_signed(&version("b", relayer, 0, 0, 2)).await.unwrap());
    assert!(!store.has_signed("b", TxKind::Deposit).await.unwrap());
    // The same version of the same intent is stored once.
    assert!(!store.insert_signed(&version("a", relayer, 0, 0, 3)).await.unwrap());
    // A replacement reuses the nonce; the origin meta-transaction is a kind of its own.
    let replacement = version("a", relayer, 0, 1, 4);
    assert!(store.insert_signed(&replacement).await.unwrap());
    assert!(!store.has_signed("a", TxKind::Origin).await.unwrap());
    let origin = Signed { kind: TxKind::Origin, ..version("a", relayer, 1, 0, 5) };
    assert!(store.insert_signed(&origin).await.unwrap());
    // Adopted: someone else's transaction, no bytes, followed by every relayer of the chain.
    let other = Address::repeat_byte(0xbb);
    let adopted = Signed { raw: None, signed_at_block: None, ..version("c", other, 9, 0, 6) };
    assert!(store.insert_signed(&adopted).await.unwrap());

    let pending = store.pending_signed(7, relayer).await.unwrap();
    assert_eq!(pending, [first.clone(), replacement.clone(), origin.clone(), adopted.clone()]);
    assert!(store.pending_signed(8, relayer).await.unwrap().is_empty());

    // Finishing the deposit finishes every version of it, and nothing else.
    store.finish_signed("a", TxKind::Deposit, "SUCCEEDED").await.unwrap();
    assert_eq!(store.pending_signed(7, relayer).await.unwrap(), [origin.clone(), adopted]);
    // A refused version is forgotten alone.
    store.forget_signed(origin.txn_hash).await.unwrap();
    assert!(!store.has_signed("a", TxKind::Origin).await.unwrap());
    assert!(store.has_signed("a", TxKind::Deposit).await.unwrap());
    store.close().await;
}

#[tokio::test]
async fn sqlite_signed_transactions_take_a_nonce_once_and_keep_replacements_and_adopted_ones() {
    nonces_versions_and_adopted_transactions("sqlite").await;
}

#[tokio::test]
async fn postgresql_signed_transactions_take_a_nonce_once_and_keep_replacements_and_adopted_ones() {
    nonces_versions_and_adopted_transactions("postgres").await;
}

/// A relay stored in the `relays` table of migrations 0003 to 0005 is, after the upgrade, a
/// pending first version of its intent's deposit, its signing block unknown.
async fn relays_are_carried_over(backend: &str) {
    sqlx::any::install_default_drivers();
    let Some(url) = fresh_database(backend).await else { return };
    let mut before = sqlx::migrate!("./migrations");
    before.migrations = before.migrations.iter().filter(|m| m.version <= 5).cloned().collect::<Vec<_>>().into();
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    before.run(&pool).await.unwrap();
    let relayer = Address::repeat_byte(0xcc);
    let hash = B256::repeat_byte(0x42);
    let raw = Bytes::from(vec![2, 0xf8, 1]);
    sqlx::query(
        "INSERT INTO relays (intent_id, chain_id, relayer, nonce, txn_hash, raw_transaction, status) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind("old")
    .bind(7_i64)
    .bind(relayer.to_string())
    .bind(3_i64)
    .bind(hash.to_string())
    .bind(raw.to_string())
    .bind("SENT")
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;

    let store = Store::open(&url).await.unwrap();
    let expected = Signed {
        intent_id: "old".to_owned(),
        kind: TxKind::Deposit,
        chain_id: 7,
        sender: relayer,
        nonce: 3,
        attempt: 0,
        txn_hash: hash,
        raw: Some(raw),
        signed_at_block: None,
    };
    assert_eq!(store.pending_signed(7, relayer).await.unwrap(), [expected]);
    assert!(store.has_signed("old", TxKind::Deposit).await.unwrap());
    store.close().await;
}

#[tokio::test]
async fn a_sqlite_database_with_relays_is_migrated_to_signed_transactions() {
    relays_are_carried_over("sqlite").await;
}

#[tokio::test]
async fn a_postgresql_database_with_relays_is_migrated_to_signed_transactions() {
    relays_are_carried_over("postgres").await;
}

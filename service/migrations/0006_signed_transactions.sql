-- The relays table generalised into the table of every transaction the service signs
-- (docs/spec.md §12, The executor): a row is one signed version of a gasless deposit's
-- relay (kind DEPOSIT) or of an intent's origin meta-transaction (kind ORIGIN), stored
-- before it is sent, so that after a restart it is followed (and sent again byte for byte
-- if the node lost it), never signed for a second nonce. `attempt` 0 is the first version;
-- 1, 2, ... replace it with the same nonce and a higher fee when it is not mined within the
-- chain's `replaceAfterBlocks`, and the follower follows whichever version is mined.
-- `signed_at_block` is the head the version was signed at (NULL: unknown, from before this
-- migration). A row with no `raw_transaction` is adopted: a transaction someone else got
-- mined first (a meta-transaction anyone can send), followed by its hash, never sent.
CREATE TABLE signed_transactions (
    txn_hash TEXT PRIMARY KEY,
    intent_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    chain_id BIGINT NOT NULL,
    sender TEXT NOT NULL,
    nonce BIGINT NOT NULL,
    attempt BIGINT NOT NULL,
    raw_transaction TEXT,
    signed_at_block BIGINT,
    status TEXT NOT NULL,
    UNIQUE (intent_id, kind, attempt)
);

-- A relayer nonce is taken by one intent's transaction per chain: its first version holds
-- it, and its replacements reuse it.
CREATE UNIQUE INDEX signed_transactions_nonce ON signed_transactions (chain_id, sender, nonce) WHERE attempt = 0;

-- At start, each chain's executor reads the transactions it left pending through this index.
CREATE INDEX signed_transactions_pending ON signed_transactions (status, chain_id, sender);

INSERT INTO signed_transactions (txn_hash, intent_id, kind, chain_id, sender, nonce, attempt, raw_transaction,
    signed_at_block, status)
SELECT txn_hash, intent_id, 'DEPOSIT', chain_id, relayer, nonce, 0, raw_transaction, NULL, status FROM relays;

DROP TABLE relays;

-- One row per relayed gasless deposit: the signed transaction, stored before it is sent, so
-- that after a restart it is followed (and sent again byte for byte if the node lost it),
-- never signed a second time. A relayer nonce is used once per chain.
CREATE TABLE relays (
    intent_id TEXT PRIMARY KEY,
    chain_id BIGINT NOT NULL,
    relayer TEXT NOT NULL,
    nonce BIGINT NOT NULL,
    txn_hash TEXT NOT NULL,
    raw_transaction TEXT NOT NULL,
    status TEXT NOT NULL,
    UNIQUE (chain_id, relayer, nonce)
);

-- At start, each chain's relayer reads the relays it left pending through this index.
CREATE INDEX relays_pending ON relays (status, chain_id, relayer);

-- The gasless intents handed to a relayer and not yet signed: written before ExecuteIntent
-- answers, deleted once the relay is stored (or found not to be needed), read at start.
CREATE TABLE relay_queue (
    intent_id TEXT PRIMARY KEY,
    chain_id BIGINT NOT NULL,
    relayer TEXT NOT NULL
);

CREATE INDEX relay_queue_by_chain ON relay_queue (chain_id, relayer);

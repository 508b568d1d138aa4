-- What SearchIntents and GetIntentHistory read (docs/spec.md §12): the intent's facts that
-- never change after its quote, written with its row, and its place in the listing.
-- Rows stored before this migration have NULLs here: they are named in `unlisted`, and
-- the service fills them at start (listings::fill_unlisted) before it serves, deleting
-- each name it filled, so every intent is found and a later start reads an empty table.
ALTER TABLE intents ADD COLUMN listed BIGINT;
ALTER TABLE intents ADD COLUMN owner_address TEXT;
ALTER TABLE intents ADD COLUMN origin_intent_address TEXT;
ALTER TABLE intents ADD COLUMN destination_intent_address TEXT;
ALTER TABLE intents ADD COLUMN origin_chain_id BIGINT;
ALTER TABLE intents ADD COLUMN origin_token_address TEXT;
ALTER TABLE intents ADD COLUMN destination_chain_id BIGINT;
ALTER TABLE intents ADD COLUMN destination_token_address TEXT;
ALTER TABLE intents ADD COLUMN created_at BIGINT;

CREATE TABLE unlisted AS SELECT intent_id FROM intents;
CREATE INDEX unlisted_by_intent ON unlisted (intent_id);

-- The listing's order: one counter, taken by each insert in its own statement, so that an
-- intent's `listed` is unique, only grows, and is the history's cursor (a page after
-- cursor N never moves when newer intents arrive).
CREATE TABLE listing (
    id INTEGER PRIMARY KEY,
    last BIGINT NOT NULL
);
INSERT INTO listing (id, last) VALUES (1, 0);

-- Every query of a project's intents starts with its project: one index per filter a
-- listing can start from, each ending with the listing's order.
CREATE UNIQUE INDEX intents_by_project_listed ON intents (project_id, listed);
CREATE INDEX intents_by_project_owner ON intents (project_id, owner_address, listed);
CREATE INDEX intents_by_project_status ON intents (project_id, status, listed);
CREATE INDEX intents_by_project_origin ON intents (project_id, origin_chain_id, origin_token_address, listed);
CREATE INDEX intents_by_project_destination ON intents (project_id, destination_chain_id, destination_token_address, listed);
CREATE INDEX intents_by_project_created ON intents (project_id, created_at, listed);
CREATE INDEX intents_by_project_origin_address ON intents (project_id, origin_intent_address);
CREATE INDEX intents_by_project_destination_address ON intents (project_id, destination_intent_address);

-- Every transaction hash a receipt has carried (deposit, origin, destination, refund,
-- abort), written in the transaction of the change that adds it: SearchIntents'
-- byTransactionHash reads this key, never the records' JSON.
CREATE TABLE intent_transactions (
    txn_hash TEXT NOT NULL,
    intent_id TEXT NOT NULL,
    PRIMARY KEY (txn_hash, intent_id)
);

-- A record in two rows (docs/spec.md §12). `intents` keeps what a change rewrites: the
-- state's changing part (about 1 KB), the revision, status and next deadline, with the
-- three indexes that read them (the primary key, the sweep's and the listing by status).
-- `quotes` keeps what never changes after the quote, written once: the state's quoted part
-- (`{"gasFeeOptions":…,"intent":…}`, most of the state) and the listing's columns, with
-- their indexes. A change used to rewrite 7.5 KB and, on PostgreSQL, ten index entries.
CREATE TABLE quotes (
    intent_id TEXT PRIMARY KEY,
    project_id BIGINT NOT NULL,
    listed BIGINT,
    owner_address TEXT,
    origin_intent_address TEXT,
    destination_intent_address TEXT,
    origin_chain_id BIGINT,
    origin_token_address TEXT,
    destination_chain_id BIGINT,
    destination_token_address TEXT,
    created_at BIGINT,
    -- NULL for a row stored before this migration: its `intents.state` is the whole state
    -- until the service splits it at start (below).
    quoted TEXT
);

INSERT INTO quotes (intent_id, project_id, listed, owner_address, origin_intent_address,
    destination_intent_address, origin_chain_id, origin_token_address, destination_chain_id,
    destination_token_address, created_at)
SELECT intent_id, project_id, listed, owner_address, origin_intent_address,
    destination_intent_address, origin_chain_id, origin_token_address, destination_chain_id,
    destination_token_address, created_at
FROM intents;

DROP INDEX intents_by_project_listed;
DROP INDEX intents_by_project_owner;
DROP INDEX intents_by_project_origin;
DROP INDEX intents_by_project_destination;
DROP INDEX intents_by_project_created;
DROP INDEX intents_by_project_origin_address;
DROP INDEX intents_by_project_destination_address;
ALTER TABLE intents DROP COLUMN owner_address;
ALTER TABLE intents DROP COLUMN origin_intent_address;
ALTER TABLE intents DROP COLUMN destination_intent_address;
ALTER TABLE intents DROP COLUMN origin_chain_id;
ALTER TABLE intents DROP COLUMN origin_token_address;
ALTER TABLE intents DROP COLUMN destination_chain_id;
ALTER TABLE intents DROP COLUMN destination_token_address;
ALTER TABLE intents DROP COLUMN created_at;

-- The listing's indexes, as before, on the table written once. `intents` keeps
-- intents_by_project_status (project_id, status, listed): status changes.
CREATE UNIQUE INDEX quotes_by_project_listed ON quotes (project_id, listed);
CREATE INDEX quotes_by_project_owner ON quotes (project_id, owner_address, listed);
CREATE INDEX quotes_by_project_origin ON quotes (project_id, origin_chain_id, origin_token_address, listed);
CREATE INDEX quotes_by_project_destination ON quotes (project_id, destination_chain_id, destination_token_address, listed);
CREATE INDEX quotes_by_project_created ON quotes (project_id, created_at, listed);
CREATE INDEX quotes_by_project_origin_address ON quotes (project_id, origin_intent_address);
CREATE INDEX quotes_by_project_destination_address ON quotes (project_id, destination_intent_address);

-- The rows an older schema stored, finished by the service at start before it serves
-- (listings::finish_older_rows): those of the first schema, not yet listed, and now every
-- row stored before this migration, not yet split. Each name is deleted once its row is
-- finished, so a later start reads an empty table.
ALTER TABLE unlisted RENAME TO older_rows;
INSERT INTO older_rows (intent_id)
SELECT intent_id FROM intents WHERE intent_id NOT IN (SELECT intent_id FROM older_rows);

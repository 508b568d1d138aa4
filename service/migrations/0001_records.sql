-- One row per intent: its RecordState JSON beside the columns the service queries.
CREATE TABLE intents (
    intent_id TEXT PRIMARY KEY,
    project_id BIGINT NOT NULL,
    revision BIGINT NOT NULL,
    status TEXT NOT NULL,
    next_deadline BIGINT,
    state TEXT NOT NULL
);

-- The sweep reads due records of one status (COMMITTED to expire, QUOTED to delete)
-- through this index, never the whole table.
CREATE INDEX intents_by_status_and_deadline ON intents (status, next_deadline);

-- One row per used deposit proof, claimed in the transaction of the execute that uses it.
CREATE TABLE deposit_proofs (
    proof TEXT PRIMARY KEY,
    intent_id TEXT NOT NULL
);

-- One row, rewritten by /healthz to show that the store accepts writes.
CREATE TABLE health (
    id INTEGER PRIMARY KEY,
    checked_at BIGINT NOT NULL
);

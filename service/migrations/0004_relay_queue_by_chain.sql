-- The relay queue holds intents by origin chain only: nothing is signed for a queued intent
-- yet, so any relayer of its chain may take it, and an intent accepted by an instance with
-- no relayer key (or no node for the chain) is queued all the same and relayed by the next
-- instance that can. Rows queued before this migration keep their place in the queue.
DROP INDEX relay_queue_by_chain;
ALTER TABLE relay_queue DROP COLUMN relayer;
CREATE INDEX relay_queue_by_chain ON relay_queue (chain_id);

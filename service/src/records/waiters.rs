//! Waiting for a receipt (WaitIntentReceipt, docs/spec.md §12), and the signals that wake
//! the waiters: one per waited intent, raised when this instance changes it, and for other
//! instances' changes on PostgreSQL by its `LISTEN/NOTIFY` (a waiter announces a watch of
//! its intent before reading it, and the instances announce the changes of watched intents
//! after their commit: [`crate::store::WATCHES_CHANNEL`]), on SQLite by one poller that
//! reads the revisions of every waited intent in one query every [`WAIT_POLL`] (on
//! PostgreSQL the same poller runs every [`WAIT_POLL_BEHIND_LISTEN`], for notifications lost
//! while the listener reconnected or in a crash). A waiter parses its record again only when
//! woken so; between changes it looks again only at the record's next deadline. A shutdown
//! answers every waiter at once with its receipt. Beside them, one signal raised on every
//! change this instance makes, for the sweep.
//!
//! What does not live here: the changes themselves ([`super::book`]) and the receipt's form
//! (the core's, with the relayer's reason, [`super::relaying`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;

use intent_core::{Timestamp, WaitIntentReceiptRequest, WaitIntentReceiptResponse};
use tokio::sync::watch;

use super::book::Book;
use super::Records;
use crate::failure::Failure;
use crate::keys::Caller;
use crate::store::{Backend, WATCHES_CHANNEL};

/// How often a waiter reads the record's revision, for changes made by other instances.
pub const WAIT_POLL: Duration = Duration::from_millis(200);

/// How often the poller reads waited revisions behind PostgreSQL's `LISTEN`.
pub const WAIT_POLL_BEHIND_LISTEN: Duration = Duration::from_secs(5);

/// How many waited intents one poll query reads at most.
const POLL_CHUNK: usize = 500;

/// The signals of one instance: every change (for the sweep), each waited intent's (for its
/// waiters), and the shutdown.
pub(super) struct Waiters {
    changes: watch::Sender<u64>,
    waited: Mutex<HashMap<String, Waited>>,
    shutdown: watch::Sender<bool>,
}

/// One waited intent: the signal its waiters hold, the latest revision seen of it, and
/// until when this instance has announced a watch of it (PostgreSQL).
struct Waited {
    signal: watch::Sender<u64>,
    revision: i64,
    announced_until: Option<tokio::time::Instant>,
}

/// How long from `now` until `at` (zero when it has passed), to the millisecond above.
fn until(now: Timestamp, at: Timestamp) -> Duration {
    let nanos = |t: Timestamp| i128::from(t.unix_seconds()) * 1_000_000_000 + i128::from(t.subsec_nanos());
    let millis = (nanos(at) - nanos(now)).max(0) / 1_000_000 + 1;
    Duration::from_millis(u64::try_from(millis).unwrap_or(u64::MAX))
}

impl Waiters {
    /// No waiter yet.
    pub(super) fn new() -> Waiters {
        Waiters { changes: watch::channel(0).0, waited: Mutex::new(HashMap::new()), shutdown: watch::channel(false).0 }
    }

    /// Starts `book`'s poller of waited revisions (and on PostgreSQL its listener of changes
    /// and watches); both end when the book is dropped.
    pub(super) fn start(book: &Arc<Book>) {
        let every = match book.store().backend() {
            Backend::Sqlite => WAIT_POLL,
            Backend::Postgres => {
                tokio::spawn(listen(Arc::downgrade(book)));
                WAIT_POLL_BEHIND_LISTEN
            }
        };
        tokio::spawn(poll(Arc::downgrade(book), every));
    }

    fn waited(&self) -> std::sync::MutexGuard<'_, HashMap<String, Waited>> {
        self.waited.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Answers every waiter now with its current receipt, and every later one at once.
    pub(super) fn shut_down(&self) {
        self.shutdown.send_replace(true);
    }

    /// A receiver that sees every change this instance makes.
    pub(super) fn subscribe(&self) -> watch::Receiver<u64> {
        self.changes.subscribe()
    }

    /// Signals a change of `intent_id` to its revision `revision`: to the sweep, and to the
    /// intent's waiters unless they saw that revision already.
    pub(super) fn changed(&self, intent_id: &str, revision: i64) {
        self.changes.send_modify(|count| *count = count.wrapping_add(1));
        self.seen(intent_id, revision);
    }

    /// Records that `intent_id` is at `revision`, waking its waiters if that is news.
    fn seen(&self, intent_id: &str, revision: i64) {
        if let Some(entry) = self.waited().get_mut(intent_id) {
            if revision > entry.revision {
                entry.revision = revision;
                entry.signal.send_modify(|count| *count = count.wrapping_add(1));
            }
        }
    }

    /// The signal of `intent_id`'s changes, registered while a waiter holds it.
    fn watch(&self, intent_id: &str) -> watch::Receiver<u64> {
        let mut waited = self.waited();
        let entry = waited.entry(intent_id.to_owned()).or_insert_with(|| Waited {
            signal: watch::channel(0).0,
            revision: i64::MIN,
            announced_until: None,
        });
        entry.signal.subscribe()
    }

    /// Forgets `intent_id`'s signal once no waiter holds it.
    fn unwatch(&self, intent_id: &str) {
        let mut waited = self.waited();
        if waited.get(intent_id).is_some_and(|entry| entry.signal.receiver_count() == 0) {
            waited.remove(intent_id);
        }
    }
}

/// Announces to every instance that this one waits on `intent_id` until `deadline`
/// (PostgreSQL: they then announce its changes, [`crate::store::WATCHES_CHANNEL`]), unless a
/// watch it announced already lasts that long. A failed announcement is counted and logged:
/// the poller sees the change instead, and the next waiter of the intent tries again.
async fn announce_watch(book: &Book, intent_id: &str, deadline: tokio::time::Instant) {
    if book.store().backend() != Backend::Postgres {
        return;
    }
    // Two seconds longer than the wait, so that a watch heard late still covers it.
    let seconds = deadline.saturating_duration_since(tokio::time::Instant::now()).as_secs() + 2;
    let until = tokio::time::Instant::now() + Duration::from_secs(seconds);
    {
        let mut waited = book.waiters().waited();
        let Some(entry) = waited.get_mut(intent_id) else { return };
        if entry.announced_until.is_some_and(|announced| announced >= deadline) {
            return;
        }
        entry.announced_until = Some(until);
    }
    if let Err(e) = book.store().announce_watch(intent_id, seconds).await {
        if let Some(entry) = book.waiters().waited().get_mut(intent_id) {
            entry.announced_until = None;
        }
        book.count_store_error();
        tracing::warn!(error = %e, "waiters: a watch not announced; the poller will see its changes");
    }
}

/// On PostgreSQL, wakes the waiters of every change announced on the changes channel, by
/// any instance, and notes every watch announced ([`crate::store::Store::watch_heard`]);
/// ends when the book is dropped.
async fn listen(book: Weak<Book>) {
    let listener = match book.upgrade() {
        Some(book) => book.store().listen_changes().await,
        None => return,
    };
    let mut listener = match listener {
        Ok(Some(listener)) => listener,
        Ok(None) => return,
        Err(e) => {
            tracing::warn!(error = %e, "waiters: cannot listen for changes; polling only");
            return;
        }
    };
    loop {
        let notification = listener.recv().await;
        let Some(book) = book.upgrade() else { return };
        match notification {
            Ok(notification) if notification.channel() == WATCHES_CHANNEL => {
                if let Err(e) = book.store().watch_heard(notification.payload()).await {
                    book.count_store_error();
                    tracing::warn!(error = %e, "waiters: a recent change not announced again; pollers will see it");
                }
            }
            Ok(notification) => {
                let payload = notification.payload();
                if let Some((intent_id, revision)) = payload.rsplit_once(' ') {
                    if let Ok(revision) = revision.parse() {
                        book.waiters().seen(intent_id, revision);
                    }
                }
            }
            Err(e) => {
                book.count_store_error();
                tracing::warn!(error = %e, "waiters: the change listener failed; it reconnects");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// Every `every`, reads the revisions of the waited intents (changed by other instances) in
/// one query per [`POLL_CHUNK`] of them; ends when the book is dropped.
async fn poll(book: Weak<Book>, every: Duration) {
    loop {
        tokio::time::sleep(every).await;
        let Some(book) = book.upgrade() else { return };
        let ids: Vec<String> = book.waiters().waited().keys().cloned().collect();
        for chunk in ids.chunks(POLL_CHUNK) {
            match book.store().revisions(chunk).await {
                Ok(revisions) => {
                    for (intent_id, revision) in revisions {
                        book.waiters().seen(&intent_id, revision);
                    }
                }
                Err(e) => {
                    book.count_store_error();
                    tracing::warn!(error = %e, "waiters: cannot read revisions")
                }
            }
        }
    }
}

impl Records {
    /// WaitIntentReceipt: the receipt as soon as its transactions' statuses differ from
    /// the request's `lastReceiptStates` or the intent is done (at once without them), or
    /// after `timeout` or at shutdown with the current receipt, saying why its gasless
    /// deposit is not relayed when it is not. `now` gives the time at each look: when a
    /// change is signalled (the record is then read and parsed again) and at the record's
    /// next deadline (its status may change with time then, on the record in memory).
    ///
    /// # Errors
    ///
    /// Not found for an unknown intent or another project's, or a database failure.
    pub async fn wait_receipt(
        &self,
        request: &WaitIntentReceiptRequest,
        caller: Caller,
        timeout: Duration,
        now: impl Fn() -> Timestamp,
    ) -> Result<WaitIntentReceiptResponse, Failure> {
        let book = self.book();
        let waiters = book.waiters();
        let intent_id = request.intent_id.as_str();
        let deadline = tokio::time::Instant::now() + timeout;
        let mut changes = waiters.watch(intent_id);
        let mut shutdown = waiters.shutdown.subscribe();
        let result = async {
            // Announced before the record is read: a change committed after the read is
            // then announced, or announced again when the watch is heard.
            announce_watch(book, intent_id, deadline).await;
            let loaded = book.load(intent_id, caller).await?;
            waiters.seen(intent_id, loaded.revision);
            let mut record = loaded.record;
            changes.mark_unchanged();
            loop {
                let receipt = record.receipt(now());
                let done =
                    request.answered_by(&receipt) || tokio::time::Instant::now() >= deadline || *shutdown.borrow();
                if done {
                    return Ok(WaitIntentReceiptResponse::of(self.explained(receipt)));
                }
                // A status changes with time only at the record's next deadline: look again
                // then (or at the wait's end), not on a timer.
                let wake = match record.next_deadline() {
                    Some(at) => deadline.min(tokio::time::Instant::now() + until(now(), at)),
                    None => deadline,
                };
                let changed = tokio::select! {
                    _ = tokio::time::sleep_until(wake) => false,
                    _ = changes.changed() => true,
                    _ = shutdown.changed() => false,
                };
                if changed {
                    record = book.load(intent_id, caller).await?.record;
                }
            }
        }
        .await;
        drop(changes);
        waiters.unwatch(intent_id);
        result
    }
}

//! Rate limits per access key and per operation: one token bucket for each pair, holding
//! up to the burst and refilled at the rate (docs/spec.md §12). QuoteIntent has its own
//! rate per minute; every other operation the rate per second. A request without a token
//! is answered RateLimited (1007, 429) with `Retry-After`.
//!
//! The buckets live in memory, one per configured key and operation, so their number is
//! bounded by the configuration, not by traffic; several instances each apply the rate.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::config::RateLimits;

/// Which bucket a request takes its token from: the operations that have a bucket each
/// (the operation table names each operation's, `crate::http::operations`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bucket {
    /// QuoteIntent: the rate per minute.
    Quote,
    /// CommitIntent.
    Commit,
    /// ExecuteIntent.
    Execute,
    /// GetIntentReceipt.
    Receipt,
    /// WaitIntentReceipt.
    Wait,
    /// SearchIntents.
    Search,
    /// GetIntentHistory.
    History,
}

/// One bucket's tokens, as of `at`.
#[derive(Debug, Clone, Copy)]
struct Tokens {
    tokens: f64,
    at: Instant,
}

/// The buckets of every access key.
#[derive(Debug)]
pub struct RateLimiter {
    limits: RateLimits,
    buckets: Mutex<HashMap<(usize, Bucket), Tokens>>,
}

impl RateLimiter {
    /// Buckets filled to the burst, refilled at `limits`' rates.
    pub fn new(limits: RateLimits) -> RateLimiter {
        RateLimiter { limits, buckets: Mutex::new(HashMap::new()) }
    }

    /// (capacity, tokens per second) of `bucket`.
    fn shape(&self, bucket: Bucket) -> (f64, f64) {
        match bucket {
            Bucket::Quote => (self.limits.quotes_per_minute as f64, self.limits.quotes_per_minute as f64 / 60.0),
            _ => (self.limits.burst as f64, self.limits.requests_per_second as f64),
        }
    }

    /// Takes a token from `key`'s `bucket` at `now`, or says how long until one is there.
    ///
    /// # Errors
    ///
    /// The wait until the next token, rounded up to whole seconds (at least 1).
    pub fn take(&self, key: usize, bucket: Bucket, now: Instant) -> Result<(), u64> {
        let (capacity, rate) = self.shape(bucket);
        let mut buckets = self.buckets.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let bucket = buckets.entry((key, bucket)).or_insert(Tokens { tokens: capacity, at: now });
        let elapsed = now.saturating_duration_since(bucket.at).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * rate).min(capacity);
        bucket.at = now.max(bucket.at);
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            let wait = Duration::from_secs_f64((1.0 - bucket.tokens) / rate);
            Err(wait.as_secs_f64().ceil().max(1.0) as u64)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_burst_is_served_then_the_rate_with_retry_after() {
        let limiter = RateLimiter::new(RateLimits { requests_per_second: 2, burst: 3, quotes_per_minute: 1 });
        let t0 = Instant::now();
        for _ in 0..3 {
            assert_eq!(limiter.take(0, Bucket::Commit, t0), Ok(()));
        }
        assert_eq!(limiter.take(0, Bucket::Commit, t0), Err(1));
        assert_eq!(limiter.take(1, Bucket::Commit, t0), Ok(()), "another key has its own bucket");
        assert_eq!(limiter.take(0, Bucket::Execute, t0), Ok(()), "another operation has its own bucket");
        assert_eq!(limiter.take(0, Bucket::Search, t0), Ok(()), "SearchIntents has its own bucket");
        assert_eq!(limiter.take(0, Bucket::History, t0), Ok(()), "GetIntentHistory has its own bucket");
        assert_eq!(limiter.take(0, Bucket::Commit, t0 + Duration::from_millis(500)), Ok(()));
        assert_eq!(limiter.take(0, Bucket::Quote, t0), Ok(()));
        assert_eq!(limiter.take(0, Bucket::Quote, t0), Err(60));
    }
}

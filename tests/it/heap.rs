//! The one global allocator of the test binary: the system allocator, counting per thread
//! the allocations, the bytes they ask for (a reallocation counts its new size) and the
//! peak of live heap, so that tests running in parallel do not count each other's work.
//! `allocations.rs`, `cost_parse.rs` and `cost_bounds.rs` measure with [`cost_of`].

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    // `const` initialisation: reading them never allocates or registers a destructor.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static BYTES: Cell<u64> = const { Cell::new(0) };
    static LIVE: Cell<i64> = const { Cell::new(0) };
    static PEAK: Cell<i64> = const { Cell::new(0) };
}

fn record(allocated: usize, freed: usize) {
    // `try_with`: during thread teardown the slots may be gone; those allocations are not
    // ours to count.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + u64::from(allocated > 0)));
    let _ = BYTES.try_with(|c| c.set(c.get() + allocated as u64));
    let _ = LIVE.try_with(|live| {
        live.set(live.get() + allocated as i64 - freed as i64);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(live.get())));
    });
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so the
// `GlobalAlloc` contract is `System`'s; the counting touches only thread-local `Cell`s.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        record(layout.size(), 0);
        // SAFETY: forwarded as received (see above).
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        record(layout.size(), 0);
        // SAFETY: forwarded as received.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        record(new_size, layout.size());
        // SAFETY: forwarded as received.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        record(0, layout.size());
        // SAFETY: forwarded as received.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// What a piece of work cost on this thread.
#[derive(Debug, Clone, Copy)]
pub struct Cost {
    /// Allocations and reallocations.
    pub allocations: u64,
    /// Bytes asked for (a reallocation counts its new size).
    pub bytes: u64,
    /// The most heap live at once beyond what was live before.
    pub peak: u64,
}

/// Runs `f` and returns its value with what it cost on this thread.
pub fn cost_of<T>(f: impl FnOnce() -> T) -> (T, Cost) {
    let (allocations, bytes, live) = (ALLOCATIONS.with(Cell::get), BYTES.with(Cell::get), LIVE.with(Cell::get));
    PEAK.with(|peak| peak.set(live));
    let value = f();
    let cost = Cost {
        allocations: ALLOCATIONS.with(Cell::get) - allocations,
        bytes: BYTES.with(Cell::get) - bytes,
        peak: (PEAK.with(Cell::get) - live).max(0) as u64,
    };
    (value, cost)
}

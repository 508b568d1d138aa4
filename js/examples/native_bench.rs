//! The native side of `npm run bench` (js/bench/bench.mjs): the same work as the package's
//! `canonicalHash(text)` (`from_slice::<Intent>` + `canonical_hash`) over the same intents,
//! timed in this process while the benchmark interleaves it with its JavaScript passes.
//!
//! Started with the corpus file as its argument; then answers one line per command on
//! standard input: `hashes` prints every intent's hash (so the benchmark checks that both
//! sides do the same work), `pass` runs one pass over the corpus and prints its duration
//! in nanoseconds. Timing only: nothing is asserted.

use std::hint::black_box;
use std::io::{self, BufRead, Write};
use std::time::Instant;

use intent_core::{from_slice, Canonical, Intent};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: native_bench <intents.jsonl>")?;
    let corpus = std::fs::read_to_string(path)?;
    let lines: Vec<&[u8]> = corpus.lines().filter(|line| !line.is_empty()).map(str::as_bytes).collect();
    let mut out = io::stdout().lock();
    for command in io::stdin().lock().lines() {
        match command?.as_str() {
            "hashes" => {
                let mut hashes = Vec::with_capacity(lines.len());
                for line in &lines {
                    hashes.push(from_slice::<Intent>(line)?.canonical_hash().to_string());
                }
                writeln!(out, "{}", hashes.join(","))?;
            }
            "pass" => {
                let start = Instant::now();
                for line in &lines {
                    let intent: Intent = from_slice(black_box(line))?;
                    black_box(intent.canonical_hash());
                }
                writeln!(out, "{}", start.elapsed().as_nanos())?;
            }
            other => return Err(format!("native_bench: unknown command {other:?}").into()),
        }
        out.flush()?;
    }
    Ok(())
}

//! Random choices that shrink: the tree shapes depend on the input, so a generator walking a
//! tree cannot be a fixed proptest strategy; it reads its choices from a tape that proptest
//! draws ([`any_choices`]) and shrinks.

/// How many leading choices of a [`Choices`] proptest draws and shrinks.
pub(crate) const TAPE_LEN: usize = 64;

/// The random choices of one generator run: first the numbers of the tape proptest drew,
/// then, past its end, a SplitMix64 stream of the run's seed (indexed by the position read,
/// so that a shorter tape keeps the later choices). Proptest shrinks the tape towards fewer
/// and smaller numbers, and a choice of 0 is the first option ([`Choices::below`],
/// [`Choices::pick`]) or "no" ([`Choices::chance`]): a failing case shrinks towards the first
/// options of its first choices.
#[derive(Clone, Debug)]
pub struct Choices {
    tape: Vec<u64>,
    seed: u64,
    read: usize,
}

/// Choices for a generator run: a tape of up to 64 numbers and a seed for the rest.
pub fn any_choices() -> impl proptest::strategy::Strategy<Value = Choices> {
    use proptest::prelude::*;
    (proptest::collection::vec(any::<u64>(), 0..=TAPE_LEN), any::<u64>()).prop_map(|(tape, seed)| Choices {
        tape,
        seed,
        read: 0,
    })
}

impl Choices {
    /// The choices of `seed` alone (no tape), for a fixed loop of cases outside proptest.
    pub fn from_seed(seed: u64) -> Self {
        Choices { tape: Vec::new(), seed, read: 0 }
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        let at = self.read;
        self.read += 1;
        match self.tape.get(at) {
            Some(&number) => number,
            None => split_mix64(self.seed ^ 0x5DEE_CE66_D1CE_4E5B, at as u64),
        }
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0);
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `num / den`; false for a choice of 0.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        den - 1 - self.next_u64() % den < num
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A random order; choices of 0 keep the order as it is.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, i - self.below(i + 1));
        }
    }
}

/// Output `index` of the SplitMix64 stream that starts at `state`.
pub(crate) fn split_mix64(state: u64, index: u64) -> u64 {
    let mut z = state.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

//! `clasp bench`: microbenchmarks of each OpenCL address space.
//!
//! [`model`] is the plain data a run produces (what `results.json` holds); [`families`] is every
//! benchmark as a table; [`runner`] is one loop over that table and, with [`device`] and
//! [`latency`], the only part that calls OpenCL, in a worker process (`clasp bench --worker
//! ...`), as every driver call in clasp does; [`report`] and [`plot`] read the data and never
//! call a driver, so a `results.json` can be re-rendered anywhere.
//!
//! Architecture invariant: no figure reaches a table or a plot unless its kernel's result was
//! checked by the host first. A benchmark whose check fails is `Failed` and carries no timing.

mod device;
pub mod families;
mod latency;
pub mod model;
pub mod plot;
pub mod report;
pub mod runner;

/// The OpenCL C sources, embedded. `COMMON` is prepended to each program.
pub mod kernels {
    pub const COMMON: &str = include_str!("kernels/common.h.cl");
    pub const GLOBAL: &str = include_str!("kernels/global.cl");
    pub const LOCAL: &str = include_str!("kernels/local.cl");
    pub const CONSTANT: &str = include_str!("kernels/constant.cl");
    pub const PRIVATE: &str = include_str!("kernels/private.cl");
    pub const CHASE: &str = include_str!("kernels/chase.cl");
    pub const IMAGE: &str = include_str!("kernels/image.cl");
    pub const GENERIC: &str = include_str!("kernels/generic.cl");
}

/// The input pattern every bandwidth kernel reads: element `i` of a `uint` buffer.
pub fn pattern(i: u32) -> u32 {
    let x = i.wrapping_mul(0x9E37_79B1);
    x ^ (x >> 15)
}

/// Small integers (0..7) for the float kernels: every sum of them the kernels make is exact.
pub fn small(i: u32) -> f32 {
    (pattern(i) & 7) as f32
}

/// The value `write_*` kernels store at element `i` (see `WRITE_MUL` in common.h.cl).
pub fn written(i: u32, seed: u32) -> u32 {
    i.wrapping_mul(2_654_435_761).wrapping_add(seed)
}

/// A cyclic permutation of `slots` entries (Sattolo's algorithm): following it from 0 visits
/// every slot before coming back, in an order no prefetcher can guess.
pub fn cycle(slots: usize, seed: u64) -> Vec<u32> {
    let mut order: Vec<u32> = (0..slots as u32).collect();
    let mut s = seed | 1;
    for i in (1..slots).rev() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        let j = (s % i as u64) as usize;
        order.swap(i, j);
    }
    let mut next = vec![0u32; slots];
    for w in 0..slots {
        next[order[w] as usize] = order[(w + 1) % slots];
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycle_visits_every_slot_once() {
        for slots in [1usize, 2, 3, 8, 1000] {
            let next = cycle(slots, 42);
            let mut seen = vec![false; slots];
            let mut p = 0usize;
            for _ in 0..slots {
                assert!(!seen[p], "slot {p} visited twice in {slots}");
                seen[p] = true;
                p = next[p] as usize;
            }
            assert_eq!(p, 0);
            assert!(seen.iter().all(|s| *s));
        }
    }

    #[test]
    fn small_values_stay_small() {
        assert!((0..10_000).all(|i| (0.0..8.0).contains(&small(i))));
    }
}

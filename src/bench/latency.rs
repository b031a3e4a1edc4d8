//! `Check::Chase`: latency by pointer chasing, the one method that is not "launch, check,
//! time the repetitions". One work-item follows a random cyclic chain, a slot per 128-byte
//! line; each pair of launches makes S and 2S dependent loads and the figure is
//! (t(2S) − t(S)) / S, so launch costs cancel. S is calibrated per working set; every launch
//! goes on from the slot where the previous one stopped, and the host replays every walk.

use super::cycle;
use super::device::{fmt_bytes, pick_clock, Bench, Res, Timing, MIB};
use super::families::{Family, Grid};
use super::model::*;
use super::runner::{Launch, Row};
use opencl3::kernel::Kernel;
use opencl3::memory::ClMem;
use opencl3::types::cl_uint;

/// Loads per iteration of the chase's loop (`STEP16` in chase.cl).
const CHASE_UNROLL: u64 = 16;
/// The smallest step count the calibration tries.
const CHASE_MIN_STEPS: u64 = 1 << 12;
/// One slot every 128 bytes: each load touches a new cache line on every device here.
const SLOT_WORDS: usize = 32;

/// Working sets for a space's latency curve, doubling (quadrupling with `--quick`) from 1 KiB.
pub(super) fn working_sets(b: &Bench, space: Space) -> Vec<u64> {
    let top = match space {
        Space::Global => {
            let cap = if b.cfg.quick {
                16 * MIB
            } else if b.meta.kind == "gpu" {
                512 * MIB
            } else {
                128 * MIB
            };
            cap.min(b.sizes.global_bytes.max(MIB) * 2)
                .min(b.meta.max_alloc_bytes)
        }
        Space::Local => (b.meta.local_mem_bytes / 2).min(32 * 1024),
        Space::Constant => b.meta.max_constant_buffer_bytes.min(64 * 1024),
        _ => 0,
    };
    let step = if b.cfg.quick { 4 } else { 2 };
    let mut v = Vec::new();
    let mut ws = 1024u64;
    while ws <= top {
        v.push(ws);
        ws *= step;
    }
    v
}

/// The largest S (a pair launches S and 2S loads). Mesa's llvmpipe stops any loop after
/// 65535 iterations without a word (the check catches it), so there 2S stays within 16 ×
/// 65535 loads; elsewhere 2^24 bounds a launch to seconds even at DRAM latency.
fn max_chase_steps(b: &Bench) -> u64 {
    if b.meta.name.contains("llvmpipe") {
        1 << 18
    } else {
        1 << 24
    }
}

/// One working set's latency: calibrate S, then time `latency_reps` pairs after one untimed.
pub(super) fn measure(b: &Bench, f: &Family, k: &Kernel, row: &Row) -> Res<BenchResult> {
    let ws = row.working_set.unwrap_or(1024);
    let words = (ws / 4) as usize;
    let slots = (words / SLOT_WORDS).max(1);
    let cyc = cycle(slots, 0xC1A5_0000 ^ ws);
    let mut next = vec![0u32; words];
    for (s, n) in cyc.iter().enumerate() {
        next[s * SLOT_WORDS] = n * SLOT_WORDS as u32;
    }
    let buf = b.buffer_from(&next)?;
    let out = b.buffer::<u32>(2)?;
    let l = match f.grid {
        Grid::Single(max) => b.sizes.local_size.min(max).max(1),
        _ => 1,
    };
    let mut launch = Launch {
        inputs: vec![buf.get()],
        outputs: vec![out.get()],
        count: words as cl_uint,
        local_bytes: words * 4,
        global: l,
        local: l,
        ..Default::default()
    };
    // Where the next launch starts: each one goes on from where the last stopped.
    let mut pos = 0u32;
    let mut launches = 0usize;
    // One launch of `count` loads, verified against the host's replay of the walk.
    let mut run = |count: u64| -> Result<Timing, Status> {
        launch.start = pos;
        launch.outer = (count / CHASE_UNROLL) as cl_uint;
        b.poison(&out, 0xDEAD_BEEFu32, 2)
            .map_err(|why| Status::Error { why })?;
        let t = Bench::time(|| launch.enqueue(b, k, row.variant.args, 0))
            .map_err(|why| Status::Error { why })?;
        let got = b.read(&out, 2).map_err(|why| Status::Error { why })?;
        let (end, sum) = walk(&next, pos, count);
        if got != [end, sum] {
            return Err(Status::Failed {
                why: format!(
                    "{count} loads from slot {pos} ended on slot {} with sum {}, \
                     expected slot {end} with sum {sum}",
                    got[0], got[1]
                ),
            });
        }
        pos = end;
        launches += 1;
        Ok(t)
    };
    let clock = |t: Timing| if t.profiled > 0.0 { t.profiled } else { t.wall };
    // Calibration: grow S until t(2S) − t(S) is half the target time, so the difference stands
    // well above launch jitter on every device.
    let mut steps = CHASE_MIN_STEPS;
    let max_steps = max_chase_steps(b);
    let calibrated = loop {
        match run(steps).and_then(|a| Ok((a, run(2 * steps)?))) {
            Ok((a, c)) => {
                let diff = clock(c) - clock(a);
                if diff >= b.target_ns / 2.0 || steps >= max_steps {
                    break Ok(());
                }
                let grow = if diff > 0.0 {
                    (b.target_ns / diff).clamp(2.0, 64.0)
                } else {
                    64.0
                };
                steps = ((steps as f64 * grow) as u64)
                    .next_power_of_two()
                    .min(max_steps);
            }
            Err(status) => break Err(status),
        }
    };
    let what = format!(
        "{}, {steps} loads per launch, each launch going on where the last stopped",
        row.what
    );
    let mut r = b.skeleton(&row.id, f.space, &what, steps, 1, l);
    r.working_set = Some(ws);
    if let Err(status) = calibrated {
        r.status = status;
        return Ok(r);
    }
    let (mut t1, mut t2) = (Vec::new(), Vec::new());
    for i in 0..1 + b.latency_reps {
        match run(steps).and_then(|a| Ok((a, run(2 * steps)?))) {
            Ok((a, c)) if i > 0 => {
                t1.push(a);
                t2.push(c);
            }
            Ok(_) => {}
            Err(status) => {
                r.status = status;
                return Ok(r);
            }
        }
    }
    if std::env::var_os("CLASP_BENCH_DEBUG").is_some() {
        eprintln!("{}: {steps} loads per launch, {launches} launches", row.id);
    }
    // Per-load latency from each pair: (t(2S) − t(S)) / S.
    let (t1, clock) = pick_clock(&t1);
    let (t2, _) = pick_clock(&t2);
    r.clock = clock;
    let per: Vec<f64> = t1
        .iter()
        .zip(&t2)
        .map(|(a, c)| ((c - a) / steps as f64).max(0.0))
        .collect();
    r.stats = Stats::of(&per);
    r.value = r.stats.as_ref().map(|s| s.median_ns);
    r.check = format!(
        "final slot and sum of visited slots of all {launches} launches, replayed on the host"
    );
    Ok(r)
}

/// The walk one chase launch makes: its final slot and the wrapping sum of the slots visited.
fn walk(next: &[u32], start: u32, count: u64) -> (u32, u32) {
    let (mut p, mut sum) = (start, 0u32);
    for _ in 0..count {
        p = next[p as usize];
        sum = sum.wrapping_add(p);
    }
    (p, sum)
}

/// The label of a working set in an id: `16KiB`.
pub(super) fn label(ws: u64) -> String {
    fmt_bytes(ws).replace(' ', "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_that_divides_the_cycle_still_depends_on_every_load() {
        let next = cycle(8, 3);
        // 16 loads over a cycle of 8 end where they started, but the sum sees every slot twice.
        let (end, sum) = walk(&next, 0, 16);
        assert_eq!(end, 0);
        assert_eq!(sum, 2 * (0..8).sum::<u32>());
        let (mid, _) = walk(&next, 0, 5);
        let (end2, _) = walk(&next, mid, 11);
        assert_eq!(
            end2, end,
            "a walk split in two launches ends where the whole one does"
        );
    }
}

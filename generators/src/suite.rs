//! The generated suite as a runner uses it: one case found again by its name, and a
//! deterministic stratified sample.
//!
//! A sample is stable on purpose: the same seed picks the same cases on every machine and every
//! version that generates the same names, so the hash ranking cases is spelled out here (FNV-1a
//! of the name, mixed with the seed by SplitMix64) rather than taken from `std`, whose hasher
//! may change between releases.

use crate::case::GenCase;
use checker::spec::{Profile, RuleId};
use std::collections::{BTreeMap, BTreeSet};

/// The generated case named `name`: an exhaustive one, or a random program or mutant
/// (`random/seed-<seed>/<k>-<tag>`, rebuilt from its seed and index).
pub fn find(name: &str) -> Option<GenCase> {
    find_all(&BTreeSet::from([name])).pop()
}

/// The generated cases named in `names`, as [`find`] finds each, with the exhaustive suite
/// generated once for all of them; names of no case are left out.
pub fn find_all(names: &BTreeSet<&str>) -> Vec<GenCase> {
    let mut out: Vec<GenCase> = names.iter().filter_map(|n| random(n)).collect();
    if names.iter().any(|n| !n.starts_with(RANDOM)) {
        out.extend(
            crate::exhaustive()
                .into_iter()
                .filter(|c| names.contains(c.name.as_str())),
        );
    }
    out
}

/// Where a random program's or mutant's name starts.
const RANDOM: &str = "random/seed-";

/// The random program or mutant named `name`, rebuilt from the seed and index in its name.
fn random(name: &str) -> Option<GenCase> {
    let (seed, file) = name.strip_prefix(RANDOM)?.split_once('/')?;
    let seed: u64 = seed.parse().ok()?;
    let k: usize = file.split('-').next()?.parse().ok()?;
    // The k-th program is the (k+1)-th pair; asking for more would be wasted work.
    crate::random::cases(seed, k.checked_add(1)?)
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, c)| c)
}

/// A few names near `name`, for "no such case" messages: names sharing its longest prefix.
pub fn near(name: &str, cases: &[GenCase], max: usize) -> Vec<String> {
    let common = |c: &GenCase| {
        c.name
            .bytes()
            .zip(name.bytes())
            .take_while(|(a, b)| a == b)
            .count()
    };
    let best = cases.iter().map(common).max().unwrap_or(0);
    if best == 0 {
        return Vec::new();
    }
    cases
        .iter()
        .filter(|c| common(c) == best)
        .take(max)
        .map(|c| c.name.clone())
        .collect()
}

/// The stratified sample of `cases`: for every rule × profile × expectation cell (the case's
/// target rule, a profile it lists, and whether it must be rejected there), the `n` cases of
/// that cell that rank first by [`rank`]`(seed, name)`. Returns, per case, the profiles the
/// sample keeps it in (empty: not in the sample). A case picked for one cell runs in that
/// cell's profile only, so every cell gets at most `n` results per subject.
pub fn sample(cases: &[GenCase], n: usize, seed: u64) -> Vec<Vec<Profile>> {
    let mut cells: BTreeMap<(RuleId, Profile, bool), Vec<(u64, usize)>> = BTreeMap::new();
    for (i, c) in cases.iter().enumerate() {
        let r = rank(seed, &c.name);
        for &p in &c.profiles {
            cells
                .entry((c.rule, p, c.rejects_in(p)))
                .or_default()
                .push((r, i));
        }
    }
    let mut keep: Vec<Vec<Profile>> = vec![Vec::new(); cases.len()];
    for ((_, p, _), mut members) in cells {
        members.sort_unstable();
        for &(_, i) in members.iter().take(n) {
            keep[i].push(p);
        }
    }
    // In the case's own profile order, so plans read the same as for a whole case.
    for (i, ps) in keep.iter_mut().enumerate() {
        let order = &cases[i].profiles;
        ps.sort_by_key(|p| order.iter().position(|q| q == p));
    }
    keep
}

/// A case's place in the sample's ranking: FNV-1a 64 of the name, mixed with the seed.
pub fn rank(seed: u64, name: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    splitmix64(h ^ splitmix64(seed))
}

fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn the_ranking_is_pinned() {
        // Part of the sample's contract: these values must never change.
        assert_eq!(
            rank(0, ""),
            splitmix64(0xcbf2_9ce4_8422_2325 ^ splitmix64(0))
        );
        assert_ne!(rank(0, "a"), rank(1, "a"));
        assert_eq!(rank(7, "as-local-init/x"), rank(7, "as-local-init/x"));
    }

    #[test]
    fn samples_are_stratified_and_deterministic() {
        let cases = crate::exhaustive();
        let a = sample(&cases, 2, 7);
        assert_eq!(a, sample(&cases, 2, 7), "same seed, same sample");
        assert_ne!(a, sample(&cases, 2, 8), "another seed, another sample");
        // Every cell of the suite is in the sample, with min(2, its size) results.
        let mut size: BTreeMap<(RuleId, Profile, bool), usize> = BTreeMap::new();
        let mut got: BTreeMap<(RuleId, Profile, bool), usize> = BTreeMap::new();
        for (c, keep) in cases.iter().zip(&a) {
            for &p in &c.profiles {
                let cell = (c.rule, p, c.rejects_in(p));
                *size.entry(cell).or_default() += 1;
                if keep.contains(&p) {
                    *got.entry(cell).or_default() += 1;
                }
            }
            assert!(keep.iter().all(|p| c.profiles.contains(p)), "{}", c.name);
        }
        for (cell, n) in &size {
            assert_eq!(got.get(cell).copied().unwrap_or(0), (*n).min(2), "{cell:?}");
        }
        let picked = a.iter().filter(|k| !k.is_empty()).count();
        assert!(picked < cases.len() / 10, "{picked} of {}", cases.len());
    }

    #[test]
    fn cases_are_found_by_name() {
        let cases = crate::exhaustive();
        for c in [&cases[0], &cases[cases.len() / 2], &cases[cases.len() - 1]] {
            assert_eq!(find(&c.name).as_ref(), Some(c));
        }
        let (name, case) = crate::random::cases(3, 2).pop().unwrap();
        assert_eq!(find(&name), Some(case));
        assert_eq!(find("no-such-rule/case"), None);
        assert_eq!(find("random/seed-x/0001-valid"), None);
        let typo = format!("{}~", cases[5].name);
        let names: BTreeSet<String> = near(&typo, &cases, 3).into_iter().collect();
        assert!(
            !names.is_empty()
                && names
                    .iter()
                    .all(|n| typo.starts_with(n.as_str()) || n.starts_with(&cases[5].name)),
            "{names:?}"
        );
    }
}

//! What `clasp run` runs and where it writes: `--suite`, `--sample` and the case filters,
//! `--shard`, `--subject` and `--device`, the run directory.

use super::devices::DISCOVERY_TIMEOUT;
use crate::cli::{RunArgs, Suite};
use crate::drivers::discover::discover;
use crate::subjects::compiler::{probe, Compiler};
use crate::subjects::{clspv::Clspv, libclang::Libclang};
use crate::subjects::{Subject, SubjectKind};
use anyhow::{bail, Context as _};
use checker::case::{corpus, Case};
use checker::Profile;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use xxhash_rust::xxh64::xxh64;

/// `--shard I/N`: (I, N) with 1 <= I <= N.
pub fn parse_shard(s: &str) -> anyhow::Result<(u64, u64)> {
    let bad = || anyhow::anyhow!("--shard expects I/N with 1 <= I <= N (like 2/4), got `{s}`");
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let (i, n): (u64, u64) = (
        i.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if n == 0 || i == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

/// Whether shard `(i, n)` keeps the case: `xxh64(name, seed 0) % n == i - 1`. Part of the CLI
/// contract: the same name lands in the same shard on every machine and every version.
pub fn in_shard(name: &str, (i, n): (u64, u64)) -> bool {
    xxh64(name.as_bytes(), 0) % n == i - 1
}

/// The cases a run runs, hand-written first.
pub struct Cases {
    pub cases: Vec<Case>,
    /// Cases from this index on are generated: they exist in memory only.
    pub first_generated: usize,
    /// Per case, the profiles `--sample` keeps it in (`None`: all of them).
    pub sampled: Vec<Option<Vec<Profile>>>,
}

/// The cases `--suite`, `--sample`, `--rule`, `--case`, `--exclude` and `--shard` select.
/// Generated cases are filtered before they are parsed, so a narrow selection of the generated
/// suite costs its enumeration (a fraction of a second) and little else.
pub fn cases(args: &RunArgs, shard: Option<(u64, u64)>) -> anyhow::Result<Cases> {
    if args.sample.is_some() && args.suite == Suite::Hand {
        bail!("--sample picks from the generated suite: add --suite generated (or all)");
    }
    let names = crate::glob::CaseFilter::new(&args.case_glob, &args.exclude_glob)?;
    let rules: Vec<String> = args.rule.iter().map(|r| r.to_ascii_lowercase()).collect();
    let wanted = |name: &str, listed: &[checker::RuleId]| {
        (rules.is_empty()
            || listed.iter().any(|r| {
                let r = r.code().to_ascii_lowercase();
                rules.iter().any(|want| r.contains(want))
            }))
            && names.keeps(name)
            && shard.is_none_or(|s| in_shard(name, s))
    };
    let mut out = Cases {
        cases: Vec::new(),
        first_generated: 0,
        sampled: Vec::new(),
    };
    if args.suite != Suite::Generated {
        let hand = corpus::load(&args.cases).map_err(|errors| {
            let lines: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
            anyhow::anyhow!("{} malformed case(s):\n{}", errors.len(), lines.join("\n"))
        })?;
        out.cases = hand
            .into_iter()
            .filter(|c| wanted(&c.name, &c.rules))
            .collect();
    }
    out.first_generated = out.cases.len();
    out.sampled = vec![None; out.cases.len()];
    if args.suite != Suite::Hand {
        let generated = generators::exhaustive();
        // The sample is drawn from the whole suite, before any filter or shard.
        let sample = args
            .sample
            .map(|n| generators::suite::sample(&generated, n as usize, args.seed));
        let hand_names: HashSet<String> = out.cases.iter().map(|c| c.name.clone()).collect();
        for (i, g) in generated.into_iter().enumerate() {
            let keep = sample.as_ref().map(|s| s[i].clone());
            if keep.as_ref().is_some_and(Vec::is_empty) || !wanted(&g.name, &g.rules) {
                continue;
            }
            if hand_names.contains(&g.name) {
                bail!(
                    "a generated case has the name of a hand-written one: {}",
                    g.name
                );
            }
            let case = g
                .parse()
                .map_err(|e| anyhow::anyhow!("generated case {}: {e}", g.name))?;
            out.cases.push(case);
            out.sampled.push(keep);
        }
    }
    Ok(out)
}

/// Which subjects `--subject` asks for.
pub struct Selection {
    pub checker: bool,
    pub clang: bool,
    /// The newest clang, through libclang (`clang-22`).
    pub libclang: bool,
    pub clspv: bool,
    pub all_devices: bool,
    /// The SPIR-V path of every device that takes SPIR-V (and that `--device` allows).
    pub spirv: bool,
    pub device_parts: Vec<String>,
    pub explicit: bool,
}

impl Selection {
    pub fn parse(values: &[String]) -> Selection {
        let mut s = Selection {
            checker: values.is_empty(),
            clang: values.is_empty(),
            libclang: values.is_empty(),
            clspv: values.is_empty(),
            all_devices: values.is_empty(),
            spirv: values.is_empty(),
            device_parts: Vec::new(),
            explicit: !values.is_empty(),
        };
        for v in values.iter().map(|v| v.trim().to_ascii_lowercase()) {
            match v.as_str() {
                "" => {}
                "checker" => s.checker = true,
                "clang" | "clang-16" => s.clang = true,
                "libclang" | "clang-22" => s.libclang = true,
                "clspv" => s.clspv = true,
                "spirv" | "spir-v" => s.spirv = true,
                "devices" | "drivers" | "opencl" => s.all_devices = true,
                _ => s.device_parts.push(v),
            }
        }
        s
    }

    pub fn wants_devices(&self) -> bool {
        self.all_devices || self.spirv || !self.device_parts.is_empty()
    }
}

fn run_id(shard: Option<(u64, u64)>) -> String {
    let mut id = crate::clock::compact(crate::clock::unix_now());
    if let Some((i, n)) = shard {
        id.push_str(&format!("-shard{i}of{n}"));
    }
    id
}

/// Creates a fresh run directory under `out`.
pub fn new_run_dir(out: &Path, shard: Option<(u64, u64)>) -> anyhow::Result<PathBuf> {
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let base = run_id(shard);
    for n in 1..1000 {
        let name = if n == 1 {
            base.clone()
        } else {
            format!("{base}-{n}")
        };
        let dir = out.join(name);
        match std::fs::create_dir(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e).with_context(|| format!("cannot create {}", dir.display())),
        }
    }
    bail!(
        "cannot find a free run directory name under {}",
        out.display()
    )
}

/// The subjects `--subject` and `--device` select, and notes on what was left out.
pub fn subjects(args: &RunArgs, exe: &Path) -> anyhow::Result<(Vec<Subject>, Vec<String>)> {
    let sel = Selection::parse(&args.subject);
    let mut subjects: Vec<Subject> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    if sel.checker {
        subjects.push(Subject::checker());
    }
    if sel.clang {
        match crate::subjects::clang::find(args.clang.as_deref()) {
            Some((exe, version)) => subjects.push(Subject {
                id: crate::subjects::clang::CLANG.into(),
                identity: version,
                kind: SubjectKind::Clang { exe },
            }),
            None if sel.explicit => bail!("--subject clang: clang-16 is not installed"),
            None => notes.push("skipped subject clang-16: not installed".into()),
        }
    }
    for (wanted, name) in [(sel.libclang, "clang-22"), (sel.clspv, "clspv")] {
        if !wanted {
            continue;
        }
        let found = match (name, &args.libclang) {
            ("clang-22", Some(library)) => {
                Libclang::at(library).and_then(|c| compiler_from(Compiler::Libclang(c), exe))
            }
            _ => compiler_subject(name, exe),
        };
        match found {
            Ok(s) => subjects.push(s),
            Err(why) if sel.explicit => bail!("--subject {name}: {why}"),
            Err(why) => notes.push(format!("skipped subject {name}: {why}")),
        }
    }
    if sel.wants_devices() {
        let d = discover(exe, DISCOVERY_TIMEOUT);
        if let Some(e) = &d.error {
            notes.push(format!("no OpenCL devices: {e}"));
        }
        let filters: Vec<String> = args.device.iter().map(|f| f.to_ascii_lowercase()).collect();
        let matches = |dev: &crate::drivers::DeviceInfo, part: &str| {
            dev.id.to_ascii_lowercase().contains(part)
                || dev.name.to_ascii_lowercase().contains(part)
                || dev.platform_name.to_ascii_lowercase().contains(part)
        };
        let mut found = 0;
        let mut spirv = Vec::new();
        for dev in d.platforms.iter().flat_map(|p| &p.devices) {
            let selected = sel.all_devices || sel.device_parts.iter().any(|p| matches(dev, p));
            let allowed = filters.iter().all(|f| matches(dev, f));
            if selected && allowed {
                subjects.push(Subject::device(dev));
                found += 1;
            }
            if sel.spirv && allowed {
                match Subject::device_spirv(dev) {
                    Ok(s) => spirv.push(s),
                    Err(why) => notes.push(format!("no SPIR-V path: {why}")),
                }
            }
        }
        if sel.spirv && spirv.is_empty() && sel.explicit {
            bail!("--subject spirv: no selected device takes SPIR-V (`clasp subjects` lists them)");
        }
        found += spirv.len();
        subjects.extend(spirv);
        if found == 0 && (!sel.device_parts.is_empty() || !args.device.is_empty()) {
            bail!(
                "no OpenCL device matches the selection (--subject {} --device {}); `clasp devices` lists them",
                args.subject.join(","),
                args.device.join(",")
            );
        }
        for p in &d.platforms {
            if p.devices.is_empty() {
                notes.push(format!("platform {} has no device", p.name));
            }
        }
    }
    Ok((subjects, notes))
}

/// A compiler subject (`clang-22` or `clspv`), found and started once to learn its identity.
pub fn compiler_subject(name: &str, exe: &Path) -> Result<Subject, String> {
    let compiler = match name {
        "clspv" => Compiler::Clspv(Clspv::find()?),
        _ => Compiler::Libclang(Libclang::find()?),
    };
    compiler_from(compiler, exe)
}

/// The subject of a compiler found.
fn compiler_from(compiler: Compiler, exe: &Path) -> Result<Subject, String> {
    let identity = probe(exe, &compiler, DISCOVERY_TIMEOUT)?;
    let id = match &compiler {
        Compiler::Libclang(_) => crate::subjects::libclang::subject_id(&identity),
        Compiler::Clspv(_) => "clspv".to_string(),
    };
    Ok(Subject {
        id,
        identity,
        kind: SubjectKind::Compiler(Box::new(compiler)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_pinned_and_partition() {
        assert_eq!(parse_shard("2/4").unwrap(), (2, 4));
        for bad in ["0/4", "5/4", "1/0", "x", "1/", "1/2/3"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
        // The hash is part of the CLI contract: these values must never change.
        assert_eq!(
            xxh64(b"local/init-reject", 0) % 4,
            xxh64(b"local/init-reject", 0) % 4
        );
        assert_eq!(xxh64(b"", 0), 0xef46db3751d8e999);
        let names: Vec<String> = (0..200).map(|i| format!("family/case-{i}")).collect();
        for name in &names {
            let hits = (1..=3).filter(|i| in_shard(name, (*i, 3))).count();
            assert_eq!(hits, 1, "{name}");
        }
    }

    #[test]
    fn subject_selection() {
        let s = Selection::parse(&[]);
        assert!(s.checker && s.clang && s.all_devices);
        let s = Selection::parse(&["checker".into(), "pocl".into()]);
        assert!(s.checker && !s.clang && !s.all_devices);
        assert_eq!(s.device_parts, ["pocl"]);
    }
}

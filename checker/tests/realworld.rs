//! Real-world acceptance: the OpenCL C kernels shipped inside the silx, pyFAI and pyopencl
//! wheels, checked in every profile their code targets and compared with
//! `clang-16 -fsyntax-only` on the same text, defines and include directories.
//!
//! What is checked, with which defines and preludes, is data (`realworld/packages.toml`); each
//! remaining disagreement with clang is data too (`realworld/known.toml`), with its reason. A
//! known entry that no longer disagrees fails the test, so the list stays true.
//!
//! The wheels are not committed: `.ci/install` downloads and unpacks them into
//! `CLASP_REALWORLD_DIR` (default `target/realworld/`). Without them the test passes after
//! printing `skipped real-world kernels: <why>`; without clang-16 it still requires the checker
//! to accept every valid kernel and says that the comparison was skipped.

use checker::pp::FsLoader;
use checker::{Options, Profile, SourceMap};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(Deserialize)]
struct Table {
    package: Vec<Package>,
    #[serde(default)]
    program: Vec<Program>,
    #[serde(default)]
    skip: Vec<Skip>,
}

#[derive(Deserialize)]
struct Package {
    name: String,
    version: String,
    /// The package's kernel folder, under the cache folder.
    root: String,
    /// Whether the host code drops `#include ` lines before building (see packages.toml).
    drop_includes: bool,
    profiles: Vec<String>,
    defines: Vec<String>,
}

#[derive(Deserialize)]
struct Program {
    package: String,
    /// Concatenated in order; `pkg:path` names a file of another package.
    files: Vec<String>,
    defines: Vec<String>,
    /// The name the test prints (default `package/last-file`).
    name: Option<String>,
    /// `false` for a file that is not valid OpenCL C: both front ends must reject it.
    #[serde(default = "yes")]
    valid: bool,
    #[allow(dead_code)] // Read by people: why these files and defines.
    why: String,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
struct Skip {
    package: String,
    file: String,
    #[allow(dead_code)]
    why: String,
}

#[derive(Deserialize)]
struct Known {
    #[serde(default)]
    disagreement: Vec<Disagreement>,
}

/// A program and profile where the checker and clang-16 disagree, and why.
#[derive(Deserialize)]
struct Disagreement {
    /// `package/last-file`, as the test prints it.
    program: String,
    profiles: Vec<String>,
    /// What the checker does: "accept" or "reject".
    checker: String,
    why: String,
}

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The cache folder `.ci/install` fills.
fn cache_dir() -> PathBuf {
    match std::env::var_os("CLASP_REALWORLD_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => manifest_dir().join("../target/realworld"),
    }
}

fn load<T: for<'de> Deserialize<'de>>(name: &str) -> T {
    let path = manifest_dir().join("tests/realworld").join(name);
    let text = std::fs::read_to_string(&path).expect("the real-world table is readable");
    toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn cl_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            cl_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "cl") {
            out.push(p);
        }
    }
}

/// One program as it will be checked.
struct Unit {
    name: String,
    text: String,
    defines: Vec<String>,
    include_dir: PathBuf,
    profiles: Vec<Profile>,
    valid: bool,
}

fn clang_available() -> bool {
    Command::new("clang-16")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Whether clang-16 accepts the file, with its first error.
fn clang_accepts(file: &Path, unit: &Unit, profile: Profile) -> Result<(bool, String), String> {
    let out = Command::new("clang-16")
        .args(["-x", "cl", "-fsyntax-only"])
        .args(profile.clang_options())
        .args(unit.defines.iter().map(|d| format!("-D{d}")))
        .arg("-I")
        .arg(&unit.include_dir)
        .arg(file)
        .output()
        .map_err(|e| e.to_string())?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    let first = stderr.lines().find(|l| l.contains("error:")).unwrap_or("");
    let first = first.rsplit_once("__").map_or(first, |(_, rest)| rest);
    Ok((out.status.success(), first.to_string()))
}

fn units(cache: &Path, table: &Table) -> Result<Vec<Unit>, String> {
    let packages: BTreeMap<&str, &Package> =
        table.package.iter().map(|p| (p.name.as_str(), p)).collect();
    let root_of = |name: &str| -> Result<PathBuf, String> {
        let p = packages
            .get(name)
            .ok_or_else(|| format!("unknown package `{name}`"))?;
        Ok(cache.join(&p.root))
    };
    let read = |pkg: &Package, file: &str| -> Result<String, String> {
        let (owner, rel) = file.split_once(':').unwrap_or((&pkg.name, file));
        let path = root_of(owner)?.join(rel);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("{}: {e} (run .ci/install)", path.display()))?;
        Ok(if pkg.drop_includes {
            text.lines()
                .filter(|l| !l.starts_with("#include "))
                .map(|l| format!("{l}\n"))
                .collect()
        } else {
            text
        })
    };
    let mut out = Vec::new();
    let mut covered: BTreeSet<(String, String)> = BTreeSet::new();
    for prog in &table.program {
        let pkg = packages
            .get(prog.package.as_str())
            .ok_or_else(|| format!("unknown package `{}`", prog.package))?;
        let mut text = String::new();
        for f in &prog.files {
            text.push_str(&read(pkg, f)?);
            covered.insert((pkg.name.clone(), f.clone()));
        }
        let last = prog.files.last().ok_or("a program without files")?;
        let mut u = unit(pkg, last, text, &prog.defines, cache)?;
        if let Some(name) = &prog.name {
            u.name = name.clone();
        }
        u.valid = prog.valid;
        out.push(u);
    }
    for s in &table.skip {
        covered.insert((s.package.clone(), s.file.clone()));
    }
    // Every other file is checked alone with its package's defaults.
    for pkg in &table.package {
        let root = cache.join(&pkg.root);
        let mut files = Vec::new();
        cl_files(&root, &mut files);
        if files.is_empty() {
            return Err(format!(
                "no .cl files under {} ({} {} not unpacked: run .ci/install)",
                root.display(),
                pkg.name,
                pkg.version
            ));
        }
        files.sort();
        for f in files {
            let rel = f.strip_prefix(&root).expect("found under root");
            let rel = rel.to_string_lossy().replace('\\', "/");
            if covered.contains(&(pkg.name.clone(), rel.clone())) {
                continue;
            }
            let text = read(pkg, &rel)?;
            out.push(unit(pkg, &rel, text, &[], cache)?);
        }
    }
    Ok(out)
}

fn unit(
    pkg: &Package,
    last: &str,
    text: String,
    defines: &[String],
    cache: &Path,
) -> Result<Unit, String> {
    let profiles = pkg
        .profiles
        .iter()
        .map(|p| p.parse::<Profile>().map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let mut all_defines = pkg.defines.clone();
    all_defines.extend(defines.iter().cloned());
    let last_path = cache.join(&pkg.root).join(last);
    Ok(Unit {
        name: format!("{}/{last}", pkg.name),
        text,
        defines: all_defines,
        include_dir: last_path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default(),
        profiles,
        valid: true,
    })
}

#[test]
fn real_world_kernels_are_accepted_where_clang_accepts_them() {
    let table: Table = load("packages.toml");
    let known: Known = load("known.toml");
    let cache = cache_dir();
    if !cache.is_dir() {
        println!(
            "skipped real-world kernels: {} does not exist (run .ci/install, or set CLASP_REALWORLD_DIR)",
            cache.display()
        );
        return;
    }
    let units = match units(&cache, &table) {
        Ok(u) => u,
        Err(why) => {
            println!("skipped real-world kernels: {why}");
            return;
        }
    };
    let clang = clang_available();
    if !clang {
        println!("real-world kernels: clang-16 not found, the comparison with clang is skipped");
    }
    let tmp = manifest_dir().join("../target/tmp/realworld");
    std::fs::create_dir_all(&tmp).expect("create target/tmp/realworld");
    let mut failures = Vec::new();
    let mut used_known = BTreeSet::new();
    let (mut checks, mut agree, mut checker_errors) = (0, 0, 0);
    for u in &units {
        // clang reads the same text: the program is written out once.
        let file = tmp.join(u.name.replace('/', "__"));
        std::fs::write(&file, &u.text).expect("write the program for clang");
        for &profile in &u.profiles {
            checks += 1;
            let opts = Options {
                defines: u.defines.clone(),
                undefines: Vec::new(),
                include_dirs: vec![u.include_dir.clone()],
                ..Options::default()
            };
            let mut sources = SourceMap::new(file.display().to_string(), u.text.clone());
            let diags = checker::check(&mut sources, profile, &opts, &FsLoader);
            let checker_ok = diags.is_empty();
            checker_errors += usize::from(!checker_ok);
            let (clang_ok, clang_error) = if clang {
                match clang_accepts(&file, u, profile) {
                    Ok((ok, error)) => (Some(ok), error),
                    Err(e) => panic!("running clang-16: {e}"),
                }
            } else {
                (None, String::new())
            };
            let entry = known.disagreement.iter().position(|k| {
                k.program == u.name && k.profiles.iter().any(|p| *p == profile.name())
            });
            // Valid kernels: both must accept, unless a known entry says otherwise.
            let expect_checker_ok = entry.is_none_or(|i| known.disagreement[i].checker == "accept");
            if clang_ok == Some(checker_ok) {
                agree += 1;
            }
            let first = diags.first().map_or(String::new(), |d| {
                let line = sources.file(d.span.file).line_of(d.span.start);
                format!(": line {line}: {}", d.message)
            });
            match (entry, clang_ok) {
                // An invalid program: both must reject it.
                (None, _) if !u.valid && (checker_ok || clang_ok == Some(true)) => {
                    failures.push(format!(
                        "{} @ {profile}: invalid, but checker {} and clang {clang_ok:?}",
                        u.name,
                        if checker_ok { "accepts" } else { "rejects" }
                    ))
                }
                (None, _) if !u.valid => {}
                (None, Some(false)) => failures.push(format!(
                    "{} @ {profile}: clang-16 rejects it ({clang_error}); checker {}{first}",
                    u.name,
                    if checker_ok { "accepts" } else { "rejects" }
                )),
                (None, _) if !checker_ok => {
                    failures.push(format!("{} @ {profile}: checker rejects{first}", u.name))
                }
                (Some(i), _) => {
                    used_known.insert(i);
                    let k = &known.disagreement[i];
                    let still = checker_ok == expect_checker_ok && clang_ok != Some(checker_ok);
                    if !still {
                        failures.push(format!(
                            "{} @ {profile}: listed in known.toml ({}) but checker {} and clang {:?}",
                            u.name,
                            k.why,
                            if checker_ok { "accepts" } else { "rejects" },
                            clang_ok
                        ));
                    }
                }
                _ => {}
            }
        }
    }
    for (i, k) in known.disagreement.iter().enumerate() {
        if !used_known.contains(&i) {
            failures.push(format!(
                "known.toml lists `{}`, which is not checked",
                k.program
            ));
        }
    }
    let mut per_package: BTreeMap<&str, usize> = BTreeMap::new();
    for u in &units {
        *per_package
            .entry(u.name.split('/').next().unwrap_or(""))
            .or_default() += 1;
    }
    println!(
        "real-world kernels: {} programs ({per_package:?}), {checks} checks, checker errors in \
         {checker_errors}, agreement with clang-16 in {agree} of {checks}, {} known disagreements",
        units.len(),
        known.disagreement.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

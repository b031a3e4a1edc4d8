//! `clasp check`: clasp's own front end on kernels from disk. Directories are searched for
//! `.cl` files (and `.clcpp` files in C++ for OpenCL) and checked in parallel; exit 1 when any
//! error is found (code the checker cannot judge, `unsupported`, is shown and is none), 2 on
//! usage or I/O errors.

use crate::cli::{CheckArgs, CheckFormat};
use checker::pp::{FsLoader, TokenCache};
use checker::render::{self, Checked};
use checker::{Diagnostic, Options, SourceMap};
use rayon::prelude::*;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

pub fn run(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let cxx = args.profile.lang().is_cxx();
    let mut files = Vec::new();
    for path in &args.paths {
        collect(path, cxx, &mut files)?;
    }
    files.sort();
    let opts = Options {
        defines: args.defines.clone(),
        undefines: args.undefines.clone(),
        include_dirs: args.include_dirs.clone(),
        // One file, and the process ends after it: its tables go with the process.
        disable_free: files.len() == 1,
    };
    // The files of one run share their included files' tokens. One file alone does not: the
    // cache would copy each header's tokens once more, for no second reader.
    let cache = (files.len() > 1).then(|| Arc::new(TokenCache::new()));
    let check_one = |file: &PathBuf| -> anyhow::Result<(SourceMap, Vec<Diagnostic>)> {
        let bytes = std::fs::read(file)
            .map_err(|e| anyhow::anyhow!("{}: cannot read: {e}", file.display()))?;
        let mut sources = SourceMap::new(file.display().to_string(), text_of(bytes));
        let diags =
            checker::check_in_run(&mut sources, args.profile, &opts, &FsLoader, cache.as_ref());
        Ok((sources, diags))
    };
    // One file needs no thread pool: starting one costs more than a small kernel's check.
    let results: Vec<anyhow::Result<(SourceMap, Vec<Diagnostic>)>> = if files.len() == 1 {
        files.iter().map(check_one).collect()
    } else {
        files.par_iter().map(check_one).collect()
    };
    let results = results.into_iter().collect::<anyhow::Result<Vec<_>>>()?;
    let checked: Vec<Checked<'_>> = results
        .iter()
        .map(|(sources, diags)| Checked { sources, diags })
        .collect();
    let count = |error: bool| -> usize {
        results
            .iter()
            .flat_map(|(_, d)| d)
            .filter(|d| d.code.is_error() == error)
            .count()
    };
    // Code the checker cannot judge is said so, and is no error.
    let (errors, not_judged) = (count(true), count(false));
    match args.format {
        CheckFormat::Human => {
            let color = std::io::stderr().is_terminal();
            for c in &checked {
                eprint!("{}", render::human(c, color));
            }
            let unjudged = if not_judged > 0 {
                format!(", {not_judged} construct(s) not judged (unsupported)")
            } else {
                String::new()
            };
            eprintln!(
                "{} file(s) checked in {}: {errors} error(s){unjudged}",
                files.len(),
                args.profile
            );
        }
        CheckFormat::Json => {
            let all: Vec<serde_json::Value> = checked.iter().flat_map(render::json).collect();
            println!("{}", serde_json::to_string_pretty(&all)?);
        }
        CheckFormat::Sarif => println!(
            "{}",
            serde_json::to_string_pretty(&render::sarif(&checked))?
        ),
    }
    Ok(if errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// A file's text: its bytes as they are when they are UTF-8 (no copy), else with invalid
/// sequences replaced, as a compiler would reject them anyway.
fn text_of(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// `.clcpp` is C++ for OpenCL source (clang reads it as such whatever `-cl-std` says).
fn is_cxx_source(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "clcpp")
}

/// Named files are taken as given, except a `.clcpp` file in an OpenCL C profile, which is a
/// usage error: checking C++ as C would report the C++ as errors. A directory walk takes the
/// files of the profile's language: `.cl` always (C++ for OpenCL compiles `.cl` files too),
/// `.clcpp` in C++ for OpenCL only.
fn collect(path: &Path, cxx: bool, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    let meta = std::fs::metadata(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    if !meta.is_dir() {
        if is_cxx_source(path) && !cxx {
            anyhow::bail!(
                "{}: a .clcpp file is C++ for OpenCL: check it with --std CLC++2021",
                path.display()
            );
        }
        out.push(path.to_path_buf());
        return Ok(());
    }
    let entries =
        std::fs::read_dir(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    for entry in entries.flatten() {
        let p = entry.path();
        if p.is_dir() {
            collect(&p, cxx, out)?;
        } else if p.extension().is_some_and(|e| e == "cl") || (cxx && is_cxx_source(&p)) {
            out.push(p);
        }
    }
    Ok(())
}

//! `clasp check`: clasp's own front end on kernels from disk. Directories are searched for
//! `.cl` files (and `.clcpp` files in C++ for OpenCL) and checked in parallel; exit 1 when any
//! error is found, 2 on usage or I/O errors.

use crate::cli::{CheckArgs, CheckFormat};
use checker::pp::FsLoader;
use checker::render::{self, Checked};
use checker::{Diagnostic, Options, SourceMap};
use rayon::prelude::*;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

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
    };
    let results: Vec<anyhow::Result<(SourceMap, Vec<Diagnostic>)>> = files
        .par_iter()
        .map(|file| {
            let bytes = std::fs::read(file)
                .map_err(|e| anyhow::anyhow!("{}: cannot read: {e}", file.display()))?;
            let mut sources =
                SourceMap::new(file.display().to_string(), String::from_utf8_lossy(&bytes));
            let diags = checker::check(&mut sources, args.profile, &opts, &FsLoader);
            Ok((sources, diags))
        })
        .collect();
    let results = results.into_iter().collect::<anyhow::Result<Vec<_>>>()?;
    let checked: Vec<Checked<'_>> = results
        .iter()
        .map(|(sources, diags)| Checked { sources, diags })
        .collect();
    let errors: usize = results.iter().map(|(_, d)| d.len()).sum();
    match args.format {
        CheckFormat::Human => {
            let color = std::io::stderr().is_terminal();
            for c in &checked {
                eprint!("{}", render::human(c, color));
            }
            eprintln!(
                "{} file(s) checked in {}: {errors} error(s)",
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

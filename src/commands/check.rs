//! `clasp check`: clasp's own front end on kernels from disk. Directories are searched for
//! `.cl` files and checked in parallel; exit 1 when any error is found, 2 on usage or I/O errors.

use crate::cli::{CheckArgs, CheckFormat};
use checker::pp::FsLoader;
use checker::render::{self, Checked};
use checker::{Diagnostic, Options, SourceMap};
use rayon::prelude::*;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub fn run(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    if args.profile.lang().is_cxx() {
        anyhow::bail!("the checker does not support C++ for OpenCL yet: use an OpenCL C profile");
    }
    let mut files = Vec::new();
    for path in &args.paths {
        collect(path, &mut files)?;
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

fn collect(path: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    let meta = std::fs::metadata(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    if !meta.is_dir() {
        out.push(path.to_path_buf());
        return Ok(());
    }
    let entries =
        std::fs::read_dir(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    for entry in entries.flatten() {
        let p = entry.path();
        if p.is_dir() {
            collect(&p, out)?;
        } else if p.extension().is_some_and(|e| e == "cl") {
            out.push(p);
        }
    }
    Ok(())
}

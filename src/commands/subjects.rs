//! `clasp subjects`: every subject `clasp run` can run, with its version and what it supports,
//! and the ones that are missing here with why.

use super::devices::DISCOVERY_TIMEOUT;
use super::select::compiler_subject;
use crate::cli::{ListFormat, SubjectsArgs};
use crate::drivers::discover::discover;
use crate::subjects::{clang, Subject, SubjectKind};
use serde::Serialize;
use std::fmt::Write;
use std::process::ExitCode;

/// One line of the listing.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// What `--subject` takes (a device: its id, or part of it).
    pub id: String,
    /// What exactly runs (the cache key and every result carry it); empty when missing.
    pub identity: String,
    /// What it runs of the suite.
    pub supports: String,
    /// Why it cannot run here, when it cannot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missing: Option<String>,
}

fn present(s: &Subject, supports: String) -> Row {
    Row {
        id: s.id.clone(),
        identity: s.identity.clone(),
        supports,
        missing: None,
    }
}

fn missing(id: &str, supports: &str, why: String) -> Row {
    Row {
        id: id.into(),
        identity: String::new(),
        supports: supports.into(),
        missing: Some(why),
    }
}

/// Every subject, present or not.
pub fn rows(exe: &std::path::Path) -> Vec<Row> {
    let mut rows = vec![present(
        &Subject::checker(),
        "every profile; exact rule and line".into(),
    )];
    let clang_supports = "every profile, -fsyntax-only";
    rows.push(match clang::find(None) {
        Some((_, version)) => Row {
            id: clang::CLANG.into(),
            identity: version,
            supports: clang_supports.into(),
            missing: None,
        },
        None => missing(clang::CLANG, clang_supports, "not on PATH".into()),
    });
    for name in ["clang-22", "clspv"] {
        rows.push(match compiler_subject(name, exe) {
            Ok(s) => {
                let supports = match &s.kind {
                    SubjectKind::Compiler(c) => c.supports(),
                    _ => String::new(),
                };
                present(&s, supports)
            }
            Err(why) => missing(name, "", why),
        });
    }
    let d = discover(exe, DISCOVERY_TIMEOUT);
    if let Some(e) = &d.error {
        rows.push(missing("devices", "", e.clone()));
    }
    for dev in d.platforms.iter().flat_map(|p| &p.devices) {
        let profiles: Vec<String> = dev.profiles().iter().map(|p| p.name()).collect();
        rows.push(present(
            &Subject::device(dev),
            format!("source: {}; compile and run-time cases", profiles.join(" ")),
        ));
        let c_profiles: Vec<&String> = profiles
            .iter()
            .filter(|p| !p.starts_with("CLC++"))
            .collect();
        let spirv_supports = format!(
            "SPIR-V {} from clang-15 + llvm-spirv-15: must-accept and run-time cases of {}",
            crate::drivers::spirv::SPIRV_VERSION,
            c_profiles
                .iter()
                .map(|p| p.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        ) + "; CLC++2021: run-time and must-accept cases, the offline front end's verdict on must-reject ones";
        let id = format!("{} via SPIR-V", dev.id);
        rows.push(match Subject::device_spirv(dev) {
            Ok(s) => present(&s, spirv_supports),
            Err(why) => missing(&id, "", why),
        });
    }
    rows
}

pub fn run(args: &SubjectsArgs) -> anyhow::Result<ExitCode> {
    let exe = std::env::current_exe()?;
    let rows = rows(&exe);
    match args.format {
        ListFormat::Json => println!("{}", serde_json::to_string_pretty(&rows)?),
        ListFormat::Text => print!("{}", text(&rows)),
    }
    Ok(ExitCode::SUCCESS)
}

pub fn text(rows: &[Row]) -> String {
    let mut out = String::new();
    for r in rows {
        match &r.missing {
            None => {
                let _ = writeln!(out, "{}\n    version   {}", r.id, r.identity);
                let _ = writeln!(out, "    supports  {}", r.supports);
            }
            Some(why) => {
                let _ = writeln!(out, "{} (not available)\n    why       {why}", r.id);
            }
        }
    }
    out
}

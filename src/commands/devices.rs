//! `clasp devices`: every platform and device, with the queries that decide how it is tested.

use crate::cli::{DevicesArgs, ListFormat};
use crate::drivers::discover::{discover, CXX_EXTENSION};
use crate::drivers::Discovery;
use std::fmt::Write;
use std::process::ExitCode;
use std::time::Duration;

/// How long discovery may take before it counts as a hanging driver.
pub const DISCOVERY_TIMEOUT: Duration = Duration::from_secs(120);

pub fn run(args: &DevicesArgs) -> anyhow::Result<ExitCode> {
    let exe = std::env::current_exe()?;
    let d = discover(&exe, DISCOVERY_TIMEOUT);
    match args.format {
        ListFormat::Json => println!("{}", serde_json::to_string_pretty(&d)?),
        ListFormat::Text => print!("{}", text(&d)),
    }
    Ok(ExitCode::SUCCESS)
}

fn opt<T: std::fmt::Display>(v: &Option<T>) -> String {
    v.as_ref()
        .map(|v| v.to_string())
        .unwrap_or_else(|| "-".into())
}

fn bytes(v: &Option<u64>) -> String {
    match v {
        Some(b) if *b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        Some(b) if *b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        Some(b) => format!("{b} B"),
        None => "-".into(),
    }
}

pub fn text(d: &Discovery) -> String {
    let mut out = String::new();
    if let Some(e) = &d.error {
        let _ = writeln!(out, "no OpenCL devices: {e}");
    }
    if d.platforms.is_empty() && d.error.is_none() {
        let _ = writeln!(out, "no OpenCL platform is installed");
    }
    for p in &d.platforms {
        let _ = writeln!(out, "platform {}: {} ({})", p.index, p.name, p.version);
        if let Some(e) = &p.error {
            let _ = writeln!(out, "  error: {e}");
        }
        if p.devices.is_empty() {
            let hint = if p.name.eq_ignore_ascii_case("rusticl") {
                " (rusticl exposes devices only when asked: RUSTICL_ENABLE=llvmpipe)"
            } else {
                ""
            };
            let _ = writeln!(out, "  no device{hint}");
        }
        for dev in &p.devices {
            let _ = writeln!(out, "  device {}: {}", dev.device_index, dev.name);
            let rows: Vec<(&str, String)> = vec![
                ("subject id", dev.id.clone()),
                ("device version", dev.version.clone()),
                ("driver version", dev.driver_version.clone()),
                ("OpenCL C version", dev.opencl_c_version.clone()),
                (
                    "OpenCL C all versions",
                    dev.opencl_c_all_versions
                        .as_ref()
                        .map(|v| v.join(" "))
                        .unwrap_or_else(|| "- (before OpenCL 3.0)".into()),
                ),
                (
                    "OpenCL C features",
                    dev.opencl_c_features
                        .as_ref()
                        .map(|v| {
                            if v.is_empty() {
                                "none".into()
                            } else {
                                v.join(" ")
                            }
                        })
                        .unwrap_or_else(|| "- (before OpenCL 3.0)".into()),
                ),
                (
                    "generic address space",
                    opt(&dev.generic_address_space_support),
                ),
                ("max constant args", opt(&dev.max_constant_args)),
                ("max constant buffer", bytes(&dev.max_constant_buffer_size)),
                (
                    "local memory",
                    format!(
                        "{} ({})",
                        bytes(&dev.local_mem_size),
                        opt(&dev.local_mem_type)
                    ),
                ),
                (
                    "max global variable size",
                    bytes(&dev.max_global_variable_size),
                ),
                ("address bits", opt(&dev.address_bits)),
                (
                    "IL versions",
                    match dev.il_version.as_deref() {
                        Some(v) if !v.is_empty() => v.to_string(),
                        _ => "none (no SPIR-V path)".into(),
                    },
                ),
                (
                    "C++ for OpenCL",
                    if dev.has_extension(CXX_EXTENSION) {
                        CXX_EXTENSION.to_string()
                    } else {
                        "no".into()
                    },
                ),
                (
                    "tested in",
                    dev.profiles()
                        .iter()
                        .map(|p| p.name())
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
            ];
            for (k, v) in rows {
                let _ = writeln!(out, "    {k:<25} {v}");
            }
        }
    }
    out
}

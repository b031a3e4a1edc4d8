//! Bug reports: one finding as a ready-to-file Markdown issue, from the saved run alone.
//!
//! A report names the driver as the run recorded it (platform, device, driver and OpenCL C
//! versions), gives the kernel exactly as it was compiled (the case's source, byte for byte, so
//! line numbers hold) with the build options, the host steps (for run-time cases, the kernel
//! arguments and launches of the case's `//@` directives), expected against actual with an
//! excerpt of the build log, and the rule with the spec sentence it rests on and its readings.

use super::describe::{describe_actual, describe_expected, log_excerpt, readings, spec_sentence};
use super::saved::SubjectInfo;
use super::{slug, CaseInfo, Outcome, Reported, Summary};
use crate::results::{Actual, Expected, RunKind};
use std::fmt::Write as _;

/// Lines of the build log a report quotes.
const LOG_LINES: usize = 30;

/// Whether a result deserves a bug report: a deviation, crash or timeout, known or not (a known
/// deviation is a reviewed driver bug: the one most worth filing). Interpretations are not: the
/// spec allows the subject's reading.
pub fn is_reportable(o: Outcome) -> bool {
    matches!(
        o,
        Outcome::Deviation | Outcome::Known | Outcome::Crash | Outcome::Timeout
    )
}

/// The results of the summary a bug report can be written for, narrowed to a case (`CASE` or
/// `CASE@PROFILE`) and a subject (part of its id, case-insensitive).
pub fn select<'s, 'a>(
    s: &'s Summary<'a>,
    case: Option<&str>,
    subject: Option<&str>,
) -> Vec<&'s Reported<'a>> {
    let (name, profile) = match case.map(|c| c.rsplit_once('@').unwrap_or((c, ""))) {
        Some((n, p)) => (Some(n), (!p.is_empty()).then_some(p)),
        None => (None, None),
    };
    let subject = subject.map(str::to_ascii_lowercase);
    s.reported
        .iter()
        .filter(|r| is_reportable(r.outcome))
        .filter(|r| name.is_none_or(|n| r.result.case == n))
        .filter(|r| profile.is_none_or(|p| r.result.profile.name().eq_ignore_ascii_case(p)))
        .filter(|r| {
            subject
                .as_deref()
                .is_none_or(|p| r.result.subject.to_ascii_lowercase().contains(p))
        })
        .collect()
}

/// One report per group of like findings (same subject, rules, profile, kind and answer), on
/// the group's smallest kernel, with the names of the group's other cases: what `--bugs`
/// writes, since one driver bug usually shows in many cases.
pub fn per_group<'s, 'a>(
    s: &'s Summary<'a>,
    subject: Option<&str>,
) -> Vec<(&'s Reported<'a>, Vec<&'a str>)> {
    let subject = subject.map(str::to_ascii_lowercase);
    s.groups
        .iter()
        .chain(&s.known_groups)
        .filter(|g| {
            subject
                .as_deref()
                .is_none_or(|p| g.subject.to_ascii_lowercase().contains(p))
        })
        .map(|g| {
            let rep = &s.reported[g.reproducer];
            let others: Vec<&'a str> = g
                .members
                .iter()
                .map(|&i| s.reported[i].result.case.as_str())
                .filter(|c| *c != rep.result.case)
                .collect();
            (rep, others)
        })
        .collect()
}

/// The file a report is written to under `--bugs DIR`: `<subject>/<case>@<profile>[-<kind>].md`.
pub fn file_name(rep: &Reported<'_>) -> String {
    let r = rep.result;
    let kind = match r.kind {
        RunKind::Listed => String::new(),
        k => format!("-{}", super::kind_name(k)),
    };
    format!(
        "{}/{}@{}{kind}.md",
        slug(&r.subject),
        slug(&r.case),
        r.profile
    )
}

/// The driver's identity, field by field: what run.json recorded of the device, else the
/// fields of the identity line (`platform | platform version | device | device version |
/// driver ...`).
fn identity_rows(subject: Option<&SubjectInfo>, identity: &str) -> Vec<(String, String)> {
    if let Some(d) = subject.filter(|s| !s.device.is_empty()) {
        return d
            .device
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
    }
    let parts: Vec<&str> = identity.split(" | ").collect();
    if parts.len() == 5 {
        let names = [
            "platform",
            "platform version",
            "device",
            "device version",
            "driver version",
        ];
        return names
            .iter()
            .zip(&parts)
            .map(|(n, v)| {
                let v = v.strip_prefix("driver ").unwrap_or(v);
                (n.to_string(), v.to_string())
            })
            .collect();
    }
    vec![("identity".into(), identity.into())]
}

/// The case's run-time directives: what the host does after the build.
fn host_directives(case: &CaseInfo) -> Vec<&str> {
    case.source
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("//@"))
        .map(str::trim)
        .filter(|d| {
            [
                "launch:",
                "arg:",
                "expect:",
                "expect-error:",
                "requires:",
                "query:",
            ]
            .iter()
            .any(|k| d.starts_with(k))
        })
        .collect()
}

/// How an expectation reads after "must be".
fn must(e: &Expected) -> String {
    match e {
        Expected::Accept => "accepted".into(),
        Expected::Reject => "rejected".into(),
        e => describe_expected(e),
    }
}

/// One bug report, Markdown; `others` are further cases that show the same.
pub fn render(s: &Summary<'_>, rep: &Reported<'_>, others: &[&str]) -> String {
    let r = rep.result;
    let case = s.cases.get(r.case.as_str()).copied();
    let subject_info = s.run.run.subjects.iter().find(|x| x.id == r.subject);
    // clspv and the SPIR-V path of a device have their own steps (below).
    let clspv = r.subject == "clspv";
    let spirv = r.subject.ends_with(" via SPIR-V");
    let is_device = r.subject != "checker" && !r.subject.starts_with("clang") && !clspv;
    let options = r.options.join(" ");
    let expected = describe_expected(&r.expected);
    let actual = describe_actual(&r.actual);
    let rules = if rep.rules.is_empty() {
        case.map(|c| c.rules.clone()).unwrap_or_default()
    } else {
        rep.rules.clone()
    };
    let mut m = String::new();

    let what = match (&r.expected, &r.actual) {
        (_, Actual::Crash { signal }) => format!("crashes ({signal})"),
        (_, Actual::Timeout { .. }) => "hangs".into(),
        (Expected::Reject, Actual::Accepted { .. }) => "accepts an invalid kernel".into(),
        (Expected::Accept, Actual::Rejected { .. }) => "rejects a valid kernel".into(),
        (_, Actual::Ran { .. }) => "runs a kernel wrongly".into(),
        _ => format!("{actual}, expected {expected}"),
    };
    let _ = writeln!(
        m,
        "# {}: {what} ({}, {})\n",
        r.subject,
        rules.join(", "),
        r.profile
    );
    if let Actual::Ran { .. } = &r.actual {
        let _ = writeln!(
            m,
            "Built with options `{options}` and run as the steps below say, the kernel below \
             gives **{actual}** ({}).\n",
            rules.join(", ")
        );
    } else if is_device && matches!(r.actual, Actual::Crash { .. } | Actual::Timeout { .. }) {
        let _ = writeln!(
            m,
            "The process running the steps below (build options `{options}`) {what}; the kernel \
             below must be **{}** ({}).\n",
            must(&r.expected),
            rules.join(", ")
        );
    } else if spirv {
        let _ = writeln!(
            m,
            "`clBuildProgram` of the kernel below compiled offline to SPIR-V (offline options \
             `{options}`) {what}: it must be **{}** ({}), but the driver answered **{actual}**.\n",
            must(&r.expected),
            rules.join(", ")
        );
    } else if is_device {
        let _ = writeln!(
            m,
            "`clBuildProgram` with options `{options}` {what}: the kernel below must be \
             **{}** ({}), but the driver answered **{actual}**.\n",
            must(&r.expected),
            rules.join(", ")
        );
        if r.kind == RunKind::UnsupportedStd {
            m.push_str(
                "The device does not report this OpenCL C version, so a build with this \
                 `-cl-std` must fail whatever the kernel.\n\n",
            );
        }
    } else {
        let _ = writeln!(
            m,
            "{} {what}: the kernel below must give **{expected}** ({}), but it gave **{actual}**.\n",
            r.subject,
            rules.join(", ")
        );
    }
    if let Some(k) = rep.known {
        let _ = writeln!(
            m,
            "Already reviewed as a deviation of this driver ({}): {}\n",
            k.origin, k.why
        );
    }

    m.push_str("## Environment\n\n| | |\n| --- | --- |\n");
    for (k, v) in identity_rows(subject_info, &r.identity) {
        let _ = writeln!(m, "| {k} | {} |", v.replace('|', "\\|"));
    }
    let _ = writeln!(
        m,
        "| found by | clasp {} (`{}`), {} |\n",
        s.run.run.clasp_version,
        s.run.run.command().replace('`', "'"),
        s.run.run.date()
    );

    m.push_str("## Kernel\n\n");
    match case {
        Some(c) => {
            let lang = if r.profile.lang().is_cxx() {
                "cpp"
            } else {
                "c"
            };
            let _ = writeln!(m, "```{lang}\n{}```\n", c.source);
            let mut how = format!("clasp case `{}`", r.case);
            if c.generated {
                let _ = write!(
                    how,
                    " (generated: `clasp generate --case {}` prints this file)",
                    r.case
                );
            }
            let _ = writeln!(
                m,
                "{how}. Lines starting `//` are comments the compiler ignores.\n"
            );
        }
        None => {
            let _ = writeln!(
                m,
                "(the run did not save the source of case `{}`)\n",
                r.case
            );
        }
    }

    m.push_str("## Steps\n\n");
    if spirv {
        let env = crate::drivers::spirv::target_env(&options);
        let _ = writeln!(
            m,
            "1. Compile the kernel above, saved as `case.cl`, offline: `{} -x cl -target \
             spir64-unknown-unknown -Xclang -finclude-default-header -emit-llvm -c {options} \
             case.cl -o case.bc`, then `{} --spirv-max-version={} case.bc -o case.spv`; \
             `spirv-val --target-env {env} case.spv` passes.",
            crate::drivers::spirv::CLANG,
            crate::drivers::spirv::TRANSLATOR,
            if options.contains("-cl-std=CLC++") {
                "1.2 (or the newest the device takes, 1.1 at least)"
            } else {
                crate::drivers::spirv::SPIRV_VERSION
            },
        );
        m.push_str(
            "2. `clCreateProgramWithIL` (before OpenCL 2.1: `cl_khr_il_program`'s \
             `clCreateProgramWithILKHR`) with `case.spv`, then `clBuildProgram(program, 1, &device, \
             \"\", NULL, NULL)` and `clGetProgramBuildInfo` for `CL_PROGRAM_BUILD_STATUS` and \
             `CL_PROGRAM_BUILD_LOG`.\n",
        );
        if let Some(c) = case.filter(|c| c.kind == "run") {
            if options.contains("-cl-std=CLC++") {
                m.push_str("   Then, as clang's documentation asks of the host (\"Constructing and destroying global objects\"), enqueue once, with one work-item, each kernel `CL_PROGRAM_KERNEL_NAMES` lists whose name starts with `_GLOBAL__sub_I_`, before the launches below.\n");
            }
            m.push_str("3. Create the kernel and its arguments, launch, read back and compare, as the case's directives say:\n\n");
            for d in host_directives(c) {
                let _ = writeln!(m, "   - `{d}`");
            }
        }
    } else if clspv {
        let _ = writeln!(
            m,
            "1. `clspv {options} case.cl -o case.spv`, with the kernel above saved as `case.cl` \
             (clspv's command line; the `pyclspv` wheel's library exports it as `clspv::Compile`).\n\
             2. When it succeeds: `spirv-val --target-env {} case.spv`.",
            crate::subjects::clspv::TARGET_ENV
        );
    } else if is_device {
        m.push_str("1. `clCreateProgramWithSource` with the kernel above, on the device above.\n");
        let _ = writeln!(
            m,
            "2. `clBuildProgram(program, 1, &device, \"{options}\", NULL, NULL)`, then \
             `clGetProgramBuildInfo` for `CL_PROGRAM_BUILD_STATUS` and `CL_PROGRAM_BUILD_LOG`."
        );
        match (r.kind, case) {
            (RunKind::ArgQualifiers, _) => m.push_str(
                "3. `clCreateKernelsInProgram`, then `clGetKernelArgInfo(CL_KERNEL_ARG_ADDRESS_QUALIFIER)` \
                 for every argument of every kernel (the build used `-cl-kernel-arg-info`).\n",
            ),
            (_, Some(c)) if c.kind == "run" => {
                m.push_str(
                    "3. Create the kernel and its arguments, launch, read back and compare, as the \
                     case's directives say (buffers are `cl_mem` objects of that many elements; \
                     `local N` is `clSetKernelArg(k, i, N, NULL)`):\n\n",
                );
                for d in host_directives(c) {
                    let _ = writeln!(m, "   - `{d}`");
                }
            }
            _ => {}
        }
    } else if r.subject == "checker" {
        let _ = writeln!(m, "`clasp check --std {} {options} kernel.cl`", r.profile);
    } else {
        let _ = writeln!(m, "`{} {options} kernel.cl`", r.subject);
    }
    m.push('\n');

    m.push_str("## Expected\n\n");
    match &r.expected {
        Expected::Accept if matches!(r.actual, Actual::Ran { .. }) => m.push_str(
            "The build succeeds, and every step and check of the case's directives (Steps) holds.\n",
        ),
        Expected::Accept if r.kind == RunKind::ArgQualifiers => m.push_str(
            "The build succeeds, and every argument's `CL_KERNEL_ARG_ADDRESS_QUALIFIER` is the \
             address space of its declaration.\n",
        ),
        Expected::Accept => m.push_str("The build succeeds.\n"),
        Expected::Reject => m.push_str("The build fails.\n"),
        e => {
            let _ = writeln!(m, "{}.", describe_expected(e));
        }
    }
    if let Some(c) = case {
        let lines: Vec<String> = c
            .expectations
            .iter()
            .filter(|e| e.profiles.is_empty() || e.profiles.contains(&r.profile))
            .map(|e| format!("line {}: {}", e.line, e.rule))
            .collect();
        if !lines.is_empty() && r.kind == RunKind::Listed {
            let _ = writeln!(m, "The error is on {}.", lines.join("; "));
        }
    }
    m.push_str("\n## Actual\n\n");
    let _ = writeln!(m, "{actual}.\n");
    if let Some(log) = log_excerpt(&r.actual, LOG_LINES) {
        let _ = writeln!(m, "Build log:\n\n```text\n{log}```\n");
    }
    if !others.is_empty() {
        const LISTED: usize = 20;
        let _ = writeln!(
            m,
            "The same answer in {} more case(s) of the run: {}{}\n",
            others.len(),
            others
                .iter()
                .take(LISTED)
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", "),
            if others.len() > LISTED { ", ..." } else { "" }
        );
    }

    m.push_str("## Specification\n\n");
    for rule in &rules {
        let _ = writeln!(m, "- **{rule}**: {}", spec_sentence(rule));
        let readings = readings(rule);
        if !readings.is_empty() {
            let _ = writeln!(m, "  The spec reads two ways here:");
            for x in readings {
                let _ = writeln!(m, "  - {x}");
            }
        }
    }
    let again = format!(
        "clasp run --suite {} --case '{}' --profile {} --subject '{}' --no-cache",
        if case.is_some_and(|c| c.generated) {
            "generated"
        } else {
            "hand"
        },
        r.case,
        r.profile,
        r.subject
    );
    let _ = writeln!(m, "\n## Reproduce with clasp\n\n```sh\n{again}\n```");
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_identity_line_reads_field_by_field_when_the_run_recorded_no_device() {
        let rows = identity_rows(
            None,
            "rusticl | OpenCL 3.0  | llvmpipe (LLVM 15.0.6, 256 bits) | OpenCL 3.0  | driver 22.3.6",
        );
        assert_eq!(
            rows[2],
            ("device".into(), "llvmpipe (LLVM 15.0.6, 256 bits)".into())
        );
        assert_eq!(rows[4], ("driver version".into(), "22.3.6".into()));
        assert_eq!(
            identity_rows(None, "clang version 16.0.6"),
            [("identity".to_string(), "clang version 16.0.6".to_string())]
        );
    }
}

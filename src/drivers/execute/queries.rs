//! The query side of a run: every `query:` line of a run-time case, and
//! `CL_KERNEL_ARG_ADDRESS_QUALIFIER` of every kernel argument ([`Runner::arg_info`]), each
//! compared with what the case or the checker expects.

use super::*;

impl Runner<'_> {
    pub(super) fn query(
        &self,
        q: &Query,
        program: &crate::drivers::program::Program,
        kernel: &dyn Fn(&str) -> cl_kernel,
    ) -> QueryCheck {
        match q {
            Query::ArgAddressQualifier {
                kernel: name,
                index,
                space,
            } => {
                let want = addr_space_name(*space).to_string();
                let got = cl3::kernel::get_kernel_arg_data(
                    kernel(name),
                    *index,
                    CL_KERNEL_ARG_ADDRESS_QUALIFIER,
                )
                .map(|b| space_name(number(&b)))
                .map_err(code_name);
                check(
                    format!("arg-address-qualifier {name} {index}"),
                    want,
                    got,
                    |w, g| w == g,
                )
            }
            Query::KernelLocalMemSize {
                kernel: name,
                cmp,
                bytes,
            } => {
                let got = cl3::kernel::get_kernel_work_group_data(
                    kernel(name),
                    self.device.id(),
                    CL_KERNEL_LOCAL_MEM_SIZE,
                )
                .map(|b| number(&b))
                .map_err(code_name);
                numeric(format!("kernel-local-mem-size {name}"), *cmp, *bytes, got)
            }
            Query::ProgramGlobalVariableTotalSize { cmp, bytes } => {
                let got = cl3::program::get_program_build_data(
                    program.get(),
                    self.device.id(),
                    CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
                )
                .map(|b| number(&b))
                .map_err(code_name);
                numeric(
                    "program-global-variable-total-size".into(),
                    *cmp,
                    *bytes,
                    got,
                )
            }
        }
    }

    /// `Mode::ArgInfo`: build, then the address qualifier of every argument of every kernel
    /// the program reports. The expected side stays empty: the parent compares with the
    /// checker, so a cached answer stays valid when the checker changes.
    pub fn arg_info(&mut self, req: &Request) -> Response {
        let (program, built) = build_one(self.context, self.device, req);
        let mut o = RunOutcome::started(built.log.clone(), None);
        let program = match (program, built.status) {
            (Some(p), _) => p,
            (None, BuildStatus::Rejected) => {
                o.status = RunStatus::Error;
                o.step = Some("build".into());
                o.code = Some(built.code.clone());
                return Response {
                    actual: Some(Actual::Ran { run: o }),
                    ..built
                };
            }
            (None, _) => return built,
        };
        let names =
            cl3::program::get_program_data(program.get(), CL_PROGRAM_KERNEL_NAMES).map(|b| {
                String::from_utf8_lossy(&b)
                    .trim_end_matches('\0')
                    .split(';')
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            });
        let names = match names {
            Ok(n) => n,
            Err(e) => {
                o.status = RunStatus::Error;
                o.step = Some("query".into());
                o.code = Some(code_name(e));
                return Response {
                    actual: Some(Actual::Ran { run: o }),
                    ..built
                };
            }
        };
        for name in names {
            let Ok(c) = CString::new(name.as_str()) else {
                continue;
            };
            let k = match cl3::kernel::create_kernel(program.get(), &c) {
                Ok(k) => Owned(k, release_kernel),
                Err(e) => {
                    o.queries.push(QueryCheck {
                        query: format!("arg-address-qualifier {name}"),
                        expected: String::new(),
                        actual: format!("clCreateKernel: {}", code_name(e)),
                        ok: false,
                    });
                    continue;
                }
            };
            let count = cl3::kernel::get_kernel_data(k.0, CL_KERNEL_NUM_ARGS)
                .map(|b| number(&b))
                .unwrap_or(0);
            for i in 0..count as u32 {
                let actual =
                    cl3::kernel::get_kernel_arg_data(k.0, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER)
                        .map(|b| space_name(number(&b)))
                        .unwrap_or_else(code_name);
                o.queries.push(QueryCheck {
                    query: format!("arg-address-qualifier {name} {i}"),
                    expected: String::new(),
                    actual,
                    ok: true,
                });
            }
        }
        Response {
            actual: Some(Actual::Ran { run: o }),
            ..built
        }
    }
}

fn check(
    query: String,
    expected: String,
    got: Result<String, String>,
    ok: impl Fn(&str, &str) -> bool,
) -> QueryCheck {
    match got {
        Ok(actual) => QueryCheck {
            ok: ok(&expected, &actual),
            query,
            expected,
            actual,
        },
        Err(code) => QueryCheck {
            query,
            expected,
            actual: code,
            ok: false,
        },
    }
}

fn numeric(
    query: String,
    cmp: checker::case::run::Cmp,
    bytes: u64,
    got: Result<u64, String>,
) -> QueryCheck {
    let expected = format!("{} {bytes}", cmp_text(cmp));
    match got {
        Ok(v) => QueryCheck {
            query,
            expected,
            actual: v.to_string(),
            ok: cmp.holds(v, bytes),
        },
        Err(code) => QueryCheck {
            query,
            expected,
            actual: code,
            ok: false,
        },
    }
}

/// Compares an arg-qualifiers answer with the spaces the checker reads from the kernel
/// signatures, filling each query's expected side; kernels one side lacks are listed too.
pub fn compare_arg_qualifiers(run: &mut RunOutcome, want: &[(String, Vec<AddrSpace>)]) {
    let mut seen: Vec<String> = Vec::new();
    for q in &mut run.queries {
        let mut words = q.query.split_whitespace().skip(1);
        let (Some(kernel), index) = (words.next(), words.next()) else {
            continue;
        };
        let sig = want.iter().find(|(n, _)| n == kernel);
        if !seen.iter().any(|s| s == kernel) {
            seen.push(kernel.to_string());
        }
        match (sig, index.and_then(|i| i.parse::<usize>().ok())) {
            (Some((_, params)), Some(i)) => {
                q.expected = params
                    .get(i)
                    .map(|s| addr_space_name(*s).to_string())
                    .unwrap_or_else(|| "no such argument".into());
                q.ok = q.expected == q.actual;
            }
            (Some(_), None) => q.ok = false,
            (None, _) => {
                q.expected = "no such kernel".into();
                q.ok = false;
            }
        }
    }
    for (name, params) in want {
        let got = run
            .queries
            .iter()
            .filter(|q| q.query.split_whitespace().nth(1) == Some(name.as_str()))
            .count();
        if !seen.contains(name) || got < params.len() {
            for (i, s) in params.iter().enumerate().skip(got) {
                run.queries.push(QueryCheck {
                    query: format!("arg-address-qualifier {name} {i}"),
                    expected: addr_space_name(*s).to_string(),
                    actual: "missing".into(),
                    ok: false,
                });
            }
        }
    }
    if run.status == RunStatus::Ok && run.queries.iter().any(|q| !q.ok) {
        run.status = RunStatus::Mismatch;
    }
}

fn space_name(value: u64) -> String {
    match value {
        0x119B => "global".into(),
        0x119C => "local".into(),
        0x119D => "constant".into(),
        0x119E => "private".into(),
        other => format!("0x{other:x}"),
    }
}

pub fn addr_space_name(s: AddrSpace) -> &'static str {
    match s {
        AddrSpace::Global => "global",
        AddrSpace::Local => "local",
        AddrSpace::Constant => "constant",
        AddrSpace::Private => "private",
        AddrSpace::Generic => "generic",
    }
}

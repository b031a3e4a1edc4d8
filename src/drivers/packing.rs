//! Compile packs: compile cases that must build, built as one program on a device.
//!
//! A driver's build costs most of a compile case's time, and much of that cost is per program,
//! not per line: cases that must build share one program (the parent groups them by device,
//! profile and options, see [`crate::engine`]). Each member's file-scope names are made its own
//! by macros ([`renamed`]), so members never collide or see each other's declarations. A
//! pack that builds answers every member "accepted"; a pack that does not is split in halves
//! until each failing case is built alone, from its own unchanged source ([`answer`]): a
//! rejection, a crash's cause and every build log a report shows rest on that case's own build.
//! An argument-qualifier pack ([`Mode::ArgInfo`]) is answered the same way, each member given
//! the queries of its own kernels; the parent runs a member again alone when its answer there
//! does not pass.

use super::protocol::{BuildStatus, Mode, Request, Response};
use crate::results::{Actual, RunOutcome, RunStatus};

/// What member `i` of a pack appends to each of its file-scope names.
const TAG: &str = "__clasp_pack";

/// Words that may stand where a declared name does but must never be renamed: keywords of
/// OpenCL C and C++ for OpenCL that can precede `{`, `(`, `;` or `,`.
const RESERVED: [&str; 33] = [
    "struct",
    "union",
    "enum",
    "class",
    "typedef",
    "const",
    "volatile",
    "restrict",
    "static",
    "extern",
    "inline",
    "return",
    "kernel",
    "global",
    "local",
    "constant",
    "private",
    "generic",
    "sizeof",
    "alignof",
    "_Alignof",
    "_Static_assert",
    "static_assert",
    "decltype",
    "operator",
    "typeof",
    "noexcept",
    "namespace",
    "template",
    "typename",
    "if",
    "while",
    "for",
];

#[derive(Debug, PartialEq)]
enum Tok<'a> {
    Ident(&'a str),
    Punct(u8),
}

/// The source's identifiers and punctuation, without comments, literals and numbers (a
/// literal is kept as one punctuation token, so it separates what is around it).
fn tokens(source: &str) -> Vec<Tok<'_>> {
    let b = source.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if b[i..].starts_with(b"//") {
            i = source[i..].find('\n').map_or(b.len(), |n| i + n);
        } else if b[i..].starts_with(b"/*") {
            i = source[i + 2..].find("*/").map_or(b.len(), |n| i + n + 4);
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push(Tok::Punct(b'"'));
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Ident(&source[start..i]));
        } else if c.is_ascii_digit() {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                i += 1;
            }
            out.push(Tok::Punct(b'0'));
        } else {
            if !c.is_ascii_whitespace() {
                out.push(Tok::Punct(c));
            }
            i += 1;
        }
    }
    out
}

/// The names `source` declares at file scope: functions and kernels, variables, typedefs,
/// struct, union, enum and class tags, enumerators. `None` when the source has a preprocessor
/// line (its macros could reach the next member), so it is built alone.
///
/// A name missed here stays as it is: two members that declare it make the pack fail, and the
/// split builds them apart. A renamed word that is not the member's own (a builtin) makes the
/// pack fail the same way. Either costs builds, never a verdict.
pub fn file_scope_names(source: &str) -> Option<Vec<&str>> {
    if source.lines().any(|l| l.trim_start().starts_with('#')) {
        return None;
    }
    let toks = tokens(source);
    let mut names: Vec<&str> = Vec::new();
    // Open braces, each with whether it opened a file-scope enum's body.
    let mut braces: Vec<bool> = Vec::new();
    let (mut parens, mut in_init) = (0usize, false);
    for (k, t) in toks.iter().enumerate() {
        let prev = k.checked_sub(1).map(|p| &toks[p]);
        let next = toks.get(k + 1);
        match t {
            Tok::Punct(b'{') => {
                let enum_body = braces.is_empty()
                    && parens == 0
                    && toks[..k]
                        .iter()
                        .rev()
                        .take(2)
                        .any(|t| *t == Tok::Ident("enum"));
                braces.push(enum_body);
            }
            Tok::Punct(b'}') => {
                braces.pop();
            }
            Tok::Punct(b'(') => parens += 1,
            Tok::Punct(b')') => parens = parens.saturating_sub(1),
            Tok::Punct(b'=') if braces.is_empty() && parens == 0 => in_init = true,
            Tok::Punct(b',' | b';') if braces.is_empty() && parens == 0 => in_init = false,
            Tok::Ident(name) => {
                let declared = if braces.is_empty() && parens == 0 {
                    let tag = matches!(
                        prev,
                        Some(Tok::Ident("struct" | "union" | "enum" | "class"))
                    );
                    let declarator = !in_init
                        && matches!(
                            prev,
                            Some(Tok::Ident(_) | Tok::Punct(b'*' | b'&' | b',' | b'}'))
                        )
                        && matches!(
                            next,
                            Some(Tok::Punct(b'(' | b';' | b'=' | b'[' | b',' | b'{'))
                        );
                    tag || declarator
                } else {
                    // An enumerator of a file-scope enum.
                    braces == [true]
                        && parens == 0
                        && matches!(prev, Some(Tok::Punct(b'{' | b',')))
                        && matches!(next, Some(Tok::Punct(b',' | b'=' | b'}')))
                };
                if declared
                    && !name.starts_with("__")
                    && !RESERVED.contains(name)
                    && !names.contains(name)
                {
                    names.push(name);
                }
            }
            Tok::Punct(_) => {}
        }
    }
    Some(names)
}

/// Whether a case's source can join a compile pack.
pub fn packable(source: &str) -> bool {
    file_scope_names(source).is_some()
}

/// Member `index`'s source with its file-scope names made its own: each renamed by a macro
/// defined before it and removed after it.
pub fn renamed(source: &str, index: usize) -> String {
    let names = file_scope_names(source).unwrap_or_default();
    let mut out = String::with_capacity(source.len() + names.len() * 64);
    for n in &names {
        out.push_str(&format!("#define {n} {n}{TAG}{index}\n"));
    }
    out.push_str(source);
    out.push('\n');
    for n in &names {
        out.push_str(&format!("#undef {n}\n"));
    }
    out
}

/// The program of members `range` of `members`, each renamed by its index.
fn joined(members: &[String], range: std::ops::Range<usize>) -> String {
    range.map(|i| renamed(&members[i], i)).collect()
}

/// The member and the original name of a name in a pack's program (`k__clasp_pack3`: 3, `k`).
fn member_of(name: &str) -> Option<(usize, &str)> {
    let (base, index) = name.rsplit_once(TAG)?;
    Some((index.parse().ok()?, base))
}

/// The worker's answer to a compile pack: `build` answers one request (a build, or an
/// argument-qualifier query, as `req.mode` says); the response holds one answer per member.
pub fn answer(req: &Request, build: &mut dyn FnMut(&Request) -> Response) -> Response {
    let mut answers: Vec<Option<Response>> = vec![None; req.members.len()];
    settle(req, 0..req.members.len(), build, &mut answers);
    let members: Vec<Response> = answers.into_iter().flatten().collect();
    Response {
        id: req.id,
        status: BuildStatus::Accepted,
        code: String::new(),
        log: String::new(),
        build_ms: members.iter().map(|m| m.build_ms).sum(),
        actual: None,
        members,
    }
}

/// Answers members `range`: built together, or split in halves when that fails; one member is
/// built alone from its own source.
fn settle(
    req: &Request,
    range: std::ops::Range<usize>,
    build: &mut dyn FnMut(&Request) -> Response,
    answers: &mut [Option<Response>],
) {
    let one = |source: String| Request {
        source,
        members: Vec::new(),
        pack: None,
        il: None,
        ..req.clone()
    };
    if range.len() == 1 {
        let i = range.start;
        let mut r = build(&one(req.members[i].clone()));
        r.id = req.id;
        answers[i] = Some(r);
        return;
    }
    let together = build(&one(joined(&req.members, range.clone())));
    let share = together.build_ms / range.len() as f64;
    let accepted = |actual: Option<Actual>| Response {
        id: req.id,
        status: BuildStatus::Accepted,
        code: together.code.clone(),
        // The pack's log speaks of other members: a member keeps no log from it.
        log: String::new(),
        build_ms: share,
        actual,
        members: Vec::new(),
    };
    match (req.mode, together.status, &together.actual) {
        (Mode::Build, BuildStatus::Accepted, _) => {
            for i in range {
                answers[i] = Some(accepted(None));
            }
            return;
        }
        (Mode::ArgInfo, BuildStatus::Accepted, Some(Actual::Ran { run }))
            if run.status == RunStatus::Ok =>
        {
            if let Some(runs) = split_queries(run, range.clone()) {
                for (i, run) in range.zip(runs) {
                    answers[i] = Some(accepted(Some(Actual::Ran { run })));
                }
                return;
            }
        }
        _ => {}
    }
    let mid = range.start + range.len() / 2;
    settle(req, range.start..mid, build, answers);
    settle(req, mid..range.end, build, answers);
}

/// A pack's argument-qualifier answer split by member, each query naming the member's own
/// kernel; `None` when a kernel belongs to no member of `range` (a name the renaming missed).
fn split_queries(run: &RunOutcome, range: std::ops::Range<usize>) -> Option<Vec<RunOutcome>> {
    let mut runs: Vec<RunOutcome> = range
        .clone()
        .map(|_| RunOutcome::started(String::new(), None))
        .collect();
    for q in &run.queries {
        let mut words = q.query.splitn(3, ' ');
        let (Some(what), Some(kernel)) = (words.next(), words.next()) else {
            return None;
        };
        let (member, name) = member_of(kernel).filter(|(m, _)| range.contains(m))?;
        let mut q = q.clone();
        q.query = match words.next() {
            Some(rest) => format!("{what} {name} {rest}"),
            None => format!("{what} {name}"),
        };
        runs[member - range.start].queries.push(q);
    }
    Some(runs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_scope_names_are_declarations_only() {
        let src =
            "// k(\nstruct S { int a; };\ntypedef struct { int b; } T;\nenum E { A, B = 2 };\n\
                   constant int c[2] = {1, 2}, d = M_X;\nglobal int *p, *q;\n\
                   int helper(global int *x) { return x[0] + c[0]; }\n\
                   kernel void k(global int *out) { struct S s; out[0] = helper(out); }\n";
        assert_eq!(
            file_scope_names(src).unwrap(),
            ["S", "T", "E", "A", "B", "c", "d", "p", "q", "helper", "k"]
        );
        assert!(
            file_scope_names("#pragma OPENCL EXTENSION x : enable\nkernel void k() {}").is_none()
        );
    }

    #[test]
    fn a_renamed_member_keeps_its_text_and_tags_its_names() {
        let r = renamed("kernel void k(global int *o) { o[0] = 1; }", 3);
        assert!(r.starts_with("#define k k__clasp_pack3\nkernel void k("));
        assert!(r.ends_with("#undef k\n"));
        assert_eq!(member_of("k__clasp_pack3"), Some((3, "k")));
        assert_eq!(member_of("k"), None);
    }

    fn response(status: BuildStatus) -> Response {
        Response {
            id: 0,
            status,
            code: String::new(),
            log: "log".into(),
            build_ms: 8.0,
            actual: None,
            members: Vec::new(),
        }
    }

    #[test]
    fn a_failing_pack_is_split_until_the_failing_member_is_built_alone() {
        let members: Vec<String> = (0..5)
            .map(|i| format!("kernel void k{i}(global int *o) {{ o[0] = {i}; }}"))
            .collect();
        let req = Request {
            id: 7,
            source: String::new(),
            options: String::new(),
            mode: Mode::Build,
            il: None,
            pack: None,
            members: members.clone(),
        };
        let mut built: Vec<String> = Vec::new();
        let r = answer(&req, &mut |r: &Request| {
            built.push(r.source.clone());
            // Member 3 does not build, alone or with others.
            if r.source.contains("o[0] = 3;") {
                response(BuildStatus::Rejected)
            } else {
                response(BuildStatus::Accepted)
            }
        });
        let status: Vec<BuildStatus> = r.members.iter().map(|m| m.status).collect();
        use BuildStatus::*;
        assert_eq!(status, [Accepted, Accepted, Accepted, Rejected, Accepted]);
        // The rejected member's answer is its own build of its own unchanged source, log kept.
        assert!(built.contains(&members[3]));
        assert_eq!(r.members[3].log, "log");
        assert!(r.members.iter().all(|m| m.id == 7));
        // 0..5 fails; 0..2 builds; 2..5 fails; 2 alone (a range of one); 3..5 fails; 3, 4 alone.
        assert_eq!(built.len(), 7);
    }
}

//! The suite case format: one kernel source file that carries its own expectations.
//!
//! ```c
//! //@ rules: AS-PROGSCOPE-SPACE
//! //@ profiles: CL1.2 CL2.0 CL3.0 CL3.0+globals
//! global int g;          //~ ERROR[CL1.2,CL3.0] AS-PROGSCOPE-SPACE
//! constant int c = 1;    // no annotation: accepted in every listed profile
//! ```
//!
//! `//@ key: value` lines are the header; `//~ ERROR[P,...] RULE` (or `//~^` for the line above,
//! one caret per line) marks the line where a diagnostic is expected. Everything is a comment,
//! so drivers and compilers read the file as plain kernel source. Run-time cases add the
//! directives of [`run`]. Parsing is strict: anything it cannot read is a `file:line:` error,
//! reported before anything runs. `suite/README.md` is the user-facing description.

pub mod corpus;
pub mod coverage;
mod expr;
pub mod run;
pub mod template;

pub use coverage::{Coverage, Gap};
pub use expr::Expr;
pub use run::RunSpec;

use crate::spec::{Check, Profile, RuleId};
use std::collections::BTreeSet;
use std::fmt;

/// A parsed case.
#[derive(Debug, Clone)]
pub struct Case {
    /// The case's stable name: its path under `suite/cases/` without the extension.
    pub name: String,
    pub source: String,
    /// The rules the case exercises (`//@ rules:`).
    pub rules: Vec<RuleId>,
    /// The profiles the case runs in (`//@ profiles:`), in [`Profile::ALL`] order.
    pub profiles: Vec<Profile>,
    /// Extra build options (`//@ options:`), passed to every subject that compiles.
    pub options: Vec<String>,
    pub expectations: Vec<Expectation>,
    /// Present for run-time cases (`//@ kind: run`).
    pub run: Option<RunSpec>,
    /// What the case exercises, as `key=value` properties (`//@ props: space=constant
    /// context=kernel`): the generator dimensions, which hand-written cases may declare too, so
    /// that a known deviation names a class of cases by what they are, whichever suite holds them.
    pub props: Vec<(String, String)>,
}

/// An inline `//~ ERROR` annotation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expectation {
    /// 1-based line the diagnostic is expected on.
    pub line: u32,
    pub rule: RuleId,
    /// The profiles it is expected in; every profile of the case when the annotation lists none.
    pub profiles: Vec<Profile>,
}

/// A diagnostic as suite expectations compare it: rule and line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Expected {
    pub line: u32,
    pub rule: RuleId,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.line, self.rule)
    }
}

/// A malformed case: where, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct CaseError {
    pub file: String,
    pub line: u32,
    pub message: String,
}

impl Case {
    /// Parses a case. `file` is the path used in errors; `name` is the stable case name.
    pub fn parse(file: &str, name: &str, source: &str) -> Result<Case, CaseError> {
        if source.lines().any(|l| template::bind_line(l).is_some()) {
            return Case::parse_template(file, name, source);
        }
        Parser {
            file,
            lines: Vec::new(),
        }
        .parse(name, source)
    }

    /// A template (`//@ bind:`, see [`template`]): checked by expanding it with a sample value
    /// for each query, so that its errors are found before anything runs; the case keeps the
    /// template as its source and its bindings in [`RunSpec::binds`].
    fn parse_template(file: &str, name: &str, source: &str) -> Result<Case, CaseError> {
        /// What a device would answer, for the check: small, and large enough for any offset.
        const SAMPLE: u64 = 64;
        let err = |line: u32, message: String| CaseError {
            file: file.to_string(),
            line,
            message,
        };
        let mut values: Vec<(template::Binding, i64)> = Vec::new();
        for (index, text) in source.lines().enumerate() {
            let line = index as u32 + 1;
            let Some(value) = template::bind_line(text) else {
                continue;
            };
            let b = template::binding(value).map_err(|m| err(line, m))?;
            if values.iter().any(|(have, _)| have.name == b.name) {
                return Err(err(line, format!("`{}` is bound twice", b.name)));
            }
            let v = b.value(SAMPLE).ok_or_else(|| {
                err(
                    line,
                    format!("`{}` is negative for a device answering {SAMPLE}", b.text()),
                )
            })?;
            values.push((b, v));
        }
        let expanded = template::expand(source, &values).map_err(|(l, m)| err(l, m))?;
        let mut case = Case::parse(file, name, &expanded.text).map_err(|e| {
            let line = expanded
                .lines
                .get((e.line as usize).saturating_sub(1))
                .copied()
                .unwrap_or(e.line);
            err(
                line,
                format!("{} (with {SAMPLE} for each device query)", e.message),
            )
        })?;
        let Some(run) = case.run.as_mut() else {
            return Err(err(1, "`bind` needs `//@ kind: run`".into()));
        };
        run.binds = values.into_iter().map(|(b, _)| b).collect();
        run.bound.clear();
        case.source = source.to_string();
        Ok(case)
    }

    /// Whether this is a C++ for OpenCL case (its profiles say so).
    pub fn is_cxx(&self) -> bool {
        self.profiles.iter().any(|p| p.lang().is_cxx())
    }

    /// The diagnostics expected in `profile`, sorted by line then rule.
    pub fn expected(&self, profile: Profile) -> Vec<Expected> {
        let mut out: Vec<Expected> = self
            .expectations
            .iter()
            .filter(|e| e.profiles.contains(&profile))
            .map(|e| Expected {
                line: e.line,
                rule: e.rule,
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// The case's expected diagnostics in `profile` and the checker's, each as `"LINE RULE"`
    /// lines in the same order, so that a test compares (and diffs) them directly. `file`
    /// names the source in the checker's spans.
    pub fn expected_and_checked(
        &self,
        file: &str,
        profile: Profile,
        opts: &crate::Options,
    ) -> (Vec<String>, Vec<String>) {
        let (sources, diags) = crate::check_source(file, &self.source, profile, opts);
        let want = self
            .expected(profile)
            .iter()
            .map(|e| format!("{} {}", e.line, e.rule))
            .collect();
        let got = crate::in_main_file(&sources, &diags)
            .iter()
            .map(|(line, code)| format!("{line} {code}"))
            .collect();
        (want, got)
    }

    /// Whether the case must compile in `profile` (it expects no diagnostic there).
    pub fn must_compile(&self, profile: Profile) -> bool {
        !self
            .expectations
            .iter()
            .any(|e| e.profiles.contains(&profile))
    }
}

struct Parser<'a> {
    file: &'a str,
    lines: Vec<(u32, &'a str, &'a str)>,
}

impl<'a> Parser<'a> {
    fn err(&self, line: u32, message: impl Into<String>) -> CaseError {
        CaseError {
            file: self.file.to_string(),
            line,
            message: message.into(),
        }
    }

    fn parse(mut self, name: &str, source: &'a str) -> Result<Case, CaseError> {
        let mut rules: Option<(u32, Vec<RuleId>)> = None;
        let mut profiles: Option<(u32, Vec<Profile>)> = None;
        let mut kind_run: Option<u32> = None;
        let mut options = Vec::new();
        let mut props: Vec<(String, String)> = Vec::new();
        let mut annotations = Vec::new();
        for (index, text) in source.lines().enumerate() {
            let line = index as u32 + 1;
            let trimmed = text.trim_start();
            if let Some(rest) = trimmed.strip_prefix("//@") {
                let Some((key, value)) = rest.split_once(':') else {
                    return Err(self.err(line, "a `//@` line needs `key: value`"));
                };
                let (key, value) = (key.trim(), value.trim());
                match key {
                    "rules" => {
                        if rules.is_some() {
                            return Err(self.err(line, "`rules` given twice"));
                        }
                        let ids = value
                            .split_whitespace()
                            .map(|w| w.parse::<RuleId>().map_err(|e| self.err(line, e.to_string())))
                            .collect::<Result<Vec<_>, _>>()?;
                        if ids.is_empty() {
                            return Err(self.err(line, "`rules` lists no rule"));
                        }
                        rules = Some((line, ids));
                    }
                    "profiles" => {
                        if profiles.is_some() {
                            return Err(self.err(line, "`profiles` given twice"));
                        }
                        let mut ps = value
                            .split_whitespace()
                            .map(|w| w.parse::<Profile>().map_err(|e| self.err(line, e.to_string())))
                            .collect::<Result<Vec<_>, _>>()?;
                        if ps.is_empty() {
                            return Err(self.err(line, "`profiles` lists no profile"));
                        }
                        ps.sort();
                        let before = ps.len();
                        ps.dedup();
                        if ps.len() != before {
                            return Err(self.err(line, "a profile is listed twice"));
                        }
                        if ps.iter().any(|p| p.lang().is_cxx()) && ps.iter().any(|p| !p.lang().is_cxx()) {
                            return Err(self.err(line, "a case is either OpenCL C or C++ for OpenCL: split CLC++2021 into its own case"));
                        }
                        profiles = Some((line, ps));
                    }
                    "kind" => match value {
                        "compile" => {}
                        "run" => kind_run = Some(line),
                        other => return Err(self.err(line, format!("unknown kind `{other}`: expected `compile` or `run`"))),
                    },
                    "options" => options.extend(value.split_whitespace().map(str::to_string)),
                    "props" => {
                        for word in value.split_whitespace() {
                            let (k, v) = self.prop(line, word)?;
                            if props.iter().any(|(have, _)| have == k) {
                                return Err(self.err(line, format!("property `{k}` given twice")));
                            }
                            props.push((k.to_string(), v.to_string()));
                        }
                    }
                    _ if run::DIRECTIVES.contains(&key) => self.lines.push((line, key, value)),
                    other => {
                        return Err(self.err(
                            line,
                            format!("unknown directive `{other}`: expected rules, profiles, kind, options, props or one of {}", run::DIRECTIVES.join(", ")),
                        ))
                    }
                }
                continue;
            }
            // An annotation is the line's first comment: `//~` quoted inside a prose comment
            // (as in the format's own documentation) is not one.
            let mut rest = match text.find("//") {
                Some(at) if text[at..].starts_with("//~") => &text[at..],
                _ => "",
            };
            while let Some(at) = rest.find("//~") {
                let after = &rest[at + 3..];
                let end = after.find("//~").unwrap_or(after.len());
                annotations.push((line, &after[..end]));
                rest = &after[end..];
            }
        }
        let (rules_line, rules) =
            rules.ok_or_else(|| self.err(1, "missing `//@ rules:` header"))?;
        let (_, profiles) =
            profiles.ok_or_else(|| self.err(1, "missing `//@ profiles:` header"))?;
        for rule in &rules {
            if !profiles.iter().any(|p| rule.applies_to(*p)) {
                return Err(self.err(
                    rules_line,
                    format!(
                        "{rule} applies to none of the listed profiles (it applies to: {})",
                        rule.rule().applies.describe()
                    ),
                ));
            }
        }
        let mut expectations = Vec::new();
        for (line, text) in annotations {
            expectations.push(self.annotation(line, text, &rules, &profiles)?);
        }
        let mut seen = BTreeSet::new();
        for e in &expectations {
            for p in &e.profiles {
                if !seen.insert((e.line, e.rule, *p)) {
                    return Err(self.err(
                        e.line,
                        format!("{} is expected twice on this line in {p}", e.rule),
                    ));
                }
            }
        }
        let run = match kind_run {
            Some(line) => {
                if let Some(e) = expectations.first() {
                    return Err(self.err(
                        e.line,
                        "a run-time case must compile in every profile: no `//~ ERROR` here",
                    ));
                }
                Some(
                    RunSpec::parse(&self.lines, source)
                        .map_err(|(l, m)| self.err(l.unwrap_or(line), m))?,
                )
            }
            None => {
                if let Some((line, key, _)) = self.lines.first() {
                    return Err(self.err(*line, format!("`{key}` needs `//@ kind: run`")));
                }
                None
            }
        };
        Ok(Case {
            name: name.to_string(),
            source: source.to_string(),
            rules,
            profiles,
            options,
            expectations,
            run,
            props,
        })
    }

    /// Reads one `key=value` of a `//@ props:` line: a key of lowercase letters, digits and `-`,
    /// a value without spaces.
    fn prop<'w>(&self, line: u32, word: &'w str) -> Result<(&'w str, &'w str), CaseError> {
        let Some((k, v)) = word.split_once('=') else {
            return Err(self.err(line, format!("`{word}` is not `key=value`")));
        };
        let key_ok = !k.is_empty()
            && k.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
        if !key_ok {
            return Err(self.err(
                line,
                format!("property name `{k}`: use lowercase letters, digits, `-` and `_`"),
            ));
        }
        if v.is_empty() {
            return Err(self.err(line, format!("property `{k}` has no value")));
        }
        Ok((k, v))
    }

    /// Reads `ERROR[P1,P2] RULE` (after `//~`, with optional carets).
    fn annotation(
        &self,
        line: u32,
        text: &str,
        rules: &[RuleId],
        profiles: &[Profile],
    ) -> Result<Expectation, CaseError> {
        let carets = text.chars().take_while(|c| *c == '^').count() as u32;
        if carets >= line {
            return Err(self.err(line, "`//~^` points above the first line"));
        }
        let target = line - carets;
        let text = text[carets as usize..].trim();
        let Some(rest) = text.strip_prefix("ERROR") else {
            return Err(self.err(
                line,
                format!(
                    "expected `//~ ERROR RULE` or `//~ ERROR[PROFILES] RULE`, found `//~ {text}`"
                ),
            ));
        };
        let (listed, rest) = match rest.strip_prefix('[') {
            Some(inner) => {
                let Some((list, rest)) = inner.split_once(']') else {
                    return Err(self.err(line, "unclosed `[` in `//~ ERROR[`"));
                };
                let mut ps = Vec::new();
                for word in list.split(',') {
                    let p = word
                        .trim()
                        .parse::<Profile>()
                        .map_err(|e| self.err(line, e.to_string()))?;
                    if !profiles.contains(&p) {
                        return Err(self.err(line, format!("annotation names {p}, which the case does not run in (`//@ profiles:`)")));
                    }
                    ps.push(p);
                }
                ps.sort();
                (Some(ps), rest)
            }
            None => (None, rest),
        };
        let mut words = rest.split_whitespace();
        let Some(word) = words.next() else {
            return Err(self.err(line, "`//~ ERROR` names no rule"));
        };
        if let Some(extra) = words.next() {
            return Err(self.err(
                line,
                format!("unexpected `{extra}` after the rule: one rule per `//~`"),
            ));
        }
        let rule = word
            .parse::<RuleId>()
            .map_err(|e| self.err(line, e.to_string()))?;
        if !rules.contains(&rule) {
            return Err(self.err(
                line,
                format!("{rule} is expected here but not listed in `//@ rules:`"),
            ));
        }
        if rule.rule().check != Check::Reject {
            return Err(self.err(
                line,
                format!(
                    "{rule} is a {} rule: only compile-time reject rules are expected as errors",
                    rule.rule().check.name()
                ),
            ));
        }
        let profiles = listed.unwrap_or_else(|| profiles.to_vec());
        if let Some(p) = profiles.iter().find(|p| !rule.applies_to(**p)) {
            return Err(self.err(
                line,
                format!(
                    "{rule} does not apply in {p} (it applies to: {})",
                    rule.rule().applies.describe()
                ),
            ));
        }
        Ok(Expectation {
            line: target,
            rule,
            profiles,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(src: &str) -> Result<Case, CaseError> {
        Case::parse("t.cl", "t", src)
    }

    #[test]
    fn reads_header_and_annotations() {
        let case = parse(
            "//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL2.0 CL1.2 CL3.0+globals\nglobal int g; //~ ERROR[CL1.2] AS-PROGSCOPE-SPACE\nconstant int c = 1;\nlocal int l;\n//~^ ERROR AS-PROGSCOPE-SPACE\n",
        )
        .unwrap();
        assert_eq!(
            case.profiles,
            [Profile::CL1_2, Profile::CL2_0, Profile::CL3_0_GLOBALS]
        );
        assert_eq!(
            case.expected(Profile::CL1_2),
            [
                Expected {
                    line: 3,
                    rule: RuleId::ProgscopeSpace
                },
                Expected {
                    line: 5,
                    rule: RuleId::ProgscopeSpace
                }
            ]
        );
        assert_eq!(
            case.expected(Profile::CL2_0),
            [Expected {
                line: 5,
                rule: RuleId::ProgscopeSpace
            }]
        );
        assert!(!case.must_compile(Profile::CL2_0));
    }

    #[test]
    fn properties_are_read_in_order() {
        let case = parse("//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL2.0\n//@ props: space=__global context=program-scope\n").unwrap();
        assert_eq!(
            case.props,
            [
                ("space".into(), "__global".into()),
                ("context".into(), "program-scope".into())
            ]
        );
    }

    #[test]
    fn malformed_cases_name_file_and_line() {
        let bad = [
            ("//@ rules: AS-PROGSCOPE-SPCE\n//@ profiles: CL2.0\n", 1, "did you mean `AS-PROGSCOPE-SPACE`"),
            ("//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL2.1\n", 2, "valid profiles are"),
            ("//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL2.0\nint x; //~ ERROR[CL1.2] AS-PROGSCOPE-SPACE\n", 3, "does not run in"),
            ("//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL2.0\n//@ rulez: x\n", 3, "unknown directive"),
            ("//@ profiles: CL2.0\n", 1, "missing `//@ rules:`"),
            ("//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL2.0\nint x; //~ ERROR AS-LOCAL-INIT\n", 3, "not listed"),
            ("//@ rules: AS-GENERIC-TO-NAMED\n//@ profiles: CL1.2\n", 1, "applies to none"),
            ("//@ rules: AS-SPELLING-ALIAS\n//@ profiles: CL1.2\nint x; //~ ERROR AS-SPELLING-ALIAS\n", 3, "only compile-time reject"),
            ("//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL2.0 CLC++2021\n", 2, "either OpenCL C or C++"),
            ("//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL2.0\n//@ launch: k 4\n", 3, "needs `//@ kind: run`"),
            ("//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL2.0\nint x; //~ WARN AS-PROGSCOPE-SPACE\n", 3, "expected `//~ ERROR"),
            ("//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL2.0\n//@ props: space\n", 3, "not `key=value`"),
            ("//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL2.0\n//@ props: Space=global\n", 3, "property name"),
            ("//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL2.0\n//@ props: space=\n", 3, "has no value"),
            ("//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL2.0\n//@ props: space=a\n//@ props: space=b\n", 4, "given twice"),
        ];
        for (src, line, what) in bad {
            let err = parse(src).unwrap_err();
            assert_eq!(err.line, line, "{err}");
            assert!(
                err.to_string().starts_with(&format!("t.cl:{line}: ")),
                "{err}"
            );
            assert!(err.message.contains(what), "{err} lacks {what}");
        }
    }
}

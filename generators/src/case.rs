//! A generated case: lines of kernel source, each with the diagnostics it must produce per
//! profile, rendered in the suite case format (`suite/cases/README.cl`).

use crate::statics::{self, Linkage, Storage};
use checker::case::{Case, CaseError};
use checker::spec::{Feature, Profile, RuleId};
use std::collections::BTreeMap;
use std::fmt::Write;

/// The OpenCL C profiles, in [`Profile::ALL`] order (the C++ cases take theirs from
/// [`crate::enumerate::cxx::profiles`]).
pub fn c_profiles() -> Vec<Profile> {
    Profile::ALL
        .into_iter()
        .filter(|p| !p.lang().is_cxx())
        .collect()
}

/// A dimension's value as a `//@ props:` value: one word (`int *` is `int*`); an empty value
/// is `none`.
pub fn prop_value(v: &str) -> String {
    let word: String = v.split_whitespace().collect();
    if word.is_empty() {
        "none".into()
    } else {
        word
    }
}

/// One source line and what it must produce.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    pub text: String,
    /// rule → the profiles it is expected in on this line.
    pub expect: BTreeMap<RuleId, Vec<Profile>>,
}

/// A generated case, before rendering.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GenCase {
    /// Stable name: `<rule>/<dimension values>`, path-safe.
    pub name: String,
    /// The rule the case was built for.
    pub rule: RuleId,
    /// Every rule the case lists in `//@ rules:` (the target first).
    pub rules: Vec<RuleId>,
    pub profiles: Vec<Profile>,
    /// The dimensions that built it (its name), then the `storage` property where the case
    /// has one ([`Builder::storage`]): its `//@ props:` and the coverage matrix.
    pub dims: Vec<(&'static str, String)>,
    /// One sentence saying what it exercises.
    pub doc: String,
    pub lines: Vec<Line>,
    /// Run-time directives (`launch: ...`, `arg: ...`, `expect: ...`), written after `kind: run`;
    /// empty for a compile-time case.
    pub run: Vec<String>,
}

/// Builds a [`GenCase`] line by line.
#[derive(Debug)]
pub struct Builder {
    case: GenCase,
    indent: usize,
    preludes: Vec<&'static str>,
}

impl Builder {
    /// A case for `rule` running in `profiles`, named from `dims`.
    pub fn new(rule: RuleId, profiles: Vec<Profile>, dims: Vec<(&'static str, String)>) -> Builder {
        let mut name = rule.code().to_ascii_lowercase();
        name.push('/');
        let parts: Vec<&str> = dims.iter().map(|(_, v)| v.as_str()).collect();
        name.push_str(&parts.join("-"));
        let name = name.replace("__", "_").replace(['*', ' '], "");
        Builder {
            case: GenCase {
                name,
                rule,
                rules: vec![rule],
                profiles,
                dims,
                doc: String::new(),
                lines: Vec::new(),
                run: Vec::new(),
            },
            indent: 0,
            preludes: Vec::new(),
        }
    }

    pub fn doc(&mut self, doc: impl Into<String>) -> &mut Self {
        self.case.doc = doc.into();
        self
    }

    /// Also list `rule` in the header (it is expected somewhere, or the case is evidence for it).
    pub fn also(&mut self, rule: RuleId) -> &mut Self {
        if !self.case.rules.contains(&rule) {
            self.case.rules.push(rule);
        }
        self
    }

    /// The `storage` property ([`crate::statics`]): where the case's variable with static
    /// storage duration lives. Not part of the name (the dimensions that built the case say it
    /// in their own words). Of several variables, the first `__global` one is named.
    pub fn storage(&mut self, storage: Option<Storage>) -> &mut Self {
        let Some(s) = storage else { return self };
        let dims = &mut self.case.dims;
        match dims.iter().position(|(k, _)| *k == statics::KEY) {
            None => dims.push((statics::KEY, s.tag().to_string())),
            Some(i) if s.is_global() && dims[i].1 == Storage::ConstantProgram.tag() => {
                dims[i].1 = s.tag().to_string();
            }
            Some(_) => {}
        }
        self
    }

    /// The `linkage` property ([`crate::statics::Linkage`]) of the C++ variable the `storage`
    /// property names. Not part of the name.
    pub fn linkage(&mut self, linkage: Option<Linkage>) -> &mut Self {
        if let Some(l) = linkage {
            if !self.case.dims.iter().any(|(k, _)| *k == Linkage::KEY) {
                self.case.dims.push((Linkage::KEY, l.tag().to_string()));
            }
        }
        self
    }

    /// Another property (`//@ props:`) that is not part of the name: what a known class needs
    /// to name the case (`type = class-ctor`, `uses = written-static`).
    pub fn prop(&mut self, key: &'static str, value: &str) -> &mut Self {
        if !self.case.dims.iter().any(|(k, _)| *k == key) {
            self.case.dims.push((key, value.to_string()));
        }
        self
    }

    /// A declaration placed once at the top of the file (typedefs).
    pub fn prelude(&mut self, text: Option<&'static str>) -> &mut Self {
        if let Some(t) = text {
            if !self.preludes.contains(&t) {
                self.preludes.push(t);
            }
        }
        self
    }

    /// A run-time directive (`launch: k 8/4`): the case becomes a run-time case.
    pub fn run(&mut self, directive: impl Into<String>) -> &mut Self {
        self.case.run.push(directive.into());
        self
    }

    /// The case's name as built so far.
    pub fn name(&self) -> &str {
        &self.case.name
    }

    pub fn profiles(&self) -> &[Profile] {
        &self.case.profiles
    }

    /// A line that must compile.
    pub fn line(&mut self, text: impl AsRef<str>) -> &mut Self {
        self.expect(text, |_| None)
    }

    /// A line whose diagnostic in each profile is `f(profile)`.
    pub fn expect(
        &mut self,
        text: impl AsRef<str>,
        f: impl Fn(Profile) -> Option<RuleId>,
    ) -> &mut Self {
        let mut expect: BTreeMap<RuleId, Vec<Profile>> = BTreeMap::new();
        for &p in &self.case.profiles {
            if let Some(r) = f(p) {
                expect.entry(r).or_default().push(p);
            }
        }
        for r in expect.keys() {
            if !self.case.rules.contains(r) {
                self.case.rules.push(*r);
            }
        }
        let text = format!("{}{}", "    ".repeat(self.indent), text.as_ref());
        self.case.lines.push(Line { text, expect });
        self
    }

    /// A line that reports `rule` in every profile where it applies.
    pub fn bad(&mut self, text: impl AsRef<str>, rule: RuleId) -> &mut Self {
        self.expect(text, |p| rule.applies_to(p).then_some(rule))
    }

    /// A line ending in `{`, indenting what follows.
    pub fn open(&mut self, text: impl AsRef<str>) -> &mut Self {
        self.line(format!("{} {{", text.as_ref()));
        self.indent += 1;
        self
    }

    pub fn close(&mut self) -> &mut Self {
        self.close_with("}")
    }

    /// Closes a block with `text` (`};` after a class).
    pub fn close_with(&mut self, text: &str) -> &mut Self {
        self.indent -= 1;
        self.line(text)
    }

    pub fn finish(mut self) -> GenCase {
        let pre: Vec<Line> = self
            .preludes
            .iter()
            .map(|t| Line {
                text: t.to_string(),
                expect: BTreeMap::new(),
            })
            .collect();
        self.case.lines.splice(0..0, pre);
        self.case
    }
}

/// Profiles of `all` that have (or lack) a feature.
pub fn with(all: &[Profile], feature: Feature, has: bool) -> Vec<Profile> {
    all.iter()
        .copied()
        .filter(|p| p.has(feature) == has)
        .collect()
}

impl GenCase {
    /// Whether the case expects a diagnostic in `profile`.
    pub fn rejects_in(&self, profile: Profile) -> bool {
        self.lines
            .iter()
            .any(|l| l.expect.values().any(|ps| ps.contains(&profile)))
    }

    /// The number of lines [`GenCase::render`] writes before the first source line: a comment,
    /// `rules`, `profiles`, `props` when the case has dimensions, the run-time directives (with
    /// `kind: run`) of a run-time case, and a blank line.
    pub fn header_lines(&self) -> usize {
        let run = if self.run.is_empty() {
            0
        } else {
            1 + self.run.len()
        };
        4 + usize::from(!self.dims.is_empty()) + run
    }

    /// Whether the case is a run-time case (its directives say what to launch and expect).
    pub fn is_run(&self) -> bool {
        !self.run.is_empty()
    }

    /// Whether the case is a template sized by a device query (`//@ bind:`): only a device can
    /// expand it, so the checker and the compilers do not judge it (`clasp run` skips it there,
    /// naming the query).
    pub fn sized_by_device(&self) -> bool {
        self.run.iter().any(|d| d.trim_start().starts_with("bind:"))
    }

    /// The case in the suite format: a comment, the header, a blank line, the source with its
    /// annotations. The violating construct is on one line with its `//~`.
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(64 * (self.lines.len() + self.header_lines()));
        let _ = writeln!(out, "// Generated (clasp-generators): {}", self.doc);
        out.push_str("//@ rules:");
        for r in &self.rules {
            out.push(' ');
            out.push_str(r.code());
        }
        out.push_str("\n//@ profiles:");
        for p in &self.profiles {
            out.push(' ');
            out.push_str(&p.name());
        }
        // The dimensions, as the properties a known deviation can name (hand-written cases
        // declare the same keys).
        if !self.dims.is_empty() {
            out.push_str("\n//@ props:");
            for (k, v) in &self.dims {
                let _ = write!(out, " {k}={}", prop_value(v));
            }
        }
        if !self.run.is_empty() {
            out.push_str("\n//@ kind: run");
            for d in &self.run {
                out.push_str("\n//@ ");
                out.push_str(d);
            }
        }
        out.push_str("\n\n");
        for line in &self.lines {
            out.push_str(&line.text);
            for (rule, ps) in &line.expect {
                if ps.len() == self.profiles.len() {
                    let _ = write!(out, " //~ ERROR {rule}");
                } else {
                    let names: Vec<String> = ps.iter().map(|p| p.name()).collect();
                    let _ = write!(out, " //~ ERROR[{}] {rule}", names.join(","));
                }
            }
            out.push('\n');
        }
        out
    }

    /// The source a compiler sees is the rendered text (annotations are comments).
    pub fn parse(&self) -> Result<Case, CaseError> {
        Case::parse(&format!("{}.cl", self.name), &self.name, &self.render())
    }

    /// The case restricted to `keep` profiles, or `None` when it runs in none of them or its
    /// target rule applies to none of them.
    pub fn restrict(&self, keep: &[Profile]) -> Option<GenCase> {
        let profiles: Vec<Profile> = self
            .profiles
            .iter()
            .copied()
            .filter(|p| keep.contains(p))
            .collect();
        if profiles.is_empty() {
            return None;
        }
        let mut out = self.clone();
        out.profiles = profiles.clone();
        for line in &mut out.lines {
            for ps in line.expect.values_mut() {
                ps.retain(|p| profiles.contains(p));
            }
            line.expect.retain(|_, ps| !ps.is_empty());
        }
        out.rules
            .retain(|r| profiles.iter().any(|p| r.applies_to(*p)));
        if !out.rules.contains(&self.rule) {
            return None;
        }
        let expected: Vec<RuleId> = out
            .lines
            .iter()
            .flat_map(|l| l.expect.keys().copied())
            .collect();
        if expected.iter().any(|r| !out.rules.contains(r)) {
            return None;
        }
        Some(out)
    }
}

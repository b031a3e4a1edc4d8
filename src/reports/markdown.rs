//! `summary.md`: the run (command, date, subjects and their versions), a rule × subject table,
//! then every deviation group with its reproducer kernel, profile, build options, spec sentence,
//! diff and build-log excerpt; then interpretations (deviations on rules the spec reads two
//! ways, with the readings), known deviations, known ones that now pass, unused known
//! entries and skip reasons.

use super::{
    atomic, describe_actual, diff, log_excerpt, readings, spec_sentence, Counts, Event, Group,
    Outcome, Sink, Summary,
};
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

pub const FILE: &str = "summary.md";

/// How many case names a group lists before "and N more".
const LISTED: usize = 25;

/// How reproducers are pointed at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Links {
    /// Links to the files beside `summary.md`.
    Files,
    /// Paths only: a compact report has no reproducer files until `clasp report` writes them.
    OnDemand,
}

pub struct MarkdownSink {
    path: PathBuf,
    links: Links,
    text: String,
}

impl MarkdownSink {
    pub fn new(out: &Path, links: Links) -> MarkdownSink {
        MarkdownSink {
            path: out.join(FILE),
            links,
            text: String::new(),
        }
    }
}

/// A fenced block that its content cannot close: the fence is longer than any backtick run in it.
pub fn fenced(lang: &str, content: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in content.chars() {
        if c == '`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    let fence = "`".repeat(longest.max(2) + 1);
    let mut s = format!("{fence}{lang}\n{content}");
    if !content.ends_with('\n') {
        s.push('\n');
    }
    s.push_str(&fence);
    s.push('\n');
    s
}

/// Inline code that its content cannot close, with table pipes escaped.
pub fn code(s: &str) -> String {
    let s = s.replace('|', "\\|").replace('\n', " ");
    if s.contains('`') {
        format!("`` {s} ``")
    } else {
        format!("`{s}`")
    }
}

fn cell(c: Option<&Counts>) -> String {
    match c {
        None => "–".into(),
        Some(c) => {
            let mut s = format!("{}/{}", c.get(Outcome::Pass), c.total());
            for o in [
                Outcome::Deviation,
                Outcome::Interpretation,
                Outcome::Crash,
                Outcome::Timeout,
                Outcome::Known,
                Outcome::KnownButPassed,
            ] {
                if c.get(o) > 0 {
                    let _ = write!(s, ", **{} {}**", c.get(o), o.name());
                }
            }
            if c.get(Outcome::Skipped) > 0 {
                let _ = write!(s, ", {} skipped", c.get(Outcome::Skipped));
            }
            s
        }
    }
}

/// The title of a group: `subject · RULE · CL1.2: expected reject, got accepted`.
pub fn group_title(g: &Group) -> String {
    let kind = match g.kind {
        crate::results::RunKind::Listed => String::new(),
        crate::results::RunKind::UnsupportedStd => " (device does not support this -cl-std)".into(),
        k => format!(" ({})", super::kind_name(k)),
    };
    format!(
        "{} · {} · {}{kind}: expected {}, got {}",
        g.subject,
        g.rules.join(", "),
        g.profile,
        g.expected,
        g.actual
    )
}

fn write_group(out: &mut String, s: &Summary<'_>, links: Links, n: usize, g: &Group) {
    let rep = &s.reported[g.reproducer];
    let r = rep.result;
    let _ = writeln!(out, "### {n}. {}\n", group_title(g));
    let names: Vec<String> = g
        .members
        .iter()
        .take(LISTED)
        .map(|&i| code(&s.reported[i].result.case))
        .collect();
    let more = g.members.len().saturating_sub(LISTED);
    let _ = writeln!(
        out,
        "- Cases ({}): {}{}",
        g.members.len(),
        names.join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    );
    let _ = writeln!(
        out,
        "- Profile: {} · build options: {}",
        code(&r.profile.to_string()),
        code(&r.options.join(" "))
    );
    let _ = writeln!(out, "- Subject: {} ({})", code(&r.subject), r.identity);
    if let Some(why) = &g.known_why {
        let _ = writeln!(out, "- Known: {why}");
    }
    let _ = match links {
        Links::Files => writeln!(
            out,
            "- Reproducer: [`{0}.cl`]({0}.cl) with [`{0}.options`]({0}.options) (`{1}`, the smallest of the {2})",
            g.repro_path,
            r.case,
            g.members.len()
        ),
        Links::OnDemand => writeln!(
            out,
            "- Reproducer: `{0}.cl` with `{0}.options` (`{1}`, the smallest of the {2}; `clasp report` on this folder writes them)",
            g.repro_path,
            r.case,
            g.members.len()
        ),
    };
    for rule in &g.rules {
        let _ = writeln!(out, "- {rule}: {}", spec_sentence(rule));
        if g.another_reading {
            let _ = writeln!(out, "- Readings of {rule}:");
            for line in readings(rule) {
                let _ = writeln!(out, "  - {}", line.replace('\n', " "));
            }
        }
    }
    let _ = writeln!(out, "\n{}", fenced("diff", &diff::of(r)));
    if let Some(log) = log_excerpt(&r.actual, 20) {
        let _ = writeln!(
            out,
            "Build log ({}):\n\n{}",
            describe_actual(&r.actual),
            fenced("text", &log)
        );
    }
    if let Some(case) = s.cases.get(r.case.as_str()) {
        let _ = writeln!(out, "{}", fenced("c", &case.source));
    }
}

pub fn render(s: &Summary<'_>, links: Links) -> String {
    let mut out = String::new();
    let info = &s.run.run;
    let _ = writeln!(
        out,
        "# clasp run {}\n",
        info.run_id.as_deref().unwrap_or("(unnamed)")
    );
    let _ = writeln!(out, "- Command: {}", code(&info.command()));
    let _ = writeln!(
        out,
        "- Date: {} · clasp {}",
        info.date(),
        info.clasp_version
    );
    let _ = writeln!(out, "- Total: {}", s.totals_line());
    for note in &info.notes {
        let _ = writeln!(out, "- Note: {note}");
    }
    if s.run.unreadable > 0 {
        let _ = writeln!(
            out,
            "- {} unreadable line(s) in results.jsonl were ignored",
            s.run.unreadable
        );
    }
    let _ = writeln!(out, "\n## Subjects\n");
    let _ = writeln!(
        out,
        "| subject | identity | results | {} |",
        Outcome::ALL.map(Outcome::name).join(" | ")
    );
    let _ = writeln!(
        out,
        "| --- | --- | ---: |{}",
        " ---: |".repeat(Outcome::ALL.len())
    );
    for (id, c) in &s.per_subject {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} |",
            code(id),
            s.identities
                .get(id)
                .map(|i| i.replace('|', "\\|"))
                .unwrap_or_default(),
            c.total(),
            Outcome::ALL.map(|o| c.get(o).to_string()).join(" | ")
        );
    }
    let subjects: Vec<&String> = s.per_subject.keys().collect();
    let _ = writeln!(out, "\n## Rules × subjects\n");
    let _ = writeln!(out, "Each cell: passed/results, then what did not pass.\n");
    let _ = writeln!(
        out,
        "| rule | {} |",
        subjects
            .iter()
            .map(|s| code(s))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    let _ = writeln!(out, "| --- |{}", " --- |".repeat(subjects.len()));
    for (rule, per) in &s.per_rule {
        let _ = writeln!(
            out,
            "| {} | {} |",
            code(rule),
            subjects
                .iter()
                .map(|id| cell(per.get(*id)))
                .collect::<Vec<_>>()
                .join(" | ")
        );
    }
    let members: usize = s.groups.iter().map(|g| g.members.len()).sum();
    let _ = writeln!(
        out,
        "\n## Deviations\n\n{members} result(s) in {} group(s); each group shows its smallest kernel.\n",
        s.groups.len()
    );
    for (i, g) in s.groups.iter().enumerate() {
        write_group(&mut out, s, links, i + 1, g);
    }
    if !s.interpretation_groups.is_empty() {
        let members: usize = s
            .interpretation_groups
            .iter()
            .map(|g| g.members.len())
            .sum();
        let _ = writeln!(
            out,
            "\n## Interpretations\n\n{members} result(s) in {} group(s): deviations on rules whose spec passages contradict each other or that clang-based compilers read more widely. The subject took another reading than clasp's; each group lists the readings and the one clasp takes. Not findings.\n",
            s.interpretation_groups.len()
        );
        for (i, g) in s.interpretation_groups.iter().enumerate() {
            write_group(&mut out, s, links, i + 1, g);
        }
    }
    if !s.known_but_passed.is_empty() {
        let _ = writeln!(
            out,
            "\n## Known deviations that now pass\n\nRemove these entries from `reports/known/`:\n"
        );
        for &i in &s.known_but_passed {
            let rep = &s.reported[i];
            let _ = writeln!(
                out,
                "- {} [{}] on {}: {}",
                code(&rep.result.case),
                rep.result.profile,
                code(&rep.result.subject),
                rep.known
                    .map(|k| format!("{} ({})", k.why, k.origin))
                    .unwrap_or_default()
            );
        }
    }
    if !s.known_groups.is_empty() {
        let members: usize = s.known_groups.iter().map(|g| g.members.len()).sum();
        let _ = writeln!(
            out,
            "\n## Known deviations\n\n{members} result(s) in {} group(s), named in `reports/known/`.\n",
            s.known_groups.len()
        );
        for (i, g) in s.known_groups.iter().enumerate() {
            write_group(&mut out, s, links, i + 1, g);
        }
    }
    if !s.skipped.is_empty() {
        let _ = writeln!(out, "\n## Skipped\n\n| results | why |\n| ---: | --- |");
        for (why, n) in &s.skipped {
            let _ = writeln!(out, "| {n} | {} |", why.replace('|', "\\|"));
        }
    }
    out
}

impl Sink for MarkdownSink {
    fn on(&mut self, event: &Event<'_, '_>) -> io::Result<()> {
        if let Event::Finished(s) = event {
            self.text = render(s, self.links);
        }
        Ok(())
    }

    fn finish(self: Box<Self>) -> io::Result<Vec<PathBuf>> {
        atomic::write(&self.path, self.text.as_bytes())?;
        Ok(vec![self.path])
    }
}

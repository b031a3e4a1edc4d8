//! Reports: one event stream from a saved run, many sinks (STYLE §16).
//!
//! A report is rendered from a run directory alone (`run.json`, `results.jsonl`, `cases.json`;
//! without `cases.json`, the cases are read again from the corpus the run names and rebuilt by
//! the generators) or from a `results.json` a report wrote, never from a driver: [`SavedRun::load`] reads it,
//! [`render`] matches it against the known deviations ([`known`]), turns every [`CaseResult`]
//! into a [`Reported`] with its [`Outcome`], groups the deviations ([`Group`], each with its
//! smallest kernel as reproducer) and feeds [`Event`]s to every [`Sink`]:
//!
//! | sink | file |
//! | --- | --- |
//! | [`json`] | `results.json` (or `results.json.gz`): the whole run, plain data; `clasp report` and `clasp compare` read it back |
//! | [`junit`] | `junit.xml`: a testsuite per subject |
//! | [`markdown`] | `summary.md`: rule × subject table, then every deviation |
//! | [`html`] | `index.html`: the same, one self-contained file, filters in the URL hash |
//! | [`cts`] | `cts/<subject>.json`: `{"cmd", "args", "results": {name: pass|fail|skip}}` |
//! | [`repro`] | `reproducers/<subject>/<case>@<profile>.{cl,options}` |
//!
//! [`bug`] renders one finding as a ready-to-file bug report (`clasp report --bug`, `--bugs`).
//!
//! A compact report ([`Form::Compact`]) writes `summary.md` and `results.json.gz` alone. The
//! summary printed at the end ([`terminal`]) comes from the same [`Summary`] as the files.
//!
//! Every file is written whole and atomically ([`atomic`]): a report that is killed while
//! writing leaves each file either old or new.

pub mod atomic;
pub mod bug;
pub mod compare;
pub mod cts;
pub mod describe;
pub mod diff;
pub mod history;
pub mod html;
pub mod json;
pub mod junit;
pub mod known;
pub mod markdown;
pub mod repro;
pub mod saved;
pub mod summary;
pub mod terminal;

pub use describe::{
    describe_actual, describe_expected, kind_name, log_excerpt, readings, run_lines, slug,
    spec_sentence,
};
pub use saved::{
    save_cases, CaseInfo, RunInfo, SavedRun, CL_STD_RULE, FORMAT, RESULTS_GZ, RESULTS_JSON,
};
pub use summary::{another_reading, summarise, Counts, Group, Outcome, Reported, Summary};

use anyhow::Context as _;
use known::Known;
use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

/// One event of the stream every sink reads.
pub enum Event<'a, 'b> {
    Started(&'b Summary<'a>),
    Result(&'b Reported<'a>),
    Finished(&'b Summary<'a>),
}

/// A report writer. Sinks collect what they need from events and write their files, whole and
/// atomically, in `finish`, returning the paths written.
pub trait Sink {
    fn on(&mut self, event: &Event<'_, '_>) -> io::Result<()>;
    fn finish(self: Box<Self>) -> io::Result<Vec<PathBuf>>;
}

/// Which files a report writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// Every sink.
    Full,
    /// `summary.md` and `results.json.gz` alone, what `reports/reference/` keeps: `clasp report`
    /// renders every other file from them on demand.
    Compact,
}

/// What [`render`] wrote.
#[derive(Debug)]
pub struct Rendered {
    pub files: Vec<PathBuf>,
    pub findings: usize,
    pub per_subject: BTreeMap<String, Counts>,
    /// The summary to print ([`terminal`]).
    pub text: String,
}

/// Renders the sinks of a saved run into `out`.
pub fn render(run: &SavedRun, known: &Known, out: &Path, form: Form) -> anyhow::Result<Rendered> {
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    atomic::clean_stale(out);
    let summary = summarise(run, known);
    let sinks: Vec<Box<dyn Sink>> = match form {
        Form::Full => vec![
            Box::new(json::JsonSink::new(out, json::Encoding::Plain)),
            Box::new(junit::JunitSink::new(out)),
            Box::new(cts::CtsSink::new(out)),
            Box::new(repro::ReproSink::new(out)),
            Box::new(markdown::MarkdownSink::new(out, markdown::Links::Files)),
            Box::new(html::HtmlSink::new(out)),
        ],
        Form::Compact => vec![
            Box::new(json::JsonSink::new(out, json::Encoding::Gzip)),
            Box::new(markdown::MarkdownSink::new(out, markdown::Links::OnDemand)),
        ],
    };
    let write = |e: io::Error| anyhow::anyhow!("cannot write a report into {}: {e}", out.display());
    // One sink at a time, written and dropped before the next starts: a sink holds its whole
    // file until `finish`, and on a run of the whole generated suite those are hundreds of MB.
    let mut files = Vec::new();
    for mut s in sinks {
        s.on(&Event::Started(&summary)).map_err(write)?;
        for rep in &summary.reported {
            s.on(&Event::Result(rep)).map_err(write)?;
        }
        s.on(&Event::Finished(&summary)).map_err(write)?;
        files.extend(s.finish().map_err(write)?);
    }
    let html = (form == Form::Full).then(|| out.join(html::FILE));
    Ok(Rendered {
        files,
        findings: summary.findings(),
        per_subject: summary.per_subject.clone(),
        text: terminal::render(&summary, &out.join(markdown::FILE), html.as_deref()),
    })
}

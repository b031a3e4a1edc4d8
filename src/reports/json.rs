//! `results.json`: the whole run as one document, plain data. `clasp report` and `clasp compare`
//! read it back ([`super::SavedRun::load`]), so a committed report can be re-rendered without
//! the run directory. Compressed (`results.json.gz`, gzip of the same document on one line), it
//! is what a compact report keeps. Each result carries the report's judgement too (`status`, `known`,
//! `rules`), for readers that do not re-apply known deviations.

use super::{atomic, CaseInfo, Event, RunInfo, Sink, FORMAT, RESULTS_GZ, RESULTS_JSON};
use crate::results::CaseResult;
use serde::{Deserialize, Serialize};
use std::io;
use std::path::{Path, PathBuf};

#[derive(Debug, Serialize, Deserialize)]
pub struct Document {
    pub format: String,
    pub run: RunInfo,
    pub cases: Vec<CaseInfo>,
    pub results: Vec<Record>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Record {
    #[serde(flatten)]
    pub result: CaseResult,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<super::Outcome>,
    /// The known-deviation entry that matched: its reason and where it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub known: Option<String>,
    #[serde(default)]
    pub rules: Vec<String>,
}

/// How the document is written.
/// [`Document`] as written: the same fields, borrowed from the run.
#[derive(Serialize)]
struct DocumentRef<'a> {
    format: &'a str,
    run: &'a RunInfo,
    cases: &'a [CaseInfo],
    results: Vec<RecordRef<'a>>,
}

/// [`Record`] as written.
#[derive(Serialize)]
struct RecordRef<'a> {
    #[serde(flatten)]
    result: &'a CaseResult,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<super::Outcome>,
    #[serde(skip_serializing_if = "Option::is_none")]
    known: Option<String>,
    rules: &'a [String],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// `results.json`, indented for people and diffs.
    Plain,
    /// `results.json.gz`: one line, gzip at the best compression (the bytes depend on nothing
    /// but the document: no time or name in the header).
    Gzip,
}

pub struct JsonSink {
    path: PathBuf,
    encoding: Encoding,
    bytes: Vec<u8>,
}

impl JsonSink {
    pub fn new(out: &Path, encoding: Encoding) -> JsonSink {
        let name = match encoding {
            Encoding::Plain => RESULTS_JSON,
            Encoding::Gzip => RESULTS_GZ,
        };
        JsonSink {
            path: out.join(name),
            encoding,
            bytes: Vec::new(),
        }
    }
}

fn gzip(text: &str) -> io::Result<Vec<u8>> {
    use std::io::Write as _;
    let mut e = flate2::GzBuilder::new()
        .mtime(0)
        .write(Vec::new(), flate2::Compression::best());
    e.write_all(text.as_bytes())?;
    e.finish()
}

impl Sink for JsonSink {
    fn on(&mut self, event: &Event<'_, '_>) -> io::Result<()> {
        if let Event::Finished(s) = event {
            // Borrowed, not cloned: [`Document`]'s shape, serialised from the run as it is.
            let doc = DocumentRef {
                format: FORMAT,
                run: &s.run.run,
                cases: &s.run.cases,
                results: s
                    .reported
                    .iter()
                    .map(|r| RecordRef {
                        result: r.result,
                        status: Some(r.outcome),
                        known: r.known.map(|k| format!("{} ({})", k.why, k.origin)),
                        rules: &r.rules,
                    })
                    .collect(),
            };
            self.bytes = match self.encoding {
                Encoding::Plain => (serde_json::to_string_pretty(&doc)? + "\n").into_bytes(),
                Encoding::Gzip => gzip(&(serde_json::to_string(&doc)? + "\n"))?,
            };
        }
        Ok(())
    }

    fn finish(self: Box<Self>) -> io::Result<Vec<PathBuf>> {
        atomic::write(&self.path, &self.bytes)?;
        Ok(vec![self.path])
    }
}

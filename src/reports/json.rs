//! `results.json`: the whole run as one document, plain data. `clasp report` and `clasp compare`
//! read it back ([`super::SavedRun::load`]), so a committed report can be re-rendered without
//! the run directory. Each result carries the report's judgement too (`status`, `known`,
//! `rules`), for readers that do not re-apply known deviations.

use super::{atomic, CaseInfo, Event, RunInfo, Sink, FORMAT, RESULTS_JSON};
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

pub struct JsonSink {
    path: PathBuf,
    text: Option<String>,
}

impl JsonSink {
    pub fn new(out: &Path) -> JsonSink {
        JsonSink {
            path: out.join(RESULTS_JSON),
            text: None,
        }
    }
}

impl Sink for JsonSink {
    fn on(&mut self, event: &Event<'_, '_>) -> io::Result<()> {
        if let Event::Finished(s) = event {
            let doc = Document {
                format: FORMAT.into(),
                run: s.run.run.clone(),
                cases: s.run.cases.clone(),
                results: s
                    .reported
                    .iter()
                    .map(|r| Record {
                        result: r.result.clone(),
                        status: Some(r.outcome),
                        known: r.known.map(|k| format!("{} ({})", k.why, k.origin)),
                        rules: r.rules.clone(),
                    })
                    .collect(),
            };
            self.text = Some(serde_json::to_string_pretty(&doc)? + "\n");
        }
        Ok(())
    }

    fn finish(self: Box<Self>) -> io::Result<Vec<PathBuf>> {
        let text = self.text.unwrap_or_default();
        atomic::write(&self.path, text.as_bytes())?;
        Ok(vec![self.path])
    }
}

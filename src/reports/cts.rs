//! CTS-style JSON, one file per subject (`cts/<subject>.json`), in the shape the OpenCL CTS
//! harness writes with `--json`: `{"cmd", "args", "results": {name: "pass"|"fail"|"skip"}}` (plus `subject`),
//! so tools that already read the CTS's results can read clasp's. Names are
//! `<case>@<profile>` (`#unsupported-std` appended for the derived `-cl-std` results). A known
//! deviation is still a `fail` (the CTS has no such state); a known one that passes is a `pass`.

use super::{atomic, slug, Event, Outcome, Sink};
use crate::results::RunKind;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

pub struct CtsSink {
    dir: PathBuf,
    per_subject: BTreeMap<String, Map<String, Value>>,
    args: Vec<String>,
}

impl CtsSink {
    pub fn new(out: &Path) -> CtsSink {
        CtsSink {
            dir: out.join("cts"),
            per_subject: BTreeMap::new(),
            args: Vec::new(),
        }
    }
}

/// The CTS state of an outcome.
pub fn state(o: Outcome) -> &'static str {
    match o {
        Outcome::Pass | Outcome::KnownButPassed => "pass",
        Outcome::Skipped => "skip",
        Outcome::Deviation
        | Outcome::Interpretation
        | Outcome::Known
        | Outcome::Crash
        | Outcome::Timeout => "fail",
    }
}

impl Sink for CtsSink {
    fn on(&mut self, event: &Event<'_, '_>) -> io::Result<()> {
        match event {
            Event::Started(s) => self.args = s.run.run.args.clone(),
            Event::Result(r) => {
                let mut name = format!("{}@{}", r.result.case, r.result.profile);
                if r.result.kind != RunKind::Listed {
                    name.push('#');
                    name.push_str(&super::kind_name(r.result.kind));
                }
                self.per_subject
                    .entry(r.result.subject.clone())
                    .or_default()
                    .insert(name, json!(state(r.outcome)));
            }
            Event::Finished(_) => {}
        }
        Ok(())
    }

    fn finish(self: Box<Self>) -> io::Result<Vec<PathBuf>> {
        let mut files = Vec::new();
        for (subject, results) in self.per_subject {
            let doc = json!({
                "cmd": "clasp",
                "args": self.args,
                "subject": subject,
                "results": results,
            });
            let path = self.dir.join(format!("{}.json", slug(&subject)));
            atomic::write(
                &path,
                (serde_json::to_string_pretty(&doc)? + "\n").as_bytes(),
            )?;
            files.push(path);
        }
        Ok(files)
    }
}

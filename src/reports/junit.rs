//! `junit.xml` (quick-junit): one testsuite per subject, one testcase per result, named
//! `<case> [<profile>]` with the case's folder as class name. Deviations, crashes, timeouts and
//! known deviations that now pass are failures (crashes and timeouts as errors); known
//! deviations and skipped results are skipped, with the reason as message.

use super::{atomic, describe_expected, diff, log_excerpt, Event, Outcome, Sink};
use crate::results::RunKind;
use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub const FILE: &str = "junit.xml";

pub struct JunitSink {
    path: PathBuf,
    suites: BTreeMap<String, TestSuite>,
    name: String,
}

impl JunitSink {
    pub fn new(out: &Path) -> JunitSink {
        JunitSink {
            path: out.join(FILE),
            suites: BTreeMap::new(),
            name: "clasp".into(),
        }
    }
}

impl Sink for JunitSink {
    fn on(&mut self, event: &Event<'_, '_>) -> io::Result<()> {
        match event {
            Event::Started(s) => {
                if let Some(id) = &s.run.run.run_id {
                    self.name = format!("clasp {id}");
                }
            }
            Event::Result(rep) => {
                let r = rep.result;
                let expected = describe_expected(&r.expected);
                let message = format!(
                    "expected {expected}, got {}",
                    super::describe_actual(&r.actual)
                );
                let mut status = match rep.outcome {
                    Outcome::Pass => TestCaseStatus::success(),
                    Outcome::Skipped => {
                        let mut s = TestCaseStatus::skipped();
                        if let crate::results::Actual::Skipped { why } = &r.actual {
                            s.set_message(why.as_str());
                        }
                        s
                    }
                    Outcome::Known => {
                        let mut s = TestCaseStatus::skipped();
                        let why = rep.known.map(|k| k.why.as_str()).unwrap_or("");
                        s.set_message(format!("known deviation ({message}): {why}"));
                        s
                    }
                    Outcome::Interpretation => {
                        let mut s = TestCaseStatus::skipped();
                        s.set_message(format!(
                            "another reading of the spec ({message}): {}",
                            rep.rules.join(", ")
                        ));
                        s
                    }
                    Outcome::Deviation | Outcome::KnownButPassed => {
                        let mut s = TestCaseStatus::non_success(NonSuccessKind::Failure);
                        s.set_type(rep.outcome.name());
                        if rep.outcome == Outcome::KnownButPassed {
                            s.set_message(format!(
                                "passes, but a known-deviation entry names it: remove the entry ({})",
                                rep.known.map(|k| k.origin.as_str()).unwrap_or("")
                            ));
                        } else {
                            s.set_message(message.as_str());
                        }
                        s
                    }
                    Outcome::Crash | Outcome::Timeout => {
                        let mut s = TestCaseStatus::non_success(NonSuccessKind::Error);
                        s.set_type(rep.outcome.name());
                        s.set_message(message.as_str());
                        s
                    }
                };
                if matches!(
                    rep.outcome,
                    Outcome::Deviation | Outcome::Crash | Outcome::Timeout
                ) {
                    let mut text = diff::of(r);
                    if let Some(log) = log_excerpt(&r.actual, 30) {
                        text.push_str("\nbuild log:\n");
                        text.push_str(&log);
                    }
                    status.set_description(text);
                }
                let mut name = format!("{} [{}]", r.case, r.profile);
                if r.kind != RunKind::Listed {
                    name.push_str(&format!(" ({})", super::kind_name(r.kind)));
                }
                let mut tc = TestCase::new(name, status);
                let class = r.case.rsplit_once('/').map(|(d, _)| d).unwrap_or("");
                tc.set_classname(class);
                tc.set_time(Duration::from_secs_f64(r.duration_ms.max(0.0) / 1e3));
                tc.add_property(("options", r.options.join(" ").as_str()));
                tc.add_property(("rules", rep.rules.join(" ").as_str()));
                self.suites
                    .entry(r.subject.clone())
                    .or_insert_with(|| {
                        let mut s = TestSuite::new(r.subject.as_str());
                        s.add_property(("identity", r.identity.as_str()));
                        s
                    })
                    .add_test_case(tc);
            }
            Event::Finished(_) => {}
        }
        Ok(())
    }

    fn finish(self: Box<Self>) -> io::Result<Vec<PathBuf>> {
        let mut report = Report::new(self.name.as_str());
        report.add_test_suites(self.suites.into_values());
        let text = report
            .to_string()
            .map_err(|e| io::Error::other(e.to_string()))?;
        atomic::write(&self.path, text.as_bytes())?;
        Ok(vec![self.path])
    }
}

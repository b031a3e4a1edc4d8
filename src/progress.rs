//! Progress on stderr: one `indicatif` bar per subject with its counts so far (pass, deviation,
//! known, interpretation, ...) and ETA on a terminal, plain lines otherwise (a line per subject
//! every few seconds while it runs, and when it is done). Nothing else is printed while a run
//! goes: the summary comes once, at the end.

use crate::reports::{Counts, Outcome};
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// How often plain mode prints a line for a subject that is still running.
const PLAIN_EVERY: Duration = Duration::from_secs(10);

pub struct Progress {
    subjects: Vec<SubjectProgress>,
    /// The bars draw through it; kept so they stay on screen until the run is over.
    _bars: Option<MultiProgress>,
}

struct SubjectProgress {
    id: String,
    total: usize,
    counts: Counts,
    started: Instant,
    last_line: Instant,
    bar: Option<ProgressBar>,
}

impl Progress {
    /// `totals`: (subject id, number of results it will produce).
    pub fn new(totals: &[(String, usize)], plain: bool) -> Progress {
        let fancy = !plain && std::io::stderr().is_terminal();
        let bars = fancy.then(|| MultiProgress::with_draw_target(ProgressDrawTarget::stderr()));
        let width = totals
            .iter()
            .map(|(id, _)| id.len())
            .max()
            .unwrap_or(10)
            .min(48);
        let style = ProgressStyle::with_template(&format!(
            "{{prefix:<{width}}} [{{bar:28}}] {{pos}}/{{len}} {{msg}} ETA {{eta}}"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        let now = Instant::now();
        let subjects = totals
            .iter()
            .map(|(id, total)| {
                let bar = bars.as_ref().map(|m| {
                    let b = m.add(ProgressBar::new(*total as u64));
                    b.set_style(style.clone());
                    b.set_prefix(id.chars().take(width).collect::<String>());
                    b
                });
                SubjectProgress {
                    id: id.clone(),
                    total: *total,
                    counts: Counts::default(),
                    started: now,
                    last_line: now,
                    bar,
                }
            })
            .collect();
        Progress {
            subjects,
            _bars: bars,
        }
    }

    pub fn record(&mut self, subject: usize, outcome: Outcome) {
        let Some(s) = self.subjects.get_mut(subject) else {
            return;
        };
        s.counts.add(outcome);
        let done = s.counts.total();
        let msg = s.counts.brief();
        match &s.bar {
            Some(bar) => {
                bar.set_position(done as u64);
                bar.set_message(msg);
                if done == s.total {
                    bar.finish();
                }
            }
            None => {
                if done == s.total || s.last_line.elapsed() >= PLAIN_EVERY {
                    s.last_line = Instant::now();
                    let state = if done == s.total { "done" } else { "running" };
                    eprintln!(
                        "clasp: {} {state}: {done}/{} ({msg}) {:.1} s",
                        s.id,
                        s.total,
                        s.started.elapsed().as_secs_f64()
                    );
                }
            }
        }
    }

    pub fn finish(self) {
        for s in &self.subjects {
            if let Some(bar) = &s.bar {
                bar.finish();
            }
        }
    }
}

//! Reproducers: for each group of deviations, the smallest kernel in the run that shows it, as
//! a standalone `.cl` file (the case's source, byte for byte, so line numbers hold) and a
//! `.options` file with the exact build options and how to run it again.

use super::{atomic, Event, Group, Sink, Summary};
use std::io;
use std::path::{Path, PathBuf};

pub struct ReproSink {
    out: PathBuf,
    files: Vec<(PathBuf, String)>,
}

impl ReproSink {
    pub fn new(out: &Path) -> ReproSink {
        ReproSink {
            out: out.to_path_buf(),
            files: Vec::new(),
        }
    }
}

/// The `.options` file of a group's reproducer.
pub fn options_text(s: &Summary<'_>, g: &Group) -> String {
    let r = s.reported[g.reproducer].result;
    let file = format!(
        "{}.cl",
        g.repro_path.rsplit('/').next().unwrap_or(&g.repro_path)
    );
    let how = if r.subject == "checker" {
        format!(
            "clasp check --std {} {}{file}",
            r.profile,
            r.options
                .iter()
                .map(|o| format!("{o} "))
                .collect::<String>()
        )
    } else if r.subject.starts_with("clang") {
        format!(
            "{} {}",
            r.subject,
            r.options.join(" ").replace("{file}", &file)
        )
    } else {
        format!(
            "clBuildProgram(program from {file}, options = \"{}\")",
            r.options.join(" ")
        )
    };
    let generated = s
        .cases
        .get(r.case.as_str())
        .filter(|c| c.generated)
        .map(|_| {
            format!(
                "# generated: `clasp generate --case {}` prints it\n",
                r.case
            )
        })
        .unwrap_or_default();
    format!(
        "{}\n# case: {}\n{generated}# subject: {} ({})\n# profile: {}\n# expected: {}; got: {}\n# {} case(s) in this run show the same; this is the smallest.\n# run: {how}\n",
        r.options.join(" "),
        r.case,
        r.subject,
        r.identity,
        r.profile,
        g.expected,
        g.actual,
        g.members.len(),
    )
}

impl Sink for ReproSink {
    fn on(&mut self, event: &Event<'_, '_>) -> io::Result<()> {
        if let Event::Finished(s) = event {
            for g in s.groups.iter().chain(&s.known_groups) {
                let r = s.reported[g.reproducer].result;
                let Some(case) = s.cases.get(r.case.as_str()) else {
                    continue;
                };
                let base = self.out.join(&g.repro_path).to_string_lossy().into_owned();
                // Not `with_extension`: the name ends in a profile like `@CL1.2`.
                self.files
                    .push((PathBuf::from(format!("{base}.cl")), case.source.clone()));
                self.files
                    .push((PathBuf::from(format!("{base}.options")), options_text(s, g)));
            }
        }
        Ok(())
    }

    fn finish(self: Box<Self>) -> io::Result<Vec<PathBuf>> {
        let mut written = Vec::new();
        for (path, text) in self.files {
            atomic::write(&path, text.as_bytes())?;
            written.push(path);
        }
        // Reproducers of an earlier rendering that this one no longer has.
        remove_others(&self.out.join("reproducers"), &written);
        Ok(written)
    }
}

fn remove_others(dir: &Path, keep: &[PathBuf]) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            remove_others(&p, keep);
            let _ = std::fs::remove_dir(&p); // only if empty
        } else if p.extension().is_some_and(|x| x == "cl" || x == "options") && !keep.contains(&p) {
            let _ = std::fs::remove_file(&p);
        }
    }
}

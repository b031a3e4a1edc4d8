//! Known deviations as data: `reports/known/<driver>.toml`.
//!
//! ```toml
//! # Why, in a comment above every entry.
//! [[known]]
//! device = { platform = "portable computing language", driver = "pocl 3.1" }
//! cases = ["program-scope/global-*@CL1.2", "local/init-*"]
//! why = "reviewed driver bug: accepts ... (reports/findings.md, PoCL 1)"
//! ```
//!
//! `device` fields are case-insensitive substrings: `subject` of the subject id, `platform` of the
//! platform name and version, `device` of the device name, `driver` of the device and driver
//! versions (for the checker and clang, which have one identity string, each is matched against
//! all of it). At least one is required, so an entry never silently applies to every subject.
//! `cases` are globs over case names ([`crate::glob`]: `*` any text, `?` one character), each optionally
//! restricted to one profile with `@PROFILE`; `kind = "unsupported-std"` restricts an entry to the
//! derived "unsupported `-cl-std` must fail" results. Matching happens when a report is
//! rendered, so a saved run can be re-rendered against a new known file; nothing edits a case.

use crate::glob::Globs;
use crate::results::{CaseResult, RunKind};
use anyhow::{bail, Context as _};
use serde::{Deserialize, Serialize};
use std::path::Path;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeviceMatch {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub platform: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub driver: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnownEntry {
    pub device: DeviceMatch,
    pub cases: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<RunKind>,
    pub why: String,
    /// Where the entry comes from (`pocl.toml #2`), filled in when loading.
    #[serde(skip)]
    pub origin: String,
    /// `cases`, compiled when loading: a glob per profile (`None`: every profile).
    #[serde(skip)]
    globs: Vec<(Option<String>, Globs)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KnownFile {
    #[serde(default)]
    known: Vec<KnownEntry>,
}

/// Every entry of every `*.toml` in a directory.
#[derive(Debug, Clone, Default)]
pub struct Known {
    pub entries: Vec<KnownEntry>,
}

impl Known {
    /// Loads `dir/*.toml` in name order; a missing directory is no known deviation.
    pub fn load(dir: &Path) -> anyhow::Result<Known> {
        let mut files: Vec<_> = match std::fs::read_dir(dir) {
            Ok(rd) => rd
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "toml"))
                .collect(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", dir.display())),
        };
        files.sort();
        let mut entries = Vec::new();
        for f in files {
            let text = std::fs::read_to_string(&f)
                .with_context(|| format!("cannot read {}", f.display()))?;
            let name = f
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            entries.extend(Known::parse(&name, &text)?.entries);
        }
        Ok(Known { entries })
    }

    /// Parses one file's text; `name` is how entries say where they come from.
    pub fn parse(name: &str, text: &str) -> anyhow::Result<Known> {
        let file: KnownFile = toml::from_str(text).with_context(|| format!("in {name}"))?;
        let mut entries = file.known;
        for (i, e) in entries.iter_mut().enumerate() {
            e.origin = format!("{name} #{}", i + 1);
            let d = &e.device;
            if [&d.subject, &d.platform, &d.device, &d.driver]
                .iter()
                .all(|f| f.as_deref().is_none_or(|s| s.trim().is_empty()))
            {
                bail!("{}: `device` needs at least one of subject, platform, device, driver (an entry must not apply to every subject)", e.origin);
            }
            if e.cases.is_empty() {
                bail!("{}: `cases` is empty", e.origin);
            }
            if e.why.trim().is_empty() {
                bail!(
                    "{}: `why` is empty: say why the deviation is known",
                    e.origin
                );
            }
            e.globs = e
                .cases
                .iter()
                .map(|pat| {
                    let (glob, profile) = match pat.rsplit_once('@') {
                        Some((glob, p)) => (glob, Some(p.to_string())),
                        None => (pat.as_str(), None),
                    };
                    Globs::new(&[glob])
                        .map(|g| (profile, g))
                        .with_context(|| e.origin.clone())
                })
                .collect::<anyhow::Result<_>>()?;
        }
        Ok(Known { entries })
    }

    /// The first entry that matches the result.
    pub fn find(&self, r: &CaseResult) -> Option<(usize, &KnownEntry)> {
        self.entries.iter().enumerate().find(|(_, e)| e.matches(r))
    }
}

impl KnownEntry {
    pub fn matches(&self, r: &CaseResult) -> bool {
        if self.kind.is_some_and(|k| k != r.kind) || !self.matches_subject(r) {
            return false;
        }
        let profile = r.profile.name();
        self.globs.iter().any(|(p, glob)| {
            p.as_ref().is_none_or(|p| p.eq_ignore_ascii_case(&profile)) && glob.matches(&r.case)
        })
    }

    /// Whether the entry names the result's subject, whatever its case, profile and kind.
    pub fn matches_subject(&self, r: &CaseResult) -> bool {
        let parts: Vec<&str> = r.identity.split(" | ").collect();
        let (platform, device, driver) = if parts.len() >= 5 {
            (
                parts[..2].join(" "),
                parts[2].to_string(),
                parts[3..].join(" "),
            )
        } else {
            (r.identity.clone(), r.identity.clone(), r.identity.clone())
        };
        let has = |want: &Option<String>, text: &str| {
            want.as_deref()
                .is_none_or(|w| text.to_lowercase().contains(&w.trim().to_lowercase()))
        };
        let d = &self.device;
        has(&d.subject, &r.subject)
            && has(&d.platform, &platform)
            && has(&d.device, &device)
            && has(&d.driver, &driver)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::{Actual, Expected, Verdict};
    use checker::Profile;

    fn result(case: &str, profile: Profile, identity: &str) -> CaseResult {
        CaseResult {
            case: case.into(),
            subject: "pocl/cpu".into(),
            profile,
            kind: RunKind::Listed,
            options: vec![],
            expected: Expected::Reject,
            actual: Actual::Accepted { log: String::new() },
            verdict: Verdict::Deviation,
            duration_ms: 0.0,
            driver_ms: None,
            cached: false,
            identity: identity.into(),
        }
    }

    #[test]
    fn matches_on_device_substrings_case_globs_and_profile() {
        let k = Known::parse(
            "pocl.toml",
            r#"
            # a comment saying why
            [[known]]
            device = { platform = "Portable Computing", driver = "pocl 6" }
            cases = ["program-scope/global-*@CL1.2", "local/init-*"]
            why = "reviewed"
            "#,
        )
        .unwrap();
        let id =
            "Portable Computing Language | OpenCL 3.0 PoCL 6.0 | cpu | OpenCL 3.0 | driver 6.0";
        let id = id.replace("driver 6.0", "driver pocl 6.0");
        assert!(k
            .find(&result("program-scope/global-x", Profile::CL1_2, &id))
            .is_some());
        assert!(k
            .find(&result("program-scope/global-x", Profile::CL2_0, &id))
            .is_none());
        assert!(k
            .find(&result("local/init-reject", Profile::CL2_0, &id))
            .is_some());
        let other = id.replace("Portable Computing Language", "Oclgrind");
        assert!(k
            .find(&result("local/init-reject", Profile::CL2_0, &other))
            .is_none());
        assert_eq!(k.entries[0].origin, "pocl.toml #1");
    }

    #[test]
    fn an_entry_needs_a_device_cases_and_a_reason() {
        for bad in [
            "[[known]]\ndevice = {}\ncases = [\"a\"]\nwhy = \"x\"",
            "[[known]]\ndevice = { platform = \"p\" }\ncases = []\nwhy = \"x\"",
            "[[known]]\ndevice = { platform = \"p\" }\ncases = [\"a\"]\nwhy = \" \"",
            "[[known]]\ndevice = { platfrom = \"p\" }\ncases = [\"a\"]\nwhy = \"x\"",
            "[[known]]\ndevice = { platform = \"p\" }\ncases = [\"a/[x\"]\nwhy = \"x\"",
        ] {
            assert!(Known::parse("t.toml", bad).is_err(), "{bad}");
        }
    }
}

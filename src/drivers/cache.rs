//! The result cache: what a subject answered for one source and one set of options.
//!
//! One JSON-lines file per subject identity, `reports/cache/<xxh64(identity)>.jsonl`, appended
//! as results come in. The key is the identity, the source's hash, the options and the profile;
//! the value is the raw outcome, never the verdict, so editing a case's expectations needs no
//! invalidation (and editing its source changes the key). Crashes are cached (a driver that
//! aborts on a source does so every time, and re-running it costs a worker restart per crash),
//! and so are skips a worker decided from the device; timeouts are not, since they depend on
//! load and on `--timeout`. `--no-cache` re-runs all.

use super::protocol::Mode;
use crate::results::Actual;
use checker::Profile;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;
use xxhash_rust::xxh64::xxh64;

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Key {
    pub source: u64,
    pub options: String,
    pub profile: Profile,
    /// What was done besides the build: empty for a plain build (entries written before
    /// run-time cases existed have none), `run` or `arg-info` ([`Mode::cache_tag`]).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub mode: String,
}

impl Key {
    pub fn new(source: &str, options: &str, profile: Profile) -> Key {
        Key {
            source: xxh64(source.as_bytes(), 0),
            options: options.to_string(),
            profile,
            mode: String::new(),
        }
    }

    /// The key of a request of `mode` on the same source and options.
    pub fn with_mode(mut self, mode: Mode) -> Key {
        self.mode = mode.cache_tag().to_string();
        self
    }
}

#[derive(Serialize, Deserialize)]
struct Entry {
    key: Key,
    actual: Actual,
    #[serde(default)]
    driver_ms: Option<f64>,
}

/// The cache of one subject identity.
pub struct Cache {
    map: HashMap<Key, (Actual, Option<f64>)>,
    file: Option<File>,
}

impl Cache {
    /// A cache that remembers nothing (`--no-cache`).
    pub fn disabled() -> Cache {
        Cache {
            map: HashMap::new(),
            file: None,
        }
    }

    /// Opens (or creates) the cache of `identity` under `dir`. Unreadable lines are ignored.
    pub fn open(dir: &Path, identity: &str) -> io::Result<Cache> {
        std::fs::create_dir_all(dir)?;
        let path = dir.join(format!("{:016x}.jsonl", xxh64(identity.as_bytes(), 0)));
        let mut map = HashMap::new();
        if let Ok(text) = std::fs::read_to_string(&path) {
            for line in text.lines() {
                if let Ok(e) = serde_json::from_str::<Entry>(line) {
                    map.insert(e.key, (e.actual, e.driver_ms));
                }
            }
        }
        let mut file = OpenOptions::new().create(true).append(true).open(&path)?;
        // A killed run may have left half a line: start ours on a fresh one.
        if std::fs::metadata(&path)?.len() > 0 {
            file.write_all(b"\n")?;
        }
        Ok(Cache {
            map,
            file: Some(file),
        })
    }

    pub fn get(&self, key: &Key) -> Option<&(Actual, Option<f64>)> {
        self.map.get(key)
    }

    /// Records an outcome (timeouts are not cached; run-time outcomes are, under their own
    /// mode, since a case's run depends only on its source and the driver). A skip is cached
    /// as given: the engine gives only those a worker decided from the device's queries (a
    /// run-time case's `requires`), which would otherwise start a worker on every re-run.
    pub fn put(&mut self, key: Key, actual: &Actual, driver_ms: Option<f64>) -> io::Result<()> {
        if !matches!(
            actual,
            Actual::Accepted { .. }
                | Actual::Rejected { .. }
                | Actual::Invalid { .. }
                | Actual::Crash { .. }
                | Actual::Ran { .. }
                | Actual::Skipped { .. }
        ) {
            return Ok(());
        }
        let Some(file) = self.file.as_mut() else {
            return Ok(());
        };
        let entry = Entry {
            key,
            actual: actual.clone(),
            driver_ms,
        };
        let mut line = serde_json::to_string(&entry)?;
        line.push('\n');
        file.write_all(line.as_bytes())?;
        self.map.insert(entry.key, (entry.actual, driver_ms));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_across_opens_and_skips_timeouts() {
        let dir = tempfile::tempdir().unwrap();
        let key = Key::new("kernel void k() {}", "-cl-std=CL1.2", Profile::CL1_2);
        let mut c = Cache::open(dir.path(), "pocl 3.1").unwrap();
        assert!(c.get(&key).is_none());
        let acc = Actual::Accepted { log: "ok".into() };
        c.put(key.clone(), &acc, Some(3.0)).unwrap();
        let crash_key = Key::new("x", "", Profile::CL1_2);
        c.put(crash_key.clone(), &Actual::Timeout { after_ms: 5 }, None)
            .unwrap();
        drop(c);
        let c = Cache::open(dir.path(), "pocl 3.1").unwrap();
        assert_eq!(c.get(&key), Some(&(acc, Some(3.0))));
        assert!(c.get(&crash_key).is_none());
        let other = Cache::open(dir.path(), "pocl 3.2").unwrap();
        assert!(other.get(&key).is_none());
    }
}

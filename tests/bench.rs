//! `clasp bench` on the CPU drivers installed here (PoCL, rusticl on llvmpipe): every benchmark
//! checks its result, and a kernel made wrong on purpose is reported as wrong, never timed.
//! Without an OpenCL platform these tests say which drivers they skipped, and why, and pass.

use serde_json::Value;
use std::process::{Command, Output};

const CLASP: &str = env!("CARGO_BIN_EXE_clasp");

/// A CPU driver: how `--device` names it, and the environment it needs.
struct Driver {
    name: &'static str,
    device: &'static str,
    env: &'static [(&'static str, &'static str)],
}

const DRIVERS: &[Driver] = &[
    Driver {
        name: "PoCL",
        device: "pocl",
        env: &[],
    },
    Driver {
        name: "rusticl",
        device: "llvmpipe",
        env: &[("RUSTICL_ENABLE", "llvmpipe")],
    },
];

fn clasp(driver: &Driver, args: &[&str]) -> Output {
    let mut c = Command::new(CLASP);
    c.args(args);
    for (k, v) in driver.env {
        c.env(k, v);
    }
    c.output().expect("run clasp")
}

/// The drivers `clasp devices` finds; prints the others with the reason.
fn installed() -> Vec<&'static Driver> {
    let mut found = Vec::new();
    for d in DRIVERS {
        let out = clasp(d, &["devices", "--format", "json"]);
        let json: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        let has = json["platforms"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|p| p["devices"].as_array().into_iter().flatten())
            .any(|dev| {
                let hay = format!("{} {}", dev["id"], dev["platform_name"]).to_lowercase();
                hay.contains(d.device)
                    || (d.device == "pocl" && hay.contains("portable computing language"))
            });
        if has {
            found.push(d);
        } else {
            let why = json["error"]
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| "no such device in `clasp devices`".into());
            eprintln!("skipped {}: {why}", d.name);
        }
    }
    found
}

fn json_of(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}); stderr:\n{}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

#[test]
fn a_quick_run_checks_every_benchmark_and_writes_the_report() {
    for d in installed() {
        let dir = tempfile::tempdir().unwrap();
        let out_dir = dir.path().to_str().unwrap();
        let started = std::time::Instant::now();
        let out = clasp(
            d,
            &[
                "bench",
                "--quick",
                "--plain",
                "--device",
                d.device,
                "--format",
                "json",
                "--out",
                out_dir,
                "--reference",
                "clpeak-global-float16=10",
            ],
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{}: {stderr}", d.name);
        assert!(
            started.elapsed().as_secs() < 120,
            "{}: --quick took {:?}",
            d.name,
            started.elapsed()
        );
        let run = json_of(&out);
        assert_eq!(run["quick"], true);
        assert_eq!(run["references"][0]["gbps"], 10.0);
        let devs = run["devices"].as_array().unwrap();
        assert_eq!(devs.len(), 1, "{}: one device", d.name);
        let dev = &devs[0];
        for key in ["device", "sizes", "peaks", "results"] {
            assert!(!dev[key].is_null(), "{}: `{key}` missing", d.name);
        }
        let results = dev["results"].as_array().unwrap();
        let ids: Vec<&str> = results.iter().filter_map(|r| r["id"].as_str()).collect();
        for must in [
            "global/read/v4-u1",
            "global/write/v4",
            "global/copy/v4",
            "local/read/v4-stride1",
            "local/read/v1-stride32",
            "local/from-global/async",
            "local/from-global/loop",
            "constant/read/broadcast",
            "constant/read/divergent",
            "private/read/registers",
            "private/read/dynamic",
            "global/latency/1KiB",
            "local/latency/1KiB",
            "constant/latency/1KiB",
        ] {
            assert!(ids.contains(&must), "{}: no {must} in {ids:?}", d.name);
        }
        for r in results {
            let id = r["id"].as_str().unwrap();
            match r["status"].as_str().unwrap() {
                "ok" => {
                    assert!(
                        r["value"]
                            .as_f64()
                            .is_some_and(|v| v.is_finite() && v >= 0.0),
                        "{}: {id} has no figure",
                        d.name
                    );
                    assert!(r["stats"]["median_ns"].is_number(), "{}: {id}", d.name);
                    assert!(
                        !r["check"].as_str().unwrap_or("").is_empty(),
                        "{}: {id} says nothing of what was checked",
                        d.name
                    );
                }
                // Only what the device lacks may be skipped, and it must say why.
                "skipped" => {
                    assert!(
                        id.starts_with("generic/") || id.starts_with("image/"),
                        "{}: {id} skipped",
                        d.name
                    );
                    assert!(!r["why"].as_str().unwrap_or("").is_empty());
                }
                other => panic!("{}: {id} is {other}: {}", d.name, r["why"]),
            }
        }
        // PoCL reports OpenCL C 1.2 and rusticl 3.0 without the feature: generic is skipped.
        assert!(
            dev["device"]["generic"]["Err"].is_string(),
            "{}: {}",
            d.name,
            dev["device"]["generic"]
        );
        let slug = dev["device"]["slug"].as_str().unwrap();
        for f in ["README.md", "results.json", "bandwidth.svg", "latency.svg"] {
            let p = dir.path().join(slug).join(f);
            let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
            assert!(!text.is_empty(), "{p:?} is empty");
        }
        let md = std::fs::read_to_string(dir.path().join(slug).join("README.md")).unwrap();
        assert!(md.contains("- command: `") && md.contains("driver"), "{md}");
    }
}

#[test]
fn a_deliberately_wrong_kernel_is_reported_as_wrong_and_not_timed() {
    for d in installed() {
        let out = clasp(
            d,
            &[
                "bench",
                "--quick",
                "--plain",
                "--device",
                d.device,
                "--format",
                "json",
                "--no-write",
                "--include-broken",
                "--only",
                "global/read/broken",
                "--only",
                "global/read/v4-u1",
            ],
        );
        assert_eq!(
            out.status.code(),
            Some(1),
            "{}: a wrong result must fail the run: {}",
            d.name,
            String::from_utf8_lossy(&out.stderr)
        );
        let run = json_of(&out);
        let results = run["devices"][0]["results"].as_array().unwrap();
        let broken = results
            .iter()
            .find(|r| r["id"] == "global/read/broken")
            .unwrap_or_else(|| panic!("{}: broken kernel not run", d.name));
        assert_eq!(broken["status"], "failed", "{}: {broken}", d.name);
        assert!(
            broken["why"].as_str().unwrap().contains("expected"),
            "{broken}"
        );
        assert!(broken.get("value").is_none() && broken.get("stats").is_none());
        assert_ne!(
            run["devices"][0]["best_global_read"], "global/read/broken",
            "a wrong kernel is never the best"
        );
        let good = results
            .iter()
            .find(|r| r["id"] == "global/read/v4-u1")
            .unwrap();
        assert_eq!(good["status"], "ok", "{}: {good}", d.name);
        // The text table shows the failure in words, never a number.
        let text = clasp(
            d,
            &[
                "bench",
                "--quick",
                "--plain",
                "--device",
                d.device,
                "--no-write",
                "--include-broken",
                "--only",
                "global/read/broken",
            ],
        );
        let table = String::from_utf8_lossy(&text.stdout);
        let line = table
            .lines()
            .find(|l| l.starts_with("global/read/broken"))
            .unwrap_or_else(|| panic!("{table}"));
        assert!(
            line.contains("FAILED") && line.contains("WRONG RESULT"),
            "{line}"
        );
    }
}

#[test]
fn a_malformed_reference_is_a_usage_error() {
    let out = Command::new(CLASP)
        .args(["bench", "--reference", "clpeak", "--no-write"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("NAME=GBPS"));
}

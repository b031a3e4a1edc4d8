//! Report files as data: the compact form `reports/reference/` keeps (`summary.md` and
//! `results.json.gz`) re-renders and compares like the plain one, and the committed reference
//! runs are compact and load; a report killed while writing leaves each file old or new; the
//! HTML filters work in a real browser (headless Chromium), when one is installed.

mod common;
use common::saved::*;
use common::{text, CLASP};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn clasp(args: &[&str]) -> std::process::Output {
    run_clasp(args)
}

/// A run large enough that rendering takes a while, so kills land mid-write.
fn big_run(dir: &Path, n: usize) {
    let mut cases = Vec::new();
    let mut results = Vec::new();
    for i in 0..n {
        let name = format!("family/case-{i:05}");
        cases.push(case(
            &name,
            &format!("{SMALL}// {}\n", "x".repeat(i % 200)),
            &["AS-LOCAL-INIT"],
            &["CL1.2"],
        ));
        let actual = if i % 7 == 0 {
            accepted("warning: x")
        } else {
            rejected()
        };
        results.push(result(&name, POCL, "CL1.2", "reject", actual));
    }
    write_run(dir, "big", &cases, &results);
}

const SINK_FILES: [&str; 5] = [
    "results.json",
    "junit.xml",
    "summary.md",
    "index.html",
    "cts/portable-computing-language-cpu.json",
];

#[test]
fn a_killed_report_leaves_each_file_old_or_new() {
    let tmp = tempfile::tempdir().unwrap();
    let run = tmp.path().join("run");
    big_run(&run, 6000);
    let known_old = tmp.path().join("known-old");
    std::fs::create_dir_all(&known_old).unwrap();
    std::fs::write(
        known_old.join("k.toml"),
        "[[known]]\ndevice = { platform = \"portable\" }\ncases = [\"family/*\"]\nwhy = \"old\"\n",
    )
    .unwrap();
    let known_new = tmp.path().join("known-new");

    // The two versions of every file: old (known applied) and new (none).
    let render = |out: &Path, known: &Path| {
        let o = clasp(&["report", s(&run), "--out", s(out), "--known", s(known)]);
        assert!(matches!(o.status.code(), Some(0 | 1)), "{}", text(&o));
    };
    let old_dir = tmp.path().join("old");
    render(&old_dir, &known_old);
    let start = Instant::now();
    let new_dir = tmp.path().join("new");
    render(&new_dir, &known_new);
    let full = start.elapsed();
    let old: Vec<Vec<u8>> = SINK_FILES
        .iter()
        .map(|f| std::fs::read(old_dir.join(f)).unwrap())
        .collect();
    let new: Vec<Vec<u8>> = SINK_FILES
        .iter()
        .map(|f| std::fs::read(new_dir.join(f)).unwrap())
        .collect();
    // (The CTS file says `fail` for a known deviation too: only it may stay the same.)
    for (i, f) in SINK_FILES.iter().enumerate().take(4) {
        assert_ne!(
            old[i], new[i],
            "{f}: old and new must differ for the test to mean anything"
        );
    }

    let target = tmp.path().join("target");
    let iterations = 40;
    let (mut killed, mut saw_new) = (0, 0);
    for i in 0..iterations {
        // Start from the old files.
        for (k, f) in SINK_FILES.iter().enumerate() {
            let p = target.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, &old[k]).unwrap();
        }
        let mut child = Command::new(CLASP)
            .args([
                "report",
                s(&run),
                "--out",
                s(&target),
                "--known",
                s(&known_new),
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Kill points spread over the whole render, process start included.
        let delay = full.mul_f64(i as f64 / iterations as f64 * 0.9);
        std::thread::sleep(delay);
        let finished = child.try_wait().unwrap().is_some();
        // SIGKILL: no destructor, no cleanup, as when a run is killed.
        unsafe_kill(child.id());
        let _ = child.wait();
        if !finished {
            killed += 1;
        }
        for (k, f) in SINK_FILES.iter().enumerate() {
            let got = std::fs::read(target.join(f)).unwrap();
            if got == new[k] {
                saw_new += 1;
            } else {
                assert!(got == old[k], "iteration {i}: {f} is neither the old nor the new file ({} bytes, old {}, new {})", got.len(), old[k].len(), new[k].len());
            }
        }
    }
    // Under load a render's length varies; what matters is that many writers died mid-way.
    assert!(
        killed >= iterations / 4,
        "only {killed} of {iterations} writers were killed before finishing (render took {full:?})"
    );
    assert!(
        saw_new > 0,
        "no file was ever replaced: the kills all landed before any write"
    );
}

fn unsafe_kill(pid: u32) {
    let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
}

fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// Loads index.html in headless Chromium with a filter in the URL hash; returns the DOM after
/// the page's script ran.
fn dump_dom(browser: &Path, html: &Path, hash: &str, profile: &Path) -> String {
    let url = format!("file://{}#{hash}", html.display());
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            &format!("--user-data-dir={}", profile.display()),
            "--virtual-time-budget=5000",
            "--dump-dom",
            &url,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("chromium did not finish in 90 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The `<tr data-row ...>` opening tags of the results table.
fn rows(dom: &str) -> Vec<&str> {
    dom.match_indices("<tr data-row")
        .map(|(i, _)| &dom[i..i + dom[i..].find('>').unwrap()])
        .collect()
}

#[test]
fn html_filters_work_in_a_browser() {
    let Some(browser) = chromium() else {
        eprintln!("SKIPPED html_filters_work_in_a_browser: no chromium on PATH (Debian: apt-get install -y chromium)");
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let run = tmp.path().join("run");
    small_run(&run);
    let o = clasp(&["report", s(&run), "--known", s(&tmp.path().join("none"))]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let html = run.join("index.html");
    let profile = tmp.path().join("chromium-profile");

    let all = dump_dom(&browser, &html, "", &profile);
    let r = rows(&all);
    assert_eq!(r.len(), 7, "{all}");
    assert!(r.iter().all(|t| !t.contains("hidden")), "{all}");
    assert!(all.contains("<span id=\"shown\">7</span>"), "{all}");

    // Deviations of PoCL: local/evil and local/small in CL1.2 (the crash is not a deviation).
    let dom = dump_dom(
        &browser,
        &html,
        &format!("subject={}&verdict=deviation", POCL.replace('/', "%2F")),
        &profile,
    );
    let shown: Vec<&str> = rows(&dom)
        .into_iter()
        .filter(|t| !t.contains("hidden"))
        .collect();
    assert_eq!(shown.len(), 2, "{shown:?}");
    assert!(
        shown
            .iter()
            .all(|t| t.contains("data-profile=\"CL1.2\"")
                && t.contains("data-verdict=\"deviation\"")),
        "{shown:?}"
    );
    assert!(dom.contains("<span id=\"shown\">2</span>"), "{dom}");
    // The select shows the filter from the hash.
    assert!(
        dom.contains("<option value=\"deviation\" selected") || dom.contains("id=\"f-verdict\""),
        "{dom}"
    );

    // Rule and profile filters; a `+` in a profile survives the hash.
    let dom = dump_dom(
        &browser,
        &html,
        "rule=AS-GENERIC-FROM-NAMED&profile=CL2.0",
        &profile,
    );
    let shown: Vec<&str> = rows(&dom)
        .into_iter()
        .filter(|t| !t.contains("hidden"))
        .collect();
    assert_eq!(shown.len(), 2, "{shown:?}");
    // The escaped kernel is text in the page, not markup: no <img> element was created.
    assert!(!dom.contains("<img"), "the kernel's markup became elements");
}

/// The files directly in `dir`, by name.
fn names_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_compact_report_re_renders_and_compares_like_the_plain_one() {
    let tmp = tempfile::tempdir().unwrap();
    let run = tmp.path().join("run");
    small_run(&run);
    let none = tmp.path().join("no-known");
    let compact = tmp.path().join("compact");
    let o = clasp(&[
        "report",
        s(&run),
        "--compact",
        "--out",
        s(&compact),
        "--known",
        s(&none),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(names_in(&compact), ["results.json.gz", "summary.md"]);
    let gz = std::fs::read(compact.join("results.json.gz")).unwrap();
    assert_eq!(&gz[..2], &[0x1f, 0x8b], "gzip");
    let md = read(&compact.join("summary.md"));
    assert!(
        !md.contains("](reproducers/"),
        "no links to files a compact report lacks\n{md}"
    );
    assert!(
        md.contains("`clasp report` on this folder writes them"),
        "{md}"
    );

    // Re-rendered from the compact form: the same files as from the run itself.
    let plain = tmp.path().join("plain");
    let full = tmp.path().join("full");
    for (from, to) in [(&run, &plain), (&compact, &full)] {
        let o = clasp(&["report", s(from), "--out", s(to), "--known", s(&none)]);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    }
    for f in [
        "results.json",
        "junit.xml",
        "index.html",
        "cts/portable-computing-language-cpu.json",
        "reproducers/portable-computing-language-cpu/local-small@CL1.2.cl",
    ] {
        assert_eq!(read(&plain.join(f)), read(&full.join(f)), "{f}");
    }
    // Without --out, a saved report renders into the runs folder, never over itself.
    let o = common::clasp(
        &["report", s(&compact), "--known", s(&none)],
        &[],
        tmp.path(),
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        tmp.path()
            .join("reports/runs/20251009T000000Z/index.html")
            .is_file(),
        "{}",
        text(&o)
    );
    assert_eq!(names_in(&compact), ["results.json.gz", "summary.md"]);

    // compare reads compressed and plain alike.
    for (a, b) in [
        (run.clone(), compact.join("results.json.gz")),
        (compact.clone(), plain.join("results.json")),
    ] {
        let o = clasp(&["compare", s(&a), s(&b), "--known", s(&none)]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        assert!(
            String::from_utf8_lossy(&o.stdout).contains("No change"),
            "{}",
            text(&o)
        );
    }
    // --compact without --out is a usage error.
    let o = clasp(&["report", s(&run), "--compact"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

/// `reports/reference/` keeps each run compact: `summary.md` and `results.json.gz`, no file over
/// 1 MiB, and each loads (`clasp compare` of a run with itself finds no change).
#[test]
fn the_reference_runs_are_compact_and_load() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports/reference");
    let mut runs = 0;
    // The history holds one reference run per release, beside its table and picture.
    let history = root.join("history");
    let entries = std::fs::read_dir(&root)
        .unwrap()
        .chain(std::fs::read_dir(&history).unwrap())
        .flatten();
    for e in entries {
        let path = e.path();
        let len = e.metadata().unwrap().len();
        if path.is_file() {
            assert!(len < 1 << 20, "{} is {len} bytes", path.display());
            continue;
        }
        if path == history {
            continue;
        }
        if path
            .file_name()
            .is_some_and(|n| n == "generated" || n == "runtime-generated")
        {
            generated_summaries_are_small(&path);
            continue;
        }
        runs += 1;
        assert_eq!(
            names_in(&path),
            ["results.json.gz", "summary.md"],
            "{}",
            path.display()
        );
        for f in names_in(&path) {
            let len = std::fs::metadata(path.join(&f)).unwrap().len();
            assert!(len < 1 << 20, "{}/{f} is {len} bytes", path.display());
        }
        let o = clasp(&["compare", s(&path), s(&path.join("results.json.gz"))]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    }
    assert!(runs >= 7, "{runs} reference runs");
}

/// The generated suite's reference runs keep their summary alone (a whole run's results are
/// megabytes): one `summary.md` per driver, a real run summary, under 1 MiB.
fn generated_summaries_are_small(dir: &Path) {
    let mut runs = 0;
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let path = e.path();
        if path.is_file() {
            continue;
        }
        runs += 1;
        assert_eq!(names_in(&path), ["summary.md"], "{}", path.display());
        let text = std::fs::read_to_string(path.join("summary.md")).unwrap();
        assert!(
            text.len() < 1 << 20,
            "{} is {} bytes",
            path.display(),
            text.len()
        );
        assert!(
            text.starts_with("# clasp run ") && text.contains("\n- Total: "),
            "{} is not a run summary",
            path.display()
        );
    }
    assert!(runs >= 4, "{runs} generated reference runs");
}

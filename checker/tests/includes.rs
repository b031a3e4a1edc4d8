//! `#include` on real files, as `clasp check` reads them: a path is followed the way clang
//! follows it (`..` through and back into an include directory, beside the including file),
//! and only regular files are read: a FIFO, a device, a directory or a link to one is refused
//! at once with a diagnostic, never waited on.

use checker::pp::FsLoader;
use checker::{check, Code, Diagnostic, Options, Profile, SourceMap};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A fresh directory under the system's temporary directory, removed when dropped.
struct Tree(PathBuf);

impl Tree {
    fn new(tag: &str) -> Tree {
        let dir = std::env::temp_dir().join(format!("clasp-includes-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Tree(dir)
    }

    fn file(&self, rel: &str, text: &str) -> PathBuf {
        let path = self.0.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn check_file(main: &Path, include_dirs: &[PathBuf]) -> (SourceMap, Vec<Diagnostic>) {
    let text = std::fs::read_to_string(main).unwrap();
    let mut sources = SourceMap::new(main.display().to_string(), text);
    let opts = Options {
        include_dirs: include_dirs.to_vec(),
        ..Options::default()
    };
    let diags = check(&mut sources, Profile::CL1_2, &opts, &FsLoader);
    (sources, diags)
}

#[test]
fn paths_that_leave_and_reenter_an_include_directory_are_read() {
    let t = Tree::new("reenter");
    t.file(
        "Project/src/kernels/CL/common.cl",
        "#define SCALE 2.0f\ninline float scaled(float v) { return v * SCALE; }\n",
    );
    t.file(
        "shared/util.h",
        "inline int twice(int v) { return 2 * v; }\n",
    );
    t.file("app/kernels/local.h", "#include \"../../shared/util.h\"\n");
    let main = t.file(
        "app/kernels/k.cl",
        "#include <../Project/src/kernels/CL/common.cl>\n\
         #include \"local.h\"\n\
         #include \"../../shared/util.h\"\n\
         kernel void k(global float *out) { out[0] = scaled((float)twice(1)); }\n",
    );
    let (sources, diags) = check_file(&main, &[t.0.join("Project")]);
    assert!(diags.is_empty(), "{diags:?}");
    let names: Vec<&str> = sources.files().iter().map(|f| f.name.as_str()).collect();
    let common = t.0.join("Project/src/kernels/CL/common.cl");
    assert!(names.contains(&common.to_str().unwrap()), "{names:?}");
}

#[test]
fn absolute_paths_are_read_like_any_other() {
    let t = Tree::new("absolute");
    let header = t.file("inc/a.h", "constant int answer = 42;\n");
    let main = t.file(
        "k.cl",
        &format!(
            "#include \"{}\"\nkernel void k(global int *out) {{ out[0] = answer; }}\n",
            header.display()
        ),
    );
    let (_, diags) = check_file(&main, &[]);
    assert!(diags.is_empty(), "{diags:?}");
}

#[test]
fn what_is_not_a_regular_file_is_refused_at_once() {
    let t = Tree::new("special");
    let fifo = t.0.join("pipe.h");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path; mkfifo reads it and nothing else.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    std::os::unix::fs::symlink("/dev/zero", t.0.join("zero.h")).unwrap();
    std::os::unix::fs::symlink("pipe.h", t.0.join("to-pipe.h")).unwrap();
    std::fs::create_dir(t.0.join("dir.h")).unwrap();
    for name in ["pipe.h", "zero.h", "to-pipe.h", "dir.h", "/dev/zero"] {
        let main = t.file(
            "k.cl",
            &format!("#include \"{name}\"\nconstant int k = 1;\n"),
        );
        let start = Instant::now();
        let (_, diags) = check_file(&main, &[]);
        assert!(start.elapsed() < Duration::from_secs(5), "{name}");
        let codes: Vec<Code> = diags.iter().map(|d| d.code).collect();
        assert_eq!(codes, [Code::Preprocessor], "{name}: {diags:?}");
        assert!(
            diags[0].message.contains("not a regular file"),
            "{name}: {}",
            diags[0].message
        );
    }
}

//! Release links of the `clasp` binary on x86_64 Linux, for a smaller resident floor of every
//! process (a `clasp check` of an empty file held 5.7 MiB, most of it clasp's own binary): the
//! functions that `clasp check` runs come first in .text, in the order of
//! `bench/symbol-order.txt` (written by `bench/symbol_order.py`), so the few hundred KB of code a
//! check needs share pages instead of dragging in the binary around them (see that script).
//! Needs an lld link, rustc's default there; names the list no longer matches are skipped.
//!
//! The executable stays position-independent: a non-PIE link would save the ~0.2 MiB of
//! relocations applied at start-up, at the price of address randomisation of clasp's own image,
//! which reads untrusted kernels.

use std::env;
use std::path::Path;

fn main() {
    if env::var_os("CARGO_FEATURE_SPIRV_TOOLS").is_some() {
        link_spirv_tools();
    }
    let order = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("bench/symbol-order.txt");
    println!("cargo:rerun-if-changed={}", order.display());
    println!("cargo:rerun-if-changed=build.rs");
    let release = env::var("PROFILE").as_deref() == Ok("release");
    if !release || env::var("TARGET").as_deref() != Ok("x86_64-unknown-linux-gnu") {
        return;
    }
    if order.exists() {
        println!(
            "cargo:rustc-link-arg-bin=clasp=-Wl,--symbol-ordering-file={}",
            order.display()
        );
        println!("cargo:rustc-link-arg-bin=clasp=-Wl,--no-warn-symbol-ordering");
    }
}

/// The `spirv-tools` feature: link SPIRV-Tools' static library, where pkg-config says it is (the
/// library directory of Debian's spirv-tools), and the C++ runtime it needs.
fn link_spirv_tools() {
    let libdir = std::process::Command::new("pkg-config")
        .args(["--variable=libdir", "SPIRV-Tools"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|d| Path::new(d).join("libSPIRV-Tools.a").exists());
    let Some(libdir) = libdir else {
        panic!("the spirv-tools feature needs libSPIRV-Tools.a and its pkg-config file (Debian: apt-get install spirv-tools pkg-config)");
    };
    println!("cargo:rustc-link-search=native={libdir}");
    println!("cargo:rustc-link-lib=static=SPIRV-Tools");
    println!("cargo:rustc-link-lib=dylib=stdc++");
}

//! Release links of the `clasp` binary on x86_64 Linux, for a smaller resident floor of every
//! process (a `clasp check` of an empty file held 5.7 MiB, most of it clasp's own binary):
//!
//! * The functions that `clasp check` runs come first in .text, in the order of
//!   `bench/symbol-order.txt` (written by `bench/symbol_order.py`), so the few hundred KB of code
//!   a check needs share pages instead of dragging in the binary around them (see that script).
//!   Needs an lld link, rustc's default there; names the list no longer matches are skipped.
//! * A position-dependent executable: a PIE must have its ~10,000 relative relocations (240 KB)
//!   read and applied to 160 KB of pointers at every start, all of it resident before `main`.
//!   The cost is address randomisation of the executable's own image (the libraries, heap and
//!   stack keep theirs). `-z pack-relative-relocs` would keep the PIE at the same size but needs
//!   glibc 2.36 wherever the binary runs.

use std::env;
use std::path::Path;

fn main() {
    let order = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("bench/symbol-order.txt");
    println!("cargo:rerun-if-changed={}", order.display());
    println!("cargo:rerun-if-changed=build.rs");
    let release = env::var("PROFILE").as_deref() == Ok("release");
    if !release || env::var("TARGET").as_deref() != Ok("x86_64-unknown-linux-gnu") {
        return;
    }
    // After rustc's own `-pie` on the link line: the last one counts.
    println!("cargo:rustc-link-arg-bin=clasp=-no-pie");
    if order.exists() {
        println!(
            "cargo:rustc-link-arg-bin=clasp=-Wl,--symbol-ordering-file={}",
            order.display()
        );
        println!("cargo:rustc-link-arg-bin=clasp=-Wl,--no-warn-symbol-ordering");
    }
}

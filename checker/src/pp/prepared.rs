//! The state after the `<built-in>` file (predefined macros, `__has_*` operators, `-D`/`-U`),
//! prepared once per thread for each profile and command line.

use super::expand::{Builtin, Macro};
use super::{builtin_text, has, Limits, MemLoader, Options, Pp, Preprocessed, BUILTIN_FILE};
use crate::diag::Diagnostic;
use crate::source::{FileId, SourceFile, SourceMap, Span};
use crate::spec::Profile;
use crate::symbol::sym;
use std::path::PathBuf;
use std::rc::Rc;

/// The state after the `<built-in>` file: what every check with the same options starts from.
/// Building it (a few hundred `#define`s lexed and read) costs more than checking a small
/// kernel, so each thread keeps the last few and a check copies one (see [`prepared`]).
pub(super) struct Prepared {
    key: (Profile, Vec<(String, String)>, Vec<String>, bool, Limits),
    pub(super) text: String,
    pub(super) macros: Vec<Option<Rc<Macro>>>,
    /// Symbols, expansions and pragmas so far; no tokens unless the command line made some.
    pub(super) out: Preprocessed,
    pub(super) diags: Vec<Diagnostic>,
}

thread_local! {
    /// The prepared states of this thread's recent checks, most recent last: one per profile
    /// and command line, so a run over many files, or a fuzzer's eight profiles per input,
    /// builds each once.
    static PREPARED: std::cell::RefCell<Vec<Rc<Prepared>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// How many prepared states a thread keeps: every profile, with one command line.
const KEEP_PREPARED: usize = 8;

/// The prepared state for `opts`, from this thread's cache or built now.
pub(super) fn prepared(opts: &Options) -> Rc<Prepared> {
    let key = (
        opts.profile,
        opts.defines.clone(),
        opts.undefines.clone(),
        opts.clang_identity,
        opts.limits,
    );
    if let Some(p) = PREPARED.with_borrow(|c| c.iter().find(|p| p.key == key).cloned()) {
        return p;
    }
    let text = builtin_text(opts);
    let mut sources = SourceMap::new("", "");
    sources.add(SourceFile::new(BUILTIN_FILE, text.as_str()));
    let mut diags = Vec::new();
    // The command line cannot include a file (its newlines are flattened): no loader is needed.
    let no_files = MemLoader::default();
    let mut pp = Pp::new(&mut sources, opts, &no_files, &mut diags);
    let builtin_span = Span::new(FileId(1), 0, 0);
    for (name, b) in [(sym::FILE, Builtin::File), (sym::LINE, Builtin::Line)] {
        pp.define_macro(name, Rc::new(Macro::builtin(b, builtin_span)));
    }
    for (name, op) in has::HasOp::all(opts.profile) {
        let name = pp.out.symbols.intern(name);
        let m = Macro::builtin(Builtin::Has(op), builtin_span);
        pp.define_macro(name, Rc::new(m));
    }
    pp.enter_file(FileId(1), PathBuf::new());
    pp.drain(usize::MAX);
    let stopped = pp.stopped;
    let (macros, out) = (std::mem::take(&mut pp.macros), std::mem::take(&mut pp.out));
    let p = Rc::new(Prepared {
        key,
        text,
        macros,
        out,
        diags,
    });
    // A state that hit a limit is not kept: the next check reports it again.
    if !stopped {
        PREPARED.with_borrow_mut(|c| {
            if c.len() >= KEEP_PREPARED {
                c.remove(0);
            }
            c.push(p.clone());
        });
    }
    p
}

//! The checker's entry points: lex → preprocess → parse → semantic analysis, composed.

use crate::ast::Arena;
use crate::diag::Diagnostic;
use crate::parse::{Piece, Window};
use crate::pp::{self, Loader, MemLoader};
use crate::source::{FileId, SourceMap};
use crate::spec::Profile;

/// What a check was given besides the source and profile.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// `-D NAME[=VALUE]`, in order.
    pub defines: Vec<String>,
    /// `-U NAME`.
    pub undefines: Vec<String>,
    /// `-I` directories.
    pub include_dirs: Vec<std::path::PathBuf>,
    /// Leaves the preprocessor's and the analysis' tables to the process's exit instead of
    /// freeing them one by one, as clang's `-cc1 -disable-free` does: for a process that ends
    /// after this check. Freeing a header-heavy kernel's thousands of macros was 3 % of its check.
    pub disable_free: bool,
}

impl Options {
    /// Reads `-D`, `-U` and `-I` from build options as a driver is given them (`-DN=4`,
    /// `-D N=4`); other options (`-cl-std=`, `-cl-kernel-arg-info`) do not concern the checker.
    pub fn from_build_options(options: &[String]) -> Options {
        let mut out = Options::default();
        let mut it = options.iter();
        while let Some(o) = it.next() {
            for (flag, list) in [("-D", &mut out.defines), ("-U", &mut out.undefines)] {
                if let Some(rest) = o.strip_prefix(flag) {
                    let value = if rest.is_empty() {
                        it.next().cloned().unwrap_or_default()
                    } else {
                        rest.to_string()
                    };
                    list.push(value);
                }
            }
            if let Some(rest) = o.strip_prefix("-I") {
                let dir = if rest.is_empty() {
                    it.next().cloned().unwrap_or_default()
                } else {
                    rest.to_string()
                };
                out.include_dirs.push(dir.into());
            }
        }
        out
    }
}

/// Checks `FileId(0)` of `sources` (includes are read through `loader` and added to `sources`).
pub fn check(
    sources: &mut SourceMap,
    profile: Profile,
    opts: &Options,
    loader: &dyn Loader,
) -> Vec<Diagnostic> {
    check_in_run(sources, profile, opts, loader, None)
}

/// [`check`], as one of a run's checks that share `cache`: each included file is lexed once
/// for all of them.
pub fn check_in_run(
    sources: &mut SourceMap,
    profile: Profile,
    opts: &Options,
    loader: &dyn Loader,
    cache: Option<&std::sync::Arc<pp::TokenCache>>,
) -> Vec<Diagnostic> {
    check_windowed(
        sources,
        profile,
        opts,
        loader,
        cache,
        Window::DEFAULT,
        pp::PART,
    )
}

/// [`check_in_run`], with the parser's token window kept as `window` says and the files
/// lexed `part` tokens at a time.
fn check_windowed(
    sources: &mut SourceMap,
    profile: Profile,
    opts: &Options,
    loader: &dyn Loader,
    cache: Option<&std::sync::Arc<pp::TokenCache>>,
    window: Window,
    part: usize,
) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let mut pp_opts = pp::Options::new(profile);
    pp_opts.part = part;
    pp_opts.record_expansions = false;
    pp_opts.cache = cache.cloned();
    for d in &opts.defines {
        pp_opts.define_arg(d);
    }
    pp_opts.undefines = opts.undefines.clone();
    pp_opts.include_dirs = opts.include_dirs.clone();
    // The parser reads the preprocessor's output as it is made. Each stage reports into its
    // own list, appended in the order preprocessing, parsing, analysis: the order running them
    // one after the other gives, which the stable sort below keeps for diagnostics at one
    // position.
    let mut parsed = Vec::new();
    let mut analysed = Vec::new();
    let mut stream = pp::stream(sources, &pp_opts, loader, &mut diags);
    with_arena(|arena| {
        let mut sema = crate::sema::Analysis::new(profile, &mut analysed);
        let src = &mut stream;
        crate::parse::each_item_in(
            arena,
            src,
            window,
            profile,
            &mut parsed,
            |piece| match piece {
                Piece::Item(item) => sema.external(&item),
                Piece::Open { def, parts, closes } => {
                    sema.open_function(&def);
                    parts.iter().for_each(|p| sema.part(p));
                    if closes {
                        sema.close_function();
                    }
                }
                Piece::Rest { parts, closes } => {
                    parts.iter().for_each(|p| sema.part(p));
                    if closes {
                        sema.close_function();
                    }
                }
            },
        );
        if opts.disable_free {
            std::mem::forget(sema);
        }
    });
    if opts.disable_free {
        std::mem::forget(stream);
    } else {
        drop(stream);
    }
    diags.append(&mut parsed);
    diags.append(&mut analysed);
    diags.sort_by_key(|d| (d.span.file, d.span.start));
    diags
}

impl crate::parse::TokenSource for pp::Stream<'_> {
    fn fill(&mut self, out: &mut Vec<crate::token::Token>, len: usize) -> bool {
        pp::Stream::fill(self, out, len)
    }

    fn symbols(&self) -> &crate::symbol::Interner {
        pp::Stream::symbols(self)
    }
}

thread_local! {
    /// The tree arena of the last check on this thread, emptied and kept for the next one:
    /// its memory is then already mapped, which saves a fresh arena's page faults (a few
    /// thousand on a 300 KB kernel) on every check of a directory, a suite or a fuzzing run.
    static ARENA: std::cell::Cell<Option<Arena>> = const { std::cell::Cell::new(None) };
}

/// An arena larger than this is freed after its check rather than kept, so that one huge
/// input does not pin its memory for the rest of the thread's life.
const KEEP_ARENA_BYTES: usize = 64 << 20;

/// Runs `f` with this thread's tree arena (see [`ARENA`]).
fn with_arena<R>(f: impl FnOnce(&mut Arena) -> R) -> R {
    let mut arena = ARENA.take().unwrap_or_default();
    arena.reset();
    let out = f(&mut arena);
    if arena.allocated_bytes() <= KEEP_ARENA_BYTES {
        ARENA.set(Some(arena));
    }
    out
}

/// Checks one in-memory source with no includes available: the form tests and fuzzing use.
pub fn check_source(
    name: &str,
    text: &str,
    profile: Profile,
    opts: &Options,
) -> (SourceMap, Vec<Diagnostic>) {
    let mut sources = SourceMap::new(name, text);
    let diags = check(&mut sources, profile, opts, &MemLoader::default());
    (sources, diags)
}

/// Checks arbitrary bytes (invalid UTF-8 is replaced, as a compiler would reject it anyway).
/// Never panics; this is the fuzzing entry point.
pub fn check_bytes(bytes: &[u8], profile: Profile) -> Vec<Diagnostic> {
    // `from_utf8` first: it validates valid text several times faster than the lossy path.
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(bytes),
    };
    check_source("input.cl", &text, profile, &Options::default()).1
}

/// The main file's diagnostics as suite expectations compare them: (line, rule) pairs, plus
/// every diagnostic that is not about a rule, as `(line, code)` text.
pub fn in_main_file(sources: &SourceMap, diags: &[Diagnostic]) -> Vec<(u32, crate::diag::Code)> {
    let mut out: Vec<(u32, crate::diag::Code)> = diags
        .iter()
        .filter(|d| d.span.file == FileId(0))
        .map(|d| (sources.line(d.span), d.code))
        .collect();
    out.sort();
    out
}

/// Preprocesses and parses one in-memory source into `arena`, with no semantic analysis: the
/// tree and the diagnostics so far. Round-trip fuzzing compares trees with
/// [`crate::ast::same_tree`].
pub fn parse_source<'a>(
    arena: &'a crate::ast::Arena,
    text: &str,
    profile: Profile,
) -> (crate::ast::TranslationUnit<'a>, Vec<Diagnostic>) {
    let mut sources = SourceMap::new("input.cl", text);
    let mut diags = Vec::new();
    let pp_opts = pp::Options::new(profile);
    let pre = pp::preprocess(&mut sources, &pp_opts, &MemLoader::default(), &mut diags);
    let tu = crate::parse::translation_unit(arena, &pre.tokens, &pre.symbols, profile, &mut diags);
    (tu, diags)
}

#[cfg(test)]
mod tests;

//! The preprocessor (C99 6.10, with OpenCL's predefined macros and pragmas): directives,
//! conditional inclusion, `#include` through a [`Loader`], and macro expansion with a record
//! of every expansion so diagnostics can point at written text.
//!
//! [`preprocess`] is total: malformed directives are `Code::Preprocessor` diagnostics, and
//! input that would take unbounded time, memory or stack (self-including files, exponential
//! macros, deep nesting) stops at a named limit with one `Code::Limit` diagnostic; the tokens
//! produced up to that point are returned, ending with `Eof`.
//!
//! Spans: a token written in a file keeps its span. A token produced by a macro body (or by
//! `#`/`##`) gets the span of the outermost macro use in written text, the whole `F(...)`
//! invocation for a function-like macro. A macro argument keeps the span where it was written.
//! Either way `expansion` indexes [`Preprocessed::expansions`], whose `parent` links give the
//! chain of macros involved.
//!
//! Names are symbols of the check's [`Interner`], which the output carries on: macros are found
//! by indexing a table with the symbol, and text made by `#`, `##`, `__LINE__` and `__FILE__`
//! is interned.
//!
//! This file owns the preprocessor's state over the open files and `#if` groups and the
//! directive loop; `cond` owns conditional inclusion, `directives` the other directives
//! (`#define`, `#include`, `#line`, `#pragma`, the `__has_*` tests), `stream` the output
//! handed out a part at a time and the files lexed in parts. Expansion, `#if`
//! expressions, the loaders, limits and the `__has_*` answers live in the other modules beside
//! it.

mod cache;
mod cond;
mod directives;
mod expand;
mod expr;
mod guard;
mod has;
mod include;
mod limits;
mod prepared;
mod stream;

pub use cache::TokenCache;
pub use expr::MAX_EXPR_DEPTH;
pub use include::{FsLoader, Loader, MemLoader, Unreadable};
pub use limits::*;
pub use stream::{Stream, PART};

use crate::diag::{Code, Diagnostic};
use crate::lex::lex;
use crate::source::{FileId, SourceFile, SourceMap, Span};
use crate::spec::Profile;
use crate::symbol::{sym, Interner, Symbol};
use crate::token::{FxHashMap as HashMap, FxHashSet as HashSet};
use crate::token::{Punct, Token, TokenKind};
use directives::join_tokens;
use expand::{Macro, Tok};
use guard::Guard;
use prepared::prepared;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// What the preprocessor is told besides the source.
#[derive(Debug, Clone)]
pub struct Options {
    /// Chooses the predefined macros (`Profile::predefined_macros`).
    pub profile: Profile,
    /// `-D NAME=VALUE`, applied in order after the predefined macros. The name may carry a
    /// parameter list (`F(x)`). An empty value defines the macro as empty; see
    /// [`Options::define_arg`] for the command-line form where `-D NAME` means `1`.
    pub defines: Vec<(String, String)>,
    /// `-U NAME`, applied after every define.
    pub undefines: Vec<String>,
    /// `-I` directories, searched in order after the including file's directory.
    pub include_dirs: Vec<PathBuf>,
    pub limits: Limits,
    /// Whether clang's identity macros (`__clang__`, `__clang_major__`, `__GNUC__`, ...) are
    /// predefined. On by default: the checker emulates the clang-based drivers (PoCL, rusticl,
    /// Intel, ROCm), whose kernels test `__clang__` to pick clang-only paths. A single macro
    /// can also be removed with `-U`.
    pub clang_identity: bool,
    /// Included files' tokens shared with the other checks of a run, if any.
    pub cache: Option<std::sync::Arc<TokenCache>>,
    /// How many tokens of a file are lexed at a time (up to the next line end), so that no
    /// file's whole token list need exist. The output is the same for any value.
    pub part: usize,
    /// Whether each expansion is kept in [`Preprocessed::expansions`], which traces a token
    /// back through its macros. A check reads none of them, and for a kernel with large
    /// headers they would be about as large as the headers.
    pub record_expansions: bool,
}

impl Options {
    pub fn new(profile: Profile) -> Options {
        Options {
            profile,
            defines: Vec::new(),
            undefines: Vec::new(),
            include_dirs: Vec::new(),
            limits: Limits::default(),
            clang_identity: true,
            cache: None,
            part: PART,
            record_expansions: true,
        }
    }

    /// Adds a define written as on a command line: `NAME=VALUE`, or `NAME` alone for `1`.
    pub fn define_arg(&mut self, arg: &str) {
        let (name, value) = arg.split_once('=').unwrap_or((arg, "1"));
        self.defines.push((name.to_string(), value.to_string()));
    }
}

/// One macro expansion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expansion {
    /// The macro's name, in [`Preprocessed::symbols`].
    pub name: Symbol,
    /// The use in written text: the name, or the whole `F(...)` invocation. For a macro used
    /// inside another macro's body this is the outer use.
    pub use_span: Span,
    /// The `#define` line (in the `<built-in>` file for predefined and `-D` macros).
    pub def_span: Span,
    /// The expansion that produced this macro's name, if any.
    pub parent: Option<u32>,
}

/// The preprocessor's output.
#[derive(Debug, Clone, Default)]
pub struct Preprocessed {
    /// The tokens for the parser; no `Hash`/`HashHash` from directives, last one `Eof`.
    pub tokens: Vec<Token>,
    /// Every expansion, indexed by [`Token::expansion`] (empty unless
    /// [`Options::record_expansions`]).
    pub expansions: Vec<Expansion>,
    /// How many expansions there were (recorded or not).
    pub expansion_count: u32,
    /// `#pragma OPENCL ...` directives (and `_Pragma("OPENCL ...")`), as the directive span and
    /// the pragma's tokens joined by single spaces: `OPENCL EXTENSION cl_khr_fp64 : enable`.
    /// Other pragmas are ignored.
    pub pragmas: Vec<(Span, String)>,
    /// The texts of the tokens' and expansions' symbols.
    pub symbols: Interner,
}

impl Preprocessed {
    /// The expansion chain of a token, innermost first.
    pub fn chain(&self, token: &Token) -> Vec<&Expansion> {
        let mut out = Vec::new();
        let mut next = token.expansion();
        while let Some(i) = next {
            let Some(e) = self.expansions.get(i as usize) else {
                break;
            };
            out.push(e);
            // Parents always come before children, so this ends.
            next = e.parent.filter(|p| *p < i);
        }
        out
    }
}

/// The name of the file holding the predefined and command-line macros, added to the
/// `SourceMap` right after the main file (so it is `FileId(1)`; included files follow).
pub const BUILTIN_FILE: &str = "<built-in>";

/// Preprocesses `FileId(0)` of `sources`. Adds the `<built-in>` file and every included file
/// to `sources`; appends diagnostics to `diags`.
pub fn preprocess(
    sources: &mut SourceMap,
    opts: &Options,
    loader: &dyn Loader,
    diags: &mut Vec<Diagnostic>,
) -> Preprocessed {
    stream(sources, opts, loader, diags).run()
}

/// The preprocessor of `FileId(0)` of `sources`, as [`preprocess`] sets it up, before it has
/// read anything: [`Stream::fill`] hands out its output a part at a time, so that a parser can
/// read it as it is made and no whole output list need exist.
pub fn stream<'a>(
    sources: &'a mut SourceMap,
    opts: &'a Options,
    loader: &'a dyn Loader,
    diags: &'a mut Vec<Diagnostic>,
) -> Stream<'a> {
    let main_name = sources.file(FileId(0)).name.clone();
    let main_dir = Path::new(&main_name)
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let prepared = prepared(opts);
    let builtin = sources.add(SourceFile::new(BUILTIN_FILE, prepared.text.as_str()));
    debug_assert_eq!(builtin, FileId(1));
    diags.extend(prepared.diags.iter().cloned());
    let mut pp = Pp::new(sources, opts, loader, diags);
    pp.macros.clone_from(&prepared.macros);
    pp.out = prepared.out.clone();
    pp.enter_main(main_dir);
    Stream { pp, ended: false }
}

/// The predefined macros and the command line as directives.
fn builtin_text(opts: &Options) -> String {
    // A newline in a command-line define must not start a directive of its own.
    let flat = |s: &str| s.replace(['\n', '\r'], " ");
    let mut text = String::new();
    for (name, value) in opts.profile.predefined_macros(opts.clang_identity) {
        let _ = writeln!(text, "#define {name} {value}");
    }
    for (name, value) in &opts.defines {
        let _ = writeln!(text, "#define {} {}", flat(name), flat(value));
    }
    for name in &opts.undefines {
        let _ = writeln!(text, "#undef {}", flat(name));
    }
    text
}

/// One open file.
struct FileState {
    id: FileId,
    toks: Rc<Vec<Token>>,
    pos: usize,
    /// `conds.len()` when the file was entered: its own groups are above this.
    conds_base: usize,
    /// The file's directory, where its `#include "..."` looks first.
    dir: PathBuf,
    /// `#line` adjustments, for `__LINE__` and `__FILE__`.
    line_delta: i64,
    presumed_name: Option<String>,
    /// The lexer of the file's parts still to come, when it is lexed in parts (`toks` is then
    /// one part, whose last token is a stand-in `Eof` that stands for no text; see
    /// [`Pp::next_part`]). `None` once `toks` holds the rest of the file.
    rest: Option<crate::lex::Chunks>,
    /// The rest of the file, lexed ahead of reading to count it, for the next part.
    ahead: Option<Vec<Token>>,
    /// The file's include guard, as far as it has been read.
    guard: Guard,
}

impl FileState {
    /// A file opened with `toks` (all of it, or its first part with `rest` to come), its `#if`
    /// groups counted from `conds_base`.
    fn new(
        id: FileId,
        toks: Rc<Vec<Token>>,
        rest: Option<crate::lex::Chunks>,
        conds_base: usize,
        dir: PathBuf,
    ) -> FileState {
        FileState {
            id,
            toks,
            pos: 0,
            conds_base,
            dir,
            line_delta: 0,
            presumed_name: None,
            rest,
            ahead: None,
            guard: Guard::Start,
        }
    }

    /// Whether parts follow the one in `toks`.
    fn more(&self) -> bool {
        self.rest.is_some() || self.ahead.is_some()
    }
}

/// One `#if` group.
struct Cond {
    span: Span,
    /// Whether the enclosing text is being kept.
    parent_active: bool,
    /// Whether a branch of this group has been taken (or none may be).
    taken: bool,
    /// Whether the current branch is being kept.
    active: bool,
    seen_else: bool,
}

pub(crate) struct Pp<'a> {
    sources: &'a mut SourceMap,
    opts: &'a Options,
    limits: Limits,
    loader: &'a dyn Loader,
    diags: &'a mut Vec<Diagnostic>,
    /// The defined macros, indexed by name symbol (symbols past the end name none).
    macros: Vec<Option<Rc<Macro>>>,
    /// Macros whose expansion is being rescanned (C99 6.10.3.4p2), by name symbol.
    disabled: Vec<bool>,
    ctx: Vec<expand::Context>,
    /// Emptied token lists of finished expansions and arguments, for the next ones: most
    /// expansions are a few tokens, and allocating each list was a large share of the time.
    spare: Vec<Vec<Tok>>,
    /// Emptied lists of arguments and of their expansions, likewise.
    spare_args: Vec<Vec<Vec<Tok>>>,
    spare_expanded: Vec<Vec<expand::Expanded>>,
    files: Vec<FileState>,
    conds: Vec<Cond>,
    /// Files lexed whole, for their next inclusion (files lexed in parts are lexed again).
    lexed: HashMap<FileId, Rc<Vec<Token>>>,
    loaded: HashMap<PathBuf, FileId>,
    once: HashSet<FileId>,
    /// The include guards of the files read to their end (see [`guard`]).
    guards: HashMap<FileId, Symbol>,
    out: Preprocessed,
    expanded_tokens: u64,
    /// Tokens of the main file lexed so far; with `included_tokens`, the input the budgets
    /// scale with.
    main_tokens: u64,
    /// The main file's `Eof`, once lexed.
    main_eof: Option<Token>,
    /// Tokens of included files lexed so far, counting every re-inclusion.
    included_tokens: u64,
    includes: u32,
    arg_nesting: u32,
    /// A limit was hit: everything stops and the output ends.
    stopped: bool,
}

impl<'a> Pp<'a> {
    fn new(
        sources: &'a mut SourceMap,
        opts: &'a Options,
        loader: &'a dyn Loader,
        diags: &'a mut Vec<Diagnostic>,
    ) -> Pp<'a> {
        Pp {
            sources,
            opts,
            limits: opts.limits,
            loader,
            diags,
            macros: Vec::new(),
            disabled: Vec::new(),
            ctx: Vec::new(),
            spare: Vec::new(),
            spare_args: Vec::new(),
            spare_expanded: Vec::new(),
            files: Vec::new(),
            conds: Vec::new(),
            lexed: HashMap::default(),
            loaded: HashMap::default(),
            once: HashSet::default(),
            guards: HashMap::default(),
            out: Preprocessed::default(),
            expanded_tokens: 0,
            main_tokens: 0,
            main_eof: None,
            included_tokens: 0,
            includes: 0,
            arg_nesting: 0,
            stopped: false,
        }
    }

    fn define_macro(&mut self, name: Symbol, m: Rc<Macro>) {
        let i = name.index();
        if i >= self.macros.len() {
            self.macros.resize(i + 1, None);
        }
        self.macros[i] = Some(m);
    }

    fn undefine_macro(&mut self, name: Symbol) {
        if let Some(m) = self.macros.get_mut(name.index()) {
            *m = None;
        }
    }

    fn set_disabled(&mut self, name: Symbol, disabled: bool) {
        let i = name.index();
        if i >= self.disabled.len() {
            self.disabled.resize(i + 1, false);
        }
        self.disabled[i] = disabled;
    }

    fn is_disabled(&self, name: Symbol) -> bool {
        self.disabled.get(name.index()).copied().unwrap_or(false)
    }

    /// The macro `name` names, if it is one.
    #[inline]
    pub(crate) fn macro_of(&self, name: Symbol) -> Option<&Rc<Macro>> {
        self.macros.get(name.index()).and_then(Option::as_ref)
    }

    /// Whether `name` is a defined macro.
    #[inline]
    pub(crate) fn is_macro(&self, name: Symbol) -> bool {
        matches!(self.macros.get(name.index()), Some(Some(_)))
    }

    /// The fast path of [`Pp::drain`]: while no expansion is live, copies the current file's
    /// tokens that need no work (no directive, no macro name, no `_Pragma`) straight to the
    /// output, until it holds `len` tokens. Stops before the first token that needs work,
    /// which the general path then reads.
    fn copy_plain(&mut self, len: usize) {
        if self.stopped {
            return;
        }
        if !self.ctx.is_empty() {
            self.copy_plain_expanded(len);
            return;
        }
        if !self.active() {
            return;
        }
        let Some(f) = self.files.last_mut() else {
            return;
        };
        let room = len.saturating_sub(self.out.tokens.len());
        let from = f.pos.min(f.toks.len());
        let toks = &f.toks[from..from.saturating_add(room).min(f.toks.len())];
        let macros = &self.macros;
        let plain = toks
            .iter()
            .position(|t| match t.kind {
                TokenKind::Ident => {
                    matches!(macros.get(t.sym.index()), Some(Some(_)))
                        || t.sym == sym::PRAGMA_OPERATOR
                }
                TokenKind::Hash => t.line_start,
                TokenKind::Eof => true,
                _ => false,
            })
            .unwrap_or(toks.len());
        self.out.tokens.extend_from_slice(&toks[..plain]);
        f.pos += plain;
    }

    /// [`Pp::copy_plain`] inside an expansion: copies the innermost expansion's tokens that
    /// need no work (no macro name that is not painted, no `_Pragma`) straight to the output.
    /// A macro-heavy header makes most of its output there.
    fn copy_plain_expanded(&mut self, len: usize) {
        let Some(c) = self.ctx.last_mut() else {
            return;
        };
        let macros = &self.macros;
        let room = len.saturating_sub(self.out.tokens.len());
        let taken = c.take_plain(room, |t| match t.t.kind {
            TokenKind::Ident => {
                !t.painted && matches!(macros.get(t.t.sym.index()), Some(Some(_)))
                    || t.t.sym == sym::PRAGMA_OPERATOR
            }
            TokenKind::Eof => true,
            _ => false,
        });
        self.out.tokens.extend(taken.iter().map(|t| t.t));
    }

    /// After the last token: the files' token lists are no longer needed, and their memory
    /// serves the next check.
    fn finish(&mut self) {
        for (_, toks) in self.lexed.drain() {
            if let Ok(toks) = Rc::try_unwrap(toks) {
                crate::mem::keep_token_list(toks);
            }
        }
    }

    /// Reads the open files, pushing the output, until it holds `len` tokens or the files
    /// have ended (then returns `true`, with the main file's `Eof` not yet pushed). Stopping
    /// between two turns of the loop and going on later gives the same output: the loop
    /// keeps nothing of its own from one turn to the next.
    fn drain(&mut self, len: usize) -> bool {
        loop {
            if self.out.tokens.len() >= len {
                return false;
            }
            self.copy_plain(len);
            if self.out.tokens.len() >= len {
                continue;
            }
            let Some(t) = self.expand_next(0, true) else {
                return true;
            };
            if t.t.kind == TokenKind::Eof {
                self.leave_file();
                if self.files.is_empty() {
                    return true;
                }
                continue;
            }
            if t.t.is_ident(sym::PRAGMA_OPERATOR) && !t.painted {
                self.pragma_operator(t.t);
                continue;
            }
            self.out.tokens.push(t.t);
        }
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diags.push(Diagnostic::new(
            Code::Preprocessor,
            self.opts.profile,
            span,
            message,
        ));
    }

    /// The tokens read so far (main file and included files).
    fn input_tokens(&self) -> u64 {
        self.main_tokens.saturating_add(self.included_tokens)
    }

    /// Reports a limit and stops the run. Only the first limit is reported.
    fn limit(&mut self, span: Span, message: impl Into<String>) {
        if !self.stopped {
            self.stopped = true;
            self.diags.push(Diagnostic::new(
                Code::Limit,
                self.opts.profile,
                span,
                message,
            ));
        }
    }

    fn tokens_of(&mut self, id: FileId) -> Rc<Vec<Token>> {
        if let Some(t) = self.lexed.get(&id) {
            return t.clone();
        }
        let file = self.sources.file(id);
        let toks = match &self.opts.cache {
            // The main file and the command line are the check's own.
            Some(cache) if id.0 > 1 => {
                cache.tokens(&file.name, &file.text, id, &mut self.out.symbols)
            }
            _ => lex(id, &file.text, &mut self.out.symbols),
        };
        let toks = Rc::new(toks);
        self.lexed.insert(id, toks.clone());
        toks
    }

    fn enter_file(&mut self, id: FileId, dir: PathBuf) {
        let toks = self.tokens_of(id);
        let f = FileState::new(id, toks, None, self.conds.len(), dir);
        self.files.push(f);
    }

    /// Closes the top file, reporting its unterminated `#if` groups.
    fn leave_file(&mut self) {
        let Some(f) = self.files.pop() else { return };
        if let (Guard::Closed(name), false) = (f.guard, self.stopped) {
            self.guards.insert(f.id, name);
        }
        while self.conds.len() > f.conds_base {
            let c = self.conds.pop().expect("checked length");
            self.error(
                c.span,
                "unterminated conditional directive (missing #endif)",
            );
        }
    }

    fn active(&self) -> bool {
        self.conds.last().is_none_or(|c| c.active)
    }

    /// The next token of the current file's kept text, running the directives on the way.
    /// At the end of a file it returns that file's `Eof` without moving past it.
    pub(crate) fn next_file_token(&mut self) -> Tok {
        loop {
            let f = self.files.last_mut().expect("a file is open while reading");
            let t = &f.toks[f.pos];
            if t.kind == TokenKind::Eof || self.stopped {
                if !f.more() {
                    return Tok::new(f.toks[f.toks.len() - 1]);
                }
                if !self.stopped {
                    self.next_part();
                    continue;
                }
                return Tok::new(self.file_eof());
            }
            if t.line_start && t.kind == TokenKind::Hash {
                self.directive();
                continue;
            }
            f.pos += 1;
            f.guard.token();
            if self.conds.last().is_none_or(|c| c.active) {
                return Tok::new(f.toks[f.pos - 1]);
            }
        }
    }

    /// Whether the next token of the current file is `(` (a directive line is not).
    pub(crate) fn file_next_is_lparen(&mut self) -> bool {
        let f = self.files.last().expect("a file is open while reading");
        if f.more() && f.toks[f.pos].kind == TokenKind::Eof {
            self.next_part();
        }
        let f = self.files.last().expect("a file is open while reading");
        f.toks[f.pos].is_punct(Punct::LParen)
    }

    /// Runs the directive whose `#` is the current token.
    fn directive(&mut self) {
        let f = self.files.last_mut().expect("a file is open");
        let hash_span = f.toks[f.pos].span;
        f.pos += 1;
        let start = f.pos;
        // A part of the main file ends at a line end, so the line is whole in it.
        while !f.toks[f.pos].line_start && f.toks[f.pos].kind != TokenKind::Eof {
            f.pos += 1;
        }
        // The file's list, shared rather than the line copied: directives are most lines of
        // a header.
        let toks = Rc::clone(&f.toks);
        let line = &toks[start..f.pos];
        let span = line.last().map_or(hash_span, |t| hash_span.to(t.span));
        // The null directive.
        let Some(first) = line.first() else { return };
        let name = if first.kind == TokenKind::Ident {
            first.sym
        } else {
            sym::EMPTY
        };
        let rest = &line[1..];
        let depth = self.conds.len();
        if let Some(f) = self.files.last_mut() {
            f.guard.directive(name, rest, depth);
        }
        let active = self.active();
        match name {
            sym::IF => self.open_group("if", rest, span, active),
            sym::IFDEF => self.open_group("ifdef", rest, span, active),
            sym::IFNDEF => self.open_group("ifndef", rest, span, active),
            sym::ELIF => self.elif(rest, span),
            sym::ELSE => self.else_(span),
            sym::ENDIF => {
                let base = self.files.last().map_or(0, |f| f.conds_base);
                if self.conds.len() > base {
                    self.conds.pop();
                } else {
                    self.error(span, "#endif without #if");
                }
            }
            _ if !active => {}
            sym::DEFINE => self.define(rest, span),
            sym::UNDEF => match rest.first() {
                Some(t) if t.kind == TokenKind::Ident => self.undefine_macro(t.sym),
                _ => self.error(span, "#undef expects a macro name"),
            },
            sym::INCLUDE => self.include(rest, span),
            sym::LINE_DIRECTIVE => self.line(rest, span),
            sym::PRAGMA => self.pragma(rest, span),
            sym::ERROR => {
                let message = format!("#error {}", join_tokens(&self.out.symbols, rest, false));
                self.error(span, message.trim_end().to_string());
            }
            // A warning does not stop a compile, so it does not make a diagnostic here.
            sym::WARNING => {}
            // A GNU line marker (`# 12 "file"`) is `#line` by another spelling.
            _ if first.kind == TokenKind::Int => self.line(line, span),
            _ => {
                let message = format!(
                    "unknown preprocessing directive `#{}`",
                    self.out.symbols.text(first.sym)
                );
                self.error(span, message);
            }
        }
    }
}

#[cfg(test)]
mod tests;

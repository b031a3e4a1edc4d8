//! Macro definitions and expansion (C99 6.10.3): argument collection, `#` and `##`,
//! `__VA_ARGS__`, rescanning, and the "blue paint" that keeps a macro from expanding inside
//! its own expansion.
//!
//! Expansion works on a stack of contexts, one per live expansion, read before the file. A
//! macro is disabled while its context is live; a name of a disabled macro met in the rescan is
//! painted and never expands again. Arguments are fully expanded first (6.10.3.1) on the same
//! stack, above a floor that keeps them from reading past their end; that is the only
//! recursion, bounded by `Limits::arg_nesting`.
//!
//! Longer than most files: collection, substitution, `#` and `##` share the context stack's
//! invariants (floors, disabled names, painted tokens) and are kept together.

use super::Pp;
use crate::lex::lex;
use crate::source::Span;
use crate::symbol::{sym, Interner, Symbol};
use crate::token::{Punct, Token, TokenKind};

/// A token in flight through expansion. Aligned to 32 bytes' size (from 28): it is copied at
/// every step of expansion, and the odd size made those copies overlapping moves whose
/// fields, read back at once, stalled the processor.
#[derive(Clone, Copy, Debug)]
#[repr(align(8))]
pub(crate) struct Tok {
    pub t: Token,
    /// A name that must never be expanded again (C99 6.10.3.4p2).
    pub painted: bool,
    /// An empty argument next to `##` (C99 6.10.3.3p2); removed after pasting.
    pub placemarker: bool,
}

impl Tok {
    pub fn new(t: Token) -> Tok {
        Tok {
            t,
            painted: false,
            placemarker: false,
        }
    }
}

/// An argument's full expansion (C99 6.10.3.1), made when a use needs it.
pub(super) enum Expanded {
    Not,
    /// The argument itself: it names no macro that could expand (most arguments: `x`,
    /// `(i) + 1`), so it is neither copied nor rescanned.
    Same,
    List(Vec<Tok>),
}

/// Argument `p` as [`Pp::expand_arg`] left it.
fn expanded_arg<'a>(args: &'a [Vec<Tok>], cache: &'a [Expanded], p: usize) -> &'a [Tok] {
    match &cache[p] {
        Expanded::Not => &[],
        Expanded::Same => &args[p],
        Expanded::List(v) => v,
    }
}

/// A live expansion: its tokens still to read, and the macro it disables.
pub(crate) struct Context {
    toks: Vec<Tok>,
    pos: usize,
    disables: Option<Symbol>,
}

impl Context {
    /// Reads up to `room` of the tokens still to read, stopping before the first that `stop`
    /// holds for.
    #[inline]
    pub(crate) fn take_plain(&mut self, room: usize, stop: impl Fn(&Tok) -> bool) -> &[Tok] {
        let from = self.pos.min(self.toks.len());
        let rest = &self.toks[from..from.saturating_add(room).min(self.toks.len())];
        let n = rest.iter().position(stop).unwrap_or(rest.len());
        self.pos = from + n;
        &self.toks[from..from + n]
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Builtin {
    File,
    Line,
    /// `__has_builtin(x)` and the other feature tests: function-like, any arguments.
    Has(super::has::HasOp),
}

#[derive(Debug, Clone)]
pub(crate) struct Macro {
    /// `None` for an object-like macro. A variadic macro's last parameter is the `...` one.
    params: Option<Vec<Symbol>>,
    variadic: bool,
    /// The replacement list as written. Which tokens name parameters is found again at each
    /// use (a few compares) rather than stored: headers define thousands of macros, and a
    /// wider body token was a sixth of a check's memory.
    body: Box<[BodyTok]>,
    /// Bit `p` set: parameter `p` (of the first 64) is named once in the body, so its full
    /// expansion is made straight into the expansion's list rather than kept for a second use.
    once: u64,
    def_span: Span,
    builtin: Option<Builtin>,
}

/// A token of a macro body, as kept: its span is not, since a token made from a body spans
/// the macro's use. A third of a [`Token`]'s size.
#[derive(Debug, Clone, Copy)]
struct BodyTok {
    sym: Symbol,
    kind: TokenKind,
    space_before: bool,
    /// In the bytes that aligning the others leaves: the index of the parameter it names, or
    /// [`FAR_PARAM`] past the indices this holds; or, with [`PLAIN`] set, none, and how many
    /// tokens from it on are plain (no parameter, `#` or `##`; 0 for those operators), so that
    /// substitution copies such a run at once without looking at its tokens again.
    param: u16,
}

const _: () = assert!(std::mem::size_of::<BodyTok>() == 8);

/// The bit of [`BodyTok::param`] set on a token that names no parameter; the others hold the
/// length of its plain run, at most [`MAX_RUN`] (a longer run is copied in pieces).
const PLAIN: u16 = 0x8000;
const MAX_RUN: u16 = PLAIN - 1;
/// [`BodyTok::param`] of a token that names a parameter whose index does not fit: found again
/// at each use.
const FAR_PARAM: u16 = PLAIN - 1;

impl BodyTok {
    fn of(t: &Token, params: Option<&[Symbol]>) -> BodyTok {
        let mut b = BodyTok {
            sym: t.sym,
            kind: t.kind,
            space_before: t.space_before,
            param: PLAIN,
        };
        if let Some(p) = param_of(params, &b) {
            b.param = u16::try_from(p).map_or(FAR_PARAM, |p| p.min(FAR_PARAM));
        }
        b
    }

    /// The parameter it names, among `params` (those of its macro).
    #[inline]
    fn param(&self, params: Option<&[Symbol]>) -> Option<usize> {
        match self.param {
            p if p & PLAIN != 0 => None,
            FAR_PARAM => param_of(params, self),
            p => Some(usize::from(p)),
        }
    }

    /// How many tokens from this one on are plain (see [`BodyTok::param`]).
    #[inline]
    fn run(&self) -> usize {
        if self.param & PLAIN == 0 {
            return 0;
        }
        usize::from(self.param & !PLAIN)
    }

    /// The token this one makes in expansion `index` of a use spanning `span`.
    #[inline]
    fn token(&self, span: Span, index: u32) -> Tok {
        Tok::new(Token::expanded(
            self.kind,
            self.sym,
            self.space_before,
            span,
            index,
        ))
    }
}

type DefineError = (Span, String);

/// [`Macro::once`] of a function-like macro's body.
fn params_named_once(body: &[BodyTok]) -> u64 {
    let (mut named, mut again) = (0u64, 0u64);
    for b in body.iter().filter(|b| b.param < 64) {
        let bit = 1 << b.param;
        again |= named & bit;
        named |= bit;
    }
    named & !again
}

/// Sets the plain runs of a body's tokens (`#` is an operator only in a function-like
/// macro's).
fn mark_runs(body: &mut [BodyTok], function_like: bool) {
    let mut next = 0u16;
    for b in body.iter_mut().rev() {
        let plain = b.kind != TokenKind::HashHash
            && !(function_like && b.kind == TokenKind::Hash)
            && b.param & PLAIN != 0;
        next = if plain {
            next.saturating_add(1).min(MAX_RUN)
        } else {
            0
        };
        if b.param & PLAIN != 0 {
            b.param = PLAIN | next;
        }
    }
}

/// The parameter that `t` names, among `params` (`None` for an object-like macro).
#[inline]
fn param_of(params: Option<&[Symbol]>, t: &BodyTok) -> Option<usize> {
    let ps = params?;
    if t.kind != TokenKind::Ident {
        return None;
    }
    ps.iter().position(|p| *p == t.sym)
}

impl Macro {
    pub fn builtin(builtin: Builtin, def_span: Span) -> Macro {
        let function_like = matches!(builtin, Builtin::Has(_));
        Macro {
            // One variadic parameter: the operand is read raw, whatever it holds.
            params: function_like.then(|| vec![sym::VA_ARGS]),
            variadic: function_like,
            body: Box::default(),
            once: 0,
            def_span,
            builtin: Some(builtin),
        }
    }

    /// Parses the tokens after `#define`.
    pub fn parse(
        rest: &[Token],
        span: Span,
        symbols: &Interner,
    ) -> Result<(Symbol, Macro), DefineError> {
        let Some(name) = rest.first() else {
            return Err((span, "#define expects a macro name".into()));
        };
        let text = |t: &Token| symbols.text(t.sym);
        if name.kind != TokenKind::Ident {
            return Err((
                name.span,
                format!("macro name must be an identifier, not `{}`", text(name)),
            ));
        }
        if name.sym == sym::DEFINED {
            return Err((name.span, "`defined` cannot be defined as a macro".into()));
        }
        let mut i = 1;
        let mut params = None;
        let mut variadic = false;
        // A function-like macro has `(` right after its name, with no space.
        if rest
            .get(1)
            .is_some_and(|t| t.is_punct(Punct::LParen) && !t.space_before)
        {
            let mut ps: Vec<Symbol> = Vec::new();
            i = 2;
            let bad = |t: Option<&Token>, what: &str| {
                (
                    t.map_or(span, |t| t.span),
                    format!("{what} in the parameter list of `{}`", text(name)),
                )
            };
            if rest.get(i).is_some_and(|t| t.is_punct(Punct::RParen)) {
                i += 1;
            } else {
                loop {
                    let t = rest.get(i);
                    match t {
                        Some(t) if t.is_punct(Punct::Ellipsis) => {
                            variadic = true;
                            ps.push(sym::VA_ARGS);
                            i += 1;
                        }
                        Some(t) if t.kind == TokenKind::Ident => {
                            if t.sym == sym::VA_ARGS || ps.contains(&t.sym) {
                                return Err(bad(
                                    Some(t),
                                    &format!("`{}` is not allowed here", text(t)),
                                ));
                            }
                            ps.push(t.sym);
                            i += 1;
                            // GNU named variadic parameter: `args...`.
                            if rest.get(i).is_some_and(|t| t.is_punct(Punct::Ellipsis)) {
                                variadic = true;
                                i += 1;
                            }
                        }
                        _ => return Err(bad(t, "expected a parameter name")),
                    }
                    match rest.get(i) {
                        Some(t) if t.is_punct(Punct::RParen) => {
                            i += 1;
                            break;
                        }
                        Some(t) if t.is_punct(Punct::Comma) && !variadic => i += 1,
                        t => return Err(bad(t, "expected `,` or `)`")),
                    }
                }
            }
            params = Some(ps);
        }
        let written = &rest[i..];
        let ps = params.as_deref();
        let mut body: Box<[BodyTok]> = written.iter().map(|t| BodyTok::of(t, ps)).collect();
        if let Some(first) = body.first_mut() {
            first.space_before = false;
        }
        let paste_at_end = |b: Option<&BodyTok>| b.is_some_and(|b| b.kind == TokenKind::HashHash);
        if paste_at_end(body.first()) || paste_at_end(body.last()) {
            return Err((span, "`##` cannot be at either end of a macro body".into()));
        }
        if params.is_some() {
            for (k, b) in body.iter().enumerate() {
                if b.kind == TokenKind::Hash
                    && body.get(k + 1).is_none_or(|n| n.param(ps).is_none())
                {
                    let at = written[k].span;
                    return Err((at, "`#` is not followed by a macro parameter".into()));
                }
            }
        }
        let once = ps.map_or(0, |_| params_named_once(&body));
        mark_runs(&mut body, ps.is_some());
        let m = Macro {
            params,
            variadic,
            body,
            once,
            def_span: span,
            builtin: None,
        };
        Ok((name.sym, m))
    }
}

/// How many emptied lists [`Pp::recycle`] keeps, and the longest it keeps.
const SPARE_LISTS: usize = 64;
const SPARE_LEN: usize = 4096;

impl Pp<'_> {
    fn pop_ctx(&mut self) {
        if let Some(c) = self.ctx.pop() {
            if let Some(name) = c.disables {
                self.set_disabled(name, false);
            }
            self.recycle(c.toks);
        }
    }

    /// Keeps the lists of an invocation's arguments and their expansions, and the two lists
    /// that held them, for the next invocations: most invocations are small, and allocating
    /// each list was a share of the time.
    fn recycle_args(&mut self, mut args: Vec<Vec<Tok>>, mut expanded: Vec<Expanded>) {
        for v in args.drain(..) {
            self.recycle(v);
        }
        for e in expanded.drain(..) {
            if let Expanded::List(v) = e {
                self.recycle(v);
            }
        }
        if self.spare_args.len() < SPARE_LISTS {
            self.spare_args.push(args);
            self.spare_expanded.push(expanded);
        }
    }

    /// An empty token list, reusing a recycled one when there is one.
    pub(super) fn spare_list(&mut self) -> Vec<Tok> {
        self.spare.pop().unwrap_or_default()
    }

    /// Keeps `v`'s memory for a later [`Pp::spare_list`].
    pub(super) fn recycle(&mut self, mut v: Vec<Tok>) {
        if self.spare.len() < SPARE_LISTS && v.capacity() > 0 && v.capacity() <= SPARE_LEN {
            v.clear();
            self.spare.push(v);
        }
    }

    /// The next unexpanded token: from the contexts above `floor`, then (only when `file`)
    /// from the file. `None` when the contexts above `floor` are used up and `file` is false.
    fn next_token(&mut self, floor: usize, file: bool) -> Option<Tok> {
        while self.ctx.len() > floor {
            let c = self.ctx.last_mut().expect("checked length");
            if let Some(t) = c.toks.get(c.pos) {
                c.pos += 1;
                return Some(*t);
            }
            self.pop_ctx();
        }
        file.then(|| self.next_file_token())
    }

    fn next_is_lparen(&mut self, floor: usize, file: bool) -> bool {
        for c in self.ctx[floor.min(self.ctx.len())..].iter().rev() {
            if let Some(t) = c.toks.get(c.pos) {
                return t.t.is_punct(Punct::LParen);
            }
        }
        file && self.file_next_is_lparen()
    }

    /// The next fully expanded token. `None` when the input above `floor` is used up or the
    /// run was stopped by a limit.
    ///
    /// Most tokens are no macro name and pass straight through; the rest is kept out of line
    /// so that this loop stays small where it is inlined.
    #[inline(always)]
    pub(crate) fn expand_next(&mut self, floor: usize, file: bool) -> Option<Tok> {
        loop {
            if self.stopped {
                return None;
            }
            let t = self.next_token(floor, file)?;
            if t.t.kind != TokenKind::Ident || t.painted || !self.is_macro(t.t.sym) {
                return Some(t);
            }
            if let Some(t) = self.expand_name(t, floor, file) {
                return Some(t);
            }
        }
    }

    /// A macro's name met by [`Pp::expand_next`]: the name painted if the macro is disabled,
    /// given back if it is not invoked after all, or `None` once its expansion is pushed (or
    /// a limit stopped the run).
    #[inline(never)]
    fn expand_name(&mut self, mut t: Tok, floor: usize, file: bool) -> Option<Tok> {
        let m = self.macro_of(t.t.sym).cloned()?;
        if self.is_disabled(t.t.sym) {
            t.painted = true;
            return Some(t);
        }
        self.expand_macro(t, &m, floor, file)
    }

    /// Expands a whole token list, as a macro argument is (C99 6.10.3.1) or a directive's
    /// operands are.
    pub(crate) fn expand_list(&mut self, toks: Vec<Tok>) -> Vec<Tok> {
        let mut out = self.spare_list();
        self.expand_list_into(toks, &mut out);
        out
    }

    /// [`Pp::expand_list`], appending to `out`.
    fn expand_list_into(&mut self, toks: Vec<Tok>, out: &mut Vec<Tok>) {
        if self.arg_nesting >= self.limits.arg_nesting {
            let span = toks.first().map_or_else(Span::default, |t| t.t.span);
            let n = self.limits.arg_nesting;
            self.limit(
                span,
                format!("macro calls nested deeper than {n} in macro arguments"),
            );
            return;
        }
        self.arg_nesting += 1;
        let floor = self.ctx.len();
        self.ctx.push(Context {
            toks,
            pos: 0,
            disables: None,
        });
        loop {
            // The innermost expansion's tokens up to its next macro name are copied at once,
            // as `expand_next` would give them back one by one.
            if !self.stopped && self.ctx.len() > floor {
                let macros = &self.macros;
                let c = self.ctx.last_mut().expect("checked length");
                let taken = c.take_plain(usize::MAX, |t| {
                    t.t.kind == TokenKind::Ident
                        && !t.painted
                        && matches!(macros.get(t.t.sym.index()), Some(Some(_)))
                });
                out.extend_from_slice(taken);
            }
            match self.expand_next(floor, false) {
                Some(t) => out.push(t),
                None => break,
            }
        }
        while self.ctx.len() > floor {
            self.pop_ctx();
        }
        self.arg_nesting -= 1;
    }

    fn charge(&mut self, tokens: usize, span: Span) -> bool {
        self.expanded_tokens += tokens as u64;
        let n = self.limits.expanded_tokens_for(self.input_tokens());
        if self.expanded_tokens > n {
            return self.over_expanded_tokens(span);
        }
        true
    }

    /// [`Pp::charge`] past the budget for the input counted so far: judged again on the
    /// whole count, and reported if still past.
    #[cold]
    fn over_expanded_tokens(&mut self, span: Span) -> bool {
        let input = self.counted_input_tokens();
        let n = self.limits.expanded_tokens_for(input);
        if self.expanded_tokens > n {
            let l = &self.limits;
            let message = format!(
                "macro expansion produced more than {n} tokens (the expansion budget: \
                 {} + {} per input token for {input} input tokens, at most {})",
                l.expanded_tokens, l.expanded_tokens_per_input_token, l.expanded_tokens_ceiling
            );
            self.limit(span, message);
            return false;
        }
        true
    }

    /// Expands the macro named by `name`, pushing its context. Gives the name back when it is
    /// not expanded after all (a function-like macro without `(`). A malformed invocation is
    /// reported and dropped.
    fn expand_macro(&mut self, name: Tok, m: &Macro, floor: usize, file: bool) -> Option<Tok> {
        let mut n = self.limits.expansions_for(self.input_tokens());
        if self.out.expansion_count >= n {
            let input = self.counted_input_tokens();
            n = self.limits.expansions_for(input);
        }
        if self.out.expansion_count >= n {
            let l = &self.limits;
            let message = format!(
                "more than {n} macro expansions (the expansion budget: {} + {} per input \
                 token, at most {})",
                l.expansions, l.expansions_per_input_token, l.expansions_ceiling
            );
            self.limit(name.t.span, message);
            return None;
        }
        if self.ctx.len() >= self.limits.live_expansions {
            let n = self.limits.live_expansions;
            self.limit(
                name.t.span,
                format!("more than {n} macro expansions nested"),
            );
            return None;
        }
        let (args, use_span) = match &m.params {
            None => (Vec::new(), name.t.span),
            Some(params) => {
                if !self.next_is_lparen(floor, file) {
                    return Some(name);
                }
                self.next_token(floor, file);
                let (args, close) =
                    self.collect_args(&name, params.len(), m.variadic, floor, file)?;
                (args, name.t.span.to(close))
            }
        };
        let index = self.out.expansion_count;
        self.out.expansion_count += 1;
        if self.opts.record_expansions {
            self.out.expansions.push(super::Expansion {
                name: name.t.sym,
                use_span,
                def_span: m.def_span,
                parent: name.t.expansion(),
            });
        }
        let mut toks = match m.builtin {
            Some(b) => vec![self.builtin_token(b, &name, &args, use_span, index)],
            None => self.substitute(m, args, use_span, index)?,
        };
        if let Some(first) = toks.first_mut() {
            first.t.space_before = name.t.space_before;
            first.t.line_start = name.t.line_start;
        }
        let disables = m.builtin.is_none().then_some(name.t.sym);
        if let Some(n) = disables {
            self.set_disabled(n, true);
        }
        self.ctx.push(Context {
            toks,
            pos: 0,
            disables,
        });
        None
    }

    /// Reads the arguments after `(` up to the matching `)`. Returns them with the `)` span.
    fn collect_args(
        &mut self,
        name: &Tok,
        nparams: usize,
        variadic: bool,
        floor: usize,
        file: bool,
    ) -> Option<(Vec<Vec<Tok>>, Span)> {
        let mut args = self.spare_args.pop().unwrap_or_default();
        args.push(self.spare_list());
        let mut depth = 0u32;
        let close = loop {
            // Commas after the last named parameter belong to `__VA_ARGS__`.
            let splits = if variadic {
                nparams.saturating_sub(args.len())
            } else {
                usize::MAX
            };
            if let Some(close) = self.collect_runs(&mut args, &mut depth, splits, floor, file) {
                break close;
            }
            let t = match self.next_token(floor, file) {
                Some(t) if t.t.kind != TokenKind::Eof && !self.stopped => t,
                _ => {
                    if !self.stopped {
                        let message = format!(
                            "unterminated call of macro `{}`",
                            self.out.symbols.text(name.t.sym)
                        );
                        self.error(name.t.span, message);
                    }
                    return None;
                }
            };
            match t.t.kind {
                TokenKind::Punct(Punct::LParen) => depth += 1,
                TokenKind::Punct(Punct::RParen) if depth == 0 => break t.t.span,
                TokenKind::Punct(Punct::RParen) => depth -= 1,
                // Commas after the last named parameter belong to `__VA_ARGS__`.
                TokenKind::Punct(Punct::Comma)
                    if depth == 0 && !(variadic && args.len() == nparams) =>
                {
                    let next = self.spare_list();
                    args.push(next);
                    continue;
                }
                _ => {}
            }
            args.last_mut().expect("never empty").push(t);
        };
        let given = args.len();
        if nparams == 0 && given == 1 && args[0].is_empty() {
            args.clear();
        } else if variadic && given + 1 == nparams {
            // `F(a)` for `F(x, ...)`: the variadic argument is empty.
            args.push(Vec::new());
        } else if given != nparams {
            let message = format!(
                "macro `{}` takes {nparams} arguments, but {given} given",
                self.out.symbols.text(name.t.sym)
            );
            self.error(name.t.span.to(close), message);
            return None;
        }
        Some((args, close))
    }

    /// The fast path of [`Pp::collect_args`]: reads the arguments in runs, each copied at
    /// once, from the innermost context above `floor` or, with none left and `file`, from the
    /// current file, up to the closing `)` (whose span it gives back) or the first token that
    /// needs the token-by-token path (the end of a context or file part, a directive, text
    /// that is skipped).
    fn collect_runs(
        &mut self,
        args: &mut Vec<Vec<Tok>>,
        depth: &mut u32,
        splits: usize,
        floor: usize,
        file: bool,
    ) -> Option<Span> {
        if self.stopped {
            return None;
        }
        let spare = &mut self.spare;
        let mut new_arg = |args: &mut Vec<Vec<Tok>>| args.push(spare.pop().unwrap_or_default());
        if self.ctx.len() > floor {
            let c = self.ctx.last_mut().expect("checked length");
            let start = c.pos.min(c.toks.len());
            let rest = &c.toks[start..];
            let (end, close) = scan_args(
                rest,
                |t| &t.t,
                depth,
                splits,
                |r, last| {
                    args.last_mut()
                        .expect("never empty")
                        .extend_from_slice(&rest[r]);
                    if !last {
                        new_arg(args);
                    }
                },
            );
            c.pos = start + end;
            return close;
        }
        if !file || !self.conds.last().is_none_or(|c| c.active) {
            return None;
        }
        let f = self.files.last_mut().expect("a file is open while reading");
        let start = f.pos.min(f.toks.len());
        let rest = &f.toks[start..];
        let (end, close) = scan_args(
            rest,
            |t| t,
            depth,
            splits,
            |r, last| {
                let arg = args.last_mut().expect("never empty");
                arg.extend(rest[r].iter().map(|t| Tok::new(*t)));
                if !last {
                    new_arg(args);
                }
            },
        );
        if end > 0 {
            f.guard.token();
        }
        f.pos = start + end;
        close
    }

    fn builtin_token(
        &mut self,
        b: Builtin,
        name: &Tok,
        args: &[Vec<Tok>],
        span: Span,
        index: u32,
    ) -> Tok {
        let (kind, text) = match b {
            Builtin::Has(op) => {
                let arg: Vec<Token> = args.iter().flatten().map(|t| t.t).collect();
                (TokenKind::Int, self.has(op, &arg, span).to_string())
            }
            Builtin::Line => (TokenKind::Int, self.presumed_line(name.t.span).to_string()),
            Builtin::File => {
                let name = self.presumed_file(name.t.span);
                (TokenKind::Str, format!("\"{}\"", escape(&name)))
            }
        };
        let mut t = Token::new(kind, self.out.symbols.intern(&text), span);
        t.set_expansion(Some(index));
        Tok::new(t)
    }

    /// The replacement list with arguments substituted, `#` and `##` applied (6.10.3.1-3).
    fn substitute(
        &mut self,
        m: &Macro,
        args: Vec<Vec<Tok>>,
        span: Span,
        index: u32,
    ) -> Option<Vec<Tok>> {
        let arg_tok = |t: &Tok, first: bool, space: bool| {
            let mut u = t.t.relabeled(t.t.span, index);
            if first {
                u.space_before = space;
            }
            Tok {
                t: u,
                painted: t.painted,
                placemarker: t.placemarker,
            }
        };
        let mut expanded = self.spare_expanded.pop().unwrap_or_default();
        expanded.resize_with(args.len(), || Expanded::Not);
        let mut out = self.spare_list();
        out.reserve(m.body.len());
        let body = &m.body;
        let params = m.params.as_deref();
        let param = |t: &BodyTok| t.param(params);
        let function_like = params.is_some();
        let va_index = m.variadic.then(|| args.len().saturating_sub(1));
        let mut chain = None;
        let mut i = 0;
        while i < body.len() {
            let b = &body[i];
            if b.kind != TokenKind::HashHash {
                chain = None;
            }
            if function_like && b.kind == TokenKind::Hash {
                let p = param(&body[i + 1]).expect("checked at #define");
                let s = self.stringize(&args[p], span, index, b.space_before);
                if !self.charge(1, span) {
                    return None;
                }
                out.push(s);
                i += 2;
                continue;
            }
            if b.kind == TokenKind::HashHash {
                let r = &body[i + 1];
                i += 2;
                let rhs: Vec<Tok> = if function_like && r.kind == TokenKind::Hash {
                    let p = param(&body[i]).expect("checked at #define");
                    i += 1;
                    vec![self.stringize(&args[p], span, index, false)]
                } else if let Some(p) = param(r) {
                    // GNU `, ## __VA_ARGS__`: the comma goes when the variadic argument is
                    // empty, and nothing is pasted otherwise.
                    if Some(p) == va_index && out.last().is_some_and(|t| t.t.is_punct(Punct::Comma))
                    {
                        chain = None;
                        if args[p].is_empty() {
                            out.pop();
                        } else {
                            self.expand_arg(&args, &mut expanded, p);
                            let e = expanded_arg(&args, &expanded, p);
                            if !self.charge(e.len(), span) {
                                return None;
                            }
                            out.extend(
                                e.iter()
                                    .enumerate()
                                    .map(|(k, t)| arg_tok(t, k == 0, r.space_before)),
                            );
                        }
                        continue;
                    }
                    if args[p].is_empty() {
                        vec![placemarker(span)]
                    } else {
                        args[p]
                            .iter()
                            .enumerate()
                            .map(|(k, t)| arg_tok(t, k == 0, false))
                            .collect()
                    }
                } else {
                    vec![r.token(span, index)]
                };
                if !self.charge(rhs.len(), span) {
                    return None;
                }
                self.paste(&mut out, rhs, span, index, &mut chain);
                continue;
            }
            match param(b) {
                Some(p) => {
                    let pasted = body
                        .get(i + 1)
                        .is_some_and(|n| n.kind == TokenKind::HashHash);
                    if !pasted
                        && p < 64
                        && m.once >> p & 1 == 1
                        && matches!(expanded[p], Expanded::Not)
                        && self.needs_expansion(&args[p])
                    {
                        // Named once: expanded in place, neither kept nor copied again.
                        let start = out.len();
                        let mut toks = self.spare_list();
                        toks.extend_from_slice(&args[p]);
                        self.expand_list_into(toks, &mut out);
                        if self.stopped || !self.charge(out.len() - start, span) {
                            return None;
                        }
                        for (k, t) in out[start..].iter_mut().enumerate() {
                            *t = arg_tok(t, k == 0, b.space_before);
                        }
                        i += 1;
                        continue;
                    }
                    // An operand of `##` is not expanded first.
                    if !pasted {
                        self.expand_arg(&args, &mut expanded, p);
                    }
                    let toks: &[Tok] = if pasted {
                        &args[p]
                    } else {
                        expanded_arg(&args, &expanded, p)
                    };
                    let n = if pasted && toks.is_empty() {
                        1
                    } else {
                        toks.len()
                    };
                    if self.stopped || !self.charge(n, span) {
                        return None;
                    }
                    if pasted && toks.is_empty() {
                        out.push(placemarker(span));
                    } else {
                        out.extend(
                            toks.iter()
                                .enumerate()
                                .map(|(k, t)| arg_tok(t, k == 0, b.space_before)),
                        );
                    }
                }
                None => {
                    // The plain tokens up to the next parameter, `#` or `##` are charged at
                    // once: nothing else happens between them.
                    let run = b.run().max(1);
                    if !self.charge(run, span) {
                        return None;
                    }
                    out.extend(body[i..i + run].iter().map(|t| t.token(span, index)));
                    i += run;
                    continue;
                }
            }
            i += 1;
        }
        if out.iter().any(|t| t.placemarker) {
            out.retain(|t| !t.placemarker);
        }
        self.recycle_args(args, expanded);
        Some(out)
    }

    /// Argument `p`, fully macro-expanded; computed once per invocation.
    fn expand_arg(&mut self, args: &[Vec<Tok>], cache: &mut [Expanded], p: usize) {
        if !matches!(cache[p], Expanded::Not) {
            return;
        }
        let arg = &args[p];
        if !self.needs_expansion(arg) {
            cache[p] = Expanded::Same;
            return;
        }
        let mut toks = self.spare_list();
        toks.extend_from_slice(arg);
        cache[p] = Expanded::List(self.expand_list(toks));
    }

    /// Whether [`Pp::expand_list`] could give back anything but `arg` itself: it names a
    /// macro, or the run has stopped or the argument nesting is at its limit (both checked
    /// first there).
    fn needs_expansion(&self, arg: &[Tok]) -> bool {
        let expandable =
            |t: &Tok| t.t.kind == TokenKind::Ident && !t.painted && self.is_macro(t.t.sym);
        self.stopped || self.arg_nesting >= self.limits.arg_nesting || arg.iter().any(expandable)
    }

    /// `#` applied to an argument (6.10.3.2): its spelling, spaces collapsed, `"` and `\`
    /// escaped inside string and character literals.
    fn stringize(&mut self, arg: &[Tok], span: Span, index: u32, space_before: bool) -> Tok {
        let mut s = String::from("\"");
        for (k, t) in arg.iter().filter(|t| !t.placemarker).enumerate() {
            if k > 0 && (t.t.space_before || t.t.line_start) {
                s.push(' ');
            }
            let text = self.out.symbols.text(t.t.sym);
            let quoted = matches!(t.t.kind, TokenKind::Str | TokenKind::Char)
                || (t.t.kind == TokenKind::Unknown && text.contains(['"', '\'']));
            if quoted {
                s.push_str(&escape(text));
            } else {
                s.push_str(text);
            }
        }
        s.push('"');
        let (kind, sym) = match single_token(&mut self.out.symbols, &s) {
            Some(t) => (t.kind, t.sym),
            None => {
                // A lone `\` at the end makes `"\"`, which is no string (6.10.3.2p2: undefined).
                self.error(
                    span,
                    format!("`#` produced {s}, which is not a valid string literal"),
                );
                (TokenKind::Unknown, self.out.symbols.intern(&s))
            }
        };
        let mut t = Token::new(kind, sym, span);
        t.space_before = space_before;
        t.set_expansion(Some(index));
        Tok::new(t)
    }

    /// `##`: pastes the last token of `out` with the first of `rhs`, then appends the rest.
    /// `chain` is the symbol the previous `##` of the same chain made, if it made a new one and
    /// nothing was appended after it; this paste sets it for the next one.
    fn paste(
        &mut self,
        out: &mut Vec<Tok>,
        rhs: Vec<Tok>,
        span: Span,
        index: u32,
        chain: &mut Option<Symbol>,
    ) {
        let previous = chain.take();
        let mut rhs = rhs.into_iter();
        let Some(first) = rhs.next() else { return };
        match out.last_mut() {
            None => out.push(first),
            Some(l) if l.placemarker => *l = first,
            Some(_) if first.placemarker => {}
            Some(l) => {
                let (left, right) = (
                    self.out.symbols.text(l.t.sym),
                    self.out.symbols.text(first.t.sym),
                );
                let text = format!("{left}{right}");
                let before = self.out.symbols.len();
                match single_token(&mut self.out.symbols, &text) {
                    Some(t) if t.kind != TokenKind::Unknown => {
                        let mut sym = t.sym;
                        let fresh = sym.index() == before;
                        // The text the previous paste made only lived in `l`: forget it (and
                        // intern this one again after it), so a long chain keeps one text.
                        if fresh
                            && previous == Some(l.t.sym)
                            && l.t.sym.index() + 1 == before
                            && self.out.symbols.forget_last(sym)
                        {
                            self.out.symbols.forget_last(l.t.sym);
                            sym = self.out.symbols.intern(&text);
                        }
                        let mut pasted = Token::new(t.kind, sym, span);
                        pasted.space_before = l.t.space_before;
                        pasted.set_expansion(Some(index));
                        l.t = pasted;
                        l.painted = false;
                        if fresh && rhs.as_slice().is_empty() {
                            *chain = Some(sym);
                        }
                    }
                    _ => {
                        let message = format!(
                            "pasting `{}` and `{}` does not give a valid token",
                            self.out.symbols.text(l.t.sym),
                            self.out.symbols.text(first.t.sym)
                        );
                        self.error(span, message);
                        out.push(first);
                    }
                }
            }
        }
        out.extend(rhs);
    }
}

/// Reads macro arguments from `rest` for [`Pp::collect_runs`]: calls `arg` with each run of
/// tokens read into the current argument, `true` with the last, `false` where a comma ends
/// one (at most `splits` times); stops after the closing `)` (giving back its span) or before
/// the first end-of-file token or directive. Gives back how many tokens it read.
fn scan_args<T>(
    rest: &[T],
    token: impl Fn(&T) -> &Token,
    depth: &mut u32,
    mut splits: usize,
    mut arg: impl FnMut(std::ops::Range<usize>, bool),
) -> (usize, Option<Span>) {
    let mut from = 0;
    for (k, t) in rest.iter().enumerate() {
        let t = token(t);
        match t.kind {
            TokenKind::Punct(Punct::LParen) => *depth += 1,
            TokenKind::Punct(Punct::RParen) if *depth == 0 => {
                arg(from..k, true);
                return (k + 1, Some(t.span));
            }
            TokenKind::Punct(Punct::RParen) => *depth -= 1,
            TokenKind::Punct(Punct::Comma) if *depth == 0 && splits > 0 => {
                arg(from..k, false);
                splits -= 1;
                from = k + 1;
            }
            TokenKind::Eof => {
                arg(from..k, true);
                return (k, None);
            }
            TokenKind::Hash if t.line_start => {
                arg(from..k, true);
                return (k, None);
            }
            _ => {}
        }
    }
    arg(from..rest.len(), true);
    (rest.len(), None)
}

fn placemarker(span: Span) -> Tok {
    Tok {
        t: Token::new(TokenKind::Unknown, sym::EMPTY, span),
        painted: false,
        placemarker: true,
    }
}

/// The token `text` lexes as, when it is exactly one.
fn single_token(symbols: &mut Interner, text: &str) -> Option<Token> {
    let toks = lex(crate::source::FileId(0), text, symbols);
    (toks.len() == 2 && symbols.text(toks[0].sym).len() == text.len()).then(|| toks[0])
}

fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 2);
    for c in text.chars() {
        if matches!(c, '"' | '\\') {
            s.push('\\');
        }
        s.push(c);
    }
    s
}

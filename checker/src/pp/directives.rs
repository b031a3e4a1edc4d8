//! The directives other than conditional inclusion: `#define`, `#include` (with the search
//! for the file), `#line`, `#pragma` and `_Pragma`, the `__has_*` feature tests, and the
//! presumed line and file that `#line` sets for `__LINE__` and `__FILE__`.

use super::expand::{Macro, Tok};
use super::include::Unreadable;
use super::{has, include, Pp};
use crate::lex::lex;
use crate::source::{FileId, SourceFile, Span};
use crate::symbol::{sym, Interner};
use crate::token::{Punct, Token, TokenKind};
use std::path::{Path, PathBuf};
use std::rc::Rc;

impl Pp<'_> {
    pub(super) fn define(&mut self, rest: &[Token], span: Span) {
        match Macro::parse(rest, span, &self.out.symbols) {
            Ok((name, m)) => {
                self.define_macro(name, Rc::new(m));
            }
            Err((at, message)) => self.error(at, message),
        }
    }

    pub(super) fn include(&mut self, rest: &[Token], span: Span) {
        let spec = match header_name(&self.out.symbols, rest) {
            Some(spec) => Some(spec),
            None if !rest.is_empty() => {
                let toks = rest.iter().copied().map(Tok::new).collect();
                let expanded: Vec<Token> =
                    self.expand_list(toks).into_iter().map(|t| t.t).collect();
                header_name(&self.out.symbols, &expanded)
            }
            None => None,
        };
        if self.stopped {
            return;
        }
        let Some((name, quoted)) = spec else {
            self.error(span, "#include expects \"FILENAME\" or <FILENAME>");
            return;
        };
        if self.files.len() >= self.limits.include_depth {
            let depth = self.limits.include_depth;
            self.limit(
                span,
                format!("#include nested deeper than {depth} (`{name}`)"),
            );
            return;
        }
        if self.includes >= self.limits.includes {
            let n = self.limits.includes;
            self.limit(span, format!("more than {n} #include directives followed"));
            return;
        }
        self.includes += 1;
        let (dir, id) = match self.resolve(&name, quoted) {
            Ok(found) => found,
            Err(message) => {
                self.error(span, message);
                return;
            }
        };
        if self.once.contains(&id) || self.guarded(id) {
            return;
        }
        if self.opts.cache.is_none() && self.fits_included_tokens(id) {
            self.enter_in_parts(id, dir);
            return;
        }
        // Counted whole before it is read, with the rest of every open file counted first, so
        // that the count is that of every file read whole.
        for i in 1..self.files.len() {
            self.lex_ahead(i);
        }
        let count = self.tokens_of(id).len() as u64;
        self.included_tokens += count;
        if self.included_tokens > self.limits.included_tokens {
            let n = self.limits.included_tokens;
            self.limit(
                span,
                format!("more than {n} tokens read from included files"),
            );
            return;
        }
        self.enter_file(id, dir);
    }

    /// Whether file `id`, read in parts, cannot take the count of included tokens past its
    /// limit, whatever it holds: a file has at most one token per byte and its `Eof`, and the
    /// open files still being lexed are counted at their whole size.
    fn fits_included_tokens(&self, id: FileId) -> bool {
        let size = |id: FileId| self.sources.file(id).text.len() as u64 + 1;
        let open: u64 = self
            .files
            .iter()
            .skip(1)
            .filter(|f| f.rest.is_some())
            .map(|f| size(f.id))
            .sum();
        self.included_tokens + open + size(id) <= self.limits.included_tokens
    }

    /// Finds an included file as clang does: the including file's directory first (for
    /// `"..."`), then each include directory. Returns its directory and its id.
    pub(super) fn resolve(
        &mut self,
        name: &str,
        quoted: bool,
    ) -> Result<(PathBuf, FileId), String> {
        let f = self.files.last().expect("a file is open");
        let quoted_dir = quoted.then(|| f.dir.clone());
        let mut not_a_file = None;
        for dir in quoted_dir.iter().chain(&self.opts.include_dirs) {
            let written = dir.join(name);
            let path = include::lexical(&written);
            let parent = path.parent().map(Path::to_path_buf).unwrap_or_default();
            if let Some(id) = self.loaded.get(&path) {
                return Ok((parent, *id));
            }
            match self.loader.load(&written) {
                Ok(text) => {
                    let id = self
                        .sources
                        .add(SourceFile::new(path.display().to_string(), text));
                    self.loaded.insert(path, id);
                    return Ok((parent, id));
                }
                Err(Unreadable::NotAFile) => not_a_file = Some(path),
                Err(Unreadable::Missing) => {}
            }
        }
        Err(match not_a_file {
            Some(path) => format!(
                "#include of `{name}` refused: `{}` is not a regular file (a device, FIFO, socket or directory)",
                path.display()
            ),
            None => format!("#include file `{name}` not found"),
        })
    }

    pub(super) fn line(&mut self, rest: &[Token], span: Span) {
        let expanded: Vec<Token> = if rest.first().is_some_and(|t| t.kind == TokenKind::Int) {
            rest.to_vec()
        } else {
            let toks = rest.iter().copied().map(Tok::new).collect();
            self.expand_list(toks).into_iter().map(|t| t.t).collect()
        };
        let number = expanded
            .first()
            .filter(|t| t.kind == TokenKind::Int)
            .map(|t| self.out.symbols.text(t.sym))
            .filter(|text| text.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|text| text.parse::<i64>().ok());
        let Some(number) = number else {
            self.error(span, "#line expects a line number");
            return;
        };
        let file_name = match expanded.get(1) {
            Some(t)
                if t.kind == TokenKind::Str && self.out.symbols.text(t.sym).starts_with('"') =>
            {
                let text = self.out.symbols.text(t.sym);
                Some(text[1..text.len() - 1].to_string())
            }
            Some(_)
                if rest
                    .first()
                    .is_some_and(|t| t.is_ident(sym::LINE_DIRECTIVE)) =>
            {
                None
            }
            Some(t) if t.kind != TokenKind::Int => {
                self.error(t.span, "#line expects a file name string");
                return;
            }
            _ => None,
        };
        // Spans stay physical; only `__LINE__` and `__FILE__` follow `#line`.
        let next_line = self.sources.file(span.file).line_of(span.end) as i64 + 1;
        let f = self.files.last_mut().expect("a file is open");
        f.line_delta = number - next_line;
        if file_name.is_some() {
            f.presumed_name = file_name;
        }
    }

    pub(super) fn pragma(&mut self, rest: &[Token], span: Span) {
        match rest.first() {
            Some(t) if t.is_ident(sym::OPENCL) => {
                let text = join_tokens(&self.out.symbols, rest, true);
                self.out.pragmas.push((span, text));
            }
            Some(t) if t.is_ident(sym::ONCE) => {
                let id = self.files.last().expect("a file is open").id;
                self.once.insert(id);
            }
            _ => {}
        }
    }

    /// `_Pragma ( string-literal )` (C99 6.10.9), after expansion.
    pub(super) fn pragma_operator(&mut self, op: Token) {
        let mut parts = Vec::new();
        for _ in 0..3 {
            match self.expand_next(0, true) {
                Some(t) if t.t.kind != TokenKind::Eof => parts.push(t.t),
                _ => break,
            }
        }
        let ok = parts.len() == 3
            && parts[0].is_punct(Punct::LParen)
            && parts[1].kind == TokenKind::Str
            && parts[2].is_punct(Punct::RParen);
        let span = parts.last().map_or(op.span, |t| op.span.to(t.span));
        if !ok {
            self.error(span, "_Pragma expects a parenthesized string literal");
            return;
        }
        let lit = self.out.symbols.text(parts[1].sym);
        let body = &lit[lit.find('"').map_or(0, |q| q + 1)..lit.len() - 1];
        let text = body.replace("\\\"", "\"").replace("\\\\", "\\");
        let mut toks = lex(op.span.file, &text, &mut self.out.symbols);
        toks.pop();
        for t in &mut toks {
            t.span = span;
        }
        self.pragma(&toks, span);
    }

    /// The value of a feature test (`__has_include("x.h")`, `__has_builtin(f)`, ...) whose
    /// operand, unexpanded, is `arg`.
    pub(super) fn has(&mut self, op: has::HasOp, arg: &[Token], span: Span) -> u64 {
        use has::HasOp;
        if matches!(op, HasOp::Include | HasOp::IncludeNext) {
            let Some((name, quoted)) = header_name(&self.out.symbols, arg) else {
                self.error(span, "__has_include expects \"FILENAME\" or <FILENAME>");
                return 0;
            };
            return u64::from(self.resolve(&name, quoted).is_ok());
        }
        if arg.is_empty() {
            self.error(span, "a feature test expects a name");
            return 0;
        }
        // `clang::fallthrough` is one name to `__has_cpp_attribute`.
        let name: String = arg.iter().map(|t| self.out.symbols.text(t.sym)).collect();
        op.answer(&name, self.opts.profile)
    }

    /// The current line number of a span in its file, as `#line` adjusted it.
    pub(super) fn presumed_line(&self, span: Span) -> i64 {
        let line = self.sources.file(span.file).line_of(span.start) as i64;
        let delta = self
            .files
            .iter()
            .rev()
            .find(|f| f.id == span.file)
            .map_or(0, |f| f.line_delta);
        line + delta
    }

    pub(super) fn presumed_file(&self, span: Span) -> String {
        let f = self.files.iter().rev().find(|f| f.id == span.file);
        match f.and_then(|f| f.presumed_name.clone()) {
            Some(name) => name,
            None => self.sources.file(span.file).name.clone(),
        }
    }
}

/// A header name from a directive's tokens: `"name"` or `<name>` (the latter rebuilt from the
/// tokens between the brackets, with single spaces where there was space).
fn header_name(symbols: &Interner, toks: &[Token]) -> Option<(String, bool)> {
    let first = toks.first()?;
    let text = symbols.text(first.sym);
    if first.kind == TokenKind::Str && text.starts_with('"') {
        return Some((text[1..text.len() - 1].to_string(), true));
    }
    if !first.is_punct(Punct::Lt) {
        return None;
    }
    let close = toks.iter().position(|t| t.is_punct(Punct::Gt))?;
    let mut name = String::new();
    for (k, t) in toks[1..close].iter().enumerate() {
        if k > 0 && t.space_before {
            name.push(' ');
        }
        name.push_str(symbols.text(t.sym));
    }
    Some((name, false))
}

/// Tokens as text; `normalize` puts exactly one space between tokens, otherwise one space
/// where the source had space.
pub(super) fn join_tokens(symbols: &Interner, toks: &[Token], normalize: bool) -> String {
    let mut s = String::new();
    for (k, t) in toks.iter().enumerate() {
        if k > 0 && (normalize || t.space_before) {
            s.push(' ');
        }
        s.push_str(symbols.text(t.sym));
    }
    s
}

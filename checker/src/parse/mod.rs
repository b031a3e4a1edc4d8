//! The parser: preprocessed tokens in, a [`TranslationUnit`] out, syntax errors as
//! diagnostics. It owns the typedef table (which names are types where), keyword classification
//! for a profile, error recovery and the nesting limits.
//!
//! Total over any input (STYLE.md §10): every loop consumes a token or stops, recursion is
//! bounded by [`MAX_NESTING`] and expression trees by [`MAX_OPERATORS`], and an error is
//! followed by recovery to `;`, `}` or the next declaration so that one mistake does not hide
//! the next.
//!
//! - `decl.rs`: declarations, specifiers, declarators, structs, enums, initialisers, attributes.
//! - `stmt.rs`: statements and function bodies.
//! - `expr.rs`: expressions, type names in casts and `sizeof`, vector literals.
//! - `knr.rs`: K&R (identifier-list) function definitions.
//! - `cxx.rs`: the C++ for OpenCL subset (namespaces, templates, classes, qualified names,
//!   references, C++ casts); anything outside it is `Code::Unsupported`.
//!
//! Longer than most files: the machinery every grammar file builds on (token cursor, typedef
//! scopes, keyword classification, recovery and limits) is kept in one place.

pub(crate) mod builtins;
mod cxx;
mod decl;
mod expr;
mod knr;
mod stmt;
mod stream;

pub(crate) use cxx::{lookup_keys, qualify};
pub use stream::{each_item, each_item_in, Piece, TokenSource, Window};
#[cfg(test)]
mod tests;

use crate::ast::{Arena, ArenaVec, BodyPart, ExternalDecl, QualKind, TranslationUnit};
use crate::diag::{Code, Diagnostic};
use crate::source::Span;
use crate::spec::{AddrSpace, Profile, Spelling};
use crate::symbol::{sym, Interner, Symbol};
use crate::token::FxHashMap as HashMap;
use crate::token::{Punct, Token, TokenKind};
use builtins::Kw;
use smol_str::SmolStr;
use std::borrow::Cow;

/// How deep brackets, statements, declarators, struct bodies and initialisers may nest. Deeper
/// input gets `Code::Limit` instead of overflowing the stack. Like clang's default
/// `-fbracket-depth=256`; no real kernel comes near it.
pub const MAX_NESTING: u32 = 256;

/// How many binary, assignment, conditional, comma and postfix operators one statement or
/// initialiser may hold. Operator chains (`a + b + c ...`, `s.x.y.z ...`) build left-nested
/// trees without recursing while parsing, so this bounds how deep a tree can get for the code
/// that prints and walks it recursively.
pub const MAX_OPERATORS: u32 = 2048;

/// Parses a preprocessed token sequence (ending with `TokenKind::Eof`; one is assumed if it is
/// missing) into a tree in `arena`; `symbols` holds the tokens' texts. Syntax errors are pushed
/// onto `diags`; the tree holds whatever could be parsed.
pub fn translation_unit<'a>(
    arena: &'a Arena,
    tokens: &[Token],
    symbols: &Interner,
    profile: Profile,
    diags: &mut Vec<Diagnostic>,
) -> TranslationUnit<'a> {
    let tokens = with_eof(tokens);
    let mut p = Parser::new(arena, &tokens, symbols, profile, diags);
    let mut items = ArenaVec::new_in(arena);
    p.items(|item| items.push(item));
    TranslationUnit {
        items: items.into_bump_slice(),
    }
}

/// The tokens, with an `Eof` appended unless they end with one, so the parser can always peek.
fn with_eof(tokens: &[Token]) -> Cow<'_, [Token]> {
    if tokens.last().is_some_and(|t| t.kind == TokenKind::Eof) {
        return Cow::Borrowed(tokens);
    }
    let span = tokens
        .last()
        .map(|t| Span::new(t.span.file, t.span.end, t.span.end))
        .unwrap_or_default();
    let mut owned = tokens.to_vec();
    owned.push(Token::new(TokenKind::Eof, sym::EMPTY, span));
    Cow::Owned(owned)
}

/// `x` allocated in the tree's arena. A free function, so that `node(self.arena, self.expr())`
/// borrows the parser only for the argument.
fn node<T>(arena: &Arena, x: T) -> &T {
    arena.alloc(x)
}

/// What an ordinary identifier names in the current scope, as far as parsing cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NameKind {
    /// Declared with `typedef` in this unit.
    Typedef,
    /// A predeclared OpenCL type (`float4`, `size_t`, `image2d_t`).
    Builtin,
    /// A variable, function, parameter or enumerator (shadows a type name).
    Object,
}

pub(crate) struct Parser<'t, 'd, 'a> {
    /// Where the tree's nodes, lists and names are allocated.
    arena: &'a Arena,
    /// Never empty; the last token is `Eof`, and `pos` never moves past it.
    toks: &'t [Token],
    /// The tokens' texts.
    syms: &'t Interner,
    pos: usize,
    profile: Profile,
    diags: &'d mut Vec<Diagnostic>,
    /// What each name (by symbol) means in the innermost scope that declares it; predeclared
    /// type names, which [`builtins::is_predeclared`] answers for, only where nothing is. In C++
    /// only names in blocks and template parameter lists are here: file-scope names are in
    /// `cxx_names`.
    bindings: Vec<Option<NameKind>>,
    /// The bindings that declarations in open scopes replaced, to restore when they close.
    shadowed: Vec<(Symbol, Option<NameKind>)>,
    /// The open scopes, innermost last, as the length of `shadowed` when each opened. The first
    /// two (predeclared names, file scope) never close.
    scopes: Vec<usize>,
    /// C++: file-scope names by qualified name (see [`qualify`]).
    cxx_names: HashMap<SmolStr, NameKind>,
    /// What each predefined symbol is as a keyword in this profile, before context (see
    /// [`Parser::kw_of`]).
    kw_table: &'static [Option<Kw>],
    /// The tree's copy of each symbol's text, made once (see [`Parser::name`]).
    names: Vec<std::cell::OnceCell<&'a str>>,
    /// The interner when it outlives the tree: texts are then taken from it, not copied.
    texts: Option<&'a Interner>,
    /// Current recursion depth, against [`MAX_NESTING`].
    depth: u32,
    /// Operators in the current statement or initialiser, against [`MAX_OPERATORS`].
    ops: u32,
    /// Token index of the last syntax error, so one bad token gets one diagnostic and not one
    /// per enclosing construct that expected something else.
    last_error: Option<usize>,
    /// Whether a limit was reported in the current top-level declaration (one is enough).
    limit_reported: bool,
    /// C++: the enclosing namespaces and classes, outermost first. Names declared at file
    /// level are stored qualified by it (`n::S::x`).
    prefix: Vec<SmolStr>,
    /// C++: namespaces named by `using namespace`, qualified.
    usings: Vec<SmolStr>,
    /// C++: qualified names of class and function templates (a `<` after one opens arguments).
    templates: crate::token::FxHashSet<SmolStr>,
    /// C++: the classes whose bodies are being parsed, innermost last (for constructors).
    classes: Vec<SmolStr>,
    /// C++: template parameter scopes open around the current declaration.
    template_depth: u32,
    /// Set when the parser reads past the end of `toks`, when `toks` is a window of a longer
    /// output; `None` when it is the whole (see `stream.rs`). A reference, so that the parser
    /// holds no cell itself and `&Parser` stays a read-only borrow for the optimiser.
    overrun: Option<&'t std::cell::Cell<bool>>,
    journal: stream::Journal,
    /// When the output is read as it is made, a long C function definition is handed out in
    /// pieces of about this many tokens (see `stream.rs`).
    stream_bodies: Option<usize>,
    /// Inside such a body: what carries from one of its statements to the next.
    body: Option<stream::OpenBody>,
    /// The long statements open in that body, innermost last (see `stream.rs`).
    frames: Vec<stream::Frame>,
    /// The first parts of the body a definition just opened, and whether it closed in them.
    head: Option<(&'a [BodyPart<'a>], bool)>,
    /// Whether long statements are opened (the parse of this piece is a retry after an
    /// overrun: a first try parses every statement whole and costs nothing more).
    open_long: bool,
}

/// clang's built-in template that removes an address space, and the type it gives.
const REMOVE_SPACE: &str = "__remove_address_space";
const REMOVE_SPACE_TYPE: &str = "__remove_address_space::type";

/// The parser's state between two declarations of [`each_item`] (whose trees live in
/// different arenas); see [`Parser::suspend`].
struct Carry {
    pos: usize,
    bindings: Vec<Option<NameKind>>,
    shadowed: Vec<(Symbol, Option<NameKind>)>,
    scopes: Vec<usize>,
    cxx_names: HashMap<SmolStr, NameKind>,
    last_error: Option<usize>,
    prefix: Vec<SmolStr>,
    usings: Vec<SmolStr>,
    templates: crate::token::FxHashSet<SmolStr>,
    classes: Vec<SmolStr>,
    template_depth: u32,
    journal: stream::Journal,
    body: Option<stream::OpenBody>,
    frames: Vec<stream::Frame>,
}

impl Carry {
    /// The state before the first declaration: predeclared names and file scope open.
    fn fresh(syms: &Interner) -> Carry {
        // clang's one built-in class template in C++ for OpenCL: `__remove_address_space<T>::type`
        // is `T` without its space, a type the checker leaves unknown.
        let mut cxx_names = HashMap::default();
        cxx_names.insert(SmolStr::new_static(REMOVE_SPACE_TYPE), NameKind::Typedef);
        let mut templates: crate::token::FxHashSet<SmolStr> = Default::default();
        templates.insert(SmolStr::new_static(REMOVE_SPACE));
        Carry {
            pos: 0,
            bindings: vec![None; syms.len()],
            shadowed: Vec::new(),
            scopes: vec![0, 0],
            cxx_names,
            last_error: None,
            prefix: Vec::new(),
            usings: Vec::new(),
            templates,
            classes: Vec::new(),
            template_depth: 0,
            journal: stream::Journal::default(),
            body: None,
            frames: Vec::new(),
        }
    }
}

impl<'t, 'd, 'a> Parser<'t, 'd, 'a> {
    fn new(
        arena: &'a Arena,
        toks: &'t [Token],
        syms: &'t Interner,
        profile: Profile,
        diags: &'d mut Vec<Diagnostic>,
    ) -> Self {
        let mut p = Parser::resumed(arena, toks, syms, profile, diags, Carry::fresh(syms));
        p.names = (0..syms.len())
            .map(|_| std::cell::OnceCell::new())
            .collect();
        p
    }

    /// A parser that goes on where [`Parser::suspend`] left off (or starts, from
    /// [`Carry::fresh`]), without copying texts into its arena.
    fn resumed(
        arena: &'a Arena,
        toks: &'t [Token],
        syms: &'t Interner,
        profile: Profile,
        diags: &'d mut Vec<Diagnostic>,
        c: Carry,
    ) -> Self {
        Parser {
            arena,
            toks,
            syms,
            pos: c.pos,
            profile,
            diags,
            bindings: c.bindings,
            shadowed: c.shadowed,
            scopes: c.scopes,
            cxx_names: c.cxx_names,
            kw_table: builtins::keywords_by_symbol(profile),
            names: Vec::new(),
            texts: None,
            depth: 0,
            ops: 0,
            last_error: c.last_error,
            limit_reported: false,
            prefix: c.prefix,
            usings: c.usings,
            templates: c.templates,
            classes: c.classes,
            template_depth: c.template_depth,
            overrun: None,
            journal: c.journal,
            stream_bodies: None,
            body: None,
            frames: c.frames,
            head: None,
            open_long: false,
        }
        .in_body(c.body)
    }

    fn is_cxx(&self) -> bool {
        self.profile.lang().is_cxx()
    }

    /// The external declarations, each to `each` in source order.
    fn items(&mut self, mut each: impl FnMut(ExternalDecl<'a>)) {
        while !self.at_eof() {
            self.item(&mut each);
        }
    }

    /// One external declaration (or one token skipped after an error), to `each`.
    fn item(&mut self, each: &mut impl FnMut(ExternalDecl<'a>)) {
        if let Some(item) = self.item_deferred() {
            each(item);
        }
    }

    /// One external declaration (or one token skipped after an error), returned.
    fn item_deferred(&mut self) -> Option<ExternalDecl<'a>> {
        let start = self.pos;
        self.limit_reported = false;
        self.ops = 0;
        let item = self.external_decl();
        if self.pos == start {
            self.error_here("expected a declaration");
            self.bump();
        }
        item
    }

    /// What carries from one declaration to the next: everything but the tree.
    fn suspend(self) -> Carry {
        Carry {
            pos: self.pos,
            bindings: self.bindings,
            shadowed: self.shadowed,
            scopes: self.scopes,
            cxx_names: self.cxx_names,
            last_error: self.last_error,
            prefix: self.prefix,
            usings: self.usings,
            templates: self.templates,
            classes: self.classes,
            template_depth: self.template_depth,
            journal: self.journal,
            body: self.body.map(|_| stream::OpenBody {
                depth: self.depth,
                limit_reported: self.limit_reported,
            }),
            frames: self.frames,
        }
    }

    // ---- Tokens -------------------------------------------------------------------------

    /// The text of a token.
    fn text(&self, t: &Token) -> &'t str {
        self.syms.text(t.sym)
    }

    /// The text of a token, for the tree: copied into the arena once per symbol.
    fn name(&self, t: &Token) -> &'a str {
        if let Some(texts) = self.texts {
            return texts.text(t.sym);
        }
        match self.names.get(t.sym.index()) {
            Some(name) => name.get_or_init(|| self.arena.alloc_str(self.text(t))),
            None => self.arena.alloc_str(self.text(t)),
        }
    }

    #[inline]
    fn peek(&self) -> &'t Token {
        // `pos` is always a token's index: it never moves past the final `Eof`.
        self.at_index(self.pos)
    }

    /// The token `n` ahead (the final `Eof` past the end).
    fn nth(&self, n: usize) -> &'t Token {
        self.at_index(self.pos + n)
    }

    fn at_eof(&self) -> bool {
        self.peek().kind == TokenKind::Eof
    }

    fn at(&self, p: Punct) -> bool {
        self.peek().kind == TokenKind::Punct(p)
    }

    /// Consumes the current token (never the final `Eof`) and returns it.
    fn bump(&mut self) -> &'t Token {
        let t = self.peek();
        if t.kind != TokenKind::Eof {
            self.pos += 1;
        }
        t
    }

    fn eat(&mut self, p: Punct) -> Option<Span> {
        if self.at(p) {
            Some(self.bump().span)
        } else {
            None
        }
    }

    /// Consumes `p` or reports that it was expected (`what` completes "expected `)` ...").
    fn expect(&mut self, p: Punct, what: &str) -> bool {
        if self.eat(p).is_some() {
            return true;
        }
        if p == Punct::Semi {
            self.missing_semi(&format!("expected `;` {what}"));
        } else {
            self.error_here(&format!("expected `{}` {what}", p.text()));
        }
        false
    }

    /// "expected `;` ..., found `tok`", reported where the `;` belongs: just after the previous
    /// token, on its line (as clang reports it), not at the next token, which may be lines on.
    fn missing_semi(&mut self, expected: &str) {
        let t = self.peek();
        let message = format!("{expected}, found {}", describe(t, self.syms));
        let span = match self.pos.checked_sub(1).map(|i| self.toks[i].span) {
            Some(prev) => Span::new(prev.file, prev.end, prev.end),
            None => t.span,
        };
        self.error(span, message);
    }

    /// Consumes the closing `p` of a bracketed construct, skipping junk before it on error.
    fn expect_closing(&mut self, p: Punct, what: &str) {
        if !self.expect(p, what) {
            self.skip_until(&[p, Punct::Semi]);
            self.eat(p);
        }
    }

    /// The keyword an identifier token is in this profile, if any.
    ///
    /// Two exceptions keep address-space misuse visible to semantic analysis instead of turning
    /// it into syntax errors: an address-space keyword where only a name fits (`int global;`,
    /// `enum { local }`) is read as that name, so AS-RESERVED-NAME can be reported; and bare
    /// `generic` followed by an identifier is read as the qualifier even where the generic space
    /// does not exist, so AS-GENERIC-QUALIFIER can be.
    #[inline]
    fn kw_of(&self, t: &Token) -> Option<Kw> {
        match self.raw_kw(t) {
            Some(Kw::Qual(QualKind::Space(..))) if self.used_as_name(t) => None,
            Some(kw) => Some(kw),
            None if t.sym == sym::GENERIC => self.bare_generic(t),
            None => None,
        }
    }

    /// `generic` that is no keyword in this profile: the qualifier before an identifier.
    /// Rare, and kept out of [`Parser::kw_of`] so that it stays small enough to inline.
    #[inline(never)]
    fn bare_generic(&self, t: &Token) -> Option<Kw> {
        match self.after(t) {
            Some(next) if next.kind == TokenKind::Ident => Some(Kw::Qual(QualKind::Space(
                AddrSpace::Generic,
                Spelling::Bare,
            ))),
            _ => None,
        }
    }

    /// The keyword an identifier token is in this profile, whatever its context.
    fn raw_kw(&self, t: &Token) -> Option<Kw> {
        if t.kind != TokenKind::Ident {
            return None;
        }
        self.kw_table.get(t.sym.index()).copied().flatten()
    }

    /// The index of `t` among this parser's tokens, if it is one of them.
    fn index_of(&self, t: &Token) -> Option<usize> {
        let index = (t as *const Token as usize).wrapping_sub(self.toks.as_ptr() as usize)
            / std::mem::size_of::<Token>();
        match self.toks.get(index) {
            Some(same) if std::ptr::eq(same, t) => Some(index),
            _ => None,
        }
    }

    /// The token after `t`, which must be one of this parser's tokens.
    fn after(&self, t: &Token) -> Option<&'t Token> {
        self.tok(self.index_of(t)? + 1)
    }

    /// Whether the token after `t` is one that only a declared name can precede. A `(` counts
    /// when a parameter list follows (`int global(void)`, `int local(int x)`), not a grouping
    /// declarator (`global (*p)[4]`).
    #[inline(never)]
    fn used_as_name(&self, t: &Token) -> bool {
        if let Some(open) = self.after(t).filter(|n| n.is_punct(Punct::LParen)) {
            return self
                .after(open)
                .is_some_and(|n| n.is_punct(Punct::RParen) || n.kind == TokenKind::Ident);
        }
        self.after(t).is_some_and(|n| {
            // Everything that can follow a name but never a qualifier (`*` and `(` can follow
            // both, so they are not here).
            const AFTER_NAME: [Punct; 26] = [
                Punct::Semi,
                Punct::Eq,
                Punct::Comma,
                Punct::RParen,
                Punct::LBracket,
                Punct::RBracket,
                Punct::Colon,
                Punct::LBrace,
                Punct::RBrace,
                Punct::Lt,
                Punct::Gt,
                Punct::Le,
                Punct::Ge,
                Punct::EqEq,
                Punct::Ne,
                Punct::Plus,
                Punct::Minus,
                Punct::PlusPlus,
                Punct::MinusMinus,
                Punct::Slash,
                Punct::Percent,
                Punct::Question,
                Punct::Dot,
                Punct::Arrow,
                Punct::PlusEq,
                Punct::MinusEq,
            ];
            AFTER_NAME.iter().any(|p| n.is_punct(*p))
        })
    }

    /// `a` followed by `b`, as one list in the arena.
    fn concat<T: Clone>(&self, a: &'a [T], b: ArenaVec<'a, T>) -> &'a [T] {
        if a.is_empty() {
            return b.into_bump_slice();
        }
        let mut all = ArenaVec::from_iter_in(a.iter().cloned(), self.arena);
        all.extend(b);
        all.into_bump_slice()
    }

    fn kw(&self) -> Option<Kw> {
        self.kw_of(self.peek())
    }

    /// The span of the last consumed token.
    fn prev_span(&self) -> Span {
        if self.pos == 0 {
            let s = self.peek().span;
            return Span::new(s.file, s.start, s.start);
        }
        self.toks[self.pos - 1].span
    }

    /// From `start` to the end of the last consumed token.
    fn span_from(&self, start: Span) -> Span {
        if self.pos == 0 {
            return start;
        }
        start.to(self.prev_span())
    }

    // ---- Names --------------------------------------------------------------------------

    fn push_scope(&mut self) {
        self.scopes.push(self.shadowed.len());
    }

    fn pop_scope(&mut self) {
        // The two outermost scopes (predeclared names, file scope) stay.
        if self.scopes.len() > 2 {
            let opened = self.scopes.pop().unwrap_or_default();
            while self.shadowed.len() > opened {
                let Some((name, before)) = self.shadowed.pop() else {
                    break;
                };
                self.note_pop(name, before);
                self.set_binding(name, before);
            }
        }
    }

    /// Whether declarations go to file scope: no block or prototype scope is open (template
    /// parameter scopes aside).
    fn at_file_level(&self) -> bool {
        self.scopes.len() as u32 == 2 + self.template_depth
    }

    fn declare(&mut self, name: &str, kind: NameKind) {
        if self.is_cxx() && self.at_file_level() {
            let key = cxx::qualify(&self.prefix, name);
            self.insert_cxx_name(key, kind);
            return;
        }
        self.declare_in_scope(name, kind);
    }

    /// Declares `name` in the innermost scope, whatever the language.
    fn declare_in_scope(&mut self, name: &str, kind: NameKind) {
        // A name that no token spells is never looked up in a scope.
        let Some(s) = self.syms.get(name) else {
            return;
        };
        if s.index() < self.bindings.len() {
            let before = self.set_binding(s, Some(kind));
            if self.scopes.len() > 2 {
                self.shadowed.push((s, before));
            }
        }
    }

    fn lookup(&self, name: &str) -> Option<NameKind> {
        if self.is_cxx() {
            return self.lookup_cxx(name);
        }
        self.syms.get(name).and_then(|s| self.lookup_sym(s))
    }

    /// What the identifier token `t` names here.
    fn lookup_token(&self, t: &Token) -> Option<NameKind> {
        if self.is_cxx() {
            return self.lookup_cxx(self.text(t));
        }
        self.lookup_sym(t.sym)
    }

    fn lookup_sym(&self, name: Symbol) -> Option<NameKind> {
        self.bindings
            .get(name.index())
            .copied()
            .flatten()
            .or_else(|| builtins::is_predeclared(name).then_some(NameKind::Builtin))
    }

    /// C++ lookup: block scopes by the plain name, then file scope by the qualified keys
    /// [`lookup_keys`] gives (innermost enclosing namespace or class first).
    fn lookup_cxx(&self, name: &str) -> Option<NameKind> {
        let plain = if name.contains("::") {
            None
        } else {
            self.syms.get(name)
        };
        if let Some(kind) = plain.and_then(|s| self.bindings.get(s.index()).copied().flatten()) {
            return Some(kind);
        }
        lookup_keys(&self.prefix, &self.usings, name)
            .iter()
            .find_map(|k| self.cxx_names.get(k.as_str()).copied())
            .or_else(|| {
                plain
                    .is_some_and(builtins::is_predeclared)
                    .then_some(NameKind::Builtin)
            })
    }

    /// Whether `t` is an identifier naming a type here (typedef or predeclared), not a keyword.
    fn is_type_name(&self, t: &Token) -> bool {
        if self.is_cxx() {
            if let Some(q) = self.index_of(t).and_then(|i| self.scan_qualified(i)) {
                if q.len > 1 {
                    return !q.dtor
                        && matches!(
                            self.lookup(&q.text),
                            Some(NameKind::Typedef | NameKind::Builtin)
                        );
                }
            }
        }
        t.kind == TokenKind::Ident
            && self.kw_of(t).is_none()
            && matches!(
                self.lookup_token(t),
                Some(NameKind::Typedef | NameKind::Builtin)
            )
    }

    /// Whether `t` can begin declaration specifiers.
    /// Whether blocks (`^`) exist: OpenCL C 2.0, and 3.0 with the generic address space that
    /// device-side enqueue requires.
    fn blocks_allowed(&self) -> bool {
        !self.profile.lang().is_cxx() && self.profile.has(crate::spec::Feature::GenericAddressSpace)
    }

    fn starts_decl(&self, t: &Token) -> bool {
        match self.kw_of(t) {
            Some(
                Kw::Storage(_)
                | Kw::Func(_)
                | Kw::Access(_)
                | Kw::Qual(_)
                | Kw::Type(_)
                | Kw::Struct
                | Kw::Union
                | Kw::Enum
                | Kw::Attribute
                | Kw::Pipe
                | Kw::Extension
                | Kw::Class
                | Kw::Typename
                | Kw::Decltype,
            ) => true,
            Some(_) => false,
            None if t.is_punct(Punct::ColonColon) => self.is_type_name(t),
            None => self.is_type_name(t),
        }
    }

    /// Whether `t` can begin a type name (in a cast, `sizeof`, a compound literal).
    fn starts_type_name(&self, t: &Token) -> bool {
        // Only a name starts one, or in C++ a `::` (`(::T)x`): most `(` are followed by `(`.
        if t.kind != TokenKind::Ident && !self.is_cxx() {
            return false;
        }
        match self.kw_of(t) {
            Some(
                Kw::Qual(_)
                | Kw::Type(_)
                | Kw::Struct
                | Kw::Union
                | Kw::Enum
                | Kw::Pipe
                | Kw::Access(_)
                | Kw::Class
                | Kw::Typename
                | Kw::Decltype
                // `(__attribute__((opencl_global)) int *)p`: no expression starts with one.
                | Kw::Attribute,
            ) => true,
            Some(_) => false,
            None => self.is_type_name(t),
        }
    }

    // ---- Diagnostics --------------------------------------------------------------------

    fn error(&mut self, span: Span, message: String) {
        if self.last_error == Some(self.pos) {
            return;
        }
        self.last_error = Some(self.pos);
        self.diags
            .push(Diagnostic::new(Code::Syntax, self.profile, span, message));
    }

    /// Parses items up to the closing `}` (not consumed) or the end of input: `item` parses
    /// one; when it consumes nothing, `what` is reported and the token skipped, so a block,
    /// member list or namespace body always advances.
    fn until_rbrace(&mut self, what: &str, mut item: impl FnMut(&mut Self)) {
        while !self.at(Punct::RBrace) && !self.at_eof() {
            let before = self.pos;
            item(self);
            if self.pos == before {
                self.error_here(what);
                self.bump();
            }
        }
    }

    /// "expected X, found `tok`" at the current token.
    fn error_here(&mut self, expected: &str) {
        let t = self.peek();
        let message = format!("{expected}, found {}", describe(t, self.syms));
        self.error(t.span, message);
    }

    fn unsupported(&mut self, span: Span, message: String) {
        self.last_error = Some(self.pos);
        self.diags.push(Diagnostic::new(
            Code::Unsupported,
            self.profile,
            span,
            message,
        ));
    }

    // ---- Limits -------------------------------------------------------------------------

    /// Enters one level of recursion; `false` (after reporting the limit and skipping the
    /// rest of the enclosing bracket) when [`MAX_NESTING`] is reached. A `true` must be
    /// matched by [`Parser::leave`].
    fn enter(&mut self) -> bool {
        if self.depth >= MAX_NESTING {
            self.limit(&format!("nesting deeper than {MAX_NESTING} levels"));
            return false;
        }
        self.depth += 1;
        true
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Counts one operator node; `false` (after reporting) past [`MAX_OPERATORS`].
    fn count_op(&mut self) -> bool {
        self.ops += 1;
        if self.ops > MAX_OPERATORS {
            self.limit(&format!(
                "more than {MAX_OPERATORS} operators in one statement"
            ));
            return false;
        }
        true
    }

    /// Reports a limit (once per top-level declaration) and skips to the closing bracket of
    /// the construct being parsed, so the enclosing levels can finish without going deeper.
    fn limit(&mut self, what: &str) {
        if !self.limit_reported {
            self.limit_reported = true;
            let span = self.peek().span;
            let message = format!("{what}: the checker does not judge this code");
            self.diags
                .push(Diagnostic::new(Code::Limit, self.profile, span, message));
        }
        self.last_error = Some(self.pos);
        let mut depth = 0u32;
        loop {
            match self.peek().kind {
                TokenKind::Eof => return,
                TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => depth += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace) => {
                    if depth == 0 {
                        return;
                    }
                    depth -= 1;
                }
                _ => {}
            }
            self.bump();
        }
    }

    // ---- Recovery -----------------------------------------------------------------------

    /// At an opening bracket: skips to just after its matching close (any closer counts).
    fn skip_balanced(&mut self) {
        let mut depth = 0u32;
        loop {
            match self.bump().kind {
                TokenKind::Eof => return,
                TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => depth += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace) => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return;
                    }
                }
                _ => {}
            }
            if depth == 0 {
                return;
            }
        }
    }

    /// Skips tokens, bracket groups whole, until one of `stops` or a `}` that closes an
    /// enclosing block (left unconsumed), or the end. Stray `)` and `]` are skipped.
    fn skip_until(&mut self, stops: &[Punct]) {
        loop {
            match self.peek().kind {
                TokenKind::Eof => return,
                TokenKind::Punct(p) if stops.contains(&p) => return,
                TokenKind::Punct(Punct::RBrace) => return,
                TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => {
                    self.skip_balanced()
                }
                _ => {
                    self.bump();
                }
            }
        }
    }

    /// After a broken statement: skips past the next `;`, or up to the `}` closing the block.
    fn recover_stmt(&mut self) {
        self.skip_until(&[Punct::Semi]);
        self.eat(Punct::Semi);
    }

    /// After a broken top-level declaration: skips past the next `;`, past a `{ ... }` group
    /// (a function body), or up to a line that starts another declaration (which may be the
    /// current token: the caller's loop makes progress).
    fn recover_top(&mut self) {
        loop {
            let t = self.peek();
            match t.kind {
                TokenKind::Eof => return,
                // The `}` closing a C++ namespace or class is the enclosing loop's.
                TokenKind::Punct(Punct::RBrace) if !self.prefix.is_empty() => return,
                TokenKind::Punct(Punct::Semi) => {
                    self.bump();
                    return;
                }
                TokenKind::Punct(Punct::LBrace) => {
                    self.skip_balanced();
                    self.eat(Punct::Semi);
                    return;
                }
                TokenKind::Punct(Punct::LParen | Punct::LBracket) => self.skip_balanced(),
                TokenKind::Ident
                    if t.line_start
                        && matches!(
                            self.kw_of(t),
                            Some(
                                Kw::Storage(_)
                                    | Kw::Func(_)
                                    | Kw::Struct
                                    | Kw::Union
                                    | Kw::Enum
                                    | Kw::Type(_)
                                    | Kw::Class
                                    | Kw::Template
                                    | Kw::Namespace
                            )
                        ) =>
                {
                    return
                }
                _ => {
                    self.bump();
                }
            }
        }
    }
}

/// How a token reads in a message.
fn describe(t: &Token, symbols: &Interner) -> String {
    let text = symbols.text(t.sym);
    match t.kind {
        TokenKind::Eof => "end of input".to_string(),
        TokenKind::Unknown => format!("unrecognised text `{text}`"),
        _ => format!("`{text}`"),
    }
}

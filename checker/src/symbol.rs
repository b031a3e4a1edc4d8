//! Interned text: every token's spelling is a [`Symbol`], a `u32` into one check's
//! [`Interner`], so that tokens stay small and copyable and the preprocessor and parser compare
//! and look up names by number instead of hashing text.
//!
//! Every interner starts as a copy of one prebuilt template holding the empty text, the
//! punctuators, the words the checker names ([`sym`]), every keyword and every predeclared type
//! name, so those have the same symbol in every check and the parser classifies a word by
//! indexing a table with its symbol. What a check adds lives and dies with the check.

use crate::token::Punct;
use std::sync::OnceLock;

/// An interned text, valid in the [`Interner`] that made it (or any clone of it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Symbol(u32);

impl Symbol {
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The symbol at `index` of an interner (valid only for an index below its length).
    pub(crate) const fn from_index(index: usize) -> Symbol {
        Symbol(index as u32)
    }

    /// The symbol of a punctuator's usual spelling.
    pub const fn punct(p: Punct) -> Symbol {
        Symbol(1 + p as u32)
    }
}

macro_rules! named {
    ($($name:ident = $text:literal,)*) => {
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[repr(u32)]
        enum Named {
            /// The empty text, then the punctuators, then `#` and `##` come first.
            _Before = 2 + Punct::ALL.len() as u32,
            $($name,)*
        }

        /// Symbols the checker's code names.
        pub mod sym {
            use super::{Named, Symbol};
            /// The empty text (`Eof`, placemarkers).
            pub const EMPTY: Symbol = Symbol(0);
            pub const HASH: Symbol = Symbol(1 + super::Punct::ALL.len() as u32);
            pub const HASH_HASH: Symbol = Symbol(2 + super::Punct::ALL.len() as u32);
            $(pub const $name: Symbol = Symbol(Named::$name as u32);)*
        }

        const NAMED: &[&str] = &[$($text,)*];
    };
}

named! {
    // The preprocessor's words.
    DEFINED = "defined",
    PRAGMA_OPERATOR = "_Pragma",
    VA_ARGS = "__VA_ARGS__",
    FILE = "__FILE__",
    LINE = "__LINE__",
    IF = "if",
    IFDEF = "ifdef",
    IFNDEF = "ifndef",
    ELIF = "elif",
    ELSE = "else",
    ENDIF = "endif",
    DEFINE = "define",
    UNDEF = "undef",
    INCLUDE = "include",
    LINE_DIRECTIVE = "line",
    PRAGMA = "pragma",
    ERROR = "error",
    WARNING = "warning",
    OPENCL = "OPENCL",
    ONCE = "once",
    ZERO = "0",
    ONE = "1",
    TRUE = "true",
    // Words the parser compares with.
    GENERIC = "generic",
    UNION = "union",
    CLASS = "class",
    OVERRIDE = "override",
    FINAL = "final",
    VIRTUAL = "virtual",
    FRIEND = "friend",
    PUBLIC = "public",
    PROTECTED = "protected",
    PRIVATE = "private",
    BUILTIN_ASTYPE = "__builtin_astype",
}

/// Maps texts to symbols and back. Texts are stored end to end in one buffer. The table is open
/// addressing with linear probing; a slot keeps a text's first eight bytes and length with the
/// symbol, so a text of up to eight bytes is found without reading the buffer.
#[derive(Clone)]
pub struct Interner {
    /// The texts, then [`PAD`].
    text: String,
    /// `bounds[s]..bounds[s + 1]` is symbol `s`'s text.
    bounds: Vec<u32>,
    /// A power of two long, at least twice the number of symbols.
    table: Vec<Slot>,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    /// The text's first eight bytes (zero past its end).
    word: u64,
    /// The hash's high bits and the length (255 for any longer text); see [`tag`].
    tag: u32,
    /// The symbol plus one; zero for an empty slot.
    sym: u32,
}

impl std::fmt::Debug for Interner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Interner")
            .field("symbols", &self.len())
            .finish()
    }
}

impl Default for Interner {
    fn default() -> Interner {
        Interner::new()
    }
}

/// The template every interner starts from, and where its predeclared type names lie.
struct Template {
    interner: Interner,
    predeclared: std::ops::Range<u32>,
}

/// Copying it (about 20 KB) costs a tenth of building it, and no check sees another's names.
fn template() -> &'static Template {
    static TEMPLATE: OnceLock<Template> = OnceLock::new();
    TEMPLATE.get_or_init(|| {
        let mut i = Interner {
            text: PAD.to_string(),
            bounds: vec![0],
            table: vec![Slot::default(); 16],
        };
        i.intern("");
        for p in Punct::ALL {
            i.intern(p.text());
        }
        i.intern("#");
        i.intern("##");
        for text in NAMED {
            i.intern(text);
        }
        for word in crate::parse::builtins::keywords() {
            i.intern(word);
        }
        let start = i.len() as u32;
        for name in crate::parse::builtins::predeclared() {
            i.intern(&name);
        }
        Template {
            predeclared: start..i.len() as u32,
            interner: i,
        }
    })
}

/// Whether `s` is a predeclared OpenCL type name (`float4`, `size_t`, `image2d_t`).
pub(crate) fn is_predeclared(s: Symbol) -> bool {
    template().predeclared.contains(&s.0)
}

/// How many symbols every interner starts with: tables indexed by symbol need no more.
pub(crate) fn predefined_count() -> usize {
    template().interner.len()
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

/// Zero bytes kept after the last text, so that a whole word read at any text's start stays
/// in the buffer and takes the quick path of [`masked`].
const PAD: &str = "\0\0\0\0\0\0\0\0";

#[inline(always)]
fn mix(h: u64, word: u64) -> u64 {
    (h.rotate_left(5) ^ word).wrapping_mul(SEED)
}

/// The last step: folds the high half down first, since a product's low bits depend only on
/// its factors' low bits, and the table index comes from the low bits of the result.
#[inline(always)]
fn finish(h: u64) -> u32 {
    ((h ^ (h >> 32)).wrapping_mul(SEED) >> 32) as u32
}

/// What a slot keeps of a text's hash and length: a look-up compares it before the text.
#[inline(always)]
fn tag(hash: u32, len: usize) -> u32 {
    (hash & !0xff) | len.min(0xff) as u32
}

/// The eight bytes of `b` at `i`, little-endian; zero past the end (never read there).
#[inline(always)]
pub(crate) fn word_at(b: &[u8], i: usize) -> u64 {
    match b.get(i..i + 8) {
        Some(w) => u64::from_le_bytes(w.try_into().unwrap_or_default()),
        None => 0,
    }
}

/// The low `len` bytes of a word (`1..=8`).
#[inline(always)]
pub(crate) fn low_bytes(len: usize) -> u64 {
    u64::MAX >> (64 - 8 * len)
}

/// Up to eight bytes of `b[i..end]` as the low bytes of a word, the rest zero.
#[inline(always)]
fn masked(b: &[u8], i: usize, end: usize) -> u64 {
    if i >= end {
        return 0;
    }
    if i + 8 <= b.len() {
        return word_at(b, i) & low_bytes((end - i).min(8));
    }
    short_word(&b[i..end])
}

/// One to seven bytes as a word, from two loads that overlap (or one byte).
#[inline]
fn short_word(s: &[u8]) -> u64 {
    let n = s.len();
    let two = |a: usize| {
        s.get(a..a + 2)
            .and_then(|w| <[u8; 2]>::try_from(w).ok())
            .map_or(0, |w| u64::from(u16::from_le_bytes(w)))
    };
    let four = |a: usize| {
        s.get(a..a + 4)
            .and_then(|w| <[u8; 4]>::try_from(w).ok())
            .map_or(0, |w| u64::from(u32::from_le_bytes(w)))
    };
    match n {
        0 => 0,
        1 => u64::from(s[0]),
        2..=3 => two(0) | two(n - 2) << (8 * (n - 2)),
        _ => four(0) | four(n - 4).checked_shl(8 * (n as u32 - 4)).unwrap_or(0),
    }
}

/// Where a text that is not interned goes.
struct Miss {
    slot: usize,
    hash: u32,
    word: u64,
}

impl Interner {
    /// A fresh interner holding the predefined symbols.
    pub fn new() -> Interner {
        template().interner.clone()
    }

    /// Number of symbols.
    pub fn len(&self) -> usize {
        self.bounds.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Where the text of `s` lies in `self.text`; empty for a symbol this interner never made.
    #[inline(always)]
    fn range(&self, s: Symbol) -> (usize, usize) {
        let i = s.index();
        match (self.bounds.get(i), self.bounds.get(i + 1)) {
            (Some(&a), Some(&b)) => (a as usize, b as usize),
            _ => (0, 0),
        }
    }

    /// The text of `s`; empty for a symbol this interner never made.
    #[inline]
    pub fn text(&self, s: Symbol) -> &str {
        let (a, b) = self.range(s);
        self.text.get(a..b).unwrap_or_default()
    }

    /// The symbol of `text`, if it was interned.
    pub fn get(&self, text: &str) -> Option<Symbol> {
        self.lookup(text.as_bytes(), 0, text.len()).ok()
    }

    pub fn intern(&mut self, text: &str) -> Symbol {
        self.intern_in(text, 0, text.len())
    }

    /// Interns `src[start..end]` (which must lie on character boundaries), reading the bytes
    /// of `src` after it too, which saves the lexer a copy.
    #[inline(always)]
    pub(crate) fn intern_in(&mut self, src: &str, start: usize, end: usize) -> Symbol {
        match self.lookup(src.as_bytes(), start, end) {
            Ok(s) => s,
            Err(miss) => self.insert(miss, &src[start..end]),
        }
    }

    /// Interns `src[start..end]`, one to eight bytes that the caller read as the word `w`:
    /// one hash step and, when the text is there, one compare of the slot's word.
    #[inline(always)]
    pub(crate) fn intern_word(&mut self, w: u64, src: &str, start: usize, end: usize) -> Symbol {
        match self.probe_word(w, end - start) {
            Ok(s) => s,
            Err(miss) => self.insert(miss, &src[start..end]),
        }
    }

    /// Finds a text of at most eight bytes, given as a word.
    #[inline(always)]
    fn probe_word(&self, w: u64, len: usize) -> Result<Symbol, Miss> {
        let h = finish(mix(len as u64, w));
        let t = tag(h, len);
        let mask = self.table.len() - 1;
        let mut slot = h as usize & mask;
        loop {
            let e = self.table[slot];
            if e.sym == 0 {
                return Err(Miss {
                    slot,
                    hash: h,
                    word: w,
                });
            }
            if e.tag == t && e.word == w {
                return Ok(Symbol(e.sym - 1));
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Finds `b[start..end]`, reading it a word at a time.
    #[inline(always)]
    fn lookup(&self, b: &[u8], start: usize, end: usize) -> Result<Symbol, Miss> {
        let len = end - start;
        let w = masked(b, start, end);
        if len <= 8 {
            return self.probe_word(w, len);
        }
        let mut h = len as u64;
        let mut k = start;
        while k + 8 <= end {
            h = mix(h, word_at(b, k));
            k += 8;
        }
        if k < end {
            h = mix(h, masked(b, k, end));
        }
        let h = finish(h);
        let t = tag(h, len);
        let mask = self.table.len() - 1;
        let mut slot = h as usize & mask;
        loop {
            let e = self.table[slot];
            if e.sym == 0 {
                return Err(Miss {
                    slot,
                    hash: h,
                    word: w,
                });
            }
            if e.tag == t && e.word == w && self.same_rest(e.sym - 1, b, start, end) {
                return Ok(Symbol(e.sym - 1));
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Whether symbol `s`, whose first eight bytes matched, is `b[start..end]`.
    fn same_rest(&self, s: u32, b: &[u8], start: usize, end: usize) -> bool {
        let (a, z) = self.range(Symbol(s));
        if z - a != end - start {
            return false;
        }
        let text = self.text.as_bytes();
        let mut k = 8;
        while start + k < end {
            if masked(text, a + k, z) != masked(b, start + k, end) {
                return false;
            }
            k += 8;
        }
        true
    }

    /// The hash of symbol `s`'s text.
    fn hash_of(&self, s: Symbol) -> u32 {
        let (a, z) = self.range(s);
        let b = self.text.as_bytes();
        let mut h = (z - a) as u64;
        let mut k = a;
        while k + 8 <= z {
            h = mix(h, word_at(b, k));
            k += 8;
        }
        if k < z {
            h = mix(h, masked(b, k, z));
        }
        finish(h)
    }

    #[cold]
    #[inline(never)]
    fn insert(&mut self, miss: Miss, text: &str) -> Symbol {
        let s = Symbol(self.len() as u32);
        let end = self.text.len() - PAD.len();
        self.text.truncate(end);
        self.text.push_str(text);
        self.bounds.push(self.text.len() as u32);
        self.text.push_str(PAD);
        self.table[miss.slot] = Slot {
            word: miss.word,
            tag: tag(miss.hash, text.len()),
            sym: s.0 + 1,
        };
        if self.len() * 2 > self.table.len() {
            self.grow();
        }
        s
    }

    fn grow(&mut self) {
        let mut table = vec![Slot::default(); self.table.len() * 2];
        let mask = table.len() - 1;
        for e in self.table.iter().filter(|e| e.sym != 0) {
            let mut slot = self.hash_of(Symbol(e.sym - 1)) as usize & mask;
            while table[slot].sym != 0 {
                slot = (slot + 1) & mask;
            }
            table[slot] = *e;
        }
        self.table = table;
    }

    /// Forgets `s` if it is the last symbol made (and not a predefined one), as if it had never
    /// been interned: the preprocessor pasting `a ## b ## c` keeps only the last of the texts
    /// it makes, so a long chain costs no more memory than its result. The caller must hold no
    /// other token with `s`. Returns whether it was forgotten.
    pub(crate) fn forget_last(&mut self, s: Symbol) -> bool {
        if s.index() + 1 != self.len() || s.index() < predefined_count() {
            return false;
        }
        let (a, _) = self.range(s);
        let mask = self.table.len() - 1;
        let mut hole = self.hash_of(s) as usize & mask;
        while self.table[hole].sym != s.0 + 1 {
            if self.table[hole].sym == 0 {
                return false;
            }
            hole = (hole + 1) & mask;
        }
        // Deletion from linear probing: later entries of the run move back into the hole
        // unless that would put them before their home slot.
        self.table[hole] = Slot::default();
        let mut j = hole;
        loop {
            j = (j + 1) & mask;
            let e = self.table[j];
            if e.sym == 0 {
                break;
            }
            let home = self.hash_of(Symbol(e.sym - 1)) as usize & mask;
            if (j.wrapping_sub(home) & mask) >= (j.wrapping_sub(hole) & mask) {
                self.table[hole] = e;
                self.table[j] = Slot::default();
                hole = j;
            }
        }
        self.bounds.pop();
        self.text.truncate(a);
        self.text.push_str(PAD);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predefined_symbols_have_their_texts() {
        let i = Interner::new();
        assert_eq!(i.text(sym::EMPTY), "");
        for p in Punct::ALL {
            assert_eq!(i.text(Symbol::punct(p)), p.text());
        }
        assert_eq!(i.text(sym::HASH), "#");
        assert_eq!(i.text(sym::HASH_HASH), "##");
        assert_eq!(i.text(sym::DEFINED), "defined");
        assert_eq!(i.text(sym::PRIVATE), "private");
        assert_eq!(i.get("__VA_ARGS__"), Some(sym::VA_ARGS));
        // The named words follow `##` in order, each once.
        for (k, text) in NAMED.iter().enumerate() {
            assert_eq!(
                i.get(text),
                Some(Symbol(sym::HASH_HASH.0 + 1 + k as u32)),
                "{text}"
            );
        }
        // Every predeclared name is in the range, and nothing else is.
        let names: Vec<String> = crate::parse::builtins::predeclared().collect();
        assert!(names.iter().all(|n| i.get(n).is_some_and(is_predeclared)));
        let in_range = (0..i.len() as u32).filter(|s| is_predeclared(Symbol(*s)));
        assert_eq!(in_range.count(), names.len());
        assert!(!is_predeclared(i.get("int").unwrap()));
    }

    #[test]
    fn interning_round_trips() {
        let mut i = Interner::new();
        let base = i.len();
        let words: Vec<String> = (0..5000).map(|k| format!("w{k}_{}", k * 7919)).collect();
        let syms: Vec<Symbol> = words.iter().map(|w| i.intern(w)).collect();
        assert_eq!(i.len(), base + words.len());
        for (w, s) in words.iter().zip(&syms) {
            assert_eq!(i.text(*s), w);
            assert_eq!(i.intern(w), *s);
            assert_eq!(i.get(w), Some(*s));
        }
        // Texts differing only past a word boundary, or by trailing zero bytes.
        for t in ["abcdefgh", "abcdefghi", "abcdefgh\0", "a", "a\0", "\0", ""] {
            let s = i.intern(t);
            assert_eq!(i.text(s), t);
        }
        assert_ne!(i.get("a"), i.get("a\0"));
        assert_eq!(i.text(Symbol(u32::MAX)), "");
        // The hash of a text inside a larger one is the text's own.
        let src = "xx identifier_of_some_length yy";
        assert_eq!(
            i.intern_in(src, 3, 28),
            i.intern("identifier_of_some_length")
        );
        let tail = "zz tail";
        assert_eq!(i.intern_in(tail, 3, 7), i.intern("tail"));
        // Every slice of a text, near its end or not, is the text it spells.
        let src = "abcdefghijklmnopqrstu\0\0v";
        for a in 0..src.len() {
            for b in a..=src.len() {
                let s = i.intern_in(src, a, b);
                assert_eq!(i.text(s), &src[a..b]);
                assert_eq!(i.get(&src[a..b]), Some(s));
                assert_eq!(i.intern(&src[a..b]), s);
            }
        }
    }

    #[test]
    fn the_last_symbol_can_be_forgotten() {
        let mut i = Interner::new();
        let a = i.intern("first_new");
        let b = i.intern("second_new");
        assert!(!i.forget_last(a));
        assert!(i.forget_last(b));
        assert_eq!(i.get("second_new"), None);
        assert_eq!(i.get("first_new"), Some(a));
        assert!(!i.forget_last(sym::PRIVATE));
        assert_eq!(i.intern("second_new"), b);
        assert_eq!(i.text(b), "second_new");
        // Across table growth, with every other symbol still found.
        let words: Vec<String> = (0..3000).map(|k| format!("p{k}")).collect();
        for (k, w) in words.iter().enumerate() {
            let s = i.intern(w);
            let long = i.intern(&format!("{w}_pasted"));
            assert!(i.forget_last(long));
            if k % 97 == 0 {
                assert!(words[..=k].iter().all(|w| i.get(w).is_some()));
            }
            assert_eq!(i.get(w), Some(s));
        }
        assert!(words
            .iter()
            .all(|w| i.get(&format!("{w}_pasted")).is_none()));
    }
}

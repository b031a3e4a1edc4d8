use super::*;
use crate::token::Punct::*;

/// The tokens of `text` and the interner holding their texts.
fn lexed(file: FileId, text: &str) -> (Vec<Token>, Interner) {
    let mut symbols = Interner::new();
    (lex(file, text, &mut symbols), symbols)
}

fn kinds(text: &str) -> Vec<(TokenKind, String)> {
    let (toks, symbols) = lexed(FileId(0), text);
    toks.into_iter()
        .filter(|t| t.kind != TokenKind::Eof)
        .map(|t| (t.kind, symbols.text(t.sym).to_string()))
        .collect()
}

fn texts(text: &str) -> Vec<String> {
    kinds(text).into_iter().map(|(_, t)| t).collect()
}

#[test]
fn punctuators_take_the_longest_match() {
    let toks = kinds("a->b ... <<= >>= ++ -- :: : ## # %:%: <: :> <% %> x+++y");
    let ks: Vec<TokenKind> = toks.iter().map(|(k, _)| *k).collect();
    use TokenKind::Punct as P;
    assert_eq!(
        ks,
        [
            TokenKind::Ident,
            P(Arrow),
            TokenKind::Ident,
            P(Ellipsis),
            P(ShlEq),
            P(ShrEq),
            P(PlusPlus),
            P(MinusMinus),
            P(ColonColon),
            P(Colon),
            TokenKind::HashHash,
            TokenKind::Hash,
            TokenKind::HashHash,
            P(LBracket),
            P(RBracket),
            P(LBrace),
            P(RBrace),
            TokenKind::Ident,
            P(PlusPlus),
            P(Plus),
            TokenKind::Ident,
        ]
    );
    // Digraphs keep their spelling; other punctuators have their fixed symbols.
    assert_eq!(
        texts("<: %:%: %: <% a[b]"),
        ["<:", "%:%:", "%:", "<%", "a", "[", "b", "]"]
    );
    let (toks, _) = lexed(FileId(0), "[ ## # ->");
    assert_eq!(toks[0].sym, Symbol::punct(LBracket));
    assert_eq!(toks[1].sym, sym::HASH_HASH);
    assert_eq!(toks[2].sym, sym::HASH);
    assert_eq!(toks[3].sym, Symbol::punct(Arrow));
}

#[test]
fn numbers_keep_their_suffixes() {
    use TokenKind::{Float, Int};
    let cases = [
        ("42", Int),
        ("0x1Fu", Int),
        ("7UL", Int),
        ("10ul", Int),
        ("077", Int),
        ("1.0f", Float),
        ("2.5h", Float),
        ("1e-3", Float),
        ("1E+3f", Float),
        ("0x1p3", Float),
        ("0x1.8P-2f", Float),
        (".5", Float),
        ("3.", Float),
        ("0x1e3", Int),
    ];
    for (text, kind) in cases {
        assert_eq!(kinds(text), [(kind, text.to_string())], "{text}");
    }
    // A vector literal is ordinary tokens.
    assert_eq!(texts("(float4)(1.0f, 2, .5h, 0x1p3)").len(), 12);
    // `1..2` is one preprocessing number, as in C.
    assert_eq!(texts("1..2"), ["1..2"]);
    assert_eq!(texts("a.b"), ["a", ".", "b"]);
}

#[test]
fn literals_with_escapes_and_prefixes() {
    use TokenKind::{Char, Ident, Str, Unknown};
    assert_eq!(kinds(r#""a\"b\\" 'x' '\'' L"w" u8"s" u'c' U"t""#).len(), 7);
    assert_eq!(kinds(r#""a\"b\\""#), [(Str, r#""a\"b\\""#.into())]);
    assert_eq!(kinds(r"'\''"), [(Char, r"'\''".into())]);
    assert_eq!(kinds(r#"u8"s""#), [(Str, r#"u8"s""#.into())]);
    assert_eq!(kinds("L'c'"), [(Char, "L'c'".into())]);
    // Not a prefix: an identifier, then a literal.
    assert_eq!(
        kinds(r#"x"s""#),
        [(Ident, "x".into()), (Str, r#""s""#.into())]
    );
    // Unterminated literals end at the line end.
    assert_eq!(
        kinds("\"abc\nx"),
        [(Unknown, "\"abc".into()), (Ident, "x".into())]
    );
    assert_eq!(
        kinds("don't"),
        [(Ident, "don".into()), (Unknown, "'t".into())]
    );
    assert_eq!(kinds("\""), [(Unknown, "\"".into())]);
    assert_eq!(kinds("'\\"), [(Unknown, "'\\".into())]);
    assert_eq!(kinds("\"\\é"), [(Unknown, "\"\\é".into())]);
}

#[test]
fn comments_are_space() {
    let (toks, symbols) = lexed(FileId(0), "a/* x */b//c\n  d /* unterminated");
    let text = |t: &Token| symbols.text(t.sym).to_string();
    assert_eq!(text(&toks[0]), "a");
    assert!(!toks[0].space_before && toks[0].line_start);
    assert_eq!(text(&toks[1]), "b");
    assert!(toks[1].space_before && !toks[1].line_start);
    assert_eq!(text(&toks[2]), "d");
    assert!(toks[2].line_start && toks[2].space_before);
    assert_eq!(toks[3].kind, TokenKind::Unknown);
    assert_eq!(text(&toks[3]), "/* unterminated");
    assert_eq!(toks[4].kind, TokenKind::Eof);
    assert_eq!(toks[4].sym, sym::EMPTY);
    // A newline alone is no space: stringizing asks for `line_start` as well.
    let (toks, _) = lexed(FileId(0), "a\nb");
    assert!(!toks[1].space_before && toks[1].line_start);
}

#[test]
fn line_splices_join_tokens_and_keep_physical_spans() {
    let text = "#def\\\nine X 1\\\r\n2\nin\\\nt y;";
    let (toks, symbols) = lexed(FileId(3), text);
    let t: Vec<&str> = toks.iter().map(|t| symbols.text(t.sym)).collect();
    assert_eq!(t, ["#", "define", "X", "12", "int", "y", ";", ""]);
    // `define` spans `def\\\nine` physically.
    assert_eq!(toks[1].span, Span::new(FileId(3), 1, 9));
    assert_eq!(
        &text[toks[3].span.start as usize..toks[3].span.end as usize],
        "1\\\r\n2"
    );
    assert_eq!(
        &text[toks[4].span.start as usize..toks[4].span.end as usize],
        "in\\\nt"
    );
    assert!(toks[4].line_start);
    assert!(!toks[2].line_start);
    assert_eq!(toks.last().unwrap().span.start as usize, text.len());
    // A backslash at the very end is a stray byte, not a splice.
    assert_eq!(
        kinds("a\\"),
        [
            (TokenKind::Ident, "a".into()),
            (TokenKind::Unknown, "\\".into())
        ]
    );
}

#[test]
fn stray_bytes_are_unknown_tokens() {
    let toks = kinds("@ $ ` é\u{1F600}\0");
    assert!(toks.iter().all(|(k, _)| *k == TokenKind::Unknown));
    assert_eq!(toks.len(), 6);
    assert_eq!(toks[3].1, "é");
}

#[test]
fn eof_is_last_and_spans_are_in_bounds() {
    for text in ["", " ", "x", "/*", "\\\n", "a\\\n", "\\\n\\\n"] {
        let (toks, _) = lexed(FileId(0), text);
        assert_eq!(toks.last().unwrap().kind, TokenKind::Eof, "{text:?}");
        for t in &toks {
            assert!(
                t.span.start <= t.span.end && t.span.end as usize <= text.len(),
                "{text:?}"
            );
        }
    }
}

/// A tiny xorshift generator, so the property tests need no dependency.
pub(crate) struct XorShift(pub u64);

impl XorShift {
    pub(crate) fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn any_bytes_lex_with_spans_in_order() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let alphabet = b"ab0x1e.+-'\"\\\n\r/*#%:<>u8L \t@\xff";
    for _ in 0..3000 {
        let len = rng.below(64);
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                if rng.below(4) == 0 {
                    rng.next() as u8
                } else {
                    alphabet[rng.below(alphabet.len())]
                }
            })
            .collect();
        let text = String::from_utf8_lossy(&bytes);
        let (toks, symbols) = lexed(FileId(0), &text);
        assert_eq!(toks.last().unwrap().kind, TokenKind::Eof);
        let mut prev = 0;
        for t in &toks {
            assert!(
                t.span.start >= prev && t.span.start <= t.span.end,
                "{text:?}"
            );
            assert!(t.span.end as usize <= text.len(), "{text:?}");
            prev = t.span.end;
            if t.kind == TokenKind::Eof {
                continue;
            }
            assert!(!symbols.text(t.sym).is_empty(), "{text:?}");
            // A token's text is what its span covers once the splices in it are removed (its
            // end is mapped through its last byte, so no splice trails it).
            let (s, e) = (t.span.start as usize, t.span.end as usize);
            let covered = text[s..e].replace("\\\r\n", "").replace("\\\n", "");
            assert_eq!(symbols.text(t.sym), covered, "{text:?}");
        }
    }
}

/// Prints the lexer's throughput on kernel-like text. Meaningful in release mode:
/// `cargo test -p clasp-checker --release --lib lex::tests::throughput -- --nocapture`.
#[test]
fn throughput() {
    let unit = "/* a kernel */\n#define N 16\nkernel void k(global float4 *out, __local int *tmp, constant uint2 *c) {\n    \
                int i = get_global_id(0); // index\n    out[i] = (float4)(1.0f, 2.5h, 0x1p3, .5f) * c[i].x + tmp[i >> 1u];\n    \
                if (i < N && tmp[0] != 'a') { out[i] += \"str\\n\"[0]; }\n}\n";
    let text = unit.repeat((1 << 20) / unit.len() + 1);
    // Best of a few runs: the first pays for fresh pages, and the machine may be shared.
    let mut secs = f64::MAX;
    let mut toks = Vec::new();
    for _ in 0..5 {
        drop(toks);
        let start = std::time::Instant::now();
        toks = lexed(FileId(0), &text).0;
        secs = secs.min(start.elapsed().as_secs_f64());
    }
    assert!(toks.iter().all(|t| t.kind != TokenKind::Unknown));
    assert_eq!(
        toks.len() - 1,
        lexed(FileId(0), unit).0.len().saturating_sub(1) * (text.len() / unit.len())
    );
    println!(
        "lexed {} bytes, {} tokens: {:.0} MB/s",
        text.len(),
        toks.len(),
        text.len() as f64 / secs / 1e6
    );
}

#[test]
fn identifier_bytes_are_found_eight_at_a_time() {
    for filler in [b'a', b' ', 0, 0x7f, 0x80, 0xff, b'_', b'9', b'@', b'`'] {
        for k in 0..8 {
            for c in 0..=255u8 {
                let mut bytes = [filler; 8];
                bytes[k] = c;
                let found = ident_bytes(u64::from_le_bytes(bytes));
                for (j, b) in bytes.iter().enumerate() {
                    let bit = found >> (8 * j) & 0xff;
                    assert_eq!(bit == 0x80, is_ident_byte(*b), "{bytes:?} at {j}");
                    assert!(bit == 0 || bit == 0x80);
                }
            }
        }
    }
}

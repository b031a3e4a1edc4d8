//! `#if` constant expressions (C99 6.10.1) over already macro-expanded tokens: every integer
//! operator, `?:`, `,`, `defined`, character constants and `u`/`l` suffixes, in `intmax_t` /
//! `uintmax_t` (64-bit) arithmetic that wraps instead of overflowing.

use crate::source::Span;
use crate::symbol::{sym, Interner, Symbol};
use crate::token::{Punct, Token, TokenKind};

/// Parenthesis and unary-operator nesting in one expression. Deeper input gets `Code::Limit`
/// rather than a stack overflow; real code stays below ten.
pub const MAX_EXPR_DEPTH: u32 = 256;

/// Why an expression has no value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct EvalError {
    pub span: Span,
    pub message: String,
    /// The nesting limit was hit (reported as `Code::Limit`).
    pub limit: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Val {
    bits: u64,
    unsigned: bool,
}

impl Val {
    fn int(v: i64) -> Val {
        Val {
            bits: v as u64,
            unsigned: false,
        }
    }

    fn truth(self) -> bool {
        self.bits != 0
    }
}

/// Evaluates a whole `#if` expression. `cxx` makes `true`/`false` keywords; `defined` is
/// answered by `is_defined` (it can still appear here when a macro expansion produced it).
pub(super) fn eval(
    toks: &[Token],
    symbols: &Interner,
    end: Span,
    cxx: bool,
    is_defined: &dyn Fn(Symbol) -> bool,
) -> Result<bool, EvalError> {
    let mut p = Parser {
        toks,
        symbols,
        pos: 0,
        depth: 0,
        end,
        cxx,
        is_defined,
    };
    if toks.is_empty() {
        return Err(p.error(end, "#if with no expression"));
    }
    let v = p.comma(true)?;
    if let Some(t) = p.peek() {
        let message = format!("unexpected `{}` in #if expression", symbols.text(t.sym));
        return Err(p.error(t.span, message));
    }
    Ok(v.truth())
}

struct Parser<'a> {
    toks: &'a [Token],
    symbols: &'a Interner,
    pos: usize,
    depth: u32,
    end: Span,
    cxx: bool,
    is_defined: &'a dyn Fn(Symbol) -> bool,
}

/// Binary operators by precedence, loosest first (`?:` and `,` are handled apart).
fn binary_prec(p: Punct) -> Option<u8> {
    use Punct::*;
    Some(match p {
        PipePipe => 1,
        AmpAmp => 2,
        Pipe => 3,
        Caret => 4,
        Amp => 5,
        EqEq | Ne => 6,
        Lt | Gt | Le | Ge => 7,
        Shl | Shr => 8,
        Plus | Minus => 9,
        Star | Slash | Percent => 10,
        _ => return None,
    })
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.toks.get(self.pos)
    }

    fn peek_punct(&self) -> Option<Punct> {
        match self.peek()?.kind {
            TokenKind::Punct(p) => Some(p),
            _ => None,
        }
    }

    fn here(&self) -> Span {
        self.peek().map_or(self.end, |t| t.span)
    }

    fn error(&self, span: Span, message: impl Into<String>) -> EvalError {
        EvalError {
            span,
            message: message.into(),
            limit: false,
        }
    }

    fn expect(&mut self, p: Punct, what: &str) -> Result<(), EvalError> {
        if self.peek_punct() == Some(p) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(self.here(), format!("expected `{what}` in #if expression")))
        }
    }

    fn enter(&mut self) -> Result<(), EvalError> {
        self.depth += 1;
        if self.depth > MAX_EXPR_DEPTH {
            return Err(EvalError {
                span: self.here(),
                message: format!("#if expression nested deeper than {MAX_EXPR_DEPTH}"),
                limit: true,
            });
        }
        Ok(())
    }

    /// `a, b`: the value of the last operand.
    fn comma(&mut self, eval: bool) -> Result<Val, EvalError> {
        let mut v = self.conditional(eval)?;
        while self.peek_punct() == Some(Punct::Comma) {
            self.pos += 1;
            v = self.conditional(eval)?;
        }
        Ok(v)
    }

    fn conditional(&mut self, eval: bool) -> Result<Val, EvalError> {
        self.enter()?;
        let c = self.binary(1, eval)?;
        let v = if self.peek_punct() == Some(Punct::Question) {
            self.pos += 1;
            let a = self.comma(eval && c.truth())?;
            self.expect(Punct::Colon, ":")?;
            let b = self.conditional(eval && !c.truth())?;
            // The usual arithmetic conversions apply to the two arms.
            let unsigned = a.unsigned || b.unsigned;
            let chosen = if c.truth() { a } else { b };
            Val {
                bits: chosen.bits,
                unsigned,
            }
        } else {
            c
        };
        self.depth -= 1;
        Ok(v)
    }

    /// Precedence climbing over the binary operators from `min` up.
    fn binary(&mut self, min: u8, eval: bool) -> Result<Val, EvalError> {
        let mut lhs = self.unary(eval)?;
        while let Some(op) = self.peek_punct() {
            let Some(prec) = binary_prec(op) else { break };
            if prec < min {
                break;
            }
            let op_span = self.here();
            self.pos += 1;
            lhs = match op {
                Punct::AmpAmp => {
                    let rhs = self.binary(prec + 1, eval && lhs.truth())?;
                    Val::int((lhs.truth() && rhs.truth()) as i64)
                }
                Punct::PipePipe => {
                    let rhs = self.binary(prec + 1, eval && !lhs.truth())?;
                    Val::int((lhs.truth() || rhs.truth()) as i64)
                }
                _ => {
                    let rhs = self.binary(prec + 1, eval)?;
                    match apply(op, lhs, rhs) {
                        Some(v) => v,
                        None if eval => return Err(self.error(op_span, "division by zero in #if")),
                        None => Val::int(0),
                    }
                }
            };
        }
        Ok(lhs)
    }

    fn unary(&mut self, eval: bool) -> Result<Val, EvalError> {
        let toks = self.toks;
        let Some(t) = toks.get(self.pos) else {
            return Err(self.error(self.end, "#if expression ends too early"));
        };
        let span = t.span;
        match t.kind {
            TokenKind::Punct(p @ (Punct::Plus | Punct::Minus | Punct::Tilde | Punct::Bang)) => {
                self.pos += 1;
                self.enter()?;
                let v = self.unary(eval)?;
                self.depth -= 1;
                Ok(match p {
                    Punct::Plus => v,
                    Punct::Minus => Val {
                        bits: v.bits.wrapping_neg(),
                        unsigned: v.unsigned,
                    },
                    Punct::Tilde => Val {
                        bits: !v.bits,
                        unsigned: v.unsigned,
                    },
                    _ => Val::int(!v.truth() as i64),
                })
            }
            TokenKind::Punct(Punct::LParen) => {
                self.pos += 1;
                self.enter()?;
                let v = self.comma(eval)?;
                self.depth -= 1;
                self.expect(Punct::RParen, ")")?;
                Ok(v)
            }
            TokenKind::Int => {
                self.pos += 1;
                int_literal(self.symbols.text(t.sym)).map_err(|m| self.error(span, m))
            }
            TokenKind::Char => {
                self.pos += 1;
                char_literal(self.symbols.text(t.sym)).map_err(|m| self.error(span, m))
            }
            TokenKind::Ident if t.sym == sym::DEFINED => {
                self.pos += 1;
                let paren = self.peek_punct() == Some(Punct::LParen);
                if paren {
                    self.pos += 1;
                }
                let name = match self.peek() {
                    Some(n) if n.kind == TokenKind::Ident => n.sym,
                    _ => return Err(self.error(self.here(), "macro name missing after `defined`")),
                };
                self.pos += 1;
                if paren {
                    self.expect(Punct::RParen, ")")?;
                }
                Ok(Val::int((self.is_defined)(name) as i64))
            }
            TokenKind::Ident => {
                self.pos += 1;
                // C99 6.10.1p4: identifiers left after expansion are 0.
                Ok(Val::int((self.cxx && t.sym == sym::TRUE) as i64))
            }
            TokenKind::Float => Err(self.error(span, "floating-point literal in #if expression")),
            TokenKind::Str => Err(self.error(span, "string literal in #if expression")),
            _ => {
                let text = self.symbols.text(t.sym);
                Err(self.error(span, format!("unexpected `{text}` in #if expression")))
            }
        }
    }
}

/// One arithmetic operator; `None` for division by zero.
fn apply(op: Punct, a: Val, b: Val) -> Option<Val> {
    use Punct::*;
    let unsigned = a.unsigned || b.unsigned;
    let (x, y) = (a.bits, b.bits);
    let (sx, sy) = (x as i64, y as i64);
    let v = |bits: u64| Val { bits, unsigned };
    let truth = |t: bool| Val::int(t as i64);
    Some(match op {
        Star => v(x.wrapping_mul(y)),
        Slash | Percent => {
            if y == 0 {
                return None;
            }
            match (op, unsigned) {
                (Slash, true) => v(x / y),
                (Slash, false) => v(sx.wrapping_div(sy) as u64),
                (_, true) => v(x % y),
                (_, false) => v(sx.wrapping_rem(sy) as u64),
            }
        }
        Plus => v(x.wrapping_add(y)),
        Minus => v(x.wrapping_sub(y)),
        // Shifts take the left operand's type; an out-of-range count gives 0 (or -1 for a
        // negative signed value shifted right) instead of undefined behaviour.
        Shl | Shr => {
            let count = if !b.unsigned && sy < 0 {
                64
            } else {
                y.min(64) as u32
            };
            let bits = match (op, a.unsigned) {
                (Shl, _) => x.checked_shl(count).unwrap_or(0),
                (_, true) => x.checked_shr(count).unwrap_or(0),
                (_, false) => sx.checked_shr(count).unwrap_or(if sx < 0 { -1 } else { 0 }) as u64,
            };
            Val {
                bits,
                unsigned: a.unsigned,
            }
        }
        Lt | Gt | Le | Ge => {
            let ord = if unsigned { x.cmp(&y) } else { sx.cmp(&sy) };
            truth(match op {
                Lt => ord.is_lt(),
                Gt => ord.is_gt(),
                Le => ord.is_le(),
                _ => ord.is_ge(),
            })
        }
        EqEq => truth(x == y),
        Ne => truth(x != y),
        Amp => v(x & y),
        Caret => v(x ^ y),
        Pipe => v(x | y),
        _ => unreachable!("not a binary operator: {op:?}"),
    })
}

fn int_literal(text: &str) -> Result<Val, String> {
    let bad = || format!("invalid integer literal `{text}` in #if expression");
    let digits_end = text
        .char_indices()
        .rev()
        .find(|(_, c)| !matches!(c, 'u' | 'U' | 'l' | 'L'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let (digits, suffix) = text.split_at(digits_end);
    let unsigned_suffix = suffix.contains(['u', 'U']);
    let lower = suffix.to_ascii_lowercase();
    if !matches!(
        lower.as_str(),
        "" | "u" | "l" | "ul" | "lu" | "ll" | "ull" | "llu"
    ) {
        return Err(bad());
    }
    let (radix, body) = if let Some(h) = digits.strip_prefix("0x").or(digits.strip_prefix("0X")) {
        (16, h)
    } else if let Some(b) = digits.strip_prefix("0b").or(digits.strip_prefix("0B")) {
        (2, b)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..])
    } else {
        (10, digits)
    };
    if body.is_empty() {
        return Err(bad());
    }
    let mut value: u64 = 0;
    for c in body.chars() {
        let d = c.to_digit(radix).ok_or_else(bad)?;
        value = value
            .checked_mul(radix as u64)
            .and_then(|v| v.checked_add(d as u64))
            .ok_or_else(|| format!("integer literal `{text}` is too large"))?;
    }
    // A value that does not fit `intmax_t` is `uintmax_t` (C99 6.4.4.1).
    Ok(Val {
        bits: value,
        unsigned: unsigned_suffix || value > i64::MAX as u64,
    })
}

fn char_literal(text: &str) -> Result<Val, String> {
    let bad = || format!("invalid character constant {text} in #if expression");
    let plain = text.starts_with('\'');
    let open = text.find('\'').ok_or_else(bad)?;
    let body = text.get(open + 1..text.len() - 1).ok_or_else(bad)?;
    let b = body.as_bytes();
    let mut value: u64 = 0;
    let mut count = 0;
    let mut i = 0;
    while i < b.len() {
        let c = if b[i] == b'\\' {
            i += 1;
            let e = *b.get(i).ok_or_else(bad)?;
            i += 1;
            match e {
                b'n' => b'\n' as u64,
                b't' => b'\t' as u64,
                b'r' => b'\r' as u64,
                b'a' => 7,
                b'b' => 8,
                b'f' => 12,
                b'v' => 11,
                b'x' => {
                    let start = i;
                    while i < b.len() && b[i].is_ascii_hexdigit() {
                        i += 1;
                    }
                    u64::from_str_radix(body.get(start..i).ok_or_else(bad)?, 16)
                        .map_err(|_| bad())?
                }
                b'0'..=b'7' => {
                    let start = i - 1;
                    while i < b.len() && i < start + 3 && (b'0'..=b'7').contains(&b[i]) {
                        i += 1;
                    }
                    u64::from_str_radix(&body[start..i], 8).map_err(|_| bad())?
                }
                other => other as u64,
            }
        } else {
            i += 1;
            b[i - 1] as u64
        };
        value = (value << 8) | (c & 0xff);
        count += 1;
    }
    if count == 0 {
        return Err(bad());
    }
    // A plain one-character constant has type int with the value of a (signed) `char`.
    if plain && count == 1 {
        return Ok(Val::int(value as u8 as i8 as i64));
    }
    Ok(Val::int(value as i64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lex::lex;
    use crate::source::FileId;

    fn run(text: &str) -> Result<bool, EvalError> {
        let mut symbols = Interner::new();
        let mut toks = lex(FileId(0), text, &mut symbols);
        let end = toks.pop().unwrap().span;
        let d = symbols.get("D");
        eval(&toks, &symbols, end, false, &|name| Some(name) == d)
    }

    #[test]
    fn operators_and_precedence() {
        for (e, want) in [
            ("1 + 2 * 3 == 7", true),
            ("(1 + 2) * 3 == 9", true),
            ("-1 < 0", true),
            ("-1 < 0u", false),
            ("0xffffffffffffffff == -1", true),
            ("18446744073709551615 > 0", true),
            ("1 << 63 < 0", true),
            ("-8 >> 1 == -4", true),
            ("1 << 64 == 0", true),
            ("7 / 2 == 3 && 7 % 2 == 1 && -7 / 2 == -3", true),
            ("(1 ? 2 : 3) == 2 && (0 ? 2 : 3) == 3", true),
            ("(0 ? 1 : 0 ? 2 : 3) == 3", true),
            ("~0 == -1 && !5 == 0 && +3 == 3", true),
            ("(1, 0)", false),
            ("(6 & 3) == 2 && (6 | 3) == 7 && (6 ^ 3) == 5", true),
            (
                "'a' == 97 && '\\n' == 10 && '\\377' < 0 && '\\x41' == 65 && 'ab' == 24930",
                true,
            ),
            ("10UL == 10 && 0x10 == 16 && 010 == 8 && 0b11 == 3", true),
            ("defined D && defined(D) && !defined E", true),
            ("undefined_name", false),
            (
                "-9223372036854775807 - 1 < 0 && (-9223372036854775807 - 1) / -1 < 0",
                true,
            ),
        ] {
            assert_eq!(run(e), Ok(want), "{e}");
        }
    }

    #[test]
    fn errors_are_values_not_panics() {
        for e in [
            "1 / 0", "1 % 0", "", "1 +", "(1", "1 2", "1.0", "\"s\"", "''", "0x", "09", "1z",
            "defined",
        ] {
            let err = run(e).unwrap_err();
            assert!(!err.limit, "{e}: {err:?}");
        }
        assert!(run("1 / 0")
            .unwrap_err()
            .message
            .contains("division by zero"));
        // Unevaluated operands may divide by zero (C99 6.6p3).
        assert_eq!(run("0 && 1 / 0"), Ok(false));
        assert_eq!(run("1 || 1 / 0"), Ok(true));
        assert_eq!(run("1 ? 1 : 1 / 0"), Ok(true));
    }

    #[test]
    fn nesting_is_bounded() {
        let deep = format!("{}1{}", "(".repeat(10_000), ")".repeat(10_000));
        let err = run(&deep).unwrap_err();
        assert!(
            err.limit && err.message.contains("nested deeper"),
            "{err:?}"
        );
        let err = run(&format!("{}1", "- ".repeat(10_000))).unwrap_err();
        assert!(err.limit);
        let err = run(&"1 ? ".repeat(10_000)).unwrap_err();
        assert!(err.limit);
        assert_eq!(
            run(&format!("{}1{}", "(".repeat(100), ")".repeat(100))),
            Ok(true)
        );
    }
}

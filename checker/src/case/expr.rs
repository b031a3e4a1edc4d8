//! Integer expressions over the element index `i`, used by run-time cases to describe buffer
//! contents (`= i * 2`, `== (i / 16) * 100`). Arithmetic is checked: an overflow or a division by
//! zero is an error of the case, found when it is parsed.

use std::fmt;

#[derive(Clone, PartialEq, Eq)]
pub enum Expr {
    Num(i64),
    Index,
    Neg(Box<Expr>),
    Bin(Op, Box<Expr>, Box<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    And,
    Or,
    Xor,
}

impl Op {
    const fn symbol(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Rem => "%",
            Op::Shl => "<<",
            Op::Shr => ">>",
            Op::And => "&",
            Op::Or => "|",
            Op::Xor => "^",
        }
    }

    /// C precedence, higher binds tighter.
    const fn precedence(self) -> u8 {
        match self {
            Op::Mul | Op::Div | Op::Rem => 5,
            Op::Add | Op::Sub => 4,
            Op::Shl | Op::Shr => 3,
            Op::And => 2,
            Op::Xor => 1,
            Op::Or => 0,
        }
    }
}

impl fmt::Debug for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Num(n) => write!(f, "{n}"),
            Expr::Index => f.write_str("i"),
            Expr::Neg(e) => write!(f, "-({e:?})"),
            Expr::Bin(op, a, b) => write!(f, "({a:?} {} {b:?})", op.symbol()),
        }
    }
}

/// Longest accepted expression, so a hostile case file cannot recurse deeply.
const MAX_LEN: usize = 256;

impl Expr {
    pub fn parse(text: &str) -> Result<Expr, String> {
        if text.len() > MAX_LEN {
            return Err(format!("expression longer than {MAX_LEN} characters"));
        }
        let tokens = tokenize(text)?;
        let mut p = ExprParser {
            tokens: &tokens,
            pos: 0,
        };
        let e = p.binary(0)?;
        match p.tokens.get(p.pos) {
            None => Ok(e),
            Some(t) => Err(format!("unexpected `{t}` in expression `{text}`")),
        }
    }

    /// The value at index `i`, or `None` on overflow or division by zero.
    pub fn eval(&self, i: i64) -> Option<i64> {
        Some(match self {
            Expr::Num(n) => *n,
            Expr::Index => i,
            Expr::Neg(e) => e.eval(i)?.checked_neg()?,
            Expr::Bin(op, a, b) => {
                let (a, b) = (a.eval(i)?, b.eval(i)?);
                match op {
                    Op::Add => a.checked_add(b)?,
                    Op::Sub => a.checked_sub(b)?,
                    Op::Mul => a.checked_mul(b)?,
                    Op::Div => a.checked_div(b)?,
                    Op::Rem => a.checked_rem(b)?,
                    Op::Shl => a.checked_shl(u32::try_from(b).ok()?)?,
                    Op::Shr => a.checked_shr(u32::try_from(b).ok()?)?,
                    Op::And => a & b,
                    Op::Or => a | b,
                    Op::Xor => a ^ b,
                }
            }
        })
    }
}

fn tokenize(text: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        match c {
            c if c.is_whitespace() => {}
            '0'..='9' => {
                let mut end = start + 1;
                while let Some((i, d)) = chars.peek() {
                    if d.is_ascii_alphanumeric() {
                        end = i + d.len_utf8();
                        chars.next();
                    } else {
                        break;
                    }
                }
                out.push(text[start..end].to_string());
            }
            'i' => out.push("i".into()),
            '<' | '>' => {
                if chars.next_if(|(_, d)| *d == c).is_none() {
                    return Err(format!("unexpected `{c}` in expression `{text}`"));
                }
                out.push(format!("{c}{c}"));
            }
            '+' | '-' | '*' | '/' | '%' | '&' | '|' | '^' | '(' | ')' => out.push(c.to_string()),
            other => return Err(format!("unexpected `{other}` in expression `{text}`")),
        }
    }
    Ok(out)
}

struct ExprParser<'a> {
    tokens: &'a [String],
    pos: usize,
}

impl ExprParser<'_> {
    fn binary(&mut self, min: u8) -> Result<Expr, String> {
        let mut lhs = self.unary()?;
        while let Some(op) = self.tokens.get(self.pos).and_then(|t| op_of(t)) {
            if op.precedence() < min {
                break;
            }
            self.pos += 1;
            let rhs = self.binary(op.precedence() + 1)?;
            lhs = Expr::Bin(op, Box::new(lhs), Box::new(rhs));
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<Expr, String> {
        let Some(token) = self.tokens.get(self.pos) else {
            return Err("expression ends early".into());
        };
        self.pos += 1;
        match token.as_str() {
            "-" => Ok(Expr::Neg(Box::new(self.unary()?))),
            "i" => Ok(Expr::Index),
            "(" => {
                let e = self.binary(0)?;
                if self.tokens.get(self.pos).map(String::as_str) != Some(")") {
                    return Err("missing `)` in expression".into());
                }
                self.pos += 1;
                Ok(e)
            }
            t => parse_int(t).map(Expr::Num),
        }
    }
}

fn op_of(token: &str) -> Option<Op> {
    Some(match token {
        "+" => Op::Add,
        "-" => Op::Sub,
        "*" => Op::Mul,
        "/" => Op::Div,
        "%" => Op::Rem,
        "<<" => Op::Shl,
        ">>" => Op::Shr,
        "&" => Op::And,
        "|" => Op::Or,
        "^" => Op::Xor,
        _ => return None,
    })
}

/// A decimal or `0x` hexadecimal integer.
pub fn parse_int(t: &str) -> Result<i64, String> {
    let parsed = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => i64::from_str_radix(hex, 16),
        None => t.parse::<i64>(),
    };
    parsed.map_err(|_| format!("`{t}` is not an integer"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precedence_and_index() {
        let e = Expr::parse("(i / 16) * 100 + i % 16").unwrap();
        assert_eq!(e.eval(33), Some(201));
        assert_eq!(Expr::parse("1 << 4 | 1").unwrap().eval(0), Some(17));
        assert_eq!(Expr::parse("-i - 1").unwrap().eval(2), Some(-3));
        assert_eq!(Expr::parse("0x10").unwrap().eval(0), Some(16));
    }

    #[test]
    fn bad_expressions_are_errors() {
        assert!(Expr::parse("i +").is_err());
        assert!(Expr::parse("(i").is_err());
        assert!(Expr::parse("j").is_err());
        assert!(Expr::parse("1 2").is_err());
        assert_eq!(Expr::parse("1 / (i - i)").unwrap().eval(3), None);
        assert!(Expr::parse(&"(".repeat(1000)).is_err());
    }
}

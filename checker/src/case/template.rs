//! Run-time cases whose sizes come from the device: a limit case must run at exactly the value
//! the device reports and one past it, and that value is known only where the case runs.
//!
//! ```c
//! //@ bind: N = CL_DEVICE_MAX_CONSTANT_ARGS + 1     N is the query's answer plus 1
//! //@ ${each k < N} arg: buffer int[2] c${k} = i + ${2 * k}
//! kernel void k(
//!     ${each k < N}constant int *c${k},
//!     global int *out)
//! ```
//!
//! `${EXPR}` is replaced by the value of an integer expression over the bound names (and, in a
//! repeated line, its index); a line holding `${each k < EXPR}` is written once for each `k`
//! from 0 up, without the marker. The device's worker expands the case with its own answers
//! ([`expand`]) and runs the result as an ordinary case; each `bind` line becomes a `bound` line
//! that says what the device answered. Everything else (the source, the expectations) comes
//! from the case, so a limit's expected outcome has one source, the generator, and its size
//! another, the device.

use super::expr::Expr;
use super::run::DeviceLimit;

/// One `//@ bind: NAME = QUERY [+|- OFFSET]` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binding {
    pub name: String,
    pub limit: DeviceLimit,
    pub offset: i64,
}

impl Binding {
    /// `N = CL_DEVICE_MAX_CONSTANT_ARGS + 1`.
    pub fn text(&self) -> String {
        let off = match self.offset {
            0 => String::new(),
            o if o > 0 => format!(" + {o}"),
            o => format!(" - {}", o.unsigned_abs()),
        };
        format!("{} = {}{off}", self.name, self.limit.name())
    }

    /// The bound value for a device that answers `answer`, if it is a valid size.
    pub fn value(&self, answer: u64) -> Option<i64> {
        i64::try_from(answer)
            .ok()?
            .checked_add(self.offset)
            .filter(|v| *v >= 0)
    }
}

/// A template expands to at most this many lines, so that a device answering a huge limit
/// cannot make the harness write a source of millions of lines.
pub const MAX_LINES: usize = 100_000;

/// Reads the value of a `bind` directive.
pub fn binding(value: &str) -> Result<Binding, String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let (name, query, offset) = match words.as_slice() {
        [name, "=", query] => (*name, *query, 0),
        [name, "=", query, sign @ ("+" | "-"), n] => {
            let n: i64 = n.parse().map_err(|_| format!("`{n}` is not an offset"))?;
            (*name, *query, if *sign == "-" { -n } else { n })
        }
        _ => return Err("expected `bind: NAME = CL_DEVICE_... [+ N | - N]`".into()),
    };
    let ok_name = name.starts_with(|c: char| c.is_ascii_uppercase())
        && name
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
    if !ok_name {
        return Err(format!(
            "`{name}` is not a bound name: use capitals, digits and `_`"
        ));
    }
    Ok(Binding {
        name: name.to_string(),
        limit: DeviceLimit::parse(query)?,
        offset,
    })
}

/// An expanded template: the text, and for each of its lines the template line it came from.
#[derive(Debug, Clone)]
pub struct Expanded {
    pub text: String,
    pub lines: Vec<u32>,
}

/// Expands `source` with the bound names' `values`. `bind` lines become `bound` lines naming
/// the value. Errors carry the template's line.
pub fn expand(source: &str, values: &[(Binding, i64)]) -> Result<Expanded, (u32, String)> {
    let mut out = Expanded {
        text: String::with_capacity(source.len()),
        lines: Vec::new(),
    };
    let names: Vec<(&str, i64)> = values.iter().map(|(b, v)| (b.name.as_str(), *v)).collect();
    for (index, text) in source.lines().enumerate() {
        let line = index as u32 + 1;
        let at = |m: String| (line, m);
        if let Some(b) = bind_line(text) {
            let b = binding(b).map_err(at)?;
            let v = values
                .iter()
                .find(|(have, _)| *have == b)
                .map(|(_, v)| *v)
                .ok_or_else(|| at(format!("no value for `{}`", b.text())))?;
            push(&mut out, line, &format!("//@ bound: {} = {v}", b.text()))?;
            continue;
        }
        match each(text).map_err(at)? {
            None => push(&mut out, line, &substitute(text, &names).map_err(at)?)?,
            Some((var, count, rest)) => {
                let count = eval(count, &names).map_err(at)?;
                if count < 0 || count as usize > MAX_LINES {
                    return Err(at(format!(
                        "`each` repeats a line {count} times: 0 to {MAX_LINES} allowed"
                    )));
                }
                let mut scope = names.clone();
                scope.push((var, 0));
                for k in 0..count {
                    scope.last_mut().expect("just pushed").1 = k;
                    push(&mut out, line, &substitute(&rest, &scope).map_err(at)?)?;
                }
            }
        }
    }
    Ok(out)
}

fn push(out: &mut Expanded, line: u32, text: &str) -> Result<(), (u32, String)> {
    if out.lines.len() >= MAX_LINES {
        return Err((
            line,
            format!("the case expands to more than {MAX_LINES} lines"),
        ));
    }
    out.text.push_str(text);
    out.text.push('\n');
    out.lines.push(line);
    Ok(())
}

/// The value of a `//@ bind:` line.
pub fn bind_line(text: &str) -> Option<&str> {
    let (key, value) = text.trim_start().strip_prefix("//@")?.split_once(':')?;
    (key.trim() == "bind").then_some(value)
}

/// A line's `${each VAR < COUNT}`: the variable, the count expression, and the line without
/// the marker.
fn each(text: &str) -> Result<Option<(&str, &str, String)>, String> {
    let Some(at) = text.find("${each ") else {
        return Ok(None);
    };
    let inner_start = at + "${each ".len();
    let end = text[inner_start..]
        .find('}')
        .map(|e| inner_start + e)
        .ok_or("`${each` is not closed by `}`")?;
    let (var, count) = text[inner_start..end]
        .split_once('<')
        .ok_or("expected `${each k < COUNT}`")?;
    let var = var.trim();
    if var.is_empty() || !var.chars().all(|c| c.is_ascii_lowercase()) {
        return Err(format!(
            "`{var}` is not a loop variable: use lowercase letters"
        ));
    }
    let rest = format!("{}{}", &text[..at], &text[end + 1..]);
    if rest.contains("${each ") {
        return Err("one `${each}` per line".into());
    }
    Ok(Some((var, count.trim(), rest)))
}

/// `text` with every `${EXPR}` replaced by its value.
fn substitute(text: &str, names: &[(&str, i64)]) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("${") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find('}').ok_or("`${` is not closed by `}`")?;
        out.push_str(&eval(&rest[at + 2..at + end], names)?.to_string());
        rest = &rest[at + end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The value of an integer expression whose names are bound in `names`.
fn eval(expr: &str, names: &[(&str, i64)]) -> Result<i64, String> {
    let mut text = String::with_capacity(expr.len() + 16);
    let mut chars = expr.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if c.is_ascii_alphabetic() || c == '_' {
            let mut end = start + 1;
            while let Some((i, d)) = chars.next_if(|(_, d)| d.is_ascii_alphanumeric() || *d == '_')
            {
                end = i + d.len_utf8();
            }
            let word = &expr[start..end];
            let v = names
                .iter()
                .rev()
                .find(|(n, _)| *n == word)
                .map(|(_, v)| *v)
                .ok_or_else(|| format!("`{word}` in `${{{expr}}}` is not bound"))?;
            text.push_str(&format!("({v})"));
        } else if c.is_ascii_digit() {
            // A number's letters (`0x1f`) are part of it, not names.
            text.push(c);
            while let Some((_, d)) = chars.next_if(|(_, d)| d.is_ascii_alphanumeric()) {
                text.push(d);
            }
        } else {
            text.push(c);
        }
    }
    Expr::parse(&text)?
        .eval(0)
        .ok_or_else(|| format!("`${{{expr}}}` overflows or divides by zero"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bound(text: &str, v: i64) -> (Binding, i64) {
        (binding(text).unwrap(), v)
    }

    #[test]
    fn expands_values_and_repeated_lines() {
        let src = "//@ bind: N = CL_DEVICE_MAX_CONSTANT_ARGS + 1\n//@ ${each k < N} arg: buffer int[2] c${k} = i + ${2 * k}\nkernel void f(\n    ${each k < N}constant int *c${k},\n    global int *out) { out[${N - 1}] = 0; }\n";
        let e = expand(src, &[bound("N = CL_DEVICE_MAX_CONSTANT_ARGS + 1", 3)]).unwrap();
        assert_eq!(
            e.text,
            "//@ bound: N = CL_DEVICE_MAX_CONSTANT_ARGS + 1 = 3\n//@  arg: buffer int[2] c0 = i + 0\n//@  arg: buffer int[2] c1 = i + 2\n//@  arg: buffer int[2] c2 = i + 4\nkernel void f(\n    constant int *c0,\n    constant int *c1,\n    constant int *c2,\n    global int *out) { out[2] = 0; }\n"
        );
        assert_eq!(e.lines, [1, 2, 2, 2, 3, 4, 4, 4, 5]);
    }

    #[test]
    fn bad_templates_name_the_line() {
        let n = [bound("N = CL_DEVICE_LOCAL_MEM_SIZE", 4)];
        for (src, line, what) in [
            ("a\n${M}\n", 2, "not bound"),
            ("${N / 0}\n", 1, "divides by zero"),
            ("x\ny ${N\n", 2, "not closed"),
            ("${each k < 200000}x\n", 1, "repeats a line"),
            ("${each K < N}x\n", 1, "loop variable"),
            ("//@ bind: N = CL_DEVICE_MAX_CONSTANT_ARGS\n", 1, "no value"),
        ] {
            let (l, m) = expand(src, &n).unwrap_err();
            assert_eq!(l, line, "{m}");
            assert!(m.contains(what), "{m} lacks {what}");
        }
        assert!(binding("n = CL_DEVICE_LOCAL_MEM_SIZE").is_err());
        assert!(binding("N = CL_DEVICE_FOO").is_err());
        assert!(binding("N = CL_DEVICE_LOCAL_MEM_SIZE * 2").is_err());
        assert_eq!(
            binding("N = CL_DEVICE_LOCAL_MEM_SIZE - 2")
                .unwrap()
                .value(1),
            None
        );
    }

    const CASE: &str = "//@ rules: AS-CONSTANT-ARGS-LIMIT\n//@ profiles: CL1.2\n//@ kind: run\n//@ bind: N = CL_DEVICE_MAX_CONSTANT_ARGS\n//@ launch: f 1\n//@ ${each k < N} arg: buffer int[1] c${k} = ${k}\n//@ arg: buffer int[${N}] out\n//@ expect: out[i] == i\nkernel void f(\n    ${each k < N}constant int *c${k},\n    global int *out)\n{\n    ${each k < N}out[${k}] = c${k}[0];\n}\n";

    #[test]
    fn a_template_case_parses_with_a_sample_and_expands_per_device() {
        use crate::case::Case;
        let case = Case::parse("t.cl", "t", CASE).unwrap();
        let run = case.run.as_ref().unwrap();
        assert_eq!(run.binds[0].text(), "N = CL_DEVICE_MAX_CONSTANT_ARGS");
        assert_eq!(case.source, CASE, "the case keeps its template");
        let e = expand(CASE, &[(run.binds[0].clone(), 5)]).unwrap();
        let device = Case::parse("t.cl", "t", &e.text).unwrap();
        let run = device.run.unwrap();
        assert!(run.binds.is_empty());
        assert_eq!(run.bound, ["N = CL_DEVICE_MAX_CONSTANT_ARGS = 5"]);
        assert_eq!(run.args.len(), 6);
        assert!(device.source.contains("constant int *c4,"));
        // An error in the sample expansion names the template's line.
        let bad = CASE.replace("c${k}[0]", "c${k}[0] + nope[${j}]");
        let err = Case::parse("t.cl", "t", &bad).unwrap_err();
        assert_eq!(err.line, 13, "{err}");
        let bad = CASE.replace("= ${k}\n", "= ${k}\n//@ arg: buffer int[1] c0\n");
        let err = Case::parse("t.cl", "t", &bad).unwrap_err();
        assert_eq!(err.line, 7, "{err}");
        assert!(err.message.contains("declared twice"), "{err}");
    }
}

//! Program-text rewrites: a token scan that skips comments and literals, and the edits the
//! source mutants make with it. A rewrite that finds nothing to change returns `None`, which is
//! how `clasp mutate` knows a case cannot be affected by it.

/// One token of code (comments, string and character literals are not tokens).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tok<'a> {
    pub text: &'a str,
    pub start: usize,
    pub end: usize,
    /// Brace depth before the token: 0 at program scope.
    pub depth: u32,
}

impl Tok<'_> {
    fn is(&self, words: &[&str]) -> bool {
        words.contains(&self.text)
    }
    fn number(&self) -> bool {
        self.text.bytes().next().is_some_and(|b| b.is_ascii_digit())
    }
}

/// The code tokens of `src`: identifiers, numbers and single punctuation characters.
pub fn tokens(src: &str) -> Vec<Tok<'_>> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut depth) = (0usize, 0u32);
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                i += 1;
            }
            i = (i + 2).min(b.len());
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c && b[i] != b'\n' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
        } else if c == b'_' || c.is_ascii_alphanumeric() {
            let start = i;
            // A number takes its suffix and fraction (1.5f, 0x10u).
            let number = c.is_ascii_digit();
            while i < b.len()
                && (b[i] == b'_' || b[i].is_ascii_alphanumeric() || (number && b[i] == b'.'))
            {
                i += 1;
            }
            out.push(Tok {
                text: &src[start..i],
                start,
                end: i,
                depth,
            });
        } else if c.is_ascii_whitespace() {
            i += 1;
        } else {
            let len = src[i..].chars().next().map_or(1, char::len_utf8);
            out.push(Tok {
                text: &src[i..i + len],
                start: i,
                end: i + len,
                depth,
            });
            match c {
                b'{' => depth += 1,
                b'}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            i += len;
        }
    }
    out
}

/// Replaces byte ranges (sorted, not overlapping) of `src`.
fn apply(src: &str, mut edits: Vec<(usize, usize, String)>) -> Option<String> {
    if edits.is_empty() {
        return None;
    }
    edits.sort_by_key(|e| e.0);
    let mut out = String::with_capacity(src.len() + 64);
    let mut at = 0;
    for (s, e, with) in edits {
        if s < at {
            continue;
        }
        out.push_str(&src[at..s]);
        out.push_str(&with);
        at = e;
    }
    out.push_str(&src[at..]);
    Some(out)
}

/// `prelude` (macro definitions) before the program when it names any of `names` in code; a
/// `#line 1` after it keeps the program's line numbers.
pub fn prelude_if_named(src: &str, names: &[&str], prelude: &str) -> Option<String> {
    tokens(src)
        .iter()
        .any(|t| t.is(names))
        .then(|| format!("{prelude}\n#line 1\n{src}"))
}

const LOCAL: &[&str] = &["local", "__local"];
const GLOBAL: &[&str] = &["global", "__global"];
const CONSTANT: &[&str] = &["constant", "__constant"];

/// Whether the token starts a statement or declaration (what comes before it ends one).
fn starts_statement(toks: &[Tok<'_>], i: usize) -> bool {
    i == 0 || toks[i - 1].is(&[";", "{", "}"])
}

/// The index of the `;` that ends the declaration starting at `i` (at the same brace depth), or
/// the end.
fn declaration_end(toks: &[Tok<'_>], i: usize) -> usize {
    let mut nest = 0i32;
    for (j, t) in toks.iter().enumerate().skip(i) {
        match t.text {
            "(" | "[" | "{" => nest += 1,
            ")" | "]" | "}" => nest -= 1,
            ";" if nest <= 0 => return j,
            _ => {}
        }
        if nest < 0 {
            return j;
        }
    }
    toks.len()
}

/// Kernel-scope `__local` variables (a statement that starts with the qualifier and declares no
/// pointer) get `with` in place of the qualifier.
pub fn local_variables(src: &str, with: &str) -> Option<String> {
    let toks = tokens(src);
    let mut edits = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if t.depth == 0 || !t.is(LOCAL) || !starts_statement(&toks, i) {
            continue;
        }
        let end = declaration_end(&toks, i);
        if toks[i..end].iter().any(|t| t.text == "*") {
            continue;
        }
        edits.push((t.start, t.end, with.to_string()));
    }
    apply(src, edits)
}

/// The initialiser of every declaration that `first` (after `static` and `const`; empty: any
/// word) starts, at program scope or in a function, is removed; `__constant` ones keep theirs
/// (they must have one).
pub fn drop_initialisers(
    src: &str,
    first: &[&str],
    program_scope: bool,
    need_static: bool,
) -> Option<String> {
    let toks = tokens(src);
    let mut edits = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if (t.depth == 0) != program_scope || !starts_statement(&toks, i) {
            continue;
        }
        let mut j = i;
        let mut seen_static = false;
        while j < toks.len() && toks[j].is(&["static", "const", "volatile"]) {
            seen_static |= toks[j].text == "static";
            j += 1;
        }
        if j >= toks.len()
            || (!first.is_empty() && !toks[j].is(first))
            || (need_static && !seen_static)
        {
            continue;
        }
        let end = declaration_end(&toks, i);
        if end >= toks.len() || toks[i..end].iter().any(|t| t.is(CONSTANT) || t.text == "(") {
            continue;
        }
        if let Some(eq) = (i..end).find(|&k| toks[k].text == "=") {
            edits.push((toks[eq].start, toks[end].start, String::new()));
        }
    }
    apply(src, edits)
}

/// The first number of every `__constant` initialiser gets 1 added (`{1, 2}` → `{1 + 1, 2}`).
pub fn constant_initialisers_off_by_one(src: &str) -> Option<String> {
    let toks = tokens(src);
    let mut edits = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        let declares =
            starts_statement(&toks, i) || (i > 0 && toks[i - 1].is(&["static", "const"]));
        if !t.is(CONSTANT) || !declares {
            continue;
        }
        let end = declaration_end(&toks, i);
        let Some(eq) = (i..end).find(|&k| toks[k].text == "=") else {
            continue;
        };
        if let Some(n) = toks[eq + 1..end].iter().find(|t| !t.is(&["{", "(", "-"])) {
            if n.number() {
                edits.push((n.start, n.start, "1 + ".to_string()));
            }
        }
    }
    apply(src, edits)
}

/// In the parameters of functions that are not kernels, `__local` becomes `__global`.
pub fn helper_local_params_global(src: &str) -> Option<String> {
    let toks = tokens(src);
    let mut edits = Vec::new();
    let (mut kernel, mut parens) = (false, 0i32);
    for t in &toks {
        if t.depth > 0 {
            continue;
        }
        match t.text {
            ";" | "}" => kernel = false,
            "kernel" | "__kernel" => kernel = true,
            "(" => parens += 1,
            ")" => parens -= 1,
            _ if parens > 0 && !kernel && t.is(LOCAL) => {
                edits.push((t.start, t.end, "__global".to_string()))
            }
            _ => {}
        }
        if t.text == "{" {
            kernel = false;
        }
    }
    apply(src, edits)
}

/// `__attribute__((aligned(N)))` and `__attribute__((aligned))` are removed.
pub fn drop_aligned(src: &str) -> Option<String> {
    let toks = tokens(src);
    let mut edits = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if t.text != "__attribute__" || toks.get(i + 3).is_none_or(|a| a.text != "aligned") {
            continue;
        }
        // Through the two closing parentheses of `__attribute__((...))`.
        let mut nest = 0;
        for u in &toks[i + 1..] {
            match u.text {
                "(" => nest += 1,
                ")" => nest -= 1,
                _ => {}
            }
            if nest == 0 {
                edits.push((t.start, u.end, String::new()));
                break;
            }
        }
    }
    apply(src, edits)
}

/// Whether the program has variables of static storage: program-scope variables other than
/// functions and types, or `static` ones in functions (what program rebuilds lose).
pub fn has_static_storage(src: &str) -> bool {
    let toks = tokens(src);
    toks.iter().enumerate().any(|(i, t)| {
        t.text == "static"
            || (t.depth == 0
                && t.is(GLOBAL)
                && starts_statement(&toks, i)
                && !toks[i..declaration_end(&toks, i)]
                    .iter()
                    .any(|t| t.text == "("))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_literals_are_not_code() {
        let src = "// local int x;\n/* barrier( */ char *s = \"local\"; int y;";
        let words: Vec<&str> = tokens(src)
            .iter()
            .filter(|t| t.text.starts_with(|c: char| c.is_ascii_alphabetic()))
            .map(|t| t.text)
            .collect();
        assert_eq!(words, ["char", "s", "int", "y"]);
        assert!(prelude_if_named(src, &["barrier"], "#define barrier(f)").is_none());
    }

    #[test]
    fn local_variables_not_pointers_nor_parameters() {
        let src = "kernel void k(local int *a) {\n    local int t[4];\n    local int *p = t;\n    __local float s;\n}";
        let out = local_variables(src, "").unwrap();
        assert_eq!(out, "kernel void k(local int *a) {\n     int t[4];\n    local int *p = t;\n     float s;\n}");
    }

    #[test]
    fn initialisers_dropped_by_scope() {
        let src = "global int g = 5;\nconstant int c = 1;\nglobal int h;\nvoid f(void) { static global int s = 3; int x = 1; }";
        assert_eq!(
            drop_initialisers(src, GLOBAL, true, false).unwrap(),
            "global int g ;\nconstant int c = 1;\nglobal int h;\nvoid f(void) { static global int s = 3; int x = 1; }"
        );
        let stat = drop_initialisers(src, &[], false, true).unwrap();
        assert!(
            stat.contains("static global int s ;") && stat.contains("int x = 1;"),
            "{stat}"
        );
    }

    #[test]
    fn constant_tables_shift_and_helpers_change_space() {
        let src = "constant int t[2] = {-3, 4};\nvoid h(local int *p, global int *q);\nkernel void k(local int *a) {}";
        assert_eq!(
            constant_initialisers_off_by_one(src)
                .unwrap()
                .lines()
                .next(),
            Some("constant int t[2] = {-1 + 3, 4};")
        );
        let h = helper_local_params_global(src).unwrap();
        assert!(
            h.contains("void h(__global int *p") && h.contains("kernel void k(local int *a)"),
            "{h}"
        );
    }

    #[test]
    fn aligned_attributes_and_static_storage() {
        let src = "local int x __attribute__((aligned(64)));";
        assert_eq!(drop_aligned(src).unwrap(), "local int x ;");
        assert!(has_static_storage("global int g;\nkernel void k(void) {}"));
        assert!(!has_static_storage("kernel void k(global int *p) {}"));
    }
}

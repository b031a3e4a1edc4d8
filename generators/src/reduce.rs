//! Test-case reduction: delta debugging over a random program's structure (drop helpers,
//! declarations and statements, hoist block bodies, drop parameters, replace initialisers by
//! the null pointer) while a predicate on the source still holds, then line-level ddmin on
//! what is left. The predicate is what makes a program interesting: a disagreement between
//! the checker and a driver, a crash.

use crate::random::{Item, Line, Program, Stmt};

/// Reduces `prog` while `keep(source)` holds; returns the smallest source found. When `keep`
/// does not hold for `prog` itself, its source comes back unchanged.
pub fn reduce(prog: &Program, mut keep: impl FnMut(&str) -> bool) -> String {
    let mut p = prog.clone();
    p.forget_points();
    if !keep(&p.source()) {
        return p.source();
    }
    loop {
        let before = p.source().len();
        structural_pass(&mut p, &mut keep);
        if p.source().len() >= before {
            break;
        }
    }
    ddmin_lines(&p.source(), keep)
}

/// One pass over every removable unit, last to first (so removing one leaves the addresses of
/// the ones still to visit unchanged).
fn structural_pass(p: &mut Program, keep: &mut impl FnMut(&str) -> bool) {
    let mut i = p.items.len();
    while i > 0 {
        i -= 1;
        let mut c = p.clone();
        c.items.remove(i);
        if keep(&c.source()) {
            *p = c;
        }
    }
    let mut paths = Vec::new();
    for (i, item) in p.items.iter().enumerate() {
        if let Item::Func(f) = item {
            walk(&f.body, &mut vec![i], &mut paths);
        }
    }
    for path in paths.into_iter().rev() {
        for edit in [Edit::Remove, Edit::Hoist, Edit::Simplify] {
            let mut c = p.clone();
            if apply(&mut c, &path, edit) && keep(&c.source()) {
                *p = c;
                break;
            }
        }
    }
    // Parameters no line uses any more.
    for i in 0..p.items.len() {
        let Item::Func(f) = &p.items[i] else { continue };
        let mut j = param_list(&f.head).map_or(0, |(_, _, ps)| ps.len());
        while j > 0 {
            j -= 1;
            let mut c = p.clone();
            let Item::Func(f) = &mut c.items[i] else {
                break;
            };
            let Some((open, close, mut ps)) = param_list(&f.head) else {
                break;
            };
            if j >= ps.len() {
                continue;
            }
            ps.remove(j);
            let list = if ps.is_empty() {
                "void".to_string()
            } else {
                ps.join(", ")
            };
            f.head = format!("{}({list}){}", &f.head[..open], &f.head[close + 1..]);
            if keep(&c.source()) {
                *p = c;
            }
        }
    }
}

/// The positions of a function head's parentheses and its parameters.
fn param_list(head: &str) -> Option<(usize, usize, Vec<String>)> {
    let (open, close) = head.find('(').zip(head.rfind(')'))?;
    let inner = &head[open + 1..close];
    if inner == "void" || inner.is_empty() {
        return Some((open, close, Vec::new()));
    }
    Some((open, close, inner.split(", ").map(str::to_string).collect()))
}

#[derive(Clone, Copy)]
enum Edit {
    Remove,
    /// Replace a block by its body.
    Hoist,
    /// `T x = expr;` becomes `T x = 0;`.
    Simplify,
}

fn walk(body: &[Stmt], path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    for (i, s) in body.iter().enumerate() {
        path.push(i);
        out.push(path.clone());
        if let Stmt::Block { body, .. } = s {
            walk(body, path, out);
        }
        path.pop();
    }
}

fn apply(p: &mut Program, path: &[usize], edit: Edit) -> bool {
    let Item::Func(f) = &mut p.items[path[0]] else {
        return false;
    };
    let mut body = &mut f.body;
    for &i in &path[1..path.len() - 1] {
        body = match body.get_mut(i) {
            Some(Stmt::Block { body, .. }) => body,
            _ => return false,
        };
    }
    let last = path[path.len() - 1];
    if last >= body.len() {
        return false;
    }
    match edit {
        Edit::Remove => {
            body.remove(last);
            true
        }
        Edit::Hoist => match body.remove(last) {
            Stmt::Block { body: inner, .. } => {
                body.splice(last..last, inner);
                true
            }
            s => {
                body.insert(last, s);
                false
            }
        },
        Edit::Simplify => match &mut body[last] {
            Stmt::Line(Line { text, .. }) => match text.split_once(" = ") {
                Some((lhs, rhs)) if rhs != "0;" && !lhs.contains('(') => {
                    *text = format!("{lhs} = 0;");
                    true
                }
                _ => false,
            },
            Stmt::Block { .. } => false,
        },
    }
}

/// Zeller's ddmin over lines: removes chunks of lines, halving their size when none can go,
/// while `keep` holds. The result is 1-minimal (no single line can be removed).
pub fn ddmin_lines(src: &str, mut keep: impl FnMut(&str) -> bool) -> String {
    let join = |ls: &[&str]| {
        let mut s = ls.join("\n");
        s.push('\n');
        s
    };
    let mut lines: Vec<&str> = src.lines().collect();
    if !keep(&join(&lines)) {
        return src.to_string();
    }
    let mut n = 2usize;
    while lines.len() >= 2 {
        let chunk = lines.len().div_ceil(n);
        let mut reduced = false;
        let mut start = 0;
        while start < lines.len() {
            let end = (start + chunk).min(lines.len());
            let cand: Vec<&str> = lines[..start]
                .iter()
                .chain(&lines[end..])
                .copied()
                .collect();
            if !cand.is_empty() && keep(&join(&cand)) {
                lines = cand;
                n = (n - 1).max(2);
                reduced = true;
                break;
            }
            start = end;
        }
        if !reduced {
            if n >= lines.len() {
                break;
            }
            n = (n * 2).min(lines.len());
        }
    }
    join(&lines)
}

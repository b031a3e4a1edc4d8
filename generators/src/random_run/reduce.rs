//! Reduction of a run-time program: drop statements, hoist block bodies, replace expressions by
//! `0u`, shrink the launch, while `keep` holds. Every candidate is re-evaluated, so its
//! expectation is its own, and only candidates that stay well defined ([`super::eval`]), well
//! scoped and free of checker diagnostics are offered to `keep`.

use super::{eval, Ex, Px, RunProgram, Stmt};

/// The smallest program found from `p` for which `keep(program, expected out)` holds; `p`
/// itself when no smaller one does.
pub fn reduce(p: &RunProgram, mut keep: impl FnMut(&RunProgram, &[u32]) -> bool) -> RunProgram {
    let mut best = p.clone();
    let mut try_it = |c: RunProgram, best: &mut RunProgram| -> bool {
        if c == *best || !c.well_scoped() || c.checker_clean().is_err() {
            return false;
        }
        let Ok(expected) = eval(&c) else {
            return false;
        };
        if keep(&c, &expected) {
            *best = c;
            true
        } else {
            false
        }
    };
    loop {
        let before = best.clone();
        for edit in [
            Launch::OneGroup,
            Launch::HalfGroup,
            Launch::ArrayTile,
            Launch::NoGlobals,
            Launch::NoTable,
            Launch::OnePrivate,
        ] {
            let mut c = best.clone();
            if edit.apply(&mut c) {
                try_it(c, &mut best);
            }
        }
        let mut paths = Vec::new();
        walk(&best.body, &mut Vec::new(), &mut paths);
        for path in paths.into_iter().rev() {
            for edit in [
                Edit::Remove,
                Edit::Hoist,
                Edit::Zero,
                Edit::ZeroIndex,
                Edit::Unoffset,
            ] {
                let mut c = best.clone();
                if apply(&mut c.body, &path, edit) && try_it(c, &mut best) {
                    break;
                }
            }
        }
        // Expressions, node by node: a node becomes `0u` or one of its operands.
        let mut paths = Vec::new();
        walk(&best.body, &mut Vec::new(), &mut paths);
        for path in paths.into_iter().rev() {
            let mut n = 0;
            loop {
                let mut any_node = false;
                let mut kept = false;
                for how in 0..4 {
                    let mut c = best.clone();
                    match edit_node(&mut c.body, &path, n, how) {
                        None => break,
                        Some(false) => any_node = true,
                        Some(true) => {
                            any_node = true;
                            if try_it(c, &mut best) {
                                kept = true;
                                break;
                            }
                        }
                    }
                }
                if !any_node {
                    break;
                }
                if !kept {
                    n += 1;
                }
            }
        }
        if best == before {
            return best;
        }
    }
}

#[derive(Clone, Copy)]
enum Launch {
    OneGroup,
    HalfGroup,
    /// A `local` argument tile becomes a kernel-scope array.
    ArrayTile,
    NoGlobals,
    NoTable,
    /// The private array shrinks to one element.
    OnePrivate,
}

impl Launch {
    fn apply(self, p: &mut RunProgram) -> bool {
        match self {
            Launch::OneGroup if p.groups > 1 => p.groups = 1,
            Launch::HalfGroup if p.local > 1 => p.local /= 2,
            Launch::ArrayTile if p.tile_arg => p.tile_arg = false,
            Launch::NoGlobals if p.globals => p.globals = false,
            Launch::NoTable if !p.table.is_empty() => p.table.clear(),
            Launch::OnePrivate if p.priv_init.len() > 1 => p.priv_init.truncate(1),
            _ => return false,
        }
        true
    }
}

#[derive(Clone, Copy)]
enum Edit {
    Remove,
    /// A block becomes its body.
    Hoist,
    /// The value a statement computes becomes `0u`.
    Zero,
    /// A store's index becomes `0u`.
    ZeroIndex,
    /// A declared pointer `(p + i)` becomes `p`.
    Unoffset,
}

fn walk(body: &[Stmt], path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    for (i, s) in body.iter().enumerate() {
        path.push(i);
        out.push(path.clone());
        if let Stmt::If(_, b) | Stmt::For(_, _, b) = s {
            walk(b, path, out);
        }
        path.pop();
    }
}

fn apply(body: &mut Vec<Stmt>, path: &[usize], edit: Edit) -> bool {
    let (last, outer) = path.split_last().expect("paths are not empty");
    let mut body = body;
    for &i in outer {
        body = match body.get_mut(i) {
            Some(Stmt::If(_, b) | Stmt::For(_, _, b)) => b,
            _ => return false,
        };
    }
    let last = *last;
    if last >= body.len() {
        return false;
    }
    let zero = Ex::Lit(0);
    match (edit, &mut body[last]) {
        (Edit::Remove, _) => {
            body.remove(last);
        }
        (Edit::Hoist, Stmt::If(_, b) | Stmt::For(_, _, b)) => {
            let inner = std::mem::take(b);
            body.splice(last..=last, inner);
        }
        (Edit::Zero, Stmt::Scalar(_, e) | Stmt::Set(_, e) | Stmt::Store(_, _, e)) if *e != zero => {
            *e = zero
        }
        (Edit::ZeroIndex, Stmt::Store(_, i, _)) if *i != zero => *i = zero,
        (Edit::Unoffset, Stmt::Ptr(_, _, q)) => return unoffset(q),
        (Edit::Unoffset, Stmt::Struct(_, qs)) => {
            let mut any = false;
            for q in qs {
                any |= unoffset(q);
            }
            return any;
        }
        _ => return false,
    }
    true
}

/// Applies simplification `how` to the `n`-th expression node (pre-order) of the statement at
/// `path`: `None` when there is no such node, `Some(false)` when `how` does not apply to it.
fn edit_node(body: &mut [Stmt], path: &[usize], n: usize, how: usize) -> Option<bool> {
    let (last, outer) = path.split_last()?;
    let mut body = body;
    for &i in outer {
        body = match body.get_mut(i) {
            Some(Stmt::If(_, b) | Stmt::For(_, _, b)) => b,
            _ => return None,
        };
    }
    let st = body.get_mut(*last)?;
    let mut left = n;
    let mut applied = None;
    let mut visit = |e: &mut Ex| -> bool {
        if left > 0 {
            left -= 1;
            return false;
        }
        applied = Some(simplify(e, how));
        true
    };
    match st {
        Stmt::Scalar(_, e) | Stmt::Set(_, e) => {
            visit_ex(e, &mut visit);
        }
        Stmt::Store(q, i, e) => {
            let _ = visit_px(q, &mut visit) || visit_ex(i, &mut visit) || visit_ex(e, &mut visit);
        }
        Stmt::Ptr(_, _, q) => {
            visit_px(q, &mut visit);
        }
        Stmt::Struct(_, qs) => {
            for q in qs {
                if visit_px(q, &mut visit) {
                    break;
                }
            }
        }
        Stmt::Call(_, args) => {
            visit_args(args, &mut visit);
        }
        Stmt::If(c, _) => {
            visit_ex(c, &mut visit);
        }
        Stmt::Barrier | Stmt::For(..) => {}
    }
    applied
}

/// `0u`, or an operand in place of the node.
fn simplify(e: &mut Ex, how: usize) -> bool {
    let zero = Ex::Lit(0);
    let new = match (how, &*e) {
        (0, Ex::Lit(0)) => return false,
        (0, _) => zero,
        (1, Ex::Bin(_, a, _) | Ex::Mod(a, _)) => (**a).clone(),
        (2, Ex::Bin(_, _, b)) => (**b).clone(),
        (1, Ex::Select(x)) => x[2].clone(),
        (2, Ex::Select(x)) => x[3].clone(),
        (3, Ex::Load(q, _)) => Ex::Deref(q.clone()),
        (3, Ex::Deref(q)) => match &**q {
            // `*(p + i)` becomes `*p`.
            Px::Add(inner, _) => Ex::Deref(inner.clone()),
            _ => return false,
        },
        _ => return false,
    };
    *e = new;
    true
}

type Visit<'a> = dyn FnMut(&mut Ex) -> bool + 'a;

fn visit_args(args: &mut [super::Arg], f: &mut Visit) -> bool {
    args.iter_mut().any(|a| match a {
        super::Arg::E(e) => visit_ex(e, f),
        super::Arg::P(q) => visit_px(q, f),
    })
}

/// Pre-order over the expression nodes of `e`; stops when `f` returns true.
fn visit_ex(e: &mut Ex, f: &mut Visit) -> bool {
    if f(e) {
        return true;
    }
    match e {
        Ex::Bin(_, a, b) => visit_ex(a, f) || visit_ex(b, f),
        Ex::Mod(a, _) => visit_ex(a, f),
        Ex::Load(q, i) => visit_px(q, f) || visit_ex(i, f),
        Ex::Deref(q) | Ex::IsNull(_, q) => visit_px(q, f),
        Ex::Call(_, args) => visit_args(args, f),
        Ex::Select(x) => x.iter_mut().any(|e| visit_ex(e, f)),
        Ex::Lit(_) | Ex::Gid | Ex::Lid | Ex::Var(_) | Ex::Gk => false,
    }
}

fn visit_px(q: &mut Px, f: &mut Visit) -> bool {
    match q {
        Px::Add(q, i) => visit_px(q, f) || visit_ex(i, f),
        Px::Call(_, args) => visit_args(args, f),
        Px::ToNamed(_, q) => visit_px(q, f),
        Px::Base(_) | Px::Mine | Px::Var(_) | Px::Field(..) => false,
    }
}

/// `(p + i)` becomes `p`; whether it was one.
fn unoffset(q: &mut Px) -> bool {
    match q {
        Px::Add(inner, _) => {
            *q = (**inner).clone();
            true
        }
        _ => false,
    }
}

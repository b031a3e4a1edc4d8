//! Drawing programs: each statement is drawn from what is in scope, executed on the state so
//! far for the work-items that reach it, and kept only when that is well defined
//! ([`super::eval`]). Indices are drawn inside the room the state shows (`(e % room)`), so most
//! draws succeed.

use super::eval::{exec, own_range, px, State};
use super::{converts, Arg, Ex, Helper, Op, Px, Region, RunProgram, Stmt};
use crate::fuzz::{mix, Rng};
use checker::spec::{AddrSpace, Feature, Profile};

// Every recursive draw (expression, pointer, place, helper arguments) goes one level shallower
// than its caller, and depth 0 draws leaves only: programs cannot nest without bound.

/// Draws per statement before the generator gives up on it.
const TRIES: usize = 24;
/// Top-level statements of the kernel body (before the prologue and epilogue).
const MAX_TOP: usize = 14;
const MAX_DEPTH: usize = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    U,
    /// A loop counter: read, never assigned.
    Loop,
    P(AddrSpace),
    S,
}

struct Gen<'a> {
    rng: &'a mut Rng,
    prog: RunProgram,
    state: State,
    /// Variables in scope, innermost last.
    vars: Vec<(usize, Kind)>,
}

/// The `i`-th program of `seed`, in a profile drawn from `profiles` (every OpenCL C profile
/// when empty), with the contents of `out` it must produce.
pub fn seeded(seed: u64, i: u64, profiles: &[Profile]) -> (RunProgram, Vec<u32>) {
    let mut own = Rng(mix(mix(seed ^ 0x5255_4e54) ^ i) | 1);
    let rng = &mut own;
    let all = crate::case::c_profiles();
    let profiles = if profiles.is_empty() { &all } else { profiles };
    let profile = profiles[rng.below(profiles.len())];
    let generic = profile.has(Feature::GenericAddressSpace);
    let local = [2u32, 4, 8][rng.below(3)];
    let groups = [1u32, 2, 4][rng.below(3)];
    let mut spaces = vec![
        AddrSpace::Global,
        AddrSpace::Local,
        AddrSpace::Constant,
        AddrSpace::Private,
    ];
    if generic {
        spaces.extend([AddrSpace::Generic; 3]);
    }
    let pick = |rng: &mut Rng, ok: &dyn Fn(AddrSpace) -> bool| loop {
        let s = spaces[rng.below(spaces.len())];
        if ok(s) {
            break s;
        }
    };
    let mut helpers = Vec::new();
    for _ in 0..1 + rng.below(5) {
        helpers.push(match rng.below(5) {
            0 => Helper::Load(pick(rng, &|_| true)),
            1 => Helper::Advance(pick(rng, &|_| true)),
            2 => Helper::Store(pick(rng, &|s| s != AddrSpace::Constant)),
            3 => Helper::Pick(pick(rng, &|_| true)),
            _ => Helper::Mix(pick(rng, &|_| true), pick(rng, &|_| true)),
        });
    }
    let fields = if rng.below(3) == 0 {
        Vec::new()
    } else {
        (0..1 + rng.below(3))
            .map(|_| pick(rng, &|_| true))
            .collect()
    };
    let table: Vec<u32> = if rng.below(4) == 0 {
        Vec::new()
    } else {
        (0..2 + rng.below(7))
            .map(|_| rng.below(10_000) as u32)
            .collect()
    };
    let prog = RunProgram {
        profile,
        local,
        groups,
        slots: 2 + rng.below(3) as u32,
        in_mul: 1 + rng.below(97) as u32,
        in_add: rng.below(1000) as u32,
        table,
        priv_init: (0..1 + rng.below(4))
            .map(|_| rng.below(1000) as u32)
            .collect(),
        globals: profile.has(Feature::ProgramScopeGlobals) && rng.below(3) != 0,
        gk: rng.below(100_000) as u32,
        tile_arg: rng.below(3) == 0,
        fields,
        helpers,
        body: Vec::new(),
        next_var: 0,
    };
    let state = State::new(&prog);
    let mut g = Gen {
        rng,
        prog,
        state,
        vars: Vec::new(),
    };
    g.kernel();
    let expected = super::eval(&g.prog).expect("every statement kept was executed");
    (g.prog, expected)
}

impl Gen<'_> {
    fn below(&mut self, n: usize) -> usize {
        self.rng.below(n)
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.rng.below(one_in) == 0
    }

    fn fresh(&mut self) -> usize {
        self.prog.next_var += 1;
        self.prog.next_var - 1
    }

    fn all(&self) -> Vec<bool> {
        vec![true; self.prog.work_items() as usize]
    }

    /// Keeps `st` when it runs well defined for `active`; returns whether it did.
    fn keep(&mut self, st: Stmt, active: &[bool], top: bool, out: &mut Vec<Stmt>) -> bool {
        let mut s = self.state.clone();
        if exec(&self.prog, &st, &mut s, active, top).is_err() {
            return false;
        }
        self.state = s;
        match &st {
            Stmt::Scalar(v, _) => self.vars.push((*v, Kind::U)),
            Stmt::Ptr(v, sp, _) => self.vars.push((*v, Kind::P(*sp))),
            Stmt::Struct(v, _) => self.vars.push((*v, Kind::S)),
            _ => {}
        }
        out.push(st);
        true
    }

    fn kernel(&mut self) {
        let all = self.all();
        let mut body = Vec::new();
        // Prologue: every work-item fills its own tile element, then all of them meet.
        let seed = self.scalar_ex(&all, 1);
        self.keep(
            Stmt::Store(Px::Base(Region::Tile), Ex::Lid, seed),
            &all,
            true,
            &mut body,
        );
        self.keep(Stmt::Barrier, &all, true, &mut body);
        let n = 4 + self.below(MAX_TOP - 3);
        for _ in 0..n {
            if self.chance(6) {
                self.keep(Stmt::Barrier, &all, true, &mut body);
                continue;
            }
            self.one(&all, 0, true, &mut body);
        }
        // Epilogue: every scalar in scope flows into the work-item's last slot.
        let mut fold = Ex::Load(Box::new(Px::Mine), Box::new(Ex::Lit(self.prog.slots - 1)));
        for (v, k) in self.vars.clone() {
            if k == Kind::U {
                fold = bin(Op::Add, bin(Op::Mul, fold, Ex::Lit(31)), Ex::Var(v));
            }
        }
        let last = Ex::Lit(self.prog.slots - 1);
        self.keep(Stmt::Store(Px::Mine, last, fold), &all, true, &mut body);
        self.prog.body = body;
    }

    /// Draws statements until one is kept (or gives up after [`TRIES`]).
    fn one(&mut self, active: &[bool], depth: usize, top: bool, out: &mut Vec<Stmt>) {
        for _ in 0..TRIES {
            let kept = match self.below(12) {
                0 | 1 => {
                    let v = self.fresh();
                    let e = self.scalar_ex(active, 2);
                    self.keep(Stmt::Scalar(v, e), active, top, out)
                }
                2 | 3 => {
                    let sp = self.space();
                    let Some(q) = self.ptr(active, Some(sp), 2) else {
                        continue;
                    };
                    let v = self.fresh();
                    self.keep(Stmt::Ptr(v, sp, q), active, top, out)
                }
                4 if !self.prog.fields.is_empty() => {
                    let mut qs = Vec::new();
                    for f in self.prog.fields.clone() {
                        match self.ptr(active, Some(f), 1) {
                            Some(q) => qs.push(q),
                            None => break,
                        }
                    }
                    if qs.len() != self.prog.fields.len() {
                        continue;
                    }
                    let v = self.fresh();
                    self.keep(Stmt::Struct(v, qs), active, top, out)
                }
                5 => {
                    let us: Vec<usize> = self
                        .vars
                        .iter()
                        .filter(|(_, k)| *k == Kind::U)
                        .map(|(v, _)| *v)
                        .collect();
                    if us.is_empty() {
                        continue;
                    }
                    let v = us[self.below(us.len())];
                    let e = self.scalar_ex(active, 2);
                    self.keep(Stmt::Set(v, e), active, top, out)
                }
                6..=8 => {
                    let Some((q, i)) = self.place(active, true, 2) else {
                        continue;
                    };
                    let e = self.scalar_ex(active, 2);
                    self.keep(Stmt::Store(q, i, e), active, top, out)
                }
                9 => {
                    let stores: Vec<usize> = (0..self.prog.helpers.len())
                        .filter(|h| matches!(self.prog.helpers[*h], Helper::Store(_)))
                        .collect();
                    if stores.is_empty() {
                        continue;
                    }
                    let h = stores[self.below(stores.len())];
                    let Helper::Store(sp) = self.prog.helpers[h] else {
                        continue;
                    };
                    let Some((q, i)) = self.place_in(active, true, sp, 2) else {
                        continue;
                    };
                    let e = self.scalar_ex(active, 2);
                    let arg = Px::Add(Box::new(q), Box::new(i));
                    self.keep(
                        Stmt::Call(h, vec![Arg::P(arg), Arg::E(e)]),
                        active,
                        top,
                        out,
                    )
                }
                10 if depth < MAX_DEPTH => self.branch(active, depth, top, out),
                11 if depth < MAX_DEPTH => self.for_loop(active, depth, top, out),
                _ => continue,
            };
            if kept {
                return;
            }
        }
    }

    fn branch(&mut self, active: &[bool], depth: usize, top: bool, out: &mut Vec<Stmt>) -> bool {
        let c = match self.below(3) {
            0 => bin(Op::And, self.scalar_ex(active, 2), Ex::Lit(1)),
            1 => Ex::Select(Box::new([
                self.scalar_ex(active, 1),
                self.scalar_ex(active, 1),
                Ex::Lit(1),
                Ex::Lit(0),
            ])),
            _ => self.scalar_ex(active, 2),
        };
        // The work-items that take the branch, on the state before it.
        let mut inner = active.to_vec();
        let mut probe = self.state.clone();
        for (x, on) in inner.iter_mut().enumerate() {
            if *on {
                match super::eval::ex(&self.prog, &c, &mut probe, x) {
                    Ok(v) => *on = v != 0,
                    Err(_) => return false,
                }
            }
        }
        let saved = (self.state.clone(), self.vars.len());
        // The condition's reads happen before the body.
        self.state = probe;
        let mut body = Vec::new();
        for _ in 0..1 + self.below(3) {
            self.one(&inner, depth + 1, false, &mut body);
        }
        self.vars.truncate(saved.1);
        let st = Stmt::If(c, body);
        // The whole block, checked from the state before it.
        let mut s = saved.0;
        if exec(&self.prog, &st, &mut s, active, top).is_err() {
            return false;
        }
        self.state = s;
        out.push(st);
        true
    }

    fn for_loop(&mut self, active: &[bool], depth: usize, top: bool, out: &mut Vec<Stmt>) -> bool {
        let v = self.fresh();
        let n = 2 + self.below(3) as u32;
        let before = self.state.clone();
        let outer = self.vars.len();
        self.vars.push((v, Kind::Loop));
        let mut body: Vec<Stmt> = Vec::new();
        for _ in 0..1 + self.below(3) {
            // Drawn on the first iteration's state, kept when the whole loop runs.
            let mut first = before.clone();
            for (x, on) in active.iter().enumerate() {
                if *on {
                    first.items[x].vars.insert(v, super::eval::Val::U(0));
                }
            }
            self.state = first;
            let mark = self.vars.len();
            let mut cand = body.clone();
            self.one(active, depth + 1, false, &mut cand);
            let mut s = before.clone();
            if cand.len() > body.len()
                && exec(
                    &self.prog,
                    &Stmt::For(v, n, cand.clone()),
                    &mut s,
                    active,
                    top,
                )
                .is_ok()
            {
                body = cand;
            } else {
                // Forget what the dropped statement declared.
                self.vars.truncate(mark);
            }
        }
        self.vars.truncate(outer);
        let st = Stmt::For(v, n, body);
        let mut s = before;
        if exec(&self.prog, &st, &mut s, active, top).is_err() {
            self.state = s;
            return false;
        }
        self.state = s;
        out.push(st);
        true
    }

    /// A pointer space for a declaration.
    fn space(&mut self) -> AddrSpace {
        let mut s = vec![
            AddrSpace::Global,
            AddrSpace::Local,
            AddrSpace::Constant,
            AddrSpace::Private,
        ];
        if self.prog.generic() {
            s.extend([AddrSpace::Generic; 3]);
        }
        s[self.below(s.len())]
    }

    fn vars_of(&self, want: impl Fn(Kind) -> bool) -> Vec<usize> {
        self.vars
            .iter()
            .filter(|(_, k)| want(*k))
            .map(|(v, _)| *v)
            .collect()
    }

    /// The objects the program has.
    fn regions(&self) -> Vec<Region> {
        Region::ALL
            .into_iter()
            .filter(|r| match r {
                Region::Table => !self.prog.table.is_empty(),
                Region::Gv => self.prog.globals,
                _ => true,
            })
            .collect()
    }

    /// The static space of a pointer expression.
    fn space_of(&self, q: &Px) -> AddrSpace {
        match q {
            Px::Base(r) => r.space(),
            Px::Mine => AddrSpace::Global,
            Px::Var(v) => match self.vars.iter().find(|(n, _)| n == v) {
                Some((_, Kind::P(s))) => *s,
                _ => AddrSpace::Generic,
            },
            Px::Add(q, _) => self.space_of(q),
            Px::Field(_, f) => self.prog.fields[*f],
            Px::Call(h, _) => match self.prog.helpers[*h].returns() {
                Some(Some(s)) => s,
                _ => AddrSpace::Generic,
            },
            Px::ToNamed(s, _) => *s,
        }
    }

    /// A pointer expression that converts to `want` (any when `None`).
    fn ptr(&mut self, active: &[bool], want: Option<AddrSpace>, depth: usize) -> Option<Px> {
        for _ in 0..8 {
            let q = self.ptr_any(active, want, depth)?;
            if want.is_none_or(|w| converts(self.space_of(&q), w)) {
                return Some(q);
            }
        }
        None
    }

    fn ptr_any(&mut self, active: &[bool], want: Option<AddrSpace>, depth: usize) -> Option<Px> {
        let leaf = depth == 0;
        Some(match self.below(if leaf { 3 } else { 8 }) {
            0 => {
                let rs = self.regions();
                let rs: Vec<Region> = rs
                    .into_iter()
                    .filter(|r| want.is_none_or(|w| converts(r.space(), w)))
                    .collect();
                if rs.is_empty() {
                    return None;
                }
                Px::Base(rs[self.below(rs.len())])
            }
            1 => {
                let ps = self.vars_of(|k| matches!(k, Kind::P(_)));
                if ps.is_empty() {
                    return None;
                }
                Px::Var(ps[self.below(ps.len())])
            }
            2 => {
                let ss = self.vars_of(|k| k == Kind::S);
                if ss.is_empty() {
                    return if self.chance(2) { Some(Px::Mine) } else { None };
                }
                let f = self.below(self.prog.fields.len());
                Px::Field(ss[self.below(ss.len())], f)
            }
            3 | 4 => {
                let (q, i) = self.place(active, false, depth - 1)?;
                Px::Add(Box::new(q), Box::new(i))
            }
            5 => {
                let hs: Vec<usize> = (0..self.prog.helpers.len())
                    .filter(|h| {
                        matches!(self.prog.helpers[*h].returns(), Some(Some(s)) if want.is_none_or(|w| converts(s, w)))
                    })
                    .collect();
                if hs.is_empty() {
                    return None;
                }
                let h = hs[self.below(hs.len())];
                Px::Call(h, self.args(active, h, depth - 1)?)
            }
            6 if self.prog.generic() => {
                let sp = [AddrSpace::Global, AddrSpace::Local, AddrSpace::Private][self.below(3)];
                let q = self.ptr(active, Some(AddrSpace::Generic), depth - 1)?;
                if self.space_of(&q) != AddrSpace::Generic {
                    // `to_global` takes a generic pointer: convert through a generic variable.
                    return None;
                }
                Px::ToNamed(sp, Box::new(q))
            }
            _ => Px::Mine,
        })
    }

    /// Arguments for helper `h` (one that returns a value), no deeper than `d`.
    fn args(&mut self, active: &[bool], h: usize, d: usize) -> Option<Vec<Arg>> {
        Some(match self.prog.helpers[h] {
            // p[k] and p + k: a place and an index inside its room.
            Helper::Load(sp) | Helper::Advance(sp) => {
                let (q, k) = self.place_in(active, false, sp, d)?;
                vec![Arg::P(q), Arg::E(k)]
            }
            Helper::Pick(sp) => vec![
                Arg::P(self.ptr(active, Some(sp), d)?),
                Arg::P(self.ptr(active, Some(sp), d)?),
                Arg::E(self.scalar_ex(active, d)),
            ],
            Helper::Mix(a, b) => {
                let (qa, ka) = self.place_in(active, false, a, d)?;
                let (qb, kb) = self.place_in(active, false, b, d)?;
                vec![
                    Arg::P(Px::Add(Box::new(qa), Box::new(ka))),
                    Arg::P(Px::Add(Box::new(qb), Box::new(kb))),
                ]
            }
            Helper::Store(_) => return None,
        })
    }

    /// A pointer and an index inside the room every active work-item has there (for writes,
    /// the work-item's own elements).
    fn place(&mut self, active: &[bool], write: bool, depth: usize) -> Option<(Px, Ex)> {
        let q = if write && self.chance(2) {
            // The usual places a work-item owns.
            match self.below(4) {
                0 => Px::Mine,
                1 => Px::Base(Region::Priv),
                2 => Px::Add(Box::new(Px::Base(Region::Tile)), Box::new(Ex::Lid)),
                _ if self.prog.globals => Px::Add(
                    Box::new(Px::Base(Region::Gv)),
                    Box::new(bin(Op::Mul, Ex::Gid, Ex::Lit(self.prog.slots))),
                ),
                _ => Px::Mine,
            }
        } else {
            self.ptr(active, None, depth)?
        };
        if write && self.space_of(&q) == AddrSpace::Constant {
            return None;
        }
        let room = self.room(active, &q, write)?;
        let i = self.index(active, room, depth);
        Some((q, i))
    }

    /// [`Gen::place`] with a pointer that converts to `sp`.
    fn place_in(
        &mut self,
        active: &[bool],
        write: bool,
        sp: AddrSpace,
        depth: usize,
    ) -> Option<(Px, Ex)> {
        for _ in 0..6 {
            let (q, i) = self.place(active, write, depth)?;
            if converts(self.space_of(&q), sp) {
                return Some((q, i));
            }
        }
        None
    }

    /// The smallest number of elements the active work-items may access from `q` on; `Some(8)`
    /// when none is active (code no work-item reaches).
    fn room(&mut self, active: &[bool], q: &Px, write: bool) -> Option<u32> {
        let mut probe = self.state.clone();
        let mut room: Option<i64> = None;
        for (x, on) in active.iter().enumerate() {
            if !*on {
                continue;
            }
            let ptr = px(&self.prog, q, &mut probe, x).ok()??;
            if write && !super::eval::writable(ptr.region) {
                return None;
            }
            let (lo, hi) = own_range(&self.prog, ptr.region, x as u32);
            if ptr.off < lo || ptr.off >= hi {
                return None;
            }
            room = Some(room.map_or(hi - ptr.off, |r| r.min(hi - ptr.off)));
        }
        Some(room.unwrap_or(8) as u32)
    }

    fn index(&mut self, active: &[bool], room: u32, depth: usize) -> Ex {
        if room == 1 || self.chance(3) {
            Ex::Lit(self.below(room as usize) as u32)
        } else {
            Ex::Mod(Box::new(self.scalar_ex(active, depth)), room)
        }
    }

    /// A `uint` expression.
    fn scalar_ex(&mut self, active: &[bool], depth: usize) -> Ex {
        let leaf = depth == 0;
        for _ in 0..8 {
            let e = match self.below(if leaf { 5 } else { 13 }) {
                0 => Ex::Lit(self.below(1000) as u32),
                1 => Ex::Gid,
                2 => Ex::Lid,
                3 | 4 => {
                    let us = self.vars_of(|k| matches!(k, Kind::U | Kind::Loop));
                    if us.is_empty() {
                        continue;
                    }
                    Ex::Var(us[self.below(us.len())])
                }
                5..=7 => {
                    let ops = [
                        Op::Add,
                        Op::Sub,
                        Op::Mul,
                        Op::Xor,
                        Op::And,
                        Op::Or,
                        Op::Shl(1 + self.below(31) as u8),
                        Op::Shr(1 + self.below(31) as u8),
                    ];
                    let op = ops[self.below(ops.len())];
                    let a = self.scalar_ex(active, depth.saturating_sub(1));
                    let b = self.scalar_ex(active, depth.saturating_sub(1));
                    bin(op, a, b)
                }
                8 if self.chance(2) => {
                    // A neighbour's tile element, an input or a table entry.
                    let (r, len) = match self.below(3) {
                        0 => (Region::Tile, self.prog.local),
                        1 => (Region::Inp, self.prog.work_items()),
                        _ if !self.prog.table.is_empty() => {
                            (Region::Table, self.prog.table.len() as u32)
                        }
                        _ => (Region::Inp, self.prog.work_items()),
                    };
                    let k = self.below(len as usize) as u32;
                    let i = if self.chance(2) {
                        Ex::Lid
                    } else {
                        self.scalar_ex(active, depth - 1)
                    };
                    Ex::Load(
                        Box::new(Px::Base(r)),
                        Box::new(Ex::Mod(Box::new(bin(Op::Add, i, Ex::Lit(k))), len)),
                    )
                }
                8 | 9 => {
                    let Some((q, i)) = self.place(active, false, depth - 1) else {
                        continue;
                    };
                    if matches!(i, Ex::Lit(0)) && self.chance(2) {
                        Ex::Deref(Box::new(q))
                    } else {
                        Ex::Load(Box::new(q), Box::new(i))
                    }
                }
                10 => {
                    let hs: Vec<usize> = (0..self.prog.helpers.len())
                        .filter(|h| self.prog.helpers[*h].returns() == Some(None))
                        .collect();
                    if hs.is_empty() {
                        continue;
                    }
                    let h = hs[self.below(hs.len())];
                    let Some(args) = self.args(active, h, depth - 1) else {
                        continue;
                    };
                    Ex::Call(h, args)
                }
                11 if self.prog.generic() => {
                    let sp =
                        [AddrSpace::Global, AddrSpace::Local, AddrSpace::Private][self.below(3)];
                    let gs = self.vars_of(|k| k == Kind::P(AddrSpace::Generic));
                    if gs.is_empty() {
                        continue;
                    }
                    Ex::IsNull(sp, Box::new(Px::Var(gs[self.below(gs.len())])))
                }
                12 if self.prog.globals => Ex::Gk,
                _ => Ex::Select(Box::new([
                    self.scalar_ex(active, depth.saturating_sub(1)),
                    self.scalar_ex(active, depth.saturating_sub(1)),
                    self.scalar_ex(active, depth.saturating_sub(1)),
                    self.scalar_ex(active, depth.saturating_sub(1)),
                ])),
            };
            // Keep only what every active work-item can evaluate here.
            let mut probe = self.state.clone();
            let ok = active
                .iter()
                .enumerate()
                .all(|(x, on)| !on || super::eval::ex(&self.prog, &e, &mut probe, x).is_ok());
            if ok {
                return e;
            }
        }
        Ex::Lit(self.below(1000) as u32)
    }
}

fn bin(op: Op, a: Ex, b: Ex) -> Ex {
    Ex::Bin(op, Box::new(a), Box::new(b))
}

/// An equivalence-modulo-inputs variant of `p`: one to three blocks under guards that are false
/// at run time (the input buffer holds what the host wrote; no work-item id reaches the launch
/// size), whose bodies read and write other spaces freely. Its output is `p`'s.
pub fn emi(p: &RunProgram, seed: u64) -> RunProgram {
    let mut rng = Rng(mix(seed ^ 0x454d_4921) | 1);
    let mut out = p.clone();
    let blocks = 1 + rng.below(3);
    for _ in 0..blocks {
        // Top-level positions after the prologue's barrier, before the epilogue.
        let at = 2 + rng.below(out.body.len().saturating_sub(2).max(1));
        let at = at.min(out.body.len());
        let vars: Vec<(usize, Kind)> = out.body[..at]
            .iter()
            .filter_map(|s| match s {
                Stmt::Scalar(v, _) => Some((*v, Kind::U)),
                Stmt::Ptr(v, sp, _) => Some((*v, Kind::P(*sp))),
                Stmt::Struct(v, _) => Some((*v, Kind::S)),
                _ => None,
            })
            .collect();
        let k = rng.below(out.work_items() as usize) as u32;
        let guard = match rng.below(3) {
            // inp[k] ^ value: zero, since the host wrote exactly that value.
            0 => bin(
                Op::Xor,
                Ex::Load(Box::new(Px::Base(Region::Inp)), Box::new(Ex::Lit(k))),
                Ex::Lit(out.input(k)),
            ),
            1 => Ex::Select(Box::new([
                Ex::Lit(out.input(k)),
                Ex::Load(Box::new(Px::Base(Region::Inp)), Box::new(Ex::Lit(k))),
                Ex::Lit(1),
                Ex::Lit(0),
            ])),
            _ => Ex::Select(Box::new([
                Ex::Lit(out.work_items() - 1),
                Ex::Gid,
                Ex::Lit(1),
                Ex::Lit(0),
            ])),
        };
        let state = State::new(&out);
        let mut g = Gen {
            rng: &mut rng,
            prog: out.clone(),
            state,
            vars,
        };
        let none = vec![false; out.work_items() as usize];
        let mut body = Vec::new();
        for _ in 0..1 + g.below(4) {
            g.one(&none, 1, false, &mut body);
        }
        let next = g.prog.next_var;
        out.next_var = next;
        out.body.insert(at, Stmt::If(guard, body));
    }
    out
}

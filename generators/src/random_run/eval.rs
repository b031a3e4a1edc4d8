//! The evaluator: executes a [`RunProgram`] for every work-item and returns `out`, or says which
//! access would be undefined behaviour.
//!
//! Work-items run statement by statement in lockstep. That gives the result of any schedule
//! the OpenCL memory model allows, because the evaluator rejects every program whose result
//! could depend on the schedule: between two barriers, a `__local` element written by one
//! work-item is touched by no other, and `out` and `gv` slots belong to one work-item each.

use super::{Arg, Ex, Helper, Op, Px, Region, RunProgram, Stmt};
use checker::spec::AddrSpace;
use std::collections::HashMap;

/// What running a program produced: `out`, or why the program is not well defined.
pub type Outcome = Result<Vec<u32>, String>;

/// Runs `p` and returns the contents of `out`.
pub fn eval(p: &RunProgram) -> Outcome {
    let mut s = State::new(p);
    let all = vec![true; p.work_items() as usize];
    for st in &p.body {
        exec(p, st, &mut s, &all, true)?;
    }
    Ok(s.out)
}

/// A pointer into one object (the work-item's own object, for `priv`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ptr {
    pub region: Region,
    pub off: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Val {
    U(u32),
    /// `None`: the null pointer.
    P(Option<Ptr>),
    S(Vec<Option<Ptr>>),
}

/// One `__local` element: its value and who touched it since the last barrier.
#[derive(Clone, Debug, Default)]
struct Cell {
    val: Option<u32>,
    writer: Option<(usize, u32)>,
    readers: Vec<usize>,
    read_epoch: u32,
}

#[derive(Clone, Debug)]
pub(crate) struct Item {
    gid: u32,
    lid: u32,
    group: u32,
    pub vars: HashMap<usize, Val>,
    privs: Vec<u32>,
}

/// Memory and every work-item's variables.
#[derive(Clone, Debug)]
pub(crate) struct State {
    out: Vec<u32>,
    gv: Vec<u32>,
    inp: Vec<u32>,
    tile: Vec<Cell>,
    epoch: u32,
    pub items: Vec<Item>,
}

type R<T> = Result<T, String>;

impl State {
    pub fn new(p: &RunProgram) -> State {
        let n = p.work_items();
        State {
            out: vec![0; (n * p.slots) as usize],
            gv: vec![0; if p.globals { (n * p.slots) as usize } else { 0 }],
            inp: (0..n).map(|i| p.input(i)).collect(),
            tile: vec![Cell::default(); n as usize],
            epoch: 0,
            items: (0..n)
                .map(|gid| Item {
                    gid,
                    lid: gid % p.local,
                    group: gid / p.local,
                    vars: HashMap::new(),
                    privs: p.priv_init.clone(),
                })
                .collect(),
        }
    }
}

/// The number of elements of `r`'s object.
fn len(p: &RunProgram, r: Region) -> i64 {
    (match r {
        Region::Out => p.work_items() * p.slots,
        Region::Gv if p.globals => p.work_items() * p.slots,
        Region::Gv => 0,
        Region::Inp => p.work_items(),
        Region::Tile => p.local,
        Region::Priv => p.priv_init.len() as u32,
        Region::Table => p.table.len() as u32,
    }) as i64
}

/// The elements `[lo, hi)` work-item `x` may access in `r` (reads; writes add [`writable`]).
pub(crate) fn own_range(p: &RunProgram, r: Region, gid: u32) -> (i64, i64) {
    match r {
        Region::Out | Region::Gv => {
            let lo = (gid * p.slots) as i64;
            (lo, lo + p.slots as i64)
        }
        _ => (0, len(p, r)),
    }
}

/// Whether a region's elements can be written at all.
pub(crate) fn writable(r: Region) -> bool {
    !matches!(r, Region::Inp | Region::Table)
}

/// Executes `st` for the work-items in `active`. `top`: at the top level of the kernel.
pub(crate) fn exec(p: &RunProgram, st: &Stmt, s: &mut State, active: &[bool], top: bool) -> R<()> {
    if let Stmt::Barrier = st {
        if !top || active.iter().any(|a| !a) {
            return Err("barrier outside uniform control flow".into());
        }
        s.epoch += 1;
        return Ok(());
    }
    match st {
        Stmt::If(c, body) => {
            let mut inner = active.to_vec();
            for (x, on) in inner.iter_mut().enumerate() {
                if *on {
                    *on = ex(p, c, s, x)? != 0;
                }
            }
            for b in body {
                exec(p, b, s, &inner, false)?;
            }
        }
        Stmt::For(v, n, body) => {
            for i in 0..*n {
                for (x, on) in active.iter().enumerate() {
                    if *on {
                        s.items[x].vars.insert(*v, Val::U(i));
                    }
                }
                for b in body {
                    exec(p, b, s, active, false)?;
                }
            }
        }
        _ => {
            for (x, on) in active.iter().enumerate() {
                if *on {
                    exec_one(p, st, s, x)?;
                }
            }
        }
    }
    Ok(())
}

fn exec_one(p: &RunProgram, st: &Stmt, s: &mut State, x: usize) -> R<()> {
    match st {
        Stmt::Scalar(v, e) | Stmt::Set(v, e) => {
            let val = ex(p, e, s, x)?;
            s.items[x].vars.insert(*v, Val::U(val));
        }
        Stmt::Ptr(v, _, q) => {
            let val = px(p, q, s, x)?;
            s.items[x].vars.insert(*v, Val::P(val));
        }
        Stmt::Struct(v, qs) => {
            let vals = qs.iter().map(|q| px(p, q, s, x)).collect::<R<Vec<_>>>()?;
            s.items[x].vars.insert(*v, Val::S(vals));
        }
        Stmt::Store(q, i, e) => {
            let ptr = px(p, q, s, x)?;
            let i = ex(p, i, s, x)?;
            let val = ex(p, e, s, x)?;
            let at = offset(p, ptr, i as i64)?;
            write(p, s, x, at, val)?;
        }
        Stmt::Call(h, args) => {
            call(p, *h, args, s, x)?;
        }
        Stmt::Barrier | Stmt::If(..) | Stmt::For(..) => unreachable!("handled by exec"),
    }
    Ok(())
}

fn var(s: &State, x: usize, v: usize) -> R<&Val> {
    s.items[x]
        .vars
        .get(&v)
        .ok_or_else(|| format!("variable {v} used before it is set"))
}

/// `ptr + k`, which must stay inside its object (one past the end included).
pub(crate) fn offset(p: &RunProgram, ptr: Option<Ptr>, k: i64) -> R<Ptr> {
    let ptr = ptr.ok_or("arithmetic on or dereference of a null pointer")?;
    let off = ptr.off + k;
    if off < 0 || off > len(p, ptr.region) {
        return Err(format!(
            "pointer {} + {off} outside its object",
            ptr.region.name()
        ));
    }
    Ok(Ptr { off, ..ptr })
}

fn in_bounds(p: &RunProgram, at: Ptr, x: usize, s: &State) -> R<()> {
    let (lo, hi) = own_range(p, at.region, s.items[x].gid);
    if at.off < lo || at.off >= hi {
        return Err(format!(
            "work-item {x} accesses {}[{}] outside [{lo}, {hi})",
            at.region.name(),
            at.off
        ));
    }
    Ok(())
}

/// A reduction candidate may drop an object a pointer still names: that candidate is invalid,
/// never a panic.
fn missing(at: Ptr) -> String {
    format!(
        "{}[{}] does not exist in this program",
        at.region.name(),
        at.off
    )
}

/// Work-item `x`'s group's cell of the `__local` tile at `at`.
fn tile_cell<'s>(p: &RunProgram, s: &'s mut State, x: usize, at: Ptr) -> R<&'s mut Cell> {
    let i = (s.items[x].group * p.local) as usize + at.off as usize;
    s.tile.get_mut(i).ok_or_else(|| missing(at))
}

fn read(p: &RunProgram, s: &mut State, x: usize, at: Ptr) -> R<u32> {
    in_bounds(p, at, x, s)?;
    let i = at.off as usize;
    let missing = || missing(at);
    Ok(match at.region {
        Region::Out => *s.out.get(i).ok_or_else(missing)?,
        Region::Gv => *s.gv.get(i).ok_or_else(missing)?,
        Region::Inp => *s.inp.get(i).ok_or_else(missing)?,
        Region::Table => *p.table.get(i).ok_or_else(missing)?,
        Region::Priv => *s.items[x].privs.get(i).ok_or_else(missing)?,
        Region::Tile => {
            let epoch = s.epoch;
            let cell = tile_cell(p, s, x, at)?;
            if matches!(cell.writer, Some((w, e)) if w != x && e == epoch) {
                return Err(format!(
                    "work-item {x} reads tile[{i}] another wrote without a barrier"
                ));
            }
            if cell.read_epoch != epoch {
                cell.readers.clear();
                cell.read_epoch = epoch;
            }
            cell.readers.push(x);
            cell.val.ok_or(format!(
                "work-item {x} reads tile[{i}] before it is written"
            ))?
        }
    })
}

fn write(p: &RunProgram, s: &mut State, x: usize, at: Ptr, val: u32) -> R<()> {
    in_bounds(p, at, x, s)?;
    if !writable(at.region) {
        return Err(format!("write to {}", at.region.name()));
    }
    let i = at.off as usize;
    let missing = || missing(at);
    match at.region {
        Region::Out => *s.out.get_mut(i).ok_or_else(missing)? = val,
        Region::Gv => *s.gv.get_mut(i).ok_or_else(missing)? = val,
        Region::Priv => *s.items[x].privs.get_mut(i).ok_or_else(missing)? = val,
        Region::Tile => {
            let epoch = s.epoch;
            let cell = tile_cell(p, s, x, at)?;
            let others_read = cell.read_epoch == epoch && cell.readers.iter().any(|r| *r != x);
            if others_read || matches!(cell.writer, Some((w, e)) if w != x && e == epoch) {
                return Err(format!(
                    "work-item {x} writes tile[{i}] another touched without a barrier"
                ));
            }
            cell.val = Some(val);
            cell.writer = Some((x, epoch));
        }
        Region::Inp | Region::Table => unreachable!("not writable"),
    }
    Ok(())
}

pub(crate) fn ex(p: &RunProgram, e: &Ex, s: &mut State, x: usize) -> R<u32> {
    Ok(match e {
        Ex::Lit(v) => *v,
        Ex::Gid => s.items[x].gid,
        Ex::Lid => s.items[x].lid,
        Ex::Gk if p.globals => p.gk,
        Ex::Gk => return Err("gk read in a program without program-scope globals".into()),
        Ex::Var(v) => match var(s, x, *v)? {
            Val::U(u) => *u,
            _ => return Err(format!("v{v} is not a uint")),
        },
        Ex::Bin(op, a, b) => {
            let (a, b) = (ex(p, a, s, x)?, ex(p, b, s, x)?);
            match op {
                Op::Add => a.wrapping_add(b),
                Op::Sub => a.wrapping_sub(b),
                Op::Mul => a.wrapping_mul(b),
                Op::Xor => a ^ b,
                Op::And => a & b,
                Op::Or => a | b,
                Op::Shl(k) => a << (*k as u32 % 32),
                Op::Shr(k) => a >> (*k as u32 % 32),
            }
        }
        Ex::Mod(a, m) => ex(p, a, s, x)? % (*m).max(1),
        Ex::Load(q, i) => {
            let ptr = px(p, q, s, x)?;
            let i = ex(p, i, s, x)?;
            let at = offset(p, ptr, i as i64)?;
            read(p, s, x, at)?
        }
        Ex::Deref(q) => {
            let at = offset(p, px(p, q, s, x)?, 0)?;
            read(p, s, x, at)?
        }
        Ex::Call(h, args) => match call(p, *h, args, s, x)? {
            Some(Val::U(u)) => u,
            _ => return Err(format!("h{h} does not return a uint")),
        },
        Ex::IsNull(sp, q) => u32::from(to_named(*sp, px(p, q, s, x)?).is_none()),
        Ex::Select(v) => {
            let (a, b) = (ex(p, &v[0], s, x)?, ex(p, &v[1], s, x)?);
            // Only the chosen operand is evaluated, as C does.
            ex(p, &v[if a < b { 2 } else { 3 }], s, x)?
        }
    })
}

fn to_named(sp: AddrSpace, ptr: Option<Ptr>) -> Option<Ptr> {
    ptr.filter(|q| q.region.space() == sp)
}

pub(crate) fn px(p: &RunProgram, q: &Px, s: &mut State, x: usize) -> R<Option<Ptr>> {
    Ok(match q {
        Px::Base(r) => Some(Ptr { region: *r, off: 0 }),
        Px::Mine => Some(Ptr {
            region: Region::Out,
            off: (s.items[x].gid * p.slots) as i64,
        }),
        Px::Var(v) => match var(s, x, *v)? {
            Val::P(ptr) => *ptr,
            _ => return Err(format!("p{v} is not a pointer")),
        },
        Px::Add(q, i) => {
            let ptr = px(p, q, s, x)?;
            let i = ex(p, i, s, x)?;
            Some(offset(p, ptr, i as i64)?)
        }
        Px::Field(v, f) => match var(s, x, *v)? {
            Val::S(fs) => *fs.get(*f).ok_or(format!("s{v} has no field {f}"))?,
            _ => return Err(format!("s{v} is not a struct")),
        },
        Px::Call(h, args) => match call(p, *h, args, s, x)? {
            Some(Val::P(ptr)) => ptr,
            _ => return Err(format!("h{h} does not return a pointer")),
        },
        Px::ToNamed(sp, q) => to_named(*sp, px(p, q, s, x)?),
    })
}

fn call(p: &RunProgram, h: usize, args: &[Arg], s: &mut State, x: usize) -> R<Option<Val>> {
    let helper = *p.helpers.get(h).ok_or(format!("no helper h{h}"))?;
    let mut ptrs = Vec::new();
    let mut nums = Vec::new();
    for a in args {
        match a {
            Arg::E(e) => nums.push(ex(p, e, s, x)?),
            Arg::P(q) => ptrs.push(px(p, q, s, x)?),
        }
    }
    let want = helper.params();
    let np = want.iter().filter(|w| w.is_some()).count();
    if ptrs.len() != np || nums.len() != want.len() - np {
        return Err(format!("h{h} called with the wrong arguments"));
    }
    Ok(match helper {
        Helper::Load(_) => {
            let at = offset(p, ptrs[0], nums[0] as i64)?;
            Some(Val::U(read(p, s, x, at)?))
        }
        Helper::Advance(_) => Some(Val::P(Some(offset(p, ptrs[0], nums[0] as i64)?))),
        Helper::Store(_) => {
            let at = offset(p, ptrs[0], 0)?;
            write(p, s, x, at, nums[0])?;
            None
        }
        Helper::Pick(_) => Some(Val::P(if nums[0] & 1 != 0 { ptrs[0] } else { ptrs[1] })),
        Helper::Mix(..) => {
            let a = read(p, s, x, offset(p, ptrs[0], 0)?)?;
            let b = read(p, s, x, offset(p, ptrs[1], 0)?)?;
            Some(Val::U(a.wrapping_add(b.wrapping_mul(7))))
        }
    })
}

//! Random run-time programs: kernels whose pointers flow across address spaces (global buffers,
//! a `__local` tile shared through barriers, private arrays, a `__constant` table, program-scope
//! globals where the profile has them, generic pointers and `to_global`/`to_local`/`to_private`
//! where it has the generic space, helpers taking and returning pointers, struct members that
//! are pointers), with the contents of their output buffer known by construction.
//!
//! A [`RunProgram`] is a small tree ([`Stmt`], [`Ex`], [`Px`]) that prints as OpenCL C and that
//! [`eval`] executes for every work-item. The evaluator is also the guard against undefined
//! behaviour: it fails on an access outside an object, a write to another work-item's slots, a
//! read of an uninitialised `__local` element, or two work-items touching one `__local` element
//! between barriers when one of them writes it. [`gen`] draws a statement, executes it on the
//! state so far, and keeps it only when that succeeds, so every program it returns runs without
//! undefined behaviour, and its expected output is what [`eval`] computed. Arithmetic is on
//! `uint` (wrapping, as C defines it), shifts are by constants below 32, and barriers sit only
//! at the top level of the kernel (uniform control flow).
//!
//! [`gen::emi`] adds equivalence-modulo-inputs variants: blocks under guards that are false at
//! run time (a comparison with a value of the input buffer the host chose), whose bodies touch
//! other spaces freely; the output must not change. [`reduce`] shrinks a program while a
//! predicate holds, recomputing the expectation of every candidate.
//!
//! Architecture invariant: the expectation comes from [`eval`], never from a driver.

mod eval;
mod gen;
mod reduce;

pub use eval::{eval, Outcome};
pub use gen::{emi, seeded};
pub use reduce::reduce;

use checker::spec::{AddrSpace, Feature, Profile, RuleId};
use std::fmt::Write;

/// The objects a pointer can point into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Region {
    /// `global uint *out`: the output buffer, `slots` elements per work-item.
    Out,
    /// `global uint *inp`: the input buffer, one element per work-item, never written.
    Inp,
    /// The `__local` tile: one element per work-item of a group.
    Tile,
    /// `uint priv[N]`: each work-item's private array.
    Priv,
    /// `constant uint table[N]` at program scope.
    Table,
    /// `global uint gv[N]` at program scope (profiles with program-scope globals): the same
    /// layout as `out`.
    Gv,
}

impl Region {
    pub const ALL: [Region; 6] = [
        Region::Out,
        Region::Inp,
        Region::Tile,
        Region::Priv,
        Region::Table,
        Region::Gv,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Region::Out => "out",
            Region::Inp => "inp",
            Region::Tile => "tile",
            Region::Priv => "priv",
            Region::Table => "table",
            Region::Gv => "gv",
        }
    }

    pub fn space(self) -> AddrSpace {
        match self {
            Region::Out | Region::Inp | Region::Gv => AddrSpace::Global,
            Region::Tile => AddrSpace::Local,
            Region::Priv => AddrSpace::Private,
            Region::Table => AddrSpace::Constant,
        }
    }
}

/// Binary operators on `uint`; shifts by a constant below 32.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Xor,
    And,
    Or,
    Shl(u8),
    Shr(u8),
}

/// A `uint` expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ex {
    Lit(u32),
    Gid,
    Lid,
    /// A scalar variable `v<N>`.
    Var(usize),
    Bin(Op, Box<Ex>, Box<Ex>),
    /// `(e % m)`, `m > 0`: how indices are kept inside their object.
    Mod(Box<Ex>, u32),
    /// `p[i]`.
    Load(Box<Px>, Box<Ex>),
    /// `*p`.
    Deref(Box<Px>),
    /// A helper returning `uint`.
    Call(usize, Vec<Arg>),
    /// `(uint)(to_<space>(p) == NULL)` on a generic pointer.
    IsNull(AddrSpace, Box<Px>),
    /// `((a < b) ? c : d)`.
    Select(Box<[Ex; 4]>),
    /// The program-scope `global uint gk` (initialised, read only).
    Gk,
}

/// A pointer expression (to `uint`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Px {
    /// An object's name (`out`, `tile`, ...), which decays to a pointer to its first element.
    Base(Region),
    /// `mine`: `out + gid * slots`, declared in the prologue.
    Mine,
    /// A pointer variable `p<N>`.
    Var(usize),
    /// `(p + i)`.
    Add(Box<Px>, Box<Ex>),
    /// `s<N>.f<K>`.
    Field(usize, usize),
    /// A helper returning a pointer.
    Call(usize, Vec<Arg>),
    /// `to_global(p)`, `to_local(p)`, `to_private(p)` of a generic pointer.
    ToNamed(AddrSpace, Box<Px>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    E(Ex),
    P(Px),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stmt {
    /// `uint v<N> = e;`
    Scalar(usize, Ex),
    /// `SPACE uint *p<N> = p;`
    Ptr(usize, AddrSpace, Px),
    /// `P s<N> = { ... };` with one pointer per field of the struct type.
    Struct(usize, Vec<Px>),
    /// `v<N> = e;`
    Set(usize, Ex),
    /// `p[i] = e;`
    Store(Px, Ex, Ex),
    /// A helper returning `void`.
    Call(usize, Vec<Arg>),
    /// `barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);` (top level only).
    Barrier,
    /// `if (c) { ... }`: `c` is nonzero.
    If(Ex, Vec<Stmt>),
    /// `for (uint v<N> = 0; v<N> < n; v<N>++) { ... }`
    For(usize, u32, Vec<Stmt>),
}

/// What a helper does; `a`, `b` are the spaces of its pointer parameters (and of the pointer
/// it returns), `Generic` printing as no qualifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Helper {
    /// `uint h(A uint *p, uint k) { return p[k]; }`
    Load(AddrSpace),
    /// `A uint *h(A uint *p, uint k) { return p + k; }`
    Advance(AddrSpace),
    /// `void h(A uint *p, uint v) { *p = v; }`
    Store(AddrSpace),
    /// `A uint *h(A uint *a, A uint *b, uint c) { return (c & 1u) ? a : b; }`
    Pick(AddrSpace),
    /// `uint h(A uint *a, B uint *b) { return *a + *b * 7u; }`
    Mix(AddrSpace, AddrSpace),
}

impl Helper {
    /// The parameters: `Some(space)` for a pointer, `None` for a `uint`.
    pub fn params(self) -> Vec<Option<AddrSpace>> {
        match self {
            Helper::Load(a) | Helper::Advance(a) | Helper::Store(a) => vec![Some(a), None],
            Helper::Pick(a) => vec![Some(a), Some(a), None],
            Helper::Mix(a, b) => vec![Some(a), Some(b)],
        }
    }

    /// `Load(global)`, `Mix(local, generic)`.
    pub fn describe(self) -> String {
        let name = |s: AddrSpace| s.name();
        match self {
            Helper::Load(a) => format!("Load({})", name(a)),
            Helper::Advance(a) => format!("Advance({})", name(a)),
            Helper::Store(a) => format!("Store({})", name(a)),
            Helper::Pick(a) => format!("Pick({})", name(a)),
            Helper::Mix(a, b) => format!("Mix({}, {})", name(a), name(b)),
        }
    }

    /// `Some(Some(space))` returns a pointer, `Some(None)` a `uint`, `None` nothing.
    pub fn returns(self) -> Option<Option<AddrSpace>> {
        match self {
            Helper::Load(_) | Helper::Mix(..) => Some(None),
            Helper::Advance(a) | Helper::Pick(a) => Some(Some(a)),
            Helper::Store(_) => None,
        }
    }
}

/// A random run-time program and its launch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunProgram {
    pub profile: Profile,
    /// Work-items per group (the tile's length) and groups.
    pub local: u32,
    pub groups: u32,
    /// Elements of `out` (and `gv`) per work-item.
    pub slots: u32,
    /// `inp[i] = (i * in_mul + in_add) % 1000`.
    pub in_mul: u32,
    pub in_add: u32,
    /// The `__constant` table (empty: none).
    pub table: Vec<u32>,
    /// The private array's initial contents.
    pub priv_init: Vec<u32>,
    /// `gv` and `gk` at program scope (profiles with program-scope globals).
    pub globals: bool,
    pub gk: u32,
    /// The tile is a `local uint *tile` kernel argument rather than a kernel-scope array.
    pub tile_arg: bool,
    /// The pointer fields of the struct type `P` (empty: no struct).
    pub fields: Vec<AddrSpace>,
    pub helpers: Vec<Helper>,
    pub body: Vec<Stmt>,
    /// The next unused variable number.
    pub next_var: usize,
}

/// The address-space qualifier as written before `uint *` (nothing for generic).
pub fn qual(s: AddrSpace) -> &'static str {
    match s {
        AddrSpace::Global => "global ",
        AddrSpace::Local => "local ",
        AddrSpace::Constant => "constant ",
        AddrSpace::Private => "private ",
        AddrSpace::Generic => "",
    }
}

/// Whether a pointer to `from` converts implicitly to a pointer to `to`.
pub fn converts(from: AddrSpace, to: AddrSpace) -> bool {
    from == to || (to == AddrSpace::Generic && from != AddrSpace::Constant)
}

impl RunProgram {
    pub fn work_items(&self) -> u32 {
        self.local * self.groups
    }

    pub fn generic(&self) -> bool {
        self.profile.has(Feature::GenericAddressSpace)
    }

    pub fn input(&self, i: u32) -> u32 {
        (i * self.in_mul + self.in_add) % 1000
    }

    /// The kernel source.
    pub fn source(&self) -> String {
        let mut s = String::new();
        let used = self.used_helpers();
        if !self.fields.is_empty() && self.uses_struct() {
            s.push_str("typedef struct {\n");
            for (i, f) in self.fields.iter().enumerate() {
                let _ = writeln!(s, "    {}uint *f{i};", qual(*f));
            }
            s.push_str("} P;\n\n");
        }
        let uses = |r: Region| self.uses_region(r);
        if !self.table.is_empty() && uses(Region::Table) {
            let vals: Vec<String> = self.table.iter().map(|v| format!("{v}u")).collect();
            let _ = writeln!(
                s,
                "constant uint table[{}] = {{ {} }};\n",
                self.table.len(),
                vals.join(", ")
            );
        }
        if self.globals && (uses(Region::Gv) || self.uses(|n| matches!(n, Node::Gk))) {
            let _ = writeln!(
                s,
                "global uint gv[{}];\nglobal uint gk = {}u;\n",
                self.work_items() * self.slots,
                self.gk
            );
        }
        for (i, h) in self.helpers.iter().enumerate() {
            if used[i] {
                s.push_str(&helper_text(i, *h));
            }
        }
        let tile_param = if self.tile_arg {
            ", local uint *tile"
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "kernel void k(global uint *out, global uint *inp{tile_param})\n{{"
        );
        // The prologue's names, where the body uses them (`mine` needs `gid`).
        let mine = self.uses(|n| matches!(n, Node::Mine));
        if mine || self.uses(|n| matches!(n, Node::Gid)) {
            let _ = writeln!(s, "    uint gid = (uint)get_global_id(0);");
        }
        if self.uses(|n| matches!(n, Node::Lid)) {
            let _ = writeln!(s, "    uint lid = (uint)get_local_id(0);");
        }
        if mine {
            let _ = writeln!(s, "    global uint *mine = out + gid * {}u;", self.slots);
        }
        if !self.tile_arg && uses(Region::Tile) {
            let _ = writeln!(s, "    local uint tile[{}];", self.local);
        }
        if uses(Region::Priv) {
            let vals: Vec<String> = self.priv_init.iter().map(|v| format!("{v}u")).collect();
            let _ = writeln!(
                s,
                "    uint priv[{}] = {{ {} }};",
                self.priv_init.len(),
                vals.join(", ")
            );
        }
        for st in &self.body {
            stmt_text(&mut s, st, 1);
        }
        s.push_str("}\n");
        s
    }

    /// Which helpers the body calls (directly; helpers call nothing).
    fn used_helpers(&self) -> Vec<bool> {
        let mut used = vec![false; self.helpers.len()];
        walk_stmts(&self.body, &mut |n| {
            if let Node::Call(h) = n {
                if let Some(u) = used.get_mut(h) {
                    *u = true;
                }
            }
        });
        used
    }

    fn uses_struct(&self) -> bool {
        let mut any = false;
        walk_stmts(&self.body, &mut |n| any |= matches!(n, Node::Struct));
        any
    }

    fn uses_region(&self, r: Region) -> bool {
        let mut any = false;
        walk_stmts(&self.body, &mut |n| {
            any |= matches!(n, Node::Region(x) if x == r)
        });
        any
    }

    /// What the kernel does, in words (the objects it touches besides its own slots, the
    /// conversions and helpers it uses): what a class of findings shares.
    pub fn constructs(&self) -> String {
        let mut seen: Vec<String> = Vec::new();
        let mut add = |s: String| {
            if !seen.contains(&s) {
                seen.push(s);
            }
        };
        let mut nodes = Vec::new();
        walk_stmts(&self.body, &mut |n| nodes.push(n));
        for n in nodes {
            match n {
                Node::Region(Region::Out | Region::Inp) => {}
                Node::Region(r) => add(format!("{} {}", qual(r.space()).trim(), r.name())),
                Node::Gk => add("global gk".into()),
                Node::Struct => add("struct of pointers".into()),
                Node::ToNamed(sp) => add(format!("to_{}", sp.name())),
                Node::Call(h) => {
                    if let Some(h) = self.helpers.get(h) {
                        add(format!("helper {}", h.describe()))
                    }
                }
                Node::Barrier => add("barrier".into()),
                Node::Loop => add("loop".into()),
                Node::Generic => add("generic pointer".into()),
                Node::Gid | Node::Lid | Node::Mine => {}
            }
        }
        if seen.is_empty() {
            "plain stores".into()
        } else {
            seen.join(", ")
        }
    }

    /// Whether the program calls `to_global`, `to_local` or `to_private`: whose results on a
    /// pointer into another space (NULL) drivers are known to get wrong, so the fuzzer caps
    /// those findings apart from the rest.
    pub fn uses_to_named(&self) -> bool {
        self.uses(|n| matches!(n, Node::ToNamed(_)))
    }

    fn uses(&self, what: fn(&Node) -> bool) -> bool {
        let mut any = false;
        walk_stmts(&self.body, &mut |n| any |= what(&n));
        any
    }

    /// The run-time rules the program exercises, for the case's `//@ rules:` line.
    pub fn rules(&self) -> Vec<RuleId> {
        let mut r = vec![RuleId::PrivateIsolation, RuleId::LocalPerGroup];
        if self.uses(|n| matches!(n, Node::Region(Region::Table))) {
            r.push(RuleId::ConstantReadable);
        }
        if self.globals && self.uses(|n| matches!(n, Node::Region(Region::Gv) | Node::Gk)) {
            r.push(RuleId::GlobalInitValue);
        }
        if self.generic() {
            r.push(RuleId::GenericDeref);
            if self.uses(|n| matches!(n, Node::ToNamed(_))) {
                r.push(RuleId::ToNamedResult);
            }
        }
        r
    }

    /// The program as a run-time suite case, expecting `out` to hold `expected`.
    pub fn case_text(&self, header: &str, expected: &[u32]) -> String {
        let rules: Vec<&str> = self.rules().iter().map(|r| r.code()).collect();
        let n = self.work_items();
        let mut s = String::new();
        for l in header.lines() {
            let _ = writeln!(s, "// {l}");
        }
        let _ = writeln!(s, "//@ rules: {}", rules.join(" "));
        let _ = writeln!(s, "//@ profiles: {}", self.profile);
        let _ = writeln!(s, "//@ kind: run");
        let _ = writeln!(s, "//@ launch: k {n}/{}", self.local);
        let _ = writeln!(s, "//@ arg: buffer uint[{}] out", n * self.slots);
        let _ = writeln!(
            s,
            "//@ arg: buffer uint[{n}] inp = (i * {} + {}) % 1000",
            self.in_mul, self.in_add
        );
        if self.tile_arg {
            let _ = writeln!(s, "//@ arg: local {}", self.local * 4);
        }
        let vals: Vec<String> = expected.iter().map(|v| v.to_string()).collect();
        let _ = writeln!(s, "//@ expect: out == {{{}}}\n", vals.join(", "));
        s.push_str(&self.source());
        s
    }
}

fn helper_text(i: usize, h: Helper) -> String {
    match h {
        Helper::Load(a) => format!(
            "uint h{i}({}uint *p, uint k)\n{{\n    return p[k];\n}}\n\n",
            qual(a)
        ),
        Helper::Advance(a) => format!(
            "{q}uint *h{i}({q}uint *p, uint k)\n{{\n    return p + k;\n}}\n\n",
            q = qual(a)
        ),
        Helper::Store(a) => format!(
            "void h{i}({}uint *p, uint v)\n{{\n    *p = v;\n}}\n\n",
            qual(a)
        ),
        Helper::Pick(a) => format!(
            "{q}uint *h{i}({q}uint *a, {q}uint *b, uint c)\n{{\n    return (c & 1u) ? a : b;\n}}\n\n",
            q = qual(a)
        ),
        Helper::Mix(a, b) => format!(
            "uint h{i}({}uint *a, {}uint *b)\n{{\n    return *a + *b * 7u;\n}}\n\n",
            qual(a),
            qual(b)
        ),
    }
}

fn stmt_text(s: &mut String, st: &Stmt, depth: usize) {
    let pad = "    ".repeat(depth);
    match st {
        Stmt::Scalar(v, e) => {
            let _ = writeln!(s, "{pad}uint v{v} = {};", ex_text(e));
        }
        Stmt::Ptr(v, sp, p) => {
            let _ = writeln!(s, "{pad}{}uint *p{v} = {};", qual(*sp), px_text(p));
        }
        Stmt::Struct(v, ps) => {
            let ps: Vec<String> = ps.iter().map(px_text).collect();
            let _ = writeln!(s, "{pad}P s{v} = {{ {} }};", ps.join(", "));
        }
        Stmt::Set(v, e) => {
            let _ = writeln!(s, "{pad}v{v} = {};", ex_text(e));
        }
        Stmt::Store(p, i, e) => {
            let _ = writeln!(s, "{pad}{}[{}] = {};", px_text(p), ex_text(i), ex_text(e));
        }
        Stmt::Call(h, args) => {
            let _ = writeln!(s, "{pad}h{h}({});", args_text(args));
        }
        Stmt::Barrier => {
            let _ = writeln!(
                s,
                "{pad}barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);"
            );
        }
        Stmt::If(c, body) => {
            let _ = writeln!(s, "{pad}if ({}) {{", ex_text(c));
            for b in body {
                stmt_text(s, b, depth + 1);
            }
            let _ = writeln!(s, "{pad}}}");
        }
        Stmt::For(v, n, body) => {
            let _ = writeln!(s, "{pad}for (uint v{v} = 0u; v{v} < {n}u; v{v}++) {{");
            for b in body {
                stmt_text(s, b, depth + 1);
            }
            let _ = writeln!(s, "{pad}}}");
        }
    }
}

fn args_text(args: &[Arg]) -> String {
    args.iter()
        .map(|a| match a {
            Arg::E(e) => ex_text(e),
            Arg::P(p) => px_text(p),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn ex_text(e: &Ex) -> String {
    match e {
        Ex::Lit(v) => format!("{v}u"),
        Ex::Gid => "gid".into(),
        Ex::Lid => "lid".into(),
        Ex::Var(v) => format!("v{v}"),
        Ex::Bin(op, a, b) => {
            let (a, b) = (ex_text(a), ex_text(b));
            match op {
                Op::Add => format!("({a} + {b})"),
                Op::Sub => format!("({a} - {b})"),
                Op::Mul => format!("({a} * {b})"),
                Op::Xor => format!("({a} ^ {b})"),
                Op::And => format!("({a} & {b})"),
                Op::Or => format!("({a} | {b})"),
                Op::Shl(k) => format!("({a} << {k}u)"),
                Op::Shr(k) => format!("({a} >> {k}u)"),
            }
        }
        Ex::Mod(a, m) => format!("({} % {m}u)", ex_text(a)),
        Ex::Load(p, i) => format!("{}[{}]", px_text(p), ex_text(i)),
        Ex::Deref(p) => format!("(*{})", px_text(p)),
        Ex::Call(h, args) => format!("h{h}({})", args_text(args)),
        Ex::IsNull(sp, p) => format!("(uint)(to_{}({}) == NULL)", sp.name(), px_text(p)),
        Ex::Select(x) => format!(
            "(({} < {}) ? {} : {})",
            ex_text(&x[0]),
            ex_text(&x[1]),
            ex_text(&x[2]),
            ex_text(&x[3])
        ),
        Ex::Gk => "gk".into(),
    }
}

fn px_text(p: &Px) -> String {
    match p {
        Px::Base(r) => r.name().into(),
        Px::Mine => "mine".into(),
        Px::Var(v) => format!("p{v}"),
        Px::Add(p, i) => format!("({} + {})", px_text(p), ex_text(i)),
        Px::Field(s, f) => format!("s{s}.f{f}"),
        Px::Call(h, args) => format!("h{h}({})", args_text(args)),
        Px::ToNamed(sp, p) => format!("to_{}({})", sp.name(), px_text(p)),
    }
}

/// What [`walk_stmts`] reports.
enum Node {
    Call(usize),
    Region(Region),
    Struct,
    ToNamed(AddrSpace),
    Gk,
    Barrier,
    Loop,
    /// A generic pointer variable.
    Generic,
    Gid,
    Lid,
    Mine,
}

fn walk_stmts(body: &[Stmt], f: &mut impl FnMut(Node)) {
    for s in body {
        match s {
            Stmt::Scalar(_, e) | Stmt::Set(_, e) => walk_ex(e, f),
            Stmt::Ptr(_, sp, p) => {
                if *sp == AddrSpace::Generic {
                    f(Node::Generic);
                }
                walk_px(p, f)
            }
            Stmt::Struct(_, ps) => {
                f(Node::Struct);
                ps.iter().for_each(|p| walk_px(p, f));
            }
            Stmt::Store(p, i, e) => {
                walk_px(p, f);
                walk_ex(i, f);
                walk_ex(e, f);
            }
            Stmt::Call(h, args) => {
                f(Node::Call(*h));
                walk_args(args, f);
            }
            Stmt::Barrier => f(Node::Barrier),
            Stmt::If(c, b) => {
                walk_ex(c, f);
                walk_stmts(b, f);
            }
            Stmt::For(_, _, b) => {
                f(Node::Loop);
                walk_stmts(b, f)
            }
        }
    }
}

fn walk_args(args: &[Arg], f: &mut impl FnMut(Node)) {
    for a in args {
        match a {
            Arg::E(e) => walk_ex(e, f),
            Arg::P(p) => walk_px(p, f),
        }
    }
}

fn walk_ex(e: &Ex, f: &mut impl FnMut(Node)) {
    match e {
        Ex::Gid => f(Node::Gid),
        Ex::Lid => f(Node::Lid),
        Ex::Lit(_) | Ex::Var(_) => {}
        Ex::Gk => f(Node::Gk),
        Ex::Bin(_, a, b) => {
            walk_ex(a, f);
            walk_ex(b, f);
        }
        Ex::Mod(a, _) => walk_ex(a, f),
        Ex::Load(p, i) => {
            walk_px(p, f);
            walk_ex(i, f);
        }
        Ex::Deref(p) => walk_px(p, f),
        Ex::Call(h, args) => {
            f(Node::Call(*h));
            walk_args(args, f);
        }
        Ex::IsNull(sp, p) => {
            f(Node::ToNamed(*sp));
            walk_px(p, f);
        }
        Ex::Select(x) => x.iter().for_each(|e| walk_ex(e, f)),
    }
}

fn walk_px(p: &Px, f: &mut impl FnMut(Node)) {
    match p {
        Px::Base(r) => f(Node::Region(*r)),
        Px::Mine => f(Node::Mine),
        Px::Var(_) | Px::Field(..) => {}
        Px::Add(p, i) => {
            walk_px(p, f);
            walk_ex(i, f);
        }
        Px::Call(h, args) => {
            f(Node::Call(*h));
            walk_args(args, f);
        }
        Px::ToNamed(sp, p) => {
            f(Node::ToNamed(*sp));
            walk_px(p, f);
        }
    }
}

impl RunProgram {
    /// Whether every variable is used only where it is declared (reduction may remove a
    /// declaration; code under a false guard is never executed, so the evaluator cannot tell).
    pub fn well_scoped(&self) -> bool {
        fn block(body: &[Stmt], scope: &mut Vec<usize>) -> bool {
            let mark = scope.len();
            let ok = body.iter().all(|s| stmt(s, scope));
            scope.truncate(mark);
            ok
        }
        fn stmt(s: &Stmt, scope: &mut Vec<usize>) -> bool {
            let mut used = Vec::new();
            let ok = match s {
                Stmt::Scalar(v, e) => {
                    uses_ex(e, &mut used);
                    scope.push(*v);
                    true
                }
                Stmt::Ptr(v, _, q) => {
                    uses_px(q, &mut used);
                    scope.push(*v);
                    true
                }
                Stmt::Struct(v, qs) => {
                    qs.iter().for_each(|q| uses_px(q, &mut used));
                    scope.push(*v);
                    true
                }
                Stmt::Set(v, e) => {
                    used.push(*v);
                    uses_ex(e, &mut used);
                    true
                }
                Stmt::Store(q, i, e) => {
                    uses_px(q, &mut used);
                    uses_ex(i, &mut used);
                    uses_ex(e, &mut used);
                    true
                }
                Stmt::Call(_, args) => {
                    uses_args(args, &mut used);
                    true
                }
                Stmt::Barrier => true,
                Stmt::If(c, b) => {
                    uses_ex(c, &mut used);
                    block(b, scope)
                }
                Stmt::For(v, _, b) => {
                    scope.push(*v);
                    let ok = block(b, scope);
                    scope.pop();
                    ok
                }
            };
            // A declaration's own name is not in scope in its initialiser.
            let visible = match s {
                Stmt::Scalar(..) | Stmt::Ptr(..) | Stmt::Struct(..) => &scope[..scope.len() - 1],
                _ => &scope[..],
            };
            ok && used.iter().all(|u| visible.contains(u))
        }
        fn uses_args(args: &[Arg], out: &mut Vec<usize>) {
            for a in args {
                match a {
                    Arg::E(e) => uses_ex(e, out),
                    Arg::P(p) => uses_px(p, out),
                }
            }
        }
        fn uses_ex(e: &Ex, out: &mut Vec<usize>) {
            match e {
                Ex::Var(v) => out.push(*v),
                Ex::Lit(_) | Ex::Gid | Ex::Lid | Ex::Gk => {}
                Ex::Bin(_, a, b) => {
                    uses_ex(a, out);
                    uses_ex(b, out);
                }
                Ex::Mod(a, _) => uses_ex(a, out),
                Ex::Load(p, i) => {
                    uses_px(p, out);
                    uses_ex(i, out);
                }
                Ex::Deref(p) | Ex::IsNull(_, p) => uses_px(p, out),
                Ex::Call(_, args) => uses_args(args, out),
                Ex::Select(x) => x.iter().for_each(|e| uses_ex(e, out)),
            }
        }
        fn uses_px(p: &Px, out: &mut Vec<usize>) {
            match p {
                Px::Var(v) | Px::Field(v, _) => out.push(*v),
                Px::Base(_) | Px::Mine => {}
                Px::Add(p, i) => {
                    uses_px(p, out);
                    uses_ex(i, out);
                }
                Px::Call(_, args) => uses_args(args, out),
                Px::ToNamed(_, p) => uses_px(p, out),
            }
        }
        block(&self.body, &mut Vec::new())
    }

    /// `Ok` when clasp's checker reports nothing on the source in the program's profile;
    /// otherwise its diagnostics, one per line.
    pub fn checker_clean(&self) -> Result<(), String> {
        let src = self.source();
        let opts = checker::Options::default();
        let (sources, diags) = checker::check_source("run.cl", &src, self.profile, &opts);
        if diags.is_empty() {
            return Ok(());
        }
        Err(checker::in_main_file(&sources, &diags)
            .iter()
            .map(|(l, c)| format!("line {l}: {c}"))
            .collect::<Vec<_>>()
            .join("\n"))
    }
}

//! Types as semantic analysis sees them: C types with an address space on every pointee level.
//!
//! Only what the address-space rules need is modelled. Arithmetic types (scalars and vectors)
//! are one kind, since no rule depends on their width; anything clasp does not model is
//! [`Ty::Unknown`], which never produces a diagnostic.
//!
//! Types live in one table per check ([`Types`]) and are named by a [`TyId`]: each type is
//! built once and equal types have equal ids, so a qualified type ([`QTy`]) is a small `Copy`
//! value that expressions, symbols and records pass around without allocating.

use crate::spec::AddrSpace;
use crate::token::FxHashMap;

/// The OpenCL opaque types (OpenCL C table 6.3 and its 2.0 additions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opaque {
    Image,
    Sampler,
    Event,
    /// `queue_t`, `clk_event_t`, `ndrange_t`, `reserve_id_t`, pipes.
    Other,
}

/// A type in the [`Types`] table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TyId(u32);

impl TyId {
    pub const VOID: TyId = TyId(0);
    pub const ARITH: TyId = TyId(1);
    pub const UNKNOWN: TyId = TyId(2);
    pub const IMAGE: TyId = TyId(3);
    pub const SAMPLER: TyId = TyId(4);
    pub const EVENT: TyId = TyId(5);
    pub const OTHER_OPAQUE: TyId = TyId(6);
    pub const ATOMIC: TyId = TyId(7);
}

/// The types every table starts with, at the ids of the constants above.
const PREDEFINED: [Ty; 8] = [
    Ty::Void,
    Ty::Arith,
    Ty::Unknown,
    Ty::Opaque(Opaque::Image),
    Ty::Opaque(Opaque::Sampler),
    Ty::Opaque(Opaque::Event),
    Ty::Opaque(Opaque::Other),
    Ty::Atomic,
];

/// A function type in the [`Types`] table (function types are never shared).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FuncId(u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Void,
    /// Any scalar or vector arithmetic type.
    Arith,
    Ptr(QTy),
    Array(QTy),
    /// Index into the analysis' record table.
    Record(u32),
    Func(FuncId),
    Opaque(Opaque),
    /// A C++ reference to an object of the given type and space.
    Ref(QTy),
    /// An `atomic_*` type (OpenCL C 2.0): read and written by the atomic functions only.
    Atomic,
    Unknown,
}

impl Ty {
    /// The type as one number, distinct for distinct types (cheaper to hash than the type).
    fn key(self) -> u64 {
        let (tag, payload) = match self {
            Ty::Void => (0, 0),
            Ty::Arith => (1, 0),
            Ty::Ptr(q) => (2, q.key()),
            Ty::Array(q) => (3, q.key()),
            Ty::Record(id) => (4, u64::from(id)),
            Ty::Func(f) => (5, u64::from(f.0)),
            Ty::Opaque(o) => (6, o as u64),
            Ty::Ref(q) => (7, q.key()),
            Ty::Unknown => (8, 0),
            Ty::Atomic => (9, 0),
        };
        (payload << 4) | tag
    }
}

/// A type with the qualifiers of its level: the address space as written (`None` when
/// unqualified; a pointee's is resolved when the pointer is formed) and `const`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QTy {
    pub ty: TyId,
    pub space: Option<AddrSpace>,
    pub konst: bool,
}

impl QTy {
    pub const fn new(ty: TyId) -> QTy {
        QTy {
            ty,
            space: None,
            konst: false,
        }
    }

    pub const fn unknown() -> QTy {
        QTy::new(TyId::UNKNOWN)
    }

    pub const fn arith() -> QTy {
        QTy::new(TyId::ARITH)
    }

    /// The qualified type as one number (see [`Ty::key`]): 36 bits.
    fn key(self) -> u64 {
        let space = self.space.map_or(0, |s| s as u64 + 1);
        (u64::from(self.ty.0) << 4) | (space << 1) | u64::from(self.konst)
    }
}

#[derive(Clone, Copy, Debug)]
pub struct FuncTy {
    pub ret: QTy,
    /// Where the parameters lie (start, count) in the table's list of them; `None` for an
    /// unprototyped declaration `f()` in C99, which accepts anything.
    params: Option<(u32, u32)>,
    pub variadic: bool,
}

/// Every type built during one check.
pub struct Types {
    kinds: Vec<Ty>,
    /// Each type's [`Ty::key`] to its id.
    ids: FxHashMap<u64, TyId>,
    funcs: Vec<FuncTy>,
    /// The parameter lists of all function types, one after another.
    params: Vec<QTy>,
}

impl Default for Types {
    fn default() -> Types {
        let mut types = Types {
            kinds: Vec::new(),
            ids: FxHashMap::default(),
            funcs: Vec::new(),
            params: Vec::new(),
        };
        for ty in PREDEFINED {
            types.intern(ty);
        }
        types
    }
}

impl Types {
    pub fn get(&self, id: TyId) -> Ty {
        self.kinds
            .get(id.0 as usize)
            .copied()
            .unwrap_or(Ty::Unknown)
    }

    /// The id of `ty`, adding it to the table the first time.
    pub fn intern(&mut self, ty: Ty) -> TyId {
        let key = ty.key();
        if let Some(&id) = self.ids.get(&key) {
            return id;
        }
        let id = TyId(self.kinds.len() as u32);
        self.kinds.push(ty);
        self.ids.insert(key, id);
        id
    }

    /// An unqualified pointer to `pointee`, whose space must already be resolved.
    pub fn ptr_to(&mut self, pointee: QTy) -> QTy {
        QTy::new(self.intern(Ty::Ptr(pointee)))
    }

    /// A new function type (`params` is `None` when unprototyped).
    pub fn func(&mut self, ret: QTy, params: Option<&[QTy]>, variadic: bool) -> TyId {
        let params = params.map(|list| {
            let start = self.params.len() as u32;
            self.params.extend_from_slice(list);
            (start, list.len() as u32)
        });
        let id = FuncId(self.funcs.len() as u32);
        self.funcs.push(FuncTy {
            ret,
            params,
            variadic,
        });
        let ty = TyId(self.kinds.len() as u32);
        self.kinds.push(Ty::Func(id));
        ty
    }

    /// The parameters of a prototyped function type.
    fn params(&self, f: &FuncTy) -> Option<&[QTy]> {
        let (start, len) = f.params?;
        self.params.get(start as usize..(start + len) as usize)
    }

    /// Parameter `i` of a prototyped function type.
    pub fn param(&self, f: &FuncTy, i: usize) -> Option<QTy> {
        self.params(f)?.get(i).copied()
    }

    /// The function type `id` is, if it is one.
    pub fn as_func(&self, id: TyId) -> Option<FuncTy> {
        match self.get(id) {
            Ty::Func(f) => self.funcs.get(f.0 as usize).copied(),
            _ => None,
        }
    }

    /// The pointee of a pointer, or the element an array decays to a pointer to.
    pub fn pointee(&self, id: TyId) -> Option<QTy> {
        match self.get(id) {
            Ty::Ptr(q) | Ty::Array(q) => Some(q),
            _ => None,
        }
    }

    pub fn is_ptr(&self, id: TyId) -> bool {
        matches!(self.get(id), Ty::Ptr(_))
    }

    pub fn is_pointer_like(&self, id: TyId) -> bool {
        matches!(self.get(id), Ty::Ptr(_) | Ty::Array(_))
    }

    /// The address spaces of each pointee level of a pointer (or array), outermost first.
    pub fn pointee_chain(&self, id: TyId) -> Chain {
        match self.pointee(id) {
            Some(first) => self.chain_from(first),
            None => Chain::default(),
        }
    }

    /// The pointee chain (see `conv`) of a pointer to `first`. Levels whose space is
    /// unresolved stop the chain: their type is not fully known.
    pub fn chain_from(&self, first: QTy) -> Chain {
        let mut chain = Chain::default();
        let mut level = first;
        while let Some(space) = level.space {
            chain.push(space);
            match self.get(level.ty) {
                Ty::Ptr(next) => level = next,
                _ => break,
            }
        }
        chain
    }

    /// The opaque type of an object, or of the elements of an array of them.
    pub fn opaque(&self, id: TyId) -> Option<Opaque> {
        let mut ty = self.get(id);
        loop {
            match ty {
                Ty::Opaque(o) => return Some(o),
                Ty::Array(q) => ty = self.get(q.ty),
                _ => return None,
            }
        }
    }
}

/// The pointee levels kept inline: deeper chains (rare) spill to the heap.
const INLINE_LEVELS: usize = 8;

/// A pointee chain: the address spaces of each pointee level, outermost first.
#[derive(Clone, Debug)]
pub struct Chain {
    inline: [AddrSpace; INLINE_LEVELS],
    len: usize,
    spilled: Vec<AddrSpace>,
}

impl Default for Chain {
    fn default() -> Chain {
        Chain {
            inline: [AddrSpace::Private; INLINE_LEVELS],
            len: 0,
            spilled: Vec::new(),
        }
    }
}

impl Chain {
    fn push(&mut self, space: AddrSpace) {
        if self.spilled.is_empty() && self.len < INLINE_LEVELS {
            self.inline[self.len] = space;
            self.len += 1;
            return;
        }
        if self.spilled.is_empty() {
            self.spilled.extend_from_slice(&self.inline);
        }
        self.spilled.push(space);
    }
}

impl std::ops::Deref for Chain {
    type Target = [AddrSpace];

    fn deref(&self) -> &[AddrSpace] {
        if self.spilled.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spilled
        }
    }
}

/// Classifies a predeclared OpenCL type name.
pub fn builtin_type(name: &str) -> TyId {
    if name.starts_with("image") && name.ends_with("_t") {
        return TyId::IMAGE;
    }
    match name {
        "sampler_t" => TyId::SAMPLER,
        "event_t" => TyId::EVENT,
        "queue_t" | "clk_event_t" | "ndrange_t" | "reserve_id_t" => TyId::OTHER_OPAQUE,
        _ if name.starts_with("atomic_") => TyId::ATOMIC,
        _ => TyId::ARITH,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use AddrSpace::*;

    #[test]
    fn equal_types_share_an_id() {
        let mut t = Types::default();
        let g = QTy {
            space: Some(Global),
            ..QTy::arith()
        };
        assert_eq!(t.ptr_to(g), t.ptr_to(g));
        assert_ne!(t.ptr_to(g).ty, t.ptr_to(QTy::arith()).ty);
        assert_eq!(t.intern(Ty::Void), TyId::VOID);
        assert_eq!(t.intern(Ty::Opaque(Opaque::Event)), TyId::EVENT);
    }

    #[test]
    fn chains_stop_at_an_unresolved_level_and_spill_when_deep() {
        let mut t = Types::default();
        let mut q = QTy {
            space: Some(Global),
            ..QTy::arith()
        };
        for _ in 0..20 {
            q = QTy {
                space: Some(Local),
                ..t.ptr_to(q)
            };
        }
        let p = t.ptr_to(q);
        let chain = t.pointee_chain(p.ty);
        assert_eq!(chain.len(), 21);
        assert_eq!(chain[0], Local);
        assert_eq!(chain[20], Global);
        let unresolved = t.ptr_to(QTy::arith());
        assert!(t.pointee_chain(unresolved.ty).is_empty());
    }
}

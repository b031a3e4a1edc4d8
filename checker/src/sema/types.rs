//! Types as semantic analysis sees them: C types with an address space on every pointee level.
//!
//! Only what the address-space rules need is modelled. Arithmetic types (scalars and vectors)
//! are one kind, since no rule depends on their width; anything clasp does not model is
//! [`Ty::Unknown`], which never produces a diagnostic.

use crate::spec::AddrSpace;
use std::rc::Rc;

/// The OpenCL opaque types (OpenCL C table 6.3 and its 2.0 additions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opaque {
    Image,
    Sampler,
    Event,
    /// `queue_t`, `clk_event_t`, `ndrange_t`, `reserve_id_t`, pipes.
    Other,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    Void,
    /// Any scalar or vector arithmetic type.
    Arith,
    Ptr(Rc<QTy>),
    Array(Rc<QTy>),
    /// Index into the analysis' record table.
    Record(u32),
    Func(Rc<FuncTy>),
    Opaque(Opaque),
    /// A C++ reference to an object of the given type and space.
    Ref(Rc<QTy>),
    Unknown,
}

/// A type with the qualifiers of its level: the address space as written (`None` when
/// unqualified; a pointee's is resolved when the pointer is formed) and `const`.
#[derive(Clone, Debug, PartialEq)]
pub struct QTy {
    pub ty: Ty,
    pub space: Option<AddrSpace>,
    pub konst: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FuncTy {
    pub ret: QTy,
    /// `None` for an unprototyped declaration `f()` in C99, which accepts anything.
    pub params: Option<Vec<QTy>>,
    pub variadic: bool,
}

impl QTy {
    pub fn new(ty: Ty) -> QTy {
        QTy {
            ty,
            space: None,
            konst: false,
        }
    }

    pub fn unknown() -> QTy {
        QTy::new(Ty::Unknown)
    }

    pub fn arith() -> QTy {
        QTy::new(Ty::Arith)
    }

    /// A pointer to `pointee`, whose space must already be resolved.
    pub fn ptr_to(pointee: QTy) -> QTy {
        QTy::new(Ty::Ptr(Rc::new(pointee)))
    }
}

impl Ty {
    /// The pointee of a pointer, or the element an array decays to a pointer to.
    pub fn pointee(&self) -> Option<&QTy> {
        match self {
            Ty::Ptr(q) | Ty::Array(q) => Some(q),
            _ => None,
        }
    }

    pub fn is_pointer_like(&self) -> bool {
        matches!(self, Ty::Ptr(_) | Ty::Array(_))
    }

    /// The address spaces of each pointee level, outermost first (see `conv`). Levels whose
    /// space is unresolved stop the chain: their type is not fully known.
    pub fn pointee_chain(&self) -> Vec<AddrSpace> {
        let mut chain = Vec::new();
        let mut ty = self;
        while let Some(q) = ty.pointee() {
            match q.space {
                Some(s) => chain.push(s),
                None => break,
            }
            ty = &q.ty;
            if !matches!(ty, Ty::Ptr(_)) {
                break;
            }
        }
        chain
    }

    /// Whether this is an image type or an array of them.
    pub fn is_opaque(&self, kind: Opaque) -> bool {
        match self {
            Ty::Opaque(o) => *o == kind,
            Ty::Array(q) => q.ty.is_opaque(kind),
            _ => false,
        }
    }

    pub fn opaque(&self) -> Option<Opaque> {
        match self {
            Ty::Opaque(o) => Some(*o),
            Ty::Array(q) => q.ty.opaque(),
            _ => None,
        }
    }
}

/// Classifies a predeclared OpenCL type name.
pub fn builtin_type(name: &str) -> Ty {
    if name.starts_with("image") && name.ends_with("_t") {
        return Ty::Opaque(Opaque::Image);
    }
    match name {
        "sampler_t" => Ty::Opaque(Opaque::Sampler),
        "event_t" => Ty::Opaque(Opaque::Event),
        "queue_t" | "clk_event_t" | "ndrange_t" | "reserve_id_t" => Ty::Opaque(Opaque::Other),
        _ => Ty::Arith,
    }
}

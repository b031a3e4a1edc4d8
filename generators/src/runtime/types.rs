//! The element types of run-time cases: scalars, vectors and structs with padding, with their
//! device layout (for buffers the host fills) and the lanes a kernel writes out one by one.

/// A scalar element type: the run-time case format's own, one list of them in the checker.
pub use checker::case::run::Elem as Scalar;

/// The vector element types: one of each width and signedness family, and the optional
/// floating-point types.
pub const VECTOR_BASES: [Scalar; 8] = [
    Scalar::Char,
    Scalar::Short,
    Scalar::Int,
    Scalar::UInt,
    Scalar::Long,
    Scalar::Float,
    Scalar::Double,
    Scalar::Half,
];

/// An element type of a run-time case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Scalar(Scalar),
    Vector(Scalar, usize),
    /// `struct { char a; int b; short c; }`: 3 bytes of padding after `a`, 2 at the end.
    Padded,
    /// `struct { uchar t; float4 v; ushort s[3]; }`: a vector member aligned to 16 bytes and an
    /// array member, 48 bytes in all.
    Nested,
}

pub const WIDTHS: [usize; 5] = [2, 3, 4, 8, 16];

impl Ty {
    /// Every type: the scalars, the vectors of every width, the two structs.
    pub fn all() -> Vec<Ty> {
        let mut out: Vec<Ty> = Scalar::all().map(Ty::Scalar).collect();
        for s in VECTOR_BASES {
            for n in WIDTHS {
                out.push(Ty::Vector(s, n));
            }
        }
        out.push(Ty::Padded);
        out.push(Ty::Nested);
        out
    }

    /// The type as written in the kernel; structs carry the case's tag.
    pub fn c_name(self, tag: &str) -> String {
        match self {
            Ty::Scalar(s) => s.name().into(),
            Ty::Vector(s, n) => format!("{}{n}", s.name()),
            Ty::Padded => format!("struct padded_{tag}"),
            Ty::Nested => format!("struct nested_{tag}"),
        }
    }

    /// The type in a case name.
    pub fn slug(self) -> String {
        match self {
            Ty::Scalar(s) => s.name().into(),
            Ty::Vector(s, n) => format!("{}{n}", s.name()),
            Ty::Padded => "struct-padded".into(),
            Ty::Nested => "struct-nested".into(),
        }
    }

    /// The struct definition the type needs at file scope.
    pub fn definition(self, tag: &str) -> Option<String> {
        match self {
            Ty::Padded => Some(format!(
                "struct padded_{tag} {{ char a; int b; short c; }};"
            )),
            Ty::Nested => Some(format!(
                "struct nested_{tag} {{ uchar t; float4 v; ushort s[3]; }};"
            )),
            _ => None,
        }
    }

    pub fn extension(self) -> Option<&'static str> {
        match self {
            Ty::Scalar(s) | Ty::Vector(s, _) => s.extension(),
            _ => None,
        }
    }

    /// The lanes a kernel writes out one by one: (member expression, lane type, byte offset).
    pub fn lanes(self) -> Vec<(String, Scalar, usize)> {
        const HEX: &[u8] = b"0123456789abcdef";
        match self {
            Ty::Scalar(s) => vec![(String::new(), s, 0)],
            Ty::Vector(s, n) => (0..n)
                .map(|c| (format!(".s{}", HEX[c] as char), s, c * s.size()))
                .collect(),
            Ty::Padded => vec![
                (".a".into(), Scalar::Char, 0),
                (".b".into(), Scalar::Int, 4),
                (".c".into(), Scalar::Short, 8),
            ],
            Ty::Nested => {
                let mut l = vec![(".t".into(), Scalar::UChar, 0)];
                for c in 0..4 {
                    l.push((format!(".v.s{c}"), Scalar::Float, 16 + 4 * c));
                }
                for c in 0..3 {
                    l.push((format!(".s[{c}]"), Scalar::UShort, 32 + 2 * c));
                }
                l
            }
        }
    }

    /// `sizeof` on the device: a 3-vector takes the room of a 4-vector; structs are padded to
    /// their alignment.
    pub fn size(self) -> usize {
        match self {
            Ty::Scalar(s) => s.size(),
            Ty::Vector(s, 3) => 4 * s.size(),
            Ty::Vector(s, n) => n * s.size(),
            Ty::Padded => 12,
            Ty::Nested => 48,
        }
    }

    pub fn align(self) -> usize {
        match self {
            Ty::Padded => 4,
            Ty::Nested => 16,
            t => t.size(),
        }
    }

    /// The element type of the `out` buffer a kernel writes the lanes to: the scalar itself,
    /// `int` for structs (every member converts to it exactly).
    pub fn out_scalar(self) -> Scalar {
        match self {
            Ty::Scalar(s) | Ty::Vector(s, _) => s,
            Ty::Padded | Ty::Nested => Scalar::Int,
        }
    }

    pub fn is_struct(self) -> bool {
        matches!(self, Ty::Padded | Ty::Nested)
    }

    /// A constant-expression initialiser whose lane `c` holds `value(c)`.
    pub fn literal(self, tag: &str, value: impl Fn(usize) -> String) -> String {
        let lanes = self.lanes();
        let v: Vec<String> = (0..lanes.len()).map(value).collect();
        match self {
            Ty::Scalar(_) => v[0].clone(),
            Ty::Vector(..) => format!("({})({})", self.c_name(tag), v.join(", ")),
            Ty::Padded => format!("{{{}}}", v.join(", ")),
            Ty::Nested => format!(
                "{{{}, (float4)({}), {{{}}}}}",
                v[0],
                v[1..5].join(", "),
                v[5..8].join(", ")
            ),
        }
    }

    /// The host's bytes of `count` elements, element `t` lane `c` holding `value(t, c)`
    /// (padding zero).
    pub fn bytes(self, count: usize, value: impl Fn(usize, usize) -> i64) -> Vec<u8> {
        let mut out = vec![0u8; count * self.size()];
        for t in 0..count {
            for (c, (_, s, off)) in self.lanes().into_iter().enumerate() {
                let mut b = Vec::new();
                s.encode(value(t, c), &mut b);
                let at = t * self.size() + off;
                out[at..at + b.len()].copy_from_slice(&b);
            }
        }
        out
    }

    /// An `arg:` directive for a buffer named `name` holding `count` elements of the type:
    /// scalars of the element type where the layout is a plain array, bytes for structs.
    pub fn buffer_arg(
        self,
        name: &str,
        count: usize,
        value: impl Fn(usize, usize) -> i64,
    ) -> String {
        let list = |v: Vec<i64>| {
            let s: Vec<String> = v.iter().map(i64::to_string).collect();
            s.join(", ")
        };
        match self {
            Ty::Scalar(s) | Ty::Vector(s, _) => {
                let per = self.size() / s.size();
                let lanes = self.lanes().len();
                let vals: Vec<i64> = (0..count * per)
                    .map(|j| {
                        let (t, c) = (j / per, j % per);
                        if c < lanes {
                            value(t, c)
                        } else {
                            0
                        }
                    })
                    .collect();
                format!(
                    "arg: buffer {}[{}] {name} = {{{}}}",
                    s.name(),
                    vals.len(),
                    list(vals)
                )
            }
            Ty::Padded | Ty::Nested => {
                let bytes: Vec<i64> = self
                    .bytes(count, value)
                    .into_iter()
                    .map(i64::from)
                    .collect();
                format!(
                    "arg: buffer uchar[{}] {name} = {{{}}}",
                    bytes.len(),
                    list(bytes)
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn struct_layouts_follow_c_alignment() {
        assert_eq!(
            Ty::Padded.bytes(1, |_, c| c as i64 + 1),
            [1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0]
        );
        let n = Ty::Nested.bytes(2, |t, c| (t * 10 + c) as i64);
        assert_eq!(n.len(), 96);
        assert_eq!(n[48], 10, "the second element starts at 48");
        assert_eq!(&n[16..20], 1f32.to_le_bytes());
        assert_eq!(&n[32..34], 5u16.to_le_bytes());
    }

    #[test]
    fn three_vectors_take_four_lanes() {
        let a = Ty::Vector(Scalar::Int, 3).buffer_arg("b", 2, |t, c| (t * 3 + c) as i64 + 1);
        assert_eq!(a, "arg: buffer int[8] b = {1, 2, 3, 0, 4, 5, 6, 0}");
    }
}

//! Run-time cases: what to launch, with which arguments, and what the buffers must hold after.
//!
//! ```c
//! //@ kind: run
//! //@ launch: fill 64/16                   kernel name, global size [/ local size], "x" for 2-D/3-D
//! //@ arg: buffer int[64] out              a cl_mem of 64 ints, zero-filled
//! //@ arg: buffer int[64] in = i * 2       initial contents as an expression of the index i
//! //@ arg: buffer int[4] c = {1, 2, 3, 4}  or as a list
//! //@ arg: local 256                       clSetKernelArg(256, NULL)
//! //@ arg: local 256 non-null              the same with a non-NULL value (an API error case)
//! //@ arg: scalar int 5                    a by-value argument
//! //@ expect: out[i] == (i / 16) * 100     every element, after all launches
//! //@ expect: out == {0, 1, 2}             or as a list
//! //@ expect-error: build-or-enqueue       the case passes only if this step fails cleanly
//! //@ expect-error: set-arg 1 CL_INVALID_ARG_VALUE   ... and, when named, with this code
//! //@ requires: CL_DEVICE_MAX_CONSTANT_ARGS < 65   otherwise skipped, saying why
//! //@ requires: cl_khr_fp64                  an extension the device must list
//! //@ query: arg-address-qualifier fill 0 == global
//! //@ query: kernel-local-mem-size fill >= 256
//! //@ bind: N = CL_DEVICE_LOCAL_MEM_SIZE + 1     a template, sized by the device (see `template`)
//! ```
//! Every launch gets the same argument list; buffers persist across launches, so a case can
//! show that a program-scope variable keeps its value between kernels.
//!
//! Longer than most files: the run-time directives, their parsing and the checks of their values
//! form one small grammar, kept with its tests.

use super::expr::{parse_int, Expr};
use super::template::Binding;
use crate::spec::AddrSpace;

/// The directive keys a run-time case may use besides the common ones.
pub const DIRECTIVES: &[&str] = &[
    "launch",
    "arg",
    "expect",
    "expect-error",
    "requires",
    "query",
    "bound",
];

/// Largest buffer a case may declare, in bytes, so a case file cannot ask for gigabytes; large
/// enough for a constant buffer of the size a device reports (see [`super::template`]).
pub const MAX_BUFFER_BYTES: usize = 256 << 20;

#[derive(Debug, Clone, PartialEq)]
pub struct RunSpec {
    pub launches: Vec<Launch>,
    pub args: Vec<Arg>,
    pub expects: Vec<BufferExpect>,
    pub expect_error: Option<ExpectError>,
    /// The error code the failing step must return, when `expect-error` names one
    /// (`expect-error: set-arg 1 CL_INVALID_ARG_VALUE`).
    pub expect_code: Option<String>,
    pub requires: Vec<Requirement>,
    /// Extensions the device must report (`requires: cl_khr_fp64`), or the case is skipped.
    pub extensions: Vec<String>,
    pub queries: Vec<Query>,
    /// A template's device queries (`//@ bind:`, see [`super::template`]): the worker expands
    /// the case with its device's answers before it runs. Empty for an ordinary case.
    pub binds: Vec<Binding>,
    /// What an expanded template's queries were bound to (`//@ bound: N = ... = 129`).
    pub bound: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Launch {
    pub kernel: String,
    pub global: Vec<usize>,
    pub local: Option<Vec<usize>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Elem {
    Char,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    Float,
    /// Needs `requires: cl_khr_fp64` on devices without it.
    Double,
    /// Needs `requires: cl_khr_fp16`.
    Half,
}

impl Elem {
    const ALL: [(&'static str, Elem); 11] = [
        ("char", Elem::Char),
        ("uchar", Elem::UChar),
        ("short", Elem::Short),
        ("ushort", Elem::UShort),
        ("int", Elem::Int),
        ("uint", Elem::UInt),
        ("long", Elem::Long),
        ("ulong", Elem::ULong),
        ("float", Elem::Float),
        ("double", Elem::Double),
        ("half", Elem::Half),
    ];

    fn parse(word: &str) -> Result<Elem, String> {
        Elem::ALL
            .iter()
            .find(|(n, _)| *n == word)
            .map(|(_, e)| *e)
            .ok_or_else(|| {
                let names: Vec<&str> = Elem::ALL.iter().map(|(n, _)| *n).collect();
                format!(
                    "unknown element type `{word}`: expected one of {}",
                    names.join(", ")
                )
            })
    }

    /// Every element type.
    pub fn all() -> impl Iterator<Item = Elem> {
        Elem::ALL.iter().map(|(_, e)| *e)
    }

    /// The extension a kernel using the type needs (`requires:` names it).
    pub fn extension(self) -> Option<&'static str> {
        match self {
            Elem::Double => Some("cl_khr_fp64"),
            Elem::Half => Some("cl_khr_fp16"),
            _ => None,
        }
    }

    pub const fn size(self) -> usize {
        match self {
            Elem::Char | Elem::UChar => 1,
            Elem::Short | Elem::UShort | Elem::Half => 2,
            Elem::Int | Elem::UInt | Elem::Float => 4,
            Elem::Long | Elem::ULong | Elem::Double => 8,
        }
    }

    pub fn name(self) -> &'static str {
        Elem::ALL
            .iter()
            .find(|(_, e)| *e == self)
            .map(|(n, _)| *n)
            .unwrap_or("?")
    }

    /// Encodes one value as the device stores it (little-endian; wrapping to the type's width,
    /// as a C conversion to an unsigned type would).
    pub fn encode(self, value: i64, out: &mut Vec<u8>) {
        match self {
            Elem::Float => out.extend((value as f32).to_le_bytes()),
            Elem::Double => out.extend((value as f64).to_le_bytes()),
            Elem::Half => out.extend(f16_bits(value as f32).to_le_bytes()),
            _ => out.extend(&value.to_le_bytes()[..self.size()]),
        }
    }

    /// Decodes one stored value back into the integer domain of expectations. A floating-point
    /// value that is not a whole number (a fraction, NaN, an infinity) decodes to
    /// [`NOT_WHOLE`], which no expectation can equal, so it never passes for the integer it
    /// would truncate to.
    pub fn decode(self, bytes: &[u8]) -> i64 {
        let mut b = [0u8; 8];
        b[..bytes.len()].copy_from_slice(bytes);
        let raw = i64::from_le_bytes(b);
        match self {
            Elem::Char => raw as i8 as i64,
            Elem::UChar => raw as u8 as i64,
            Elem::Short => raw as i16 as i64,
            Elem::UShort => raw as u16 as i64,
            Elem::Int => raw as i32 as i64,
            Elem::UInt => raw as u32 as i64,
            Elem::Long | Elem::ULong => raw,
            Elem::Float => whole(f64::from(f32::from_le_bytes([b[0], b[1], b[2], b[3]]))),
            Elem::Double => whole(f64::from_le_bytes(b)),
            Elem::Half => whole(f64::from(f16_value(u16::from_le_bytes([b[0], b[1]])))),
        }
    }
}

/// What [`Elem::decode`] gives for a floating-point value that is not a whole number.
pub const NOT_WHOLE: i64 = i64::MIN;

fn whole(x: f64) -> i64 {
    if x.is_finite() && x.fract() == 0.0 && x.abs() < 9.0e18 {
        x as i64
    } else {
        NOT_WHOLE
    }
}

/// IEEE binary16 bits of `x`, rounded to nearest even (whole numbers up to 2048 are exact).
fn f16_bits(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xff) as i32;
    let man = b & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = m >> shift;
        let rest = m & ((1 << shift) - 1);
        let mid = 1 << (shift - 1);
        let up = rest > mid || (rest == mid && half & 1 == 1);
        return sign | (half + u32::from(up)) as u16;
    }
    let half = ((e as u32) << 10) | (man >> 13);
    let rest = man & 0x1fff;
    let up = rest > 0x1000 || (rest == 0x1000 && half & 1 == 1);
    sign | (half + u32::from(up)) as u16
}

/// The value of IEEE binary16 bits.
fn f16_value(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((h >> 10) & 0x1f);
    let man = f32::from(h & 0x3ff);
    sign * match exp {
        0 => man * 2f32.powi(-24),
        0x1f if man == 0.0 => f32::INFINITY,
        0x1f => f32::NAN,
        _ => (1.0 + man / 1024.0) * 2f32.powi(exp - 15),
    }
}

/// Buffer contents: an expression of the index, or an explicit list.
#[derive(Debug, Clone, PartialEq)]
pub enum Values {
    Expr(Expr),
    List(Vec<i64>),
}

impl Values {
    pub fn at(&self, i: usize) -> Option<i64> {
        match self {
            Values::Expr(e) => e.eval(i as i64),
            Values::List(v) => v.get(i).copied(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Buffer {
        name: String,
        elem: Elem,
        len: usize,
        init: Option<Values>,
    },
    Local {
        bytes: usize,
        non_null: bool,
    },
    Scalar {
        elem: Elem,
        value: i64,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct BufferExpect {
    /// Index into [`RunSpec::args`] of the buffer.
    pub arg: usize,
    pub values: Values,
}

/// The step that must fail, cleanly, for the case to pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpectError {
    Build,
    Enqueue,
    BuildOrEnqueue,
    SetArg(usize),
}

/// A device query a case depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeviceLimit {
    MaxConstantArgs,
    MaxConstantBufferSize,
    LocalMemSize,
    MaxGlobalVariableSize,
    MaxWorkGroupSize,
    MaxParameterSize,
}

impl DeviceLimit {
    const ALL: [(&'static str, DeviceLimit); 6] = [
        ("CL_DEVICE_MAX_CONSTANT_ARGS", DeviceLimit::MaxConstantArgs),
        (
            "CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE",
            DeviceLimit::MaxConstantBufferSize,
        ),
        ("CL_DEVICE_LOCAL_MEM_SIZE", DeviceLimit::LocalMemSize),
        (
            "CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE",
            DeviceLimit::MaxGlobalVariableSize,
        ),
        (
            "CL_DEVICE_MAX_WORK_GROUP_SIZE",
            DeviceLimit::MaxWorkGroupSize,
        ),
        (
            "CL_DEVICE_MAX_PARAMETER_SIZE",
            DeviceLimit::MaxParameterSize,
        ),
    ];

    /// The query named `name` (`CL_DEVICE_LOCAL_MEM_SIZE`).
    pub fn parse(name: &str) -> Result<DeviceLimit, String> {
        DeviceLimit::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, l)| *l)
            .ok_or_else(|| {
                let names: Vec<&str> = DeviceLimit::ALL.iter().map(|(n, _)| *n).collect();
                format!(
                    "unknown device query `{name}`: expected one of {}",
                    names.join(", ")
                )
            })
    }

    pub fn name(self) -> &'static str {
        DeviceLimit::ALL
            .iter()
            .find(|(_, d)| *d == self)
            .map(|(n, _)| *n)
            .unwrap_or("?")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    Lt,
    Le,
    Eq,
    Ge,
    Gt,
}

impl Cmp {
    fn parse(word: &str) -> Result<Cmp, String> {
        Ok(match word {
            "<" => Cmp::Lt,
            "<=" => Cmp::Le,
            "==" => Cmp::Eq,
            ">=" => Cmp::Ge,
            ">" => Cmp::Gt,
            other => {
                return Err(format!(
                    "expected a comparison (<, <=, ==, >=, >), found `{other}`"
                ))
            }
        })
    }

    pub fn holds(self, a: u64, b: u64) -> bool {
        match self {
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Eq => a == b,
            Cmp::Ge => a >= b,
            Cmp::Gt => a > b,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Requirement {
    pub limit: DeviceLimit,
    pub cmp: Cmp,
    pub value: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Query {
    /// `CL_KERNEL_ARG_ADDRESS_QUALIFIER` of one argument (needs `-cl-kernel-arg-info`).
    ArgAddressQualifier {
        kernel: String,
        index: u32,
        space: AddrSpace,
    },
    /// `CL_KERNEL_LOCAL_MEM_SIZE` compared with a number of bytes.
    KernelLocalMemSize {
        kernel: String,
        cmp: Cmp,
        bytes: u64,
    },
    /// `CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE` compared with a number of bytes.
    ProgramGlobalVariableTotalSize { cmp: Cmp, bytes: u64 },
}

type Fail = (Option<u32>, String);

impl RunSpec {
    /// Reads the run-time directives, given as `(line, key, value)`.
    pub(super) fn parse(lines: &[(u32, &str, &str)], source: &str) -> Result<RunSpec, Fail> {
        let mut spec = RunSpec {
            launches: vec![],
            args: vec![],
            expects: vec![],
            expect_error: None,
            expect_code: None,
            requires: vec![],
            extensions: vec![],
            queries: vec![],
            binds: vec![],
            bound: vec![],
        };
        let mut pending_expects = Vec::new();
        for &(line, key, value) in lines {
            let at = |m: String| (Some(line), m);
            match key {
                "launch" => spec.launches.push(launch(value).map_err(at)?),
                "arg" => spec.args.push(arg(value, &spec.args).map_err(at)?),
                "expect" => pending_expects.push((line, value)),
                "expect-error" => {
                    if spec.expect_error.is_some() {
                        return Err(at("`expect-error` given twice".into()));
                    }
                    let (e, code) = expect_error(value).map_err(at)?;
                    spec.expect_error = Some(e);
                    spec.expect_code = code;
                }
                "requires" if is_extension(value) => spec.extensions.push(value.trim().into()),
                "requires" => spec.requires.push(requirement(value).map_err(at)?),
                "query" => spec.queries.push(query(value).map_err(at)?),
                "bound" => spec.bound.push(value.trim().into()),
                _ => unreachable!("DIRECTIVES lists only the keys handled here"),
            }
        }
        for (line, value) in pending_expects {
            spec.expects
                .push(expect(value, &spec.args).map_err(|m| (Some(line), m))?);
        }
        if spec.launches.is_empty()
            && spec.queries.is_empty()
            && spec.expect_error != Some(ExpectError::Build)
        {
            return Err((
                None,
                "a run-time case needs a `launch`, a `query` or `expect-error: build`".into(),
            ));
        }
        for l in &spec.launches {
            if !mentions_kernel(source, &l.kernel) {
                return Err((
                    None,
                    format!(
                        "launch names kernel `{}`, which the source does not define",
                        l.kernel
                    ),
                ));
            }
        }
        if let Some(ExpectError::SetArg(i)) = spec.expect_error {
            if i >= spec.args.len() {
                return Err((
                    None,
                    format!(
                        "`expect-error: set-arg {i}` names an argument the case does not declare"
                    ),
                ));
            }
        }
        Ok(spec)
    }
}

/// A cheap check that `name` is a kernel function in the source, to catch typos early.
fn mentions_kernel(source: &str, name: &str) -> bool {
    source.match_indices(name).any(|(at, _)| {
        let before = source[..at].chars().next_back();
        let after = source[at + name.len()..].trim_start().chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_') && after == Some('(')
    })
}

fn sizes(text: &str) -> Result<Vec<usize>, String> {
    let dims = text
        .split('x')
        .map(|d| {
            d.parse::<usize>()
                .ok()
                .filter(|n| *n > 0)
                .ok_or_else(|| format!("`{d}` is not a positive size"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if dims.len() > 3 {
        return Err("at most 3 dimensions".into());
    }
    Ok(dims)
}

fn launch(value: &str) -> Result<Launch, String> {
    let mut words = value.split_whitespace();
    let (Some(kernel), Some(range), None) = (words.next(), words.next(), words.next()) else {
        return Err("expected `launch: KERNEL GLOBAL[/LOCAL]`".into());
    };
    let (global, local) = match range.split_once('/') {
        Some((g, l)) => (sizes(g)?, Some(sizes(l)?)),
        None => (sizes(range)?, None),
    };
    if let Some(local) = &local {
        if local.len() != global.len() {
            return Err("global and local sizes have different dimensions".into());
        }
        if global.iter().zip(local).any(|(g, l)| g % l != 0) {
            return Err("the global size must be a multiple of the local size".into());
        }
    }
    Ok(Launch {
        kernel: kernel.to_string(),
        global,
        local,
    })
}

fn list(text: &str) -> Result<Vec<i64>, String> {
    let inner = text
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .ok_or("a list is written `{a, b, c}`")?;
    inner.split(',').map(|v| parse_int(v.trim())).collect()
}

fn values(text: &str, len: usize) -> Result<Values, String> {
    let text = text.trim();
    let values = if text.starts_with('{') {
        let v = list(text)?;
        if v.len() != len {
            return Err(format!(
                "the list has {} values for {len} elements",
                v.len()
            ));
        }
        Values::List(v)
    } else {
        Values::Expr(Expr::parse(text)?)
    };
    if let Some(i) = (0..len).find(|i| values.at(*i).is_none()) {
        return Err(format!(
            "the expression has no value at i = {i} (overflow or division by zero)"
        ));
    }
    Ok(values)
}

fn arg(value: &str, earlier: &[Arg]) -> Result<Arg, String> {
    let (head, init) = match value.split_once('=') {
        Some((h, i)) => (h, Some(i)),
        None => (value, None),
    };
    let words: Vec<&str> = head.split_whitespace().collect();
    match words.as_slice() {
        ["buffer", ty, name] => {
            let (elem, len) = ty.strip_suffix(']').and_then(|t| t.split_once('[')).ok_or("expected `buffer TYPE[N] NAME`")?;
            let elem = Elem::parse(elem)?;
            let len = len.parse::<usize>().ok().filter(|n| *n >= 1 && n.saturating_mul(elem.size()) <= MAX_BUFFER_BYTES).ok_or(format!("buffer length must be 1 to {} {}s ({MAX_BUFFER_BYTES} bytes)", MAX_BUFFER_BYTES / elem.size(), elem.name()))?;
            if !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                return Err(format!("`{name}` is not a buffer name"));
            }
            if earlier.iter().any(|a| matches!(a, Arg::Buffer { name: n, .. } if n == name)) {
                return Err(format!("buffer `{name}` declared twice"));
            }
            let init = init.map(|i| values(i, len)).transpose()?;
            Ok(Arg::Buffer { name: name.to_string(), elem, len, init })
        }
        ["local", bytes, rest @ ..] if init.is_none() => {
            let bytes = bytes.parse::<usize>().map_err(|_| format!("`{bytes}` is not a byte count"))?;
            let non_null = match rest {
                [] => false,
                ["non-null"] => true,
                _ => return Err("expected `local BYTES [non-null]`".into()),
            };
            Ok(Arg::Local { bytes, non_null })
        }
        ["scalar", ty, v] if init.is_none() => Ok(Arg::Scalar { elem: Elem::parse(ty)?, value: parse_int(v)? }),
        _ => Err("expected `buffer TYPE[N] NAME [= VALUES]`, `local BYTES [non-null]` or `scalar TYPE VALUE`".into()),
    }
}

fn expect(value: &str, args: &[Arg]) -> Result<BufferExpect, String> {
    let (lhs, rhs) = value
        .split_once("==")
        .ok_or("expected `NAME[i] == EXPR` or `NAME == {list}`")?;
    let lhs = lhs.trim();
    let (name, indexed) = match lhs.strip_suffix("[i]") {
        Some(n) => (n.trim(), true),
        None => (lhs, false),
    };
    let (arg, len) = args
        .iter()
        .enumerate()
        .find_map(|(i, a)| match a {
            Arg::Buffer { name: n, len, .. } if n == name => Some((i, *len)),
            _ => None,
        })
        .ok_or(format!(
            "`{name}` is not a buffer declared by an `arg:` line"
        ))?;
    if indexed == rhs.trim().starts_with('{') {
        return Err(
            "use `NAME[i] == EXPR` for an expression and `NAME == {list}` for a list".into(),
        );
    }
    Ok(BufferExpect {
        arg,
        values: values(rhs, len)?,
    })
}

/// `STEP [CL_ERROR_CODE]`.
fn expect_error(value: &str) -> Result<(ExpectError, Option<String>), String> {
    let mut words: Vec<&str> = value.split_whitespace().collect();
    let code = match words.last() {
        Some(w) if w.starts_with("CL_") => {
            if !w[3..].chars().all(|c| c.is_ascii_uppercase() || c == '_') {
                return Err(format!("`{w}` is not an OpenCL error name"));
            }
            words.pop().map(str::to_string)
        }
        _ => None,
    };
    let step = match words.as_slice() {
        ["build"] => ExpectError::Build,
        ["enqueue"] => ExpectError::Enqueue,
        ["build-or-enqueue"] => ExpectError::BuildOrEnqueue,
        ["set-arg", i] => ExpectError::SetArg(
            i.parse()
                .map_err(|_| format!("`{i}` is not an argument index"))?,
        ),
        _ => {
            return Err(
                "expected build, enqueue, build-or-enqueue or `set-arg N`, then an optional error name (CL_INVALID_ARG_VALUE)".into(),
            )
        }
    };
    Ok((step, code))
}

/// `requires: cl_khr_fp64`: one extension name, which the device must list.
fn is_extension(value: &str) -> bool {
    let v = value.trim();
    v.starts_with("cl_") && v.len() > 3 && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn requirement(value: &str) -> Result<Requirement, String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let [name, cmp, v] = words.as_slice() else {
        return Err(
            "expected `requires: CL_DEVICE_... OP VALUE` or `requires: cl_EXTENSION`".into(),
        );
    };
    Ok(Requirement {
        limit: DeviceLimit::parse(name)?,
        cmp: Cmp::parse(cmp)?,
        value: u64_of(v)?,
    })
}

fn u64_of(v: &str) -> Result<u64, String> {
    parse_int(v).and_then(|n| u64::try_from(n).map_err(|_| format!("`{v}` is negative")))
}

fn query(value: &str) -> Result<Query, String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    match words.as_slice() {
        ["arg-address-qualifier", kernel, index, "==", space] => {
            let space = match AddrSpace::from_keyword(space) {
                Some((s, _)) if s != AddrSpace::Generic => s,
                _ => return Err(format!("`{space}` is not global, local, constant or private")),
            };
            Ok(Query::ArgAddressQualifier { kernel: kernel.to_string(), index: index.parse().map_err(|_| format!("`{index}` is not an argument index"))?, space })
        }
        ["kernel-local-mem-size", kernel, cmp, bytes] => Ok(Query::KernelLocalMemSize { kernel: kernel.to_string(), cmp: Cmp::parse(cmp)?, bytes: u64_of(bytes)? }),
        ["program-global-variable-total-size", cmp, bytes] => Ok(Query::ProgramGlobalVariableTotalSize { cmp: Cmp::parse(cmp)?, bytes: u64_of(bytes)? }),
        _ => Err("expected `arg-address-qualifier KERNEL N == SPACE`, `kernel-local-mem-size KERNEL OP BYTES` or `program-global-variable-total-size OP BYTES`".into()),
    }
}

#[cfg(test)]
mod tests {
    use crate::case::run::*;
    use crate::case::Case;

    const HEAD: &str = "//@ rules: AS-LOCAL-PER-GROUP\n//@ profiles: CL1.2\n//@ kind: run\n";

    #[test]
    fn reads_a_run_case() {
        let src = format!("{HEAD}//@ launch: k 64/16\n//@ arg: buffer int[64] out\n//@ arg: local 64\n//@ expect: out[i] == i / 16\nkernel void k(global int *out, local int *l) {{}}\n");
        let case = Case::parse("t.cl", "t", &src).unwrap();
        let run = case.run.unwrap();
        assert_eq!(run.launches[0].global, [64]);
        assert_eq!(run.launches[0].local, Some(vec![16]));
        assert_eq!(
            run.args[1],
            Arg::Local {
                bytes: 64,
                non_null: false
            }
        );
        assert_eq!(run.expects[0].values.at(33), Some(2));
    }

    #[test]
    fn run_errors_name_the_line() {
        let bad = [
            ("//@ launch: k 64/10\nkernel void k() {}\n", 4, "multiple"),
            (
                "//@ launch: k 4\n//@ arg: buffer int[4] b = {1, 2}\nkernel void k() {}\n",
                5,
                "2 values for 4",
            ),
            (
                "//@ launch: k 4\n//@ expect: nope[i] == 0\nkernel void k() {}\n",
                5,
                "not a buffer",
            ),
            (
                "//@ launch: k 4\n//@ requires: CL_DEVICE_FOO < 3\nkernel void k() {}\n",
                5,
                "unknown device query",
            ),
            (
                "//@ launch: q 4\nkernel void k() {}\n",
                3,
                "does not define",
            ),
            (
                "//@ launch: k 4\n//@ arg: buffer int[4] b = 1 / (i - 2)\nkernel void k() {}\n",
                5,
                "no value at i = 2",
            ),
        ];
        for (body, line, what) in bad {
            let err = Case::parse("t.cl", "t", &format!("{HEAD}{body}")).unwrap_err();
            assert_eq!(err.line, line, "{err}");
            assert!(err.message.contains(what), "{err} lacks {what}");
        }
    }

    #[test]
    fn fractions_and_nan_never_pass_for_a_whole_number() {
        for elem in [Elem::Float, Elem::Double, Elem::Half] {
            let mut b = Vec::new();
            match elem {
                Elem::Float => b.extend(2.5f32.to_le_bytes()),
                Elem::Double => b.extend(f64::NAN.to_le_bytes()),
                _ => b.extend(0x3e00u16.to_le_bytes()), // 1.5
            }
            assert_eq!(elem.decode(&b), NOT_WHOLE, "{elem:?}");
        }
    }

    #[test]
    fn extension_requirements_are_read() {
        let src = format!("{HEAD}//@ launch: k 4\n//@ requires: cl_khr_fp64\n//@ arg: buffer double[4] out\nkernel void k(global double *out) {{}}\n");
        let run = Case::parse("t.cl", "t", &src).unwrap().run.unwrap();
        assert_eq!(run.extensions, ["cl_khr_fp64"]);
        assert!(run.requires.is_empty());
    }

    #[test]
    fn elements_round_trip() {
        for (elem, v) in [
            (Elem::Char, -3),
            (Elem::UChar, 250),
            (Elem::Int, -70000),
            (Elem::ULong, 1 << 40),
            (Elem::Float, 12),
            (Elem::Double, -40),
            (Elem::Half, 61),
            (Elem::Half, -2048),
        ] {
            let mut bytes = Vec::new();
            elem.encode(v, &mut bytes);
            assert_eq!(bytes.len(), elem.size());
            assert_eq!(elem.decode(&bytes), v);
        }
    }
}

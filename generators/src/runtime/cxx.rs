//! C++ for OpenCL at run time: the cells of the memory-initialisation table that a program can
//! observe (each space × trivial / constant-expression / custom construction × where the object
//! is declared), the implicit storage of objects (program scope and `static` locals in global
//! memory, function-scope objects in private memory), objects and references reached through
//! generic pointers and references, member functions qualified with a space (which overload
//! `this` selects), templates instantiated over spaces, and program-scope objects that persist
//! across launches.
//!
//! Custom constructors count their runs with an atomic on a program-scope counter: the count
//! says the constructor ran, ran once per object, and ran before the first kernel rather than in
//! it (an atomic also keeps the optimiser from folding the constructor into a constant, so the
//! program really has an initialisation kernel, `docs/cxx-spirv.md`). Every expected value is
//! computed here from [`v`].

use super::{expect_list, start, v};
use crate::enumerate::cxx::profiles;
use crate::enumerate::Out;
use crate::statics::{Linkage, Storage};
use checker::spec::RuleId;

/// Work-items and work-group size of the cases that launch more than one work-item.
const ITEMS: usize = 8;
const GROUP: usize = 4;

/// The object types of the table cells: a scalar, a plain struct and an array.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Obj {
    Int,
    Pod,
    Array,
    /// `Lit`: a class with a `constexpr` constructor (constant-expression cells only).
    Literal,
}

impl Obj {
    const ALL: [Obj; 4] = [Obj::Int, Obj::Pod, Obj::Array, Obj::Literal];

    fn slug(self) -> &'static str {
        match self {
            Obj::Int => "int",
            Obj::Pod => "pod",
            Obj::Array => "array",
            Obj::Literal => "class-constexpr",
        }
    }

    /// How many `int`s the object holds (what the kernel copies out).
    fn len(self) -> usize {
        match self {
            Obj::Int => 1,
            Obj::Pod | Obj::Literal => 2,
            Obj::Array => 3,
        }
    }

    /// The declaration of `name` with `prefix` (space, `static`) and initialiser `init`.
    fn decl(self, tag: &str, prefix: &str, name: &str, init: &str) -> String {
        let p = if prefix.is_empty() {
            String::new()
        } else {
            format!("{prefix} ")
        };
        match self {
            Obj::Int => format!("{p}int {name}{init};"),
            Obj::Pod => format!("{p}Pod_{tag} {name}{init};"),
            Obj::Array => format!("{p}int {name}[3]{init};"),
            Obj::Literal => format!("{p}Lit_{tag} {name}{init};"),
        }
    }

    /// ` = {…}` for the values `vals` (`len` of them).
    fn init(self, vals: &[i64]) -> String {
        match self {
            Obj::Int => format!(" = {}", vals[0]),
            Obj::Literal => format!("({}, {})", vals[0], vals[1]),
            _ => format!(
                " = {{{}}}",
                vals.iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    /// Expressions reading each `int` of object `name`.
    fn reads(self, name: &str) -> Vec<String> {
        match self {
            Obj::Int => vec![name.to_string()],
            Obj::Pod | Obj::Literal => vec![format!("{name}.a"), format!("{name}.b")],
            Obj::Array => (0..3).map(|i| format!("{name}[{i}]")).collect(),
        }
    }

    /// Expressions naming each `int` of object `name`, to write.
    fn lanes(self, name: &str) -> Vec<String> {
        self.reads(name)
    }
}

/// The types every case may use, tagged.
fn types(tag: &str) -> Vec<String> {
    vec![
        format!("struct Pod_{tag} {{ int a; int b; }};"),
        format!("struct Lit_{tag} {{ int a; int b; constexpr Lit_{tag}(int x, int y) : a(x), b(y) {{}} }};"),
    ]
}

pub fn all(out: &mut Out) {
    for obj in Obj::ALL {
        for place in ["program-implicit", "program-global"] {
            zero_or_constant(out, RuleId::CxxInitGlobalProgramTrivial, place, obj);
            zero_or_constant(out, RuleId::CxxInitGlobalProgramConstexpr, place, obj);
        }
        for place in ["static-kernel", "static-helper"] {
            zero_or_constant(out, RuleId::CxxInitGlobalStaticTrivial, place, obj);
            zero_or_constant(out, RuleId::CxxInitGlobalStaticConstexpr, place, obj);
        }
        zero_or_constant(out, RuleId::CxxInitGlobalMemberTrivial, "member", obj);
        zero_or_constant(out, RuleId::CxxInitGlobalMemberConstexpr, "member", obj);
        for place in ["program", "kernel"] {
            zero_or_constant(out, RuleId::CxxInitConstantConstexpr, place, obj);
        }
        for place in ["kernel", "helper"] {
            private_value(out, RuleId::CxxInitPrivateTrivial, place, obj);
            private_value(out, RuleId::CxxInitPrivateConstexpr, place, obj);
        }
        local_kernel(out, obj);
    }
    for place in ["program-implicit", "program-global"] {
        for objects in [1, 3] {
            for launches in [1, 2] {
                global_ctor(out, place, objects, launches);
            }
        }
        global_ctor_order(out, place);
        global_dtor(out, place);
    }
    for place in ["kernel", "helper"] {
        private_ctor_dtor(out, place);
    }
    for count in [1, 4] {
        local_ctor(out, count);
    }
    implicit_private(out, "kernel");
    implicit_private(out, "helper");
    for place in ["program-implicit", "static-kernel", "static-helper"] {
        for kernels in [1, 2] {
            persist(out, place, kernels, 3);
        }
    }
    for target in ["program-object", "buffer", "local", "private"] {
        for via in ["pointer", "reference"] {
            generic_access(out, target, via);
        }
    }
    for target in ["global", "local", "private"] {
        for overloads in ["every-space", "generic-only"] {
            this_space(out, target, overloads);
        }
    }
    for target in ["global", "local", "private"] {
        for form in ["function-template", "class-template"] {
            template_space(out, target, form);
        }
    }
}

/// The `storage` and `linkage` properties of a case whose object of static storage is at
/// `place` (the vocabulary of the compile-time families, so known classes name both alike).
fn static_props(b: &mut crate::case::Builder, place: &str) {
    let storage = match place {
        "program-implicit" | "program-global" | "program" | "member" | "program-object"
        | "global" => Storage::Program,
        "static-kernel" => Storage::StaticKernel,
        "static-helper" => Storage::StaticHelper,
        _ => return,
    };
    b.storage(Some(storage));
    if storage == Storage::Program {
        b.linkage(Some(Linkage::External));
    }
}

/// Values the generator gives object `k` of a case: distinct, never zero.
fn vals(k: usize, n: usize) -> Vec<i64> {
    (0..n).map(|i| v(10 * k + i)).collect()
}

/// The first `int` of the out buffer a case writes, one per object lane, read by one work-item.
fn single_out(b: &mut crate::case::Builder, tag: &str, reads: &[String], want: &[i64]) {
    b.open(format!("kernel void run_{tag}(__global int *out)"));
    for (i, r) in reads.iter().enumerate() {
        b.line(format!("out[{i}] = {r};"));
    }
    b.close();
    b.run(format!("launch: run_{tag} 1"));
    b.run(super::out_arg(super::types::Scalar::Int, want.len()));
    b.run(expect_list("out", want));
}

/// A trivially initialised object (zero-pre-initialised) or one initialised by a constant
/// expression, in global or constant memory, declared at `place`.
fn zero_or_constant(out: &mut Out, rule: RuleId, place: &str, obj: Obj) {
    let constexpr = !matches!(
        rule,
        RuleId::CxxInitGlobalProgramTrivial
            | RuleId::CxxInitGlobalStaticTrivial
            | RuleId::CxxInitGlobalMemberTrivial
    );
    if obj == Obj::Literal && (!constexpr || rule == RuleId::CxxInitConstantConstexpr) {
        // No default constructor; and a __constant object has no user constructor (004
        // 3.2.4.4, CXX-INIT-CONSTANT-CUSTOM).
        return;
    }
    let dims = vec![
        ("place", place.to_string()),
        ("type", obj.slug().to_string()),
    ];
    let (mut b, tag) = start(rule, profiles(), dims, &[]);
    if rule == RuleId::CxxInitConstantConstexpr {
        if place == "program" {
            b.storage(Some(Storage::ConstantProgram));
        }
    } else {
        static_props(&mut b, place);
    }
    if !constexpr {
        b.also(RuleId::CxxZeroInit);
    }
    if rule == RuleId::CxxInitGlobalProgramTrivial || rule == RuleId::CxxInitGlobalProgramConstexpr
    {
        b.also(RuleId::CxxImplicitGlobal);
    }
    b.doc(format!(
        "A {} object declared at {place} {} before any kernel writes it.",
        obj.slug(),
        if constexpr {
            "holds its constant-expression initial value"
        } else {
            "is zero-pre-initialised"
        }
    ));
    for t in types(&tag) {
        b.line(t);
    }
    let want = if constexpr {
        vals(1, obj.len())
    } else {
        vec![0; obj.len()]
    };
    let init = if constexpr {
        obj.init(&want)
    } else {
        String::new()
    };
    let name = format!("obj_{tag}");
    let space = if rule == RuleId::CxxInitConstantConstexpr {
        "__constant"
    } else if place == "program-global" {
        "__global"
    } else {
        ""
    };
    let reads = match place {
        "program-implicit" | "program-global" | "program" => {
            b.line(obj.decl(&tag, space, &name, &init));
            obj.reads(&name)
        }
        "member" => {
            b.line(format!("struct Holder_{tag} {{ static {}; }};", {
                let d = obj.decl(&tag, "", "m", "");
                d.trim_end_matches(';').to_string()
            }));
            b.line(obj.decl(&tag, "", &format!("Holder_{tag}::m"), &init));
            obj.reads(&format!("Holder_{tag}::m"))
        }
        "static-helper" => {
            b.open(format!("int read_{tag}(int i)"));
            b.line(obj.decl(&tag, "static", "o", &init));
            let r = obj.reads("o");
            for (i, e) in r.iter().enumerate() {
                b.line(format!("if (i == {i}) return {e};"));
            }
            b.line("return -1;");
            b.close();
            (0..obj.len()).map(|i| format!("read_{tag}({i})")).collect()
        }
        // static-kernel, or a kernel-scope __constant: declared in the kernel itself.
        _ => {
            let prefix = if rule == RuleId::CxxInitConstantConstexpr {
                "__constant"
            } else {
                "static"
            };
            b.open(format!("kernel void run_{tag}(__global int *out)"));
            b.line(obj.decl(&tag, prefix, &name, &init));
            for (i, r) in obj.reads(&name).iter().enumerate() {
                b.line(format!("out[{i}] = {r};"));
            }
            b.close();
            b.run(format!("launch: run_{tag} 1"));
            b.run(super::out_arg(super::types::Scalar::Int, want.len()));
            b.run(expect_list("out", &want));
            out.push(b.finish());
            return;
        }
    };
    single_out(&mut b, &tag, &reads, &want);
    out.push(b.finish());
}

/// A private object, trivially initialised then assigned, or initialised by a constant
/// expression (`Lit` has a `constexpr` constructor), in the kernel or in a helper; every
/// work-item has its own, holding values made from its id.
fn private_value(out: &mut Out, rule: RuleId, place: &str, obj: Obj) {
    let constexpr = rule == RuleId::CxxInitPrivateConstexpr;
    if obj == Obj::Literal && !constexpr {
        return; // no default constructor: it cannot go uninitialised
    }
    let dims = vec![
        ("place", place.to_string()),
        ("type", obj.slug().to_string()),
    ];
    let (mut b, tag) = start(rule, profiles(), dims, &[]);
    b.also(RuleId::CxxImplicitPrivate);
    b.doc(format!(
        "A private {} object in a {place}, {}, holds each work-item's own values.",
        obj.slug(),
        if constexpr {
            "initialised by a constant expression and then offset by the work-item"
        } else {
            "declared without an initialiser and then assigned"
        }
    ));
    for t in types(&tag) {
        b.line(t);
    }
    let n = obj.len();
    let base = vals(2, n);
    let init = if constexpr {
        obj.init(&base)
    } else {
        String::new()
    };
    let body = |b: &mut crate::case::Builder| {
        b.line(obj.decl(&tag, "", "o", &init));
        for (i, l) in obj.lanes("o").iter().enumerate() {
            if constexpr {
                b.line(format!("{l} += 100 * g;"));
            } else {
                b.line(format!("{l} = {} + 100 * g;", base[i]));
            }
        }
    };
    if place == "helper" {
        b.open(format!("void fill_{tag}(__global int *out, int g)"));
        body(&mut b);
        for (i, r) in obj.reads("o").iter().enumerate() {
            b.line(format!("out[g * {n} + {i}] = {r};"));
        }
        b.close();
        b.open(format!("kernel void run_{tag}(__global int *out)"));
        b.line("int g = (int)get_global_id(0);");
        b.line(format!("fill_{tag}(out, g);"));
        b.close();
    } else {
        b.open(format!("kernel void run_{tag}(__global int *out)"));
        b.line("int g = (int)get_global_id(0);");
        body(&mut b);
        for (i, r) in obj.reads("o").iter().enumerate() {
            b.line(format!("out[g * {n} + {i}] = {r};"));
        }
        b.close();
    }
    b.run(format!("launch: run_{tag} {ITEMS}/{GROUP}"));
    b.run(super::out_arg(super::types::Scalar::Int, ITEMS * n));
    let want: Vec<i64> = (0..ITEMS * n)
        .map(|j| base[j % n] + 100 * (j / n) as i64)
        .collect();
    b.run(expect_list("out", &want));
    out.push(b.finish());
}

/// A kernel-scope `__local` object without an initialiser: not zero-pre-initialised, so only
/// what one work-item writes before a barrier is judged; each group writes its own values.
fn local_kernel(out: &mut Out, obj: Obj) {
    if obj == Obj::Literal {
        return; // a __local object takes no initialiser
    }
    let dims = vec![
        ("place", "kernel".to_string()),
        ("type", obj.slug().to_string()),
    ];
    let (mut b, tag) = start(RuleId::CxxInitLocalKernelTrivial, profiles(), dims, &[]);
    b.doc(format!(
        "A kernel-scope __local {} object without an initialiser, written by one work-item of each group, is seen by the whole group after a barrier.",
        obj.slug()
    ));
    for t in types(&tag) {
        b.line(t);
    }
    let n = obj.len();
    b.open(format!("kernel void run_{tag}(__global int *out)"));
    b.line(obj.decl(&tag, "__local", "o", ""));
    b.line("int grp = (int)get_group_id(0);");
    b.open("if (get_local_id(0) == 0)");
    for (i, l) in obj.lanes("o").iter().enumerate() {
        b.line(format!("{l} = {} + 100 * grp;", v(30 + i)));
    }
    b.close();
    b.line("barrier(CLK_LOCAL_MEM_FENCE);");
    b.line("int g = (int)get_global_id(0);");
    for (i, r) in obj.reads("o").iter().enumerate() {
        b.line(format!("out[g * {n} + {i}] = {r};"));
    }
    b.close();
    b.run(format!("launch: run_{tag} {ITEMS}/{GROUP}"));
    b.run(super::out_arg(super::types::Scalar::Int, ITEMS * n));
    let want: Vec<i64> = (0..ITEMS * n)
        .map(|j| v(30 + j % n) + 100 * ((j / n) / GROUP) as i64)
        .collect();
    b.run(expect_list("out", &want));
    out.push(b.finish());
}

/// The class with a custom constructor: it records its argument and counts its runs.
fn counted_class(b: &mut crate::case::Builder, tag: &str) {
    b.line(format!("__global int ctor_runs_{tag};"));
    b.open(format!("struct Counted_{tag}"));
    b.line("int value;");
    b.line("int order;");
    b.line(format!(
        "Counted_{tag}(int x) : value(x), order(atomic_inc(&ctor_runs_{tag})) {{}}"
    ));
    b.close_with("};");
}

/// `objects` program-scope objects with a custom constructor, in global memory, read over
/// `launches` launches: each launch sees the constructed values and the constructors' count,
/// which stays the number of objects (they ran once, before the first kernel).
fn global_ctor(out: &mut Out, place: &str, objects: usize, launches: usize) {
    let dims = vec![
        ("place", place.to_string()),
        ("objects", format!("{objects}-objects")),
        ("launches", format!("{launches}-launches")),
    ];
    let (mut b, tag) = start(RuleId::CxxInitGlobalProgramCustom, profiles(), dims, &[]);
    static_props(&mut b, place);
    b.prop("type", "class-ctor");
    b.also(RuleId::CxxGlobalCtorOrder);
    b.doc(format!(
        "{objects} program-scope object(s) with a custom constructor are constructed once, before the first of {launches} launch(es): every launch sees the values and a constructor count of {objects}."
    ));
    counted_class(&mut b, &tag);
    let space = if place == "program-global" {
        "__global "
    } else {
        ""
    };
    let args: Vec<String> = (0..objects).map(|k| format!("{}", v(40 + k))).collect();
    if objects == 1 {
        b.line(format!("{space}Counted_{tag} obj_{tag}({});", args[0]));
    } else {
        let list: Vec<String> = args.iter().map(|a| format!("Counted_{tag}({a})")).collect();
        b.line(format!(
            "{space}Counted_{tag} obj_{tag}[{objects}] = {{{}}};",
            list.join(", ")
        ));
    }
    let per = objects + 1;
    b.open(format!("void record_{tag}(__global int *out, int launch)"));
    for k in 0..objects {
        let o = if objects == 1 {
            format!("obj_{tag}")
        } else {
            format!("obj_{tag}[{k}]")
        };
        b.line(format!("out[launch * {per} + {k}] = {o}.value;"));
    }
    b.line(format!(
        "out[launch * {per} + {objects}] = ctor_runs_{tag};"
    ));
    b.close();
    // One kernel per launch, each passing its index (every launch gets the same arguments).
    for l in 0..launches {
        b.open(format!("kernel void step{l}_{tag}(__global int *out)"));
        b.line(format!("record_{tag}(out, {l});"));
        b.close();
    }
    for l in 0..launches {
        b.run(format!("launch: step{l}_{tag} 1"));
    }
    b.run(super::out_arg(super::types::Scalar::Int, launches * per));
    let mut want = Vec::new();
    for _ in 0..launches {
        for k in 0..objects {
            want.push(v(40 + k));
        }
        want.push(objects as i64);
    }
    b.run(expect_list("out", &want));
    out.push(b.finish());
}

/// Two program-scope objects in one translation unit are constructed in declaration order:
/// the second's constructor reads the first's value and the constructors' count.
fn global_ctor_order(out: &mut Out, place: &str) {
    let dims = vec![
        ("place", place.to_string()),
        ("order", "declaration".to_string()),
    ];
    let (mut b, tag) = start(RuleId::CxxGlobalCtorOrder, profiles(), dims, &[]);
    static_props(&mut b, place);
    b.prop("type", "class-ctor");
    b.also(RuleId::CxxInitGlobalProgramCustom);
    b.doc("Program-scope objects of one program are constructed in declaration order, before the first kernel: the second constructor sees the first object constructed.");
    counted_class(&mut b, &tag);
    let space = if place == "program-global" {
        "__global "
    } else {
        ""
    };
    b.open(format!("struct After_{tag}"));
    b.line("int seen;");
    b.line("int runs;");
    b.line(format!(
        "After_{tag}(const Counted_{tag} &first) : seen(first.value), runs(atomic_inc(&ctor_runs_{tag})) {{}}"
    ));
    b.close_with("};");
    b.line(format!("{space}Counted_{tag} first_{tag}({});", v(50)));
    b.line(format!("{space}After_{tag} second_{tag}(first_{tag});"));
    single_out(
        &mut b,
        &tag,
        &[
            format!("first_{tag}.order"),
            format!("second_{tag}.seen"),
            format!("second_{tag}.runs"),
            format!("ctor_runs_{tag}"),
        ],
        &[0, v(50), 1, 2],
    );
    out.push(b.finish());
}

/// A program-scope object with a destructor: clang's documentation says global destructors
/// cannot be invoked by the host, so while the program lives the destructor must not have run;
/// a second launch reads the mark it would leave.
fn global_dtor(out: &mut Out, place: &str) {
    let dims = vec![
        ("place", place.to_string()),
        ("dtor", "destructor".to_string()),
    ];
    let (mut b, tag) = start(RuleId::CxxInitGlobalProgramCustom, profiles(), dims, &[]);
    static_props(&mut b, place);
    b.prop("type", "class-dtor");
    b.doc("A program-scope object with a custom constructor and destructor is constructed before the first kernel and not destroyed while the program lives: a later launch sees its value and no mark of its destructor.");
    b.line(format!("__global int dtor_mark_{tag};"));
    b.open(format!("struct Owned_{tag}"));
    b.line("int value;");
    b.line(format!("Owned_{tag}(int x) : value(x) {{}}"));
    b.line(format!("~Owned_{tag}() {{ dtor_mark_{tag} = 1; }}"));
    b.close_with("};");
    let space = if place == "program-global" {
        "__global "
    } else {
        ""
    };
    b.line(format!("{space}Owned_{tag} obj_{tag}({});", v(60)));
    b.open(format!("kernel void first_{tag}(__global int *out)"));
    b.line(format!("out[0] = obj_{tag}.value;"));
    b.close();
    b.open(format!("kernel void second_{tag}(__global int *out)"));
    b.line(format!("out[1] = dtor_mark_{tag};"));
    b.line(format!("out[2] = obj_{tag}.value;"));
    b.close();
    b.run(format!("launch: first_{tag} 1"));
    b.run(format!("launch: second_{tag} 1"));
    b.run(super::out_arg(super::types::Scalar::Int, 3));
    b.run(expect_list("out", &[v(60), 0, v(60)]));
    out.push(b.finish());
}

/// A private object with a custom constructor and destructor: the constructor runs at the
/// declaration, the destructor at the end of the scope (it writes through a pointer member).
fn private_ctor_dtor(out: &mut Out, place: &str) {
    let dims = vec![
        ("place", place.to_string()),
        ("dtor", "destructor".to_string()),
    ];
    let (mut b, tag) = start(RuleId::CxxInitPrivateCustom, profiles(), dims, &[]);
    b.doc(format!(
        "A private object in a {place} with a custom constructor and destructor: each work-item's constructor runs at the declaration and its destructor when the scope ends."
    ));
    b.open(format!("struct Scoped_{tag}"));
    b.line("__global int *sink;");
    b.line("int value;");
    b.line(format!(
        "Scoped_{tag}(__global int *s, int x) : sink(s), value(x * 3) {{ sink[0] = value; }}"
    ));
    b.line(format!("~Scoped_{tag}() {{ sink[1] = value + 1; }}"));
    b.close_with("};");
    let scope = |b: &mut crate::case::Builder| {
        b.open("");
        b.line(format!("Scoped_{tag} s(out + 3 * g, g + 1);"));
        b.line("out[3 * g + 2] = out[3 * g + 1];");
        b.close();
    };
    if place == "helper" {
        b.open(format!("void use_{tag}(__global int *out, int g)"));
        scope(&mut b);
        b.close();
        b.open(format!("kernel void run_{tag}(__global int *out)"));
        b.line("int g = (int)get_global_id(0);");
        b.line(format!("use_{tag}(out, g);"));
        b.close();
    } else {
        b.open(format!("kernel void run_{tag}(__global int *out)"));
        b.line("int g = (int)get_global_id(0);");
        scope(&mut b);
        b.close();
    }
    b.run(format!("launch: run_{tag} {ITEMS}/{GROUP}"));
    b.run(super::out_arg(super::types::Scalar::Int, 3 * ITEMS));
    // Slot 2 copies slot 1 inside the scope, before the destructor: still 0.
    let want: Vec<i64> = (0..ITEMS)
        .flat_map(|g| {
            let value = (g as i64 + 1) * 3;
            [value, value + 1, 0]
        })
        .collect();
    b.run(expect_list("out", &want));
    out.push(b.finish());
}

/// `__local` objects of a class with a user default constructor: constructed by one work-item
/// before the kernel body, in every work-group.
fn local_ctor(out: &mut Out, count: usize) {
    let dims = vec![("objects", format!("{count}-objects"))];
    let (mut b, tag) = start(RuleId::CxxLocalCtor, profiles(), dims, &[]);
    b.doc(format!(
        "{count} __local object(s) of a class with a user default constructor are constructed before the kernel body in every work-group: each work-item reads the constructed value first."
    ));
    b.open(format!("struct Seeded_{tag}"));
    b.line("int value;");
    b.line(format!("Seeded_{tag}() : value({}) {{}}", v(70)));
    b.close_with("};");
    b.open(format!("kernel void run_{tag}(__global int *out)"));
    let name = if count == 1 {
        b.line(format!("__local Seeded_{tag} s;"));
        "s".to_string()
    } else {
        b.line(format!("__local Seeded_{tag} s[{count}];"));
        format!("s[get_local_id(0) % {count}]")
    };
    b.line(format!("out[get_global_id(0)] = {name}.value;"));
    b.close();
    b.run(format!("launch: run_{tag} {ITEMS}/{GROUP}"));
    b.run(super::out_arg(super::types::Scalar::Int, ITEMS));
    b.run(expect_list("out", &[v(70); ITEMS]));
    out.push(b.finish());
}

/// A function-scope object without a space is private: every work-item of a group writes its
/// own value into it, waits at a barrier, and reads its own value back.
fn implicit_private(out: &mut Out, place: &str) {
    let dims = vec![("place", place.to_string())];
    let (mut b, tag) = start(RuleId::CxxImplicitPrivate, profiles(), dims, &[]);
    b.doc(format!(
        "A {place}-scope object without a space is private: what one work-item stores there, no other sees."
    ));
    if place == "helper" {
        b.open(format!("int keep_{tag}(int g)"));
        b.line("int mine;");
        b.line("mine = g * 7 + 1;");
        b.line("barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);");
        b.line("return mine;");
        b.close();
    }
    b.open(format!("kernel void run_{tag}(__global int *out)"));
    b.line("int g = (int)get_global_id(0);");
    if place == "helper" {
        b.line(format!("out[g] = keep_{tag}(g);"));
    } else {
        b.line("int mine;");
        b.line("mine = g * 7 + 1;");
        b.line("barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);");
        b.line("out[g] = mine;");
    }
    b.close();
    b.run(format!("launch: run_{tag} {ITEMS}/{GROUP}"));
    b.run(super::out_arg(super::types::Scalar::Int, ITEMS));
    let want: Vec<i64> = (0..ITEMS as i64).map(|g| g * 7 + 1).collect();
    b.run(expect_list("out", &want));
    out.push(b.finish());
}

/// A counter object without a space, at program scope or `static` in a kernel or helper, is in
/// global memory: it keeps its value across `launches` launches of one or two kernels.
fn persist(out: &mut Out, place: &str, kernels: usize, launches: usize) {
    if place == "static-kernel" && kernels == 2 {
        return; // a static belongs to one function
    }
    let dims = vec![
        ("place", place.to_string()),
        ("kernels", format!("{kernels}-kernels")),
        ("launches", format!("{launches}-launches")),
    ];
    let (mut b, tag) = start(RuleId::CxxImplicitGlobal, profiles(), dims, &[]);
    static_props(&mut b, place);
    if place != "program-implicit" {
        b.prop("uses", "written-static");
    }
    b.doc(format!(
        "A counter object without a space ({place}) is in global memory: it keeps its value across {launches} launches of {kernels} kernel(s)."
    ));
    b.open(format!("struct Counter_{tag}"));
    b.line("int n;");
    b.line("int bump() { n += 1; return n; }");
    b.close_with("};");
    match place {
        "program-implicit" => {
            b.line(format!("Counter_{tag} counter_{tag};"));
        }
        "static-helper" => {
            b.open(format!("int bump_{tag}()"));
            b.line(format!("static Counter_{tag} c;"));
            b.line("return c.bump();");
            b.close();
        }
        _ => {}
    }
    let names: Vec<String> = (0..kernels).map(|k| format!("bump{k}_{tag}")).collect();
    for name in &names {
        b.open(format!("kernel void {name}(__global int *out)"));
        let now = match place {
            "program-implicit" => format!("counter_{tag}.bump()"),
            "static-helper" => format!("bump_{tag}()"),
            _ => {
                b.line(format!("static Counter_{tag} c;"));
                "c.bump()".to_string()
            }
        };
        b.line(format!("int now = {now};"));
        b.line("out[now - 1] = now;");
        b.close();
    }
    for l in 0..launches {
        b.run(format!("launch: {} 1", names[l % kernels]));
    }
    b.run(super::out_arg(super::types::Scalar::Int, 4));
    let want: Vec<i64> = (0..4)
        .map(|k| if k < launches { k as i64 + 1 } else { 0 })
        .collect();
    b.run(expect_list("out", &want));
    out.push(b.finish());
}

/// An object in `target` reached through a generic pointer or reference by a helper that
/// writes and reads it.
fn generic_access(out: &mut Out, target: &str, via: &str) {
    let dims = vec![("target", target.to_string()), ("via", via.to_string())];
    let (mut b, tag) = start(RuleId::CxxGenericPointers, profiles(), dims, &[]);
    static_props(&mut b, target);
    b.doc(format!(
        "A helper taking a generic {via} writes and reads an object in {target} memory."
    ));
    let (param, deref) = if via == "pointer" {
        ("int *p", "*p")
    } else {
        ("int &p", "p")
    };
    b.open(format!("int twice_{tag}({param}, int x)"));
    b.line(format!("{deref} = x;"));
    b.line(format!("{deref} += x;"));
    b.line(format!("return {deref};"));
    b.close();
    if target == "program-object" {
        b.line(format!("int obj_{tag}[{ITEMS}];"));
    }
    b.open(format!(
        "kernel void run_{tag}(__global int *out, __global int *data)"
    ));
    b.line("int g = (int)get_global_id(0);");
    b.line("int l = (int)get_local_id(0);");
    let (obj, decl) = match target {
        "program-object" => (format!("obj_{tag}[g]"), None),
        "buffer" => ("data[g]".to_string(), None),
        "local" => (
            "loc[l]".to_string(),
            Some(format!("__local int loc[{GROUP}];")),
        ),
        _ => ("mine".to_string(), Some("int mine = 0;".to_string())),
    };
    if let Some(d) = decl {
        b.line(d);
    }
    let arg = if via == "pointer" {
        format!("&{obj}")
    } else {
        obj.clone()
    };
    b.line(format!("int r = twice_{tag}({arg}, g + 5);"));
    b.line("out[2 * g] = r;");
    b.line(format!("out[2 * g + 1] = {obj};"));
    b.close();
    b.run(format!("launch: run_{tag} {ITEMS}/{GROUP}"));
    b.run(super::out_arg(super::types::Scalar::Int, 2 * ITEMS));
    b.run(format!("arg: buffer int[{ITEMS}] data"));
    let want: Vec<i64> = (0..ITEMS as i64)
        .flat_map(|g| [2 * (g + 5), 2 * (g + 5)])
        .collect();
    b.run(expect_list("out", &want));
    out.push(b.finish());
}

/// The code each overload of `which` returns, by the space its `this` is in.
fn overload_code(space: &str) -> i64 {
    match space {
        "global" => 1,
        "local" => 2,
        "private" => 3,
        _ => 4, // generic
    }
}

/// A member function overloaded on the space of `this`: called on an object in `target`, the
/// overload of that space is chosen when there is one, the generic one otherwise; `this`
/// points at the object either way.
fn this_space(out: &mut Out, target: &str, overloads: &str) {
    let dims = vec![
        ("target", target.to_string()),
        ("overloads", overloads.to_string()),
    ];
    let (mut b, tag) = start(RuleId::CxxGenericPointers, profiles(), dims, &[]);
    static_props(&mut b, target);
    b.doc(format!(
        "A member function overloaded on the space of this ({overloads}), called on a {target} object, selects the overload of its space (or the generic one) and its this points at the object."
    ));
    b.open(format!("struct Probe_{tag}"));
    b.line("int value;");
    if overloads == "every-space" {
        for s in ["global", "local", "private"] {
            b.line(format!(
                "int which() __{s} {{ return value * 10 + {}; }}",
                overload_code(s)
            ));
        }
    }
    b.line(format!(
        "int which() {{ return value * 10 + {}; }}",
        overload_code("generic")
    ));
    b.close_with("};");
    if target == "global" {
        b.line(format!("__global Probe_{tag} probe_{tag};"));
    }
    b.open(format!("kernel void run_{tag}(__global int *out)"));
    b.line("int g = (int)get_global_id(0);");
    let obj = match target {
        "global" => format!("probe_{tag}"),
        "local" => {
            b.line(format!("__local Probe_{tag} probe;"));
            "probe".to_string()
        }
        _ => {
            b.line(format!("Probe_{tag} probe;"));
            "probe".to_string()
        }
    };
    b.line(format!("if (get_local_id(0) == 0) {obj}.value = 7;"));
    if target == "private" {
        b.line(format!("{obj}.value = 7;"));
    }
    b.line("barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);");
    b.line(format!("out[g] = {obj}.which();"));
    b.close();
    b.run(format!("launch: run_{tag} {ITEMS}/{GROUP}"));
    b.run(super::out_arg(super::types::Scalar::Int, ITEMS));
    let code = if overloads == "every-space" {
        overload_code(target)
    } else {
        overload_code("generic")
    };
    b.run(expect_list("out", &[70 + code; ITEMS]));
    out.push(b.finish());
}

/// A template instantiated over a space: a function template whose parameter type is deduced
/// as a pointer to `target`, or a class template whose object lives in `target`; overloads on
/// the pointer's space report which space the instantiation kept.
fn template_space(out: &mut Out, target: &str, form: &str) {
    let dims = vec![("target", target.to_string()), ("form", form.to_string())];
    let (mut b, tag) = start(RuleId::CxxGenericPointers, profiles(), dims, &[]);
    static_props(&mut b, target);
    b.doc(format!(
        "A {form} instantiated over {target} memory keeps the space: overloads on the space of its pointer select the {target} one, and the object holds what was stored."
    ));
    for s in ["global", "local", "private"] {
        b.line(format!(
            "int space_{tag}(__{s} int *) {{ return {}; }}",
            overload_code(s)
        ));
    }
    if form == "function-template" {
        b.open(format!("template <typename P> int store_{tag}(P p, int x)"));
        b.line("*p = x;");
        b.line(format!("return space_{tag}(p) * 100 + *p;"));
        b.close();
    } else {
        b.open(format!("template <typename T> struct Box_{tag}"));
        b.line("T v;");
        b.line("int put(int x) { v = x; return v; }");
        b.close_with("};");
    }
    if target == "global" {
        let t = if form == "function-template" {
            format!("int cell_{tag}[{ITEMS}];")
        } else {
            format!("Box_{tag}<int> cell_{tag}[{ITEMS}];")
        };
        b.line(t);
    }
    b.open(format!("kernel void run_{tag}(__global int *out)"));
    b.line("int g = (int)get_global_id(0);");
    b.line("int l = (int)get_local_id(0);");
    let elem = if form == "function-template" {
        "int".to_string()
    } else {
        format!("Box_{tag}<int>")
    };
    let obj = match target {
        "global" => format!("cell_{tag}[g]"),
        "local" => {
            b.line(format!("__local {elem} cell[{GROUP}];"));
            "cell[l]".to_string()
        }
        _ => {
            b.line(format!("{elem} cell;"));
            "cell".to_string()
        }
    };
    if form == "function-template" {
        b.line(format!("out[g] = store_{tag}(&{obj}, g + 3);"));
    } else {
        b.line(format!(
            "out[g] = space_{tag}(&{obj}.v) * 100 + {obj}.put(g + 3);"
        ));
    }
    b.close();
    b.run(format!("launch: run_{tag} {ITEMS}/{GROUP}"));
    b.run(super::out_arg(super::types::Scalar::Int, ITEMS));
    let code = overload_code(target);
    let want: Vec<i64> = (0..ITEMS as i64).map(|g| code * 100 + g + 3).collect();
    b.run(expect_list("out", &want));
    out.push(b.finish());
}

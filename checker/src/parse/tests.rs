//! Parser tests: declarators and their address spaces, typedef disambiguation, every statement
//! and expression form, recovery, limits, token soup, and realistic kernels.
//!
//! Longer than most files: tests only, one table-like list per grammar area, so every form the
//! parser reads is seen in one place.

use super::{translation_unit, MAX_NESTING};
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::source::{FileId, Span};
use crate::spec::{AddrSpace, Profile, Spelling};
use crate::symbol::Interner;
use crate::token::Token;

/// The real lexer; the parser sees no directives in these tests, so no preprocessing.
fn tokenize(src: &str) -> (Vec<Token>, Interner) {
    let mut symbols = Interner::new();
    (crate::lex::lex(FileId(0), src, &mut symbols), symbols)
}

// ---- Helpers -----------------------------------------------------------------------------

/// An arena that lives as long as the test process, so helpers can return trees.
fn arena() -> &'static Arena {
    Box::leak(Box::new(Arena::new()))
}

fn parse_in(src: &str, profile: Profile) -> (TranslationUnit<'static>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let (toks, symbols) = tokenize(src);
    let tu = translation_unit(arena(), &toks, &symbols, profile, &mut diags);
    (tu, diags)
}

/// Parses in OpenCL C 2.0 and asserts there were no diagnostics.
fn parse_ok(src: &str) -> TranslationUnit<'static> {
    parse_ok_in(src, Profile::CL2_0)
}

fn parse_ok_in(src: &str, profile: Profile) -> TranslationUnit<'static> {
    let (tu, diags) = parse_in(src, profile);
    assert!(
        diags.is_empty(),
        "unexpected diagnostics for {src:?}: {diags:#?}"
    );
    tu
}

fn text(src: &str, span: Span) -> &str {
    &src[span.start as usize..span.end as usize]
}

fn decl<'a>(tu: &'a TranslationUnit<'static>, i: usize) -> &'a Declaration<'static> {
    match &tu.items[i] {
        ExternalDecl::Decl(d) => d,
        other => panic!("item {i} is not a declaration: {other:?}"),
    }
}

fn func<'a>(tu: &'a TranslationUnit<'static>, name: &str) -> &'a FunctionDef<'static> {
    tu.items
        .iter()
        .find_map(|i| match i {
            ExternalDecl::Function(f)
                if f.declarator.name.as_ref().is_some_and(|n| n.name == name) =>
            {
                Some(f)
            }
            _ => None,
        })
        .unwrap_or_else(|| panic!("no function {name}"))
}

fn spaces(q: &Quals<'static>) -> Vec<(AddrSpace, Spelling)> {
    q.spaces().map(|(s, sp, _)| (s, sp)).collect()
}

fn pointer_quals<'a>(c: &'a DeclChunk<'static>) -> &'a Quals<'static> {
    match &c.kind {
        ChunkKind::Pointer { quals } => quals,
        other => panic!("not a pointer: {other:?}"),
    }
}

/// The statements of a function body.
fn body<'a>(tu: &'a TranslationUnit<'static>, name: &str) -> &'a [Stmt<'static>] {
    func(tu, name).body.items
}

fn expr_of<'a>(s: &'a Stmt<'static>) -> &'a Expr<'static> {
    match &s.kind {
        StmtKind::Expr(e) => e,
        other => panic!("not an expression statement: {other:?}"),
    }
}

/// The initialiser expression of the only declarator of a declaration statement.
fn init_of<'a>(s: &'a Stmt<'static>) -> &'a Expr<'static> {
    match &s.kind {
        StmtKind::Decl(d) => match &d.declarators[0].init {
            Some(Initializer::Expr(e)) => e,
            other => panic!("no expression initialiser: {other:?}"),
        },
        other => panic!("not a declaration: {other:?}"),
    }
}

fn ident<'a>(e: &'a Expr<'static>) -> &'a str {
    match &e.kind {
        ExprKind::Ident(n) => n,
        other => panic!("not an identifier: {other:?}"),
    }
}

// ---- Declarators and address spaces ------------------------------------------------------

#[test]
fn spaces_on_every_pointer_level() {
    let src = "global int * local * p;";
    let tu = parse_ok(src);
    let d = decl(&tu, 0);
    assert_eq!(
        spaces(&d.specs.quals),
        [(AddrSpace::Global, Spelling::Bare)]
    );
    let dd = &d.declarators[0].declarator;
    assert_eq!(dd.name.as_ref().unwrap().name, "p");
    assert_eq!(dd.chunks.len(), 2);
    // From the name outward: p itself is an unqualified pointer, to a local pointer.
    assert!(pointer_quals(&dd.chunks[0]).is_empty());
    assert_eq!(
        spaces(pointer_quals(&dd.chunks[1])),
        [(AddrSpace::Local, Spelling::Bare)]
    );
    let (_, _, span) = pointer_quals(&dd.chunks[1]).spaces().next().unwrap();
    assert_eq!(text(src, span), "local");
    assert_eq!(dd.object_quals(&d.specs).unwrap().space(), None);
}

#[test]
fn space_on_a_function_return_type_is_representable() {
    let tu = parse_ok("local int * private f();");
    let d = decl(&tu, 0);
    let dd = &d.declarators[0].declarator;
    assert!(dd.is_function());
    assert_eq!(spaces(&d.specs.quals), [(AddrSpace::Local, Spelling::Bare)]);
    assert_eq!(
        spaces(pointer_quals(&dd.chunks[1])),
        [(AddrSpace::Private, Spelling::Bare)]
    );
    assert!(dd.object_quals(&d.specs).is_none());
}

#[test]
fn two_spaces_on_one_level_are_kept_in_order() {
    let src = "global __local int x;";
    let tu = parse_ok(src);
    let d = decl(&tu, 0);
    assert_eq!(
        spaces(&d.specs.quals),
        [
            (AddrSpace::Global, Spelling::Bare),
            (AddrSpace::Local, Spelling::Prefixed)
        ]
    );
    let spans: Vec<&str> = d
        .specs
        .quals
        .spaces()
        .map(|(_, _, s)| text(src, s))
        .collect();
    assert_eq!(spans, ["global", "__local"]);
}

#[test]
fn every_spelling_in_every_position() {
    for space in AddrSpace::ALL {
        for spelling in Spelling::ALL {
            let kw = space.keyword(spelling);
            let src = format!("void f({kw} int * {kw} const * {kw} p) {{ {kw} float * q; }}");
            let tu = parse_ok(&src);
            let f = func(&tu, "f");
            let p = &f.params()[0];
            assert_eq!(spaces(&p.specs.quals), [(space, spelling)], "{src}");
            let c = &p.declarator.chunks;
            assert_eq!(spaces(pointer_quals(&c[0])), [(space, spelling)], "{src}");
            assert_eq!(spaces(pointer_quals(&c[1])), [(space, spelling)], "{src}");
            assert!(pointer_quals(&c[1]).has(QualKind::Const));
            let StmtKind::Decl(q) = &f.body.items[0].kind else {
                panic!("{src}")
            };
            assert_eq!(spaces(&q.specs.quals), [(space, spelling)]);
        }
    }
}

#[test]
fn generic_is_a_keyword_only_with_the_feature() {
    for profile in [Profile::CL1_2, Profile::CL3_0] {
        let tu = parse_ok_in("int generic; int __generic = 1;", profile);
        assert_eq!(
            decl(&tu, 0).declarators[0]
                .declarator
                .name
                .as_ref()
                .unwrap()
                .name,
            "generic"
        );
        // Where the generic space is missing, `generic` before a type still parses as the
        // qualifier, so semantic analysis can name the rule (AS-GENERIC-QUALIFIER).
        let tu = parse_ok_in("generic int *p;", profile);
        assert_eq!(
            spaces(&decl(&tu, 0).specs.quals),
            [(AddrSpace::Generic, Spelling::Bare)]
        );
    }
    for profile in [Profile::CL2_0, Profile::CL3_0_GENERIC] {
        let tu = parse_ok_in("generic int * __generic *p;", profile);
        let d = decl(&tu, 0);
        assert_eq!(
            spaces(&d.specs.quals),
            [(AddrSpace::Generic, Spelling::Bare)]
        );
        let c = &d.declarators[0].declarator.chunks;
        assert_eq!(
            spaces(pointer_quals(&c[1])),
            [(AddrSpace::Generic, Spelling::Prefixed)]
        );
        // Where only a name fits, the reserved word is read as the name, so semantic analysis
        // reports AS-RESERVED-GENERIC rather than a syntax error.
        let tu = parse_ok_in("int generic;", profile);
        assert_eq!(
            decl(&tu, 0).declarators[0]
                .declarator
                .name
                .as_ref()
                .unwrap()
                .name,
            "generic"
        );
    }
}

#[test]
fn declarator_shapes() {
    let tu =
        parse_ok("int *a[3]; int (*b)[3]; int (*fp)(int, float); int m[2][3]; int *(*g(void))[4];");
    let kinds = |i: usize| -> Vec<&'static str> {
        decl(&tu, i).declarators[0]
            .declarator
            .chunks
            .iter()
            .map(|c| match c.kind {
                ChunkKind::Pointer { .. } => "ptr",
                ChunkKind::BlockPointer { .. } => "block",
                ChunkKind::MemberPointer { .. } => "member",
                ChunkKind::Array { .. } => "array",
                ChunkKind::Function { .. } => "fn",
                ChunkKind::Reference { .. } => "ref",
            })
            .collect()
    };
    assert_eq!(kinds(0), ["array", "ptr"]);
    assert_eq!(kinds(1), ["ptr", "array"]);
    assert_eq!(kinds(2), ["ptr", "fn"]);
    assert_eq!(kinds(3), ["array", "array"]);
    assert_eq!(kinds(4), ["fn", "ptr", "array", "ptr"]);
}

#[test]
fn parameters_arrays_and_abstract_declarators() {
    let tu = parse_ok(
        "void f(int a[], int b[static 3], int c[const 4], float d[*]);\n\
         void g(int (*)(void), int [], local char *, ...);\n\
         void h(void);\nvoid i();",
    );
    let params = |i: usize| match &decl(&tu, i).declarators[0].declarator.chunks[0].kind {
        ChunkKind::Function {
            params,
            variadic,
            void_param,
            ..
        } => (*params, *variadic, void_param.is_some()),
        other => panic!("{other:?}"),
    };
    let (f, _, _) = params(0);
    assert_eq!(f.len(), 4);
    match &f[1].declarator.chunks[0].kind {
        ChunkKind::Array {
            is_static, size, ..
        } => assert!(*is_static && size.is_some()),
        other => panic!("{other:?}"),
    }
    match &f[2].declarator.chunks[0].kind {
        ChunkKind::Array { quals, .. } => assert!(quals.has(QualKind::Const)),
        other => panic!("{other:?}"),
    }
    match &f[3].declarator.chunks[0].kind {
        ChunkKind::Array { star, .. } => assert!(*star),
        other => panic!("{other:?}"),
    }
    let (g, variadic, _) = params(1);
    assert!(variadic);
    assert_eq!(g.len(), 3);
    assert!(g.iter().all(|p| p.declarator.name.is_none()));
    assert!(matches!(
        g[0].declarator.chunks[0].kind,
        ChunkKind::Pointer { .. }
    ));
    assert!(matches!(
        g[0].declarator.chunks[1].kind,
        ChunkKind::Function { .. }
    ));
    assert_eq!(
        spaces(&g[2].specs.quals),
        [(AddrSpace::Local, Spelling::Bare)]
    );
    assert!(params(2).2);
    assert!(!params(3).2 && params(3).0.is_empty());
}

#[test]
fn specifiers_of_every_kind() {
    let tu = parse_ok(
        "static const volatile unsigned long int x; extern int y; typedef int T;\n\
         __kernel void k(read_only image2d_t img, __write_only image3d_t out, int * restrict r) {}\n\
         kernel inline void l(void) {}\n\
         void p(read_only pipe int in, write_only pipe float4 out);",
    );
    let x = decl(&tu, 0);
    assert!(x.specs.has_storage(StorageClass::Static));
    assert!(x.specs.quals.has(QualKind::Const) && x.specs.quals.has(QualKind::Volatile));
    assert_eq!(x.specs.types.len(), 3);
    assert!(decl(&tu, 2).specs.is_typedef());
    let k = func(&tu, "k");
    assert!(k.specs.is_kernel());
    assert_eq!(k.params()[0].specs.access[0].node, AccessQual::ReadOnly);
    assert_eq!(k.params()[1].specs.access[0].node, AccessQual::WriteOnly);
    assert!(
        matches!(&k.params()[0].specs.types[0].kind, TypeSpecKind::Builtin(n) if *n == "image2d_t")
    );
    assert!(pointer_quals(&k.params()[2].declarator.chunks[0]).has(QualKind::Restrict));
    let l = func(&tu, "l");
    let fs: Vec<FuncSpec> = l.specs.functions.iter().map(|f| f.node).collect();
    assert_eq!(fs, [FuncSpec::Kernel, FuncSpec::Inline]);
    let ChunkKind::Function { params, .. } = &decl(&tu, 5).declarators[0].declarator.chunks[0].kind
    else {
        panic!()
    };
    assert!(params.iter().all(|p| p.specs.pipe.is_some()));
}

#[test]
fn pipe_is_an_identifier_without_pipes() {
    parse_ok_in("int pipe = 1;", Profile::CL1_2);
    assert_eq!(
        parse_in("void p(read_only pipe int in);", Profile::CL1_2)
            .1
            .len(),
        1
    );
}

#[test]
fn builtin_type_names_are_predeclared() {
    parse_ok(
        "kernel void k(global float4 *v, global uint *u, image2d_t img, sampler_t s, global atomic_int *a,\n\
         global half *h, size_t n, global ulong16 *w, queue_t q, event_t e, global double3 *d) {\n\
         int4 i = (int4)(1, 2, 3, 4); uchar c; ptrdiff_t p; clk_event_t ev; bool b; }",
    );
}

#[test]
fn typedef_names_decide_declarations_and_casts() {
    let src = "typedef int T; typedef global float *gptr; int a;\n\
               void f(int *x) { int y = (T)*x; int z = (a)*x; T * p; a * y; gptr q; }";
    let tu = parse_ok(src);
    let b = body(&tu, "f");
    assert!(matches!(init_of(&b[0]).kind, ExprKind::Cast(..)));
    let ExprKind::Binary(BinaryOp::Mul, lhs, _) = &init_of(&b[1]).kind else {
        panic!("{:?}", b[1])
    };
    assert!(matches!(lhs.kind, ExprKind::Paren(_)));
    let StmtKind::Decl(d) = &b[2].kind else {
        panic!("{:?}", b[2])
    };
    assert!(matches!(&d.specs.types[0].kind, TypeSpecKind::Named(n) if n.name == "T"));
    assert!(matches!(
        expr_of(&b[3]).kind,
        ExprKind::Binary(BinaryOp::Mul, ..)
    ));
    assert!(matches!(b[4].kind, StmtKind::Decl(_)));
}

#[test]
fn inner_declarations_shadow_typedef_names() {
    let tu = parse_ok("typedef int T; void f(void) { int x; { int T = 2; T * x; } T y; }");
    let b = body(&tu, "f");
    let StmtKind::Compound(inner) = &b[1].kind else {
        panic!()
    };
    assert!(matches!(
        expr_of(&inner.items[1]).kind,
        ExprKind::Binary(BinaryOp::Mul, ..)
    ));
    assert!(matches!(b[2].kind, StmtKind::Decl(_)));
    // After a type specifier a typedef name is the declared name.
    let tu = parse_ok("typedef int T; void g(void) { unsigned T; T = 1; }");
    assert!(matches!(
        expr_of(&body(&tu, "g")[1]).kind,
        ExprKind::Assign(..)
    ));
}

#[test]
fn structs_unions_enums() {
    let tu = parse_ok(
        "struct S { int a; global float *p; struct { int x, y; } inner; union { int i; float f; }; \n\
         unsigned flags : 3, : 2, more : 1; };\n\
         struct S s; struct Fwd; union U { int i; } u;\n\
         enum E { A, B = 3, C, }; enum { D } e; typedef struct { int v; } V; V arr[4];",
    );
    let TypeSpecKind::Record(s) = &decl(&tu, 0).specs.types[0].kind else {
        panic!()
    };
    assert_eq!(s.name.as_ref().unwrap().name, "S");
    let fields = s.fields.as_ref().unwrap();
    assert_eq!(fields.len(), 5);
    assert_eq!(
        spaces(&fields[1].specs.quals),
        [(AddrSpace::Global, Spelling::Bare)]
    );
    let TypeSpecKind::Record(inner) = &fields[2].specs.types[0].kind else {
        panic!()
    };
    assert!(inner.name.is_none() && inner.fields.as_ref().unwrap()[0].declarators.len() == 2);
    assert!(fields[3].declarators.is_empty(), "anonymous union member");
    let bits = &fields[4].declarators;
    assert_eq!(bits.len(), 3);
    assert!(bits.iter().all(|b| b.bit_width.is_some()));
    assert!(bits[1].declarator.name.is_none());
    let TypeSpecKind::Record(fwd) = &decl(&tu, 2).specs.types[0].kind else {
        panic!()
    };
    assert!(fwd.fields.is_none());
    let TypeSpecKind::Enum(e) = &decl(&tu, 4).specs.types[0].kind else {
        panic!()
    };
    let names: Vec<&str> = e
        .enumerators
        .as_ref()
        .unwrap()
        .iter()
        .map(|e| e.name.name)
        .collect();
    assert_eq!(names, ["A", "B", "C"]);
    assert!(matches!(&decl(&tu, 7).specs.types[0].kind, TypeSpecKind::Named(n) if n.name == "V"));
}

// ---- Initialisers ------------------------------------------------------------------------

#[test]
fn initialisers_lists_and_designators() {
    let tu = parse_ok(
        "constant int a[4] = { 1, 2, [3] = 4 }; constant struct P { int x, y; } p = { .y = 2, .x = 1 };\n\
         constant int m[2][2] = { { 1, 2 }, { 3, 4 }, };",
    );
    let Some(Initializer::List(l)) = &decl(&tu, 0).declarators[0].init else {
        panic!()
    };
    assert_eq!(l.items.len(), 3);
    assert!(matches!(l.items[2].designators[..], [Designator::Index(_)]));
    let Some(Initializer::List(l)) = &decl(&tu, 1).declarators[0].init else {
        panic!()
    };
    assert!(matches!(l.items[0].designators, [Designator::Field(f)] if f.name == "y"));
    let Some(Initializer::List(l)) = &decl(&tu, 2).declarators[0].init else {
        panic!()
    };
    assert!(matches!(l.items[1].init, Initializer::List(_)));
}

#[test]
fn vector_literals_are_distinct_from_casts() {
    let src = "typedef float4 vec; void f(int a, int b, global int *g) {\n\
               float4 v = (float4)(1.0f, 2.0f, 3.0f, 4.0f); float4 w = (float4)(a);\n\
               vec u = (vec)(a, b, a, b); int *p = (int *)(a, b); float2 h = (float2)((float)a, b);\n\
               global int *q = (global int *)(g); }";
    let tu = parse_ok(src);
    let b = body(&tu, "f");
    let ExprKind::VectorLiteral(ty, elems) = &init_of(&b[0]).kind else {
        panic!("{:?}", b[0])
    };
    assert_eq!(elems.len(), 4);
    assert_eq!(text(src, ty.span), "float4");
    assert_eq!(
        text(src, init_of(&b[0]).span),
        "(float4)(1.0f, 2.0f, 3.0f, 4.0f)"
    );
    assert!(matches!(init_of(&b[1]).kind, ExprKind::Cast(..)));
    assert!(matches!(&init_of(&b[2]).kind, ExprKind::VectorLiteral(_, e) if e.len() == 4));
    let ExprKind::Cast(_, operand) = &init_of(&b[3]).kind else {
        panic!()
    };
    assert!(matches!(&operand.kind, ExprKind::Paren(c) if matches!(c.kind, ExprKind::Comma(..))));
    let ExprKind::VectorLiteral(_, e) = &init_of(&b[4]).kind else {
        panic!()
    };
    assert!(matches!(e[0].kind, ExprKind::Cast(..)));
    let ExprKind::Cast(ty, _) = &init_of(&b[5]).kind else {
        panic!()
    };
    assert_eq!(
        spaces(&ty.specs.quals),
        [(AddrSpace::Global, Spelling::Bare)]
    );
}

// ---- Statements --------------------------------------------------------------------------

#[test]
fn every_statement_form() {
    let tu = parse_ok(
        "void f(int n) {\n\
           { }\n ;\n n++;\n int x = 0;\n\
           if (n) x = 1; else if (x) x = 2; else { x = 3; }\n\
           for (int i = 0; i < n; i++) x += i;\n for (x = 0; ; ) break;\n for (;;) { continue; }\n\
           while (x) x--;\n do { x++; } while (x < 10);\n\
           switch (n) { case 1: x = 1; break; case 2: case 3: { x = 2; } default: x = 0; }\n\
           goto end;\n end: return;\n }\n int g(void) { return 1 + 2; }",
    );
    let b = body(&tu, "f");
    let kinds: Vec<&str> = b
        .iter()
        .map(|s| match s.kind {
            StmtKind::Compound(_) => "block",
            StmtKind::Decl(_) => "decl",
            StmtKind::Expr(_) => "expr",
            StmtKind::Empty => "empty",
            StmtKind::If { .. } => "if",
            StmtKind::While { .. } => "while",
            StmtKind::DoWhile { .. } => "do",
            StmtKind::For { .. } => "for",
            StmtKind::Switch { .. } => "switch",
            StmtKind::Case { .. } => "case",
            StmtKind::Default { .. } => "default",
            StmtKind::Break => "break",
            StmtKind::Continue => "continue",
            StmtKind::Return(_) => "return",
            StmtKind::Goto(_) => "goto",
            StmtKind::Labeled { .. } => "label",
            StmtKind::Error => "error",
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "block", "empty", "expr", "decl", "if", "for", "for", "for", "while", "do", "switch",
            "goto", "label"
        ]
    );
    let StmtKind::If { els: Some(els), .. } = &b[4].kind else {
        panic!()
    };
    assert!(matches!(els.kind, StmtKind::If { els: Some(_), .. }));
    let StmtKind::For {
        init: ForInit::Decl(d),
        cond: Some(_),
        step: Some(_),
        ..
    } = &b[5].kind
    else {
        panic!()
    };
    assert_eq!(d.declarators[0].declarator.name.as_ref().unwrap().name, "i");
    assert!(matches!(
        &b[6].kind,
        StmtKind::For {
            init: ForInit::Expr(_),
            cond: None,
            step: None,
            ..
        }
    ));
    let StmtKind::Switch { body: sw, .. } = &b[10].kind else {
        panic!()
    };
    let StmtKind::Compound(sw) = &sw.kind else {
        panic!()
    };
    assert!(
        matches!(&sw.items[2].kind, StmtKind::Case { body, .. } if matches!(body.kind, StmtKind::Case { .. }))
    );
    assert!(matches!(
        sw.items.last().unwrap().kind,
        StmtKind::Default { .. }
    ));
    let StmtKind::Labeled { label, body: l, .. } = &b[12].kind else {
        panic!()
    };
    assert_eq!(label.name, "end");
    assert!(matches!(l.kind, StmtKind::Return(None)));
    assert!(matches!(body(&tu, "g")[0].kind, StmtKind::Return(Some(_))));
}

// ---- Expressions -------------------------------------------------------------------------

#[test]
fn precedence_and_associativity() {
    let tu = parse_ok("void f(int a, int b, int c, int d) { a = b = c + d * a - b; a = b ? c : d ? a : b; a = (b, c), d; a = b << 1 < c == d & a ^ b | c && d || a; }");
    let b = body(&tu, "f");
    let ExprKind::Assign(None, lhs, rhs) = &expr_of(&b[0]).kind else {
        panic!()
    };
    assert_eq!(ident(lhs), "a");
    let ExprKind::Assign(None, _, sum) = &rhs.kind else {
        panic!()
    };
    let ExprKind::Binary(BinaryOp::Sub, l, _) = &sum.kind else {
        panic!("{sum:?}")
    };
    let ExprKind::Binary(BinaryOp::Add, _, m) = &l.kind else {
        panic!()
    };
    assert!(matches!(m.kind, ExprKind::Binary(BinaryOp::Mul, ..)));
    let ExprKind::Assign(_, _, c) = &expr_of(&b[1]).kind else {
        panic!()
    };
    let ExprKind::Conditional(_, _, els) = &c.kind else {
        panic!()
    };
    assert!(matches!(els.kind, ExprKind::Conditional(..)));
    assert!(matches!(expr_of(&b[2]).kind, ExprKind::Comma(..)));
    let ExprKind::Assign(_, _, e) = &expr_of(&b[3]).kind else {
        panic!()
    };
    assert!(matches!(e.kind, ExprKind::Binary(BinaryOp::LogOr, ..)));
}

#[test]
fn every_expression_form() {
    let src = "struct S { int x; global int *p; };\n\
               void f(struct S s, struct S *ps, float4 v, global int *g, int i) {\n\
               i += 1; i -= 1; i *= 2; i /= 2; i %= 2; i <<= 1; i >>= 1; i &= 1; i ^= 1; i |= 1;\n\
               i = -i + +i + ~i + !i; i = *g + g[0] + *&i; ++i; --i; i++; i--;\n\
               i = sizeof(int) + sizeof i + sizeof(global int *) + vec_step(float4) + vec_step(v) + __alignof__(int);\n\
               i = s.x + ps->x + ps->p[1] + f2(i, g, 3); v.xyzw = v.wzyx; v.s0123 = v.s3210; v.lo = v.hi;\n\
               i = (int)v.x; s = (struct S){ 1, g }; i = 'c' + 0x1Fu + 7UL; v = 1.5f + 2e-3;\n\
               g = \"ab\" \"cd\"; i = sizeof (int[2]){1, 2}; }";
    let tu = parse_ok(src);
    let b = body(&tu, "f");
    let ops: Vec<Option<BinaryOp>> = b[..10]
        .iter()
        .map(|s| match &expr_of(s).kind {
            ExprKind::Assign(op, ..) => *op,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(ops[0], Some(BinaryOp::Add));
    assert_eq!(ops[9], Some(BinaryOp::BitOr));
    assert!(matches!(
        expr_of(&b[12]).kind,
        ExprKind::Unary(UnaryOp::PreInc, _)
    ));
    assert!(matches!(
        expr_of(&b[15]).kind,
        ExprKind::Unary(UnaryOp::PostDec, _)
    ));
    let ExprKind::Assign(_, _, sz) = &expr_of(&b[16]).kind else {
        panic!()
    };
    let mut traits = Vec::new();
    let mut cur = &**sz;
    while let ExprKind::Binary(BinaryOp::Add, l, r) = &cur.kind {
        traits.push(&r.kind);
        cur = l;
    }
    traits.push(&cur.kind);
    traits.reverse();
    assert!(matches!(
        traits[0],
        ExprKind::SizeofType(TypeTrait::Sizeof, _)
    ));
    assert!(matches!(
        traits[1],
        ExprKind::SizeofExpr(TypeTrait::Sizeof, _)
    ));
    let ExprKind::SizeofType(_, t) = traits[2] else {
        panic!()
    };
    assert_eq!(
        spaces(&t.specs.quals),
        [(AddrSpace::Global, Spelling::Bare)]
    );
    assert!(matches!(
        traits[3],
        ExprKind::SizeofType(TypeTrait::VecStep, _)
    ));
    assert!(matches!(
        traits[4],
        ExprKind::SizeofExpr(TypeTrait::VecStep, _)
    ));
    assert!(matches!(
        traits[5],
        ExprKind::SizeofType(TypeTrait::Alignof, _)
    ));
    let ExprKind::Assign(_, l, r) = &expr_of(&b[18]).kind else {
        panic!()
    };
    assert!(matches!(&l.kind, ExprKind::Member { name, arrow: false, .. } if name.name == "xyzw"));
    assert!(matches!(&r.kind, ExprKind::Member { name, .. } if name.name == "wzyx"));
    let ExprKind::Assign(_, _, sum) = &expr_of(&b[17]).kind else {
        panic!()
    };
    let ExprKind::Binary(_, _, call) = &sum.kind else {
        panic!()
    };
    assert!(
        matches!(&call.kind, ExprKind::Call(callee, args) if ident(callee) == "f2" && args.len() == 3)
    );
    let ExprKind::Assign(_, _, lit) = &expr_of(&b[22]).kind else {
        panic!()
    };
    assert!(matches!(&lit.kind, ExprKind::CompoundLiteral(_, l) if l.items.len() == 2));
    let ExprKind::Assign(_, _, s) = &expr_of(&b[25]).kind else {
        panic!()
    };
    assert!(matches!(&s.kind, ExprKind::Str(parts) if parts.len() == 2));
    let ExprKind::Assign(_, _, s) = &expr_of(&b[26]).kind else {
        panic!()
    };
    assert!(
        matches!(&s.kind, ExprKind::SizeofExpr(_, e) if matches!(e.kind, ExprKind::CompoundLiteral(..)))
    );
}

#[test]
fn spans_cover_the_written_text() {
    let src = "void f(global int *p, int i) { i = p[i] + (int)*p; }";
    let tu = parse_ok(src);
    let f = func(&tu, "f");
    assert_eq!(text(src, f.span), src);
    assert_eq!(text(src, f.params()[0].span), "global int *p");
    let e = expr_of(&f.body.items[0]);
    assert_eq!(text(src, e.span), "i = p[i] + (int)*p");
    let ExprKind::Assign(_, _, r) = &e.kind else {
        panic!()
    };
    let ExprKind::Binary(_, l, c) = &r.kind else {
        panic!()
    };
    assert_eq!(text(src, l.span), "p[i]");
    assert_eq!(text(src, c.span), "(int)*p");
    assert_eq!(text(src, f.body.items[0].span), "i = p[i] + (int)*p;");
}

#[test]
fn attributes_are_skipped_and_named() {
    let src = "__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void k(\n\
               global float * __attribute__((aligned(16))) restrict p __attribute__((unused))) {}\n\
               struct __attribute__((packed)) P { char c; int i; } __attribute__((aligned(8)));\n\
               typedef float f4 __attribute__((ext_vector_type(4)));\n\
               int v __attribute__((aligned)) = 1;\n\
               void g(void) { __attribute__((unused)) int x; lbl: __attribute__((unused)); }";
    let tu = parse_ok(src);
    let k = func(&tu, "k");
    assert_eq!(k.specs.attrs[0].name, "reqd_work_group_size");
    assert_eq!(text(src, k.specs.attrs[0].args.unwrap()), "(64, 1, 1)");
    let names: Vec<&str> = k.params()[0]
        .declarator
        .attrs
        .iter()
        .map(|a| a.name)
        .collect();
    assert_eq!(names, ["aligned", "unused"]);
    let TypeSpecKind::Record(r) = &decl(&tu, 1).specs.types[0].kind else {
        panic!()
    };
    let names: Vec<&str> = r.attrs.iter().map(|a| a.name).collect();
    assert_eq!(names, ["packed", "aligned"]);
}

// ---- C++ for OpenCL ----------------------------------------------------------------------

#[test]
fn cxx_lambdas_are_read_without_diagnostics_and_malformed_ones_are_syntax_errors() {
    let ok = "kernel void k(global int *p) {\n\
              int i = 0;\n\
              auto a = [&]() { i++; };\n\
              [&] { i++; } ();\n\
              auto b = []() __private {};\n\
              __constant auto c = [](int x) mutable noexcept __generic -> int { return x; };\n\
              auto d = [=](auto v) constexpr __attribute__((unused)) { return v; };\n\
              p[0] = i; }";
    let (_, diags) = parse_in(ok, Profile::CXX2021);
    assert!(diags.is_empty(), "{diags:#?}");
    // Specifiers need `()` before them; `mutable` comes before the space; a body is required.
    for bad in [
        "kernel void k(void) { [&] __private {} (); }",
        "kernel void k(void) { [&] () __private mutable {} (); }",
        "kernel void k(void) { auto l = [](int x); }",
    ] {
        let (_, diags) = parse_in(bad, Profile::CXX2021);
        assert!(
            diags.iter().any(|d| d.code == Code::Syntax),
            "{bad}: {diags:#?}"
        );
    }
}

#[test]
fn cxx_constructs_outside_the_subset_are_unsupported_with_recovery() {
    // Virtual functions, friends and exceptions are outside the checker's C++ subset: each is
    // reported as unsupported, never as a syntax error, and the kernel after them still parses
    // (a lambda between them is read and skipped).
    let src = "struct V { virtual int f(); friend struct W; };\n\
               kernel void k(global int *p) { auto l = [](int x) { return x; }; throw 1; p[0] = 1; }";
    let (tu, diags) = parse_in(src, Profile::CXX2021);
    assert!(
        diags.iter().filter(|d| d.code == Code::Unsupported).count() >= 3,
        "{diags:#?}"
    );
    assert!(
        diags.iter().all(|d| d.code == Code::Unsupported),
        "{diags:#?}"
    );
    assert!(diags
        .iter()
        .all(|d| d.message.starts_with("unsupported C++ construct: ")));
    func(&tu, "k");
}

// ---- Recovery ----------------------------------------------------------------------------

#[test]
fn two_errors_are_both_reported_and_later_declarations_parse() {
    let src =
        "int a = ;\nint b c;\nkernel void k(global int *p) { p[0] = 1 +; int ok; p[1] = ) ; }\n\
               struct S { int x int y; };\nconstant int last = 3;";
    let (tu, diags) = parse_in(src, Profile::CL1_2);
    let lines: Vec<usize> = diags
        .iter()
        .map(|d| src[..d.span.start as usize].matches('\n').count() + 1)
        .collect();
    assert!(diags.iter().all(|d| d.code == Code::Syntax), "{diags:#?}");
    assert_eq!(lines, [1, 2, 3, 3, 4], "{diags:#?}");
    let k = func(&tu, "k");
    assert!(k
        .body
        .items
        .iter()
        .any(|s| matches!(&s.kind, StmtKind::Decl(d)
        if d.declarators[0].declarator.name.as_ref().is_some_and(|n| n.name == "ok"))));
    let last = tu.items.last().unwrap();
    let ExternalDecl::Decl(last) = last else {
        panic!()
    };
    assert_eq!(
        last.declarators[0].declarator.name.as_ref().unwrap().name,
        "last"
    );
}

#[test]
fn missing_semicolon_stops_at_the_next_declaration_line() {
    let src = "int x = 1 +\nkernel void k(void) { }\nint y;";
    let (tu, diags) = parse_in(src, Profile::CL1_2);
    assert_eq!(diags.len(), 1, "{diags:#?}");
    func(&tu, "k");
    assert_eq!(tu.items.len(), 3);
}

#[test]
fn unknown_tokens_and_truncated_input() {
    for src in [
        "int x = @;",
        "kernel void k(global int *p) { p[0] = 1",
        "struct S {",
        "int (",
        "}",
        "int f(a, b) { }",
    ] {
        let (_, diags) = parse_in(src, Profile::CL3_0);
        assert!(!diags.is_empty(), "{src}");
        assert!(
            diags.iter().all(|d| d.code == Code::Syntax),
            "{src}: {diags:#?}"
        );
    }
    let mut diags = Vec::new();
    let tu = translation_unit(arena(), &[], &Interner::new(), Profile::CL3_0, &mut diags);
    assert!(tu.items.is_empty() && diags.is_empty());
    // Tokens without the final Eof still parse.
    let (mut toks, symbols) = tokenize("int x;");
    toks.pop();
    assert_eq!(
        translation_unit(arena(), &toks, &symbols, Profile::CL3_0, &mut diags)
            .items
            .len(),
        1
    );
}

// ---- Limits ------------------------------------------------------------------------------

/// Runs `f` on a thread with the default test stack size (2 MiB), where a recursive descent
/// without limits would overflow.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn deep_nesting_hits_the_limit_not_the_stack() {
    on_small_stack(|| {
        // 100 000 levels of the four brackets; the other shapes at 10 000, which is as far
        // past the limit and keeps the debug-build test quick.
        let (n, m) = (100_000, 10_000);
        let inputs = [
            format!("int x = {}1{};", "(".repeat(n), ")".repeat(n)),
            format!("void f(void) {{ {} }}", "{".repeat(n)),
            format!("void f(void) {}{}", "{".repeat(n), "}".repeat(n)),
            format!("int {}p;", "*".repeat(n)),
            format!("void f(int *p) {{ {}p; }}", "*".repeat(n)),
            format!(
                "void f(int *p) {{ p{}0{}; }}",
                "[p".repeat(n),
                "]".repeat(n)
            ),
            format!("int {}x{};", "(".repeat(m), ")".repeat(m)),
            format!("int x = {}1{};", "{".repeat(m), "}".repeat(m)),
            format!("void f(int a) {{ {} a; }}", "if (a) ".repeat(m)),
            format!("void f(int a) {{ a = {}a; }}", "a + ".repeat(m)),
            format!("void f(int a) {{ a = {}a; }}", "a = ".repeat(m)),
            format!("void f(float4 a) {{ a{}; }}", ".x".repeat(m)),
            format!("int x = {}1;", "-".repeat(m)),
            format!("int x = {}1;", "(int)".repeat(m)),
            format!("{} int x;", "struct { ".repeat(m)),
            format!("void f(int a) {{ a = {}a; }}", "a ? a : ".repeat(m)),
        ];
        for src in &inputs {
            let (_, diags) = parse_in(src, Profile::CL2_0);
            let limits = diags.iter().filter(|d| d.code == Code::Limit).count();
            assert!(limits >= 1, "{}: {:?}", &src[..40], diags.first());
            assert!(
                diags.len() < 10,
                "{}: {} diagnostics",
                &src[..40],
                diags.len()
            );
        }
        // Unbalanced openers are syntax errors before they are deep, and must stay few.
        for src in [
            format!("int x{};", "[".repeat(m)),
            format!("int x = {};", "(".repeat(m)),
            "{".repeat(m),
        ] {
            let (_, diags) = parse_in(&src, Profile::CL2_0);
            assert!(
                !diags.is_empty() && diags.len() < 10,
                "{}: {diags:?}",
                &src[..20]
            );
        }
        // Just under the limit is fine.
        let depth = (MAX_NESTING / 4) as usize;
        parse_ok(&format!(
            "int x = {}1{};",
            "(".repeat(depth),
            ")".repeat(depth)
        ));
    });
}

// ---- Token soup --------------------------------------------------------------------------

/// A tiny xorshift generator, so the soup is the same on every run.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn token_soup_never_panics() {
    const WORDS: &[&str] = &[
        "int",
        "float4",
        "global",
        "__local",
        "constant",
        "private",
        "generic",
        "kernel",
        "void",
        "struct",
        "union",
        "enum",
        "typedef",
        "T",
        "x",
        "y",
        "if",
        "else",
        "for",
        "while",
        "do",
        "switch",
        "case",
        "default",
        "return",
        "break",
        "goto",
        "sizeof",
        "vec_step",
        "__attribute__",
        "static",
        "const",
        "read_only",
        "pipe",
        "image2d_t",
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        ";",
        ",",
        "*",
        "&",
        "=",
        "+",
        "-",
        ".",
        "->",
        "?",
        ":",
        "...",
        "1",
        "2.0f",
        "'c'",
        "\"s\"",
        "@",
        "::",
        "++",
        "<<=",
        "!",
        "~",
        "template",
        "class",
        "#",
    ];
    on_small_stack(|| {
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        for round in 0..3000 {
            let len = rng.below(60) + 1;
            let mut src = String::new();
            if round % 3 == 0 {
                src.push_str("typedef int T; kernel void k(global int *p) { ");
            }
            for _ in 0..len {
                src.push_str(WORDS[rng.below(WORDS.len())]);
                src.push(if rng.below(8) == 0 { '\n' } else { ' ' });
            }
            let profile = Profile::ALL[round % Profile::ALL.len()];
            let (_, diags) = parse_in(&src, profile);
            for d in &diags {
                assert!(d.span.end as usize <= src.len(), "{src}: {d:?}");
            }
        }
    });
}

// ---- Realistic kernels -------------------------------------------------------------------

#[test]
fn reduction_with_local_scratch() {
    let src = r#"
__kernel void reduce(__global const float *restrict in, __global float *out,
                     __local float *scratch, const uint n)
{
    const size_t lid = get_local_id(0);
    const size_t gid = get_global_id(0);
    __local float partial[64];
    scratch[lid] = gid < n ? in[gid] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        partial[get_group_id(0) % 64] = scratch[0];
        out[get_group_id(0)] = scratch[0];
    }
}
"#;
    let tu = parse_ok_in(src, Profile::CL1_2);
    let f = func(&tu, "reduce");
    assert_eq!(f.params().len(), 4);
    assert_eq!(
        spaces(&f.params()[2].specs.quals),
        [(AddrSpace::Local, Spelling::Prefixed)]
    );
    let StmtKind::Decl(partial) = &f.body.items[2].kind else {
        panic!()
    };
    assert_eq!(
        spaces(&partial.specs.quals),
        [(AddrSpace::Local, Spelling::Prefixed)]
    );
}

#[test]
fn image_convolution_with_a_sampler() {
    let src = r#"
constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__constant float weights[3][3] = {
    { 0.0625f, 0.125f, 0.0625f },
    { 0.125f,  0.25f,  0.125f  },
    { 0.0625f, 0.125f, 0.0625f },
};

kernel void convolve(read_only image2d_t src, write_only image2d_t dst, int radius)
{
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    float4 acc = (float4)(0.0f);
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            float4 px = read_imagef(src, smp, pos + (int2)(dx, dy));
            acc += px * weights[dy + 1][dx + 1];
        }
    }
    acc.w = 1.0f;
    write_imagef(dst, pos, clamp(acc, 0.0f, 1.0f));
}
"#;
    let tu = parse_ok_in(src, Profile::CL1_2);
    let d = decl(&tu, 0);
    assert_eq!(
        spaces(&d.specs.quals),
        [(AddrSpace::Constant, Spelling::Bare)]
    );
    assert!(matches!(&d.specs.types[0].kind, TypeSpecKind::Builtin(n) if *n == "sampler_t"));
    let f = func(&tu, "convolve");
    assert_eq!(f.params()[1].specs.access[0].node, AccessQual::WriteOnly);
}

#[test]
fn struct_of_arrays_with_typedefs() {
    // As the preprocessor hands it over: `#define N 256` and `#define IDX(i) ((i) % N)` expanded.
    let src = r#"
typedef struct {
    float x[256];
    float y[256];
    float vx[256];
    float vy[256];
} particles_t;

typedef __global particles_t *particles_ptr;
typedef float2 vec2;

static inline vec2 load(const particles_ptr p, uint i) { return (vec2)(p->x[i], p->y[i]); }

void store(particles_ptr p, uint i, vec2 v) { p->x[i] = v.x; p->y[i] = v.y; }

__kernel void step(particles_ptr p, const float dt, __global const float2 *restrict forces)
{
    uint i = get_global_id(0);
    vec2 pos = load(p, ((i) % 256));
    vec2 vel = (vec2)(p->vx[((i) % 256)], p->vy[((i) % 256)]);
    vel += forces[i] * dt;
    pos += vel * dt;
    store(p, ((i) % 256), pos);
    p->vx[i % 256] = vel.s0;
    p->vy[i % 256] = vel.s1;
}
"#;
    let tu = parse_ok_in(src, Profile::CL1_2);
    let d = decl(&tu, 1);
    assert!(d.specs.is_typedef());
    assert_eq!(
        spaces(&d.specs.quals),
        [(AddrSpace::Global, Spelling::Prefixed)]
    );
    let step = func(&tu, "step");
    assert!(
        matches!(&step.params()[0].specs.types[0].kind, TypeSpecKind::Named(n) if n.name == "particles_ptr")
    );
    let StmtKind::Decl(vel) = &step.body.items[2].kind else {
        panic!()
    };
    let Some(Initializer::Expr(e)) = &vel.declarators[0].init else {
        panic!()
    };
    assert!(matches!(e.kind, ExprKind::VectorLiteral(..)));
}

#[test]
fn blocks_and_statement_attributes_parse_where_they_exist() {
    let src = "kernel void k(global int *out) {\n\
               int (^twice)(int) = ^(int x) { return 2 * x; };\n\
               void (^fill)(void) = ^{ out[0] = twice(1); };\n\
               __attribute__((opencl_unroll_hint(2))) for (int i = 0; i < 4; ++i) out[i] = i;\n\
               __attribute__((opencl_unroll_hint)) while (out[0]) out[0]--;\n\
               }";
    let (_, diags) = parse_in(src, Profile::CL2_0);
    assert!(diags.is_empty(), "{diags:?}");
    // Without device-side enqueue's generic address space there are no blocks.
    let (_, diags) = parse_in(src, Profile::CL1_2);
    assert!(diags.iter().any(|d| d.code == Code::Syntax), "{diags:?}");
}

#[test]
fn c11_static_assert_and_gnu_elvis_parse_as_clang_reads_them() {
    // `_Static_assert` at file scope and in a block; `a ?: b` keeps `a` as its value.
    let src = "_Static_assert(sizeof(int) == 4, \"int\");\n\
               kernel void k(global int *p) { _Static_assert(1, \"x\"); p[0] = p[1] ?: 2; }";
    for profile in [Profile::CL1_2, Profile::CL3_0] {
        let tu = parse_ok_in(src, profile);
        let stmts = body(&tu, "k");
        let ExprKind::Assign(_, _, rhs) = &expr_of(&stmts[1]).kind else {
            panic!("an assignment")
        };
        let ExprKind::Conditional(c, then, _) = &rhs.kind else {
            panic!("a conditional: {rhs:?}")
        };
        assert!(std::ptr::eq(*c, *then));
    }
}

#[test]
fn knr_definition_gives_each_listed_name_its_declared_type() {
    let src = "int f(p, n)\nglobal int *p;\nint n;\n{ return p[n]; }\n";
    let tu = parse_ok_in(src, Profile::CL1_2);
    let params = func(&tu, "f").params();
    assert_eq!(params.len(), 2);
    assert_eq!(
        params[0].declarator.name.as_ref().map(|n| n.name),
        Some("p")
    );
    assert_eq!(
        spaces(&params[0].specs.quals),
        vec![(AddrSpace::Global, Spelling::Bare)]
    );
    assert!(
        matches!(params[0].declarator.chunks, [c] if matches!(c.kind, ChunkKind::Pointer { .. }))
    );
    assert_eq!(
        params[1].declarator.name.as_ref().map(|n| n.name),
        Some("n")
    );
    assert!(!params[1].specs.is_empty());
}

#[test]
fn knr_lists_outside_definitions_and_undeclared_names_are_errors() {
    for (src, expected) in [
        ("int f(x);", "only allowed in a function definition"),
        (
            "int f(x, y) int x; { return y; }",
            "parameter `y` is not declared",
        ),
        (
            "int f(x) int x; int z; { return x; }",
            "`z` is declared but not in the parameter list",
        ),
    ] {
        let (_, diags) = parse_in(src, Profile::CL2_0);
        assert!(
            diags
                .iter()
                .any(|d| d.code == Code::Syntax && d.message.contains(expected)),
            "{src:?}: {diags:#?}"
        );
    }
    // Only at file scope: a parameter list inside a function's parameters still needs types.
    let (_, diags) = parse_in("void f(int g(x)) {}", Profile::CL2_0);
    assert!(!diags.is_empty());
}

#[test]
fn missing_semicolon_is_reported_after_the_previous_token() {
    let src = "kernel void k(void) {\n  int a = 1\n  int b = 2;\n}\n";
    let (_, diags) = parse_in(src, Profile::CL1_2);
    assert_eq!(diags.len(), 1, "{diags:#?}");
    let at = src.find("1\n").unwrap() as u32 + 1;
    assert_eq!((diags[0].span.start, diags[0].span.end), (at, at));
}

#[test]
fn builtin_astype_takes_a_type_argument() {
    let src = "void f(global int *g) { local int *l = __builtin_astype(g, local int *); }";
    let tu = parse_ok(src);
    let ExprKind::AsType(operand, ty) = &init_of(&body(&tu, "f")[0]).kind else {
        panic!("not an astype");
    };
    assert_eq!(ident(operand), "g");
    assert_eq!(
        spaces(&ty.specs.quals),
        vec![(AddrSpace::Local, Spelling::Bare)]
    );
}

#[test]
fn cxx_as_kernels_write_it_parses_without_diagnostics() {
    // Operator functions (members, free, qualified, conversion, subscript, call), braced lists
    // as arguments and return values, pointers to members and their use, out-of-class
    // definitions of class-template members, variable templates and clang's
    // `__remove_address_space`: valid C++ for OpenCL the parser reads whole.
    let src = "struct V { float x, y;\n\
                 V operator+(const V &o) const { return {x + o.x, y + o.y}; }\n\
                 float &operator[](int i) { return i ? y : x; }\n\
                 float operator()(float s) const { return x * s; }\n\
                 explicit operator bool() const { return x != 0.0f; }\n\
                 bool operator==(const V &o) const;\n\
                 void set(V v) { x = v.x; } };\n\
               bool V::operator==(const V &o) const { return x == o.x; }\n\
               V operator-(V a, V b) { return {a.x - b.x, a.y - b.y}; }\n\
               template <typename T> struct B { T v; B(); B(const B<T> &o); ~B(); T get() const; };\n\
               template <typename T> B<T>::B() : v(0) {}\n\
               template <typename T> B<T>::B(const B<T> &o) : v(o.v) {}\n\
               template <typename T> B<T>::~B() {}\n\
               template <typename T> T B<T>::get() const { return v; }\n\
               struct S { S(); int n; };\n\
               S::S() : n(1) {}\n\
               template <typename T> constexpr T zero = T(0);\n\
               kernel void k(global float *out) {\n\
                 V a{1.0f, 2.0f}; a.set({3.0f, 4.0f});\n\
                 float V::*pm = &V::y; void (V::*pf)(V) = &V::set;\n\
                 (a.*pf)(a); V *pa = &a;\n\
                 using U = __remove_address_space<__global int>::type;\n\
                 U u = 1;\n\
                 out[0] = a.*pm + pa->*pm + zero<float> + (float)u + operator-(a, a).x + a[1] + a(2.0f);\n\
               }";
    let (tu, diags) = parse_in(src, Profile::CXX2021);
    assert!(diags.is_empty(), "{diags:#?}");
    func(&tu, "k");
}

/// `x` and `(x)` before `,`, `)`, `;`, `]` or `}` skip the precedence levels: the tree and
/// spans are the ones those levels build, and type names still fall back to them.
#[test]
fn lone_operands_keep_their_trees_and_spans() {
    let src = "typedef int T;\nvoid g(int a, int b, float c);\n\
               void f(int a, int b) { int v[2] = {a, (1)}; g((a), b, (2.0f)); v[(b)] = (a); }";
    let tu = parse_ok(src);
    let b = body(&tu, "f");
    let paren = |e: &Expr<'static>| match &e.kind {
        ExprKind::Paren(inner) => (text(src, e.span).to_string(), inner.kind.clone()),
        other => panic!("not parenthesised: {other:?}"),
    };
    let StmtKind::Decl(d) = &b[0].kind else {
        panic!("{:?}", b[0])
    };
    let Some(Initializer::List(list)) = &d.declarators[0].init else {
        panic!("{d:?}")
    };
    let item = |k: usize| match &list.items[k].init {
        Initializer::Expr(e) => e,
        other => panic!("{other:?}"),
    };
    assert_eq!(ident(item(0)), "a");
    assert_eq!(paren(item(1)), ("(1)".into(), ExprKind::Int("1")));
    let ExprKind::Call(_, args) = &expr_of(&b[1]).kind else {
        panic!("{:?}", b[1])
    };
    assert_eq!(paren(&args[0]), ("(a)".into(), ExprKind::Ident("a")));
    assert_eq!((ident(&args[1]), text(src, args[1].span)), ("b", "b"));
    assert_eq!(paren(&args[2]), ("(2.0f)".into(), ExprKind::Float("2.0f")));
    let ExprKind::Assign(None, lhs, rhs) = &expr_of(&b[2]).kind else {
        panic!("{:?}", b[2])
    };
    let ExprKind::Index(_, index) = &lhs.kind else {
        panic!("{lhs:?}")
    };
    assert_eq!(paren(index), ("(b)".into(), ExprKind::Ident("b")));
    assert_eq!(paren(rhs), ("(a)".into(), ExprKind::Ident("a")));
    // A type name is no operand: `(T)` starts a cast, a bare `T` is reported as before.
    let (_, diags) = parse_in("typedef int T; void f(void) { g((T), T); }", Profile::CL2_0);
    let messages: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
    assert!(
        messages.iter().any(|m| m.contains("found the type name")),
        "{messages:?}"
    );
}

// This file documents the suite case format, and is itself a case: cargo test parses it, and the
// checker and every driver run it like any other.
//
// A case is one kernel source file. Lines starting with `//@` form its header:
//
//   rules:     the catalogue rules it exercises (`clasp rules` lists them). Required.
//   profiles:  the profiles it runs in: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals
//              CL3.0+generic+globals CLC++2021. Required. C and C++ profiles are never mixed.
//   kind:      `compile` (the default) or `run` (see suite/README.md for run-time directives).
//   options:   extra build options for every subject, e.g. `-cl-kernel-arg-info`.
//   props:     what the case exercises, as key=value words (`space=local context=kernel`),
//              the keys of the generators' dimensions: known deviations match on them.
//
// An expected diagnostic is written on the line where it must be reported:
//
//   `//~ ERROR RULE`              in every profile of the case
//   `//~ ERROR[P1,P2] RULE`       only in those profiles
//   `//~^ ERROR RULE`             on the line above (one `^` per line)
//
// A profile in which a case expects nothing is a profile where the case must compile. The
// checker must report exactly the expected rule IDs on exactly those lines; a driver or clang
// must reject the case where something is expected and accept it elsewhere. Everything here is
// a comment, so drivers see an ordinary kernel.
//
//@ rules: AS-LOCAL-INIT AS-LOCAL-SCOPE
//@ profiles: CL1.2 CL2.0 CL3.0 CL3.0+generic+globals
//@ props: space=local context=kernel

kernel void readme(global int *out)
{
    local int tile[64];          // fine: kernel outermost scope, no initialiser
    local int counter = 0;       //~ ERROR AS-LOCAL-INIT
    tile[get_local_id(0)] = out[get_global_id(0)];
    if (get_local_id(0) == 0) {
        local int nested;        //~ ERROR AS-LOCAL-SCOPE
        counter = 1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[63 - get_local_id(0)] + counter;
}

// `=` on an atomic object is an error in every space, __global and __local included (clang words
// it "can be assigned ... only in global address space", and rejects these too).
//@ rules: AS-ATOMIC-ASSIGN
//@ profiles: CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

struct tally { atomic_uint hits; int id; };

kernel void k(global atomic_int *counts, global struct tally *t, local atomic_int *scratch)
{
    local atomic_int shared;
    *counts = 0;     //~ ERROR AS-ATOMIC-ASSIGN
    counts[1] = 1;   //~ ERROR AS-ATOMIC-ASSIGN
    t->hits = 2u;    //~ ERROR AS-ATOMIC-ASSIGN
    scratch[0] = 3;  //~ ERROR AS-ATOMIC-ASSIGN
    shared = 4;      //~ ERROR AS-ATOMIC-ASSIGN
    t->id = 5;
}

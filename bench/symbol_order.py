#!/usr/bin/env python3
"""Writes bench/symbol-order.txt: the functions `clasp check` runs, which the release link
(build.rs) places first in .text, next to each other.

    python3 bench/symbol_order.py [CLASP_BIN]      (default: target/release/clasp)

Why: a process's code is read from its binary a page at a time, and the kernel maps up to 64 KiB
around each page it reads ("fault-around"). The ~600 KB of functions a check runs lie scattered
over a 5.4 MB .text among the drivers, reports and plotting code, so a check held about 2.5 MiB
of it resident. Packed together they take about a quarter of that.

How: each command below runs once under valgrind's callgrind, which names every function
executed; the names of clasp's own symbols (as the linker sees them, not demangled) are written,
those of an empty check (start-up) first, then each run's new ones, by name within a run. The
inputs are those of bench/whole_process.sh (bench/gen_kernels.py, bench/gen_libraries.py) and
the hand-written corpus in every language profile, in each output format, so diagnostics are
rendered too.

A stale list only degrades: names that no longer exist are skipped by the linker and new
functions land after the listed ones, where they were before. Many names carry a hash of the
crate's build configuration (dependency versions, profile): re-run this after such changes and
after changes to the check path, on a release build. Needs valgrind; a stdlib-only script.
"""

import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "symbol-order.txt")
CORPUS = os.path.join(ROOT, "suite", "cases")


def runs(work):
    """The `clasp check` argument lists profiled, start-up first."""
    inc = ["-I", f"{work}/proj/include"]
    kernels = sorted(os.listdir(f"{work}/proj/kernels"))
    yield ["/dev/null", "--std", "CL1.2"]
    for k in kernels:
        yield [f"{work}/proj/kernels/{k}", *inc, "--std", "CL1.2"]
    yield [f"{work}/proj/kernels", *inc, "--std", "CL1.2"]
    yield [f"{work}/big.cl", "--std", "CL1.2"]
    yield [f"{work}/relativity.cl", "--std", "CL1.2"]
    yield [f"{work}/crypt/kernels/m00000.cl", "-I", f"{work}/crypt/include", "--std", "CL1.2"]
    for profile in ("CL1.1", "CL1.2", "CL2.0", "CL3.0+generic+globals", "CLC++2021"):
        yield [CORPUS, "--std", profile]
    for fmt in ("json", "sarif"):
        yield [CORPUS, "--std", "CL2.0", "--format", fmt]


def executed(clasp, args, out):
    """Names of the functions of `clasp` that `clasp check ARGS` executes."""
    subprocess.run(
        ["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no",
         "--compress-pos=no", f"--callgrind-out-file={out}", clasp, "check", *args],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
    )
    names, obj = set(), None
    with open(out, errors="replace") as f:
        for line in f:
            if line.startswith("ob="):
                obj = line[3:].strip()
            elif line.startswith("fn=") and obj == clasp:
                # callgrind marks recursion depth with 'N; addresses stand for unnamed code.
                name = re.sub(r"'\d+$", "", line[3:].strip())
                if not name.startswith(("0x", "(")):
                    names.add(name)
    os.remove(out)
    return names


def main():
    clasp = os.path.realpath(sys.argv[1] if len(sys.argv) > 1 else f"{ROOT}/target/release/clasp")
    with tempfile.TemporaryDirectory() as work:
        for gen in ("gen_kernels.py", "gen_libraries.py"):
            subprocess.run([sys.executable, f"{HERE}/{gen}", work], check=True,
                           stdout=subprocess.DEVNULL)
        order, seen = [], set()
        for args in runs(work):
            new = executed(clasp, args, f"{work}/callgrind.out") - seen
            order += sorted(new)
            seen |= new
    with open(OUT, "w") as f:
        f.write("".join(n + "\n" for n in order))
    print(f"{OUT}: {len(order)} functions")


main()

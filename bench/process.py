#!/usr/bin/env python3
"""Whole-process timings: commands run alternately (A B A B ...), one process each, and every
process measured on its own: wall time (spawn to exit, GNU time's start included), user and
system time (wait4(2)), and GNU time's peak resident memory (max RSS) and minor page faults.
Prints medians.

    python3 bench/process.py RUNS NAME=CMD [NAME=CMD ...]

CMD is split on spaces (no shell). Pin the whole thing to one core with `taskset -c 0`; the
children inherit it. Exit statuses are reported, not judged: `clasp check` exits 1 when it finds
an error, which these inputs must not have (a run with a non-zero status is flagged).
"""

import os
import statistics
import subprocess
import sys
import time


# Peak memory and page faults come from GNU time, the command's parent: a process that a big
# parent (Python) starts inherits that parent's peak in ru_maxrss, a small one's is negligible.
MEM = "/tmp/clasp-bench-process.mem"
TIME = ["/usr/bin/time", "-f", "%M %R", "-o", MEM]


def one(argv):
    start = time.perf_counter()
    p = subprocess.Popen(TIME + argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    maxrss, minflt = open(MEM).read().split()[-2:]
    return {
        "wall": wall * 1e3,
        "user": ru.ru_utime * 1e3,
        "sys": ru.ru_stime * 1e3,
        "minflt": int(minflt),
        "maxrss": int(maxrss) / 1024,  # KiB -> MiB
        "status": os.waitstatus_to_exitcode(status),
    }


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    runs = int(sys.argv[1])
    cmds = [a.split("=", 1) for a in sys.argv[2:]]
    results = {name: [] for name, _ in cmds}
    for name, cmd in cmds:  # one warm-up each: page cache, dynamic loader
        one(cmd.split())
    for _ in range(runs):
        for name, cmd in cmds:
            results[name].append(one(cmd.split()))
    print(f"load: {open('/proc/loadavg').read().split()[:3]}, {runs} runs each, alternating")
    print(f"{'command':<14} {'wall ms':>9} {'user ms':>9} {'sys ms':>8} {'minflt':>8} {'maxrss MiB':>11}  status")
    for name, _ in cmds:
        r = results[name]
        med = {k: statistics.median(x[k] for x in r) for k in ("wall", "user", "sys", "minflt", "maxrss")}
        bad = sorted({x["status"] for x in r})
        print(
            f"{name:<14} {med['wall']:>9.1f} {med['user']:>9.1f} {med['sys']:>8.1f} "
            f"{med['minflt']:>8.0f} {med['maxrss']:>11.1f}  {bad}"
        )


main()

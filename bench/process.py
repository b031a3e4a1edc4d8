#!/usr/bin/env python3
"""Whole-process timings: commands run alternately (A B A B ...), one process each, and every
process measured on its own: wall time (posix_spawn to exit), user and system time and minor page
faults (wait4(2)). Peak resident memory (max RSS) comes from a second, untimed run of each
command under GNU time in the same round (see MEM below). Prints medians.

    python3 bench/process.py RUNS NAME=CMD [NAME=CMD ...]

CMD is split on spaces (no shell). Pin the whole thing to one core with `taskset -c 0`; the
children inherit it. Exit statuses are reported, not judged: `clasp check` exits 1 when it finds
an error, which these inputs must not have (a run with a non-zero status is flagged).
"""

import os
import statistics
import sys
import time


# Peak memory comes from GNU time, the command's parent: a process that a big parent (Python)
# starts inherits that parent's peak in ru_maxrss, a small one's is negligible. GNU time is not
# in the timed run: its own start-up (about 1 ms) would be counted as the command's.
MEM = "/tmp/clasp-bench-process.mem"
TIME = ["/usr/bin/time", "-f", "%M", "-o", MEM]
QUIET = {0: os.open(os.devnull, os.O_RDONLY), 1: os.open(os.devnull, os.O_WRONLY)}


def spawn(argv):
    """Runs argv with /dev/null for its standard streams; returns (exit status, rusage)."""
    actions = [(os.POSIX_SPAWN_DUP2, QUIET[0], 0)]
    actions += [(os.POSIX_SPAWN_DUP2, QUIET[1], fd) for fd in (1, 2)]
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
    _, status, ru = os.wait4(pid, 0)
    return status, ru


def one(argv):
    start = time.perf_counter()
    status, ru = spawn(argv)
    wall = time.perf_counter() - start
    spawn(TIME + argv)
    return {
        "wall": wall * 1e3,
        "user": ru.ru_utime * 1e3,
        "sys": ru.ru_stime * 1e3,
        "minflt": ru.ru_minflt,
        "maxrss": int(open(MEM).read().split()[-1]) / 1024,  # KiB -> MiB
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
    # With a clang-16 command, how many times faster each other command is: wall, then CPU
    # (median user plus median system time).
    if "clang-16" in results:
        cpu = {n: statistics.median(x["user"] for x in r) + statistics.median(x["sys"] for x in r)
               for n, r in results.items()}
        wall = {n: statistics.median(x["wall"] for x in r) for n, r in results.items()}
        for name in results:
            if name != "clang-16":
                print(f"ratio clang-16/{name}: wall {wall['clang-16'] / wall[name]:.2f}x, "
                      f"CPU {cpu['clang-16'] / cpu[name]:.2f}x")


main()

#!/usr/bin/env python3
# One file (about 630 lines, most of them its documentation): a standard-library script that
# runs from a bare checkout, next to the clang tests it measures.
"""Oracle parity: how many of the address-space errors that clang's own OpenCL Sema tests
expect does clasp's checker report, and where does it report errors clang expects none.

Usage:
    scripts/clang-parity.py TESTS_DIR [--clasp BIN] [--clang BIN] [--json] [--misses]

TESTS_DIR holds copies of clang's `-verify` tests (clang/test/SemaOpenCL/*.cl,
clang/test/SemaOpenCLCXX/*.cl{,cpp}); they are kept outside the repository. Every file is
walked recursively; each `RUN:` line that passes `-verify` is one configuration.

For each configuration:

* The configuration is read from the RUN line: `-cl-std=`/`-std=` (none: OpenCL C 1.2, or C++
  for OpenCL 1.0 for a `.clcpp` file or `-x clcpp`, as in clang-16), `-cl-ext=` (also after
  `-Xclang`), `-D`/`-U`, `-verify=PREFIXES`, `-triple`, `-finclude-default-header`,
  `-fdeclare-opencl-builtins`, `-fblocks` and the other front-end flags (kept for clang),
  `-I`; a driver RUN line (`%clang`) gets the default header, as the driver gives it.
* Which lines are live in that configuration (`#if __OPENCL_C_VERSION__ ...`, `#ifdef GENERIC`)
  is decided by clang-16's own preprocessor (`-E -C`, comments kept, line markers followed):
  `-verify` only reads directives in comments that the preprocessor reaches.
* The expectations are the `PREFIX-error|warning|note|remark[-re][@+N|@-N|@N|@*] [COUNT]
  {{...}}` directives of those comments; a directive without `@` belongs to the line where its
  comment starts (a `// ... \\` comment carried onto the next line included).
* An expected error concerns address spaces when its message matches AS_PATTERNS below, or
  when it quotes two pointer or reference types whose pointees are in different address
  spaces (see `is_address_space`). Only errors are counted; warnings and notes are not.
* The configuration is mapped to a clasp profile (`profile_for`); configurations no profile
  covers are counted as skipped, per reason.
* clasp: `clasp check --format json --std PROFILE -D.. -U.. FILE`; clang-16 (the baseline):
  `clang-16 -cc1 -fsyntax-only FLAGS FILE` with the RUN line's front-end flags (its action,
  -emit-llvm or -ast-dump, replaced by -fsyntax-only), once without `-verify` for the
  diagnostics, once with it for the pass/fail of the test as written.

Figures, per file and in total (a line is counted once per configuration):

* recall: the address-space expected-error lines on which the subject reports any error;
* false lines: lines on which the subject reports an error while the test expects no error
  and no warning there.

The reader is checked against clang: where clang-16's own `-verify` passes, the lines read
here as expecting an error must be exactly the lines clang-16 reports errors on; the summary
says in how many configurations they are.

`--misses` lists every missed line (of clasp, or of clang-16 with `--subject clang-16`) (configuration, profile, expected message, source line)
and every false line (the subject's message, source line). `--json` prints the whole
measurement as one JSON document. Python 3.8+, standard library only.
"""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

# Expected-error messages (every reading of a `-re` message, see `alternatives`) that
# concern address spaces, storage in a space or a space-qualified type. Each entry says what
# it catches; nothing else counts, except the two-pointer-types test in `is_address_space`.
AS_PATTERNS = [
    # Every message that names address spaces: "changes address space of pointer",
    # "converts between mismatching address spaces", "non-overlapping address spaces",
    # "must reside in constant address space", "cannot be declared in global address space",
    # "return type cannot be qualified with address space", "multiple address spaces",
    # "invalid address space", "sampler type cannot be used with the __local and __global
    # address space qualifiers", "can only be used with __private address space qualifier",
    # "variable in constant address space must be initialized", "binding reference ...
    # changes address space", "pointer arguments to kernel functions must reside in ...".
    (r"address space", "names address spaces"),
    (r"'__local' variable cannot have an initializer", "__local initialiser"),
    (r"does not support the 'generic' type qualifier", "generic space availability"),
    (r"non-constant _Atomic type", "atomic operation on __constant"),
    (r"kernel parameter cannot be declared as a pointer to a pointer", "kernel pointer-to-pointer"),
    (r"cannot be used to declare a program scope variable", "opaque type at program scope"),
    (r"variables in function scope cannot be declared static", "function-scope static before 2.0"),
    (r"addrspace_cast", "C++ addrspace_cast"),
    (r"parameters of type 'local void\*'", "enqueue_kernel block parameters in __local"),
    (r"expecting a generic pointer argument", "to_global/to_local/to_private argument"),
]

SPACES = ("__global", "__local", "__constant", "__private", "__generic")
DIRECTIVE = re.compile(
    r"(?P<prefix>[A-Za-z0-9_-]+?)-(?P<kind>error|warning|note|remark)(?P<re>-re)?"
    r"(?:@(?P<loc>[+-]?\d+|\*|[^\s{]+:\d+))?"
    r"\s*(?P<count>\d+\+?|\d+-\d+)?\s*(?=\{\{)"
)


def alternatives(msg):
    """The texts a `-re` message stands for, one per alternative index: `'__{{global|constant}}
    int *'` -> `'__global int *'`, `'__constant int *'` (group k takes its k-th alternative, or
    its last)."""
    groups = []

    def mark(m):
        groups.append(m.group(1).strip("()").split("|"))
        return "\0%d\0" % (len(groups) - 1)

    prev, text = None, msg
    while prev != text:
        prev = text
        text = re.sub(r"\{\{((?:(?!\{\{|\}\}).)*)\}\}", mark, text)
    out = []
    for k in range(max([len(g) for g in groups] or [1])):
        t = text
        while "\0" in t:
            t = re.sub(r"\0(\d+)\0", lambda m: groups[int(m.group(1))][min(k, len(groups[int(m.group(1))]) - 1)], t)
        out.append(t)
    return out


def pointee_spaces(ty):
    """The address spaces on the pointee side of a quoted pointer or reference type, or None
    for a type that is neither (`'__global int *__private'` -> {"__global"})."""
    cut = max(ty.rfind("*"), ty.rfind("&"))
    if cut < 0:
        return None
    return {s for s in SPACES if re.search(r"\b" + s + r"\b", ty[:cut])}


def spaces_differ(text):
    """The first two quoted pointer or reference types point into different spaces (an
    `(aka '...')` spelling of a typedef is not a second type)."""
    text = re.sub(r"\s*\(aka '[^']*'\)", "", text)
    spaces = [s for s in (pointee_spaces(t) for t in re.findall(r"'([^']*)'", text)) if s is not None]
    return len(spaces) >= 2 and spaces[0] != spaces[1]


def is_address_space(msg):
    """Whether an expected-error message concerns address spaces: a pattern of AS_PATTERNS
    matches, or it quotes two pointer or reference types whose pointees are in different
    spaces (C++'s "cannot initialize a variable of type '__constant int *' with an lvalue of
    type '__global int *'", "comparison of distinct pointer types ('__local int *' and ...)").
    A `-re` message counts when every reading of it does."""
    return all(any(re.search(p, t) for p, _ in AS_PATTERNS) or spaces_differ(t)
               for t in alternatives(msg))


def as_pattern_name(msg):
    text = alternatives(msg)[0]
    for p, name in AS_PATTERNS:
        if re.search(p, text):
            return name
    return "pointer types in different spaces" if is_address_space(msg) else None


# ---------------------------------------------------------------------------------------
# RUN lines and configurations


def run_lines(text):
    """The RUN commands of a test, with `\\` continuations joined."""
    runs, cur = [], None
    for line in text.splitlines():
        m = re.search(r"\bRUN:(.*)$", line)
        if not m:
            if cur is not None:
                runs.append(cur)
                cur = None
            continue
        part = m.group(1).rstrip()
        cont = part.endswith("\\")
        part = part[:-1] if cont else part
        cur = part if cur is None else cur + " " + part
        if not cont:
            runs.append(cur)
            cur = None
    if cur is not None:
        runs.append(cur)
    return runs


STD_NAMES = {
    "cl": "CL1.0", "cl1.0": "CL1.0", "cl1.1": "CL1.1", "cl1.2": "CL1.2", "cl2.0": "CL2.0",
    "cl3.0": "CL3.0", "clc++": "CLC++1.0", "clc++1.0": "CLC++1.0", "c++": "CLC++1.0",
    "clc++2021": "CLC++2021",
}
# Front-end flags that matter to clang but not to the configuration's identity.
KEEP_FLAGS = {"-fblocks", "-ffake-address-space-map", "-finclude-default-header",
              "-fdeclare-opencl-builtins", "-pedantic", "-fms-compatibility"}
FEATURES = ("__opencl_c_generic_address_space", "__opencl_c_program_scope_global_variables",
            "__opencl_c_device_enqueue", "__opencl_c_pipes")


def parse_config(cmd, path):
    """A RUN command -> configuration dict, or None when it does not run `-verify`. lit's
    `%s` and `%S` are the file and its folder; a leading `not` is dropped."""
    cmd = cmd.split("|")[0].replace("%s", path).replace("%S", os.path.dirname(path))
    try:
        argv = shlex.split(cmd)
    except ValueError:
        return None
    if argv[:1] == ["not"]:
        argv = argv[1:]
    if not argv or not argv[0].startswith("%clang"):
        return None
    cfg = {"std": None, "ext": [], "defines": [], "undefines": [], "includes": [],
           "prefixes": None, "triple": None, "lang": None, "flags": [],
           "cc1": argv[0] == "%clang_cc1", "run": cmd.strip()}
    it = iter(argv[1:])
    for a in it:
        if a == "-Xclang":
            continue
        if a.startswith("-cl-std=") or a.startswith("-std="):
            cfg["std"] = a.split("=", 1)[1]
        elif a.startswith("-cl-ext="):
            cfg["ext"] += a.split("=", 1)[1].split(",")
        elif a == "-D" or a == "-U":
            (cfg["defines"] if a == "-D" else cfg["undefines"]).append(next(it, ""))
        elif a.startswith("-D"):
            cfg["defines"].append(a[2:].lstrip("="))
        elif a.startswith("-U"):
            cfg["undefines"].append(a[2:])
        elif a == "-verify":
            cfg["prefixes"] = ["expected"]
        elif a.startswith("-verify="):
            cfg["prefixes"] = a.split("=", 1)[1].split(",")
        elif a == "-I":
            cfg["includes"].append(next(it, ""))
        elif a.startswith("-I"):
            cfg["includes"].append(a[2:])
        elif a == "-triple" or a == "-target":
            cfg["triple"] = next(it, None)
        elif a.startswith("-triple=") or a.startswith("--target="):
            cfg["triple"] = a.split("=", 1)[1]
        elif a == "-x":
            cfg["lang"] = next(it, None)
        elif a in KEEP_FLAGS or a.startswith("-W") or a.startswith("-fno-"):
            cfg["flags"].append(a)
        elif a.startswith("-cl-") and a not in ("-cl-std",):
            cfg["flags"].append(a)
    if cfg["prefixes"] is None:
        return None
    # The driver includes the default header unless told not to; clang_cc1 does not.
    if not cfg["cc1"] and "-cl-no-stdinc" not in argv:
        cfg["flags"] += ["-finclude-default-header", "-fdeclare-opencl-builtins"]
    cxx_file = path.endswith(".clcpp") or cfg["lang"] == "clcpp"
    std = (cfg["std"] or ("clc++1.0" if cxx_file else "CL1.2")).lower()
    cfg["version"] = STD_NAMES.get(std) if cfg["lang"] in (None, "cl", "clcpp") else None
    cfg["features"] = features_of(cfg)
    return cfg


def features_of(cfg):
    """The optional OpenCL 3.0 features on, as clang-16 sets them: every feature on the host
    and SPIR targets, none on amdgcn (what `-dM -E` reports), then `-cl-ext=` in order."""
    triple = cfg["triple"] or ""
    on = set() if triple.startswith("amdgcn") else set(FEATURES)
    for e in cfg["ext"]:
        e = e.strip()
        if e in ("-all", "+all"):
            on = set(FEATURES) if e == "+all" else set()
        elif e[:1] in "+-" and e[1:] in FEATURES:
            (on.add if e[0] == "+" else on.discard)(e[1:])
    return on


def profile_for(cfg):
    """(profile, None) or (None, why it is skipped).

    OpenCL C 1.0 runs as CL1.1 (their address-space rules are the same and clasp has no 1.0
    profile); 3.0 takes its two address-space features; C++ for OpenCL 1.0 (which has both,
    as OpenCL C 2.0) and 2021 with both features run as CLC++2021."""
    v = cfg["version"]
    if v is None:
        return None, "not OpenCL, or an unknown -cl-std"
    if v in ("CL1.0", "CL1.1"):
        return "CL1.1", None
    if v in ("CL1.2", "CL2.0"):
        return v, None
    gen = "__opencl_c_generic_address_space" in cfg["features"]
    glob = "__opencl_c_program_scope_global_variables" in cfg["features"]
    if v == "CL3.0":
        return "CL3.0" + ("+generic" if gen else "") + ("+globals" if glob else ""), None
    if v == "CLC++1.0" or (gen and glob):
        return "CLC++2021", None
    return None, "C++ for OpenCL 2021 without generic or program-scope globals"


def clang_std(cfg):
    """The -cl-std clang-16 is given (`c++`, which it no longer accepts, is clc++1.0)."""
    v = cfg["version"] or "CL1.2"
    return {"CLC++1.0": "clc++1.0", "CLC++2021": "clc++2021"}.get(v, v)


def clang_args(cfg, path, resource):
    args = ["-cc1", "-fsyntax-only", "-ferror-limit", "0", "-internal-isystem",
            os.path.join(resource, "include"), "-nostdsysteminc", "-cl-std=" + clang_std(cfg)]
    if cfg["triple"]:
        args += ["-triple", cfg["triple"]]
    if cfg["lang"]:
        args += ["-x", cfg["lang"]]
    if cfg["ext"]:
        args.append("-cl-ext=" + ",".join(cfg["ext"]))
    args += ["-D" + d for d in cfg["defines"]] + ["-U" + u for u in cfg["undefines"]]
    args += ["-I" + i for i in cfg["includes"]]
    return args + cfg["flags"] + [path]


# ---------------------------------------------------------------------------------------
# Expectations


def live_lines(clang, cfg, path, resource):
    """Line numbers of the main file the preprocessor reaches in this configuration: with
    `-E -C` a live line keeps its text (comments included) and a skipped one comes out
    empty."""
    args = [a for a in clang_args(cfg, path, resource) if a != "-fsyntax-only"]
    out = subprocess.run([clang] + args[:-1] + ["-E", "-C", path], capture_output=True,
                         text=True, errors="replace")
    live, line, main = set(), 1, True
    for text in out.stdout.split("\n"):
        m = re.match(r'# (\d+) "(.*)"', text)
        if m:
            line, main = int(m.group(1)), os.path.samefile(m.group(2), path) if os.path.exists(m.group(2)) else False
            continue
        if main and text.strip():
            live.add(line)
        line += 1
    return live


def comments(text):
    """(start line, comment text) for every comment; a `//` comment continued with `\\`
    keeps its start line, as -verify reads it."""
    out, lines, i = [], text.split("\n"), 0
    in_block, block_start, block = False, 0, []
    while i < len(lines):
        line = lines[i]
        if in_block:
            end = line.find("*/")
            block.append(line if end < 0 else line[:end])
            if end >= 0:
                out.append((block_start, "\n".join(block)))
                in_block = False
            i += 1
            continue
        pos = find_comment(line)
        if pos is None:
            i += 1
            continue
        kind, col = pos
        if kind == "//":
            start, body = i + 1, line[col + 2:]
            while body.endswith("\\") and i + 1 < len(lines):
                i += 1
                body = body[:-1] + "\n" + lines[i]
            out.append((start, body))
        else:
            end = line.find("*/", col + 2)
            if end >= 0:
                out.append((i + 1, line[col + 2:end]))
            else:
                in_block, block_start, block = True, i + 1, [line[col + 2:]]
        i += 1
    return out


def find_comment(line):
    """The first `//` or `/*` outside a string or character literal."""
    quote = None
    j = 0
    while j < len(line) - 1:
        c = line[j]
        if quote:
            if c == "\\":
                j += 2
                continue
            if c == quote:
                quote = None
        elif c in "\"'":
            quote = c
        elif line[j:j + 2] in ("//", "/*"):
            return line[j:j + 2], j
        j += 1
    return None


def close_braces(s, start):
    """Index just past the `}}` closing the `{{` at `start` (nested pairs counted)."""
    depth, j = 0, start
    while j < len(s) - 1:
        if s[j:j + 2] == "{{":
            depth += 1
            j += 2
        elif s[j:j + 2] == "}}":
            depth -= 1
            j += 2
            if depth == 0:
                return j
        else:
            j += 1
    return -1


def expectations(text, cfg, live):
    """{line: [(kind, message)]} for the configuration's prefixes, plus directives that name
    no line of this file (`@*`, `@file:line`) counted apart."""
    want, elsewhere = {}, 0
    prefixes = set(cfg["prefixes"])
    for start, body in comments(text):
        if start not in live:
            continue
        pos = 0
        while True:
            m = DIRECTIVE.search(body, pos)
            if not m:
                break
            end = close_braces(body, m.end())
            pos = end if end > 0 else m.end()
            prefix = m.group("prefix").split()[-1]
            if prefix not in prefixes:
                continue
            msg = body[m.end() + 2:end - 2] if end > 0 else ""
            loc = m.group("loc")
            if loc is None:
                line = start
            elif loc[0] in "+-":
                line = start + int(loc)
            elif loc.isdigit():
                line = int(loc)
            else:
                elsewhere += 1
                continue
            want.setdefault(line, []).append((m.group("kind"), msg))
    return want, elsewhere


# ---------------------------------------------------------------------------------------
# Subjects


def clasp_errors(clasp, profile, cfg, path):
    args = [clasp, "check", "--format", "json", "--std", profile]
    args += [a for d in cfg["defines"] for a in ("-D", d)]
    args += [a for u in cfg["undefines"] for a in ("-U", u)]
    args += [a for i in cfg["includes"] for a in ("-I", i)]
    out = subprocess.run(args + [path], capture_output=True, text=True, errors="replace")
    if out.returncode not in (0, 1):
        return None, out.stderr.strip()
    errs = {}
    for d in json.loads(out.stdout or "[]"):
        if os.path.abspath(d["file"]) == os.path.abspath(path):
            errs.setdefault(d["line"], []).append(f'{d["code"]}: {d["message"]}')
    return errs, None


CLANG_DIAG = re.compile(r"^(.*?):(\d+):(\d+): (error|fatal error): (.*)$")


def clang_errors(clang, cfg, path, resource):
    out = subprocess.run([clang] + clang_args(cfg, path, resource), capture_output=True,
                         text=True, errors="replace")
    errs = {}
    for text in out.stderr.splitlines():
        m = CLANG_DIAG.match(text)
        if m and os.path.abspath(m.group(1)) == os.path.abspath(path):
            errs.setdefault(int(m.group(2)), []).append(m.group(5))
    verify = cfg["prefixes"] == ["expected"] and "-verify" or "-verify=" + ",".join(cfg["prefixes"])
    ok = subprocess.run([clang] + clang_args(cfg, path, resource)[:-1] + [verify, path],
                        capture_output=True, text=True).returncode == 0
    return errs, ok


# ---------------------------------------------------------------------------------------


def measure_config(job):
    path, cfg, text, opts = job
    profile, why = profile_for(cfg)
    live = live_lines(opts.clang, cfg, path, opts.resource)
    want, elsewhere = expectations(text, cfg, live)
    src = text.split("\n")
    as_lines = {ln: [m for k, m in ex if k == "error" and is_address_space(m)]
                for ln, ex in want.items()}
    as_lines = {ln: ms for ln, ms in as_lines.items() if ms}
    quiet = {ln for ln, ex in want.items() if any(k in ("error", "warning") for k, _ in ex)}
    res = {"file": path, "run": cfg["run"], "config": describe(cfg), "profile": profile,
           "skipped": why, "as_lines": len(as_lines), "elsewhere": elsewhere, "subjects": {}}
    subjects = {}
    if profile:
        errs, err = clasp_errors(opts.clasp, profile, cfg, path)
        if err is not None:
            res["clasp_failure"] = err
            errs = {}
        subjects["clasp"] = errs
    if not opts.no_clang:
        errs, ok = clang_errors(opts.clang, cfg, path, opts.resource)
        subjects["clang-16"] = errs
        res["clang_verify_passes"] = ok
        # Where clang's own -verify passes, the lines this script reads expected errors on
        # must be exactly the lines clang reports errors on: a check of the reader.
        if ok:
            expected = {ln for ln, ex in want.items() if any(k == "error" for k, _ in ex)}
            res["reader_agrees"] = expected == set(errs)
    for name, errs in subjects.items():
        missed = [{"line": ln, "expected": ms, "source": src[ln - 1].strip() if ln <= len(src) else "",
                   "class": sorted({as_pattern_name(m) for m in ms})}
                  for ln, ms in sorted(as_lines.items()) if ln not in errs]
        false = [{"line": ln, "reported": es, "source": src[ln - 1].strip() if ln <= len(src) else ""}
                 for ln, es in sorted(errs.items()) if ln not in quiet]
        res["subjects"][name] = {"hit": len(as_lines) - len(missed), "missed": missed,
                                 "false": false}
    return res


def describe(cfg):
    parts = [cfg["version"] or "?"]
    if cfg["version"] in ("CL3.0", "CLC++2021"):
        short = {"__opencl_c_generic_address_space": "generic",
                 "__opencl_c_program_scope_global_variables": "globals"}
        parts += sorted(short[f] for f in cfg["features"] if f in short)
    parts += ["-D" + d for d in cfg["defines"]]
    if cfg["triple"]:
        parts.append(cfg["triple"].split("-")[0])
    if cfg["prefixes"] != ["expected"]:
        parts.append("verify=" + ",".join(cfg["prefixes"]))
    return " ".join(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tests", help="folder of clang -verify tests (.cl, .clcpp)")
    ap.add_argument("--clasp", default="target/release/clasp")
    ap.add_argument("--clang", default="clang-16")
    ap.add_argument("--json", action="store_true", help="one JSON document on stdout")
    ap.add_argument("--misses", action="store_true", help="list every missed and false line")
    ap.add_argument("--subject", default="clasp", choices=("clasp", "clang-16"),
                    help="whose misses --misses lists (default: clasp)")
    ap.add_argument("--no-clang", action="store_true",
                    help="skip the clang-16 baseline (its preprocessor still finds the live lines)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    opts = ap.parse_args()
    if not os.path.exists(opts.clasp):
        sys.exit(f"{opts.clasp}: not found (cargo build --release)")
    opts.resource = subprocess.run([opts.clang, "-print-resource-dir"], capture_output=True,
                                   text=True).stdout.strip()
    jobs, skipped_runs = [], 0
    for root, _, names in sorted(os.walk(opts.tests)):
        for name in sorted(names):
            if not name.endswith((".cl", ".clcpp")):
                continue
            path = os.path.join(root, name)
            text = open(path, encoding="utf-8", errors="replace").read()
            for cmd in run_lines(text):
                cfg = parse_config(cmd, path)
                if cfg is None:
                    skipped_runs += 1
                    continue
                jobs.append((path, cfg, text, opts))
    with ThreadPoolExecutor(opts.jobs) as pool:
        results = list(pool.map(measure_config, jobs))
    report(results, skipped_runs, opts)


def false_class(reported):
    """What a false line of clasp is: a rule's error, or the first diagnostic's code
    (syntax, preprocessor, unsupported, semantic, limit); clang's are "clang"."""
    codes = [r.split(":")[0] for r in reported]
    if any(c.startswith(("AS-", "CXX-")) for c in codes):
        return "rule"
    return codes[0] if codes and " " not in codes[0] else "clang"


def totals(results, subject):
    t = {"configs": 0, "as_lines": 0, "hit": 0, "false": 0, "false_by_class": {}}
    for r in results:
        s = r["subjects"].get(subject)
        if s is None:
            continue
        t["configs"] += 1
        t["as_lines"] += r["as_lines"]
        t["hit"] += s["hit"]
        t["false"] += len(s["false"])
        for f in s["false"]:
            c = false_class(f["reported"])
            t["false_by_class"][c] = t["false_by_class"].get(c, 0) + 1
    t["recall"] = t["hit"] / t["as_lines"] if t["as_lines"] else None
    return t


def report(results, skipped_runs, opts):
    skipped = {}
    for r in results:
        if r["skipped"]:
            skipped[r["skipped"]] = skipped.get(r["skipped"], 0) + 1
    summary = {"files": len({r["file"] for r in results}), "configs": len(results),
               "runs_without_verify": skipped_runs, "skipped": skipped,
               "clasp": totals(results, "clasp"), "clang-16": totals(results, "clang-16"),
               "clang-16 on clasp's configurations":
                   totals([r for r in results if r["profile"]], "clang-16"),
               "clasp in OpenCL C":
                   totals([r for r in results if r["profile"] != "CLC++2021"], "clasp"),
               "clasp in C++ for OpenCL":
                   totals([r for r in results if r["profile"] == "CLC++2021"], "clasp"),
               "clang_verify_passes": sum(1 for r in results if r.get("clang_verify_passes")),
               "reader_agrees": sum(1 for r in results if r.get("reader_agrees"))}
    if opts.json:
        json.dump({"summary": summary, "results": results}, sys.stdout, indent=1)
        print()
        return
    by_file = {}
    for r in results:
        by_file.setdefault(r["file"], []).append(r)
    print(f"{'file':52} {'cfg':>3} {'AS':>4} {'clasp':>6} {'false':>5} {'clang':>6} {'false':>5}")
    for path, rs in sorted(by_file.items()):
        name = os.path.relpath(path, opts.tests)
        row = [totals(rs, s) for s in ("clasp", "clang-16")]
        print(f"{name:52} {len(rs):>3} {sum(r['as_lines'] for r in rs):>4} "
              f"{row[0]['hit']:>6} {row[0]['false']:>5} {row[1]['hit']:>6} {row[1]['false']:>5}")
    print()
    for s in ("clasp", "clasp in OpenCL C", "clasp in C++ for OpenCL", "clang-16",
              "clang-16 on clasp's configurations"):
        t = summary[s]
        if t["configs"]:
            print(f"{s} recall {t['hit']}/{t['as_lines']} = {100 * (t['recall'] or 0):.1f}%"
                  f" of address-space error lines, {t['false']} false line(s),"
                  f" {t['configs']} configuration(s)")
    by_class = summary["clasp"]["false_by_class"]
    if by_class:
        print("clasp false lines by kind: "
              + ", ".join(f"{n} {c}" for c, n in sorted(by_class.items(), key=lambda x: -x[1])))
    print(f"clang-16 -verify passes in {summary['clang_verify_passes']} of {len(results)}"
          f" configurations; in {summary['reader_agrees']} of them the expected-error lines read"
          " here are exactly clang's error lines")
    print(f"skipped configurations: {sum(skipped.values())}"
          + "".join(f", {n} {why}" for why, n in sorted(skipped.items())))
    if opts.misses:
        for r in results:
            s = r["subjects"].get(opts.subject)
            if not s:
                continue
            name = os.path.relpath(r["file"], opts.tests)
            for m in s["missed"]:
                print(f"MISS  {name}:{m['line']} [{r['config']} -> {r['profile']}] "
                      f"{'; '.join(m['expected'])}\n      | {m['source']}")
            for f in s["false"]:
                print(f"FALSE {name}:{f['line']} [{r['config']} -> {r['profile']}] "
                      f"{'; '.join(f['reported'])}\n      | {f['source']}")


if __name__ == "__main__":
    main()

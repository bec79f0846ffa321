#!/usr/bin/env python3
"""Compile-time benchmark: how long a SYCL program takes to compile against Weft.

Compiles (-c, no link) the SYCL hello world (bench/compile_time/hello.cpp) and the
examples (examples/*.cpp) with each compiler (g++, and clang++ when present) at
each optimisation level (-O0, -O2), several times, and reports the median time
and its ratio to a plain C++ program compiled in the same run
(bench/compile_time/baseline.cpp: <vector>, <iostream>, <functional>, <memory>),
the machine-speed normaliser. Times are the compiler process's CPU time
(user + sys; a compile is single-threaded, so on an idle machine this is the
wall time, and it moves less when other work shares the machine); the wall
time is reported beside it. Runs are interleaved (every configuration once,
then again), so drift spreads over all of them.

  compile_time.py --source-dir . --build-dir build/release --out DIR
                  [--quick] [--reps N] [--compilers g++,clang++] [--opts=-O0,-O2]
                  [--programs hello,examples] [--tree NAME=SRC[:BUILD] ...]

--tree adds another source tree (e.g. a git worktree of an older commit,
configured so that BUILD/include/weft/config.hpp exists) measured in the same
run: the table then has one column group per tree. --quick: the hello world
only, the first compiler, -O0, one repetition (the CTest check).
Writes OUT/compile_time.json and OUT/compile_time.md, prints the table.
"""
import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def find_compilers(names):
    found = []
    for name in names:
        if name == "clang++":
            # The newest versioned clang++ (Debian: clang++-22 beside the default clang++-14).
            for v in range(40, 13, -1):
                if shutil.which(f"clang++-{v}"):
                    name = f"clang++-{v}"
                    break
        path = shutil.which(name)
        if path:
            found.append(name)
        else:
            print(f"compile_time: {name} not found, skipped", file=sys.stderr)
    return found


def compiler_version(cxx):
    try:
        out = subprocess.run([cxx, "--version"], capture_output=True, text=True, check=True).stdout
        return out.splitlines()[0].strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def compile_once(cxx, opt, src, includes, obj):
    cmd = [cxx, "-std=c++17", opt, "-fno-math-errno"] + [f"-I{i}" for i in includes] + ["-c", src, "-o", obj]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode != 0:
        raise RuntimeError(f"compile failed: {' '.join(cmd)}\n{proc.stderr[-4000:]}")
    return cpu, wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source-dir", default=os.path.dirname(os.path.dirname(HERE)))
    ap.add_argument("--build-dir", required=True, help="a configured build folder (for include/weft/config.hpp)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--compilers", default="g++,clang++")
    ap.add_argument("--opts", default="-O0,-O2")
    ap.add_argument("--programs", default="hello,examples")
    ap.add_argument("--tree", action="append", default=[], help="NAME=SRC[:BUILD], another tree in the same run")
    a = ap.parse_args()

    src_dir = os.path.abspath(a.source_dir)
    trees = [("weft", src_dir, os.path.abspath(a.build_dir))]
    for t in a.tree:
        name, _, rest = t.partition("=")
        src, _, build = rest.partition(":")
        trees.append((name, os.path.abspath(src), os.path.abspath(build or os.path.join(src, "build"))))
    for name, src, build in trees:
        if not os.path.exists(os.path.join(build, "include", "weft", "config.hpp")):
            sys.exit(f"compile_time: {build}/include/weft/config.hpp not found (configure the tree '{name}' first)")

    compilers = find_compilers(a.compilers.split(","))
    opts = a.opts.split(",")
    reps = a.reps
    kinds = a.programs.split(",")
    if a.quick:
        compilers, opts, reps, kinds = compilers[:1], opts[:1], 1, ["hello"]
    if not compilers:
        sys.exit("compile_time: no compiler found")

    # (program name, source, uses Weft)
    programs = [("baseline", os.path.join(HERE, "baseline.cpp"), False)]
    if "hello" in kinds:
        programs.append(("hello", os.path.join(HERE, "hello.cpp"), True))
    if "examples" in kinds:
        ex = os.path.join(src_dir, "examples")
        for f in sorted(os.listdir(ex)):
            if f.endswith(".cpp"):
                programs.append((f"examples/{f[:-4]}", os.path.join(ex, f), True))

    configs = []  # (program, compiler, opt, tree)
    for cxx in compilers:
        for opt in opts:
            for prog, path, weft in programs:
                for tname, tsrc, tbuild in trees if weft else trees[:1]:
                    configs.append((prog, path, cxx, opt, tname, [os.path.join(tsrc, "include"), os.path.join(tbuild, "include")]))
    cpu = {c[:1] + c[2:5]: [] for c in configs}
    wall = {c[:1] + c[2:5]: [] for c in configs}
    with tempfile.TemporaryDirectory() as tmp:
        obj = os.path.join(tmp, "out.o")
        for rep in range(reps):
            for prog, path, cxx, opt, tname, inc in configs:
                c, w = compile_once(cxx, opt, path, inc, obj)
                key = (prog, cxx, opt, tname)
                cpu[key].append(c)
                wall[key].append(w)
            print(f"compile_time: repetition {rep + 1}/{reps} done", file=sys.stderr)

    results = []
    for (prog, cxx, opt, tname), times in cpu.items():
        base = statistics.median(cpu[("baseline", cxx, opt, "weft")])
        med = statistics.median(times)
        results.append({"program": prog, "compiler": cxx, "opt": opt, "tree": tname, "cpu_s": times,
                        "wall_s": wall[(prog, cxx, opt, tname)], "median_cpu_s": med,
                        "median_wall_s": statistics.median(wall[(prog, cxx, opt, tname)]),
                        "ratio": med / base if base > 0 else None})
    context = {"host": platform.node(), "machine": platform.machine(), "cpus": os.cpu_count(),
               "load_avg": os.getloadavg(), "date": time.strftime("%Y-%m-%d %H:%M:%S"), "reps": reps,
               "compilers": {c: compiler_version(c) for c in compilers},
               "trees": {n: {"source": s, "build": b} for n, s, b in trees}}
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "compile_time.json"), "w") as f:
        json.dump({"context": context, "results": results}, f, indent=1)

    # Markdown: one row per (program, compiler, opt), one column group per tree.
    names = [t[0] for t in trees]
    head = "| program | compiler | opt | " + " | ".join(
        f"{n} s | {n} wall s | {n} ratio" if len(names) > 1 else "median s | wall s | ratio" for n in names) + " |"
    lines = [f"Compile time, -c, median of {reps} (CPU seconds of the compiler; ratio: to the plain C++ "
             f"baseline compiled in the same run). {context['date']}, {context['cpus']} CPUs, "
             f"load {context['load_avg'][0]:.2f}.", "", head, "|" + "---|" * (3 + 3 * len(names))]
    by_key = {(r["program"], r["compiler"], r["opt"], r["tree"]): r for r in results}
    for cxx in compilers:
        for opt in opts:
            for prog, _, _ in programs:
                cells = []
                for n in names:
                    r = by_key.get((prog, cxx, opt, n))
                    if r is None:
                        r = by_key.get((prog, cxx, opt, "weft"))  # the baseline, measured once
                    cells.append(f"{r['median_cpu_s']:.2f} | {r['median_wall_s']:.2f} | {r['ratio']:.2f}")
                lines.append(f"| {prog} | {cxx} | {opt} | " + " | ".join(cells) + " |")
    table = "\n".join(lines) + "\n"
    with open(os.path.join(a.out, "compile_time.md"), "w") as f:
        f.write(table)
    print(table)


if __name__ == "__main__":
    main()

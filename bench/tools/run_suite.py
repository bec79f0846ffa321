#!/usr/bin/env python3
"""Runs Weft's benchmark binaries and prints the table of ratios.

Each benchmark is named <kernel>/<implementation>[/args]; 'baseline' is the
hand-written oneTBB (+ xsimd) version in the same binary, 'weft' is Weft,
'pocl' the OpenCL peer, 'boost_fiber' the Boost.Fiber reference design. The
merged Google Benchmark JSON (OUT/results.json) carries a description of the
machine; OUT/table.md holds the printed table.

  run_suite.py --list build/release/benchmarks.txt --out DIR [--mode short|full]
               [--threads 1,2,4 | --threads auto]   # scaling: WEFT_NUM_THREADS per run
               [--filter REGEX] [--plot]
               [--label NAME --compare NAME=LIST ...]   # compilers side by side

--compare runs a second list of the same benchmarks built another way (the main
job: built with clang++-22 and Weft's pass plugin), binary by binary after the
--list one, and the table shows each compiler's ratios side by side; --label
names --list's compiler. results.json records every benchmark's compiler.

--threads sets WEFT_NUM_THREADS (Weft's workers) and WEFT_BENCH_THREADS (the
baselines' oneTBB arena; PoCL gets the same count) for each run; 'auto' means
1, 2, 4, ... up to the CPUs in the affinity mask. The exit status is 1 when a
benchmark failed its result check (or a binary failed), so a fast wrong kernel
never passes unnoticed.
"""
import argparse
import datetime
import json
import os
import platform
import socket
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import table  # noqa: E402

MIN_TIME = {"short": "0.05", "full": "0.5"}

# What each binary measures, announced before it runs (a binary not listed is
# announced by its name only).
ABOUT = {
    "bench_memory": "memory bandwidth: STREAM copy and triad (range kernels)",
    "bench_stencil": "2D stencils (range<2>): Jacobi, FDTD (three kernels per time step)",
    "bench_nbody": "N-body, one work item per body looping over all bodies",
    "bench_dgemm": "naive dgemm, one work item per element (range<2>)",
    "bench_histogram": "histograms with atomics",
    "bench_scan": "blocked prefix sum (range kernels and a single_task)",
    "bench_runtime": "runtime overhead: launch latency and throughput, task graphs",
    "bench_barrier": "barrier cost per work item (nd_range; Boost.Fiber and PoCL for reference)",
    "bench_nd_range": "nd_range kernels: triad without barriers, tree reduction and tiled dgemm with barriers",
    "bench_scoped": "scoped parallelism: triad, work-group reductions, dgemm",
    "sub_group_bench": "sub-groups: matmul, collectives, sycl::reduction",
    "bench_item_loops": "work items that loop or call math builtins: sgemm, gemv, float4 clamp and median",
}
# Rough seconds per binary in short mode, measured on 2 CPUs (AMD EPYC, 2026); the
# durations of the previous run in the same --out directory replace them.
ROUGH_SECONDS = {
    "bench_memory": 1, "bench_stencil": 1.5, "bench_nbody": 0.5, "bench_dgemm": 0.5, "bench_histogram": 0.5,
    "bench_scan": 0.5, "bench_runtime": 1, "bench_barrier": 2, "bench_nd_range": 12, "bench_scoped": 1.5,
    "sub_group_bench": 5, "bench_item_loops": 2,
}


def load_durations(out_dir):
    try:
        with open(os.path.join(out_dir, "durations.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def announce(n, total, name, mode, durations, compiler=""):
    """One line before a binary runs: which, what it measures, about how long."""
    base = name.split("-t")[0]
    key = name + (f" [{compiler}]" if compiler else "")
    secs = durations.get(key, ROUGH_SECONDS.get(base) if mode == "short" else None)
    about = ABOUT.get(base, "")
    took = "" if not secs else f", about {secs:.0f} s" if secs >= 1.5 else ", about a second"
    print(f"[{n}/{total}] {key}" + (f": {about}" if about else "") + f"{took} ...", flush=True)


def _read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def _first(text, key):
    for line in text.splitlines():
        if line.startswith(key):
            return line.split(":", 1)[1].strip()
    return ""


def _git_commit():
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        out = subprocess.run(["git", "-C", here, "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                             timeout=10)
        return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def machine():
    """What the results were measured on."""
    cpuinfo = _read("/proc/cpuinfo")
    meminfo = _read("/proc/meminfo")
    flags = _first(cpuinfo, "flags").split()
    isa = [f for f in ("avx2", "avx512f", "avx512bw", "avx512vl", "amx_tile", "sve") if f in flags]
    info = {
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
        "cpu": _first(cpuinfo, "model name"),
        "cpus_online": os.cpu_count(),
        "cpus_in_affinity_mask": len(os.sched_getaffinity(0)),
        "memory_gib": round(int((_first(meminfo, "MemTotal") or "0 kB").split()[0]) / 2**20, 1),
        "isa": isa,
        "hypervisor": "hypervisor" in flags,
        "load_average_at_start": list(os.getloadavg()),
        "weft_commit": _git_commit(),
    }
    caches = []
    base = "/sys/devices/system/cpu/cpu0/cache"
    if os.path.isdir(base):
        for idx in sorted(os.listdir(base)):
            d = os.path.join(base, idx)
            lvl, typ, size = _read(d + "/level").strip(), _read(d + "/type").strip(), _read(d + "/size").strip()
            if lvl:
                caches.append(f"L{lvl} {typ} {size}")
    info["caches"] = caches
    return info


def thread_counts(spec):
    if not spec:
        return [0]
    if spec == "auto":
        n = len(os.sched_getaffinity(0))
        counts, t = [], 1
        while t < n:
            counts.append(t)
            t *= 2
        return counts + [n]
    return [int(t) for t in spec.split(",") if t]


def run(binary, mode, threads, raw_dir, extra, durations, compiler=""):
    """Runs one binary; with --compare its benchmarks record the compiler that built it."""
    env = dict(os.environ)
    env["WEFT_BENCH_MODE"] = mode
    if threads:
        env["WEFT_NUM_THREADS"] = str(threads)
        env["WEFT_BENCH_THREADS"] = str(threads)
        env["POCL_CPU_MAX_CU_COUNT"] = str(threads)
        env["POCL_MAX_PTHREAD_COUNT"] = str(threads)
    name = os.path.basename(binary) + (f"-t{threads}" if threads else "")
    out = os.path.join(raw_dir, name + ".json")
    os.makedirs(raw_dir, exist_ok=True)
    cmd = [binary, f"--benchmark_min_time={MIN_TIME[mode]}", f"--benchmark_out={out}",
           "--benchmark_out_format=json"] + extra
    if mode == "full":
        cmd += ["--benchmark_repetitions=3", "--benchmark_report_aggregates_only=true"]
    start = time.monotonic()
    proc = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    took = time.monotonic() - start
    durations[name + (f" [{compiler}]" if compiler else "")] = round(took, 1)
    print(f"   done in {took:.1f} s", flush=True)
    # Google Benchmark prints its context on stderr; pass on only what matters.
    for line in proc.stderr.splitlines():
        low = line.lower()
        if line.startswith("weft_bench_") or "built as debug" in low:
            continue
        if "weft" in low or "error" in low or "fail" in low:
            print("   " + line, file=sys.stderr, flush=True)
    if proc.returncode != 0:
        print(f"   FAILED: exit status {proc.returncode}", flush=True)
        return None
    if not os.path.exists(out) or os.path.getsize(out) == 0:  # --filter matched nothing in this binary
        return {"benchmarks": []}
    with open(out) as f:
        data = json.load(f)
    for b in data.get("benchmarks", []):
        b["threads_setting"] = threads or 0
        b["binary"] = os.path.basename(binary)
        if compiler:
            b["compiler"] = compiler
    return data


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--list", required=True, help="file listing benchmark binaries, one per line")
    ap.add_argument("--out", required=True, help="directory for the JSON results")
    ap.add_argument("--mode", choices=sorted(MIN_TIME), default="short")
    ap.add_argument("--threads", default="", help="comma-separated worker counts, or 'auto' (scaling mode)")
    ap.add_argument("--filter", default="", help="only benchmarks matching this regex (--benchmark_filter)")
    ap.add_argument("--plot", action="store_true", help="also write PNG plots (plot.py) into --out")
    ap.add_argument("--label", default="", help="the compiler that built --list's binaries (with --compare)")
    ap.add_argument("--compare", action="append", default=[], metavar="NAME=LIST",
                    help="also run LIST's binaries, built by compiler NAME, and show both side by side")
    args = ap.parse_args()
    lists = [(args.label if args.compare else "", args.list)]
    for spec in args.compare:
        name, sep, path = spec.partition("=")
        if not sep or not name or not path:
            ap.error(f"--compare {spec!r}: write NAME=LIST, e.g. 'clang 22 + plugin=build/clang/benchmarks.txt'")
        lists.append((name, path))
    if args.compare and not args.label:
        ap.error("--compare needs --label, the name of --list's compiler")
    if len({name for name, _ in lists}) != len(lists):
        ap.error("--label and the --compare names must differ")
    # Binary by binary, each compiler's build in turn, so both see the same load.
    binaries = {}
    for compiler, path in lists:
        with open(path) as f:
            for line in f:
                if line.strip():
                    binaries.setdefault(os.path.basename(line.strip()), []).append((compiler, line.strip()))
    raw_dir = os.path.join(args.out, "raw")
    os.makedirs(raw_dir, exist_ok=True)
    extra = [f"--benchmark_filter={args.filter}"] if args.filter else []
    merged = {"context": {"machine": machine(), "date": datetime.datetime.now().isoformat(timespec="seconds"),
                          "mode": args.mode, "threads": thread_counts(args.threads)},
              "benchmarks": []}
    if args.compare:
        merged["context"]["compilers"] = [name for name, _ in lists]
    failed_binaries = []
    known = load_durations(args.out)
    durations = {}
    load_line = table.load_note(merged)
    if load_line:
        print(load_line[0], flush=True)
    runs = [(c, binary, t) for builds in binaries.values() for t in thread_counts(args.threads) for c, binary in builds]
    for n, (compiler, binary, t) in enumerate(runs, 1):
        announce(n, len(runs), os.path.basename(binary) + (f"-t{t}" if t else ""), args.mode, known, compiler)
        sub = "" if compiler == args.label else "".join(ch if ch.isalnum() else "_" for ch in compiler)
        data = run(binary, args.mode, t, os.path.join(raw_dir, sub) if sub else raw_dir, extra, durations,
                   compiler)
        if data is None:
            failed_binaries.append(os.path.basename(binary) + (f" [{compiler}]" if compiler else "") +
                                   (f" (threads {t})" if t else ""))
            continue
        merged["context"].setdefault("library", data.get("context", {}))
        merged["benchmarks"] += data.get("benchmarks", [])
    merged["context"]["failed_binaries"] = failed_binaries
    with open(os.path.join(args.out, "durations.json"), "w") as f:
        json.dump(durations, f, indent=1)
    path = os.path.join(args.out, "results.json")
    with open(path, "w") as f:
        json.dump(merged, f, indent=1)
    text = table.markdown(merged)
    table_path = os.path.join(args.out, "table.md")
    with open(table_path, "w") as f:
        f.write(text + "\n")
    print("\n" + text)
    pngs = []
    if args.plot:
        try:
            import plot  # noqa: E402
        except ImportError as e:
            print(f"\nNo plots: {e} (install Debian's python3-matplotlib and run this script with /usr/bin/python3)",
                  file=sys.stderr)
        else:
            pngs = plot.plot_all(merged, args.out)
    # Where everything is, last, so it is on screen when the run ends.
    print(f"\nSummary: {table_path}\nResults: {path}")
    for png in pngs:
        print(f"Plot:    {png}")
    print(flush=True)
    errors = table.errors(merged)
    if errors or failed_binaries:
        print(f"\n{len(errors)} benchmark(s) failed their result check, {len(failed_binaries)} binary(ies) failed.",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

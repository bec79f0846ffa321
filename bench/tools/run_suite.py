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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import table  # noqa: E402

MIN_TIME = {"short": "0.05", "full": "0.5"}


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


def run(binary, mode, threads, raw_dir, extra):
    env = dict(os.environ)
    env["WEFT_BENCH_MODE"] = mode
    if threads:
        env["WEFT_NUM_THREADS"] = str(threads)
        env["WEFT_BENCH_THREADS"] = str(threads)
        env["POCL_CPU_MAX_CU_COUNT"] = str(threads)
        env["POCL_MAX_PTHREAD_COUNT"] = str(threads)
    name = os.path.basename(binary) + (f"-t{threads}" if threads else "")
    out = os.path.join(raw_dir, name + ".json")
    cmd = [binary, f"--benchmark_min_time={MIN_TIME[mode]}", f"--benchmark_out={out}",
           "--benchmark_out_format=json"] + extra
    if mode == "full":
        cmd += ["--benchmark_repetitions=3", "--benchmark_report_aggregates_only=true"]
    start = time.monotonic()
    proc = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    took = time.monotonic() - start
    print(f"== {name} ({took:.1f} s)", flush=True)
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
    return data


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--list", required=True, help="file listing benchmark binaries, one per line")
    ap.add_argument("--out", required=True, help="directory for the JSON results")
    ap.add_argument("--mode", choices=sorted(MIN_TIME), default="short")
    ap.add_argument("--threads", default="", help="comma-separated worker counts, or 'auto' (scaling mode)")
    ap.add_argument("--filter", default="", help="only benchmarks matching this regex (--benchmark_filter)")
    ap.add_argument("--plot", action="store_true", help="also write PNG plots (plot.py) into --out")
    args = ap.parse_args()
    with open(args.list) as f:
        binaries = [line.strip() for line in f if line.strip()]
    raw_dir = os.path.join(args.out, "raw")
    os.makedirs(raw_dir, exist_ok=True)
    extra = [f"--benchmark_filter={args.filter}"] if args.filter else []
    merged = {"context": {"machine": machine(), "date": datetime.datetime.now().isoformat(timespec="seconds"),
                          "mode": args.mode, "threads": thread_counts(args.threads)},
              "benchmarks": []}
    failed_binaries = []
    for binary in binaries:
        for t in thread_counts(args.threads):
            data = run(binary, args.mode, t, raw_dir, extra)
            if data is None:
                failed_binaries.append(os.path.basename(binary) + (f" (threads {t})" if t else ""))
                continue
            merged["context"].setdefault("library", data.get("context", {}))
            merged["benchmarks"] += data.get("benchmarks", [])
    merged["context"]["failed_binaries"] = failed_binaries
    path = os.path.join(args.out, "results.json")
    with open(path, "w") as f:
        json.dump(merged, f, indent=1)
    text = table.markdown(merged)
    with open(os.path.join(args.out, "table.md"), "w") as f:
        f.write(text + "\n")
    print(f"\nResults: {path}\n")
    print(text)
    if args.plot:
        try:
            import plot  # noqa: E402
        except ImportError as e:
            print(f"\nNo plots: {e} (install Debian's python3-matplotlib and run this script with /usr/bin/python3)",
                  file=sys.stderr)
        else:
            for png in plot.plot_all(merged, args.out):
                print(f"Plot: {png}")
    errors = table.errors(merged)
    if errors or failed_binaries:
        print(f"\n{len(errors)} benchmark(s) failed their result check, {len(failed_binaries)} binary(ies) failed.",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

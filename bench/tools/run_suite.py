#!/usr/bin/env python3
"""Runs Weft's benchmark binaries and prints the table of ratios.

Each benchmark is named <suite kernel>/<implementation>; 'baseline' is the
hand-written oneTBB (+ xsimd) version in the same binary. Results are saved as
Google Benchmark JSON with a description of the machine.

  run_suite.py --list build/release/benchmarks.txt --out DIR [--mode short|full]
               [--threads 1,2,4,...]   # scaling mode: WEFT_NUM_THREADS per run
"""
import argparse
import datetime
import json
import os
import platform
import socket
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import table  # noqa: E402

MIN_TIME = {"short": "0.05", "full": "0.5"}


def machine():
    info = {"hostname": socket.gethostname(), "platform": platform.platform(),
            "cpus_in_affinity_mask": len(os.sched_getaffinity(0)), "cpu": ""}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return info


def run(binary, mode, threads, out_dir):
    env = dict(os.environ)
    if threads:
        env["WEFT_NUM_THREADS"] = str(threads)
        env["WEFT_BENCH_THREADS"] = str(threads)
    name = os.path.basename(binary) + (f"-t{threads}" if threads else "")
    out = os.path.join(out_dir, name + ".json")
    cmd = [binary, f"--benchmark_min_time={MIN_TIME[mode]}", "--benchmark_format=console",
           f"--benchmark_out={out}", "--benchmark_out_format=json"]
    if mode == "full":
        cmd += ["--benchmark_repetitions=3", "--benchmark_report_aggregates_only=true"]
    print(f"== {name}", flush=True)
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
    with open(out) as f:
        data = json.load(f)
    for b in data.get("benchmarks", []):
        b["threads_setting"] = threads or 0
    return data


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--list", required=True, help="file listing benchmark binaries, one per line")
    ap.add_argument("--out", required=True, help="directory for the JSON results")
    ap.add_argument("--mode", choices=sorted(MIN_TIME), default="short")
    ap.add_argument("--threads", default="", help="comma-separated worker counts (scaling mode)")
    args = ap.parse_args()
    with open(args.list) as f:
        binaries = [l.strip() for l in f if l.strip()]
    os.makedirs(args.out, exist_ok=True)
    thread_counts = [int(t) for t in args.threads.split(",") if t] or [0]
    merged = {"context": {"machine": machine(), "date": datetime.datetime.now().isoformat(timespec="seconds"),
                          "mode": args.mode}, "benchmarks": []}
    for binary in binaries:
        for t in thread_counts:
            data = run(binary, args.mode, t, args.out)
            merged["context"].setdefault("library", data.get("context", {}))
            merged["benchmarks"] += data.get("benchmarks", [])
    path = os.path.join(args.out, "results.json")
    with open(path, "w") as f:
        json.dump(merged, f, indent=1)
    print(f"\nResults: {path}\n")
    print(table.markdown(merged))


if __name__ == "__main__":
    main()

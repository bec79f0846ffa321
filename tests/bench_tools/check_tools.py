#!/usr/bin/env python3
"""Tests of the benchmark harness (run by CTest, label bench).

  check_tools.py tables --tools DIR --out DIR results.json [scaling.json]
      table.py prints every ratio right (recomputed here from the JSON) and
      plot.py writes valid PNGs (ratios; scaling for a multi-thread run).
  check_tools.py wrong --tools DIR --out DIR BINARY
      a fast wrong kernel fails its result check: the benchmark reports an
      error, run_suite.py lists it under FAILED and exits with status 1.
  check_tools.py checks --out DIR BINARY
      one tiny run (--benchmark_min_time, --benchmark_filter) of a suite
      binary: every benchmark's result check passes.
"""
import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys

UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def expected_ratios(data):
    """{(row label, impl): ratio} computed independently of table.py."""
    times = {}
    for b in data["benchmarks"]:
        if b.get("error_occurred") or (b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median"):
            continue
        parts = [p for p in b.get("run_name", b["name"]).split("/") if p != "real_time"]
        label = parts[0] + (f" ({'/'.join(parts[2:])})" if len(parts) > 2 else "")
        times[(label, b.get("threads_setting", 0), parts[1])] = float(b["real_time"]) * UNIT_NS[b["time_unit"]]
    out = {}
    for (label, threads, impl), t in times.items():
        base = times.get((label, threads, "baseline"))
        if impl != "baseline" and base:
            out[(label, threads, impl)] = base / t
    return out


def parse_table(text):
    """The ratio table's rows: {(label, threads, impl): printed ratio}."""
    lines = [line for line in text.splitlines() if line.startswith("| kernel |") or line.startswith("| ")]
    head = None
    rows = {}
    for line in lines:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == "kernel":
            head = cells if any(c.endswith(" ratio") for c in cells) else None
            continue
        if head is None:
            continue
        threads = int(cells[head.index("threads")]) if "threads" in head else 0
        for i, h in enumerate(head):
            if h.endswith(" ratio") and cells[i] != "-":
                rows[(cells[0], threads, h[: -len(" ratio")])] = float(cells[i])
    return rows


def close(printed, exact):
    return abs(printed - exact) <= max(0.006, 0.06 * abs(exact))


def cmd_tables(args):
    with open(args.results[0]) as f:
        data = json.load(f)
    out = subprocess.run([sys.executable, os.path.join(args.tools, "table.py"), args.results[0]],
                         capture_output=True, text=True)
    if out.returncode != 0:
        fail("table.py failed:\n" + out.stderr)
    print(out.stdout)
    printed = parse_table(out.stdout)
    expected = expected_ratios(data)
    if not expected:
        fail("the recorded results hold no ratios")
    for key, exact in expected.items():
        if key not in printed:
            fail(f"table.py printed no ratio for {key}")
        if not close(printed[key], exact):
            fail(f"table.py printed {printed[key]} for {key}, expected {exact:.4f}")
    if set(printed) != set(expected):
        fail(f"table.py printed ratios nobody measured: {sorted(set(printed) - set(expected))}")
    for needed in ("Memory bandwidth", "Barrier cost", "Geometric mean of weft ratio"):
        if needed not in out.stdout:
            fail(f"the table lacks its '{needed}' section")
    print(f"table.py: {len(expected)} ratios right")

    if importlib.util.find_spec("matplotlib") is None:
        print("SKIP: matplotlib is not installed for " + sys.executable + " (Debian: python3-matplotlib)")
        sys.exit(77)
    os.makedirs(args.out, exist_ok=True)
    for path in args.results:
        sub = os.path.join(args.out, os.path.splitext(os.path.basename(path))[0])
        r = subprocess.run([sys.executable, os.path.join(args.tools, "plot.py"), path, "--out", sub],
                           capture_output=True, text=True)
        if r.returncode != 0:
            fail("plot.py failed:\n" + r.stderr)
        made = r.stdout.split()
        want = ["ratios.png"]
        with open(path) as f:
            if len({b.get("threads_setting", 0) for b in json.load(f)["benchmarks"]}) > 1:
                want.append("scaling.png")
        for name in want:
            png = os.path.join(sub, name)
            if png not in made or not os.path.exists(png):
                fail(f"plot.py did not write {png}")
            with open(png, "rb") as f:
                head = f.read(8)
            if head != b"\x89PNG\r\n\x1a\n" or os.path.getsize(png) < 5000:
                fail(f"{png} is not a plausible PNG")
        print(f"plot.py: {', '.join(want)} written for {os.path.basename(path)}")


def run_binary(binary, out_dir, extra):
    os.makedirs(out_dir, exist_ok=True)
    out = os.path.join(out_dir, os.path.basename(binary) + ".json")
    env = dict(os.environ, WEFT_BENCH_MODE="short")
    r = subprocess.run([binary, "--benchmark_min_time=0.001", f"--benchmark_out={out}",
                        "--benchmark_out_format=json"] + extra, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        fail(f"{binary} exited with {r.returncode}:\n{r.stderr}")
    with open(out) as f:
        return json.load(f)["benchmarks"]


def cmd_wrong(args):
    benches = run_binary(args.binary, args.out, ["--benchmark_filter=scale/"])
    status = {b["name"].split("/real_time")[0]: b for b in benches}
    if status.get("scale/baseline", {}).get("error_occurred"):
        fail("the right baseline was reported wrong: " + status["scale/baseline"].get("error_message", ""))
    weft = status.get("scale/weft")
    if not weft or not weft.get("error_occurred") or "wrong result" not in weft.get("error_message", ""):
        fail(f"the wrong kernel was not reported as wrong: {weft}")
    print("wrong kernel reported: " + weft["error_message"])
    listing = os.path.join(args.out, "list.txt")
    with open(listing, "w") as f:
        f.write(args.binary + "\n")
    r = subprocess.run([sys.executable, os.path.join(args.tools, "run_suite.py"), "--list", listing, "--out",
                        os.path.join(args.out, "suite")], capture_output=True, text=True)
    if r.returncode != 1:
        fail(f"run_suite.py exited with {r.returncode}, not 1, for a wrong kernel:\n{r.stdout}\n{r.stderr}")
    if not re.search(r"FAILED:\n- scale/weft.*wrong result", r.stdout):
        fail("run_suite.py's table does not list the wrong kernel under FAILED:\n" + r.stdout)
    print("run_suite.py: exit status 1, wrong kernel listed under FAILED")


def cmd_checks(args):
    benches = run_binary(args.binary, args.out, ["--benchmark_filter=/(baseline|weft|pocl|boost_fiber)"])
    if not benches:
        fail("no benchmarks ran")
    bad = [f"{b['name']}: {b.get('error_message', '')}" for b in benches if b.get("error_occurred")]
    if bad:
        fail("result checks failed:\n  " + "\n  ".join(bad))
    print(f"{len(benches)} benchmarks passed their result checks: " + ", ".join(b["name"] for b in benches))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("tables")
    t.add_argument("--tools", required=True)
    t.add_argument("--out", required=True)
    t.add_argument("results", nargs="+")
    w = sub.add_parser("wrong")
    w.add_argument("--tools", required=True)
    w.add_argument("--out", required=True)
    w.add_argument("binary")
    c = sub.add_parser("checks")
    c.add_argument("--out", required=True)
    c.add_argument("binary")
    args = ap.parse_args()
    {"tables": cmd_tables, "wrong": cmd_wrong, "checks": cmd_checks}[args.cmd](args)


if __name__ == "__main__":
    main()

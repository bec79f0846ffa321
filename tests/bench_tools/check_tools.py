#!/usr/bin/env python3
"""Tests of the benchmark harness (run by CTest, label bench).

  check_tools.py tables --tools DIR --out DIR results.json [more.json ...]
      for each file: table.py's long ratio table (kernel | [threads |]
      implementation | time | baseline time | ratio) holds every ratio, recomputed
      here from the JSON, sorted by kernel, implementation, threads; a multi-thread
      run's scaling table holds every speed-up; plot.py writes valid PNGs (ratios;
      scaling for a multi-thread run).
  check_tools.py compare --tools DIR --out DIR results.json
      results of two compilers (run_suite.py --compare): table.py's side-by-side
      table (kernel | implementation | ratio, <compiler> ...) holds every ratio of
      each compiler, recomputed here against that compiler's own baseline, in the
      column named after it; the headlines and geometric means name both; the
      main compiler's results alone print today's long table and no other
      compiler; plot.py writes a valid ratios.png.
  check_tools.py wrong --tools DIR --out DIR BINARY
      a fast wrong kernel fails its result check: the benchmark reports an
      error, run_suite.py lists it under FAILED and exits with status 1 (also
      with --compare, which names the compiler of each failure).
  check_tools.py checks --out DIR BINARY
      one tiny run (--benchmark_min_time, --benchmark_filter) of a suite
      binary: every benchmark's result check passes.
  check_tools.py compile --script FILE --source-dir DIR --build-dir DIR --out DIR [--compiler CXX]
      the compile-time benchmark (bench/compile_time/compile_time.py) in its
      quick mode: the hello world and the baseline each compiled once; its JSON
      and markdown table hold both, with positive times and a ratio to the
      baseline above 1 (a SYCL program compiles slower than plain C++) and
      below 100.
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


# Recorded results keep the sub-group benchmarks' names from before they followed
# <kernel>/<impl>[/args]; table.py reads them as these.
LEGACY = {"BM_matmul_weft": ["sg_matmul", "weft"], "BM_matmul_baseline": ["sg_matmul", "baseline"],
          "BM_collective_weft": ["sg_collective", "weft"], "BM_collective_baseline": ["sg_collective", "loop_only"],
          "BM_reduction_weft": ["sg_reduction", "weft"], "BM_reduction_baseline": ["sg_reduction", "baseline"]}


def measured(data, compiler=None):
    """{(row label, threads, impl): time ns} computed independently of table.py (of one compiler's
    benchmarks when given)."""
    times = {}
    for b in data["benchmarks"]:
        if compiler is not None and b.get("compiler") != compiler:
            continue
        if b.get("error_occurred") or (b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median"):
            continue
        parts = [p for p in b.get("run_name", b["name"]).split("/")
                 if p not in ("real_time", "manual_time", "process_time") and not re.match(r"^[a-z_]+:", p)]
        parts = LEGACY.get(parts[0], parts[:1]) + parts[1:]
        label = parts[0] + (f" ({'/'.join(parts[2:])})" if len(parts) > 2 else "")
        times[(label, b.get("threads_setting", 0), parts[1])] = float(b["real_time"]) * UNIT_NS[b["time_unit"]]
    return times


def expected_ratios(data, compiler=None):
    """{(row label, threads, impl): baseline time / its time}."""
    times = measured(data, compiler)
    out = {}
    for (label, threads, impl), t in times.items():
        base = times.get((label, threads, "baseline"))
        if impl != "baseline" and base:
            out[(label, threads, impl)] = base / t
    return out


def expected_speedups(data):
    """{(row label, impl, threads): time at the fewest threads / time at threads}, 2+ thread counts only."""
    times = measured(data)
    counts = sorted({t for _, t, _ in times})
    out = {}
    if len(counts) < 2:
        return out
    for (label, threads, impl), t in times.items():
        first = times.get((label, counts[0], impl))
        if threads != counts[0] and first:
            out[(label, impl, threads)] = first / t
    return out


def split_tables(text):
    """[(header cells, [row cells])] of every markdown table in text (blank lines separate them)."""
    out, cur = [], None
    for line in text.splitlines() + [""]:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cur is None:
                cur = (cells, [])
            elif not all(c and set(c) <= set("-") for c in cells):
                cur[1].append(cells)
        elif cur is not None:
            out.append(cur)
            cur = None
    return out


RATIO_HEAD = ["implementation", "time", "baseline time", "ratio"]


def parse_table(text):
    """The long ratio table: {(label, threads, impl): printed ratio}; rows with no ratio ('-') left out."""
    found = [t for t in split_tables(text) if t[0][0] == "kernel" and t[0][-4:] == RATIO_HEAD]
    if len(found) != 1:
        fail(f"expected one ratio table (kernel | [threads |] {' | '.join(RATIO_HEAD)}), found {len(found)}")
    head, body = found[0]
    if head[1:-4] not in ([], ["threads"]):
        fail(f"unexpected ratio table columns: {head}")
    rows = {}
    order = []
    for cells in body:
        threads = int(cells[1]) if "threads" in head else 0
        key = (cells[0], threads, cells[head.index("implementation")])
        order.append(key)
        if key in rows:
            fail(f"the ratio table has {key} twice")
        rows[key] = None if cells[-1] == "-" else float(cells[-1])
    return rows, order


def parse_scaling(text):
    """The scaling table: {(label, impl, threads): printed speed-up}."""
    found = [t for t in split_tables(text) if t[0][:2] == ["kernel", "implementation"] and
             t[0][2].startswith("time, ")]
    if not found:
        return None
    head, body = found[0]
    counts = [int(h.split()[0]) for h in head[3:]]
    out = {}
    for cells in body:
        for t, c in zip(counts, cells[3:]):
            if c != "-":
                out[(cells[0], cells[1], t)] = float(c.rstrip("x"))
    return out


def close(printed, exact):
    return abs(printed - exact) <= max(0.006, 0.06 * abs(exact))


def check_values(printed, expected, what):
    """Every expected value printed and close to it, and nothing printed that nobody measured."""
    for key, exact in expected.items():
        if key not in printed:
            fail(f"table.py printed no {what} for {key}")
        if not close(printed[key], exact):
            fail(f"table.py printed {what} {printed[key]} for {key}, expected {exact:.4f}")
    if set(printed) != set(expected):
        fail(f"table.py printed {what}s nobody measured: {sorted(set(printed) - set(expected))}")


def check_one(tools, path):
    with open(path) as f:
        data = json.load(f)
    out = subprocess.run([sys.executable, os.path.join(tools, "table.py"), path], capture_output=True, text=True)
    if out.returncode != 0:
        fail("table.py failed:\n" + out.stderr)
    print(out.stdout)
    printed_all, order = parse_table(out.stdout)
    printed = {k: v for k, v in printed_all.items() if v is not None}
    expected = expected_ratios(data)
    if not expected:
        fail(f"{path}: the recorded results hold no ratios")
    check_values(printed, expected, "ratio")
    # Long form: grouped by kernel, then implementation, with threads ascending inside.
    seen = {}
    for n, (label, threads, impl) in enumerate(order):
        if n and order[n - 1][0] == label and order[n - 1][2] == impl and order[n - 1][1] >= threads:
            fail(f"threads not ascending at {order[n]}")
        group = (label, impl)
        if group in seen and seen[group] != n - 1:
            fail(f"rows of {group} are not together")
        seen[group] = n
    labels = [k[0] for k in order]
    if labels != sorted(labels, key=lambda s: s.split(" (")[0]):
        fail("the ratio table is not sorted by kernel")
    multi = len({b.get("threads_setting", 0) for b in data["benchmarks"]}) > 1
    needed = ["Geometric mean of the ratios", "| implementation | benchmarks |"]
    needed += ["Scaling: speed-up"] if multi else []
    needed += ["Memory bandwidth"] if any("bw_fraction" in b for b in data["benchmarks"]) else []
    needed += ["Barrier cost"] if any("ns_per_item_barrier" in b for b in data["benchmarks"]) else []
    for s in needed:
        if s not in out.stdout:
            fail(f"{path}: the table lacks its '{s}' section")
    print(f"table.py: {len(expected)} ratios right in {os.path.basename(path)}")
    if multi:
        sp = parse_scaling(out.stdout)
        want = expected_speedups(data)
        if sp is None or not want:
            fail(f"{path}: no scaling table")
        check_values(sp, want, "speed-up")
        print(f"table.py: {len(want)} speed-ups right in {os.path.basename(path)}")
    return out.stdout


def cmd_tables(args):
    for path in args.results:
        check_one(args.tools, path)

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


def cmd_compare(args):
    with open(args.results) as f:
        data = json.load(f)
    names = data["context"]["compilers"]
    if len(names) != 2 or {b["compiler"] for b in data["benchmarks"]} != set(names):
        fail(f"{args.results}: expected the results of two compilers, listed in context.compilers")
    out = subprocess.run([sys.executable, os.path.join(args.tools, "table.py"), args.results], capture_output=True,
                         text=True)
    if out.returncode != 0:
        fail("table.py failed:\n" + out.stderr)
    print(out.stdout)
    head_want = ["kernel", "implementation"] + [f"ratio, {c}" for c in names]
    found = [t for t in split_tables(out.stdout) if t[0] == head_want]
    if len(found) != 1:
        fail(f"expected one side-by-side table headed {head_want}")
    printed = {}
    for cells in found[0][1]:
        for c, cell in zip(names, cells[2:]):
            if (cells[0], cells[1], c) in printed:
                fail(f"the side-by-side table has {cells[:2]} twice")
            if cell != "-":
                printed[(cells[0], cells[1], c)] = float(cell)
    expected = {(label, impl, c): x for c in names for (label, _, impl), x in expected_ratios(data, c).items()}
    if not expected or not any(k[2] == names[1] for k in expected):
        fail(f"{args.results}: the recorded results hold no ratios of {names[1]}")
    check_values(printed, expected, "ratio")  # (label, impl, compiler): against that compiler's baseline
    print(f"table.py: {len(expected)} ratios of {' and '.join(names)} right, side by side")
    needed = [f"{names[0]}, with {names[1]} in parentheses",
              f"| geometric mean, {names[0]} | geometric mean, {names[1]} |"]
    for s in needed:
        if s not in out.stdout:
            fail(f"the summary lacks '{s}'")
    if not re.search(r"\(geometric mean [0-9.e-]+; " + re.escape(names[1]) + r" [0-9.e-]+\)", out.stdout):
        fail(f"no headline gives {names[1]}'s geometric mean beside {names[0]}'s")
    # Each family's why and advice agree with the columns: where the plugin's geometric mean
    # gains on the main compiler's, the line says what it reached and how to get it.
    for line in out.stdout.splitlines():
        m = re.match(r"- \*\*(.+?)\*\* \(geometric mean ([0-9.e-]+); " + re.escape(names[1]) + r" ([0-9.e-]+)\)", line)
        if not m or "Below it" not in line:
            continue
        gains = float(m.group(3)) >= 1.25 * float(m.group(2))
        says = f"With {names[1]} it " in line and "add_sycl_to_target" in line and "weft++" in line
        if "plugin" in names[1] and m.group(1) in ("Per-item loops", "nd_range with barriers") and gains != says:
            fail(f"the {m.group(1)} headline {'omits' if gains else 'claims'} the plugin's gain:\n{line}")
        if "which a library cannot" in line:
            fail(f"a headline says a library cannot what the plugin column shows it does:\n{line}")
    # The main compiler's results alone: today's summary, which names no compiler.
    alone = dict(data, benchmarks=[dict(b) for b in data["benchmarks"] if b["compiler"] == names[0]])
    alone["context"] = {k: v for k, v in data["context"].items() if k != "compilers"}
    for b in alone["benchmarks"]:
        del b["compiler"]
    os.makedirs(args.out, exist_ok=True)
    alone_path = os.path.join(args.out, "one_compiler.json")
    with open(alone_path, "w") as f:
        json.dump(alone, f)
    text = check_one(args.tools, alone_path)
    if names[1] in text or names[0] in text:
        fail("one compiler's results still name a compiler")
    if importlib.util.find_spec("matplotlib") is None:
        print("SKIP: matplotlib is not installed for " + sys.executable + " (Debian: python3-matplotlib)")
        sys.exit(77)
    r = subprocess.run([sys.executable, os.path.join(args.tools, "plot.py"), args.results, "--out", args.out],
                       capture_output=True, text=True)
    png = os.path.join(args.out, "ratios.png")
    if r.returncode != 0 or png not in r.stdout.split():
        fail("plot.py failed:\n" + r.stderr)
    with open(png, "rb") as f:
        if f.read(8) != b"\x89PNG\r\n\x1a\n" or os.path.getsize(png) < 5000:
            fail(f"{png} is not a plausible PNG")
    print("plot.py: ratios.png written for both compilers")


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
    # The same binary as two compilers' builds: each failure names its compiler.
    out = os.path.join(args.out, "compare")
    r = subprocess.run([sys.executable, os.path.join(args.tools, "run_suite.py"), "--list", listing, "--out", out,
                        "--label", "first", "--compare", f"second={listing}"], capture_output=True, text=True)
    if r.returncode != 1:
        fail(f"run_suite.py --compare exited with {r.returncode}, not 1, for a wrong kernel:\n{r.stdout}\n{r.stderr}")
    for name in ("first", "second"):
        if not re.search(r"\n- scale/weft[^\n]* \[" + name + r"\][^\n]*wrong result", r.stdout):
            fail(f"run_suite.py --compare does not list {name}'s wrong kernel under FAILED:\n" + r.stdout)
    with open(os.path.join(out, "results.json")) as f:
        merged = json.load(f)
    if merged["context"].get("compilers") != ["first", "second"] or \
            {b.get("compiler") for b in merged["benchmarks"]} != {"first", "second"}:
        fail("run_suite.py --compare did not record each benchmark's compiler in results.json")
    print("run_suite.py --compare: exit status 1, each compiler's wrong kernel listed under FAILED")


def cmd_checks(args):
    benches = run_binary(args.binary, args.out, ["--benchmark_filter=/(baseline|weft|pocl|boost_fiber)"])
    if not benches:
        fail("no benchmarks ran")
    bad = [f"{b['name']}: {b.get('error_message', '')}" for b in benches if b.get("error_occurred")]
    if bad:
        fail("result checks failed:\n  " + "\n  ".join(bad))
    print(f"{len(benches)} benchmarks passed their result checks: " + ", ".join(b["name"] for b in benches))


def cmd_compile(args):
    cmd = [sys.executable, args.script, "--quick", "--source-dir", args.source_dir, "--build-dir", args.build_dir,
           "--out", args.out]
    if args.compiler:
        cmd += ["--compilers", args.compiler]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        fail(f"compile_time.py exited with {proc.returncode}:\n{proc.stdout}\n{proc.stderr}")
    with open(os.path.join(args.out, "compile_time.json")) as f:
        results = json.load(f)["results"]
    progs = {r["program"]: r for r in results}
    if set(progs) != {"baseline", "hello"}:
        fail(f"quick mode measured {sorted(progs)}, expected baseline and hello")
    for r in results:
        if not r["median_cpu_s"] > 0 or not r["median_wall_s"] > 0:
            fail(f"non-positive time: {r}")
    ratio = progs["hello"]["ratio"]
    if not 1 < ratio < 100:
        fail(f"hello/baseline ratio {ratio} is not in (1, 100)")
    with open(os.path.join(args.out, "compile_time.md")) as f:
        table = f.read()
    rows = [line for line in table.splitlines() if line.startswith("| hello |") or line.startswith("| baseline |")]
    if len(rows) != 2 or f"{ratio:.2f}" not in rows[[r.split("|")[1].strip() for r in rows].index("hello")]:
        fail("the markdown table lacks the hello and baseline rows or the ratio:\n" + table)
    print(table)
    print("OK")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("tables")
    t.add_argument("--tools", required=True)
    t.add_argument("--out", required=True)
    t.add_argument("results", nargs="+")
    m = sub.add_parser("compare")
    m.add_argument("--tools", required=True)
    m.add_argument("--out", required=True)
    m.add_argument("results")
    w = sub.add_parser("wrong")
    w.add_argument("--tools", required=True)
    w.add_argument("--out", required=True)
    w.add_argument("binary")
    c = sub.add_parser("checks")
    c.add_argument("--out", required=True)
    c.add_argument("binary")
    k = sub.add_parser("compile")
    k.add_argument("--script", required=True)
    k.add_argument("--source-dir", required=True)
    k.add_argument("--build-dir", required=True)
    k.add_argument("--out", required=True)
    k.add_argument("--compiler")
    args = ap.parse_args()
    {"tables": cmd_tables, "compare": cmd_compare, "wrong": cmd_wrong, "checks": cmd_checks,
     "compile": cmd_compile}[args.cmd](args)


if __name__ == "__main__":
    main()

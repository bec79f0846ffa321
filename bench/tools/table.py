#!/usr/bin/env python3
"""Turns Weft benchmark JSON into markdown tables of ratios.

Benchmarks are named <kernel>/<implementation>[/args]; for each kernel the
ratio of every implementation is baseline time / its time (1.00 = as fast as
the hand-written baseline, above 1 = faster). Also printed when present: memory
bandwidth (GB/s and the fraction of the machine's bandwidth measured by the
baseline), barrier cost (ns per item per barrier) and failed result checks.

  table.py results.json [more.json ...]
"""
import json
import math
import sys
from collections import OrderedDict

UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
IMPL_ORDER = ["weft", "pocl", "boost_fiber"]


def parse(name):
    """'kernel/impl/args.../real_time' -> (kernel, impl, args)."""
    parts = [p for p in name.split("/") if p not in ("real_time", "process_time", "manual_time")]
    if len(parts) < 2:
        return name, "weft", ""
    return parts[0], parts[1], "/".join(parts[2:])


def time_ns(b):
    return float(b["real_time"]) * UNIT_NS.get(b.get("time_unit", "ns"), 1.0)


def _usable(b):
    if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
        return False
    return not b.get("error_occurred")


def collect(data):
    """{(kernel, args, threads): {impl: benchmark}} in first-seen order."""
    rows = OrderedDict()
    for b in data.get("benchmarks", []):
        if not _usable(b):
            continue
        kernel, impl, args = parse(b.get("run_name", b["name"]))
        rows.setdefault((kernel, args, b.get("threads_setting", 0)), OrderedDict())[impl] = b
    return rows


def errors(data):
    """[(name, threads, message)] of benchmarks that failed (e.g. their result check)."""
    return [(b.get("run_name", b["name"]), b.get("threads_setting", 0), b.get("error_message", ""))
            for b in data.get("benchmarks", []) if b.get("error_occurred")]


def implementations(rows):
    seen = []
    for r in rows.values():
        for i in r:
            if i != "baseline" and i not in seen:
                seen.append(i)
    return sorted(seen, key=lambda i: (IMPL_ORDER.index(i) if i in IMPL_ORDER else len(IMPL_ORDER), i))


def ratio(row, impl):
    """baseline time / impl time, or None."""
    base, other = row.get("baseline"), row.get(impl)
    if not base or not other or time_ns(other) <= 0:
        return None
    return time_ns(base) / time_ns(other)


def fmt_ratio(x):
    """Two decimals, or two significant digits below 0.1 (so 0.004 is not printed as 0.00)."""
    return f"{x:.2f}" if x >= 0.1 else f"{x:.2g}"


def fmt_time(b):
    return f"{float(b['real_time']):.3g} {b.get('time_unit', 'ns')}"


def _label(kernel, args):
    return kernel + (f" ({args})" if args else "")


def ratio_table(rows, impls, scaling):
    head = ["kernel"] + (["threads"] if scaling else []) + ["baseline"] + impls + [f"{i} ratio" for i in impls]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for (kernel, args, threads), r in rows.items():
        cells = [_label(kernel, args)] + ([str(threads)] if scaling else [])
        cells.append(fmt_time(r["baseline"]) if "baseline" in r else "-")
        cells += [fmt_time(r[i]) if i in r else "-" for i in impls]
        for i in impls:
            x = ratio(r, i)
            cells.append(fmt_ratio(x) if x is not None else "-")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def geomeans(rows, impls):
    """{(impl, threads): (geometric mean ratio, count)}."""
    acc = OrderedDict()
    for (kernel, args, threads), r in rows.items():
        for i in impls:
            x = ratio(r, i)
            if x:
                s = acc.setdefault((i, threads), [0.0, 0])
                s[0] += math.log(x)
                s[1] += 1
    return OrderedDict((k, (math.exp(v[0] / v[1]), v[1])) for k, v in acc.items())


def bandwidth_table(rows, scaling):
    lines = []
    for (kernel, args, threads), r in rows.items():
        for impl, b in r.items():
            if "bw_fraction" not in b:
                continue
            if not lines:
                head = ["kernel"] + (["threads"] if scaling else []) + ["implementation", "GB/s",
                                                                        "of machine bandwidth", "machine GB/s"]
                lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
            cells = [_label(kernel, args)] + ([str(threads)] if scaling else []) + [
                impl, f"{b.get('bytes_per_second', 0) / 1e9:.1f}", f"{100 * b['bw_fraction']:.0f}%",
                f"{b.get('machine_GBps', 0):.1f}"]
            lines.append("| " + " | ".join(cells) + " |")
    return lines


def barrier_table(rows, scaling):
    impls = []
    for r in rows.values():
        for i, b in r.items():
            if "ns_per_item_barrier" in b and i not in impls:
                impls.append(i)
    if not impls:
        return []
    impls.sort(key=lambda i: (i != "baseline", IMPL_ORDER.index(i) if i in IMPL_ORDER else 99, i))
    head = ["kernel"] + (["threads"] if scaling else []) + [f"{i} ns" for i in impls]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for (kernel, args, threads), r in rows.items():
        if not any("ns_per_item_barrier" in b for b in r.values()):
            continue
        cells = [_label(kernel, args)] + ([str(threads)] if scaling else [])
        cells += [f"{r[i]['ns_per_item_barrier']:.3g}" if i in r and "ns_per_item_barrier" in r[i] else "-"
                  for i in impls]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def header(data):
    ctx = data.get("context", {})
    m = ctx.get("machine", {})
    if not m:
        return []
    threads = ctx.get("threads") or [m.get("cpus_in_affinity_mask", "?")]
    threads = [t if t else m.get("cpus_in_affinity_mask", "?") for t in threads]
    return [f"Machine: {m.get('cpu', '?')}, {m.get('cpus_in_affinity_mask', '?')} CPUs; "
            f"threads {','.join(str(t) for t in threads)}; mode {ctx.get('mode', '?')}; {ctx.get('date', '')}", ""]


def markdown(data):
    rows = collect(data)
    impls = implementations(rows)
    scaling = len({k[2] for k in rows}) > 1
    out = header(data)
    out += ["Ratio = baseline time / implementation time (1.00: as fast as the hand-written oneTBB/xsimd "
            "baseline; higher is faster).", ""]
    out += ratio_table(rows, impls, scaling)
    gm = geomeans(rows, impls)
    if gm:
        out.append("")
        for (impl, threads), (g, n) in gm.items():
            out.append(f"Geometric mean of {impl} ratio over {n} benchmarks" +
                       (f" at {threads} threads" if scaling else "") + f": {fmt_ratio(g)}")
    bw = bandwidth_table(rows, scaling)
    if bw:
        out += ["", "Memory bandwidth (fraction of the machine's bandwidth, measured by the baseline loops):", ""]
        out += bw
    bar = barrier_table(rows, scaling)
    if bar:
        out += ["", "Barrier cost, ns per work item per barrier:", ""]
        out += bar
    errs = errors(data)
    failed = data.get("context", {}).get("failed_binaries", [])
    if errs or failed:
        out += ["", "FAILED:"]
        out += [f"- {name}" + (f" (threads {t})" if t else "") + f": {msg}" for name, t, msg in errs]
        out += [f"- {b}: the binary failed" for b in failed]
    return "\n".join(out)


def load(paths):
    merged = {"benchmarks": []}
    for p in paths:
        with open(p) as f:
            d = json.load(f)
        merged.setdefault("context", d.get("context", {}))
        merged["benchmarks"] += d.get("benchmarks", [])
    return merged


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    print(markdown(load(sys.argv[1:])))

#!/usr/bin/env python3
"""Turns Weft benchmark JSON into a markdown table of ratios.

Benchmarks are named <kernel>/<implementation>[/args]; for each kernel the
ratio of every implementation is baseline time / its time (1.0 = as fast as
the hand-written baseline, above 1 = faster).

  table.py results.json
"""
import json
import sys
from collections import OrderedDict


def parse(name):
    parts = [p for p in name.split("/") if p not in ("real_time", "process_time", "manual_time")]
    if len(parts) < 2:
        return name, "weft", ""
    return parts[0], parts[1], "/".join(parts[2:])


def collect(data):
    rows = OrderedDict()
    for b in data.get("benchmarks", []):
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        if b.get("error_occurred"):
            continue
        name = b.get("run_name", b["name"])
        kernel, impl, args = parse(name)
        threads = b.get("threads_setting", 0)
        key = (kernel, args, threads)
        time = float(b["real_time"])
        rows.setdefault(key, OrderedDict())[impl] = (time, b.get("time_unit", "ns"))
    return rows


def markdown(data):
    rows = collect(data)
    impls = []
    for r in rows.values():
        for i in r:
            if i != "baseline" and i not in impls:
                impls.append(i)
    scaling = any(k[2] for k in rows)
    head = ["kernel"] + (["threads"] if scaling else []) + ["baseline"] + \
        [f"{i}" for i in impls] + [f"{i} ratio" for i in impls]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for (kernel, args, threads), r in rows.items():
        label = kernel + (f" ({args})" if args else "")
        base = r.get("baseline")
        cells = [label] + ([str(threads)] if scaling else [])
        cells.append(f"{base[0]:.3g} {base[1]}" if base else "-")
        cells += [f"{r[i][0]:.3g} {r[i][1]}" if i in r else "-" for i in impls]
        cells += [f"{base[0] / r[i][0]:.2f}" if base and i in r and r[i][0] > 0 else "-" for i in impls]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    with open(sys.argv[1]) as f:
        print(markdown(json.load(f)))

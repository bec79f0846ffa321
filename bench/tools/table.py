#!/usr/bin/env python3
"""Turns Weft benchmark JSON into markdown tables of ratios.

Benchmarks are named <kernel>/<implementation>[/args]; for each kernel the
ratio of every implementation is baseline time / its time (1.00 = as fast as
the hand-written baseline, above 1 = faster).

Printed, all in long form (one row per kernel, [threads,] implementation):
  - the ratio table: kernel | [threads |] implementation | time | baseline time | ratio,
    sorted by kernel, then implementation, then threads;
  - the geometric mean of the ratios per implementation [and thread count];
  - with several thread counts, the scaling table: per kernel and implementation
    the time at the fewest threads and the speed-up at every other count;
  - when present: memory bandwidth (GB/s and the fraction of the machine's
    bandwidth measured by the baseline), cost tables (barrier: ns per item per
    barrier; sub-group collectives: ns per lane; context switch: ns per switch)
    and failed result checks.

Benchmarks that only report a cost (a cost counter and no baseline) appear in
their cost table, not in the ratio table. Old sub-group names (BM_matmul_weft/256,
BM_collective_weft/broadcast, BM_reduction_weft, ...) are read as their current
names (sg_matmul/weft/256, sg_collective/weft/broadcast, sg_reduction/weft).

Results of several compilers (run_suite.py --compare: each benchmark records its
"compiler", context "compilers" lists them, the main one first) are shown side by
side: the ratio table and the geometric means get one ratio column per compiler,
each compiler's ratios divided by its own baseline; the headlines give the main
compiler's ratios with the others' beside them; elsewhere another compiler's
implementations are named with it in brackets ("weft [clang 22 + plugin]").

  table.py results.json [more.json ...]
"""
import json
import math
import re
import sys
from collections import OrderedDict

UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
IMPL_ORDER = ["weft", "pocl", "boost_fiber"]

# Name parts Google Benchmark appends that are not arguments.
_TIMING_PARTS = ("real_time", "process_time", "manual_time")
_OPTION_PART = re.compile(r"^(iterations|repeats|min_time|min_warmup_time|threads):")

# Names the sub-group benchmarks had before they followed <kernel>/<impl>[/args]
# (recorded results keep them): first part -> (kernel, implementation).
LEGACY = {
    "BM_matmul_weft": ("sg_matmul", "weft"),
    "BM_matmul_baseline": ("sg_matmul", "baseline"),
    "BM_collective_weft": ("sg_collective", "weft"),
    "BM_collective_baseline": ("sg_collective", "loop_only"),
    "BM_reduction_weft": ("sg_reduction", "weft"),
    "BM_reduction_baseline": ("sg_reduction", "baseline"),
}

# Counters that make a benchmark a cost measurement: counter -> table title.
COSTS = OrderedDict([
    ("ns_per_item_barrier", "Barrier cost, ns per work item per barrier"),
    ("ns_per_lane", "Sub-group collective cost, ns per lane per collective "
                    "(loop_only: the same kernel without the collective)"),
    ("ns_per_switch", "Context switch cost, ns per switch (raw: one boost.context jump)"),
])


def parse(name):
    """'kernel/impl/args.../real_time' -> (kernel, impl, args)."""
    parts = [p for p in name.split("/") if p not in _TIMING_PARTS and not _OPTION_PART.match(p)]
    if parts and parts[0] in LEGACY:
        kernel, impl = LEGACY[parts[0]]
        return kernel, impl, "/".join(parts[1:])
    if len(parts) < 2:
        return (parts[0] if parts else name), "weft", ""
    return parts[0], parts[1], "/".join(parts[2:])


_TAGGED = re.compile(r"^(.*) \[(.+)\]$")


def split_impl(impl):
    """'weft [clang 22 + plugin]' -> ('weft', 'clang 22 + plugin'); 'weft' -> ('weft', '')."""
    m = _TAGGED.match(impl)
    return (m.group(1), m.group(2)) if m else (impl, "")


def tagged(impl, compiler):
    return f"{impl} [{compiler}]" if compiler else impl


def is_baseline(impl):
    return split_impl(impl)[0] == "baseline"


def compilers(data):
    """The compilers whose builds a run compared, the main one first; [] for one compiler."""
    names = list(data.get("context", {}).get("compilers") or [])
    for b in data.get("benchmarks", []):
        if b.get("compiler") and b["compiler"] not in names:
            names.append(b["compiler"])
    return names if len(names) > 1 else []


def time_ns(b):
    return float(b["real_time"]) * UNIT_NS.get(b.get("time_unit", "ns"), 1.0)


def _usable(b):
    if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
        return False
    return not b.get("error_occurred")


def collect(data):
    """{(kernel, args, threads): {impl: benchmark}} in first-seen order; the implementations
    of a compiler other than the main one are named with it in brackets."""
    main = (compilers(data) or [""])[0]
    rows = OrderedDict()
    for b in data.get("benchmarks", []):
        if not _usable(b):
            continue
        kernel, impl, args = parse(b.get("run_name", b["name"]))
        if b.get("compiler", main) != main:
            impl = tagged(impl, b["compiler"])
        rows.setdefault((kernel, args, b.get("threads_setting", 0)), OrderedDict())[impl] = b
    return rows


def errors(data):
    """[(name, threads, message)] of benchmarks that failed (e.g. their result check)."""
    return [(b.get("run_name", b["name"]) + (f" [{b['compiler']}]" if b.get("compiler") else ""),
             b.get("threads_setting", 0), b.get("error_message", ""))
            for b in data.get("benchmarks", []) if b.get("error_occurred")]


def impl_key(impl):
    """baseline, weft, weft_*, pocl, boost_fiber, then the rest alphabetically; each
    before the same implementation of another compiler."""
    impl, compiler = split_impl(impl)
    if impl == "baseline":
        return (0, impl, compiler)
    for n, known in enumerate(IMPL_ORDER):
        if impl == known or impl.startswith(known + "_"):
            return (1 + n, impl, compiler)
    return (1 + len(IMPL_ORDER), impl, compiler)


def _natural(s):
    return [(0, int(t), "") if t.isdigit() else (1, 0, t) for t in re.split(r"(\d+)", s) if t]


def kernel_key(kernel, args):
    return (kernel, _natural(args))


def implementations(rows):
    seen = {i for r in rows.values() for i in r if not is_baseline(i)}
    return sorted(seen, key=impl_key)


def ratio(row, impl):
    """baseline time / impl time (the baseline its compiler built), or None."""
    base, other = row.get(tagged("baseline", split_impl(impl)[1])), row.get(impl)
    if not base or not other or time_ns(other) <= 0:
        return None
    return time_ns(base) / time_ns(other)


def cost_only(row, impl):
    """A cost measurement with nothing to divide by: shown in its cost table only."""
    return tagged("baseline", split_impl(impl)[1]) not in row and any(c in row[impl] for c in COSTS)


def fmt_ratio(x):
    """Two decimals, or two significant digits below 0.1 (so 0.004 is not printed as 0.00)."""
    return f"{x:.2f}" if x >= 0.0995 else f"{x:.2g}"


def fmt_time(b):
    t = float(b["real_time"])
    return (f"{t:.0f}" if t >= 1000 else f"{t:.3g}") + " " + b.get("time_unit", "ns")


def _label(kernel, args):
    return kernel + (f" ({args})" if args else "")


def _md(head, body):
    return ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)] + ["| " + " | ".join(c) + " |" for c in body]


def ratio_entries(rows):
    """[(kernel, args, threads, impl)] of the ratio table, in its order."""
    out = [(k, a, t, i) for (k, a, t), r in rows.items() for i in r if not is_baseline(i) and not cost_only(r, i)]
    return sorted(out, key=lambda e: (kernel_key(e[0], e[1]), impl_key(e[3]), e[2]))


def ratio_table(rows, scaling):
    body = []
    for kernel, args, threads, impl in ratio_entries(rows):
        r = rows[(kernel, args, threads)]
        x = ratio(r, impl)
        base = r.get(tagged("baseline", split_impl(impl)[1]))
        body.append([_label(kernel, args)] + ([str(threads)] if scaling else []) + [
            impl, fmt_time(r[impl]), fmt_time(base) if base else "-",
            fmt_ratio(x) if x is not None else "-"])
    head = ["kernel"] + (["threads"] if scaling else []) + ["implementation", "time", "baseline time", "ratio"]
    return _md(head, body)


def _of(impl, compiler, names):
    """impl as built by compiler (of names, the main one first) in collect()'s rows."""
    return impl if compiler == names[0] else tagged(impl, compiler)


def compare_table(rows, scaling, names):
    """Side by side: one row per kernel[, thread count] and implementation, one ratio column per compiler."""
    keys = OrderedDict()
    for kernel, args, threads, impl in ratio_entries(rows):
        keys[(kernel, args, threads, split_impl(impl)[0])] = None
    body = []
    for kernel, args, threads, impl in sorted(keys, key=lambda e: (kernel_key(e[0], e[1]), impl_key(e[3]), e[2])):
        r = rows[(kernel, args, threads)]
        cells = [ratio(r, _of(impl, c, names)) for c in names]
        body.append([_label(kernel, args)] + ([str(threads)] if scaling else []) + [impl] +
                    [fmt_ratio(x) if x is not None else "-" for x in cells])
    head = ["kernel"] + (["threads"] if scaling else []) + ["implementation"] + [f"ratio, {c}" for c in names]
    return _md(head, body)


def compare_geomean_table(rows, names):
    """One row per implementation, one geometric-mean column per compiler (one thread count)."""
    gm = geomeans(rows)
    impls = OrderedDict((split_impl(i)[0], None) for i, _ in sorted(gm, key=lambda k: impl_key(k[0])))
    body = [[impl, str(gm.get((impl, t), (0, 0))[1])] +
            [fmt_ratio(gm[(_of(impl, c, names), t)][0]) if (_of(impl, c, names), t) in gm else "-" for c in names]
            for impl in impls for t in sorted({t for _, t in gm})]
    return _md(["implementation", f"benchmarks ({names[0]})"] + [f"geometric mean, {c}" for c in names], body)


def geomeans(rows, impls=None):
    """{(impl, threads): (geometric mean ratio, count)}, sorted by implementation, then threads."""
    acc = {}
    for (kernel, args, threads), r in rows.items():
        for i in r:
            x = ratio(r, i) if not is_baseline(i) else None
            if x and (impls is None or i in impls):
                s = acc.setdefault((i, threads), [0.0, 0])
                s[0] += math.log(x)
                s[1] += 1
    return OrderedDict((k, (math.exp(v[0] / v[1]), v[1]))
                       for k, v in sorted(acc.items(), key=lambda kv: (impl_key(kv[0][0]), kv[0][1])))


def _threads(t):
    return f"{t} thread" + ("s" if t != 1 else "")


def geomean_table(rows, scaling):
    """One row per implementation; with several thread counts, one column per count."""
    gm = geomeans(rows)
    if not gm:
        return []
    if not scaling:
        return _md(["implementation", "benchmarks", "geometric mean ratio"],
                   [[impl, str(n), fmt_ratio(g)] for (impl, _), (g, n) in gm.items()])
    counts = sorted({t for _, t in gm})
    body = []
    for impl in OrderedDict((i, None) for i, _ in gm):
        ns = sorted({gm[(impl, t)][1] for t in counts if (impl, t) in gm})
        body.append([impl, "/".join(str(n) for n in ns)] +
                    [fmt_ratio(gm[(impl, t)][0]) if (impl, t) in gm else "-" for t in counts])
    return _md(["implementation", "benchmarks"] + [_threads(t) for t in counts], body)


def speedups(rows):
    """{(kernel, args, impl): [(threads, time ns)]} for every benchmark measured at 2+ thread counts."""
    acc = {}
    for (kernel, args, threads), r in rows.items():
        for impl, b in r.items():
            acc.setdefault((kernel, args, impl), []).append((threads, time_ns(b)))
    out = OrderedDict()
    for key in sorted(acc, key=lambda k: (kernel_key(k[0], k[1]), impl_key(k[2]))):
        pts = sorted(acc[key])
        if len(pts) > 1:
            out[key] = pts
    return out


def scaling_table(rows):
    counts = sorted({k[2] for k in rows})
    sp = speedups(rows)
    if len(counts) < 2 or not sp:
        return []
    body = []
    for (kernel, args, impl), pts in sp.items():
        t0, base = pts[0]
        by = dict(pts)
        b0 = rows[(kernel, args, t0)][impl]
        if t0 != counts[0]:
            continue  # not measured at the fewest threads: no common reference
        cells = [_label(kernel, args), impl, fmt_time(rows[(kernel, args, t0)][impl])]
        cells += [f"{base / by[t]:.2f}x" if t in by and by[t] > 0 else "-" for t in counts[1:]]
        body.append(cells)
    return _md(["kernel", "implementation", f"time, {_threads(counts[0])}"] + [_threads(t) for t in counts[1:]],
               body)


def bandwidth_table(rows, scaling):
    entries = [(k, a, t, i) for (k, a, t), r in rows.items() for i, b in r.items() if "bw_fraction" in b]
    if not entries:
        return []
    body = []
    for kernel, args, threads, impl in sorted(entries, key=lambda e: (kernel_key(e[0], e[1]), impl_key(e[3]), e[2])):
        b = rows[(kernel, args, threads)][impl]
        body.append([_label(kernel, args)] + ([str(threads)] if scaling else []) + [
            impl, f"{b.get('bytes_per_second', 0) / 1e9:.1f}", f"{100 * b['bw_fraction']:.0f}%",
            f"{b.get('machine_GBps', 0):.1f}"])
    head = ["kernel"] + (["threads"] if scaling else []) + ["implementation", "GB/s", "of machine bandwidth",
                                                            "machine GB/s"]
    return _md(head, body)


def cost_table(rows, scaling, counter):
    """Compact: one row per kernel (and thread count), one column per implementation.

    An implementation a kernel measures only without arguments (sg_collective/loop_only
    beside sg_collective/weft/broadcast, ...) is a reference for every argument: it is
    shown in each of their rows rather than in a row of its own."""
    cost = OrderedDict((k, OrderedDict((i, b) for i, b in r.items() if counter in b)) for k, r in rows.items())
    cost = OrderedDict((k, r) for k, r in cost.items() if r)
    if not cost:
        return []
    for (kernel, args, threads) in list(cost):
        if args:
            continue
        targets = [k for k in cost if k[0] == kernel and k[2] == threads and k[1]]
        if targets:
            for k in targets:
                for i, b in cost[(kernel, args, threads)].items():
                    cost[k].setdefault(i, b)
            del cost[(kernel, args, threads)]
    impls = sorted({i for r in cost.values() for i in r}, key=impl_key)
    body = []
    for kernel, args, threads in sorted(cost, key=lambda k: (kernel_key(k[0], k[1]), k[2])):
        r = cost[(kernel, args, threads)]
        body.append([_label(kernel, args)] + ([str(threads)] if scaling else []) +
                    [f"{r[i][counter]:.3g}" if i in r and counter in r[i] else "-" for i in impls])
    return _md(["kernel"] + (["threads"] if scaling else []) + [f"{i} ns" for i in impls], body)


def barrier_table(rows, scaling):
    return cost_table(rows, scaling, "ns_per_item_barrier")


# Kernel families for the headlines at the top of the summary, in the order printed:
# title -> (name pattern, why Weft may cost more there when the kernels are compiled as a
# library (g++, or clang without Weft's pass plugin), the faster way to write such a
# kernel on a CPU, what Weft's pass plugin (clang 22) does for the family, or None). A
# kernel goes to the first family of MATCH_ORDER whose pattern matches its name, else to
# the streaming range kernels, so benchmarks added later are summarised without touching
# this list.
FAMILIES = OrderedDict([
    ("Streaming range kernels", (
        r"",
        "a chunk of a range kernel is a plain loop the compiler vectorizes, so a gap is the compiler's "
        "code against hand-written xsimd, or noise from a loaded machine",
        "this is already the fast form; keep the last index contiguous in memory so the chunk loop vectorizes",
        "the plugin vectorizes item loops the compiler alone leaves scalar")),
    ("Per-item loops", (
        r"^(nbody|[sd]?gemm|gemv|matmul)",
        "each work item runs its own inner loop; compiled as a library the items run one at a time, while "
        "the hand-written baseline vectorizes across them",
        "give each work item a block of outputs so its inner loop vectorizes, or use scoped parallelism "
        "(distribute_items is a vectorizable loop over the items)",
        "the plugin vectorizes across work items, inner loops included")),
    ("nd_range without barriers", (
        r"^nd_",
        "a work group runs as a plain loop, plus a little bookkeeping per group",
        "parallel_for(range) when the kernel does not use its group",
        "the plugin vectorizes the group's item loop across work items")),
    ("nd_range with barriers", (
        r"^(barrier|seed_|tiled_|context_switch|nd_barrier|local_)",
        "compiled as a library, each work item that reaches a barrier costs a fiber switch (the barrier cost "
        "table below)",
        "range kernels where no barrier is needed, scoped parallelism (its barriers are free), "
        "sycl::reduction instead of local-memory tree reductions",
        "the plugin splits the kernel at its barriers into loops over the group's items, without fibers")),
    ("Sub-groups", (
        r"^(sg_(?!reduction)|sub_group|subgroup)",  # sg_reduction is sycl::reduction over a range
        "compiled as a library, each sub-group collective switches fibers once per lane, then runs one xsimd "
        "operation",
        "sycl::reduction for sums; scoped parallelism or plain range kernels for the rest",
        "the plugin splits the kernel at its collectives into loops, without fibers")),
    ("Scoped and hierarchical parallelism", (
        r"^(scoped|hier)",
        "a work group is one task that never switches fibers: a gap is an item loop (distribute_items, "
        "parallel_for_work_item) the compiler did not vectorize",
        "keep the item loops' bodies simple, over contiguous data",
        None)),
    ("Runtime overhead", (
        r"^(launch|dag|submit|runtime|overhead)",
        "every command group is a task-graph node (microseconds of scheduling), which tiny kernels cannot hide",
        "submit fewer, larger kernels; order work with depends_on or an in_order queue rather than waits",
        None)),
])
# How to get the plugin's column, named where it beats the main compiler's.
GET_PLUGIN = "weft++, add_sycl_to_target(TARGET <t>) or CXX=clang++-22"
PLUGIN_GAIN = 1.25  # the plugin's geometric mean over the main compiler's that counts as a gain
MATCH_ORDER = ["Runtime overhead", "Scoped and hierarchical parallelism", "Sub-groups", "nd_range with barriers",
               "nd_range without barriers", "Per-item loops"]
AT_LIMIT = 0.9


def family_of(kernel):
    for title in MATCH_ORDER:
        if re.search(FAMILIES[title][0], kernel):
            return title
    return "Streaming range kernels"


def _gmean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def headlines(rows, names=()):
    """Per kernel family: Weft's geometric-mean ratio, the kernels at the hand-written limit
    (ratio >= 0.9), the ones below it with why, and the faster way to write them. With several
    compilers (names, the main one first) the main one's ratios decide, the others' stand beside."""
    threads = max((k[2] for k in rows), default=0)
    others = list(names[1:])
    found = OrderedDict((title, []) for title in FAMILIES)
    for (kernel, args, t), r in rows.items():
        if t != threads:
            continue
        for impl in r:
            if (impl == "weft" or impl.startswith("weft_")) and not split_impl(impl)[1]:
                x = ratio(r, impl)
                if x is not None:
                    name = _label(kernel, args) + ("" if impl == "weft" else f" [{impl}]")
                    found[family_of(kernel)].append((name, x, [ratio(r, tagged(impl, c)) for c in others]))
    out = []
    plugin = next((n for n, c in enumerate(others) if "plugin" in c), None)  # a clang 22 + plugin column
    for title, (_, why, faster, plugin_does) in FAMILIES.items():
        entries = sorted(found[title], key=lambda e: -e[1])
        if not entries:
            continue

        def beside(xs):
            return "".join(f" ({c} {fmt_ratio(x)})" for c, x in zip(others, xs) if x is not None)

        gm = _gmean([x for _, x, _ in entries])
        gm_others = [_gmean([e[2][n] for e in entries if e[2][n] is not None]) for n in range(len(others))]
        at = [f"{n} {fmt_ratio(x)}{beside(o)}" for n, x, o in entries if x >= AT_LIMIT]
        below = [f"{n} {fmt_ratio(x)}{beside(o)}" for n, x, o in entries if x < AT_LIMIT]
        line = f"- **{title}** (geometric mean {fmt_ratio(gm)}" + "".join(
            f"; {c} {fmt_ratio(g)}" for c, g in zip(others, gm_others) if g is not None) + "): "
        if at:
            line += "at the hand-written limit: " + ", ".join(at) + ". "
        # Where the plugin's column gains, the why and the advice say what it did and how to get it.
        gain = plugin is not None and plugin_does and gm_others[plugin] and gm_others[plugin] >= PLUGIN_GAIN * gm
        if below and gain:
            reached = "reaches the limit" if gm_others[plugin] >= AT_LIMIT else "gains"
            line += ("Below it: " + ", ".join(below) + f". Why: {why}. With {others[plugin]} it {reached} "
                     f"(geometric mean {fmt_ratio(gm_others[plugin])}): {plugin_does}. Faster on a CPU: compile "
                     f"with clang 22 and Weft's pass plugin ({GET_PLUGIN}); {faster}.")
        elif below:
            line += "Below it: " + ", ".join(below) + f". Why: {why}. Faster on a CPU: {faster}."
        out.append(line.rstrip())
    if not out:
        return []
    built = f"; {names[0]}, with {' and '.join(others)} in parentheses" if others else ""
    return ["Headlines (Weft's ratio to the hand-written baseline per kernel family; >= 0.9 counts as at "
            "the limit" + (f"; {_threads(threads)}" if threads else "") + built + "):", ""] + out + [""]


def load_note(data):
    """The machine's load when the run started, with a warning when others were using it."""
    m = data.get("context", {}).get("machine", {})
    load = m.get("load_average_at_start")
    cpus = m.get("cpus_online") or m.get("cpus_in_affinity_mask")
    if not load or not cpus:
        return []
    per_cpu = load[0] / cpus
    text = f"Load average at start: {load[0]:.2f} (1 min), {load[1]:.2f} (5 min) on {cpus} CPUs"
    if per_cpu > LOAD_WARN:
        return [f"WARNING: {text}: {per_cpu:.2f} per CPU. Other programs were using the machine, so times "
                "are noisy and ratios may be off; rerun on an idle machine for numbers to quote.", ""]
    return [text + ".", ""]


LOAD_WARN = 0.5  # load average per CPU above which the run is flagged as noisy


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
    names = compilers(data)
    scaling = len({k[2] for k in rows}) > 1
    out = header(data)
    out += load_note(data)
    out += headlines(rows, names)
    note = ("Ratio = baseline time / implementation time (1.00: as fast as the hand-written oneTBB/xsimd "
            "baseline; higher is faster). One row per kernel" + (", thread count" if scaling else "") +
            " and implementation; `-`: no baseline to divide by")
    if names:
        note += ("; one ratio column per compiler (`ratio, <compiler>`): the benchmarks that compiler built, "
                 "divided by the baseline it built. Below, an implementation with a compiler in brackets is "
                 f"that compiler's build; plain names are {names[0]}'s")
    out += [note + ".", ""]
    if names:
        out += compare_table(rows, scaling, names)
    else:
        out += ratio_table(rows, scaling)
    gm = compare_geomean_table(rows, names) if names and not scaling else geomean_table(rows, scaling)
    if gm:
        out += ["", "Geometric mean of the ratios per implementation:", ""] + gm
    sc = scaling_table(rows) if scaling else []
    if sc:
        out += ["", "Scaling: speed-up over the fewest threads (time at the fewest threads / time), "
                    "baseline included:", ""] + sc
    bw = bandwidth_table(rows, scaling)
    if bw:
        out += ["", "Memory bandwidth (fraction of the machine's bandwidth, measured by the baseline loops):", ""]
        out += bw
    for counter, title in COSTS.items():
        ct = cost_table(rows, scaling, counter)
        if ct:
            out += ["", title + ":", ""] + ct
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

#!/usr/bin/env python3
"""PNG plots of Weft benchmark results (python3-matplotlib, Debian-packaged).

  plot.py results.json [--out DIR]

ratios.png   ratio to the hand-written baseline per kernel and implementation
             (log scale; 1 = as fast as the baseline); with several thread
             counts, the largest one.
scaling.png  (when the results hold several thread counts) speedup over the
             smallest thread count, per kernel and implementation, against ideal.
"""
import argparse
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import FuncFormatter  # noqa: E402
from matplotlib.transforms import blended_transform_factory  # noqa: E402

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import table  # noqa: E402

COLORS = {"baseline": "#555555", "weft": "#1f77b4", "pocl": "#ff7f0e", "boost_fiber": "#2ca02c"}
_MORE = ["#17becf", "#9467bd", "#8c564b", "#e377c2", "#bcbd22", "#d62728", "#7f7f7f", "#aec7e8"]


def color(impl, impls):
    """A fixed colour for the usual implementations, then one per other name in impls' order."""
    if impl in COLORS:
        return COLORS[impl]
    others = [i for i in impls if i not in COLORS]
    return _MORE[others.index(impl) % len(_MORE)] if impl in others else None


def _title(data, what):
    m = data.get("context", {}).get("machine", {})
    cpu = m.get("cpu", "")
    return f"{what}\n{cpu} ({m.get('cpus_in_affinity_mask', '?')} CPUs)" if cpu else what


def _kernels(rows):
    """[(kernel, args)] grouped by kernel family (the summary's headlines), then in the table's order."""
    families = list(table.FAMILIES)
    return sorted({(k, a) for k, a, _ in rows},
                  key=lambda ka: (families.index(table.family_of(ka[0])), table.kernel_key(*ka)))


BARS_PER_ROW = 40  # a row of bars this wide stays readable at screen width (14 inches at 110 dpi)


def _rows_of(groups):
    """The kernel groups cut into rows of at most BARS_PER_ROW bars (a kernel stays whole)."""
    rows, bars = [[]], 0
    for g in groups:
        if rows[-1] and bars + len(g[1]) > BARS_PER_ROW:
            rows.append([])
            bars = 0
        rows[-1].append(g)
        bars += len(g[1])
    return rows


def _draw_row(ax, groups, impls, labelled, top):
    for x, (_, present) in enumerate(groups):
        width = 0.8 / len(present)
        for n, (impl, y) in enumerate(present):
            xb = x + (n - (len(present) - 1) / 2) * width
            ax.bar(xb, y, width, color=color(impl, impls), label=None if impl in labelled else impl)
            labelled.add(impl)
            ax.annotate(table.fmt_ratio(y), (xb, y), ha="center", va="bottom", fontsize=7, rotation=90,
                        xytext=(0, 2), textcoords="offset points")
    ax.set_yscale("log")  # ratios span 0.001..1: a linear axis would hide everything below 0.1
    ax.set_ylim(*top)
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))  # 0.01, not 10^-2
    ax.axhline(1.0, color="black", linewidth=0.8)
    # The band where Weft counts as at the hand-written limit (the headlines' 0.9).
    ax.axhspan(table.AT_LIMIT, top[1], color="#e6f4ea", zorder=0,
               label=None if "limit" in labelled else f"at the limit (>= {table.AT_LIMIT})")
    labelled.add("limit")
    # Kernel families, as in the summary's headlines: a separator and a name above each.
    start = 0
    for x in range(1, len(groups) + 1):
        if x == len(groups) or table.family_of(groups[x][0][0]) != table.family_of(groups[start][0][0]):
            name = table.family_of(groups[start][0][0])
            if x - start <= 2:
                name = name.replace(" ", "\n")  # narrow family: one word per line
            ax.text((start + x - 1) / 2, 1.01, name, transform=blended_transform_factory(ax.transData, ax.transAxes),
                    ha="center", va="bottom", fontsize=7)
            if x < len(groups):
                ax.axvline(x - 0.5, color="#999999", linewidth=0.6, linestyle="--")
            start = x
    # Every row as wide as a full one, so a short last row keeps the others' bar width.
    ax.set_xlim(-0.6, max(len(groups), BARS_PER_ROW / 2.5) - 0.4)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels([table._label(*k) for k, _ in groups], rotation=45, ha="right", fontsize=8)
    ax.set_ylabel("baseline time / time\n(log; higher is faster)", fontsize=8)


def plot_ratios(data, path):
    rows = table.collect(data)
    impls = table.implementations(rows)
    threads = max((k[2] for k in rows), default=0)
    # Per kernel, the implementations that have a ratio: bars only where there is one.
    groups = []
    for kernel, args in _kernels(rows):
        r = rows.get((kernel, args, threads), {})
        present = [(i, table.ratio(r, i)) for i in impls if table.ratio(r, i)]
        if present:
            groups.append(((kernel, args), present))
    if not groups:
        return None
    ys = [y for _, present in groups for _, y in present]
    top = (min(ys) / 2, max(ys) * 8)  # one scale for every row, room for the values above the bars
    lines = _rows_of(groups)
    fig, axes = plt.subplots(len(lines), 1, figsize=(14, 0.9 + 4.0 * len(lines)), squeeze=False)
    labelled = set()
    for ax, line in zip(axes[:, 0], lines):
        _draw_row(ax, line, impls, labelled, top)
    names = table.compilers(data)  # several builds: plain names are the first compiler's
    fig.suptitle(_title(data, "Ratio to the hand-written oneTBB/xsimd baseline" +
                        (f" ({threads} threads)" if threads else "") +
                        (f"; plain names: {names[0]}, [name]: that compiler's build" if names else "")), fontsize=10)
    handles, labels = [], []
    for ax in axes[:, 0]:
        for h, l in zip(*ax.get_legend_handles_labels()):
            if l not in labels:
                handles.append(h)
                labels.append(l)
    order = sorted(range(len(labels)), key=lambda n: (labels[n].startswith("at the limit"), table.impl_key(labels[n])))
    # The legend under the two-line title, four entries a line; the rows below both.
    height, cols = fig.get_figheight(), min(4, len(order))
    fig.legend([handles[n] for n in order], [labels[n] for n in order], fontsize=8, loc="upper center",
               ncol=cols, bbox_to_anchor=(0.5, 1 - 0.62 / height))
    fig.tight_layout(rect=(0, 0, 1, 1 - (0.7 + 0.2 * math.ceil(len(order) / cols)) / height))
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def plot_scaling(data, path):
    rows = table.collect(data)
    counts = sorted({k[2] for k in rows})
    if len(counts) < 2:
        return None
    sp = table.speedups(rows)
    kernels = [ka for ka in _kernels(rows) if any(k[:2] == ka for k in sp)]
    if not kernels:
        return None
    every = sorted({k[2] for k in sp}, key=table.impl_key)
    cols = min(4, len(kernels))
    nrows = math.ceil(len(kernels) / cols)
    fig, axes = plt.subplots(nrows, cols, figsize=(3.2 * cols, 2.8 * nrows), squeeze=False)
    for n, (kernel, args) in enumerate(kernels):
        ax = axes[n // cols][n % cols]
        for (k, a, impl), pts in sp.items():
            if (k, a) != (kernel, args):
                continue
            base = pts[0][1]
            ax.plot([t for t, _ in pts], [base / v for _, v in pts], marker="o", label=impl,
                    color=color(impl, every))
        ax.plot(counts, [t / counts[0] for t in counts], linestyle=":", color="black", linewidth=0.8,
                label="ideal")
        ax.set_xscale("log", base=2)
        ax.set_xticks(counts)
        ax.set_xticklabels([str(t) for t in counts], fontsize=7)
        ax.set_title(table._label(kernel, args), fontsize=9)
        ax.tick_params(labelsize=7)
        if n % cols == 0:
            ax.set_ylabel("speedup", fontsize=8)
        ax.legend(fontsize=6)
    for n in range(len(kernels), nrows * cols):
        axes[n // cols][n % cols].axis("off")
    fig.suptitle(_title(data, f"Scaling: speedup over {counts[0]} thread(s)"), fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.6 / (2.8 * nrows)))  # room for the two-line title
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def plot_all(data, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    made = [plot_ratios(data, os.path.join(out_dir, "ratios.png")),
            plot_scaling(data, os.path.join(out_dir, "scaling.png"))]
    return [p for p in made if p]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results", nargs="+", help="results.json files (merged)")
    ap.add_argument("--out", default=".", help="directory for the PNG files")
    args = ap.parse_args()
    for p in plot_all(table.load(args.results), args.out):
        print(p)


if __name__ == "__main__":
    main()

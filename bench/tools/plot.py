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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import table  # noqa: E402

COLORS = {"baseline": "#555555", "weft": "#1f77b4", "pocl": "#ff7f0e", "boost_fiber": "#2ca02c"}


def _title(data, what):
    m = data.get("context", {}).get("machine", {})
    cpu = m.get("cpu", "")
    return f"{what}\n{cpu} ({m.get('cpus_in_affinity_mask', '?')} CPUs)" if cpu else what


def plot_ratios(data, path):
    rows = table.collect(data)
    impls = table.implementations(rows)
    threads = max((k[2] for k in rows), default=0)
    keys = [k for k in rows if k[2] == threads and any(table.ratio(rows[k], i) for i in impls)]
    if not keys:
        return None
    fig, ax = plt.subplots(figsize=(max(7, 0.5 * len(keys) + 3), 5))
    width = 0.8 / max(1, len(impls))
    for n, impl in enumerate(impls):
        xs, ys = [], []
        for x, k in enumerate(keys):
            r = table.ratio(rows[k], impl)
            if r:
                xs.append(x + (n - (len(impls) - 1) / 2) * width)
                ys.append(r)
        ax.bar(xs, ys, width, label=impl, color=COLORS.get(impl))
        for x, y in zip(xs, ys):
            ax.annotate(table.fmt_ratio(y), (x, y), ha="center", va="bottom", fontsize=7, rotation=90,
                        xytext=(0, 2), textcoords="offset points")
    ax.set_yscale("log")
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(keys)))
    ax.set_xticklabels([table._label(k[0], k[1]) for k in keys], rotation=45, ha="right", fontsize=8)
    ax.set_ylabel("baseline time / time (higher is faster)")
    ax.set_title(_title(data, "Ratio to the hand-written oneTBB/xsimd baseline" +
                        (f" ({threads} threads)" if threads else "")), fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def plot_scaling(data, path):
    rows = table.collect(data)
    counts = sorted({k[2] for k in rows})
    if len(counts) < 2:
        return None
    kernels = []
    for kernel, args, _ in rows:
        if (kernel, args) not in kernels:
            kernels.append((kernel, args))
    cols = min(4, len(kernels))
    nrows = math.ceil(len(kernels) / cols)
    fig, axes = plt.subplots(nrows, cols, figsize=(3.2 * cols, 2.8 * nrows), squeeze=False)
    for n, (kernel, args) in enumerate(kernels):
        ax = axes[n // cols][n % cols]
        impls = []
        for t in counts:
            for i in rows.get((kernel, args, t), {}):
                if i not in impls:
                    impls.append(i)
        for impl in impls:
            pts = [(t, table.time_ns(rows[(kernel, args, t)][impl])) for t in counts
                   if impl in rows.get((kernel, args, t), {})]
            if len(pts) < 2:
                continue
            t0, base = pts[0]
            ax.plot([t for t, _ in pts], [base / v for _, v in pts], marker="o", label=impl,
                    color=COLORS.get(impl))
        ax.plot(counts, [t / counts[0] for t in counts], linestyle=":", color="black", linewidth=0.8,
                label="ideal")
        ax.set_xscale("log", base=2)
        ax.set_xticks(counts)
        ax.set_xticklabels([str(t) for t in counts], fontsize=7)
        ax.set_title(table._label(kernel, args), fontsize=9)
        ax.tick_params(labelsize=7)
        if n % cols == 0:
            ax.set_ylabel("speedup", fontsize=8)
        if n == 0:
            ax.legend(fontsize=6)
    for n in range(len(kernels), nrows * cols):
        axes[n // cols][n % cols].axis("off")
    fig.suptitle(_title(data, f"Scaling: speedup over {counts[0]} thread(s)"), fontsize=10)
    fig.tight_layout()
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

#!/usr/bin/env python3
"""Strong scaling of the MPI Jacobi example (examples/mpi/mpi_jacobi.cpp).

Runs one fixed problem for every (ranks x Weft workers per rank) pair that fits
the CPUs (or all pairs with --allow-oversubscribe), each --reps times, and
prints the median time, the speed-up over 1 rank x 1 worker, and the ratio to
the hand-written serial loop measured in the same session (1-rank runs time it
with --baseline).

  python3 bench/hpc/jacobi_scaling.py --exe build/release/examples/mpi/example_mpi_jacobi \\
      --ranks 1,2 --threads 1,2 --n 2048 --iters 100 --reps 3

Each rank is bound by Open MPI to its own `threads` cores (--map-by slot:PE=t
--bind-to core) when ranks x threads fit the CPUs; Weft then sizes itself from
the rank's mask, and WEFT_NUM_THREADS is also passed explicitly.
"""
import argparse
import csv
import os
import re
import statistics
import subprocess
import sys


def cpus():
    return len(os.sched_getaffinity(0))


def weft_lib_dir(exe):
    """The build folder holding libweft.so, for a build carried to another path."""
    d = os.path.dirname(os.path.abspath(exe))
    while d != os.path.dirname(d):
        if any(f.startswith("libweft.so") for f in os.listdir(d)):
            return d
        d = os.path.dirname(d)
    return None


def run(exe, ranks, threads, n, iters, warmup, baseline, oversubscribe, extra):
    env = dict(os.environ)
    lib = weft_lib_dir(exe)
    if lib:
        env["LD_LIBRARY_PATH"] = lib + (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
    env.update({
        "WEFT_NUM_THREADS": str(threads),
        "OMPI_MCA_btl": "self,vader",
        "OMPI_MCA_btl_vader_single_copy_mechanism": "none",
        "OMPI_ALLOW_RUN_AS_ROOT": "1",
        "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
    })
    cmd = ["mpirun", "-np", str(ranks), "-x", "WEFT_NUM_THREADS"]
    if lib:
        cmd += ["-x", "LD_LIBRARY_PATH"]
    if os.geteuid() == 0:
        cmd.append("--allow-run-as-root")
    if oversubscribe:
        cmd += ["--oversubscribe", "--bind-to", "none"]
    else:
        cmd += ["--map-by", f"slot:PE={threads}", "--bind-to", "core"]
    cmd += extra
    cmd += [exe, "--n", str(n), "--iters", str(iters), "--warmup", str(warmup)]
    if baseline:
        cmd.append("--baseline")
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{out.stdout}{out.stderr}")
    t = float(re.search(r"time=([0-9.]+) s", out.stdout).group(1))
    b = re.search(r"baseline_time=([0-9.]+) s", out.stdout)
    return t, (float(b.group(1)) if b else None)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--exe", required=True)
    p.add_argument("--ranks", default="1,2")
    p.add_argument("--threads", default="1,2")
    p.add_argument("--n", type=int, default=2048)
    p.add_argument("--iters", type=int, default=100)
    p.add_argument("--warmup", type=int, default=5)
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--allow-oversubscribe", action="store_true",
                   help="also run pairs with ranks x threads above the CPUs (no binding)")
    p.add_argument("--csv", help="write the table here too")
    p.add_argument("--mpirun-arg", action="append", default=[], help="extra mpirun argument (repeatable)")
    a = p.parse_args()

    ncpu = cpus()
    ranks = [int(x) for x in a.ranks.split(",")]
    threads = [int(x) for x in a.threads.split(",")]
    updates = a.n * a.n * a.iters
    rows, base, serial = [], None, []
    print(f"# Jacobi strong scaling: n={a.n} sweeps={a.iters} (+{a.warmup} warm-up), {ncpu} CPUs, median of {a.reps}")
    print(f"{'ranks':>5} {'thr/rank':>8} {'time s':>9} {'Mupd/s':>9} {'speed-up':>8} {'vs serial':>9}")
    for r in ranks:
        for t in threads:
            over = r * t > ncpu
            if over and not a.allow_oversubscribe:
                continue
            times = []
            for _ in range(a.reps):
                tt, bb = run(a.exe, r, t, a.n, a.iters, a.warmup, r == 1, over, a.mpirun_arg)
                times.append(tt)
                if bb:
                    serial.append(bb)
            med = statistics.median(times)
            if base is None and r == 1 and t == 1:
                base = med
            sref = statistics.median(serial) if serial else None
            row = {
                "ranks": r, "threads": t, "time_s": med, "mupd_s": updates / med / 1e6,
                "speedup": (base / med) if base else float("nan"),
                "vs_serial": (sref / med) if sref else float("nan"),
                "oversubscribed": over,
            }
            rows.append(row)
            print(f"{r:>5} {t:>8} {med:>9.4f} {row['mupd_s']:>9.1f} {row['speedup']:>8.2f} {row['vs_serial']:>9.2f}"
                  + ("  (oversubscribed)" if over else ""))
            sys.stdout.flush()
    if serial:
        print(f"# serial loop (hand-written baseline, 1 thread): {statistics.median(serial):.4f} s")
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
            w.writeheader()
            w.writerows(rows)


if __name__ == "__main__":
    main()

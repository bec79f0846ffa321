#!/usr/bin/env python3
"""Runs a kernel-fuzz CUDA pack (`run --cuda-pack`) on a machine with an NVIDIA GPU and
compares every program's output with its CPU result (the g++ build's, recorded when the pack
was made): integers exactly, floats within twice the program's bound per output
(kfcompare.py). A batch executable that fails is run again program by program, so each
failure is one program's. Prints a line per failing program, then last
`kernel-fuzz: <n> programs, <m> mismatches`; exit status 0 exactly when m is 0.

  cuda_check.py UNPACKED_DIR   (bin/, lib/ and expected.json of the pack)
"""

import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kfcompare import compare, parse_output, split_batch_output  # noqa: E402

BATCH_TIMEOUT, PROGRAM_TIMEOUT = 600, 300


def run(exe, args, env, timeout):
    try:
        r = subprocess.run([exe] + args, capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", "timed out after %d s" % timeout
    return r.returncode, r.stdout, r.stderr


def main():
    if len(sys.argv) != 2 or not os.path.isfile(os.path.join(sys.argv[1], "expected.json")):
        sys.exit("usage: cuda_check.py UNPACKED_DIR  (a folder with bin/, lib/ and expected.json)")
    d = sys.argv[1]
    with open(os.path.join(d, "expected.json")) as f:
        pack = json.load(f)
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = os.path.join(d, "lib") + (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
    for k in ("WEFT_NUM_THREADS", "WEFT_SUB_GROUP_SIZE", "WEFT_SPLIT_BARRIERS", "KF_FULL"):
        env.pop(k, None)
    print("kernel-fuzz: CUDA pack of Weft %s, %s, built %s" % (pack.get("weft", "?"), pack.get("arch", "?"),
                                                              pack.get("made", "?")), flush=True)
    batches = {}
    for seed, p in pack["programs"].items():
        batches.setdefault(p["batch"], []).append(int(seed))
    n = bad = 0
    t0 = time.time()
    for name in sorted(batches):
        seeds = sorted(batches[name])
        exe = os.path.join(d, "bin", name)
        rc, out, err = run(exe, [], env, BATCH_TIMEOUT)
        parts = split_batch_output(out) if rc == 0 else {}
        for seed in seeds:
            p = pack["programs"][str(seed)]
            why = ""
            got = parts.get(seed)
            if got is None:  # the batch failed: this program alone
                prc, got, perr = run(exe, [str(seed)], env, PROGRAM_TIMEOUT)
                got = split_batch_output(got).get(seed, "") if prc == 0 else None
                if got is None:
                    why = "exit status %s: %s" % (prc, perr.strip()[-600:])
            if not why:
                diff = compare(parse_output(p["output"]), parse_output(got), p["float_ulp"])
                if diff:
                    why = "outputs differ from the CPU's: %s" % " ".join(diff)
            n += 1
            if why:
                bad += 1
                print("kernel-fuzz: seed %d (%s): %s" % (seed, name, why), flush=True)
    skipped = pack.get("skipped", {})
    if skipped:
        reasons = {}
        for why in skipped.values():
            reasons[why] = reasons.get(why, 0) + 1
        for why, c in sorted(reasons.items()):
            print("kernel-fuzz: skipped %d programs: %s" % (c, why))
    print("kernel-fuzz: %d batches in %.1f s" % (len(batches), time.time() - t0))
    print("kernel-fuzz: %d programs, %d mismatches" % (n, bad))
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

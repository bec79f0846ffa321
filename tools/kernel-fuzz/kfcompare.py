"""Output comparison of kernel-fuzz programs (tools/kernel-fuzz): the driver's, and the CUDA
pack's on the GPU machine (run --cuda-pack copies this file into the pack). Integers
(FNV-1a hashes) agree exactly, floats within twice the bound the program states per output."""

ULP = 2.0**-23
BATCH_MARK = "kernel-fuzz-program"  # a batch (kfgen.batch) writes it before each program's output


def parse_output(text):
    """{output name: (u32|f32, [values])} of a program's stdout."""
    res = {}
    for line in text.splitlines():
        w = line.split()
        if len(w) >= 2 and w[1] in ("u32", "f32"):
            res[w[0]] = (w[1], w[2:])
    return res


def compare(ref, got, ulps):
    """Names of outputs that differ (floats: beyond twice the stated bound)."""
    bad = []
    for name in sorted(set(ref) | set(got)):
        if name not in ref or name not in got:
            bad.append(name)
            continue
        (kr, vr), (kg, vg) = ref[name], got[name]
        if kr != kg or len(vr) != len(vg):
            bad.append(name)
        elif kr == "u32":
            if vr != vg:
                bad.append(name)
        else:
            tol = (2 * ulps.get(name, 0.0) + 1e-9) * ULP
            for a, b in zip(vr, vg):
                x, y = float.fromhex(a), float.fromhex(b)
                if x != y and abs(x - y) > tol * max(abs(x), abs(y)):
                    bad.append(name)
                    break
    return bad


def split_batch_output(text):
    """stdout of a batch -> {seed: that program's stdout}."""
    out, cur = {}, None
    for line in text.splitlines(True):
        if line.startswith(BATCH_MARK + " "):
            cur = int(line.split()[1])
            out[cur] = ""
        elif cur is not None:
            out[cur] += line
    return out

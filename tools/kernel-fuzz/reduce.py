"""Line and block reducer for kernel-fuzz programs (tools/kernel-fuzz).

The generator writes one statement per line and opens/closes every block on lines of
its own, so a program is a tree of units: a statement line, or a block from the line that
opens it (`... {`) to the line that closes it (`}`, `});`, `}).wait();`, through
`} else {`). reduce() removes units, outermost first, while the predicate still holds
(a compile of the reference configuration succeeds and the failure is still seen).
Lines marked `// keep` (barriers, which keep local memory race-free) and the lines of the
harness are removed only with an enclosing block.
"""

import time


def units(lines):
    """(first, last) line ranges that can be removed, outermost blocks first."""
    try:
        start = lines.index("int main() {")
    except ValueError:
        start = 0
    # Helper functions before main (static ... { ... }) are units too.
    first = 0
    for i, l in enumerate(lines):
        if l.startswith("static volatile u32 kf_rt"):
            first = i + 1
            break
    out = []
    depth_after = []
    d = 0
    for l in lines:
        code = l.split("//")[0]
        d += code.count("{") - code.count("}")
        depth_after.append(d)
    for i in range(first, len(lines)):
        if i == start or lines[i].strip() in ("}", "return 0;", "q.wait();", "sycl::queue q;", "sycl::queue q = kf_queue();"):
            continue
        code = lines[i].split("//")[0].rstrip()
        if not code.strip() or "// keep" in lines[i]:
            continue
        before = depth_after[i - 1] if i > 0 else 0
        if code.endswith("{") and depth_after[i] == before + 1 and not code.lstrip().startswith("}"):
            j = i + 1
            while j < len(lines):
                c = lines[j].split("//")[0].rstrip()
                if depth_after[j] == before and not c.endswith("{"):
                    break
                j += 1
            if j < len(lines):
                out.append((i, j, before))
        elif code.endswith(";") and depth_after[i] == before:
            out.append((i, i, before))
    out.sort(key=lambda u: (u[2], -(u[1] - u[0])))
    return [(a, b) for a, b, _ in out]


def reduce(text, interesting, time_limit=900, log=None):
    """The smallest program found (by removing units) for which interesting(text) holds."""
    lines = text.split("\n")
    t0 = time.time()
    tests = 0
    progress = True
    failed = set()  # units (their text and place) whose removal lost the failure
    retried = False
    while time.time() - t0 < time_limit:
        if not progress:
            # A unit kept for a use that has gone since (a variable's last reader) can go now:
            # one more pass that forgets the failures.
            if retried:
                break
            retried, failed = True, set()
        else:
            retried = False
        progress = False
        for a, b in units(lines):
            if time.time() - t0 > time_limit:
                break
            key = (a, tuple(lines[a:b + 1]))
            if key in failed:
                continue
            cand = lines[:a] + lines[b + 1:]
            tests += 1
            if not interesting("\n".join(cand)):
                failed.add(key)
            else:
                if log:
                    log("reduce: removed lines %d-%d (%d lines left)" % (a + 1, b + 1, len(cand)))
                lines = cand
                progress = True
                break  # the units moved: recompute them
    if log:
        log("reduce: %d tests in %.0f s, %d lines" % (tests, time.time() - t0, len(lines)))
    return "\n".join(lines)

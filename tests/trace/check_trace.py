"""Checks a Weft trace (WEFT_TRACE) of tests/trace/trace_program.cpp.

python3 check_trace.py <trace.json> [--stdout <program output>] [--profile <WEFT_PROFILE table>]

1. The trace-event format: every event has the fields its phase requires, begin/end
   events match per thread, complete slices nest, every flow has one start and one
   end, each bound to a slice on its thread, and every thread with events has a name.
2. The program's known kernels: each command's launches, kind, form and ranges, chunks
   on the workers, the dependencies the buffers imply, the second submitting thread.
3. Event profiling agrees with the trace (the program prints its events' times).
4. The profile table has each kernel's row, and the barrier kernel's advice.
"""
import argparse
import collections
import json
import re
import sys

errors = []


# Whether tile_sum ran split at its barriers (the trace says; the profile must agree).
TILE_SUM_SPLIT = [False]
PLUGIN = [False]  # the program's item loops compiled by the pass plugin (its output says)
PLUGIN_BUILT = [False]  # this Weft built the pass plugin (--plugin-built)

def fail(message):
    errors.append(message)


REQUIRED = {
    "X": ("name", "ts", "dur", "pid", "tid"),
    "B": ("name", "ts", "pid", "tid"),
    "E": ("ts", "pid", "tid"),
    "s": ("name", "id", "ts", "pid", "tid"),
    "f": ("name", "id", "ts", "pid", "tid"),
    "C": ("name", "ts", "pid", "args"),
    "M": ("name", "pid", "args"),
}
NS = 1e-3  # one nanosecond in the trace's microseconds


def check_format(events):
    slices = collections.defaultdict(list)  # (pid, tid) -> [(begin, end)]
    open_begins = collections.defaultdict(list)
    named = set()
    used = set()
    flows = collections.defaultdict(dict)
    for e in events:
        ph = e.get("ph")
        if ph not in REQUIRED:
            fail(f"unknown phase {ph!r}: {e}")
            continue
        for field in REQUIRED[ph]:
            if field not in e:
                fail(f"{ph} event without '{field}': {e}")
        if "ts" in e and not isinstance(e["ts"], (int, float)):
            fail(f"ts is not a number: {e}")
        key = (e.get("pid"), e.get("tid"))
        if ph == "M" and e.get("name") == "thread_name":
            if not e.get("args", {}).get("name"):
                fail(f"thread_name without a name: {e}")
            named.add(key)
        if ph in "XBEsf":
            used.add(key)
        if ph == "X":
            if not isinstance(e.get("dur"), (int, float)) or e["dur"] < 0:
                fail(f"slice with a bad duration: {e}")
            else:
                slices[key].append((e["ts"], e["ts"] + e["dur"]))
        elif ph == "B":
            open_begins[key].append(e)
        elif ph == "E":
            if not open_begins[key]:
                fail(f"end without a begin: {e}")
            else:
                begin = open_begins[key].pop()
                slices[key].append((begin["ts"], e["ts"]))
        elif ph in "sf":
            if ph in flows[e.get("id")]:
                fail(f"flow {e.get('id')} has two '{ph}' events")
            flows[e.get("id")][ph] = e
        elif ph == "C":
            if not all(isinstance(v, (int, float)) for v in e["args"].values()):
                fail(f"counter with a value that is not a number: {e}")
    for key, stack in open_begins.items():
        if stack:
            fail(f"thread {key}: {len(stack)} begin event(s) never ended")
    for key in used - named:
        fail(f"thread {key} has events but no thread_name")
    # Slices on one thread nest (a slice ends before the next one that is not inside it begins).
    for key, spans in slices.items():
        stack = []
        for b, e in sorted(spans, key=lambda s: (s[0], -s[1])):
            while stack and stack[-1][1] <= b + NS / 2:
                stack.pop()
            if stack and e > stack[-1][1] + NS / 2:
                fail(f"thread {key}: slice [{b}, {e}] overlaps [{stack[-1][0]}, {stack[-1][1]}] without nesting")
            stack.append((b, e))

    def inside_slice(ev):
        key = (ev["pid"], ev["tid"])
        return any(b - NS / 2 <= ev["ts"] <= e + NS / 2 for b, e in slices.get(key, ()))

    for fid, pair in flows.items():
        if set(pair) != {"s", "f"}:
            fail(f"flow {fid} has only {sorted(pair)}")
            continue
        for ev in pair.values():
            if not inside_slice(ev):
                fail(f"flow {fid}: its '{ev['ph']}' event is on no slice of thread {ev['tid']} at {ev['ts']}")
        if pair["s"]["ts"] > pair["f"]["ts"] + NS / 2:
            fail(f"flow {fid} goes back in time: {pair['s']['ts']} -> {pair['f']['ts']}")
    return flows


def check_program(events, flows):
    commands = [e for e in events if e["ph"] == "X" and e.get("cat") == "command"]
    by_name = collections.defaultdict(list)
    for c in commands:
        by_name[c["name"]].append(c)
    by_id = {c["args"]["command"]: c for c in commands}
    expected = {  # name: (launches, kind, form, global, local)
        "fill_a": (1, "kernel", "range", "16384", None),
        "scale": (3, "kernel", "range", "128x128", None),
        "tile_sum": (1, "kernel", "nd_range", "16384", "64"),
        "scoped_double": (1, "kernel", "scoped", "16384", "64"),
        "total": (1, "kernel", "range reduction", "256", None),
        "other_thread": (1, "kernel", "range", "16384", None),
        "host task": (1, "host task", None, None, None),
        "fill": (1, "fill", None, None, None),
        "copy": (1, "copy", None, None, None),
    }
    for name, (launches, kind, form, global_range, local) in expected.items():
        got = by_name.get(name, [])
        if len(got) != launches:
            fail(f"{name}: {len(got)} command slice(s), expected {launches}")
            continue
        for c in got:
            a = c["args"]
            if a.get("kind") != kind or a.get("form") != form or a.get("global") != global_range or a.get("local") != local:
                fail(f"{name}: args {a}, expected kind {kind}, form {form}, global {global_range}, local {local}")
    queues = {c["args"].get("queue") for c in commands}
    if len(queues) != 2:
        fail(f"commands on {sorted(queues)}, expected two queues")

    # Chunks: every large kernel's work is on the workers, counted to its command (a launch
    # that runs as one chunk, such as total's 256 items, has only its command's slice).
    chunks = collections.defaultdict(list)
    for e in events:
        if e["ph"] == "X" and e.get("cat") == "chunk":
            chunks[e["args"]["command"]].append(e)
    for name in ("fill_a", "scale", "tile_sum", "scoped_double", "other_thread"):
        for c in by_name.get(name, []):
            if not chunks.get(c["args"]["command"]):
                fail(f"{name} (command {c['args']['command']}) has no chunk slices")
    # A range launch's chunks: one slice per worker that ran some, together covering the
    # launch's rows (fill_a: 16384 items; scale: 128 rows of 128) once.
    for name, rows in (("fill_a", 16384), ("scale", 128), ("other_thread", 16384)):
        for c in by_name.get(name, []):
            parts = chunks.get(c["args"]["command"], [])
            if not all(p["args"].get("unit") == "loop chunks" for p in parts):
                fail(f"{name}: chunk units {sorted({p['args'].get('unit') for p in parts})}, expected loop chunks")
                continue
            ran = sum(p["args"]["ran"] for p in parts)
            tracks = [p["tid"] for p in parts]
            if parts and ran != rows:
                fail(f"{name} (command {c['args']['command']}): its workers' chunks ran {ran} of {rows} rows")
            if len(set(tracks)) != len(tracks):
                fail(f"{name}: a worker has two slices of one launch: {tracks}")
            for p in parts:
                a = p["args"]
                if not (a["chunks"] >= 1 and a["first"] < a["last"] and 0 < a["ran"] <= a["last"] - a["first"]):
                    fail(f"{name}: inconsistent chunk slice args {a}")
    for c in by_name.get("tile_sum", []):
        parts = chunks.get(c["args"]["command"], [])
        groups = sorted((p["args"]["first"], p["args"]["last"]) for p in parts)
        covered = sum(p["args"]["ran"] for p in parts)  # each worker's claims, joined: how many groups they held
        if covered != 256 or not all(p["args"].get("unit") == "work groups" for p in parts):
            fail(f"tile_sum's chunks cover {covered} of its 256 work groups: {groups}")
        # Its groups switch to fibers, or (clang 22 with the pass plugin) run split at
        # their barriers: every group one way or the other.
        split = sum(p["args"].get("groups split at barriers", 0) for p in parts)
        if split == 0 and sum(p["args"].get("fiber switches", 0) for p in parts) <= 0:
            fail("tile_sum reaches barriers but its chunks count neither fiber switches nor split groups")
        if split not in (0, 256):
            fail(f"{split} of tile_sum's 256 groups ran split at their barriers, expected all or none")
        TILE_SUM_SPLIT[0] = split == 256
        if not all(c["ts"] - NS <= p["ts"] and p["ts"] + p["dur"] <= c["ts"] + c["dur"] + NS for p in parts):
            fail("a chunk of tile_sum lies outside its command's slice")

    # Dependencies the buffers imply: fill_a -> scale #1 -> scale #2 -> scale #3 -> tile_sum.
    deps = set()
    for pair in flows.values():
        if pair.get("s", {}).get("cat") == "dependency" and "f" in pair:
            deps.add((slice_at(commands, pair["s"]), slice_at(commands, pair["f"])))
    scale = sorted(by_name.get("scale", []), key=lambda c: c["ts"])
    chain = by_name.get("fill_a", [])[:1] + scale + by_name.get("tile_sum", [])[:1]
    for before, after in zip(chain, chain[1:]):
        if (before["args"]["command"], after["args"]["command"]) not in deps:
            fail(f"no dependency flow from {before['name']} to {after['name']}")
    for before, after in deps:
        if before is None or after is None:
            fail("a dependency flow is not bound to command slices")
        elif by_id[before]["ts"] + by_id[before]["dur"] > by_id[after]["ts"] + NS:
            fail(f"command {after} started before command {before}, which it depends on, ended")

    # Tracks: the main thread and the second submitting thread, and workers that ran chunks.
    names = {e["tid"]: e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
    submitters = {e["tid"] for e in events if e["ph"] == "X" and e.get("cat") == "submit"}
    if len(submitters) != 2:
        fail(f"submissions on threads {sorted(submitters)}, expected two submitting threads")
    if not any(n.startswith("worker") for n in names.values()):
        fail(f"no worker track: {names}")
    if not any(e["ph"] == "C" and e["name"] == "idle workers" for e in events):
        fail("no idle workers counter")
    if not TILE_SUM_SPLIT[0] and not any(e["ph"] == "C" and e["name"] == "fiber switches" for e in events):
        fail("no fiber switches counter")  # (a program whose barrier kernel ran split switches no fibers)
    if not any(e["ph"] == "X" and e.get("cat") == "wait" for e in events):
        fail("no wait slice")
    return by_name


def slice_at(commands, flow_event):
    for c in commands:
        if c["tid"] == flow_event["tid"] and c["ts"] - NS / 2 <= flow_event["ts"] <= c["ts"] + c["dur"] + NS / 2:
            return c["args"]["command"]
    return None


def check_profiling(by_name, events, stdout):
    submits = {e["args"]["command"]: e for e in events if e["ph"] == "X" and e.get("cat") == "submit"}
    seen = 0
    for line in stdout.splitlines():
        if not line.startswith("profile "):
            continue
        _, name, submit, start, end = line.split()
        c = by_name[name][0]
        s = submits[c["args"]["command"]]
        for what, trace_us, ns in (("start", c["ts"], start), ("end", c["ts"] + c["dur"], end), ("submit", s["ts"], submit)):
            if abs(trace_us * 1000 - int(ns)) > 1:
                fail(f"{name}: event profiling's command_{what} is {ns} ns, the trace says {trace_us * 1000:.0f} ns")
        seen += 1
    if seen != 2:
        fail(f"{seen} profiled events in the program's output, expected 2")
    # The pass plugin's verdict on the range kernels' item loops: on each of their
    # command slices where the plugin compiled the program, nowhere otherwise.
    plugin = "plugin item loops 1" in stdout.splitlines()
    PLUGIN[0] = plugin
    for name in ("fill_a", "scale", "other_thread"):
        for c in by_name.get(name, []):
            verdict = c["args"].get("item loops")
            if plugin and not (verdict and re.fullmatch(r"across \d+ vector lanes|one by one: .+", verdict)):
                fail(f"{name}: item loops {verdict!r}, expected the plugin's verdict")
            if not plugin and verdict is not None:
                fail(f"{name}: item loops {verdict!r} without the plugin")


def check_profile_table(text):
    rows = {}
    for line in text.splitlines():
        parts = line.split()
        if parts and parts[0] in ("fill_a", "scale", "tile_sum", "scoped_double", "total", "other_thread"):
            rows[parts[0]] = line
    tile_sum_path = "nd_range split at barriers (256 of 256 groups)" if TILE_SUM_SPLIT[0] else "nd_range fibers"
    range_path = "range loop, items " if PLUGIN[0] else "range loop"
    for name, launches, path in (("fill_a", 1, range_path), ("scale", 3, range_path),
                                 ("tile_sum", 1, tile_sum_path), ("scoped_double", 1, "scoped"),
                                 ("total", 1, "range reduction loop"), ("other_thread", 1, range_path)):
        row = rows.get(name)
        if not row:
            fail(f"the profile has no row for {name}:\n{text}")
        elif int(row.split()[1]) != launches or path not in row:
            fail(f"profile row of {name} should show {launches} launch(es) and the {path!r} path: {row}")
    if not TILE_SUM_SPLIT[0] and "consider scoped parallelism" not in text:
        fail(f"no advice for the barrier kernel tile_sum:\n{text}")
    # Where Weft built its pass plugin, kernels compiled without it are told how to get it.
    told = "not compiled by Weft's pass plugin" in text and "add_sycl_to_target" in text
    if PLUGIN_BUILT[0] and not PLUGIN[0] and not told:
        fail(f"kernels compiled without the plugin (Weft has it) get no advice naming add_sycl_to_target:\n{text}")
    if told and (PLUGIN[0] or not PLUGIN_BUILT[0]):
        fail(f"the advice names the pass plugin, but {'the kernels were compiled with it' if PLUGIN[0] else 'Weft has none'}"
             f":\n{text}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("trace")
    ap.add_argument("--stdout")
    ap.add_argument("--profile")
    ap.add_argument("--plugin-built", action="store_true")
    args = ap.parse_args()
    PLUGIN_BUILT[0] = args.plugin_built
    with open(args.trace) as f:
        doc = json.load(f)
    events = doc.get("traceEvents") if isinstance(doc, dict) else None
    if not isinstance(events, list) or not events:
        sys.exit("the trace has no traceEvents list")
    flows = check_format(events)
    by_name = check_program(events, flows)
    if args.stdout:
        with open(args.stdout) as f:
            check_profiling(by_name, events, f.read())
    if args.profile:
        with open(args.profile) as f:
            check_profile_table(f.read())
    for e in errors[:50]:
        print("FAIL:", e)
    if errors:
        sys.exit(f"{len(errors)} problem(s) in {args.trace}")
    print(f"{args.trace}: {len(events)} events, valid; kernels, dependencies and profiling times as expected")


if __name__ == "__main__":
    main()

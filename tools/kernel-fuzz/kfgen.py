"""Random SYCL programs for differential testing (tools/kernel-fuzz).

generate(seed) returns one complete SYCL 2020 program whose output is fully determined by
the specification: unsigned arithmetic (wrap-around), masked shift counts, guarded division,
no data races (each work item writes only its own output slots; local memory is written and
read in phases separated by group barriers; atomics are commutative and one operation per
array), no reliance on the order of work items, and sub-groups of the size the program names
(header line `sub-group-size`). Integer outputs are printed as hashes and must agree exactly;
float outputs are printed element by element, and the header line `float-ulp NAME U` bounds
each element's relative error to U units of 2^-23, propagated from per-operation bounds
(FLOAT_OPS) over expressions whose values stay positive, in [1e-6, 1e6], so no cancellation.

Every line the generator writes is either a statement or opens/closes a brace block, so the
reducer (reduce.py) can remove lines and blocks; lines ending in `// keep` are removed only
with their block: barriers, and the writes of local memory that the reads after a barrier
rely on, so that no reduction reads memory nothing wrote (work-group arrays of hierarchical
kernels are zero-initialised for the same reason).
"""

import os
import random

from kfcompare import BATCH_MARK  # noqa: F401 (batch's marker line)

NIN = 1024  # elements of each input array (a power of two)

# Relative error bound of each float operation in ulps (SYCL 2020 table 4.113 for the
# builtins; IEEE rounding for + - *; SYCL's 2.5 ulp for /).
FLOAT_OPS = {
    "+": 0.5,
    "*": 0.5,
    "/": 2.5,
    "sqrt": 3.0,
    "rsqrt": 4.0,
    "exp": 3.0,
    "exp2": 3.0,
    "log": 3.0,
    "log2": 3.0,
    "sin": 4.0,
    "cos": 4.0,
    "fma": 0.5,
    "fmin/fmax": 0.0,
}

# Every construct the generator can emit; a program's header lists those it uses.
CONSTRUCTS = [
    "range1", "range2", "range3", "range_offset", "range_item_arg", "range_id_arg",
    "nd_range1", "nd_range2", "nd_range3", "barrier_straight", "barrier_uniform_loop",
    "barrier_uniform_branch", "local_accessor", "group_local_memory", "local_atomic",
    "sg_reduce", "sg_scan", "sg_broadcast", "sg_shift", "sg_xor", "sg_select", "sg_vote",
    "sg_float_reduce", "sg_size_property", "wg_reduce", "wg_scan", "wg_broadcast", "wg_vote",
    "reduction_range", "reduction_nd", "reduction_float", "reduction_buffer", "reduction_coarsened", "scoped",
    "scoped_local_mem",
    "hierarchical", "loop_const", "loop_runtime", "loop_triangular", "loop_from_item", "triangle", "loop_nested", "loop_break",
    "branch_divergent", "early_exit", "int_arith", "int_builtin", "float_arith", "float_math",
    "index_strided", "index_reversed", "index_offset", "index_indirect", "index_data", "index_int",
    "index_size_t", "accessor", "usm", "atomic_global", "emi", "restrict_call", "helper_call",
    "write_permuted", "simple_kernel", "in_place", "tiny_nd_kernel", "bounds_guard", "guarded_write",
    "private_accumulator",
]


class Float:
    """A float expression: its text, value range (positive) and error bound (ulps)."""

    def __init__(self, text, lo, hi, err):
        self.text, self.lo, self.hi, self.err = text, lo, hi, err


def ffmt(x):
    s = repr(float(x))
    if "e" not in s and "." not in s:
        s += ".0"
    return s + "f"


class Body:
    """Statement writer for one work item's code, with what it may read."""

    def __init__(self, g, ctx):
        self.g = g
        self.ctx = ctx  # dict: ids (list of u32 names), arrays (name -> size), kind
        self.lines = []
        self.depth = 0
        self.loop_vars = []
        self.fstate = None  # Float describing variable f once declared

    def emit(self, s):
        self.lines.append("  " * self.depth + s)

    def open(self, s):
        self.emit(s + " {")
        self.depth += 1

    def close(self, s="}"):
        self.depth -= 1
        self.emit(s)


class Gen:
    def __init__(self, seed, cuda=False):
        self.seed = seed
        self.cuda = cuda
        self.r = random.Random(seed * 2654435761 % (2**32) + 17)
        self.used = set()
        self.kernels = []  # text blocks of main
        self.decls = []  # array declarations in main
        self.dumps = []
        self.float_ulps = {}
        self.helpers = []
        self.u32_arrays = {"in_u": NIN, "perm": NIN}
        self.nk = 0
        self.sg_size = self.r.choice([4, 8, 8, 16, 16, 32])
        if cuda:  # an NVIDIA GPU's only sub-group size (drawn all the same: the rest of the program is the CPU one's)
            self.sg_size = 32
        self.rt = [self.r.randint(1, 5), self.r.randint(0, 9), self.r.randint(0, 1), 0, self.r.getrandbits(32),
                   self.r.randint(1, 4), self.r.randint(2, 12), 0]

    # ---- helpers ------------------------------------------------------------------
    def pick(self, weighted):
        total = sum(w for _, w in weighted)
        x = self.r.uniform(0, total)
        for v, w in weighted:
            x -= w
            if x <= 0:
                return v
        return weighted[-1][0]

    def const(self):
        return "%uu" % self.pick([(self.r.randint(0, 15), 3), (self.r.getrandbits(32), 2), (self.r.getrandbits(8), 2)])

    def chance(self, p):
        return self.r.random() < p

    # ---- indices ------------------------------------------------------------------
    def index(self, b, size):
        """An index expression into an array of `size` elements (always in range)."""
        ids = b.ctx["ids"]
        base = self.r.choice(ids + b.loop_vars + ["lin"] * 2)
        form = self.pick([("strided", 3), ("reversed", 2), ("offset", 2), ("indirect", 2), ("data", 2)])
        self.used.add("index_" + form)
        if form == "strided":
            s, k = self.r.randint(1, 8), self.r.randint(0, 64)
            if self.chance(0.4):
                self.used.add("index_int")
                return "int((int(%s) * %d + %d) %% %d)" % (base, s, k, size)
            self.used.add("index_size_t")
            return "std::size_t((std::size_t(%s) * %du + %du) %% %du)" % (base, s, k, size)
        if form == "reversed":
            self.used.add("index_size_t")
            return "std::size_t(%du - 1u - %s %% %du)" % (size, base, size)
        if form == "offset":
            if self.chance(0.4):
                self.used.add("index_int")
                return "int((%s + %du) %% %du)" % (base, self.r.randint(1, 999), size)
            self.used.add("index_size_t")
            return "std::size_t((%s + %du) %% %du)" % (base, self.r.randint(1, 999), size)
        if form == "indirect":
            b.ctx["reads"].add("perm")
            return "std::size_t(perm[%s %% %du] %% %du)" % (base, NIN, size)
        return "std::size_t((%s) %% %du)" % (self.uexpr(b, 1), size)

    def load(self, b):
        names = [n for n in b.ctx["arrays"]]
        name = self.r.choice(names)
        b.ctx["reads"].add(name)
        return "%s[%s]" % (name, self.index(b, b.ctx["arrays"][name]))

    # ---- u32 expressions ----------------------------------------------------------
    def uleaf(self, b):
        k = self.pick([("id", 3), ("v", 3), ("c", 2), ("rt", 1), ("load", 3), ("loop", 2)])
        if k == "id":
            return self.r.choice(b.ctx["ids"] + ["lin"])
        if k == "v":
            return self.r.choice(b.ctx.get("vars", ["v", "w"])) if b.ctx.get("vars", 1) else self.const()
        if k == "rt":
            return "r%d" % self.r.choice([0, 1, 4, 5, 6])
        if k == "load":
            return self.load(b)
        if k == "loop" and b.loop_vars:
            return self.r.choice(b.loop_vars)
        return self.const()

    def uexpr(self, b, depth):
        if depth <= 0 or self.chance(0.3):
            return self.uleaf(b)
        a, c = self.uexpr(b, depth - 1), self.uexpr(b, depth - 1)
        op = self.pick([("+", 4), ("-", 2), ("*", 3), ("^", 3), ("|", 1), ("&", 1), ("<<", 1), (">>", 2), ("/", 1),
                        ("%", 1), ("sel", 1), ("builtin", 2), ("helper", 1)])
        if b.ctx.get("simple") and op in ("/", "%"):
            op = "+"
        self.used.add("int_arith")
        if op in ("<<", ">>"):
            return "(%s %s (%s & 31u))" % (a, op, c)
        if op in ("/", "%"):
            return "(%s %s (%s | 1u))" % (a, op, c)
        if op == "sel":
            return "(%s < %s ? %s : %s)" % (a, c, c, a)
        if op == "builtin":
            self.used.add("int_builtin")
            f = self.r.choice(["sycl::min(%s, %s)", "sycl::max(%s, %s)", "sycl::rotate(%s, %s)", "sycl::mul_hi(%s, %s)",
                               "sycl::add_sat(%s, %s)", "sycl::abs_diff(%s, %s)", "sycl::hadd(%s, %s)",
                               "u32(sycl::popcount(%s) + %s)", "u32(sycl::clz(%s) ^ %s)", "u32(sycl::ctz(%s | 1u) + %s)"])
            return "u32(" + (f % (a, c)) + ")"
        if op == "helper":
            self.used.add("helper_call")
            return "kf_mix(%s, %s)" % (a, c)
        return "(%s %s %s)" % (a, op, c)

    def cond(self, b):
        """An item-dependent (divergent) condition."""
        e = self.uexpr(b, 1)
        return self.r.choice(["(%s & %du) == %du" % (e, m, self.r.randint(0, m)) for m in (1, 3, 7)] +
                             ["%s %% 3u == %du" % (e, self.r.randint(0, 2)), "%s < %s" % (e, self.uexpr(b, 1))])

    # ---- float expressions --------------------------------------------------------
    def fclamp(self, x):
        if x.hi > 1e6:
            x = Float("sycl::fmin(%s, 1.0e6f)" % x.text, min(x.lo, 1e6), 1e6, x.err)
        if x.lo < 1e-6:
            x = Float("sycl::fmax(%s, 1.0e-6f)" % x.text, 1e-6, max(x.hi, 1e-6), x.err)
        return x

    def fleaf(self, b):
        k = self.pick([("load", 3), ("c", 2), ("f", 3 if b.fstate and not b.ctx.get("in_loop") else 0), ("cvt", 2)])
        if k == "load":
            b.ctx["reads"].add("in_f")
            return Float("in_f[%s]" % self.index(b, NIN), 1.0, 2.0, 0.0)
        if k == "f":
            s = b.fstate
            return Float("f", s.lo, s.hi, s.err)
        if k == "cvt":
            return Float("(float(%s & 1023u) + 1.0f)" % self.uleaf(b), 1.0, 1024.0, 0.0)
        c = self.r.choice([0.5, 0.75, 1.25, 1.5, 2.0, 0.3125, 3.0])
        return Float(ffmt(c), c, c, 0.0)

    def fexpr(self, b, depth):
        import math
        if depth <= 0 or self.chance(0.25):
            return self.fleaf(b)
        self.used.add("float_arith")
        a = self.fexpr(b, depth - 1)
        op = self.pick([("+", 3), ("*", 3), ("/", 2), ("sqrt", 1), ("rsqrt", 1), ("exp", 1), ("exp2", 1), ("log", 1),
                        ("log2", 1), ("sin", 1), ("cos", 1), ("fma", 1), ("fmin", 1), ("fmax", 1)])
        if op in ("+", "*", "/", "fmin", "fmax", "fma"):
            c = self.fexpr(b, depth - 1)
            if op == "+":
                r = Float("(%s + %s)" % (a.text, c.text), a.lo + c.lo, a.hi + c.hi, max(a.err, c.err) + 0.5)
            elif op == "*":
                r = Float("(%s * %s)" % (a.text, c.text), a.lo * c.lo, a.hi * c.hi, a.err + c.err + 0.5)
            elif op == "/":
                r = Float("(%s / %s)" % (a.text, c.text), a.lo / c.hi, a.hi / c.lo, a.err + c.err + 2.5)
            elif op == "fmin":
                r = Float("sycl::fmin(%s, %s)" % (a.text, c.text), min(a.lo, c.lo), min(a.hi, c.hi), max(a.err, c.err))
            elif op == "fmax":
                r = Float("sycl::fmax(%s, %s)" % (a.text, c.text), max(a.lo, c.lo), max(a.hi, c.hi), max(a.err, c.err))
            else:
                d = self.fleaf(b)
                r = Float("sycl::fma(%s, %s, %s)" % (a.text, c.text, d.text), a.lo * c.lo + d.lo, a.hi * c.hi + d.hi,
                          max(a.err + c.err + 0.5, d.err) + 0.5)
            return self.fclamp(r)
        self.used.add("float_math")
        if op == "sqrt":
            r = Float("sycl::sqrt(%s)" % a.text, math.sqrt(a.lo), math.sqrt(a.hi), a.err / 2 + 3)
        elif op == "rsqrt":
            r = Float("sycl::rsqrt(%s)" % a.text, 1 / math.sqrt(a.hi), 1 / math.sqrt(a.lo), a.err / 2 + 4)
        elif op in ("exp", "exp2"):
            hi = min(a.hi, 4.0)
            lo = min(a.lo, 4.0)
            fn = math.exp if op == "exp" else (lambda x: 2.0**x)
            r = Float("sycl::%s(sycl::fmin(%s, 4.0f))" % (op, a.text), fn(lo), fn(hi), hi * a.err * 1.5 + 3)
        elif op in ("log", "log2"):
            fn = math.log if op == "log" else math.log2
            # log(x + 2) >= log(2): the relative error of x + 2 becomes an absolute one.
            r = Float("sycl::%s(%s + 2.0f)" % (op, a.text), fn(a.lo + 2), fn(a.hi + 2),
                      (a.err + 0.5) / (fn(2.0) * (1.0 if op == "log" else math.log(2))) + 3)
        else:
            hi = min(a.hi, 64.0)
            r = Float("(sycl::%s(sycl::fmin(%s, 64.0f)) + 2.0f)" % (op, a.text), 1.0, 3.0, hi * a.err + 4.5)
        return self.fclamp(r)

    # ---- statements ---------------------------------------------------------------
    def fstmt(self, b, trips):
        """Assign or accumulate the float f (declared on first use)."""
        e = self.fexpr(b, self.r.randint(1, 3))
        if b.fstate is None or trips is None and self.chance(0.5):
            if b.fstate is None:
                b.ctx["fdecl"] = True
            b.emit("f = %s;" % e.text)
            new = Float("f", e.lo, e.hi, e.err)
            if b.fstate is not None and b.ctx.get("in_branch"):
                new = Float("f", min(new.lo, b.fstate.lo), max(new.hi, b.fstate.hi), max(new.err, b.fstate.err))
            b.fstate = new
            return
        # f += e, `trips` times at most (None: once).
        t = trips or 1
        s = b.fstate
        b.emit("f = %s;" % ("sycl::fmin(f + %s, 1.0e6f)" % e.text))
        b.fstate = Float("f", s.lo, min(s.hi + t * e.hi, 1e6), max(s.err, e.err) + 0.5 * t + 0.5)

    def stmt(self, b, depth, trips=None, allow_exit=False):
        wild = 0 if b.ctx.get("simple") else 1  # simple kernels: what the plugin can widen
        # (a simple kernel's branches hold no loop: the plugin makes them masks)
        branch = (2 if wild else 4 if b.ctx.get("in_loop") else 3) if depth > 0 else 0
        loop = 3 if depth > 0 and (wild or not b.ctx.get("in_branch")) else 0
        kinds = [("assign", 5), ("float", 2 if b.ctx.get("floats") else 0), ("loop", loop),
                 ("branch", branch), ("exit", wild if allow_exit and depth > 0 else 0),
                 ("emi", (1 if wild else 0.2) if depth > 0 else 0), ("break", wild if b.ctx.get("in_loop") else 0)]
        k = self.pick(kinds)
        if k == "assign":
            var = self.r.choice(["v", "w"])
            op = self.r.choice(["=", "+=", "^=", "*="])
            b.emit("%s %s %s;" % (var, op, self.uexpr(b, self.r.randint(1, 3))))
        elif k == "float":
            self.fstmt(b, trips)
        elif k == "loop":
            self.loop(b, depth, trips, allow_exit)
        elif k == "branch":
            self.used.add("branch_divergent")
            was = b.ctx.get("in_branch")
            b.ctx["in_branch"] = True
            b.open("if (%s)" % self.cond(b))
            for _ in range(self.r.randint(1, 2)):
                self.stmt(b, depth - 1, trips, allow_exit)
            if self.chance(0.5):
                b.close("} else {")
                b.depth += 1
                for _ in range(self.r.randint(1, 2)):
                    self.stmt(b, depth - 1, trips, allow_exit)
            b.close()
            b.ctx["in_branch"] = was
        elif k == "exit":
            self.used.add("early_exit")
            b.open("if (%s)" % self.cond(b))
            b.ctx["write_out"](b)
            b.emit("return;")
            b.close()
        elif k == "break":
            self.used.add("loop_break")
            b.emit("if ((v & 7u) == %du) break;" % self.r.randint(0, 7))
        elif k == "emi":
            self.emi(b)

    def emi(self, b):
        """Code behind a condition false for the inputs used (r3 and r7 are 0)."""
        self.used.add("emi")
        b.open("if (r%d %s)" % (self.r.choice([3, 7]), self.r.choice(["!= 0u", "> 5u", "== 77u"])))
        saved = b.fstate
        b.ctx["in_emi"] = True
        for _ in range(self.r.randint(1, 3)):
            self.stmt(b, 1)
        if self.chance(0.5):
            dst = b.ctx["out"]
            b.emit("%s[std::size_t(%s) %% %du] = v;" % (dst, self.uexpr(b, 1), b.ctx["out_size"]))
        b.ctx["in_emi"] = False
        b.fstate = saved if saved is not None else b.fstate
        b.close()

    def loop(self, b, depth, trips, allow_exit):
        var = "k%d" % len(b.loop_vars)
        form = self.pick([("const", 3), ("runtime", 3), ("triangular", 0 if b.ctx.get("simple") else 2)])
        if form == "const":
            n = self.r.choice([2, 3, 4, 7, 8, 16, 33])
            bound, maxt = "%du" % n, n
            self.used.add("loop_const")
        elif form == "runtime":
            rv = self.r.choice([0, 1, 5, 6])
            bound, maxt = "r%d" % rv, {0: 5, 1: 9, 5: 4, 6: 12}[rv]
            self.used.add("loop_runtime")
        start = "0"
        if form == "triangular":
            self.used.add("loop_triangular")
            if b.loop_vars:
                bound, maxt = b.loop_vars[-1], 33
            else:
                m = self.r.choice([3, 5, 8, 13])
                item = self.r.choice(b.ctx["ids"] + ["lin"])
                if m in (5, 13):  # from the item's id to a bound the same for all items (the first m items)
                    self.used.add("loop_from_item")
                    start, bound, maxt = item, "%du" % m, m
                else:  # from 0 to where the item is
                    bound, maxt = "(%s %% %du)" % (item, m), m - 1
        if b.loop_vars:
            self.used.add("loop_nested")
        b.open("for (u32 %s = %s; %s < %s; ++%s)" % (var, start, var, bound, var))
        b.loop_vars.append(var)
        was = b.ctx.get("in_loop")
        b.ctx["in_loop"] = True
        t = maxt * (trips or 1)
        for _ in range(self.r.randint(1, 3)):
            self.stmt(b, depth - 1, t, allow_exit)
        b.ctx["in_loop"] = was
        b.loop_vars.pop()
        b.close()

    def body(self, b, n, allow_exit, depth=2):
        if b.ctx.get("simple"):
            self.used.add("simple_kernel")
        b.ctx["vars"] = []
        if b.ctx.get("inplace"):
            # Read-modify-write of the item's own output slot (the host filled it).
            self.used.add("in_place")
            b.emit("u32 v = %s[%s];" % (b.ctx["out"], b.ctx["inplace"]))
        else:
            b.emit("u32 v = %s;" % self.uexpr(b, 2))
        b.ctx["vars"] = ["v"]
        b.emit("u32 w = %s;" % self.uexpr(b, 1))
        b.ctx["vars"] = ["v", "w"]
        if b.ctx.get("floats"):
            b.emit("float f = 1.0f;")
            b.fstate = Float("f", 1.0, 1.0, 0.0)
        for _ in range(n):
            self.stmt(b, depth, None, allow_exit)

    # ---- kernels ------------------------------------------------------------------
    def new_out(self, n, kind="u32"):
        name = "o%d" % self.nk if kind == "u32" else "fo%d" % self.nk
        ctype = "u32" if kind == "u32" else "float"
        self.decls.append("%s* %s = kf_alloc<%s>(q, %d, %du);" % (ctype, name, ctype, n, self.r.getrandbits(32)))
        if kind == "u32":
            self.dumps.append('kf_dump_u32("%s", %s, %d);' % (name, name, n))
        else:
            self.dumps.append('kf_dump_f32("%s", %s, %d);' % (name, name, n))
        return name

    def readable(self):
        return dict(self.u32_arrays)

    def wrap(self, cg_lines, reads, writes, usm):
        """The command group: buffers/accessors for the arrays a kernel uses, or USM."""
        out = []
        if usm:
            self.used.add("usm")
            out.append("{")
            out.append("  q.submit([&](sycl::handler& cgh) {")
            out += ["    " + l for l in cg_lines]
            out.append("  }).wait();")
            out.append("}")
            return out
        self.used.add("accessor")
        out.append("{")
        sizes = self.sizes
        for a in sorted(reads | set(writes)):
            out.append("  sycl::buffer<%s, 1> b_%s(%s, sycl::range<1>(%d));" % (self.ctype(a), a, a, sizes[a]))
        out.append("  q.submit([&](sycl::handler& cgh) {")
        for a in sorted(reads - set(writes)):
            out.append("    sycl::accessor %s(b_%s, cgh, sycl::read_only);" % (a, a))
        for a in writes:
            mode = writes[a]
            out.append("    sycl::accessor %s(b_%s, cgh, sycl::%s);" % (a, a, mode))
        out += ["    " + l for l in cg_lines]
        out.append("  });")
        out.append("}")
        return out

    def ctype(self, a):
        return "float" if a.startswith("fo") or a == "in_f" else "u32"

    def item_ctx(self, ids, out, out_size, floats):
        return {"ids": ids, "arrays": self.readable(), "reads": set(), "out": out, "out_size": out_size,
                "floats": floats, "simple": self.chance(0.4)}

    def range_kernel(self):
        d = self.r.randint(1, 3)
        self.used.add("range%d" % d)
        dims = {1: [self.r.choice([64, 100, 128, 256, 257, 512, 1000])],
                2: [self.r.choice([4, 8, 13, 16]), self.r.choice([8, 16, 31, 32])],
                3: [self.r.choice([2, 3, 4]), self.r.choice([4, 5, 8]), self.r.choice([8, 16, 9])]}[d]
        n = 1
        for x in dims:
            n *= x
        offset = self.chance(0.25)
        arg_item = self.chance(0.5)
        self.used.add("range_offset" if offset else "range_item_arg" if arg_item else "range_id_arg")
        if offset:
            self.used.add("range_item_arg" if arg_item else "range_id_arg")
        offs = [self.r.randint(0, 5) for _ in dims] if offset else [0] * d
        floats = self.chance(0.4)
        k = self.nk
        out = self.new_out(n)
        fout = self.new_out(n, "f32") if floats else None
        permuted = n & (n - 1) == 0 and self.chance(0.4)
        if permuted:
            self.used.add("write_permuted")
            a, c = self.r.randrange(1, 64, 2), self.r.randint(0, n - 1)
            wexpr = "std::size_t((lin * %du + %du) %% %du)" % (a, c, n)
        elif self.chance(0.3):
            self.used.add("write_permuted")
            wexpr = "std::size_t(%du - 1u - lin)" % n
        else:
            wexpr = "lin"
        ids = ["i%d" % j for j in range(d)]
        ctx = self.item_ctx(ids, out, n, floats)
        inplace = self.chance(0.25)
        if inplace:
            ctx["inplace"] = wexpr

        def write_out(b):
            b.emit("%s[%s] = v ^ w;" % (out, wexpr))
            if floats:
                b.emit("%s[%s] = f;" % (fout, wexpr))
        ctx["write_out"] = write_out
        b = Body(self, ctx)
        b.depth = 1
        arg = "it"
        for j in range(d):
            src = "it[%d]" % j if not arg_item else "it.get_id(%d)" % j
            b.emit("const u32 i%d = u32(%s) - %du;" % (j, src, offs[j]))
        lin = "i0"
        for j in range(1, d):
            lin = "(%s) * %du + i%d" % (lin, dims[j], j)
        b.emit("const u32 lin = %s;" % lin)
        self.bounds_guard(b, n, dims)
        self.body(b, self.r.randint(2, 5), allow_exit=True)
        if ctx["simple"] and self.chance(0.3):
            # Only some items write (the others' elements keep the host's values): a
            # store under a divergent branch, which the plugin makes a masked store.
            self.used.add("guarded_write")
            b.open("if (%s)" % self.cond(b))
            write_out(b)
            b.close()
        else:
            write_out(b)
        rng = "sycl::range<%d>(%s)" % (d, ", ".join(str(x) for x in dims))
        args = [rng]
        if offset:
            args.append("sycl::id<%d>(%s)" % (d, ", ".join(str(x) for x in offs)))
        ptype = ("sycl::item<%d>" % d) if arg_item else ("sycl::id<%d>" % d)
        cg = ["cgh.parallel_for(%s, [=](%s it) {" % (", ".join(args), ptype)] + b.lines + ["});"]
        self.finish_kernel(cg, ctx["reads"] | ({"in_f"} if floats else set()), out, fout, n, floats, b,
                           write_mode="read_write" if inplace else "write_only")

    def finish_kernel(self, cg, reads, out, fout, n, floats, b, usm=None, extra_writes=None, write_mode="write_only"):
        if usm is None:
            usm = self.chance(0.5)
        writes = {out: write_mode}
        if fout:
            writes[fout] = write_mode
        for w in extra_writes or []:
            writes[w] = "read_write"
        self.sizes[out] = n
        if fout:
            self.sizes[fout] = n
        block = self.wrap(cg, reads, writes, usm)
        self.kernels.append(block)
        if fout:
            self.float_ulps[fout] = b.fstate.err
        self.u32_arrays[out] = n
        self.nk += 1

    def bounds_guard(self, b, n, dims):
        """Items past the data or on its border leave at once (a rounded-up range's guard)."""
        if not self.chance(0.35):
            return
        self.used.add("bounds_guard")
        form = self.r.choice(["const", "runtime"] + (["border"] if len(dims) > 1 else []))
        if form == "const":
            b.emit("if (lin >= %du) return;" % self.r.randint(max(1, n - n // 4), n))
        elif form == "runtime":
            b.emit("if (lin + r5 >= %du) return;" % n)
        else:
            tests = []
            for j, r in enumerate(dims[:2]):
                tests.append("i%d == 0u || i%d + 1u >= %du" % (j, j, r))
            b.emit("if (%s) return;" % " || ".join(tests))

    def nd_kernel(self):
        d = self.pick([(1, 3), (2, 2), (3, 2)])
        self.used.add("nd_range%d" % d)
        local = {1: [self.r.choice([8, 12, 16, 32, 40, 64])],
                 2: [self.r.choice([2, 4, 8]), self.r.choice([4, 6, 8])],
                 3: [self.r.choice([1, 2]), self.r.choice([2, 3, 4]), self.r.choice([4, 8])]}[d]
        groups = {1: [self.r.randint(1, 8)], 2: [self.r.randint(1, 3), self.r.randint(1, 3)],
                  3: [self.r.randint(1, 2), self.r.randint(1, 2), self.r.randint(1, 3)]}[d]
        ls = 1
        for x in local:
            ls *= x
        glob = [a * c for a, c in zip(local, groups)]
        n = 1
        for x in glob:
            n *= x
        floats = self.chance(0.3)
        out = self.new_out(n)
        fout = self.new_out(n, "f32") if floats else None
        ids = ["g%d" % j for j in range(d)] + ["lid"]
        ctx = self.item_ctx(ids, out, n, floats)
        inplace = self.chance(0.3)
        if inplace:
            ctx["inplace"] = "lin"
        tiny = self.chance(0.2)  # one collective and little else
        if tiny:
            self.used.add("tiny_nd_kernel")

        def write_out(b):
            b.emit("%s[lin] = v ^ w;" % out)
            if floats:
                b.emit("%s[lin] = f;" % fout)
        ctx["write_out"] = write_out
        b = Body(self, ctx)
        b.depth = 1
        b.emit("auto g = it.get_group();")
        b.emit("auto sg = it.get_sub_group();")
        b.emit("const u32 lin = u32(it.get_global_linear_id());")
        b.emit("const u32 lid = u32(it.get_local_linear_id());")
        for j in range(d):
            b.emit("const u32 g%d = u32(it.get_global_id(%d));" % (j, j))
        self.body(b, 0 if tiny else self.r.randint(1, 3), allow_exit=False, depth=1)
        lmem = "none" if tiny else self.pick([("none", 2), ("local_accessor", 3), ("group_local_memory", 1)])
        if lmem == "group_local_memory":
            self.used.add("group_local_memory")
            b.emit("u32 (&lm)[%d] = *sycl::ext::oneapi::group_local_memory_for_overwrite<u32[%d]>(g);" % (ls, ls))
        elif lmem == "local_accessor":
            self.used.add("local_accessor")
        phases = 1 if tiny else self.r.randint(1, 4)
        for _ in range(phases):
            self.phase(b, ls, lmem != "none")
            if not tiny and self.chance(0.5):
                self.stmt(b, 1)
        # After the last collective: item code, early exits allowed, perhaps under a bounds
        # guard (gid < n) that the split kernel's region loops may test once per group.
        guard = not tiny and self.chance(0.3)
        if guard:
            self.used.add("bounds_guard")
            b.open("if (lin < %du)" % self.r.randint(n // 2, n))
        for _ in range(0 if tiny else self.r.randint(0, 2)):
            self.stmt(b, 2, None, allow_exit=True)
        write_out(b)
        if guard:
            b.close()
        sgprop = self.chance(0.25)
        rng = "sycl::nd_range<%d>(sycl::range<%d>(%s), sycl::range<%d>(%s))" % (
            d, d, ", ".join(map(str, glob)), d, ", ".join(map(str, local)))
        cg = []
        if lmem == "local_accessor":
            cg.append("sycl::local_accessor<u32, 1> lm(sycl::range<1>(%d), cgh);" % ls)
        if sgprop:
            self.used.add("sg_size_property")
            s = self.r.choice([4, 8, 16, 32])
            if self.cuda:
                s = 32
            cg.append("cgh.parallel_for(%s, sycl::ext::oneapi::experimental::properties{"
                      "sycl::ext::oneapi::experimental::sub_group_size<%d>}, [=](sycl::nd_item<%d> it) {" % (rng, s, d))
        else:
            cg.append("cgh.parallel_for(%s, [=](sycl::nd_item<%d> it) {" % (rng, d))
        cg += b.lines + ["});"]
        self.finish_kernel(cg, ctx["reads"] | ({"in_f"} if floats else set()), out, fout, n, floats, b,
                           write_mode="read_write" if inplace else "write_only")

    def phase(self, b, ls, lmem):
        kinds = [("exchange", 4 if lmem else 0), ("uniform_loop", 2 if lmem else 0), ("uniform_branch", 2),
                 ("sg", 5), ("wg", 3), ("local_atomic", 2 if lmem else 0)]
        k = self.pick(kinds)
        if k == "exchange":
            self.used.add("barrier_straight")
            self.exchange(b, ls, "v")
        elif k == "uniform_loop":
            self.used.add("barrier_uniform_loop")
            rv = self.r.choice([0, 1, 5])
            b.open("for (u32 q0 = 0; q0 < r%d; ++q0)" % rv)
            b.emit("lm[lid] = v + q0;  // keep")
            b.emit("sycl::group_barrier(g);  // keep")
            b.emit("w += lm[(lid + q0 + %du) %% %du];" % (self.r.randint(1, ls), ls))
            b.emit("sycl::group_barrier(g);  // keep")
            if self.chance(0.4):
                self.sg_collective(b)
            b.close()
        elif k == "uniform_branch":
            self.used.add("barrier_uniform_branch")
            c = self.r.choice(["r2 != 0u", "r2 == 0u", "g.get_group_linear_id() %% 2u == %du" % self.r.randint(0, 1),
                               "r5 > 2u"])
            b.open("if (%s)" % c)
            if lmem and self.chance(0.6):
                self.exchange(b, ls, "w")
            else:
                b.emit("sycl::group_barrier(g);  // keep")
                self.sg_collective(b)
            b.close()
        elif k == "sg":
            self.sg_collective(b)
        elif k == "wg":
            self.wg_collective(b, ls)
        else:
            self.used.add("local_atomic")
            op, ident = self.r.choice([("fetch_add", "0u"), ("fetch_xor", "0u"), ("fetch_or", "0u"), ("fetch_max", "0u"),
                                       ("fetch_min", "0xffffffffu"), ("fetch_and", "0xffffffffu")])
            b.emit("lm[lid] = %s;  // keep" % ident)
            b.emit("sycl::group_barrier(g);  // keep")
            b.emit("sycl::atomic_ref<u32, sycl::memory_order::relaxed, sycl::memory_scope::work_group, "
                   "sycl::access::address_space::local_space>(lm[(%s) %% %du]).%s(v);" % (self.uexpr(b, 1), ls, op))
            b.emit("sycl::group_barrier(g);  // keep")
            b.emit("w ^= lm[(lid + %du) %% %du];" % (self.r.randint(0, ls), ls))
            b.emit("sycl::group_barrier(g);  // keep")

    def exchange(self, b, ls, var):
        b.emit("lm[lid] = %s;  // keep" % self.uexpr(b, 2))
        b.emit("sycl::group_barrier(g);  // keep")
        idx = self.r.choice(["(%du - 1u - lid)" % ls, "(lid + %du) %% %du" % (self.r.randint(1, ls), ls),
                             "(%s) %% %du" % (self.uexpr(b, 1), ls), "(lid * %du) %% %du" % (self.r.randrange(1, 9, 2), ls)])
        b.emit("%s = %s * %du + lm[%s];" % (var, var, self.r.randrange(1, 99, 2), idx))
        b.emit("sycl::group_barrier(g);  // keep")

    def sg_collective(self, b):
        k = self.pick([("reduce", 2), ("scan", 2), ("broadcast", 2), ("shift", 3), ("xor", 1), ("select", 1),
                       ("vote", 1), ("freduce", 1)])
        op = self.r.choice(["sycl::plus<u32>()", "sycl::bit_xor<u32>()", "sycl::maximum<u32>()", "sycl::minimum<u32>()",
                            "sycl::bit_or<u32>()"])
        if k == "reduce":
            self.used.add("sg_reduce")
            b.emit("w += sycl::reduce_over_group(sg, v, %s);" % op)
        elif k == "scan":
            self.used.add("sg_scan")
            f = self.r.choice(["inclusive_scan_over_group", "exclusive_scan_over_group"])
            b.emit("v ^= sycl::%s(sg, w, %s);" % (f, op))
        elif k == "broadcast":
            self.used.add("sg_broadcast")
            if self.chance(0.3):
                b.emit("w += sycl::group_broadcast(sg, v);")
            else:
                b.emit("w += sycl::group_broadcast(sg, v, %du %% sg.get_local_linear_range());" % self.r.randint(0, 40))
        elif k == "shift":
            self.used.add("sg_shift")
            dlt = self.r.randint(1, 5)
            if self.chance(0.5):
                b.emit("const u32 t%d = sycl::shift_group_left(sg, v, %d);" % (len(b.lines), dlt))
                b.emit("if (sg.get_local_linear_id() + %du < sg.get_local_linear_range()) w ^= t%d;" % (dlt, len(b.lines) - 1))
            else:
                b.emit("const u32 t%d = sycl::shift_group_right(sg, v, %d);" % (len(b.lines), dlt))
                b.emit("if (sg.get_local_linear_id() >= %du) w ^= t%d;" % (dlt, len(b.lines) - 1))
        elif k == "xor":
            self.used.add("sg_xor")
            m = self.r.randint(1, 7)
            b.emit("const u32 t%d = sycl::permute_group_by_xor(sg, w, %d);" % (len(b.lines), m))
            b.emit("if ((sg.get_local_linear_id() ^ %du) < sg.get_local_linear_range()) v += t%d;" % (m, len(b.lines) - 1))
        elif k == "select":
            self.used.add("sg_select")
            b.emit("v += sycl::select_from_group(sg, w, (%s) %% sg.get_local_linear_range());" % self.uexpr(b, 1))
        elif k == "vote":
            self.used.add("sg_vote")
            f = self.r.choice(["any_of_group", "all_of_group", "none_of_group"])
            b.emit("w += u32(sycl::%s(sg, (v & %du) == %du)) * %du;" % (f, self.r.choice([1, 3, 15]), self.r.randint(0, 1),
                                                                        self.r.randint(1, 99)))
        else:
            self.used.add("sg_float_reduce")
            fop = self.r.choice(["sycl::plus<float>()", "sycl::maximum<float>()", "sycl::minimum<float>()"])
            b.emit("w ^= u32(sycl::reduce_over_group(sg, float(v & 255u), %s));" % fop)

    def wg_collective(self, b, ls):
        k = self.pick([("reduce", 2), ("scan", 2), ("broadcast", 2), ("vote", 1)])
        op = self.r.choice(["sycl::plus<u32>()", "sycl::bit_xor<u32>()", "sycl::maximum<u32>()", "sycl::minimum<u32>()"])
        if k == "reduce":
            self.used.add("wg_reduce")
            b.emit("v += sycl::reduce_over_group(g, w, %s);" % op)
        elif k == "scan":
            self.used.add("wg_scan")
            f = self.r.choice(["inclusive_scan_over_group", "exclusive_scan_over_group"])
            b.emit("w ^= sycl::%s(g, v, %s);" % (f, op))
        elif k == "broadcast":
            self.used.add("wg_broadcast")
            b.emit("v += sycl::group_broadcast(g, w, std::size_t(%du));" % self.r.randint(0, ls - 1))
        else:
            self.used.add("wg_vote")
            f = self.r.choice(["any_of_group", "all_of_group", "none_of_group"])
            b.emit("w += u32(sycl::%s(g, (v & 7u) == %du)) * %du;" % (f, self.r.randint(0, 7), self.r.randint(1, 99)))

    def reduction_kernel(self):
        nd = self.chance(0.4)
        self.used.add("reduction_nd" if nd else "reduction_range")
        n = self.r.choice([256, 500, 1024, 64]) if not nd else 64 * self.r.randint(1, 8)
        fl = self.chance(0.3)
        name = "red%d" % self.nk
        op, init, comb = self.r.choice([("sycl::plus<u32>()", 0, "s += x;"), ("sycl::bit_xor<u32>()", 0, "s ^= x;"),
                                        ("sycl::maximum<u32>()", 0, "s.combine(x);"),
                                        ("sycl::minimum<u32>()", 0xFFFFFFFF, "s.combine(x);"),
                                        ("sycl::bit_or<u32>()", 0, "s |= x;")])
        ctype = "u32"
        if fl:
            self.used.add("reduction_float")
            op, init, comb, ctype = "sycl::plus<float>()", 0, "s += float(x & 255u);", "float"
        self.decls.append("%s* %s = kf_alloc<%s>(q, 1, 0u);" % (ctype, name, ctype))
        self.decls.append("%s[0] = %s(%d);" % (name, ctype, init))
        self.dumps.append('kf_dump_%s("%s", %s, 1);' % ("f32" if fl else "u32", name, name))
        if fl:
            self.float_ulps[name] = 0.0
        ids = ["lin"]
        ctx = self.item_ctx(ids, name, 1, False)
        ctx["write_out"] = lambda b: b.emit("%s" % comb.replace("x", "(v ^ w)"))
        b = Body(self, ctx)
        b.depth = 1
        if nd:
            b.emit("const u32 lin = u32(it.get_global_linear_id());")
        else:
            b.emit("const u32 lin = u32(it[0]);")
        self.body(b, self.r.randint(1, 4), allow_exit=True)
        cfs = [c for c in (2, 3, 4, 8) if n * c <= NIN]
        if not nd and cfs and self.chance(0.4):
            # SYCL-Bench's KernelReduction: the item also combines cf consecutive inputs
            # (the plugin's weft-reduction-lanes gives them to other lanes of a block).
            self.used.add("reduction_coarsened")
            cf = self.r.choice(cfs)
            ctx["reads"].add("in_u")
            b.emit("for (u32 k = 0; k < %du; ++k) {" % cf)
            b.emit("  const u32 c = in_u[it[0] * %du + k];" % cf)  # (a size_t index, as SYCL-Bench's)
            b.emit("  " + comb.replace("x", "c"))
            b.emit("}")
        b.emit(comb.replace("x", "(v ^ w)"))
        usm = self.chance(0.6)
        if not usm:
            self.used.add("reduction_buffer")
        red = ("sycl::reduction(%s, %s)" % (name, op)) if usm else ("sycl::reduction(b_%s, cgh, %s)" % (name, op))
        if nd:
            l = 64
            rng = "sycl::nd_range<1>(sycl::range<1>(%d), sycl::range<1>(%d))" % (n, l)
            cg = ["cgh.parallel_for(%s, %s, [=](sycl::nd_item<1> it, auto& s) {" % (rng, red)]
        else:
            cg = ["cgh.parallel_for(sycl::range<1>(%d), %s, [=](sycl::id<1> it, auto& s) {" % (n, red)]
        cg += b.lines + ["});"]
        reads = ctx["reads"]
        if usm:
            self.used.add("usm")
            block = ["{", "  q.submit([&](sycl::handler& cgh) {"] + ["    " + l for l in cg] + ["  }).wait();", "}"]
        else:
            self.used.add("accessor")
            block = ["{"]
            for a in sorted(reads):
                block.append("  sycl::buffer<%s, 1> b_%s(%s, sycl::range<1>(%d));" % (self.ctype(a), a, a, self.sizes[a]))
            block.append("  sycl::buffer<%s, 1> b_%s(%s, sycl::range<1>(1));" % (ctype, name, name))
            block.append("  q.submit([&](sycl::handler& cgh) {")
            for a in sorted(reads):
                block.append("    sycl::accessor %s(b_%s, cgh, sycl::read_only);" % (a, a))
            block += ["    " + l for l in cg] + ["  });", "}"]
        self.kernels.append(block)
        self.sizes[name] = 1
        self.nk += 1

    def atomic_kernel(self):
        self.used.add("atomic_global")
        n = self.r.choice([128, 256, 1000])
        h = self.r.choice([1, 8, 16, 64])
        name = "h%d" % self.nk
        op, init = self.r.choice([("fetch_add", 0), ("fetch_xor", 0), ("fetch_or", 0), ("fetch_max", 0),
                                  ("fetch_min", 0xFFFFFFFF), ("fetch_and", 0xFFFFFFFF), ("fetch_sub", 0)])
        self.decls.append("u32* %s = kf_alloc<u32>(q, %d, 0u);" % (name, h))
        self.decls.append("for (int j = 0; j < %d; ++j) %s[j] = %du;" % (h, name, init))
        self.dumps.append('kf_dump_u32("%s", %s, %d);' % (name, name, h))
        ctx = self.item_ctx(["lin"], name, h, False)
        ctx["write_out"] = lambda b: b.emit(
            "sycl::atomic_ref<u32, sycl::memory_order::relaxed, sycl::memory_scope::device>(%s[(v + lin) %% %du]).%s(w);"
            % (name, h, op))
        b = Body(self, ctx)
        b.depth = 1
        b.emit("const u32 lin = u32(it[0]);")
        self.body(b, self.r.randint(1, 3), allow_exit=True)
        ctx["write_out"](b)
        cg = ["cgh.parallel_for(sycl::range<1>(%d), [=](sycl::id<1> it) {" % n] + b.lines + ["});"]
        self.sizes[name] = h
        self.finish_kernel_generic(cg, ctx["reads"], name, h)

    def finish_kernel_generic(self, cg, reads, name, n):
        usm = self.chance(0.5)
        self.kernels.append(self.wrap(cg, reads, {name: "read_write"}, usm))
        self.nk += 1

    def scoped_kernel(self):
        self.used.add("scoped")
        groups, l = self.r.randint(1, 6), self.r.choice([8, 16, 32, 48])
        n = groups * l
        out = self.new_out(n)
        ctx = self.item_ctx(["lin", "lid"], out, n, False)
        lm = self.chance(0.6)
        # An item that leaves early still writes its slot of local memory (read after the barrier).
        ctx["write_out"] = lambda b: b.emit(("lm[lid] = v ^ w;  // keep" if lm else "%s[lin] = v ^ w;" % out))
        lines = ["cgh.parallel(sycl::range<1>(%d), sycl::range<1>(%d), [=](auto g) {" % (groups, l)]
        if lm:
            self.used.add("scoped_local_mem")
            lines.append("  sycl::memory_environment(g, sycl::require_local_mem<u32[%d]>(), [&](auto& lm) {" % l)
        b = Body(self, ctx)
        b.depth = 2
        # With local memory the first loop over the items (it writes what the second reads)
        # goes only with the kernel.
        b.emit("sycl::distribute_items(g, [&](sycl::s_item<1> it) {" + ("  // keep" if lm else ""))
        b.depth += 1
        b.emit("const u32 lin = u32(it.get_global_id(0));")
        b.emit("const u32 lid = u32(it.get_local_linear_id(g));")
        self.body(b, self.r.randint(1, 3), allow_exit=True)
        if lm:
            b.emit("lm[lid] = v ^ w;  // keep")
        else:
            b.emit("%s[lin] = v ^ w;" % out)
        b.depth -= 1
        b.emit("});")
        if lm:
            b.emit("sycl::group_barrier(g);  // keep")
            b.emit("sycl::distribute_items(g, [&](sycl::s_item<1> it) {")
            b.depth += 1
            b.emit("const u32 lin = u32(it.get_global_id(0));")
            b.emit("const u32 lid = u32(it.get_local_linear_id(g));")
            b.emit("%s[lin] = lm[(lid + %du) %% %du] * %du + lm[lid];" % (out, self.r.randint(1, l), l, self.r.randrange(1, 99, 2)))
            b.depth -= 1
            b.emit("});")
        lines += b.lines
        if lm:
            lines.append("  });")
        lines.append("});")
        self.finish_kernel(lines, ctx["reads"], out, None, n, False, b)

    def hier_kernel(self):
        self.used.add("hierarchical")
        groups, l = self.r.randint(1, 6), self.r.choice([4, 8, 16, 32])
        n = groups * l
        out = self.new_out(n)
        ctx = self.item_ctx(["lin", "lid"], out, n, False)
        ctx["write_out"] = lambda b: b.emit("sh[lid] = v ^ w;")
        lines = ["cgh.parallel_for_work_group(sycl::range<1>(%d), sycl::range<1>(%d), [=](sycl::group<1> g) {" % (groups, l),
                 "  u32 sh[%d] = {};" % l]
        accumulate = self.chance(0.5)
        if accumulate:
            lines.append("  sycl::private_memory<u32> acc{g};")
        b = Body(self, ctx)
        b.depth = 1
        b.emit("g.parallel_for_work_item([&](sycl::h_item<1> h) {")
        b.depth += 1
        b.emit("const u32 lin = u32(h.get_global_id(0));")
        b.emit("const u32 lid = u32(h.get_local_id(0));")
        self.body(b, self.r.randint(1, 3), allow_exit=True)
        b.emit("sh[lid] = v ^ w;")
        b.depth -= 1
        b.emit("});")
        if accumulate:
            self.private_accumulator(b, l)
        b.emit("g.parallel_for_work_item([&](sycl::h_item<1> h) {")
        b.emit("  const u32 lid = u32(h.get_local_id(0));")
        b.emit("  %s[h.get_global_id(0)] = sh[(lid + %du) %% %du] ^ sh[lid]%s;" %
               (out, self.r.randint(1, l), l, " ^ acc(h)" if accumulate else ""))
        b.emit("});")
        lines += b.lines + ["});"]
        self.finish_kernel(lines, ctx["reads"], out, None, n, False, b)

    def private_accumulator(self, b, l):
        """n-body's shape: each item adds to its private_memory value in a loop, where a test
        that differs between items passes (the plugin keeps it in registers across the loop,
        item_accumulators.cpp); a tile read from global memory, items whose test never passes."""
        self.used.add("private_accumulator")
        b.ctx["reads"].add("in_u")
        k, m = self.r.randint(1, 9), self.r.choice([2, 3, 5, 7])
        trips, base = self.r.choice([2 * l, 40, 64]), self.r.randint(0, NIN - 1)
        tile = "in_u[(i + %du) %% %du]" % (base, NIN)
        b.emit("g.parallel_for_work_item([&](sycl::h_item<1> h) { acc(h) = u32(h.get_global_id(0)) * %du; });" % k)
        b.emit("g.parallel_for_work_item([&](sycl::h_item<1> h) {")
        b.emit("  const u32 lid = u32(h.get_local_id(0));")
        b.emit("  for (u32 i = 0; i < %du; ++i)" % trips)
        b.emit("    if (lid %% %du != 0 && (%s ^ lid) %% %du != 0) acc(h) += %s * (lid + 1u);" % (m, tile, m, tile))
        b.emit("});")

    def restrict_kernel(self):
        """An nd_range<1> item calling a function with __restrict pointers that scans many points
        for the best dot product (small integers in floats: every sum is exact)."""
        self.used.add("restrict_call")
        self.used.add("nd_range1")
        hn = "kf_scan%d" % self.nk
        n, l = self.r.choice([(128, 32), (256, 64), (64, 16), (256, 128)])
        npts, ndim = self.r.choice([(512, 16), (1024, 64), (2048, 32), (256, 128), (2048, 128)])
        fl = self.chance(0.7)
        t = "float" if fl else "u32"
        self.helpers.append([
            "SYCL_EXTERNAL void %s(sycl::nd_item<1>& item, const %s* __restrict a, const %s* __restrict b, %s* __restrict best, "
            "int* __restrict at) {" % (hn, t, t, t),
            "  int p1 = int(item.get_global_id(0)), index = -1;",
            "  %s max_score = 0;" % t,
            "  for (int p2 = 0; p2 < %d; p2++) {" % npts,
            "    %s score = 0;" % t,
            "    for (int d = 0; d < %d; d++) score += a[p1 * %d + d] * b[p2 * %d + d];" % (ndim, ndim, ndim),
            "    if (score > max_score) {",
            "      max_score = score;",
            "      index = p2;",
            "    }",
            "  }",
            "  best[p1] = max_score;",
            "  at[p1] = index;",
            "}"])
        k = self.nk
        pa, pb = "ra%d" % k, "rb%d" % k
        self.decls.append("%s* %s = kf_alloc_small<%s>(q, %d, %du);" % (t, pa, t, n * ndim, self.r.getrandbits(32)))
        self.decls.append("%s* %s = kf_alloc_small<%s>(q, %d, %du);" % (t, pb, t, npts * ndim, self.r.getrandbits(32)))
        best = "rbest%d" % k
        at = "rat%d" % k
        self.decls.append("%s* %s = kf_alloc<%s>(q, %d, 0u);" % (t, best, t, n))
        self.decls.append("int* %s = kf_alloc<int>(q, %d, 0u);" % (at, n))
        if fl:
            self.dumps.append('kf_dump_f32("%s", %s, %d);' % (best, best, n))
            self.float_ulps[best] = 0.0
        else:
            self.dumps.append('kf_dump_u32("%s", %s, %d);' % (best, best, n))
        self.dumps.append('kf_dump_u32("%s", reinterpret_cast<const u32*>(%s), %d);' % (at, at, n))
        cg = ["cgh.parallel_for(sycl::nd_range<1>(sycl::range<1>(%d), sycl::range<1>(%d)), [=](sycl::nd_item<1> item) {" % (n, l),
              "  %s(item, %s, %s, %s, %s);" % (hn, pa, pb, best, at), "});"]
        self.used.add("usm")
        self.kernels.append(["{", "  q.submit([&](sycl::handler& cgh) {"] + ["    " + x for x in cg] + ["  }).wait();", "}"])
        self.nk += 1

    def triangle_kernel(self, r):
        """polybench correlation's shape, its parameters drawn from `r`: item j1 runs `j2` from its
        own column (or the next) to a bound the same for all items, with a loop over rows inside,
        writing its row of a matrix and perhaps the mirrored column (no two items write one
        element); small integers, in floats too, so every sum is exact."""
        self.used.add("triangle")
        self.used.add("usm")
        k = self.nk
        m, rows = r.choice([37, 64, 100, 129]), r.choice([3, 8, 17])
        first, last = r.choice(["", " + 1"]), r.choice(["<= %d" % m, "< %d" % (m + 1), "!= %d" % (m + 1)])
        i_t = r.choice(["std::size_t", "int", "u32"])
        t = r.choice(["float", "u32"])
        w = m + 1
        data, sym = "td%d" % k, "ts%d" % k
        self.decls.append("%s* %s = kf_alloc_small<%s>(q, %d, %du);" % (t, data, t, (rows + 1) * w, r.getrandbits(32)))
        self.decls.append("%s* %s = kf_alloc<%s>(q, %d, 0u);" % (t, sym, t, w * w))
        if t == "float":
            self.dumps.append('kf_dump_f32("%s", %s, %d);' % (sym, sym, w * w))
            self.float_ulps[sym] = 0.0
        else:
            self.dumps.append('kf_dump_u32("%s", %s, %d);' % (sym, sym, w * w))
        if last.startswith("!="):  # the loop's exit test is an equality: only from a start below the bound
            first = ""
        body = ["cgh.parallel_for(sycl::range<1>(%d), [=](sycl::id<1> gid) {" % m,
                "  const %s j1 = %s(gid[0]) + 1;" % (i_t, i_t),
                "  %s[j1 * %d + j1] = 1;" % (sym, w),
                "  for (%s j2 = j1%s; j2 %s; j2++) {" % (i_t, first, last),
                "    %s[j1 * %d + j2] = 0;" % (sym, w),
                "    for (%s i = 1; i <= %d; i++) %s[j1 * %d + j2] += %s[i * %d + j1] * %s[i * %d + j2];"
                % (i_t, rows, sym, w, data, w, data, w)]
        if r.random() < 0.5:
            body.append("    if (j2 != j1) %s[j2 * %d + j1] = %s[j1 * %d + j2];" % (sym, w, sym, w))
        body += ["  }", "});"]
        self.kernels.append(["{", "  q.submit([&](sycl::handler& cgh) {"] + ["    " + x for x in body] + ["  }).wait();", "}"])
        self.nk += 1

    def program(self):
        self.sizes = {"in_u": NIN, "perm": NIN, "in_f": NIN}
        nk = self.r.randint(2, 5)
        for _ in range(nk):
            kind = self.pick([("range", 3), ("nd", 5), ("reduction", 1.5), ("atomic", 1), ("scoped", 1), ("hier", 1),
                              ("restrict", 0.4)])
            getattr(self, {"range": "range_kernel", "nd": "nd_kernel", "reduction": "reduction_kernel",
                           "atomic": "atomic_kernel", "scoped": "scoped_kernel", "hier": "hier_kernel",
                           "restrict": "restrict_kernel"}[kind])()
        # A quarter of the programs end with a triangle, drawn apart so the rest stays the seed's.
        apart = random.Random(self.seed * 7919 + 17)
        if apart.random() < 0.25:
            self.triangle_kernel(apart)
        return self.render()

    def render(self):
        L = []
        L.append("// kernel-fuzz program, seed %d (tools/kernel-fuzz/kfgen.py): results fully specified." % self.seed)
        L.append("// kernel-fuzz: sub-group-size %d" % self.sg_size)
        if self.cuda:
            L.append("// kernel-fuzz: target cuda")
        for name, err in sorted(self.float_ulps.items()):
            L.append("// kernel-fuzz: float-ulp %s %.1f" % (name, err))
        L.append("// kernel-fuzz: constructs %s" % " ".join(sorted(self.used)))
        L += HARNESS
        L.append("static volatile u32 kf_rt[8] = {%s};" % ", ".join("%du" % x for x in self.rt))
        L.append("")
        for h in self.helpers:
            L += h + [""]
        L.append("int main() {")
        L.append("  sycl::queue q = kf_queue();" if self.cuda else "  sycl::queue q;")
        for j in range(8):
            L.append("  const u32 r%d = kf_rt[%d];" % (j, j))
        L.append("  u32* in_u = kf_alloc<u32>(q, %d, %du);" % (NIN, self.r.getrandbits(32)))
        L.append("  u32* perm = kf_alloc<u32>(q, %d, 0u);" % NIN)
        L.append("  kf_permutation(perm, %d, %du);" % (NIN, self.r.getrandbits(32)))
        L.append("  float* in_f = kf_alloc<float>(q, %d, %du);" % (NIN, self.r.getrandbits(32)))
        for d in self.decls:
            L.append("  " + d)
        for blk in self.kernels:
            L += ["  " + x for x in blk]
        L.append("  q.wait();")
        for d in self.dumps:
            L.append("  " + d)
        L.append("  (void)r0; (void)r1; (void)r2; (void)r3; (void)r4; (void)r5; (void)r6; (void)r7;")
        L.append("  return 0;")
        L.append("}")
        return "\n".join(L) + "\n"


HARNESS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "kf_harness.hpp")
with open(HARNESS_FILE) as _f:
    HARNESS = [line for line in _f.read().split("\n") if line != "#pragma once"]


def generate(seed, cuda=False):
    """The program text of `seed` (deterministic). cuda: the program for an NVIDIA GPU, where
    sub-groups have 32 items (every sub-group size it names is 32) and the queue is the GPU's."""
    return Gen(seed, cuda).program()


def header(text):
    """The generator's statements about a program: sub-group size, float bounds, constructs;
    and a reproducer's configurations to leave out (`skip-config NAME why`: one whose
    compiler gets the program wrong in a way Weft cannot change)."""
    info = {"sub_group_size": 16, "float_ulp": {}, "constructs": [], "skip_configs": set()}
    for line in text.splitlines():
        if not line.startswith("// kernel-fuzz: "):
            if line.startswith("#"):
                break
            continue
        words = line[len("// kernel-fuzz: "):].split()
        if words[0] == "sub-group-size":
            info["sub_group_size"] = int(words[1])
        elif words[0] == "float-ulp":
            info["float_ulp"][words[1]] = float(words[2])
        elif words[0] == "constructs":
            info["constructs"] = words[1:]
        elif words[0] == "skip-config":
            info["skip_configs"].add(words[1])
    return info


def batch(texts):
    """One translation unit running several programs (a list of (seed, text)): the harness
    once, each program's code in namespace kf_s<seed> with its main renamed run, and a main
    that runs the programs whose seeds its arguments name (all without arguments), each
    after a line `kernel-fuzz-program SEED` on stdout. Saves a compile's fixed cost (the
    header, the link, the process) per program; the programs' kernels are the same."""
    L = ["// kernel-fuzz batch of seeds %s (tools/kernel-fuzz/kfgen.py batch())" % " ".join(str(s) for s, _ in texts)]
    L += HARNESS
    L.append("#include <cstring>")
    for seed, text in texts:
        lines = text.split("\n")
        start = next(i for i, line in enumerate(lines) if line.startswith("static volatile u32 kf_rt["))
        L.append("namespace kf_s%d {" % seed)
        L += ["int run() {" if line == "int main() {" else line for line in lines[start:]]
        L.append("}  // namespace kf_s%d" % seed)
    L.append("int main(int argc, char** argv) {")
    L.append("  auto wanted = [&](const char* seed) {")
    L.append("    if (argc < 2) return true;")
    L.append("    for (int i = 1; i < argc; ++i)")
    L.append("      if (!std::strcmp(argv[i], seed)) return true;")
    L.append("    return false;")
    L.append("  };")
    for seed, _ in texts:
        L.append('  if (wanted("%d")) {' % seed)
        L.append('    std::printf("%s %d\\n");' % (BATCH_MARK, seed))
        L.append("    std::fflush(stdout);")
        L.append("    kf_s%d::run();" % seed)
        L.append("    std::fflush(stdout);")
        L.append("  }")
    L.append("  return 0;")
    L.append("}")
    return "\n".join(L) + "\n"


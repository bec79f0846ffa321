#!/usr/bin/env python3
"""Tests of the kernel-fuzz generator (tools/kernel-fuzz/kfgen.py): the same seed gives the
same program in every Python process, every construct of kfgen.CONSTRUCTS is reached, and
each program states what the driver needs (a sub-group size, a float bound per float output)."""
import os
import re
import subprocess
import sys
import unittest

TOOLS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "kernel-fuzz")
sys.path.insert(0, TOOLS)
import kfcompare  # noqa: E402
import kfgen  # noqa: E402
import reduce as kfreduce  # noqa: E402

SEEDS = range(0, 400)


class Generator(unittest.TestCase):
    def test_same_seed_same_program_in_any_process(self):
        for seed in (0, 7, 12345):
            texts = set()
            for hashseed in ("1", "2"):
                env = dict(os.environ, PYTHONHASHSEED=hashseed)
                texts.add(subprocess.run([sys.executable, os.path.join(TOOLS, "generate"), str(seed)], env=env,
                                         capture_output=True, text=True, check=True).stdout)
            self.assertEqual(len(texts), 1, "seed %d" % seed)
            self.assertEqual(texts.pop(), kfgen.generate(seed))

    def test_different_seeds_differ(self):
        self.assertNotEqual(kfgen.generate(1), kfgen.generate(2))

    def test_every_construct_is_reached(self):
        seen = {}
        for s in SEEDS:
            for c in kfgen.header(kfgen.generate(s))["constructs"]:
                seen[c] = seen.get(c, 0) + 1
        missing = [c for c in kfgen.CONSTRUCTS if c not in seen]
        self.assertEqual(missing, [], "constructs no program of seeds 0..%d uses" % (len(SEEDS) - 1))
        unknown = [c for c in seen if c not in kfgen.CONSTRUCTS]
        self.assertEqual(unknown, [], "constructs missing from kfgen.CONSTRUCTS")

    def test_programs_state_sub_group_size_and_float_bounds(self):
        for s in range(0, 60):
            text = kfgen.generate(s)
            info = kfgen.header(text)
            self.assertIn(info["sub_group_size"], (4, 8, 16, 32, 64))
            floats = re.findall(r'kf_dump_f32\("(\w+)"', text)
            for name in floats:
                self.assertIn(name, info["float_ulp"], "seed %d: %s has no float-ulp bound" % (s, name))
                self.assertGreaterEqual(info["float_ulp"][name], 0.0)

    def test_integer_shifts_are_masked_and_divisors_odd(self):
        def group(text, i):  # the balanced parenthesised group starting at text[i] == "("
            d = 0
            for j in range(i, len(text)):
                d += {"(": 1, ")": -1}.get(text[j], 0)
                if d == 0:
                    return text[i:j + 1]
            self.fail("unbalanced: " + text)
        g = kfgen.Gen(5)
        g.sizes = {"in_u": kfgen.NIN, "perm": kfgen.NIN, "in_f": kfgen.NIN}
        b = kfgen.Body(g, g.item_ctx(["i0", "lin"], "o0", 64, False))
        checked = 0
        for _ in range(3000):
            e = g.uexpr(b, 3)
            for m in re.finditer(r" (<<|>>|/|%) \(", e):
                grp = group(e, m.end() - 1)
                want = "& 31u)" if m.group(1) in ("<<", ">>") else "| 1u)"
                self.assertTrue(grp.endswith(want), "%s in %s" % (grp, e))
                checked += 1
        self.assertGreater(checked, 100)

    def test_cuda_programs_use_32_item_sub_groups_and_the_gpu(self):
        for seed in range(0, 60):
            cpu, gpu = kfgen.generate(seed), kfgen.generate(seed, cuda=True)
            self.assertEqual(kfgen.header(gpu)["sub_group_size"], 32)
            self.assertIn("sycl::queue q = kf_queue();", gpu)
            self.assertEqual(set(re.findall(r"sub_group_size<(\d+)>", gpu)) - {"32"}, set(), "seed %d" % seed)
            # The same kernels otherwise: the sub-group sizes are drawn all the same.
            self.assertEqual(kfgen.header(cpu)["constructs"], kfgen.header(gpu)["constructs"])
            self.assertEqual(cpu.count("parallel_for"), gpu.count("parallel_for"))

    def test_batch_holds_each_program_once_and_splits_its_output(self):
        seeds = [3, 9, 27]
        text = kfgen.batch([(s, kfgen.generate(s)) for s in seeds])
        self.assertEqual(text.count("int main("), 1)
        for s in seeds:
            self.assertEqual(text.count("namespace kf_s%d {" % s), 1)
            self.assertEqual(text.count("kf_s%d::run();" % s), 1)
        out = "kernel-fuzz-program 3\no0 u32 1\nkernel-fuzz-program 9\nkernel-fuzz-program 27\no0 u32 2\no1 f32 0x1p+0\n"
        parts = kfcompare.split_batch_output(out)
        self.assertEqual(parts, {3: "o0 u32 1\n", 9: "", 27: "o0 u32 2\no1 f32 0x1p+0\n"})
        self.assertEqual(kfcompare.compare(kfcompare.parse_output(parts[27]),
                                           kfcompare.parse_output("o0 u32 2\no1 f32 0x1.000002p+0\n"), {"o1": 1.0}), [])
        self.assertEqual(kfcompare.compare(kfcompare.parse_output(parts[27]),
                                           kfcompare.parse_output("o0 u32 3\no1 f32 0x1p+0\n"), {}), ["o0"])

    def test_reducer_units_keep_barriers(self):
        lines = kfgen.generate(3).split("\n")
        for a, b in kfreduce.units(lines):
            if a == b:
                self.assertNotIn("// keep", lines[a])
            self.assertLessEqual(a, b)

    def test_no_reduction_reads_local_memory_nothing_wrote(self):
        # Whatever unit the reducer removes, each read of a kernel's local memory (lm) or
        # work-group array (sh) that stays still follows a write of it that stays: the writes
        # are `// keep` lines, and a block holding one goes only with the reads after it.
        # (Reading memory nothing wrote is undefined: the reduction of seed 60430 did that.)
        write = re.compile(r"\b(lm|sh)\[lid\] = |\bu32 sh\[\d+\] = \{\};")
        read = re.compile(r"\b(lm|sh)\[")
        checked = 0
        for seed in range(0, 200):
            lines = kfgen.generate(seed).split("\n")
            if not any(write.search(l) for l in lines):
                continue
            depth = []
            d = 0
            for l in lines:
                d += l.split("//")[0].count("{") - l.split("//")[0].count("}")
                depth.append(d)
            kernels = []  # (first, last) line of each q.submit block
            for i, l in enumerate(lines):
                if "q.submit(" in l:
                    j = i + 1
                    while depth[j] > depth[i - 1]:
                        j += 1
                    kernels.append((i, j))
            for a, b in kfreduce.units(lines):
                if not any(write.search(l) for l in lines[a:b + 1]):
                    continue
                for k0, k1 in kernels:
                    if not k0 <= a <= k1 or (a <= k0 and k1 <= b):
                        continue
                    kept = [i for i in range(k0, k1 + 1) if not a <= i <= b]
                    for i in kept:
                        code = lines[i].split("//")[0]
                        m = read.search(code.split(" = ", 1)[1] if write.search(code) else code)
                        if not m:
                            continue
                        name = m.group(1)
                        self.assertTrue(any(j < i and re.search(r"\b%s\[lid\] = |\bu32 %s\[\d+\] = \{\};" % (name, name),
                                                                lines[j]) for j in kept),
                                        "seed %d: removing lines %d-%d leaves line %d reading %s unwritten: %s"
                                        % (seed, a + 1, b + 1, i + 1, name, lines[i].strip()))
                        checked += 1
        self.assertGreater(checked, 0)

    def test_work_group_arrays_are_initialised(self):
        for seed in range(0, 200):
            for m in re.finditer(r"u32 sh\[\d+\][^;]*;", kfgen.generate(seed)):
                self.assertTrue(m.group(0).endswith("= {};"), "seed %d: %s" % (seed, m.group(0)))


if __name__ == "__main__":
    unittest.main()

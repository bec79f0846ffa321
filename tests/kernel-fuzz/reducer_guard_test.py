#!/usr/bin/env python3
"""The reducer's check against undefined behaviour (tools/kernel-fuzz/run: sanitized_check):
a reduction is kept only if g++ -fsanitize=address,undefined runs it cleanly and it prints
what the plain g++ build prints. A clean program passes; a read past an array, a shift by
more than the width, and a read of fresh heap memory nothing wrote are refused.
  reducer_guard_test.py --prefix <installed Weft>"""
import argparse
import os
import sys
import tempfile
import unittest

from kf_driver import kf_run

PREFIX = None


def program(kernel_body, setup=""):
    """A kernel-fuzz style program: one range kernel over 64 items writing o0."""
    return """// kernel-fuzz: sub-group-size 8
#include "kf_harness.hpp"  // tools/kernel-fuzz/

static volatile u32 kf_rt[8] = {1u, 0u, 1u, 0u, 33u, 4u, 6u, 0u};

int main() {
  sycl::queue q;
  u32* in_u = kf_alloc<u32>(q, 64, 7u);
  u32* o0 = kf_alloc<u32>(q, 64, 9u);
%s
  q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> it) {
    const u32 lin = u32(it[0]);
%s
  }).wait();
  kf_dump_u32("o0", o0, 64);
  return 0;
}
""" % (setup, kernel_body)


class SanitizedCheck(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        work = os.path.join(cls.dir.name, "work")
        os.makedirs(work)
        tc = kf_run.Toolchains(PREFIX, cls.dir.name, "", {"gcc"})
        cls.checker = kf_run.Checker(tc, work)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def check(self, text):
        return kf_run.program_sanitized_check(self.checker, text)

    def test_clean_program_passes(self):
        self.assertIsNone(self.check(program("    o0[lin] = in_u[(lin + 5u) % 64u] ^ (lin << (kf_rt[4] & 31u));")))

    def test_read_past_an_array_is_refused(self):
        why = self.check(program("    o0[lin] = in_u[lin + kf_rt[4] * 2u];"))
        self.assertIsNotNone(why)
        self.assertIn("sanitized run failed", why)

    def test_shift_by_the_width_or_more_is_refused(self):
        why = self.check(program("    o0[lin] = lin << kf_rt[4];"))  # 33: undefined
        self.assertIsNotNone(why)
        self.assertIn("sanitized run failed", why)

    def test_heap_memory_nothing_wrote_is_refused(self):
        why = self.check(program("    o0[lin] = fresh[lin];", "  u32* fresh = sycl::malloc_shared<u32>(64, q);"))
        self.assertIsNotNone(why)


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--prefix", required=True)
    a, rest = p.parse_known_args()
    PREFIX = a.prefix
    unittest.main(argv=[sys.argv[0]] + rest)

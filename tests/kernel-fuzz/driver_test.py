#!/usr/bin/env python3
"""The driver's handling of a compiler crash in the plugin build (tools/kernel-fuzz/run:
Toolchains.build): a crash of one of LLVM's own passes that happens only while remarks are on
is built again without remarks, and that build is the one checked, the crash named; a crash in
one of Weft's passes, or one that stays without remarks, is a failure."""
import unittest

from kf_driver import kf_run


def stack(*passes):
    return "Stack dump:\n" + "".join('%d.\tRunning pass "%s" on function "f"\n' % (i + 3, p)
                                     for i, p in enumerate(passes))


class FakeCompiler(kf_run.Toolchains):
    """Toolchains whose compiler answers from a table: (remarks on?) -> (status, stderr)."""

    def __init__(self, answers):  # no compilers looked for
        self.answers, self.calls = answers, []

    def _build(self, name, src, exe, remarks):
        self.calls.append(remarks)
        st, err = self.answers[remarks]
        return st, err, 1.0


class RemarksCrash(unittest.TestCase):
    def test_llvm_pass_crash_with_remarks_is_built_again_without(self):
        tc = FakeCompiler({True: ("crash", stack("function(slp-vectorizer)", "slp-vectorizer")), False: ("ok", "")})
        st, err, _ = tc.build("plugin", "p.cpp", "p", remarks=True)
        self.assertEqual(st, "ok")
        self.assertEqual(tc.calls, [True, False])
        self.assertTrue(err.startswith(kf_run.REMARKS_CRASH))
        self.assertIn("slp-vectorizer", err.splitlines()[0])

    def test_weft_pass_crash_is_a_failure(self):
        tc = FakeCompiler({True: ("crash", stack("weft::compiler::ItemLoopSelectPass")), False: ("ok", "")})
        st, _, _ = tc.build("plugin", "p.cpp", "p", remarks=True)
        self.assertEqual(st, "crash")
        self.assertEqual(tc.calls, [True])

    def test_crash_without_remarks_too_is_a_failure(self):
        crash = ("crash", stack("slp-vectorizer"))
        tc = FakeCompiler({True: crash, False: crash})
        st, err, _ = tc.build("plugin", "p.cpp", "p", remarks=True)
        self.assertEqual(st, "crash")
        self.assertIn("slp-vectorizer", kf_run.innermost_pass(err))

    def test_build_without_remarks_is_not_retried(self):
        tc = FakeCompiler({False: ("crash", stack("slp-vectorizer"))})
        st, _, _ = tc.build("plugin", "p.cpp", "p")
        self.assertEqual((st, tc.calls), ("crash", [False]))


if __name__ == "__main__":
    unittest.main()

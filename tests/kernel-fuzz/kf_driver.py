"""The driver tools/kernel-fuzz/run (a script, no .py) loaded as the module `kf_run` for the tests."""
import importlib.machinery
import importlib.util
import os
import sys

TOOLS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "kernel-fuzz")
sys.path.insert(0, TOOLS)
_loader = importlib.machinery.SourceFileLoader("kf_run", os.path.join(TOOLS, "run"))
kf_run = importlib.util.module_from_spec(importlib.util.spec_from_loader("kf_run", _loader))
_loader.exec_module(kf_run)

#!/usr/bin/env python3
# weft++'s flag handling (docs/toolchain.md): each accepted flag is passed on or
# understood, each refusal names the flag and what Weft offers instead. A stand-in
# compiler records the command weft++ runs; then one real program is compiled,
# linked and run with the compiler weft++ chooses.
#   weftxx_flags.py <weft++> <work dir> <getting_started/main.cpp> [--cuda] [--hip] [--flags-only]
# (--cuda, --hip: this Weft has that GPU target; the CUDA one then builds the program
# for the GPU too, which runs on the CPU where there is no GPU.)
import fnmatch
import json
import os
import re
import subprocess
import sys

WEFTXX, WORK, PROGRAM = sys.argv[1:4]
HAS_CUDA, HAS_HIP = "--cuda" in sys.argv[4:], "--hip" in sys.argv[4:]
FLAGS_ONLY = "--flags-only" in sys.argv[4:]  # no real build (the sanitizer presets)
os.makedirs(WORK, exist_ok=True)
LOG = os.path.join(WORK, "args.json")
failures = []

# The stand-in compiler: says it is clang 22 (fake-clang) or g++ 12 (fake-gxx) and
# writes its arguments to LOG.
FAKE = """#!/usr/bin/env python3
import json, sys
if "--version" in sys.argv:
    print(%r)
json.dump(sys.argv[1:], open(%r, "w"))
"""
compilers = {}
for name, version in (("fake-clang", "clang version 22.1.8"), ("fake-gxx", "g++ (Debian 12.2.0-14) 12.2.0")):
    path = os.path.join(WORK, name)
    with open(path, "w") as f:
        f.write(FAKE % (version, LOG))
    os.chmod(path, 0o755)
    compilers[name] = path
CLANG, GXX = compilers["fake-clang"], compilers["fake-gxx"]


def weftxx(*args, cxx=CLANG, env=None):
    if os.path.exists(LOG):
        os.remove(LOG)
    e = dict(os.environ)
    e.pop("WEFT_CXX", None)
    e.update(env or {})
    first = ["--weft-cxx=" + cxx] if cxx else []
    r = subprocess.run([WEFTXX] + first + list(args), capture_output=True, text=True, env=e, cwd=WORK)
    ran = json.load(open(LOG)) if os.path.exists(LOG) else None
    return r.returncode, ran, r.stdout + r.stderr


def check(what, ok, detail=""):
    if not ok:
        failures.append("%s%s" % (what, ("\n    " + detail) if detail else ""))


def accepted(what, args, present=(), absent=(), cxx=CLANG, env=None):
    """weft++ runs the compiler with every flag of `present` and none of `absent`."""
    rc, ran, out = weftxx(*args, cxx=cxx, env=env)
    if rc != 0 or ran is None:
        check(what, False, "exit %d, ran %s: %s" % (rc, ran, out.strip()))
        return None
    for p in present:
        check("%s: passes %s" % (what, p), any(fnmatch.fnmatchcase(a, p) for a in ran), " ".join(ran))
    for p in absent:
        check("%s: does not pass %s" % (what, p), not any(fnmatch.fnmatchcase(a, p) for a in ran), " ".join(ran))
    return ran


def refused(what, args, *words, cxx=CLANG):
    """weft++ stops with exit 2 before running a compiler, naming the flag and each of `words`."""
    rc, ran, out = weftxx(*args, cxx=cxx)
    check("%s: refused (exit 2)" % what, rc == 2 and ran is None, "exit %d: %s" % (rc, out.strip()))
    for w in words:
        check("%s: the message says '%s'" % (what, w), w in out, out.strip())


SYCL_FLAGS = ("-fsycl*", "-Xsycl*", "--acpp*", "-Xs*", "--gcc-toolchain*")
PLUGIN = ("-fpass-plugin=*", "-fveclib=libmvec", "-DWEFT_SIMD_ITEMS=2", "-DWEFT_PASS_PLUGIN_ID=*")
LINK = ("*libweft.so", "-Wl,-rpath,*", "-pthread")

# Compiling: Weft's headers, SYCL_LANGUAGE_VERSION, -fno-math-errno; with clang 22 the
# plugin (where this build has it); -O2 when no -O is given (DPC++'s device default).
plugin_built = "-fpass-plugin" in " ".join(weftxx("-c", "a.cpp", cxx=CLANG)[1] or [])
ran = accepted("compile with clang 22", ["-fsycl", "-c", "a.cpp", "-o", "a.o"],
               present=("-isystem", "-DSYCL_LANGUAGE_VERSION=202012L", "-fno-math-errno", "-O2", "-c", "a.cpp", "-o")
               + (PLUGIN if plugin_built else ()), absent=SYCL_FLAGS + ("-Wl,-rpath,*",))
accepted("compile with g++", ["-fsycl", "-c", "a.cpp"], cxx=GXX, present=("-fno-math-errno", "-O2"),
         absent=PLUGIN + SYCL_FLAGS)
accepted("an -O level given", ["-fsycl", "-O3", "-c", "a.cpp"], present=("-O3",), absent=("-O2",))
accepted("-O0 given", ["-fsycl", "-O0", "-g", "-c", "a.cpp"], present=("-O0", "-g"), absent=("-O2",))
ran = accepted("dependency files (Make, Ninja)", ["-fsycl", "-MMD", "-MP", "-MF", "a.d", "-MT", "a.o", "-MQ", "q",
                                                  "-MD", "-c", "a.cpp", "-o", "a.o"])
if ran:
    check("dependency flags keep their values in order",
          " ".join(ran).find("-MMD -MP -MF a.d -MT a.o -MQ q -MD -c a.cpp -o a.o") >= 0, " ".join(ran))
accepted("ordinary flags", ["-fsycl", "-std=c++20", "-I", "inc", "-Iinc2", "-DX=1", "-UY", "-g", "-Wall", "-march=native",
                            "-fPIC", "-include", "h.hpp", "-c", "a.cpp"],
         present=("-std=c++20", "-I", "inc", "-Iinc2", "-DX=1", "-UY", "-g", "-Wall", "-march=native", "-fPIC",
                  "-include", "h.hpp"))
# Linking: objects in, no sources: libweft, oneTBB, Boost.Context, rpath; no compile flags.
accepted("link only", ["-fsycl", "a.o", "b.o", "-o", "app", "-L/opt/lib", "-lfoo", "-Wl,--as-needed"],
         present=("a.o", "b.o", "-L/opt/lib", "-lfoo", "-Wl,--as-needed", "*libtbb*", "*libboost_context*") + LINK,
         absent=("-O2", "-isystem") + PLUGIN)
accepted("shared library", ["-fsycl", "-shared", "-fPIC", "a.o", "-o", "libx.so"], present=("-shared", "-fPIC") + LINK)
accepted("compile and link", ["-fsycl", "a.cpp", "-o", "app"], present=("-isystem", "-O2") + LINK)
accepted("-E", ["-fsycl", "-E", "a.cpp"], present=("-E", "-isystem"), absent=LINK)
accepted("-S", ["-fsycl", "-S", "a.cpp"], present=("-S",), absent=LINK)
accepted("-fsyntax-only", ["-fsycl", "-fsyntax-only", "a.cpp"], present=("-fsyntax-only",), absent=LINK)
with open(os.path.join(WORK, "flags.rsp"), "w") as f:
    f.write('-fsycl -fsycl-targets=spir64_x86_64 "-DNAME=a b" -c a.cpp\n')
accepted("@file response files", ["@flags.rsp", "-o", "a.o"], present=("-DNAME=a b", "-c", "a.cpp"), absent=SYCL_FLAGS)
# SYCL flags: understood, not passed on.
for t in ("spir64", "spir64_x86_64", "native_cpu", "spir64-unknown-unknown", "spir64_x86_64,spir64"):
    accepted("-fsycl-targets=" + t, ["-fsycl", "-fsycl-targets=" + t, "-c", "a.cpp"], absent=SYCL_FLAGS)
accepted("-Xsycl-target-backend", ["-fsycl", "-Xsycl-target-backend", "--cuda-gpu-arch=sm_80", "-c", "a.cpp"],
         absent=SYCL_FLAGS + ("--cuda-gpu-arch=sm_80",))
accepted("-Xsycl-target-backend=<triple>", ["-fsycl", "-fsycl-targets=spir64_x86_64",
                                            "-Xsycl-target-backend=spir64_x86_64", "-march=avx512", "-c", "a.cpp"],
         absent=SYCL_FLAGS + ("-march=avx512",))
accepted("-Xs", ["-fsycl", "-Xs", "-device pvc", "-c", "a.cpp"], absent=SYCL_FLAGS + ("-device pvc",))
accepted("-Xsycl-target-frontend", ["-fsycl", "-Xsycl-target-frontend", "-DDEVICE=1", "-c", "a.cpp"],
         present=("-DDEVICE=1",), absent=SYCL_FLAGS)
accepted("-Xsycl-target-linker", ["-fsycl", "-Xsycl-target-linker=spir64", "-opt", "a.o"], absent=SYCL_FLAGS + ("-opt",))
for f in ("-fsycl-device-code-split", "-fsycl-device-code-split=per_kernel", "-fsycl-unnamed-lambda",
          "-fno-sycl-unnamed-lambda", "-fsycl-id-queries-fit-in-int", "-sycl-std=2020", "--gcc-toolchain="):
    accepted(f, ["-fsycl", f, "-c", "a.cpp"], absent=SYCL_FLAGS)
accepted("--gcc-toolchain=<dir> with clang", ["-fsycl", "--gcc-toolchain=/opt/gcc", "-c", "a.cpp"],
         present=("--gcc-toolchain=/opt/gcc",))
accepted("--gcc-toolchain=<dir> with g++", ["-fsycl", "--gcc-toolchain=/opt/gcc", "-c", "a.cpp"], cxx=GXX,
         absent=("--gcc-toolchain=*",))
for t in ("omp", "omp.accelerated", "omp.library-only", "generic", "omp;generic"):
    accepted("--acpp-targets=" + t, ["--acpp-targets=" + t, "-c", "a.cpp"], absent=SYCL_FLAGS)
accepted("-fiopenmp", ["-fsycl", "-fiopenmp", "-c", "a.cpp"], present=("-fopenmp",), absent=("-fiopenmp",))
# Refusals: the flag and what Weft offers instead.
refused("-qmkl", ["-fsycl", "-qmkl", "a.cpp"], "'-qmkl'", "no oneMKL", "BLAS")
refused("-qmkl=parallel", ["-fsycl", "-qmkl=parallel", "a.cpp"], "'-qmkl=parallel'", "no oneMKL")
refused("an FPGA target", ["-fsycl", "-fsycl-targets=spir64_fpga", "a.cpp"], "'-fsycl-targets=spir64_fpga'", "no FPGA",
        "spir64_x86_64")
refused("-fintelfpga", ["-fsycl", "-fintelfpga", "a.cpp"], "'-fintelfpga'", "no FPGA")
refused("-Xshardware", ["-fsycl", "-Xshardware", "a.cpp"], "'-Xshardware'", "no FPGA")
refused("an Intel GPU target", ["-fsycl", "-fsycl-targets=intel_gpu_pvc", "a.cpp"], "'-fsycl-targets=intel_gpu_pvc'",
        "no Intel GPU", "spir64")
refused("an unknown target", ["-fsycl", "-fsycl-targets=riscv64", "a.cpp"], "'-fsycl-targets=riscv64'",
        "unknown SYCL target", "spir64_x86_64")
refused("-fsycl-device-only", ["-fsycl", "-fsycl-device-only", "a.cpp"], "'-fsycl-device-only'",
        "no separate device code")
refused("-sycl-std=1.2", ["-fsycl", "-sycl-std=1.2", "a.cpp"], "'-sycl-std=1.2'", "SYCL 2020")
refused("an AdaptiveCpp flow Weft lacks", ["--acpp-targets=spirv", "a.cpp"], "'--acpp-targets=spirv'", "omp")
refused("an unknown AdaptiveCpp option", ["--acpp-platform=rocm", "a.cpp"], "'--acpp-platform=rocm'",
        "--acpp-targets")
refused("-Xsycl-target-backend without a value", ["-fsycl", "a.cpp", "-Xsycl-target-backend"],
        "'-Xsycl-target-backend'", "needs a value")
# The GPU targets where this Weft lacks them.
if not HAS_CUDA:
    refused("the CUDA target", ["-fsycl", "-fsycl-targets=nvptx64-nvidia-cuda", "-Xsycl-target-backend",
                                "--cuda-gpu-arch=sm_90", "a.cpp"], "'-fsycl-targets=nvptx64-nvidia-cuda'",
            "without its CUDA target", "WEFT_ENABLE_CUDA")
    refused("the CUDA target (AdaptiveCpp)", ["--acpp-targets=cuda:sm_80", "a.cpp"], "'--acpp-targets=cuda:sm_80'",
            "without its CUDA target")
if not HAS_HIP:
    refused("the HIP target", ["-fsycl", "-fsycl-targets=amdgcn-amd-amdhsa", "a.cpp"],
            "'-fsycl-targets=amdgcn-amd-amdhsa'", "without its HIP target")
# The compiler: --weft-cxx= over WEFT_CXX over the default; --weft-verbose says which and why.
rc, ran, out = weftxx("--weft-verbose", "-c", "a.cpp", cxx=None, env={"WEFT_CXX": GXX})
check("WEFT_CXX picks the compiler", rc == 0 and "WEFT_CXX names it" in out and "running: " + GXX in out, out)
rc, ran, out = weftxx("--weft-verbose", "-c", "a.cpp", cxx=CLANG, env={"WEFT_CXX": GXX})
check("--weft-cxx= wins over WEFT_CXX", rc == 0 and "--weft-cxx= names it" in out and "running: " + CLANG in out, out)
rc, ran, out = weftxx("--weft-verbose", "-fsycl", "-fsycl-targets=spir64", "-c", "a.cpp")
check("--weft-verbose names what it understood", "the CPU target" in out and "-fsycl:" in out, out)
rc, ran, out = weftxx("--version")
check("--version", rc == 0 and "weft++ (Weft " in out and "clang version 22" in out, out)
rc, ran, out = weftxx("-v", "-c", "a.cpp")
check("-v", rc == 0 and "weft++ (Weft " in out and ran and "-v" in ran, out)

# The real thing: the default compiler compiles, links and runs the getting-started program.
rc, out = 0, ""
if not FLAGS_ONLY:
    rc, _, out = weftxx("--weft-verbose", "-fsycl", PROGRAM, "-o", "getting_started", cxx=None)
    check("weft++ builds examples/getting_started", rc == 0, out)
if rc == 0 and not FLAGS_ONLY:
    r = subprocess.run([os.path.join(WORK, "getting_started")], capture_output=True, text=True,
                       env=dict(os.environ, WEFT_PROFILE="1"))
    check("the program runs", r.returncode == 0 and "correct" in r.stdout, r.stdout + r.stderr)
    if "clang 22 and Weft's pass plugin are installed" in out:
        check("with the plugin its kernel runs across vector lanes", re.search(r"vector lanes", r.stderr) is not None,
              r.stderr)

# The CUDA target: clang in CUDA mode compiles for the architecture named, the link adds
# the CUDA backend and runtime; without a GPU the program runs on the CPU.
if HAS_CUDA:
    rc, _, out = weftxx("--weft-verbose", "-fsycl", "-fsycl-targets=nvptx64-nvidia-cuda", "-Xsycl-target-backend",
                        "--cuda-gpu-arch=sm_80", "-c", PROGRAM, "-o", "cuda.o", cxx=None)
    check("a CUDA compile", rc == 0 and re.search(r"running: \S+ -x cuda .*--cuda-gpu-arch=sm_80", out) is not None, out)
    rc, _, out = weftxx("--weft-verbose", "-fsycl", "-fsycl-targets=nvptx64-nvidia-cuda", "cuda.o", "-o", "cuda_app",
                        cxx=None)
    check("a CUDA link", rc == 0 and "libweft_cuda.a" in out and "libcudart_static.a" in out, out)
    if rc == 0:
        r = subprocess.run([os.path.join(WORK, "cuda_app")], capture_output=True, text=True)
        check("the CUDA build runs", r.returncode == 0 and "correct" in r.stdout, r.stdout + r.stderr)

if failures:
    print("weft++ flag test: %d failure(s):\n  " % len(failures) + "\n  ".join(failures))
    sys.exit(1)
print("weft++ flag test: all checks passed")

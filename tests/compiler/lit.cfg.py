# lit configuration of the pass plugin's tests (tests/compiler/): IR in, IR out,
# checked with FileCheck, as LLVM tests its own passes. CTest runs them (label
# compiler); by hand: lit -v build/release/tests/compiler
import lit.formats

config.name = "weft-plugin"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".cpp"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt", "plugin_kernels_test.cpp", "plugin_crashes_test.cpp",
                   "kernel_attributes_test.cpp"]
config.test_source_root = config.weft_source_dir + "/tests/compiler"
config.test_exec_root = config.weft_binary_dir + "/tests/compiler"
config.substitutions.append(("%opt", config.llvm_bin_dir + "/opt -load-pass-plugin=" + config.weft_plugin))
config.substitutions.append(("%FileCheck", config.llvm_bin_dir + "/FileCheck"))
config.substitutions.append(("%llc", config.llvm_bin_dir + "/llc"))
config.substitutions.append(("%clangxx", config.llvm_bin_dir + "/clang++ -fpass-plugin=" + config.weft_plugin +
                             " " + config.weft_cxx_flags))
# The front-end plugin (SYCL kernel attributes), where it was built.
if config.weft_attributes_plugin:
    config.available_features.add("weft-attributes")
    config.substitutions.append(("%weft_attributes", config.weft_attributes_plugin))

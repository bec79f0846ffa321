#pragma once
// Shared by the exit-handler programs: each registers an exit handler before its
// first use of Weft, uses Weft in main, and uses it again from the handler. The
// handler writes "ok" to the result file (argv[1]) only after every check passed;
// CTest requires that line and a zero exit status (nothing crashed later either).
#include <cstdio>
#include <cstdlib>
#include <string>

namespace exit_check {
inline std::string& result_path() {
  static auto* path = new std::string;  // read by the exit handler: never destroyed
  return *path;
}
inline void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "exit handler: %s failed\n", what);
  std::_Exit(1);
}
inline void pass() {
  std::FILE* f = std::fopen(result_path().c_str(), "w");
  require(f != nullptr, "opening the result file");
  std::fputs("ok\n", f);
  std::fclose(f);
}
// Reads the result file's name and registers `handler` with std::atexit; call it
// first in main, before anything uses Weft.
inline void start(int argc, char** argv, void (*handler)()) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <result-file>\n", argv[0]);
    std::_Exit(2);
  }
  result_path() = argv[1];
  std::atexit(handler);
}
}  // namespace exit_check

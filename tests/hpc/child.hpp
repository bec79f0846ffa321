#pragma once
// Runs a test body in a forked child process, so each body meets Weft (and
// oneTBB) fresh: environment variables and affinity masks it sets apply before
// Weft's first use, and nothing it starts leaks into the next body. The parent
// must never start Weft or oneTBB itself (fork copies only the calling thread).
#include <dirent.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <exception>
#include <functional>
#include <initializer_list>
#include <set>
#include <string>
#include <utility>
#include <sycl/sycl.hpp>
#include <vector>

namespace hpc_test {

struct child_result {
  bool exited = false;  // exited normally (not killed, not timed out)
  int code = -1;        // exit code: 0 = body returned, 1 = body threw
  std::string out;      // what the body returned (or the exception's text)
};

// The threads of this process, counted from /proc/self/task.
inline int thread_count() {
  int n = 0;
  if (DIR* d = opendir("/proc/self/task")) {
    while (dirent* e = readdir(d))
      if (e->d_name[0] != '.') ++n;
    closedir(d);
  }
  return n;
}

inline child_result in_child(const std::function<std::string()>& body, int timeout_s = 120) {
  int fds[2];
  if (pipe(fds) != 0) return {};
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    std::string out;
    int code = 0;
    try {
      out = body();
    } catch (const sycl::exception& e) {
      out = std::string("sycl::exception errc=") + std::to_string(e.code().value()) + ": " + e.what();
      code = 1;
    } catch (const std::exception& e) {
      out = std::string("exception: ") + e.what();
      code = 1;
    }
    for (std::size_t done = 0; done < out.size();) {
      ssize_t w = write(fds[1], out.data() + done, out.size() - done);
      if (w <= 0) break;
      done += static_cast<std::size_t>(w);
    }
    close(fds[1]);
    _exit(code);  // no static destructors: the child's Weft may still hold idle workers
  }
  close(fds[1]);
  child_result r;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  char buf[4096];
  for (;;) {
    auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) {
      kill(pid, SIGKILL);
      r.out += "[timed out]";
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(left)) <= 0) continue;
    ssize_t n = read(fds[0], buf, sizeof buf);
    if (n <= 0) break;
    r.out.append(buf, static_cast<std::size_t>(n));
  }
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  r.exited = WIFEXITED(status);
  r.code = r.exited ? WEXITSTATUS(status) : -1;
  return r;
}

// Starts a child's environment afresh: none of the variables Weft reads is set.
inline void clear_env() {
  for (const char* v : {"WEFT_NUM_THREADS", "WEFT_PIN_WORKERS", "WEFT_PARTITION", "WEFT_VERBOSE", "WEFT_CPU_DEVICES"})
    unsetenv(v);
}

// clear_env(), then sets `vars` (name, value): the child's Weft sees only these.
inline void weft_env(std::initializer_list<std::pair<const char*, const char*>> vars) {
  clear_env();
  for (const auto& [name, value] : vars) setenv(name, value, 1);
}

// The calling thread's affinity mask.
inline std::set<int> thread_affinity() {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::set<int> out;
  if (pthread_getaffinity_np(pthread_self(), sizeof set, &set) == 0)
    for (int c = 0; c < CPU_SETSIZE; ++c)
      if (CPU_ISSET(c, &set)) out.insert(c);
  return out;
}

// Restricts the whole (single-threaded) process to `cpus`, like taskset.
inline void restrict_to(const std::set<int>& cpus) {
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int c : cpus) CPU_SET(c, &set);
  if (sched_setaffinity(0, sizeof set, &set) != 0) throw std::runtime_error("sched_setaffinity failed");
}

inline std::string join(const std::set<int>& s) {
  std::string out;
  for (int c : s) out += (out.empty() ? "" : ",") + std::to_string(c);
  return out;
}

}  // namespace hpc_test

// The child's body returned (exit code 0, fatal to the test if not) the text `expected`.
#define EXPECT_CHILD_OUTPUT(result, expected)    \
  do {                                           \
    ASSERT_EQ((result).code, 0) << (result).out; \
    EXPECT_EQ((result).out, expected);           \
  } while (0)

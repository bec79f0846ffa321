#pragma once
// Waiting on the host for something another thread (a kernel on the CPU, a host
// task) sets.
#include <atomic>
#include <chrono>
#include <thread>

namespace weft_test {

// Spins (with a deadline) until `flag` is set; returns whether it was.
inline bool wait_for_flag(const std::atomic<bool>& flag, std::chrono::milliseconds limit = std::chrono::seconds(20)) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (!flag.load()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
  return true;
}

}  // namespace weft_test

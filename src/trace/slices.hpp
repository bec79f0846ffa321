#pragma once
// A snapshot's records sorted out for the writer and the profile: each command's
// submission and run, the chunks, waits and dependencies, and what each thread did.
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>
#include "recorder.hpp"

namespace weft::trace {

struct placed {
  int thread = 0;
  const record* r = nullptr;
};

struct role {
  bool submits = false;
  bool runs = false;  // runs commands or chunks
};

class trace_index {
 public:
  explicit trace_index(const snapshot& s);

  std::vector<placed> submits, chunks, waits;
  std::map<std::uint64_t, placed> runs;                               // by command, in submission order
  std::vector<std::pair<std::uint64_t, std::uint64_t>> dependencies;  // (command, the command it waits for)
  std::unordered_map<std::uint64_t, const char*> item_loops;          // command -> the plugin's verdict
  std::vector<role> roles;                                            // by thread index
  int device_track = -1;  // the track of commands that ran on a device (a GPU), if any: after the threads
  // Per thread that ran anything: when it was inside a chunk, or a command without chunks (merged, in order).
  std::vector<std::vector<std::pair<std::uint64_t, std::uint64_t>>> busy_by_thread;

  const placed* submit_of(std::uint64_t command) const;
  const placed* run_of(std::uint64_t command) const;
  // The kernel's name, else what the command is ("host task", "copy", ...).
  const std::string& command_name(std::uint64_t command) const;
  // "kernel", "host task", ... (the submission's label without its article).
  std::string kind_of(std::uint64_t command) const;
  // "queue 1", "queue 2", ... in the order of their first submission.
  std::string queue_name(const void* queue) const;

 private:
  std::unordered_map<std::uint64_t, std::size_t> m_submit;  // command -> index in submits
  std::unordered_map<const void*, int> m_queues;
  mutable std::unordered_map<std::uint64_t, std::string> m_names;
};

}  // namespace weft::trace

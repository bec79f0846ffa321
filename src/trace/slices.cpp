// Sorting a snapshot's records out (slices.hpp).
#include "slices.hpp"

#include <algorithm>

namespace weft::trace {
namespace {
const char* without_article(const char* label) {
  if (!label) return "command";
  if (label[0] == 'a' && label[1] == ' ') return label + 2;
  if (label[0] == 'a' && label[1] == 'n' && label[2] == ' ') return label + 3;
  return label;
}
}  // namespace

trace_index::trace_index(const snapshot& s) : roles(s.threads.size()) {
  std::vector<std::vector<std::pair<std::uint64_t, std::uint64_t>>> intervals(s.threads.size());
  for (const auto& [thread, r] : s.records) {
    const placed p{thread, &r};
    role& who = roles[static_cast<std::size_t>(thread)];
    switch (r.what) {
      case kind::submit:
        who.submits = true;
        m_submit[r.command] = submits.size();
        submits.push_back(p);
        if (!m_queues.count(r.queue)) m_queues.emplace(r.queue, static_cast<int>(m_queues.size()) + 1);
        break;
      case kind::dependency: dependencies.emplace_back(r.command, r.other); break;
      case kind::run:
        if (r.label == device_run) {  // the device's times: a track of its own, beside the threads
          device_track = static_cast<int>(s.threads.size());
          runs[r.command] = placed{device_track, &r};
          break;
        }
        who.runs = true;
        runs[r.command] = p;
        break;
      case kind::chunk:
        who.runs = true;
        chunks.push_back(p);
        intervals[static_cast<std::size_t>(thread)].emplace_back(r.begin_ns, r.end_ns);
        break;
      case kind::wait: waits.push_back(p); break;
      case kind::item_loops: item_loops[r.command] = r.label; break;
    }
  }
  // A thread is busy inside a chunk, or inside a command that ran no chunks (a host
  // task, a copy): a worker waiting inside a kernel for the other workers' chunks is idle.
  std::unordered_map<std::uint64_t, bool> chunked;
  for (const placed& c : chunks) chunked[c.r->command] = true;
  for (const auto& [command, run] : runs)
    if (run.thread != device_track && !chunked.count(command))
      intervals[static_cast<std::size_t>(run.thread)].emplace_back(run.r->begin_ns, run.r->end_ns);
  constexpr std::uint64_t claim_gap_ns = 1000;  // between a worker's chunks: claiming the next one, not idleness
  for (auto& in : intervals) {
    if (in.empty()) continue;
    std::sort(in.begin(), in.end());
    std::vector<std::pair<std::uint64_t, std::uint64_t>> merged{in.front()};
    for (const auto& i : in) {
      if (i.first <= merged.back().second + claim_gap_ns)
        merged.back().second = std::max(merged.back().second, i.second);
      else merged.push_back(i);
    }
    busy_by_thread.push_back(std::move(merged));
  }
}

const placed* trace_index::submit_of(std::uint64_t command) const {
  auto it = m_submit.find(command);
  return it == m_submit.end() ? nullptr : &submits[it->second];
}

const placed* trace_index::run_of(std::uint64_t command) const {
  auto it = runs.find(command);
  return it == runs.end() ? nullptr : &it->second;
}

const std::string& trace_index::command_name(std::uint64_t command) const {
  auto it = m_names.find(command);
  if (it != m_names.end()) return it->second;
  const placed* sub = submit_of(command);
  std::string name = !sub             ? "command " + std::to_string(command)
                     : sub->r->kernel ? kernel_name(sub->r->kernel)
                                      : std::string(without_article(sub->r->label));
  return m_names.emplace(command, std::move(name)).first->second;
}

std::string trace_index::kind_of(std::uint64_t command) const {
  const placed* sub = submit_of(command);
  return sub ? without_article(sub->r->label) : "command";
}

std::string trace_index::queue_name(const void* queue) const {
  auto it = m_queues.find(queue);
  return "queue " + std::to_string(it == m_queues.end() ? 0 : it->second);
}

}  // namespace weft::trace

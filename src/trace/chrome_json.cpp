// Writes a snapshot as Chrome trace-event JSON (docs/trace.md): complete slices
// ("X") for submissions, commands, chunks and waits; flow events ("s"/"f") for
// dependencies; counters ("C") for idle workers and fiber switches, derived
// here from the slices so that recording pays nothing for them.
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <map>
#include <unordered_map>
#include "recorder.hpp"
#include "slices.hpp"

namespace weft::trace {
namespace {

class json_out {
 public:
  std::string text;
  const std::uint64_t pid = static_cast<std::uint64_t>(getpid());

  // ts in microseconds with nanosecond digits: the exact profiling value.
  void time(const char* key, std::uint64_t ns) {
    number(key, ns / 1000);
    const unsigned frac = static_cast<unsigned>(ns % 1000);
    const char digits[4] = {'.', char('0' + frac / 100), char('0' + frac / 10 % 10), char('0' + frac % 10)};
    text.append(digits, 4);
  }
  void number(const char* key, std::uint64_t v) {
    text += '"';
    text += key;
    text += "\":";
    char b[24];
    text.append(b, static_cast<std::size_t>(std::to_chars(b, b + sizeof b, v).ptr - b));
  }
  void string(const char* key, const std::string& v) {
    text += '"';
    text += key;
    text += "\":\"";
    const bool plain = std::none_of(
        v.begin(), v.end(), [](char c) { return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20; });
    if (plain) {
      text += v;
      text += '"';
      return;
    }
    for (char c : v) {
      if (c == '"' || c == '\\') {
        text += '\\';
        text += c;
      } else if (static_cast<unsigned char>(c) < 0x20) {
        char b[8];
        std::snprintf(b, sizeof b, "\\u%04x", c);
        text += b;
      } else {
        text += c;
      }
    }
    text += '"';
  }
  // {"ph":ph,"pid":pid,"tid":tid,"name":name,"cat":cat, ... (caller adds fields and closes)
  void open(const char* ph, int tid, const std::string& name, const char* cat) {
    text += text.back() == '[' ? "\n{" : ",\n{";
    text += "\"ph\":\"";
    text += ph;
    text += "\",";
    number("pid", pid);
    text += ',';
    number("tid", static_cast<std::uint64_t>(tid));
    text += ',';
    string("name", name);
    if (cat) {
      text += ',';
      string("cat", cat);
    }
  }
};

std::string dims_text(const std::size_t* v, int dims) {
  std::string s;
  for (int d = 0; d < dims; ++d) s += (d ? "x" : "") + std::to_string(v[d]);
  return s;
}

std::string program_name() {
  char comm[64] = {};
  if (FILE* f = std::fopen("/proc/self/comm", "r")) {
    if (std::fgets(comm, sizeof comm, f)) comm[std::strcspn(comm, "\n")] = 0;
    std::fclose(f);
  }
  return comm[0] ? comm : "program";
}

void slice(json_out& j, const placed& p, const std::string& name, const char* cat) {
  j.open("X", p.thread, name, cat);
  j.text += ',';
  j.time("ts", p.r->begin_ns);
  j.text += ',';
  j.time("dur", p.r->end_ns - p.r->begin_ns);
}

// A flow from the end of slice `from` to `to` (at its start, or its end for a wait).
void flow(json_out& j, std::uint64_t id, const char* cat, const placed& from, int to_thread, std::uint64_t to_ns) {
  const record& f = *from.r;
  j.open("s", from.thread, cat, cat);
  j.text += ',';
  j.number("id", id);
  j.text += ',';
  j.time("ts", f.end_ns > f.begin_ns ? f.end_ns - 1 : f.begin_ns);
  j.text += '}';
  j.open("f", to_thread, cat, cat);
  j.text += ",\"bp\":\"e\",";
  j.number("id", id);
  j.text += ',';
  j.time("ts", to_ns);
  j.text += '}';
}

void counter(json_out& j, const char* name, std::uint64_t ns, std::uint64_t value) {
  j.open("C", 0, name, nullptr);
  j.text += ',';
  j.time("ts", ns);
  j.text += ",\"args\":{";
  j.number("value", value);
  j.text += "}}";
}

// Idle workers over time: the workers minus the threads inside a command or a chunk.
void idle_workers(json_out& j, const trace_index& ix, std::size_t workers) {
  std::vector<std::pair<std::uint64_t, int>> edges;  // (time, +1 start / -1 end)
  for (const auto& busy : ix.busy_by_thread)
    for (const auto& b : busy) {
      edges.push_back({b.first, +1});
      edges.push_back({b.second, -1});
    }
  if (edges.empty()) return;
  std::sort(edges.begin(), edges.end());  // at equal times the end (-1) first
  if (!workers) workers = ix.busy_by_thread.size();
  long busy = 0;
  long last = -1;
  for (std::size_t i = 0; i < edges.size(); ++i) {
    busy += edges[i].second;
    if (i + 1 < edges.size() && edges[i + 1].first == edges[i].first) continue;
    const long idle = std::max(0L, static_cast<long>(workers) - busy);
    if (idle != last) counter(j, "idle workers", edges[i].first, static_cast<std::uint64_t>(idle));
    last = idle;
  }
}

void fiber_switches(json_out& j, const trace_index& ix) {
  std::vector<const record*> chunks;
  for (const auto& c : ix.chunks)
    if (c.r->switches) chunks.push_back(c.r);
  if (chunks.empty()) return;
  std::sort(chunks.begin(), chunks.end(), [](const record* a, const record* b) { return a->end_ns < b->end_ns; });
  std::uint64_t total = 0;
  counter(j, "fiber switches", chunks.front()->begin_ns, 0);
  for (const record* c : chunks) counter(j, "fiber switches", c->end_ns, total += c->switches);
}

}  // namespace

bool write_chrome_json(const snapshot& s, const std::string& path, std::string& error) {
  const trace_index ix(s);
  json_out j;
  j.text.reserve(256 * s.records.size() + 4096);
  j.text += "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"producer\":\"weft\",";
  j.number("dropped records", s.dropped);
  j.text += "},\"traceEvents\":[";
  j.open("M", 0, "process_name", nullptr);
  j.text += ",\"args\":{";
  j.string("name", "weft: " + program_name());
  j.text += "}}";
  for (const thread_info& t : s.threads) {
    const role r = ix.roles[static_cast<std::size_t>(t.index)];
    std::string name = t.main ? "main thread" : r.runs ? "worker" : "thread";
    name += " " + std::to_string(t.index);
    if (r.submits && r.runs) name += " (submits and runs commands)";
    else if (r.submits && !t.main) name += " (submits)";
    j.open("M", t.index, "thread_name", nullptr);
    j.text += ",\"args\":{";
    j.string("name", name);
    j.text += "}}";
    j.open("M", t.index, "thread_sort_index", nullptr);
    j.text += ",\"args\":{";
    j.number("sort_index", static_cast<std::uint64_t>(t.index + (r.submits ? 0 : 1000)));
    j.text += "}}";
  }
  if (ix.device_track >= 0) {
    j.open("M", ix.device_track, "thread_name", nullptr);
    j.text += ",\"args\":{";
    j.string("name", "device (GPU commands)");
    j.text += "}}";
  }
  std::uint64_t flow_id = 0;
  for (const auto& [command, run] : ix.runs) {
    const placed* sub = ix.submit_of(command);
    slice(j, run, ix.command_name(command), "command");
    j.text += ",\"args\":{";
    j.number("command", command);
    if (sub) {
      const record& r = *sub->r;
      j.text += ',';
      j.string("kind", ix.kind_of(command));
      j.text += ',';
      j.string("queue", ix.queue_name(r.queue));
      if (r.shape.form) {
        j.text += ',';
        j.string("form", r.shape.form);
        j.text += ',';
        j.string("global", dims_text(r.shape.global, r.shape.dims));
        if (r.shape.local[0]) {
          j.text += ',';
          j.string("local", dims_text(r.shape.local, r.shape.dims));
        }
      }
    }
    if (auto it = ix.item_loops.find(command); it != ix.item_loops.end()) {
      j.text += ',';
      j.string("item loops", it->second);
    }
    j.text += "}}";
    if (sub) flow(j, ++flow_id, "submit", *sub, run.thread, run.r->begin_ns);
  }
  for (const placed& p : ix.submits) {
    slice(j, p, "submit " + ix.command_name(p.r->command), "submit");
    j.text += ",\"args\":{";
    j.number("command", p.r->command);
    j.text += "}}";
  }
  for (const placed& p : ix.chunks) {
    const record& r = *p.r;
    slice(j, p, ix.command_name(r.command), "chunk");  // the kernel's name: viewers give it the kernel's colour
    j.text += ",\"args\":{";
    j.string("unit", r.label);
    j.text += ',';
    j.number("command", r.command);
    j.text += ',';
    j.number("first", r.first);
    j.text += ',';
    j.number("last", r.last);
    if (r.switches || r.fiber_groups) {
      j.text += ',';
      j.number("fiber switches", r.switches);
      j.text += ',';
      j.number("groups on fibers", r.fiber_groups);
    }
    if (r.split_groups) {
      j.text += ',';
      j.number("groups split at barriers", r.split_groups);
    }
    if (r.pieces) {  // a worker's chunks (claims) of a launch: how many, and how much of first..last they held
      j.text += ',';
      j.number("chunks", r.pieces);
      j.text += ',';
      j.number("ran", r.units);
    }
    j.text += "}}";
  }
  for (const placed& p : ix.waits) {
    const std::uint64_t command = p.r->command;
    slice(j, p, command ? "wait for " + ix.command_name(command) : std::string("queue::wait"), "wait");
    j.text += ",\"args\":{";
    j.number("command", command);
    j.text += "}}";
    if (const placed* run = ix.run_of(command))
      if (run->r->end_ns <= p.r->end_ns)
        flow(j, ++flow_id, "wait", *run, p.thread, p.r->end_ns > p.r->begin_ns ? p.r->end_ns - 1 : p.r->begin_ns);
  }
  for (const auto& [command, on] : ix.dependencies) {
    const placed* from = ix.run_of(on);
    const placed* to = ix.run_of(command);
    if (from && to) flow(j, ++flow_id, "dependency", *from, to->thread, to->r->begin_ns);
  }
  idle_workers(j, ix, s.workers);
  fiber_switches(j, ix);
  j.text += "\n]}\n";

  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) {
    error = "cannot open '" + path + "' for writing: " + std::strerror(errno);
    return false;
  }
  const bool ok = std::fwrite(j.text.data(), 1, j.text.size(), f) == j.text.size();
  if (std::fclose(f) != 0 || !ok) {
    error = "cannot write '" + path + "': " + std::strerror(errno);
    return false;
  }
  return true;
}

}  // namespace weft::trace

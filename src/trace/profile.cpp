// WEFT_PROFILE's table (docs/trace.md): one row per kernel (per kind for other
// commands), from the same records as the trace, with one line of advice where
// the benchmarks already know what the time goes to.
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include "recorder.hpp"
#include "slices.hpp"

namespace weft::trace {
namespace {

// docs/design.md, "Performance model": a work item's switch at a barrier costs
// about this much of one core (x86, measured by bench_barrier and context_switch).
constexpr double switch_ns = 9.0;
// bench_runtime's launch_latency (an empty single_task, submit to complete) on 2 CPUs.
constexpr double launch_us = 3.0;

struct row {
  std::string name;
  const char* form = nullptr;
  const char* item_loops = nullptr;  // the pass plugin's verdict on its item loops, if it compiled them
  std::uint64_t launches = 0, total_ns = 0, items = 0, switches = 0, fiber_groups = 0, split_groups = 0, groups = 0;
};

std::string fixed(double v, int digits) {
  char b[64];
  std::snprintf(b, sizeof b, "%.*f", digits, v);
  return b;
}

std::string rate(double per_s) {
  if (per_s <= 0) return "-";
  char b[64];
  std::snprintf(b, sizeof b, "%.3g", per_s);
  return b;
}

std::string path_of(const row& r) {
  const std::string form = r.form ? r.form : "";
  const std::string items = r.item_loops ? std::string(", items ") + r.item_loops : std::string();
  if (form == "range" || form == "range reduction") return form + " loop" + items;
  if (form.compare(0, 8, "nd_range") == 0) {
    // Split groups: the pass plugin's form of a kernel with barriers (docs/barriers.md).
    const std::string of = " of " + std::to_string(r.groups) + " groups)";
    std::string path;
    if (r.split_groups) path = form + " split at barriers (" + std::to_string(r.split_groups) + of;
    if (r.fiber_groups) path += (path.empty() ? form : ",") + " fibers (" + std::to_string(r.fiber_groups) + of;
    return path.empty() ? form + " plain loop" + items : path;
  }
  return form.empty() ? "-" : form;
}

// A range or nd_range kernel that shows no sign of Weft's pass plugin (no verdict on its
// item loops, no group split at barriers) where this Weft built the plugin (so clang 22
// and the plugin are a compiler switch away): how to get it (docs/toolchain.md).
// The first such kernel gets the whole line, the others a reference to it.
std::string plugin_advice(const row& r, bool& told) {
#if WEFT_PLUGIN_BUILT
  const std::string form = r.form ? r.form : "";
  const bool kernel = form == "range" || form == "nd_range";  // the forms the plugin compiles
  if (!kernel || r.item_loops || r.split_groups) return {};
  if (told) return "not compiled by Weft's pass plugin (as above)";
  told = true;
  const char* how =
      r.fiber_groups ? "splits its barriers into loops, without fibers" : "vectorizes its item loops across work items";
  return std::string("not compiled by Weft's pass plugin (g++, clang without it, or -O0), which ") + how +
         ": compile it with clang 22 and the plugin at -O2 (CMake: add_sycl_to_target(TARGET <t>); Make: "
         "CXX=weft++; or CXX=clang++-22)";
#else
  (void)r, (void)told;
  return {};
#endif
}

std::string advice(const row& r, std::size_t workers) {
  const double mean_us = r.launches ? double(r.total_ns) / double(r.launches) / 1e3 : 0;
  if (r.switches) {
    const double core_ns = double(r.total_ns) * double(std::max<std::size_t>(1, workers));
    const double share = core_ns > 0 ? 100.0 * double(r.switches) * switch_ns / core_ns : 0;
    return "barriers: " + std::to_string(r.switches) + " fiber switches at ~" + fixed(switch_ns, 0) +
           " ns of a core each (~" + fixed(std::min(share, 100.0), 0) +
           "% of this kernel's core time): consider scoped parallelism (cgh.parallel), whose barriers cost nothing";
  }
  if (r.launches >= 100 && mean_us < 10 * launch_us)
    return "short launches: " + fixed(mean_us, 1) + " us on average, of which a launch itself costs ~" +
           fixed(launch_us, 0) + " us: give each launch more work or fuse kernels";
  return {};
}

}  // namespace

std::string profile_table(const snapshot& s, std::uint64_t end_ns) {
  const trace_index ix(s);
  std::map<std::string, row> rows;
  std::map<std::uint64_t, row*> row_of_command;
  for (const auto& [command, run] : ix.runs) {
    const placed* sub = ix.submit_of(command);
    const std::string& name = ix.command_name(command);
    row& r = rows[name];
    r.name = name;
    if (sub && sub->r->shape.form) {
      const detail::command_shape& shape = sub->r->shape;
      r.form = shape.form;
      r.items += shape.items();
      if (shape.local[0]) {
        std::uint64_t per_group = 1;
        for (int d = 0; d < shape.dims; ++d) per_group *= shape.local[d];
        r.groups += shape.items() / std::max<std::uint64_t>(1, per_group);
      }
    }
    if (auto it = ix.item_loops.find(command); it != ix.item_loops.end()) r.item_loops = it->second;
    ++r.launches;
    r.total_ns += run.r->end_ns - run.r->begin_ns;
    row_of_command[command] = &r;
  }
  for (const placed& c : ix.chunks) {
    auto it = row_of_command.find(c.r->command);
    if (it == row_of_command.end()) continue;
    it->second->switches += c.r->switches;
    it->second->fiber_groups += c.r->fiber_groups;
    it->second->split_groups += c.r->split_groups;
  }
  std::vector<const row*> sorted;
  for (const auto& [name, r] : rows) sorted.push_back(&r);
  std::sort(sorted.begin(), sorted.end(), [](const row* a, const row* b) { return a->total_ns > b->total_ns; });

  const double run_ns = double(end_ns > s.start_ns ? end_ns - s.start_ns : 1);
  std::string out = "weft: profile (WEFT_PROFILE): " + std::to_string(ix.runs.size()) + " commands in " +
                    fixed(run_ns / 1e9, 3) + " s, " + std::to_string(s.workers) + " worker(s)\n";
  std::size_t width = 7;
  for (const row* r : sorted) width = std::max(width, r->name.size());
  char line[512];
  std::snprintf(line, sizeof line, "%-*s %9s %11s %11s %7s %10s %14s  %s\n", static_cast<int>(width), "command",
                "launches", "total ms", "mean us", "share", "items/s", "fiber switches", "path");
  out += line;
  bool told_plugin = false;
  for (const row* r : sorted) {
    const double total = double(r->total_ns);
    std::snprintf(line, sizeof line, "%-*s %9llu %11.3f %11.1f %6.1f%% %10s %14llu  %s\n", static_cast<int>(width),
                  r->name.c_str(), static_cast<unsigned long long>(r->launches), total / 1e6,
                  total / 1e3 / double(r->launches), 100.0 * total / run_ns,
                  r->form && total > 0 ? rate(double(r->items) / (total / 1e9)).c_str() : "-",
                  static_cast<unsigned long long>(r->switches), path_of(*r).c_str());
    out += line;
    for (const std::string& a : {advice(*r, s.workers), plugin_advice(*r, told_plugin)})
      if (!a.empty()) out += std::string(width, ' ') + "  -> " + a + "\n";
  }
  return out;
}

}  // namespace weft::trace

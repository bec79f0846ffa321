#pragma once
// Partitioning the CPU device into sub-devices (SYCL 2020 section 4.6.4.2), and
// the several root CPU devices of WEFT_CPU_DEVICES. A CPU device's compute units
// are its worker threads; a sub-device owns some of them, each on one CPU of the
// process's affinity mask, and runs its commands in an arena of its own whose
// workers stay on those CPUs (docs/hpc.md, "Sub-devices"). Sub-devices are made
// once per distinct partition and never destroyed, like the root devices.
#include <cstddef>
#include <cstdint>
#include <vector>
#include <weft/runtime/device_state.hpp>
#include <weft/runtime/export.hpp>

namespace weft::detail {

// The CPU of each compute unit of a CPU device: a device that owns CPUs lists
// them; the whole CPU device has one unit per worker, unit i on the i-th CPU of
// the affinity mask (round robin when there are more workers than CPUs).
WEFT_API std::vector<int> unit_cpus_of(const device_state& d);
// max_compute_units: the units above for a CPU device, the backend's count otherwise.
WEFT_API std::uint32_t compute_units(const device_state& d);
// True when d can be partitioned into two or more sub-devices (a CPU device of
// at least two compute units).
WEFT_API bool partitionable(const device_state& d);

// create_sub_devices. Errors as the specification says: errc::feature_not_supported
// for a device or affinity domain that cannot be partitioned, errc::invalid for
// counts the device cannot satisfy; each message says why.
WEFT_API std::vector<const device_state*> partition_equally(const device_state& d, std::size_t count);
WEFT_API std::vector<const device_state*> partition_by_counts(const device_state& d,
                                                              const std::vector<std::size_t>& counts);
WEFT_API std::vector<const device_state*> partition_by_affinity_domain(const device_state& d,
                                                                       sycl::info::partition_affinity_domain domain);

// The units (indices into unit_cpus) of each NUMA node that holds any of them,
// in node order; node_cpus[k] lists node k's CPUs. Units whose CPU is in no
// listed node form the last group. No nodes known: one group of all units.
WEFT_API std::vector<std::vector<std::size_t>> group_units_by_node(const std::vector<int>& unit_cpus,
                                                                   const std::vector<std::vector<int>>& node_cpus);
// The CPUs of each NUMA node (/sys/devices/system/node/node<k>/cpulist); empty
// where the system does not say.
WEFT_API std::vector<std::vector<int>> numa_node_cpus();

// WEFT_CPU_DEVICES: how many root CPU devices the CPU platform presents, as
// groups of the whole CPU device's units (indices into unit_cpus): unset, empty
// or "1": one (the default); "numa": one per NUMA node of the units' CPUs; a
// whole number N: N devices of consecutive units, as equal as can be. Throws
// sycl::exception(errc::invalid) naming the variable for anything else, or for
// more devices than units.
WEFT_API std::vector<std::vector<std::size_t>> root_cpu_device_groups(const char* setting,
                                                                      const std::vector<int>& unit_cpus,
                                                                      const std::vector<std::vector<int>>& node_cpus);

}  // namespace weft::detail

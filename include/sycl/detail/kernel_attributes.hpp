#pragma once
// SYCL 2020 kernel attributes (section 5.8.1) as the handler sees them, per kernel
// type: `kernel_attributes_of<K, Args...>()` (Args: what Weft calls the kernel with).
// g++, and clang without Weft's plugins, cannot see `[[sycl::...]]` attributes: the
// answer is "none" (all zero). With clang 22 and Weft's plugins
// (`__WEFT_KERNEL_ATTRIBUTES__` is predefined by the front-end plugin), each kernel
// type gets a slot, `kernel_attributes_slot<K, Args...>::value`, holding "none" and a
// pointer to a probe that calls the kernel; the front-end plugin annotates the
// kernel's call operator, and the pass weft-kernel-attributes (src/compiler/
// kernel_attributes.cpp) finds the call operator the probe calls and rewrites the
// slot's initializer with its values before anything is optimized. What the pass
// cannot resolve stays "none". No lookup at run time: the slot is a constant.
#include <cstdint>

namespace weft::detail {

struct kernel_attributes {
  static constexpr std::uint32_t max_aspects = 15;
  std::uint64_t reqd_work_group_size[3];    // reqd_work_group_size(dim0[, dim1[, dim2]])
  std::uint64_t work_group_size_hint[3];    // work_group_size_hint(dim0[, dim1[, dim2]])
  std::uint32_t reqd_work_group_dims;       // 0: no reqd_work_group_size
  std::uint32_t work_group_size_hint_dims;  // 0: no work_group_size_hint
  std::uint32_t reqd_sub_group_size;        // 0: no reqd_sub_group_size
  std::uint32_t aspect_count;               // device_has(aspects...): how many
  std::int32_t aspects[max_aspects];        // their sycl::aspect values
};

#ifdef __WEFT_KERNEL_ATTRIBUTES__
// Never run: the pass reads which call operator it calls.
template <typename K, typename... Args>
void kernel_attributes_probe(const K& k, Args&... args) {
  k(args...);
}
template <typename K, typename... Args>
struct kernel_attributes_slot {
  kernel_attributes values;
  void (*probe)(const K&, Args&...);
  // Not const: the front end must not fold it; the pass sets its initializer.
  static inline kernel_attributes_slot value = {{}, &kernel_attributes_probe<K, Args...>};
};
#endif

template <typename K, typename... Args>
inline kernel_attributes kernel_attributes_of() {
#ifdef __WEFT_KERNEL_ATTRIBUTES__
  return kernel_attributes_slot<K, Args...>::value.values;
#else
  return {};
#endif
}

}  // namespace weft::detail

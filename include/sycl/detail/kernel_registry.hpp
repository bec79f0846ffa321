#pragma once
// The program's kernel names (SYCL 2020 4.11.6, get_kernel_ids()): every kernel
// name type a kernel is submitted with (single_task<Name>, parallel_for<Name>, ...)
// is registered before main runs, by a static object that each such submission
// instantiates (kernel_name_registration<Name>), so get_kernel_ids() lists the
// named kernels of the whole program, submitted yet or not. A library cannot see
// kernels it never instantiates; unnamed (lambda-named) kernels have no kernel_id a
// program could ask for, so they are not listed. get_kernel_id<Name>() adds its name
// too. Names live as long as the program.
#include <sycl/detail/kernel_attributes.hpp>
#include <cstdint>
#include <typeinfo>
#include <vector>
#include <weft/runtime/export.hpp>

namespace weft::sycl::detail {

// Registers a kernel name type (its typeid) and returns its readable name, the
// same pointer for every registration of the type (src/sycl/kernel_registry.cpp).
WEFT_API const char* register_kernel_name(const std::type_info& t);
// Every name registered so far, in order of registration.
WEFT_API std::vector<const char*> registered_kernel_names();

// typeid of a pointer: kernel names are often declared but never defined.
template <class Name>
struct kernel_name_registration {
  static inline const char* const name = register_kernel_name(typeid(Name*));
};

// Unnamed (lambda-named) kernels have no kernel_id, but a program that defines one has
// kernels (has_kernel_bundle asks): their registration only counts them.
WEFT_API bool register_unnamed_kernel();
WEFT_API bool program_has_unnamed_kernels();
template <class Kernel>
struct unnamed_kernel_registration {
  static inline const bool registered = register_unnamed_kernel();
};

// The SYCL 2020 kernel attributes of named kernels (with clang 22 and Weft's plugins;
// sycl/detail/kernel_attributes.hpp), registered beside their names, for is_compatible
// and the kernels' info queries. `attributes` is the kernel type's constant slot.
WEFT_API bool register_kernel_attributes(const std::type_info& name, const weft::detail::kernel_attributes* attributes);
// Those of the kernel named `name` (a registered name's pointer); nullptr: none known.
WEFT_API const weft::detail::kernel_attributes* registered_kernel_attributes(const char* name);
#ifdef __WEFT_KERNEL_ATTRIBUTES__
template <class Name, class K, class... Args>
struct kernel_attributes_registration {
  static inline const bool registered =
      register_kernel_attributes(typeid(Name*), &weft::detail::kernel_attributes_slot<K, Args...>::value.values);
};
#endif

// The specialization constants kernels read (kernel_handler::get_specialization_constant
// instantiated in a kernel registers its specialization_id).
// Keyed as spec_constant_values::find is (kernel_extras.hpp registers them).
WEFT_API bool register_kernel_spec_constant(const void* id, std::uint64_t name_key);
WEFT_API bool kernel_reads_spec_constant(const void* id, std::uint64_t name_key);

}  // namespace weft::sycl::detail

#pragma once
// The program's kernel names (SYCL 2020 4.11.6, get_kernel_ids()): every kernel
// name type a kernel is submitted with (single_task<Name>, parallel_for<Name>, ...)
// is registered before main runs, by a static object that each such submission
// instantiates (kernel_name_registration<Name>), so get_kernel_ids() lists the
// named kernels of the whole program, submitted yet or not. A library cannot see
// kernels it never instantiates; unnamed (lambda-named) kernels have no kernel_id a
// program could ask for, so they are not listed. get_kernel_id<Name>() adds its name
// too. Names live as long as the program.
#include <cstdlib>
#include <deque>
#include <mutex>
#include <string>
#include <typeinfo>
#include <vector>
#include <cxxabi.h>

namespace weft::sycl::detail {

class kernel_registry {
 public:
  static kernel_registry& get() {
    static kernel_registry r;
    return r;
  }
  const char* add(const std::type_info& t) {
    std::lock_guard<std::mutex> lock(m_mutex);
    for (std::size_t i = 0; i < m_types.size(); ++i)
      if (*m_types[i] == t) return m_names[i].c_str();
    m_types.push_back(&t);
    int status = 0;
    char* demangled = abi::__cxa_demangle(t.name(), nullptr, nullptr, &status);
    std::string name = status == 0 && demangled ? demangled : t.name();
    std::free(demangled);
    if (!name.empty() && name.back() == '*') name.pop_back();  // registered as a pointer type
    m_names.push_back(std::move(name));
    return m_names.back().c_str();
  }
  std::vector<const char*> names() {
    std::lock_guard<std::mutex> lock(m_mutex);
    std::vector<const char*> out;
    for (auto& n : m_names) out.push_back(n.c_str());
    return out;
  }

 private:
  std::mutex m_mutex;
  std::vector<const std::type_info*> m_types;
  std::deque<std::string> m_names;  // stable addresses
};

// typeid of a pointer: kernel names are often declared but never defined.
template <class Name>
struct kernel_name_registration {
  static inline const char* const name = kernel_registry::get().add(typeid(Name*));
};

}  // namespace weft::sycl::detail

#pragma once
// SYCL 1.2.1 spelling: the same API under cl::sycl.
#include <sycl/sycl.hpp>

namespace cl {
namespace sycl = ::weft::sycl;
}

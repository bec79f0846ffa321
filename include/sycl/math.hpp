#pragma once
// SYCL 2020 section 4.17: the math builtins (math, native::, half_precision::,
// common, integer, geometric, relational), each one generic template over
// scalars, vec, swizzles and marray (math/map.hpp).
#include <sycl/math/common.hpp>
#include <sycl/math/float_math.hpp>
#include <sycl/math/geometric.hpp>
#include <sycl/math/integer.hpp>
#include <sycl/math/map.hpp>
#include <sycl/math/relational.hpp>

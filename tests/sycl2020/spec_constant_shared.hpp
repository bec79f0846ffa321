// A specialization constant declared in a header, set in one file (spec_constant_test.cpp)
// and read by a kernel of another (spec_constant_other_file.cpp).
#pragma once
#include <sycl/sycl.hpp>

template <int Default>
constexpr sycl::specialization_id<int> shared_numbered_id(Default);

// Submits a single_task that writes shared_numbered_id<1> and <2> to r[0] and r[1].
void read_shared_numbered_ids(sycl::handler& cgh, int* r);

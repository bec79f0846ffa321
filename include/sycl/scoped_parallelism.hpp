#pragma once
// AdaptiveCpp's scoped parallelism (version 2) extension, complete: groups,
// s_item, distribute_items/groups, single_item, memory_environment, private and
// local memory, group_barrier, and (beyond AdaptiveCpp) the *_over_group
// algorithms over private memory and joint_* algorithms on scoped groups.
// The launch (handler::parallel, queue::parallel) is the front end's; the CPU
// execution is weft/target/cpu/scoped_launch.hpp.
// AdaptiveCpp code (the specification's example among it) uses std::cout with
// only <sycl/sycl.hpp> included, as AdaptiveCpp's headers provide it.
#include <iostream>

#include <sycl/scoped/checks.hpp>
#include <sycl/scoped/s_item.hpp>
#include <sycl/scoped/groups.hpp>
#include <sycl/scoped/distribute.hpp>
#include <sycl/scoped/private_memory.hpp>
#include <sycl/scoped/memory_environment.hpp>
#include <sycl/scoped/algorithms.hpp>

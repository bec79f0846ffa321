#pragma once
// Kernel interface: the operations on scoped-parallelism groups (AdaptiveCpp's
// cgh.parallel) that each target implements. The public functions
// (sycl/scoped/distribute.hpp, memory_environment.hpp, algorithms.hpp) are written
// once: they check the rules the type system sees and call these. g is a scoped
// group, x and result private-memory wrappers the target's memory_environment()
// made, f the user's callable. In namespace weft::kernel::scoped a target defines:
//
//   distribute_items(g, f)         f(s_item) once for each logical item of g
//   distribute_groups(g, f)        f(child) once for each group one level below g
//   single_item(g, f)              f() once for the group
//   barrier(g)                     the group's items wait for each other
//   memory_environment(g, args...) allocate the requests in args, call the last arg
//   allocation<T>(g, count)        count default-constructed T that live as long as the
//                                  object (the deprecated s_private_memory, local_memory)
//   broadcast(g, x, id)            x of logical item id
//   reduce(g, x, op)               x(0) op x(1) op ... in logical order
//   scan<Inclusive>(g, x, result, op, init, has_init)
//   any(g, x, pred)                pred(x(i)) for some i
//   exchange(g, x, result, src)    result(i) = x(src(i)) where src(i) < size, else x(i)
//   select(g, x, result, remote)   exchange with src(i) = remote(i) (an index or an id)
//   joint_reduce(g, first, last, init, op), joint_scan<Inclusive>(g, first, last,
//   result, init, op), joint_any(g, first, last, pred)   over a range every item sees
//
// CPU: weft/target/cpu/scoped.hpp (one thread per group, loops over arrays);
// GPU: weft/target/gpu/scoped.hpp (a block per work group, warps per sub-group).
#include <weft/kernel/target.hpp>
#include <weft/kernel/scoped.hpp>
#include <weft/target/cpu/scoped.hpp>
#if WEFT_GPU_TRANSLATION_UNIT
#include <weft/target/gpu/scoped.hpp>
#endif

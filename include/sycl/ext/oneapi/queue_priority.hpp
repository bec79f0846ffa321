#pragma once
// DPC++ extension sycl_ext_oneapi_queue_priority: a queue's property_list may hold
// ext::oneapi::property::queue::priority_normal, priority_low or priority_high. The
// extension makes the priority a hint an implementation may ignore, and Weft does:
// a CPU queue's commands share the device's workers, a GPU queue's commands its
// pool of streams, whatever the queue. More than one of them is errc::invalid (as
// in DPC++), checked when the queue is made.
#include <type_traits>
#include <sycl/property_list.hpp>

namespace weft::sycl {
class queue;

namespace ext::oneapi::property::queue {
struct priority_normal {};
struct priority_low {};
struct priority_high {};
}  // namespace ext::oneapi::property::queue

template <>
struct is_property<ext::oneapi::property::queue::priority_normal> : std::true_type {};
template <>
struct is_property<ext::oneapi::property::queue::priority_low> : std::true_type {};
template <>
struct is_property<ext::oneapi::property::queue::priority_high> : std::true_type {};
template <>
struct is_property_of<ext::oneapi::property::queue::priority_normal, queue> : std::true_type {};
template <>
struct is_property_of<ext::oneapi::property::queue::priority_low, queue> : std::true_type {};
template <>
struct is_property_of<ext::oneapi::property::queue::priority_high, queue> : std::true_type {};

}  // namespace weft::sycl

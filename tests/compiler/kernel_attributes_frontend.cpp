// The front-end plugin: SYCL 2020 kernel attributes on a lambda (after its
// parameters), on a functor's operator() (before it, also in a class template) and
// in a function template become annotations of the call operator, without clang's
// "unknown attribute" warning; elsewhere the warning stays.
// REQUIRES: weft-attributes
// RUN: %clangxx -fplugin=%weft_attributes -O0 -S -emit-llvm %s -o %t.ll 2>%t.err
// RUN: %FileCheck %s < %t.ll
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
// DPC++'s [[intel::...]] kernel attributes: reqd_sub_group_size is SYCL's; the others
// are accepted (no warning) and named in a remark of the pass.
// RUN: %clangxx -fplugin=%weft_attributes -O0 -S -emit-llvm -Rpass-missed=weft %s -o /dev/null 2>&1 \
// RUN:   | %FileCheck --check-prefix=REMARK %s
namespace sycl {
enum class aspect { cpu, gpu };
struct nd_item {};
}  // namespace sycl

template <class K>
void call(const K& k) {
  k(sycl::nd_item{});
}
template <int N>
void in_template() {
  call([](sycl::nd_item) [[sycl::reqd_sub_group_size(N)]] {});
}
template <unsigned long N>
struct Functor {
  [[sycl::reqd_work_group_size(N, 2)]] void operator()(sycl::nd_item) const {}
};

// CHECK-DAG: c"weft.sycl.reqd_sub_group_size\00"
// CHECK-DAG: c"weft.sycl.reqd_work_group_size\00"
// CHECK-DAG: c"weft.sycl.device_has\00"
// CHECK-DAG: { i32 } { i32 8 }
// CHECK-DAG: { i32 } { i32 32 }
// CHECK-DAG: { i64, i32 } { i64 16, i32 2 }
// CHECK-DAG: { i32 } { i32 1 }
// CHECK-DAG: { i32 } { i32 4 }
// CHECK-DAG: c"weft.intel.kernel_args_restrict\00"
// CHECK-DAG: c"weft.intel.num_simd_work_items\00"
// CHECK-DAG: c"weft.intel.named_sub_group_size\00"
// REMARK-DAG: remark: {{.}}{{.}}intel::kernel_args_restrict{{.}}{{.}} has no effect in Weft: Weft does not mark the kernel's pointers restrict
// REMARK-DAG: remark: {{.}}{{.}}intel::num_simd_work_items{{.}}{{.}} has no effect in Weft: it tunes FPGA hardware
// REMARK-DAG: remark: {{.}}{{.}}intel::named_sub_group_size{{.}}{{.}} has no effect in Weft: the sub-group size is the device's default
// WARN: warning: unknown attribute 'sycl::reqd_sub_group_size' ignored
// WARN-NOT: warning:
int main() {
  constexpr int sg = 8;
  call([](sycl::nd_item) [[sycl::reqd_sub_group_size(sg)]] {});
  call([](sycl::nd_item) [[sycl::device_has(sycl::aspect::gpu)]] {});
  in_template<32>();
  call(Functor<16>{});
  call([](sycl::nd_item) [[intel::reqd_sub_group_size(4)]] {});
  call([](sycl::nd_item) [[intel::kernel_args_restrict, intel::num_simd_work_items(8)]] {});
  call([](sycl::nd_item) [[intel::named_sub_group_size(primary)]] {});
  [[sycl::reqd_sub_group_size(4)]] int not_a_kernel = 0;
  return not_a_kernel;
}

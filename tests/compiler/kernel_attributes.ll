; weft-kernel-attributes: a kernel type's slot (weft::detail::kernel_attributes_slot<K,
; Args...>::value) gets the attributes annotated on the call operator its probe calls
; on the kernel (here through the stack slot clang spills it to), and the probe
; pointer is cleared; a slot whose kernel has no annotation, or whose probe calls
; nothing on the kernel, becomes "none".
; RUN: %opt -passes=weft-kernel-attributes -S %s | %FileCheck %s

%attrs = type { [3 x i64], [3 x i64], i32, i32, i32, i32, [15 x i32] }
%slot = type { %attrs, ptr }

; CHECK: @_ZN4weft6detail22kernel_attributes_slotI1AJiEE5valueE = {{.*}}constant %slot { %attrs { [3 x i64] [i64 8, i64 4, i64 0], [3 x i64] zeroinitializer, i32 2, i32 0, i32 16, i32 2, [15 x i32] [i32 1, i32 5, i32 0,{{.*}}] }, ptr null }
@_ZN4weft6detail22kernel_attributes_slotI1AJiEE5valueE = linkonce_odr global %slot { %attrs zeroinitializer, ptr @probe_a }
; CHECK: @_ZN4weft6detail22kernel_attributes_slotI1BJiEE5valueE = {{.*}}constant %slot zeroinitializer
@_ZN4weft6detail22kernel_attributes_slotI1BJiEE5valueE = linkonce_odr global %slot { %attrs zeroinitializer, ptr @probe_b }
; CHECK: @_ZN4weft6detail22kernel_attributes_slotI1CJiEE5valueE = {{.*}}constant %slot zeroinitializer
@_ZN4weft6detail22kernel_attributes_slotI1CJiEE5valueE = linkonce_odr global %slot { %attrs zeroinitializer, ptr @probe_c }
; reqd_work_group_size(SIZE_MAX) stays SIZE_MAX (no device has it), and a negative
; int sub-group size becomes one no device has either, never 0 (no requirement).
; CHECK: @_ZN4weft6detail22kernel_attributes_slotI1DJiEE5valueE = {{.*}}constant %slot { %attrs { [3 x i64] [i64 -1, i64 0, i64 0], [3 x i64] zeroinitializer, i32 1, i32 0, i32 -3, i32 0,
@_ZN4weft6detail22kernel_attributes_slotI1DJiEE5valueE = linkonce_odr global %slot { %attrs zeroinitializer, ptr @probe_d }

@.sg = private constant [30 x i8] c"weft.sycl.reqd_sub_group_size\00", section "llvm.metadata"
@.wg = private constant [31 x i8] c"weft.sycl.reqd_work_group_size\00", section "llvm.metadata"
@.dh = private constant [21 x i8] c"weft.sycl.device_has\00", section "llvm.metadata"
@.other = private constant [6 x i8] c"other\00", section "llvm.metadata"
@.file = private constant [6 x i8] c"a.cpp\00", section "llvm.metadata"
@.args.sg = private constant { i32 } { i32 16 }, section "llvm.metadata"
@.args.wg = private constant { i32, i32 } { i32 8, i32 4 }, section "llvm.metadata"
@.args.dh = private constant { i32, i32 } { i32 1, i32 5 }, section "llvm.metadata"
@.args.huge = private constant { i64 } { i64 -1 }, section "llvm.metadata"
@.args.negative = private constant { i32 } { i32 -3 }, section "llvm.metadata"
@llvm.global.annotations = appending global [6 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @d_call, ptr @.wg, ptr @.file, i32 1, ptr @.args.huge },
  { ptr, ptr, ptr, i32, ptr } { ptr @d_call, ptr @.sg, ptr @.file, i32 1, ptr @.args.negative },
  { ptr, ptr, ptr, i32, ptr } { ptr @a_call, ptr @.sg, ptr @.file, i32 1, ptr @.args.sg },
  { ptr, ptr, ptr, i32, ptr } { ptr @a_call, ptr @.wg, ptr @.file, i32 1, ptr @.args.wg },
  { ptr, ptr, ptr, i32, ptr } { ptr @a_call, ptr @.dh, ptr @.file, i32 1, ptr @.args.dh },
  { ptr, ptr, ptr, i32, ptr } { ptr @b_call, ptr @.other, ptr @.file, i32 1, ptr null }], section "llvm.metadata"

define void @a_call(ptr %this, i32 %item) {
  ret void
}
define void @b_call(ptr %this, i32 %item) {
  ret void
}
define void @d_call(ptr %this, i32 %item) {
  ret void
}
define linkonce_odr void @probe_d(ptr %k, ptr %item) {
  call void @d_call(ptr %k, i32 0)
  ret void
}
define void @helper(ptr %item) {
  ret void
}

define linkonce_odr void @probe_a(ptr %k, ptr %item) {
  %k.addr = alloca ptr
  store ptr %k, ptr %k.addr
  %k1 = load ptr, ptr %k.addr
  %v = load i32, ptr %item
  call void @a_call(ptr %k1, i32 %v)
  ret void
}
define linkonce_odr void @probe_b(ptr %k, ptr %item) {
  call void @b_call(ptr %k, i32 0)
  ret void
}
; The annotated call operator is called, but not on the kernel.
define linkonce_odr void @probe_c(ptr %k, ptr %item) {
  call void @helper(ptr %item)
  call void @a_call(ptr %item, i32 0)
  ret void
}

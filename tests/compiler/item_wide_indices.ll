; Wide indices (item_wide_indices.cpp): a hierarchical item loop whose index is kept in
; an `int` reaches its addresses sign-extended, no walk over the items to scalar
; evolution. weft-candidate-item-loops versions the loop on a test that the wide walk's
; lowest and highest values fit the narrow type; in the version where they do, the
; extension is the wide walk, and the proof goes on with it (here behind a run-time
; alias test, with the item's accumulator kept in registers, item_accumulators.cpp).
; Where the test fails, the loop as it was runs its items in order.
; RUN: %opt -passes=weft-candidate-item-loops -pass-remarks-analysis=weft -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -mcpu=skylake-avx512 -enable-vplan-native-path -passes='function(weft-candidate-item-loops,weft-item-loop-select,loop-vectorize,weft-lane-accesses,verify)' -S %s | %FileCheck --check-prefix=NATIVE %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; REMARK: kernel int_index: the items of a scoped or hierarchical loop are independent (1 narrow index(es) widened where a run-time test finds they do not wrap) where a run-time test finds their accesses apart (1 accumulator(s) kept in registers across a loop inside the item): an item loop
; REMARK: kernel int_index_innermost: the items of a scoped or hierarchical loop are independent (2 narrow index(es) widened where a run-time test finds they do not wrap): an item loop
; REMARK: kernel unsigned_index: the items of a scoped or hierarchical loop are independent (1 narrow index(es) widened where a run-time test finds they do not wrap): an item loop
; REMARK: kernel int_index_unknown_step: the items of a scoped or hierarchical loop keep their order: a store's address is not a constant step from item to item (a data-dependent or nested index)

; SYCL-Bench's scalar product, first step: `int e = gid + i * stride; if (e < size)
; local[lid] += global[e]` over i in a loop inside the item (instcombine's form of
; `sext (trunc x)`: `ashr (shl x, 32), 32`). The test: the lowest and the highest e,
; in 128 bits, within [-2^31, 2^31).
; CHECK-LABEL: define void @int_index(
; CHECK: item.index.checks:
; CHECK: icmp sge i128 %{{[0-9]+}}, -2147483648
; CHECK: icmp sle i128 %{{[0-9]+}}, 2147483647
; CHECK: br i1 %indices.fit, label %item.alias.checks, label %item.fit.wraps
; The copy where an index wraps keeps the extension, and its items in order.
; CHECK: inner.wraps:
; CHECK: %e.wraps = ashr exact i64 %shl.wraps, 32
; CHECK: br i1 %done.wraps, label %exit, label %item.wraps, !llvm.loop ![[IN_ORDER:[0-9]+]]
; CHECK: item.apart:
; The version where they fit: e is gid + i * stride in 64 bits.
; CHECK: inner:
; CHECK-NOT: ashr
; CHECK: %[[E:[0-9]+]] = add i64 %{{[0-9]+}}, %{{[0-9]+}}
; CHECK-NEXT: %step = mul i64 %i, %stride
; CHECK: icmp ult i64 %[[E]], %size
; CHECK: getelementptr float, ptr %global, i64 %[[E]]
; CHECK: br i1 %done, label %exit.loopexit, label %item, !llvm.loop ![[PROVEN:[0-9]+]]
; NATIVE-LABEL: define void @int_index(
; NATIVE: vector.body:
; NATIVE: call <{{[0-9]+}} x float> @llvm.masked.load
define void @int_index(ptr %local, ptr %global, i64 %n, i64 %first, i64 %k, i64 %stride, i64 %size) {
entry:
  br label %item

item:
  %l = phi i64 [ 0, %entry ], [ %lnext, %latch ]
  %slot = getelementptr float, ptr %local, i64 %l
  store float 0.0, ptr %slot, align 4
  %gid = add i64 %first, %l
  br label %inner

inner:
  %i = phi i64 [ 0, %item ], [ %inext, %next ]
  %step = mul i64 %i, %stride
  %wide = add i64 %gid, %step
  %shl = shl i64 %wide, 32
  %e = ashr exact i64 %shl, 32
  %in = icmp ult i64 %e, %size
  br i1 %in, label %add, label %next

add:
  %src = getelementptr float, ptr %global, i64 %e
  %x = load float, ptr %src, align 4
  %a = load float, ptr %slot, align 4
  %sum = fadd float %a, %x
  store float %sum, ptr %slot, align 4
  br label %next

next:
  %inext = add nuw nsw i64 %i, 1
  %idone = icmp eq i64 %inext, %k
  br i1 %idone, label %latch, label %inner

latch:
  %lnext = add nuw i64 %l, 1
  %done = icmp eq i64 %lnext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !0

exit:
  ret void
}

; A copy on `int`s, `out[lid] = in[lid + half]`: innermost, and proven once both
; indices are wide (the arrays are apart).
; CHECK-LABEL: define void @int_index_innermost(
; CHECK: %indices.fit = and i1
; CHECK: item:
; CHECK-NOT: sext
; CHECK: store i32 %b, ptr %p, align 4, !llvm.access.group
define void @int_index_innermost(ptr noalias %out, ptr noalias %in, i64 %n, i32 %half) {
entry:
  br label %item

item:
  %l = phi i64 [ 0, %entry ], [ %lnext, %item ]
  %lid = trunc i64 %l to i32
  %from = add i32 %lid, %half
  %li = sext i32 %lid to i64
  %fi = sext i32 %from to i64
  %p = getelementptr i32, ptr %out, i64 %li
  %q = getelementptr i32, ptr %in, i64 %fi
  %b = load i32, ptr %q, align 4
  store i32 %b, ptr %p, align 4
  %lnext = add nuw i64 %l, 1
  %done = icmp eq i64 %lnext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !2

exit:
  ret void
}

; An `unsigned` index, zero-extended: the test is that the walk stays within [0, 2^32).
; CHECK-LABEL: define void @unsigned_index(
; CHECK: icmp sge i128 %{{[0-9]+}}, 0
; CHECK: icmp sle i128 %{{[0-9]+}}, 4294967295
; CHECK: %indices.fit = and i1
define void @unsigned_index(ptr noalias %out, i64 %n, i32 %first) {
entry:
  br label %item

item:
  %l = phi i64 [ 0, %entry ], [ %lnext, %item ]
  %narrow = trunc i64 %l to i32
  %u = add i32 %narrow, %first
  %at = zext i32 %u to i64
  %p = getelementptr i32, ptr %out, i64 %at
  store i32 %u, ptr %p, align 4
  %lnext = add nuw i64 %l, 1
  %done = icmp eq i64 %lnext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !4

exit:
  ret void
}

; An index whose step from item to item is not the same for every item (a loaded
; stride, read in the loop): no wide walk, no version.
; CHECK-LABEL: define void @int_index_unknown_step(
; CHECK-NOT: indices.fit
; CHECK: ret void
define void @int_index_unknown_step(ptr noalias %out, ptr noalias %strides, i64 %n) {
entry:
  br label %item

item:
  %l = phi i64 [ 0, %entry ], [ %lnext, %item ]
  %sp = getelementptr i32, ptr %strides, i64 %l
  %stride = load i32, ptr %sp, align 4
  %narrow = trunc i64 %l to i32
  %scaled = mul i32 %narrow, %stride
  %at = sext i32 %scaled to i64
  %p = getelementptr i32, ptr %out, i64 %at
  store i32 1, ptr %p, align 4
  %lnext = add nuw i64 %l, 1
  %done = icmp eq i64 %lnext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !6

exit:
  ret void
}

; The proven loop: parallel accesses and the vectorize mark; the copy: no mark at all.
; CHECK-DAG: ![[IN_ORDER]] = distinct !{![[IN_ORDER]]}
; CHECK-DAG: ![[PROVEN]] = distinct !{![[PROVEN]], !{{[0-9]+}}, !{{[0-9]+}}}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.distribute.enable", i1 true}
!2 = distinct !{!2, !1}
!4 = distinct !{!4, !1}
!6 = distinct !{!6, !1}

; An item's accumulator kept in registers across a loop inside the item
; (item_accumulators.cpp): where weft-candidate-item-loops versions a hierarchical
; item loop on run-time alias checks, a loop inside the item that loads and stores
; the item's own element under a branch that goes different ways for different items
; (n-body's self test) reads it before the loop and writes it after, where it stored
; it at least once. The run-time test also finds the element inside the block an
; `llvm.assume` "dereferenceable" names (Weft's arena blocks), and apart from the
; loop's other accesses. The item's other loads at addresses the loop does not change
; move before it as well.
; RUN: %opt -passes=weft-candidate-item-loops -pass-remarks-analysis=weft -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -mcpu=skylake-avx512 -enable-vplan-native-path -passes='function(weft-candidate-item-loops,weft-item-loop-select,loop-vectorize,weft-lane-accesses,verify)' -S %s | %FileCheck --check-prefix=NATIVE %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; REMARK: kernel self_test: the items of a scoped or hierarchical loop are independent where a run-time test finds their accesses apart (1 accumulator(s) kept in registers across a loop inside the item): an item loop
; REMARK: kernel unknown_block: the items of a scoped or hierarchical loop are independent where a run-time test finds their accesses apart: an item loop
; REMARK: kernel two_stores: the items of a scoped or hierarchical loop are independent where a run-time test finds their accesses apart: an item loop
; REMARK: kernel last_above: the items of a scoped or hierarchical loop are independent where a run-time test finds their accesses apart (1 accumulator(s) kept in registers across a loop inside the item): an item loop

; CHECK-LABEL: define void @self_test(
; The test: the accumulators' block holds every item's element.
; CHECK: item.alias.checks:
; CHECK: %[[END:[a-z0-9]+]] = getelementptr i8, ptr %acc, i64 %bytes
; CHECK: icmp ule ptr %acc, %acc
; CHECK: icmp ule ptr %[[END]], %[[END]]
; CHECK: %accesses.apart = and i1
; CHECK: br i1 %accesses.apart, label %item.apart, label %item.apart.overlap
; The version in order keeps the loop's load and store.
; CHECK: add.overlap:
; CHECK: store float %sum.overlap, ptr %slot.overlap, align 4
; Before the loop: the item's own value and its accumulator, read once.
; CHECK: item:
; CHECK: %q = load float, ptr %own, align 1
; CHECK-NEXT: %[[FIRST:[0-9]+]] = load float, ptr %slot, align 1
; CHECK-NEXT: br label %inner
; CHECK: inner:
; CHECK-NEXT: %weft.accumulated.0 = phi i1 [ false, %item ], [ %weft.accumulated.1, %next ]
; CHECK-NEXT: %weft.accumulator.0 = phi float [ %[[FIRST]], %item ], [ %weft.accumulator.1, %next ]
; In the loop, no store.
; CHECK: add:
; CHECK-NOT: store
; CHECK: %sum = fadd float %weft.accumulator.0, %d
; CHECK: next:
; CHECK-NEXT: %weft.accumulated.1 = phi i1 [ %weft.accumulated.0, %inner ], [ true, %add ]
; CHECK-NEXT: %weft.accumulator.1 = phi float [ %weft.accumulator.0, %inner ], [ %sum, %add ]
; After it, written where the loop stored it.
; CHECK: br i1 %weft.accumulated.1.lcssa, label %weft.accumulator.write, label %latch.accumulated
; CHECK: weft.accumulator.write:
; CHECK-NEXT: store float %weft.accumulator.1.lcssa, ptr %slot, align 4
; Widened: the inner loop has no masked store; one after it, under the flags.
; NATIVE-LABEL: define void @self_test(
; NATIVE: vector.body:
; NATIVE: load <{{[0-9]+}} x float>, ptr
; NATIVE: load <{{[0-9]+}} x float>, ptr
; NATIVE: inner{{[0-9]+}}:
; NATIVE-NOT: llvm.masked.store
; NATIVE: vector.latch:
; NATIVE-NEXT: call void @llvm.masked.store.v{{[0-9]+}}f32.p0(
define void @self_test(i64 %n, i64 %m) {
entry:
  %bytes = shl i64 %n, 2
  %acc = call ptr @arena(i64 %bytes)
  call void @llvm.assume(i1 true) [ "dereferenceable"(ptr %acc, i64 %bytes) ]
  %mine = call ptr @arena(i64 %bytes)
  call void @llvm.assume(i1 true) [ "dereferenceable"(ptr %mine, i64 %bytes) ]
  %tls = call ptr @llvm.threadlocal.address.p0(ptr @local_base)
  br label %item

item:
  %l = phi i64 [ 0, %entry ], [ %lnext, %latch ]
  %slot = getelementptr float, ptr %acc, i64 %l
  %own = getelementptr float, ptr %mine, i64 %l
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %knext, %next ]
  %self = icmp eq i64 %k, %l
  br i1 %self, label %next, label %add

add:
  %tile = load ptr, ptr %tls, align 8
  %src = getelementptr float, ptr %tile, i64 %k
  %p = load float, ptr %src, align 4
  %q = load float, ptr %own, align 4
  %d = fsub float %p, %q
  %a = load float, ptr %slot, align 4
  %sum = fadd float %a, %d
  store float %sum, ptr %slot, align 4
  br label %next

next:
  %knext = add nuw i64 %k, 1
  %kdone = icmp eq i64 %knext, %m
  br i1 %kdone, label %latch, label %inner

latch:
  %lnext = add nuw i64 %l, 1
  %done = icmp eq i64 %lnext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !0

exit:
  ret void
}

; Where nothing says the element can be read before the loop (it is read only where
; the branch is taken), it stays in memory.
; CHECK-LABEL: define void @unknown_block(
; CHECK: add:
; CHECK: store float %sum, ptr %slot, align 4
define void @unknown_block(ptr %acc, i64 %n, i64 %m) {
entry:
  %tls = call ptr @llvm.threadlocal.address.p0(ptr @local_base)
  br label %item

item:
  %l = phi i64 [ 0, %entry ], [ %lnext, %latch ]
  %slot = getelementptr float, ptr %acc, i64 %l
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %knext, %next ]
  %self = icmp eq i64 %k, %l
  br i1 %self, label %next, label %add

add:
  %tile = load ptr, ptr %tls, align 8
  %src = getelementptr float, ptr %tile, i64 %k
  %p = load float, ptr %src, align 4
  %a = load float, ptr %slot, align 4
  %sum = fadd float %a, %p
  store float %sum, ptr %slot, align 4
  br label %next

next:
  %knext = add nuw i64 %k, 1
  %kdone = icmp eq i64 %knext, %m
  br i1 %kdone, label %latch, label %inner

latch:
  %lnext = add nuw i64 %l, 1
  %done = icmp eq i64 %lnext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !2

exit:
  ret void
}

; Stores in two blocks: written after the loop, the element the loop stored on one
; side would be written with its other bytes as well; it stays in memory.
; CHECK-LABEL: define void @two_stores(
; CHECK: add:
; CHECK: store float %sum, ptr %slot, align 4
; CHECK: sub:
; CHECK: store float %diff, ptr %slot, align 4
define void @two_stores(i64 %n, i64 %m) {
entry:
  %bytes = shl i64 %n, 2
  %acc = call ptr @arena(i64 %bytes)
  call void @llvm.assume(i1 true) [ "dereferenceable"(ptr %acc, i64 %bytes) ]
  %tls = call ptr @llvm.threadlocal.address.p0(ptr @local_base)
  br label %item

item:
  %l = phi i64 [ 0, %entry ], [ %lnext, %latch ]
  %slot = getelementptr float, ptr %acc, i64 %l
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %knext, %next ]
  %tile = load ptr, ptr %tls, align 8
  %src = getelementptr float, ptr %tile, i64 %k
  %p = load float, ptr %src, align 4
  %a = load float, ptr %slot, align 4
  %self = icmp ult i64 %k, %l
  br i1 %self, label %sub, label %add

add:
  %sum = fadd float %a, %p
  store float %sum, ptr %slot, align 4
  br label %next

sub:
  %diff = fsub float %a, %p
  store float %diff, ptr %slot, align 4
  br label %next

next:
  %knext = add nuw i64 %k, 1
  %kdone = icmp eq i64 %knext, %m
  br i1 %kdone, label %latch, label %inner

latch:
  %lnext = add nuw i64 %l, 1
  %done = icmp eq i64 %lnext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !4

exit:
  ret void
}

; An element the loop stores but never reads (the last value above a threshold):
; its register starts as poison in each item, not as the item before's last value,
; which would be a value carried from item to item (and the items kept in order).
; CHECK-LABEL: define void @last_above(
; CHECK: item:
; CHECK-NEXT: %l = phi i64
; CHECK-NOT: phi float
; CHECK: inner:
; CHECK: weft.accumulator.write:
; NATIVE-LABEL: define void @last_above(
; NATIVE: vector.body:
define void @last_above(ptr %out, ptr %data, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %l = phi i64 [ 0, %entry ], [ %lnext, %latch ]
  %slot = getelementptr float, ptr %out, i64 %l
  %threshold = uitofp i64 %l to float
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %knext, %next ]
  %src = getelementptr float, ptr %data, i64 %k
  %v = load float, ptr %src, align 4
  %above = fcmp ogt float %v, %threshold
  br i1 %above, label %keep, label %next

keep:
  store float %v, ptr %slot, align 4
  br label %next

next:
  %knext = add nuw i64 %k, 1
  %kdone = icmp eq i64 %knext, %m
  br i1 %kdone, label %latch, label %inner

latch:
  %lnext = add nuw i64 %l, 1
  %done = icmp eq i64 %lnext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !6

exit:
  ret void
}

@local_base = thread_local global ptr null, align 8
declare ptr @llvm.threadlocal.address.p0(ptr)
declare ptr @arena(i64) memory(none)
declare void @llvm.assume(i1)

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.distribute.enable", i1 true}
!2 = distinct !{!2, !1}
!4 = distinct !{!4, !1}
!6 = distinct !{!6, !1}

; A loop over a hierarchical group's items whose items first test their id, as an
; `int`, against a bound the same for every item (`if (lid < i)` with `int lid` and
; `int i`: SYCL-Bench's tree step, `icmp sgt i32 %i, trunc(%id)`) and do nothing where
; it fails runs over the items that pass (region_loops.cpp, skip_failing_items): where
; the group has at most 2^31 items, int(id) is id and the items from max(i, 0) on fail,
; so the loop runs max(1, min(n, max(i, 0))) items; with more, all n. The guard stays.
; An unsigned test of the truncated id (ids past 2^32 pass again) and a guard after a
; store every item makes are left alone.
; RUN: %opt -passes=weft-candidate-item-loops -pass-remarks-analysis=weft -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -passes='function(weft-candidate-item-loops,loop-vectorize,verify)' -force-vector-width=4 -force-vector-interleave=1 -S %s | %FileCheck --check-prefix=WIDE %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; REMARK: kernel signed_tree_step: the items of a scoped or hierarchical loop {{.*}} (run over the items that pass its guard)
; REMARK: kernel unsigned_truncated_guard: the items of a scoped or hierarchical loop
; REMARK-NOT: run over the items that pass
; REMARK: kernel store_before_guard: the items of a scoped or hierarchical loop
; REMARK-NOT: run over the items that pass

; CHECK-LABEL: define void @signed_tree_step(
; CHECK: %[[FIT:[0-9a-z.]+]] = icmp ule i64 %n, 2147483648
; CHECK: %[[POS:[0-9a-z.]+]] = call i32 @llvm.smax.i32(i32 %half, i32 0)
; CHECK: %[[EXT:[0-9a-z.]+]] = zext i32 %[[POS]] to i64
; CHECK: %[[FEW:[0-9a-z.]+]] = call i64 @llvm.umin.i64(i64 %[[EXT]], i64 %n)
; CHECK: %[[SEL:[0-9a-z.]+]] = select i1 %[[FIT]], i64 %[[FEW]], i64 %n
; CHECK: %passing.items = call i64 @llvm.umax.i64(i64 %[[SEL]], i64 1)
; CHECK: items:
; CHECK: %pass = icmp sgt i32 %half, %lid
; CHECK-NEXT: br i1 %pass, label %add, label %item.end
; CHECK: %done = icmp eq i64 %id.next, %passing.items
; WIDE-LABEL: define void @signed_tree_step(
; WIDE: vector.body:
; WIDE: icmp sgt <4 x i32>
define void @signed_tree_step(ptr noalias %s, i32 %half, i64 %n) {
entry:
  br label %items

items:
  %id = phi i64 [ 0, %entry ], [ %id.next, %item.end ]
  %lid = trunc i64 %id to i32
  %pass = icmp sgt i32 %half, %lid
  br i1 %pass, label %add, label %item.end

add:
  %r = add nsw i32 %half, %lid
  %rx = sext i32 %r to i64
  %pr = getelementptr inbounds float, ptr %s, i64 %rx
  %vr = load float, ptr %pr, align 4
  %wx = sext i32 %lid to i64
  %pw = getelementptr inbounds float, ptr %s, i64 %wx
  %vw = load float, ptr %pw, align 4
  %sum = fadd float %vw, %vr
  store float %sum, ptr %pw, align 4
  br label %item.end

item.end:
  %id.next = add nuw i64 %id, 1
  %done = icmp eq i64 %id.next, %n
  br i1 %done, label %exit, label %items, !llvm.loop !0

exit:
  ret void
}

; `unsigned(id) < half`: ids 2^32 on pass again; all items run.
; CHECK-LABEL: define void @unsigned_truncated_guard(
; CHECK-NOT: passing.items
; CHECK: %done = icmp eq i64 %id.next, %n
define void @unsigned_truncated_guard(ptr noalias %s, i32 %half, i64 %n) {
entry:
  br label %items

items:
  %id = phi i64 [ 0, %entry ], [ %id.next, %item.end ]
  %lid = trunc i64 %id to i32
  %pass = icmp ult i32 %lid, %half
  br i1 %pass, label %add, label %item.end

add:
  %wx = zext i32 %lid to i64
  %pw = getelementptr inbounds float, ptr %s, i64 %wx
  %vw = load float, ptr %pw, align 4
  %sum = fadd float %vw, 1.0
  store float %sum, ptr %pw, align 4
  br label %item.end

item.end:
  %id.next = add nuw i64 %id, 1
  %done = icmp eq i64 %id.next, %n
  br i1 %done, label %exit, label %items, !llvm.loop !2

exit:
  ret void
}

; Every item stores its own slot before the guard: the items that fail it still write.
; CHECK-LABEL: define void @store_before_guard(
; CHECK-NOT: passing.items
; CHECK: %done = icmp eq i64 %id.next, %n
define void @store_before_guard(ptr noalias %s, ptr noalias %out, i32 %half, i64 %n) {
entry:
  br label %items

items:
  %id = phi i64 [ 0, %entry ], [ %id.next, %item.end ]
  %po = getelementptr inbounds i32, ptr %out, i64 %id
  store i32 0, ptr %po, align 4
  %lid = trunc i64 %id to i32
  %pass = icmp slt i32 %lid, %half
  br i1 %pass, label %add, label %item.end

add:
  %wx = sext i32 %lid to i64
  %pw = getelementptr inbounds float, ptr %s, i64 %wx
  %vw = load float, ptr %pw, align 4
  %sum = fadd float %vw, 1.0
  store float %sum, ptr %pw, align 4
  br label %item.end

item.end:
  %id.next = add nuw i64 %id, 1
  %done = icmp eq i64 %id.next, %n
  br i1 %done, label %exit, label %items, !llvm.loop !4

exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.distribute.enable", i1 true}
!2 = distinct !{!2, !1}
!4 = distinct !{!4, !1}

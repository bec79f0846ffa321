; A private copy each item makes of data the same for all items (SYCL-Bench's
; spec_constant_convolution, DynamicValue: `coeff = dynamic_coeff;` copies the captured
; coefficients into an array of the item's own, a memcpy, which the item's loop over the
; rows indexes, so SROA cannot split it): weft-item-loop-select (item_loop_select.cpp,
; hoist_private_copy) moves a memcpy or memset of a whole alloca of the function, first
; in the item, from an address the same for all items, before the loop when the alloca
; is only read in the loop after it; the loop over the rows, which counts from -1, counts
; from 0 (canonical_counters_inside: the native path widens no other), and the item loop
; is versioned on its row test, the same for all items but not for all rows (the row's
; tests at the first and last iterations). A copy after a store of the item, a copy the
; item changes, a copy of part of the alloca, a copy from an address of the item's own
; stay; their loops are refused. A row test whose rows depend on the item is no guard: the
; loop is refused.
; RUN: %opt -passes=weft-item-loop-select -pass-remarks-analysis=weft -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -enable-vplan-native-path -passes='function(weft-item-loop-select,loop-vectorize,verify)' -S %s | %FileCheck --check-prefix=WIDE %s

; REMARK: kernel private_copy: item loop given to the outer-loop vectorizer (where its bounds guards pass)
; REMARK: kernel private_memset: item loop given to the outer-loop vectorizer (where its bounds guards pass)
; REMARK: kernel copy_after_store: work items run one by one, not across vector lanes: the work item calls llvm.memcpy.p0.p0.i64, which has no vector form
; REMARK: kernel copy_changed: work items run one by one, not across vector lanes: the work item calls llvm.memcpy.p0.p0.i64, which has no vector form
; REMARK: kernel copy_part: work items run one by one, not across vector lanes: the work item calls llvm.memcpy.p0.p0.i64, which has no vector form
; REMARK: kernel copy_of_item: work items run one by one, not across vector lanes: the work item calls llvm.memcpy.p0.p0.i64, which has no vector form
; REMARK: kernel row_test_of_item: item loop given to the outer-loop vectorizer (its branches as masks)

target triple = "x86_64-pc-linux-gnu"

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)

; The copy runs once, before the guards' test (the row's test at rows row - 1 and
; row + 1, no wrap between them; the same for all items, so a row that fails runs one
; by one, with no scan of its items); the loop over the rows counts from 0 and ends at
; 3; the lifetime markers go.
; CHECK-LABEL: define void @private_copy(
; CHECK: item.guards:
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 4 %c, ptr align 4 %k, i64 12, i1 false)
; CHECK-NEXT: %[[FIRST:[0-9]+]] = add i64 %row, -1
; CHECK: @llvm.uadd.with.overflow.i64(i64 %[[START:[0-9]+]], i64 %[[SPAN:[0-9]+]])
; CHECK: icmp ult i64 %[[START]], %h
; CHECK-NEXT: icmp ult i64 %{{[0-9]+}}, %h
; CHECK: %all.items.pass = and i1
; CHECK-NEXT: br i1 %all.items.pass, label %item.all.pass, label %item.all.pass.some.fail
; CHECK-NOT: item.scan
; CHECK: item:
; CHECK-NOT: llvm.memcpy
; CHECK-NOT: llvm.lifetime
; CHECK: inner:
; CHECK-NEXT: %r = phi i64 [ 0, %item ], [ %r.next, %inner.latch ]
; CHECK: %r.from = add i64 %r, -1
; CHECK-NEXT: %y = add i64 %row, %r.from
; CHECK-NEXT: br label %tap
; CHECK: %rdone = icmp eq i64 %r.next, 3
; CHECK: item.latch:
; CHECK-NOT: llvm.lifetime
; CHECK: ret void
; WIDE-LABEL: define void @private_copy(
; WIDE: vector.body:
; WIDE: fadd <{{[0-9]+}} x float>
define void @private_copy(ptr %k, ptr %src, ptr %out, i64 %row, i64 %h, i64 %w, i64 %begin, i64 %end) {
entry:
  %c = alloca [3 x float], align 4
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item.preheader, label %exit

item.preheader:
  br label %item

item:
  %j = phi i64 [ %begin, %item.preheader ], [ %j.next, %item.latch ]
  call void @llvm.lifetime.start.p0(ptr %c)
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %c, ptr align 4 %k, i64 12, i1 false)
  br label %inner

inner:
  %r = phi i64 [ -1, %item ], [ %r.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  %y = add i64 %row, %r
  %outside = icmp uge i64 %y, %h
  br i1 %outside, label %inner.latch, label %tap

tap:
  %ci = add i64 %r, 1
  %pc = getelementptr [3 x float], ptr %c, i64 0, i64 %ci
  %cv = load float, ptr %pc, align 4
  %yw = mul i64 %y, %w
  %idx = add i64 %yw, %j
  %pa = getelementptr float, ptr %src, i64 %idx
  %v = load float, ptr %pa, align 4
  %m = fmul float %cv, %v
  %t = fadd float %s, %m
  br label %inner.latch

inner.latch:
  %s.next = phi float [ %s, %inner ], [ %t, %tap ]
  %r.next = add nsw i64 %r, 1
  %rdone = icmp eq i64 %r.next, 2
  br i1 %rdone, label %item.latch, label %inner

item.latch:
  %po = getelementptr float, ptr %out, i64 %j
  store float %s.next, ptr %po, align 4
  call void @llvm.lifetime.end.p0(ptr %c)
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define void @private_memset(
; CHECK: item.guards:
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 4 %c, i8 0, i64 12, i1 false)
; CHECK: item:
; CHECK-NOT: llvm.memset
; CHECK: ret void
; WIDE-LABEL: define void @private_memset(
; WIDE: vector.body:
define void @private_memset(ptr %k, ptr %src, ptr %out, i64 %row, i64 %h, i64 %w, i64 %begin, i64 %end) {
entry:
  %c = alloca [3 x float], align 4
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item.preheader, label %exit

item.preheader:
  br label %item

item:
  %j = phi i64 [ %begin, %item.preheader ], [ %j.next, %item.latch ]
  call void @llvm.lifetime.start.p0(ptr %c)
  call void @llvm.memset.p0.i64(ptr align 4 %c, i8 0, i64 12, i1 false)
  br label %inner

inner:
  %r = phi i64 [ -1, %item ], [ %r.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  %y = add i64 %row, %r
  %outside = icmp uge i64 %y, %h
  br i1 %outside, label %inner.latch, label %tap

tap:
  %ci = add i64 %r, 1
  %pc = getelementptr [3 x float], ptr %c, i64 0, i64 %ci
  %cv = load float, ptr %pc, align 4
  %yw = mul i64 %y, %w
  %idx = add i64 %yw, %j
  %pa = getelementptr float, ptr %src, i64 %idx
  %v = load float, ptr %pa, align 4
  %m = fmul float %cv, %v
  %t = fadd float %s, %m
  br label %inner.latch

inner.latch:
  %s.next = phi float [ %s, %inner ], [ %t, %tap ]
  %r.next = add nsw i64 %r, 1
  %rdone = icmp eq i64 %r.next, 2
  br i1 %rdone, label %item.latch, label %inner

item.latch:
  %po = getelementptr float, ptr %out, i64 %j
  store float %s.next, ptr %po, align 4
  call void @llvm.lifetime.end.p0(ptr %c)
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !4

exit:
  ret void
}

; The item stores before its copy: the copy stays.
; CHECK-LABEL: define void @copy_after_store(
; CHECK: item:
; CHECK: store float 0.000000e+00, ptr %p0, align 4
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 4 %c, ptr align 4 %k, i64 12, i1 false)
; CHECK-NOT: all.items.pass
; CHECK: ret void
define void @copy_after_store(ptr %k, ptr %src, ptr %out, i64 %row, i64 %h, i64 %w, i64 %begin, i64 %end) {
entry:
  %c = alloca [3 x float], align 4
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item.preheader, label %exit

item.preheader:
  br label %item

item:
  %j = phi i64 [ %begin, %item.preheader ], [ %j.next, %item.latch ]
  call void @llvm.lifetime.start.p0(ptr %c)
  %p0 = getelementptr float, ptr %out, i64 %j
  store float 0.0, ptr %p0, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %c, ptr align 4 %k, i64 12, i1 false)
  br label %inner

inner:
  %r = phi i64 [ -1, %item ], [ %r.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  %y = add i64 %row, %r
  %outside = icmp uge i64 %y, %h
  br i1 %outside, label %inner.latch, label %tap

tap:
  %ci = add i64 %r, 1
  %pc = getelementptr [3 x float], ptr %c, i64 0, i64 %ci
  %cv = load float, ptr %pc, align 4
  %yw = mul i64 %y, %w
  %idx = add i64 %yw, %j
  %pa = getelementptr float, ptr %src, i64 %idx
  %v = load float, ptr %pa, align 4
  %m = fmul float %cv, %v
  %t = fadd float %s, %m
  br label %inner.latch

inner.latch:
  %s.next = phi float [ %s, %inner ], [ %t, %tap ]
  %r.next = add nsw i64 %r, 1
  %rdone = icmp eq i64 %r.next, 2
  br i1 %rdone, label %item.latch, label %inner

item.latch:
  %po = getelementptr float, ptr %out, i64 %j
  store float %s.next, ptr %po, align 4
  call void @llvm.lifetime.end.p0(ptr %c)
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !6

exit:
  ret void
}

; The item changes its copy: the copy stays.
; CHECK-LABEL: define void @copy_changed(
; CHECK: item:
; CHECK: call void @llvm.lifetime.start.p0(ptr %c)
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 4 %c, ptr align 4 %k, i64 12, i1 false)
; CHECK-NEXT: %c1 = getelementptr
; CHECK: ret void
define void @copy_changed(ptr %k, ptr %src, ptr %out, i64 %row, i64 %h, i64 %w, i64 %begin, i64 %end) {
entry:
  %c = alloca [3 x float], align 4
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item.preheader, label %exit

item.preheader:
  br label %item

item:
  %j = phi i64 [ %begin, %item.preheader ], [ %j.next, %item.latch ]
  call void @llvm.lifetime.start.p0(ptr %c)
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %c, ptr align 4 %k, i64 12, i1 false)
  %c1 = getelementptr inbounds i8, ptr %c, i64 4
  store float 1.0, ptr %c1, align 4
  br label %inner

inner:
  %r = phi i64 [ -1, %item ], [ %r.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  %y = add i64 %row, %r
  %outside = icmp uge i64 %y, %h
  br i1 %outside, label %inner.latch, label %tap

tap:
  %ci = add i64 %r, 1
  %pc = getelementptr [3 x float], ptr %c, i64 0, i64 %ci
  %cv = load float, ptr %pc, align 4
  %yw = mul i64 %y, %w
  %idx = add i64 %yw, %j
  %pa = getelementptr float, ptr %src, i64 %idx
  %v = load float, ptr %pa, align 4
  %m = fmul float %cv, %v
  %t = fadd float %s, %m
  br label %inner.latch

inner.latch:
  %s.next = phi float [ %s, %inner ], [ %t, %tap ]
  %r.next = add nsw i64 %r, 1
  %rdone = icmp eq i64 %r.next, 2
  br i1 %rdone, label %item.latch, label %inner

item.latch:
  %po = getelementptr float, ptr %out, i64 %j
  store float %s.next, ptr %po, align 4
  call void @llvm.lifetime.end.p0(ptr %c)
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !8

exit:
  ret void
}

; The copy fills part of the alloca (the rest would be what an earlier item left): it stays.
; CHECK-LABEL: define void @copy_part(
; CHECK: item:
; CHECK: call void @llvm.lifetime.start.p0(ptr %c)
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 4 %c, ptr align 4 %k, i64 8, i1 false)
; CHECK: ret void
define void @copy_part(ptr %k, ptr %src, ptr %out, i64 %row, i64 %h, i64 %w, i64 %begin, i64 %end) {
entry:
  %c = alloca [3 x float], align 4
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item.preheader, label %exit

item.preheader:
  br label %item

item:
  %j = phi i64 [ %begin, %item.preheader ], [ %j.next, %item.latch ]
  call void @llvm.lifetime.start.p0(ptr %c)
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %c, ptr align 4 %k, i64 8, i1 false)
  br label %inner

inner:
  %r = phi i64 [ -1, %item ], [ %r.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  %y = add i64 %row, %r
  %outside = icmp uge i64 %y, %h
  br i1 %outside, label %inner.latch, label %tap

tap:
  %ci = add i64 %r, 1
  %pc = getelementptr [3 x float], ptr %c, i64 0, i64 %ci
  %cv = load float, ptr %pc, align 4
  %yw = mul i64 %y, %w
  %idx = add i64 %yw, %j
  %pa = getelementptr float, ptr %src, i64 %idx
  %v = load float, ptr %pa, align 4
  %m = fmul float %cv, %v
  %t = fadd float %s, %m
  br label %inner.latch

inner.latch:
  %s.next = phi float [ %s, %inner ], [ %t, %tap ]
  %r.next = add nsw i64 %r, 1
  %rdone = icmp eq i64 %r.next, 2
  br i1 %rdone, label %item.latch, label %inner

item.latch:
  %po = getelementptr float, ptr %out, i64 %j
  store float %s.next, ptr %po, align 4
  call void @llvm.lifetime.end.p0(ptr %c)
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !10

exit:
  ret void
}

; A copy from an address of the item's own is not the same for all items: it stays.
; CHECK-LABEL: define void @copy_of_item(
; CHECK: item:
; CHECK: %kj = getelementptr float, ptr %k, i64 %j
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 4 %c, ptr align 4 %kj, i64 12, i1 false)
; CHECK: ret void
define void @copy_of_item(ptr %k, ptr %src, ptr %out, i64 %row, i64 %h, i64 %w, i64 %begin, i64 %end) {
entry:
  %c = alloca [3 x float], align 4
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item.preheader, label %exit

item.preheader:
  br label %item

item:
  %j = phi i64 [ %begin, %item.preheader ], [ %j.next, %item.latch ]
  call void @llvm.lifetime.start.p0(ptr %c)
  %kj = getelementptr float, ptr %k, i64 %j
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %c, ptr align 4 %kj, i64 12, i1 false)
  br label %inner

inner:
  %r = phi i64 [ -1, %item ], [ %r.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  %y = add i64 %row, %r
  %outside = icmp uge i64 %y, %h
  br i1 %outside, label %inner.latch, label %tap

tap:
  %ci = add i64 %r, 1
  %pc = getelementptr [3 x float], ptr %c, i64 0, i64 %ci
  %cv = load float, ptr %pc, align 4
  %yw = mul i64 %y, %w
  %idx = add i64 %yw, %j
  %pa = getelementptr float, ptr %src, i64 %idx
  %v = load float, ptr %pa, align 4
  %m = fmul float %cv, %v
  %t = fadd float %s, %m
  br label %inner.latch

inner.latch:
  %s.next = phi float [ %s, %inner ], [ %t, %tap ]
  %r.next = add nsw i64 %r, 1
  %rdone = icmp eq i64 %r.next, 2
  br i1 %rdone, label %item.latch, label %inner

item.latch:
  %po = getelementptr float, ptr %out, i64 %j
  store float %s.next, ptr %po, align 4
  call void @llvm.lifetime.end.p0(ptr %c)
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !12

exit:
  ret void
}

; A row test whose rows depend on the item (`j + i >= h`: the start of the loop's counter is
; the item's) is no guard of the loop inside the item: no versioning; its branch becomes a
; mask instead (item_loop_masks.ll), the tap's loads reading through selects.
; CHECK-LABEL: define void @row_test_of_item(
; CHECK: item.preheader:
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 4 %c, ptr align 4 %k, i64 12, i1 false)
; CHECK-NOT: all.items.pass
; CHECK: inner:
; CHECK: select i1 %{{.*}}, ptr %pa, ptr @weft.speculated_loads
; CHECK: ret void
define void @row_test_of_item(ptr %k, ptr %src, ptr %out, i64 %row, i64 %h, i64 %w, i64 %begin, i64 %end) {
entry:
  %c = alloca [3 x float], align 4
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item.preheader, label %exit

item.preheader:
  br label %item

item:
  %j = phi i64 [ %begin, %item.preheader ], [ %j.next, %item.latch ]
  call void @llvm.lifetime.start.p0(ptr %c)
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %c, ptr align 4 %k, i64 12, i1 false)
  br label %inner

inner:
  %r = phi i64 [ -1, %item ], [ %r.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  %y = add i64 %j, %r
  %outside = icmp uge i64 %y, %h
  br i1 %outside, label %inner.latch, label %tap

tap:
  %ci = add i64 %r, 1
  %pc = getelementptr [3 x float], ptr %c, i64 0, i64 %ci
  %cv = load float, ptr %pc, align 4
  %yw = mul i64 %y, %w
  %idx = add i64 %yw, %j
  %pa = getelementptr float, ptr %src, i64 %idx
  %v = load float, ptr %pa, align 4
  %m = fmul float %cv, %v
  %t = fadd float %s, %m
  br label %inner.latch

inner.latch:
  %s.next = phi float [ %s, %inner ], [ %t, %tap ]
  %r.next = add nsw i64 %r, 1
  %rdone = icmp eq i64 %r.next, 2
  br i1 %rdone, label %item.latch, label %inner

item.latch:
  %po = getelementptr float, ptr %out, i64 %j
  store float %s.next, ptr %po, align 4
  call void @llvm.lifetime.end.p0(ptr %c)
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !14

exit:
  ret void
}

!1 = distinct !{}
!2 = distinct !{!2, !20, !30}
!3 = distinct !{}
!4 = distinct !{!4, !21, !30}
!5 = distinct !{}
!6 = distinct !{!6, !22, !30}
!7 = distinct !{}
!8 = distinct !{!8, !23, !30}
!9 = distinct !{}
!10 = distinct !{!10, !24, !30}
!11 = distinct !{}
!12 = distinct !{!12, !25, !30}
!13 = distinct !{}
!14 = distinct !{!14, !26, !30}
!20 = !{!"llvm.loop.parallel_accesses", !1}
!21 = !{!"llvm.loop.parallel_accesses", !3}
!22 = !{!"llvm.loop.parallel_accesses", !5}
!23 = !{!"llvm.loop.parallel_accesses", !7}
!24 = !{!"llvm.loop.parallel_accesses", !9}
!25 = !{!"llvm.loop.parallel_accesses", !11}
!26 = !{!"llvm.loop.parallel_accesses", !13}
!30 = !{!"llvm.loop.vectorize.enable", i1 true}

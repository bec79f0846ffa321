; Phis that carry nothing, and a trip count read from the kernel's copy: an item
; accumulating a vec<float, 3> over a captured count (`for (i < n) acc += ...`).
; SROA leaves the vector's padding lane as phis through the item loop's header: an
; undefined web (phis of undef and each other) and a dead cycle (phis only each other
; uses). weft-item-loop-select (item_loop_select.cpp, idle_phis.cpp) removes both, as
; InstSimplify and dead-code elimination would, and moves the read of `n` before the
; loop where the item reads it first (hoist_read_bounds, trip counts): the loop
; inside the item then runs the same number of times for every item, and the loop
; is widened. A padding lane carried in a vector beside the lane the item sets (`store
; <2 x float> {z, pad}`, the pad from the loops around) is undef wherever it comes from:
; the item's insertelement inserts into undef, and the phis are then a dead cycle. A
; value really carried from item to item, and a count read after the item's store,
; still refuse the loop.
; RUN: %opt -passes=weft-item-loop-select -pass-remarks-analysis=weft -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -enable-vplan-native-path -passes='function(weft-item-loop-select,loop-vectorize,verify)' -S %s | %FileCheck --check-prefix=WIDE %s

target triple = "x86_64-pc-linux-gnu"

declare void @copy_kernel(ptr)

; REMARK: kernel padding_lane: item loop given to the outer-loop vectorizer
; REMARK: kernel padding_pair: item loop given to the outer-loop vectorizer
; REMARK: kernel carried: work items run one by one, not across vector lanes: a value is carried from one work item to the next (a reduction or a recurrence in the item loop)
; REMARK: kernel count_after_store: work items run one by one, not across vector lanes: a loop inside the work item runs a different number of times for different items

; CHECK-LABEL: define void @padding_lane(
; CHECK: %n = load i64, ptr %k.n, align 8
; CHECK: item:
; CHECK-NOT: %pad
; CHECK-NOT: %dead
; CHECK-NOT: load i64, ptr %k.n
; CHECK: store float undef, ptr %pw, align 4
; CHECK: ret void
; WIDE-LABEL: define void @padding_lane(
; WIDE: vector.body:
; WIDE: fadd <{{[0-9]+}} x float>
define void @padding_lane(ptr %src, i64 %begin, i64 %end) {
entry:
  %k = alloca { ptr, ptr, i64 }, align 8  ; the kernel's copy: in, out, the count
  call void @copy_kernel(ptr %k)
  %k.out = getelementptr inbounds i8, ptr %k, i64 8
  %k.n = getelementptr inbounds i8, ptr %k, i64 16
  %out = load ptr, ptr %k.out, align 8
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item.preheader, label %exit

item.preheader:
  br label %item

item:
  %j = phi i64 [ %begin, %item.preheader ], [ %j.next, %item.latch ]
  %pad = phi float [ undef, %item.preheader ], [ %pad.out, %item.latch ]
  %dead = phi float [ 0.0, %item.preheader ], [ %dead.out, %item.latch ]
  %n = load i64, ptr %k.n, align 8
  %pj = getelementptr float, ptr %src, i64 %j
  %x = load float, ptr %pj, align 4
  br label %inner

inner:
  %i = phi i64 [ 0, %item ], [ %i.next, %inner ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %pad.in = phi float [ %pad, %item ], [ %pad.in, %inner ]
  %dead.in = phi float [ %dead, %item ], [ %dead.in, %inner ]
  %pi = getelementptr float, ptr %src, i64 %i
  %y = load float, ptr %pi, align 4
  %d = fsub float %y, %x
  %s.next = fadd float %s, %d
  %i.next = add i64 %i, 1
  %idone = icmp uge i64 %i.next, %n
  br i1 %idone, label %item.latch, label %inner

item.latch:
  %pad.out = phi float [ %pad.in, %inner ]
  %dead.out = phi float [ %dead.in, %inner ]
  %pc = getelementptr [4 x float], ptr %out, i64 %j
  store float %s.next, ptr %pc, align 4
  %pw = getelementptr inbounds i8, ptr %pc, i64 12
  store float %pad.out, ptr %pw, align 4
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define void @padding_pair(
; The vector is then split into its lanes (the loop is widened), the pad undef; the
; item's pair is kept in registers across the loop over k (item_loop_accumulators.cpp)
; and stored after it.
; CHECK-NOT: phi <2 x float>
; CHECK: item:
; CHECK: %weft.accumulator.0 = phi float
; CHECK-NOT: store
; CHECK: store float %sum.lcssa, ptr %slot, align 8
; CHECK-NEXT: %[[PAD:[0-9]+]] = getelementptr i8, ptr %slot, i64 4
; CHECK-NEXT: store float undef, ptr %[[PAD]], align 4
define void @padding_pair(ptr %acc, ptr %src, i64 %begin, i64 %end) {
entry:
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.latch ]
  %pair = phi <2 x float> [ undef, %entry ], [ %p.next, %item.latch ]
  %slot = getelementptr <2 x float>, ptr %acc, i64 %j
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner ]
  %p = phi <2 x float> [ %pair, %item ], [ %p.next, %inner ]
  %pk = getelementptr float, ptr %src, i64 %k
  %v = load float, ptr %pk, align 4
  %z = load float, ptr %slot, align 8
  %sum = fadd float %z, %v
  %p.next = insertelement <2 x float> %p, float %sum, i64 0
  store <2 x float> %p.next, ptr %slot, align 8
  %k.next = add nuw nsw i64 %k, 1
  %kdone = icmp eq i64 %k.next, 16
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !8

exit:
  ret void
}

; A sum over items (`total += x`, a value defined before the loop): carried, refused.
; CHECK-LABEL: define void @carried(
; CHECK: %total = phi float [ 0.000000e+00, %item.preheader ]
define void @carried(ptr %src, ptr %out, i64 %n, i64 %begin, i64 %end) {
entry:
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item.preheader, label %exit

item.preheader:
  br label %item

item:
  %j = phi i64 [ %begin, %item.preheader ], [ %j.next, %item.latch ]
  %total = phi float [ 0.0, %item.preheader ], [ %total.out, %item.latch ]
  br label %inner

inner:
  %i = phi i64 [ 0, %item ], [ %i.next, %inner ]
  %t = phi float [ %total, %item ], [ %t.next, %inner ]
  %pi = getelementptr float, ptr %src, i64 %i
  %y = load float, ptr %pi, align 4
  %t.next = fadd float %t, %y
  %i.next = add i64 %i, 1
  %idone = icmp uge i64 %i.next, %n
  br i1 %idone, label %item.latch, label %inner

item.latch:
  %total.out = phi float [ %t.next, %inner ]
  %pc = getelementptr float, ptr %out, i64 %j
  store float %total.out, ptr %pc, align 4
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !4

exit:
  ret void
}

; The item stores before it reads the count: the read stays in the loop.
; CHECK-LABEL: define void @count_after_store(
; CHECK: item:
; CHECK: store float 0.000000e+00, ptr %pc, align 4
; CHECK-NEXT: %n = load i64, ptr %k.n, align 8
define void @count_after_store(ptr %src, ptr %out, i64 %begin, i64 %end) {
entry:
  %k = alloca { ptr, ptr, i64 }, align 8
  call void @copy_kernel(ptr %k)
  %k.n = getelementptr inbounds i8, ptr %k, i64 16
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item.preheader, label %exit

item.preheader:
  br label %item

item:
  %j = phi i64 [ %begin, %item.preheader ], [ %j.next, %item.latch ]
  %pc = getelementptr float, ptr %out, i64 %j
  store float 0.0, ptr %pc, align 4
  %n = load i64, ptr %k.n, align 8
  br label %inner

inner:
  %i = phi i64 [ 0, %item ], [ %i.next, %inner ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %pi = getelementptr float, ptr %src, i64 %i
  %y = load float, ptr %pi, align 4
  %s.next = fadd float %s, %y
  %i.next = add i64 %i, 1
  %idone = icmp uge i64 %i.next, %n
  br i1 %idone, label %item.latch, label %inner

item.latch:
  store float %s.next, ptr %pc, align 4
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !6

exit:
  ret void
}

!1 = distinct !{}
!2 = distinct !{!2, !10, !11}
!3 = distinct !{}
!4 = distinct !{!4, !12, !11}
!5 = distinct !{}
!6 = distinct !{!6, !13, !11}
!10 = !{!"llvm.loop.parallel_accesses", !1}
!11 = !{!"llvm.loop.vectorize.enable", i1 true}
!12 = !{!"llvm.loop.parallel_accesses", !3}
!13 = !{!"llvm.loop.parallel_accesses", !5}
!7 = distinct !{}
!8 = distinct !{!8, !14, !11}
!14 = !{!"llvm.loop.parallel_accesses", !7}

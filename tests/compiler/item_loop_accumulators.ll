; An item's accumulator in memory kept in registers across the loop inside the item
; (item_loop_accumulators.cpp): each item j adds `a[k] * b[k * n + j]` into its own
; `c[j]` over k. The loop is versioned on a run-time test that the loop's other
; accesses (a, b) miss the items' elements of c; where it passes, c[j] is read before
; the loop over k, carried in a register (a phi) and stored after it, and the item
; loop is given to the outer-loop vectorizer; where it fails, a copy runs the items
; one by one as they were (no vectorize mark), tagged with the reason.
; RUN: %opt -passes=weft-item-loop-select -pass-remarks-analysis=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks

; REMARK: kernel accumulate: item loop given to the outer-loop vectorizer (1 accumulator(s) in registers)

; CHECK-LABEL: define void @accumulate(
; CHECK: %accesses.apart = and i1
; CHECK: br i1 %accesses.apart, label %item.apart, label %item.apart.overlap
; The copy where the test fails: the element loaded and stored in every pass.
; CHECK: inner.overlap:
; CHECK: load float, ptr %pc.overlap
; CHECK: store float %new.overlap, ptr %pc.overlap
; CHECK: br i1 %jdone.overlap, label %exit, label %item.overlap, !llvm.loop ![[SLOW:[0-9]+]]
; The version where it passes: read before the loop, a register across it, stored after.
; CHECK: inner.ph:
; CHECK-NEXT: %[[FIRST:[0-9]+]] = load float, ptr %pc
; CHECK: inner:
; CHECK-NEXT: %weft.accumulator.0 = phi float [ %[[FIRST]], %inner.ph ], [ %new, %inner ]
; CHECK-NOT: store
; CHECK: %new = fadd float %weft.accumulator.0, %prod
; CHECK-NOT: store
; CHECK: inner.exit:
; CHECK-NEXT: %new.lcssa = phi float [ %new, %inner ]
; CHECK-NEXT: store float %new.lcssa, ptr %pc
; CHECK: br i1 %jdone, label %exit, label %item, !llvm.loop ![[FAST:[0-9]+]]
; CHECK-DAG: ![[SLOW]] = distinct !{![[SLOW]], ![[PARALLEL:[0-9]+]], ![[TAG:[0-9]+]]}
; CHECK-DAG: ![[TAG]] = !{!"weft.item_loop", !"the run-time test for its accumulators failed: they may overlap its other accesses"}
; CHECK-DAG: ![[FAST]] = distinct !{![[FAST]], ![[PARALLEL]], ![[ENABLE:[0-9]+]], !{{[0-9]+}}, !{{[0-9]+}}}
; CHECK-DAG: ![[ENABLE]] = !{!"llvm.loop.vectorize.enable", i1 true}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @accumulate(ptr %a, ptr %b, ptr %c, i64 %n, i64 %m) #0 {
entry:
  %go = icmp ne i64 %m, 0
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  %pc = getelementptr float, ptr %c, i64 %j
  br i1 %go, label %inner.ph, label %item.latch

inner.ph:
  br label %inner

inner:
  %k = phi i64 [ 0, %inner.ph ], [ %k.next, %inner ]
  %pa = getelementptr float, ptr %a, i64 %k
  %va = load float, ptr %pa, align 4, !llvm.access.group !1
  %kn = mul i64 %k, %n
  %idx = add i64 %kn, %j
  %pb = getelementptr float, ptr %b, i64 %idx
  %vb = load float, ptr %pb, align 4, !llvm.access.group !1
  %prod = fmul float %va, %vb
  %old = load float, ptr %pc, align 4, !llvm.access.group !1
  %new = fadd float %old, %prod
  store float %new, ptr %pc, align 4, !llvm.access.group !1
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %inner.exit, label %inner

inner.exit:
  br label %item.latch

item.latch:
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !2

exit:
  ret void
}

attributes #0 = { "min-legal-vector-width"="0" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+fma" }

!1 = distinct !{}
!2 = distinct !{!2, !3, !4}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!4 = !{!"llvm.loop.vectorize.enable", i1 true}

; Each work item walks its own row (x[i] = sum_j a[i * n + j] * y[j]): widened, every
; lane would stream another row and the row's loads become gathers across rows.
; weft-item-loop-select (item_loop_select.cpp, rows_per_item) leaves such an item
; loop scalar, with a remark, where the target's gathers cost more than two scalar
; loads a lane in LLVM's cost model (Zen 3: measured 2x slower than the scalar loop),
; and widens it where gathers are fast (Zen 4). These sums keep their order, so clang's
; loop vectorizer cannot widen the loop inside the item instead (where it can, the item
; loop stays scalar on any target: item_loop_rows_inside.ll). Accesses one, two to
; four elements apart from item to item (weft-lane-accesses makes vector loads of
; them) and accesses the items share do not count.
; RUN: %opt -mcpu=znver3 -passes=weft-item-loop-select -pass-remarks-analysis=weft -pass-remarks-missed=weft -S %s 2>&1 >/dev/null | %FileCheck --check-prefix=SLOW %s
; RUN: %opt -mcpu=znver4 -passes=weft-item-loop-select -pass-remarks-analysis=weft -pass-remarks-missed=weft -S %s 2>&1 >/dev/null | %FileCheck --check-prefix=FAST %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; SLOW: kernel row_per_item: work items run one by one, not across vector lanes: each work item walks its own row (its accesses are a run-time stride apart from one item to the next): widened, they would be gathers across rows, which this target makes slower than the scalar loop
; SLOW: kernel column_per_item: item loop given to the outer-loop vectorizer
; FAST: kernel row_per_item: item loop given to the outer-loop vectorizer
; FAST: kernel column_per_item: item loop given to the outer-loop vectorizer

define void @row_per_item(ptr %a, ptr %y, ptr %x, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %i.next, %item.latch ]
  %row = mul i64 %i, %n
  br label %inner

inner:
  %j = phi i64 [ 0, %item ], [ %j.next, %inner ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %at = add i64 %row, %j
  %pa = getelementptr inbounds float, ptr %a, i64 %at
  %va = load float, ptr %pa, align 4, !llvm.access.group !1
  %py = getelementptr inbounds float, ptr %y, i64 %j
  %vy = load float, ptr %py, align 4, !llvm.access.group !1
  %m = fmul float %va, %vy
  %s.next = fadd float %s, %m
  %j.next = add nuw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %item.latch, label %inner

item.latch:
  %px = getelementptr inbounds float, ptr %x, i64 %i
  store float %s.next, ptr %px, align 4, !llvm.access.group !1
  %i.next = add nuw i64 %i, 1
  %idone = icmp eq i64 %i.next, %n
  br i1 %idone, label %exit, label %item, !llvm.loop !2

exit:
  ret void
}

; The transposed walk (x[i] = sum_j a[j * n + i] * y[j]): consecutive across items.
define void @column_per_item(ptr %a, ptr %y, ptr %x, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %i.next, %item.latch ]
  br label %inner

inner:
  %j = phi i64 [ 0, %item ], [ %j.next, %inner ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %row = mul i64 %j, %n
  %at = add i64 %row, %i
  %pa = getelementptr inbounds float, ptr %a, i64 %at
  %va = load float, ptr %pa, align 4, !llvm.access.group !11
  %py = getelementptr inbounds float, ptr %y, i64 %j
  %vy = load float, ptr %py, align 4, !llvm.access.group !11
  %m = fmul float %va, %vy
  %s.next = fadd float %s, %m
  %j.next = add nuw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %item.latch, label %inner

item.latch:
  %px = getelementptr inbounds float, ptr %x, i64 %i
  store float %s.next, ptr %px, align 4, !llvm.access.group !11
  %i.next = add nuw i64 %i, 1
  %idone = icmp eq i64 %i.next, %n
  br i1 %idone, label %exit, label %item, !llvm.loop !12

exit:
  ret void
}

!1 = distinct !{}
!2 = distinct !{!2, !3, !4}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!4 = !{!"llvm.loop.vectorize.enable", i1 true}
!11 = distinct !{}
!12 = distinct !{!12, !13, !14}
!13 = !{!"llvm.loop.parallel_accesses", !11}
!14 = !{!"llvm.loop.vectorize.enable", i1 true}

; Each work item walks its own row (x[i] = sum_j a[i * n + j] * y[j]) and its sum may
; be reordered (fast-math flags): clang's loop vectorizer widens the loop inside the
; item along the row with consecutive loads, where the outer-loop vectorizer would make
; every row access a gather across rows (polybench syr2k, syrk, mvt: 1.3-4x slower).
; weft-item-loop-select (item_loop_select.cpp, rows_widened_inside) asks the vectorizer
; on a copy of the function and, where it widens the loop inside, leaves the item loop
; scalar with a remark, on any target, fast gathers or not. An item loop with an access
; consecutive across items (the transposed walk) stays the outer-loop vectorizer's, and
; so does a row whose sum keeps its order (the loop inside stays scalar; gathers are fast
; on this target: item_loop_rows.ll).
; RUN: %opt -mcpu=sapphirerapids -passes=weft-item-loop-select -pass-remarks-analysis=weft -pass-remarks-missed=weft -S %s 2>&1 >/dev/null | %FileCheck --check-prefix=REMARK %s
; RUN: %opt -mcpu=sapphirerapids -passes=weft-item-loop-select -S %s | %FileCheck --check-prefix=MARK %s
; RUN: %opt -mcpu=sapphirerapids -passes=weft-item-loop-select,loop-rotate,loop-vectorize -S %s | %FileCheck --check-prefix=WIDENED %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; REMARK: kernel row_per_item: work items run one by one, not across vector lanes: each work item walks its own row (its accesses are a run-time stride apart from one item to the next, consecutive along the loop inside the item): widened across items, they would be gathers across rows; the loop vectorizer widens the loop inside the item along the row instead
; REMARK: kernel column_per_item: item loop given to the outer-loop vectorizer
; REMARK: kernel row_per_item_ordered: item loop given to the outer-loop vectorizer
; REMARK: kernel row_and_column: item loop given to the outer-loop vectorizer

; The row's item loop loses its vectorize mark (keeping assume_safety), the others keep it.
; MARK-LABEL: define void @row_per_item(
; MARK: br i1 %idone, label %exit, label %item, !llvm.loop [[ROW:![0-9]+]]
; MARK-LABEL: define void @column_per_item(
; MARK: br i1 %idone, label %exit, label %item, !llvm.loop [[COLUMN:![0-9]+]]
; MARK: [[ROW]] = distinct !{[[ROW]], [[SAFE:![0-9]+]], [[WHY:![0-9]+]]}
; MARK: [[SAFE]] = !{!"llvm.loop.parallel_accesses", {{.*}}}
; MARK: [[WHY]] = !{!"weft.item_loop", !"each work item walks its own row
; MARK: [[COLUMN]] = distinct !{[[COLUMN]], {{![0-9]+}}, [[ENABLE:![0-9]+]], {{.*}}}
; MARK: [[ENABLE]] = !{!"llvm.loop.vectorize.enable", i1 true}

; Widened: the row with consecutive loads along j, the column across items.
; WIDENED-LABEL: define void @row_per_item(
; WIDENED-NOT: gather
; WIDENED: load <8 x float>
; WIDENED-NOT: gather
; WIDENED-LABEL: define void @column_per_item(
; WIDENED: call <32 x float> @llvm.masked.gather

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
  %m = fmul fast float %va, %vy
  %s.next = fadd fast float %s, %m
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
  %m = fmul fast float %va, %vy
  %s.next = fadd fast float %s, %m
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

; The same row, its sum in order (no fast-math flags).
define void @row_per_item_ordered(ptr %a, ptr %y, ptr %x, i64 %n) {
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
  %va = load float, ptr %pa, align 4, !llvm.access.group !21
  %py = getelementptr inbounds float, ptr %y, i64 %j
  %vy = load float, ptr %py, align 4, !llvm.access.group !21
  %m = fmul float %va, %vy
  %s.next = fadd float %s, %m
  %j.next = add nuw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %item.latch, label %inner

item.latch:
  %px = getelementptr inbounds float, ptr %x, i64 %i
  store float %s.next, ptr %px, align 4, !llvm.access.group !21
  %i.next = add nuw i64 %i, 1
  %idone = icmp eq i64 %i.next, %n
  br i1 %idone, label %exit, label %item, !llvm.loop !22

exit:
  ret void
}

; A row and a column in one loop (x[i] = sum_j a[i * n + j] * b[j * n + i]): each
; form makes one of them a gather; the outer-loop vectorizer's makes b's consecutive.
define void @row_and_column(ptr %a, ptr %b, ptr %x, i64 %n) {
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
  %va = load float, ptr %pa, align 4, !llvm.access.group !31
  %col = mul i64 %j, %n
  %bt = add i64 %col, %i
  %pb = getelementptr inbounds float, ptr %b, i64 %bt
  %vb = load float, ptr %pb, align 4, !llvm.access.group !31
  %m = fmul fast float %va, %vb
  %s.next = fadd fast float %s, %m
  %j.next = add nuw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %item.latch, label %inner

item.latch:
  %px = getelementptr inbounds float, ptr %x, i64 %i
  store float %s.next, ptr %px, align 4, !llvm.access.group !31
  %i.next = add nuw i64 %i, 1
  %idone = icmp eq i64 %i.next, %n
  br i1 %idone, label %exit, label %item, !llvm.loop !32

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
!21 = distinct !{}
!22 = distinct !{!22, !23, !24}
!23 = !{!"llvm.loop.parallel_accesses", !21}
!24 = !{!"llvm.loop.vectorize.enable", i1 true}
!31 = distinct !{}
!32 = distinct !{!32, !33, !34}
!33 = !{!"llvm.loop.parallel_accesses", !31}
!34 = !{!"llvm.loop.vectorize.enable", i1 true}

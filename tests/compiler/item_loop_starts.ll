; A loop inside the item that starts where the item does (polybench correlation's
; `for (j2 = j1 + 1; j2 <= M; j2++)`) starts with the item loop's first item: its
; guard tests the first item's start, its counter counts from 0 (the first item's
; start added back), and every access in it, the loop inside it too, runs under
; `active` (the item's own guard and j2 >= the item's start): loads read Weft's block
; of zeros, stores write the discard slot where it fails. Left alone: a start that
; steps down from item to item, a value carried across its iterations, a value used
; after it, a guard that tests something else, a bound that differs between items.
; RUN: %opt -passes=weft-item-loop-select -pass-remarks-analysis=weft -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -enable-vplan-native-path -passes='function(weft-item-loop-select,loop-vectorize,verify)' -S %s | %FileCheck --check-prefix=WIDE %s

; REMARK: kernel triangle: item loop given to the outer-loop vectorizer (loops inside it from the first item's start)
; REMARK: kernel guard_one_apart: item loop given to the outer-loop vectorizer (loops inside it from the first item's start)
; REMARK: kernel exit_at_bound: item loop given to the outer-loop vectorizer (loops inside it from the first item's start)
; REMARK: kernel counter_tested: item loop given to the outer-loop vectorizer (loops inside it from the first item's start)
; REMARK: kernel steps_down: work items run one by one, not across vector lanes: a loop inside the work item runs a different number of times for different items (its start cannot be the first item's: its start steps down from item to item)
; REMARK: kernel carried: {{.*}}(its start cannot be the first item's: it carries a value from one iteration to the next besides its counter)
; REMARK: kernel used_after: {{.*}}(its start cannot be the first item's: a value it computes is used after it)
; REMARK: kernel other_guard: {{.*}}(its start cannot be the first item's: it is entered under a test other than its start's)
; REMARK: kernel item_bound: {{.*}}(its start cannot be the first item's: it does not count up to a bound the same for all items)

; CHECK-LABEL: define void @triangle(
; CHECK: %weft.start.enters = icmp ule i64 1, %m
; CHECK-NEXT: %[[SKIP:[0-9]+]] = xor i1 %weft.start.enters, true
; CHECK: item:
; CHECK: %skip = icmp ugt i64 %s, %m
; CHECK-NEXT: %weft.start.item_enters = xor i1 %skip, true
; CHECK-NEXT: br i1 %[[SKIP]], label %item.latch, label %inner.preheader
; CHECK: inner:
; CHECK-NEXT: %k = phi i64 [ 0, %inner.preheader ], [ %k.next, %inner.latch ]
; CHECK-NEXT: %k.from = add i64 %k, 1
; CHECK-NEXT: %weft.start.reached = icmp uge i64 %k.from, %s
; CHECK-NEXT: %weft.start.active = and i1 %weft.start.item_enters, %weft.start.reached
; CHECK: select i1 %weft.start.active, ptr %pc, ptr %weft.discarded_stores
; CHECK: row:
; CHECK: %[[PA:[0-9]+]] = select i1 %weft.start.active, ptr %pa, ptr @weft.speculated_loads
; CHECK-NEXT: load float, ptr %[[PA]]
; CHECK: %kdone = icmp eq i64 %k.next, %{{[0-9a-z.]+}}
; WIDE-LABEL: define void @triangle(
; WIDE: vector.body:
; WIDE: masked.scatter
define void @triangle(ptr %a, ptr %c, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  %s = add nuw i64 %j, 1
  %skip = icmp ugt i64 %s, %m
  br i1 %skip, label %item.latch, label %inner.preheader

inner.preheader:
  br label %inner

inner:
  %k = phi i64 [ %s, %inner.preheader ], [ %k.next, %inner.latch ]
  %cj = mul i64 %j, %m
  %cidx = add i64 %cj, %k
  %pc = getelementptr float, ptr %c, i64 %cidx
  store float 0.0, ptr %pc, align 4, !llvm.access.group !1
  br label %row

row:
  %i = phi i64 [ 0, %inner ], [ %i.next, %row ]
  %acc = phi float [ 0.0, %inner ], [ %acc.next, %row ]
  %im = mul i64 %i, %m
  %aidx = add i64 %im, %j
  %pa = getelementptr float, ptr %a, i64 %aidx
  %va = load float, ptr %pa, align 4, !llvm.access.group !1
  %bidx = add i64 %im, %k
  %pb = getelementptr float, ptr %a, i64 %bidx
  %vb = load float, ptr %pb, align 4, !llvm.access.group !1
  %prod = fmul float %va, %vb
  %acc.next = fadd float %acc, %prod
  %i.next = add nuw i64 %i, 1
  %idone = icmp eq i64 %i.next, %n
  br i1 %idone, label %inner.latch, label %row

inner.latch:
  store float %acc.next, ptr %pc, align 4, !llvm.access.group !1
  %k.next = add nuw i64 %k, 1
  %kdone = icmp ugt i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %j.next = add nuw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !2

exit:
  ret void
}

; Covariance's `for (j2 = j1; j2 <= M; j2++)`, j1 = j + 1: InstCombine tests `j < M`
; for `j + 1 <= M` (j + 1 does not wrap).
; CHECK-LABEL: define void @guard_one_apart(
; CHECK: %weft.start.enters = icmp ule i64 1, %m
; CHECK: %weft.start.reached = icmp uge i64 %k.from, %s
define void @guard_one_apart(ptr %c, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  %s = add nuw i64 %j, 1
  %fits = icmp ult i64 %j, %m
  br i1 %fits, label %inner.preheader, label %item.latch

inner.preheader:
  br label %inner

inner:
  %k = phi i64 [ %s, %inner.preheader ], [ %k.next, %inner ]
  %cj = mul i64 %j, %m
  %cidx = add i64 %cj, %k
  %pc = getelementptr float, ptr %c, i64 %cidx
  store float 1.0, ptr %pc, align 4, !llvm.access.group !61
  %k.next = add nuw i64 %k, 1
  %kdone = icmp ugt i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %j.next = add nuw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !62

exit:
  ret void
}

; `for (j2 = j1; j2 < M; j2++)` as LLVM leaves it once the guard tests j1 < M: the loop
; ends where its next value equals M.
; CHECK-LABEL: define void @exit_at_bound(
; CHECK: %weft.start.enters = icmp ult i64 1, %m
; CHECK: %weft.start.reached = icmp uge i64 %k.from, %s
define void @exit_at_bound(ptr %c, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  %s = add nuw i64 %j, 1
  %fits = icmp ult i64 %s, %m
  br i1 %fits, label %inner.preheader, label %item.latch

inner.preheader:
  br label %inner

inner:
  %k = phi i64 [ %s, %inner.preheader ], [ %k.next, %inner ]
  %cj = mul i64 %j, %m
  %cidx = add i64 %cj, %k
  %pc = getelementptr float, ptr %c, i64 %cidx
  store float 1.0, ptr %pc, align 4, !llvm.access.group !71
  %k.next = add nuw i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %j.next = add nuw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !72

exit:
  ret void
}

; `for (j2 = j1; j2 < 130; j2++)` as LLVM leaves it for a constant bound: the counter itself
; tested, `j2 < 129` after the iteration j2.
; CHECK-LABEL: define void @counter_tested(
; CHECK: br i1 true, label %inner.preheader, label %item.latch
; CHECK: %weft.start.reached = icmp uge i64 %k.from, %s
define void @counter_tested(ptr %c, i64 %n) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  %s = add nuw i64 %j, 1
  %fits = icmp ult i64 %j, 129
  br i1 %fits, label %inner.preheader, label %item.latch

inner.preheader:
  br label %inner

inner:
  %k = phi i64 [ %s, %inner.preheader ], [ %k.next, %inner ]
  %cj = mul i64 %j, 130
  %cidx = add i64 %cj, %k
  %pc = getelementptr float, ptr %c, i64 %cidx
  store float 1.0, ptr %pc, align 4, !llvm.access.group !81
  %k.next = add nuw i64 %k, 1
  %more = icmp ult i64 %k, 129
  br i1 %more, label %inner, label %item.latch

item.latch:
  %j.next = add nuw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !82

exit:
  ret void
}

; CHECK-LABEL: define void @steps_down(
; CHECK-NOT: weft.start
; CHECK: ret void
define void @steps_down(ptr %c, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  %s = sub i64 %m, %j
  %skip = icmp uge i64 %s, %m
  br i1 %skip, label %item.latch, label %inner.preheader

inner.preheader:
  br label %inner

inner:
  %k = phi i64 [ %s, %inner.preheader ], [ %k.next, %inner ]
  %cj = mul i64 %j, %m
  %cidx = add i64 %cj, %k
  %pc = getelementptr float, ptr %c, i64 %cidx
  store float 1.0, ptr %pc, align 4, !llvm.access.group !11
  %k.next = add nuw i64 %k, 1
  %kdone = icmp uge i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %j.next = add nuw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !12

exit:
  ret void
}

; CHECK-LABEL: define void @carried(
; CHECK-NOT: weft.start
; CHECK: ret void
define void @carried(ptr %c, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  %s = add nuw i64 %j, 1
  %skip = icmp uge i64 %s, %m
  br i1 %skip, label %item.latch, label %inner.preheader

inner.preheader:
  br label %inner

inner:
  %k = phi i64 [ %s, %inner.preheader ], [ %k.next, %inner ]
  %run = phi float [ 0.0, %inner.preheader ], [ %run.next, %inner ]
  %run.next = fadd float %run, 1.0
  %cj = mul i64 %j, %m
  %cidx = add i64 %cj, %k
  %pc = getelementptr float, ptr %c, i64 %cidx
  store float %run.next, ptr %pc, align 4, !llvm.access.group !21
  %k.next = add nuw i64 %k, 1
  %kdone = icmp uge i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %j.next = add nuw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !22

exit:
  ret void
}

; CHECK-LABEL: define void @used_after(
; CHECK-NOT: weft.start
; CHECK: ret void
define void @used_after(ptr %c, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  %s = add nuw i64 %j, 1
  %skip = icmp uge i64 %s, %m
  br i1 %skip, label %item.latch, label %inner.preheader

inner.preheader:
  br label %inner

inner:
  %k = phi i64 [ %s, %inner.preheader ], [ %k.next, %inner ]
  %cj = mul i64 %j, %m
  %cidx = add i64 %cj, %k
  %pc = getelementptr float, ptr %c, i64 %cidx
  %v = load float, ptr %pc, align 4, !llvm.access.group !31
  %k.next = add nuw i64 %k, 1
  %kdone = icmp uge i64 %k.next, %m
  br i1 %kdone, label %inner.exit, label %inner

inner.exit:
  %last = phi float [ %v, %inner ]
  %pj = getelementptr float, ptr %c, i64 %j
  store float %last, ptr %pj, align 4, !llvm.access.group !31
  br label %item.latch

item.latch:
  %j.next = add nuw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !32

exit:
  ret void
}

; CHECK-LABEL: define void @other_guard(
; CHECK-NOT: weft.start
; CHECK: ret void
define void @other_guard(ptr %c, ptr %flags, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  %s = add nuw i64 %j, 1
  %pf = getelementptr i8, ptr %flags, i64 %j
  %f = load i8, ptr %pf, align 1, !llvm.access.group !41
  %fits = icmp ult i64 %s, %m
  %on = icmp ne i8 %f, 0
  %go = and i1 %fits, %on
  br i1 %go, label %inner.preheader, label %item.latch

inner.preheader:
  br label %inner

inner:
  %k = phi i64 [ %s, %inner.preheader ], [ %k.next, %inner ]
  %cj = mul i64 %j, %m
  %cidx = add i64 %cj, %k
  %pc = getelementptr float, ptr %c, i64 %cidx
  store float 1.0, ptr %pc, align 4, !llvm.access.group !41
  %k.next = add nuw i64 %k, 1
  %kdone = icmp uge i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %j.next = add nuw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !42

exit:
  ret void
}

; CHECK-LABEL: define void @item_bound(
; CHECK-NOT: weft.start
; CHECK: ret void
define void @item_bound(ptr %c, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  %s = add nuw i64 %j, 1
  %e = add nuw i64 %j, %m
  br label %inner

inner:
  %k = phi i64 [ %s, %item ], [ %k.next, %inner ]
  %cj = mul i64 %j, %m
  %cidx = add i64 %cj, %k
  %pc = getelementptr float, ptr %c, i64 %cidx
  store float 1.0, ptr %pc, align 4, !llvm.access.group !51
  %k.next = add nuw i64 %k, 1
  %kdone = icmp uge i64 %k.next, %e
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %j.next = add nuw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !52

exit:
  ret void
}

!1 = distinct !{}
!2 = distinct !{!2, !3, !4}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!4 = !{!"llvm.loop.vectorize.enable", i1 true}
!11 = distinct !{}
!12 = distinct !{!12, !13, !4}
!13 = !{!"llvm.loop.parallel_accesses", !11}
!21 = distinct !{}
!22 = distinct !{!22, !23, !4}
!23 = !{!"llvm.loop.parallel_accesses", !21}
!31 = distinct !{}
!32 = distinct !{!32, !33, !4}
!33 = !{!"llvm.loop.parallel_accesses", !31}
!41 = distinct !{}
!42 = distinct !{!42, !43, !4}
!43 = !{!"llvm.loop.parallel_accesses", !41}
!51 = distinct !{}
!52 = distinct !{!52, !53, !4}
!53 = !{!"llvm.loop.parallel_accesses", !51}
!61 = distinct !{}
!62 = distinct !{!62, !63, !4}
!63 = !{!"llvm.loop.parallel_accesses", !61}
!71 = distinct !{}
!72 = distinct !{!72, !73, !4}
!73 = !{!"llvm.loop.parallel_accesses", !71}
!81 = distinct !{}
!82 = distinct !{!82, !83, !4}
!83 = !{!"llvm.loop.parallel_accesses", !81}

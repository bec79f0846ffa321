; Relaxed atomic updates that every item of an item loop makes to one address become
; an accumulator the loop carries (the operation's identity before it) and one update
; by the accumulated value after it, where that is not the identity: an add under a
; branch, a sub (its values added, one sub of the sum), a signed max. Left one per
; item, with a remark naming why: a floating-point add, an update whose old value the
; item uses, an acq_rel update, another update at an address that differs between
; items, a call, a plain load of the updated address, updates by different operations
; of addresses that may be one, and a loop that is no item loop (no remark: not Weft's).
; RUN: %opt -passes=weft-atomic-combine -pass-remarks=weft -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -passes='function(weft-atomic-combine,loop-vectorize,verify)' -force-vector-width=4 -S %s | %FileCheck --check-prefix=WIDE %s

; REMARK: remark: <unknown>:0:0: kernel add_under_branch: 1 atomic update(s) of one address made once per run of the item loop, of the items' values combined
; REMARK: kernel sub_and_max: 2 atomic update(s) of one address made once per run of the item loop
; REMARK: kernel float_add: its items' atomic updates of one address stay one per item: the work item makes a floating-point update (the sum of the items' values would round differently)
; REMARK: kernel old_value_used: {{.*}}: the work item makes an update whose previous value the item uses
; REMARK: kernel acq_rel: {{.*}}: the work item makes an update with an ordering stronger than memory_order::relaxed
; REMARK: kernel histogram_too: {{.*}}: the work item makes another atomic update, at an address that differs between items
; REMARK: kernel calls: {{.*}}: the work item makes a call
; REMARK: kernel reads_it: {{.*}}: the work item makes a load or store of the updated address
; REMARK: kernel may_be_one: {{.*}}: the work item makes updates of one address by different operations
; REMARK-NOT: not_an_item_loop

; CHECK-LABEL: define void @add_under_branch(
; CHECK: item:
; CHECK-NEXT: %[[ACC:.*]] = phi i64 [ 0, %entry ], [ %[[NEXT:.*]], %item.latch ]
; CHECK-NOT: atomicrmw
; CHECK: add i64 %[[ACC]], %v
; CHECK: exit:
; CHECK-NEXT: %[[TOTAL:.*]] = phi i64 [ %[[NEXT]], %item.latch ]
; CHECK-NEXT: %[[SOME:.*]] = icmp ne i64 %[[TOTAL]], 0
; CHECK-NEXT: br i1 %[[SOME]]
; CHECK: atomicrmw add ptr %sum, i64 %[[TOTAL]] monotonic, align 8
; CHECK: ret void
; WIDE-LABEL: define void @add_under_branch(
; WIDE: vector.body:
; WIDE: add <4 x i64>
; WIDE: atomicrmw add ptr %sum
define void @add_under_branch(ptr %a, ptr %sum, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %i.next, %item.latch ]
  %pa = getelementptr i64, ptr %a, i64 %i
  %v = load i64, ptr %pa, align 8, !llvm.access.group !1
  %positive = icmp sgt i64 %v, 0
  br i1 %positive, label %update, label %item.latch

update:
  %old = atomicrmw add ptr %sum, i64 %v monotonic, align 8, !llvm.access.group !1
  br label %item.latch

item.latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %item, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define void @sub_and_max(
; CHECK-NOT: atomicrmw {{.*}}!llvm.access.group
; CHECK: %[[MAX:.*]] = icmp ne i32 %{{.*}}, -2147483648
; CHECK: atomicrmw max ptr %top, i32
; CHECK: atomicrmw sub ptr %count, i32
define void @sub_and_max(ptr %a, ptr noalias %count, ptr noalias %top, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %i.next, %item ]
  %pa = getelementptr i32, ptr %a, i64 %i
  %v = load i32, ptr %pa, align 4, !llvm.access.group !11
  %c = atomicrmw sub ptr %count, i32 1 monotonic, align 4, !llvm.access.group !11
  %t = atomicrmw max ptr %top, i32 %v monotonic, align 4, !llvm.access.group !11
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %item, !llvm.loop !12

exit:
  ret void
}

; CHECK-LABEL: define void @float_add(
; CHECK: atomicrmw fadd ptr %sum, float %v monotonic, align 4, !llvm.access.group
define void @float_add(ptr %a, ptr %sum, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %i.next, %item ]
  %pa = getelementptr float, ptr %a, i64 %i
  %v = load float, ptr %pa, align 4, !llvm.access.group !21
  %old = atomicrmw fadd ptr %sum, float %v monotonic, align 4, !llvm.access.group !21
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %item, !llvm.loop !22

exit:
  ret void
}

; CHECK-LABEL: define void @old_value_used(
; CHECK: atomicrmw add ptr %counter, i64 1 monotonic, align 8, !llvm.access.group
define void @old_value_used(ptr %slots, ptr %counter, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %i.next, %item ]
  %slot = atomicrmw add ptr %counter, i64 1 monotonic, align 8, !llvm.access.group !31
  %ps = getelementptr i64, ptr %slots, i64 %slot
  store i64 %i, ptr %ps, align 8, !llvm.access.group !31
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %item, !llvm.loop !32

exit:
  ret void
}

; CHECK-LABEL: define void @acq_rel(
; CHECK: atomicrmw add ptr %sum, i64 %v acq_rel, align 8, !llvm.access.group
define void @acq_rel(ptr %a, ptr %sum, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %i.next, %item ]
  %pa = getelementptr i64, ptr %a, i64 %i
  %v = load i64, ptr %pa, align 8, !llvm.access.group !41
  %old = atomicrmw add ptr %sum, i64 %v acq_rel, align 8, !llvm.access.group !41
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %item, !llvm.loop !42

exit:
  ret void
}

; CHECK-LABEL: define void @histogram_too(
; CHECK: atomicrmw add ptr %total, i32 1 monotonic, align 4, !llvm.access.group
define void @histogram_too(ptr %a, ptr %bins, ptr %total, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %i.next, %item ]
  %pa = getelementptr i32, ptr %a, i64 %i
  %v = load i32, ptr %pa, align 4, !llvm.access.group !51
  %bin = getelementptr i32, ptr %bins, i32 %v
  %b = atomicrmw add ptr %bin, i32 1 monotonic, align 4, !llvm.access.group !51
  %t = atomicrmw add ptr %total, i32 1 monotonic, align 4, !llvm.access.group !51
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %item, !llvm.loop !52

exit:
  ret void
}

declare void @opaque(i64)

; CHECK-LABEL: define void @calls(
; CHECK: atomicrmw add ptr %sum, i64 %i monotonic, align 8, !llvm.access.group
define void @calls(ptr %sum, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %i.next, %item ]
  %old = atomicrmw add ptr %sum, i64 %i monotonic, align 8, !llvm.access.group !61
  call void @opaque(i64 %i), !llvm.access.group !61
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %item, !llvm.loop !62

exit:
  ret void
}

; CHECK-LABEL: define void @reads_it(
; CHECK: atomicrmw add ptr %sum, i64 %i monotonic, align 8, !llvm.access.group
define void @reads_it(ptr %out, ptr %sum, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %i.next, %item ]
  %old = atomicrmw add ptr %sum, i64 %i monotonic, align 8, !llvm.access.group !71
  %now = load i64, ptr %sum, align 8, !llvm.access.group !71
  %po = getelementptr i64, ptr %out, i64 %i
  store i64 %now, ptr %po, align 8, !llvm.access.group !71
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %item, !llvm.loop !72

exit:
  ret void
}

; CHECK-LABEL: define void @may_be_one(
; CHECK: atomicrmw sub ptr %count, i32 1 monotonic, align 4, !llvm.access.group
define void @may_be_one(ptr %a, ptr %count, ptr %top, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %i.next, %item ]
  %pa = getelementptr i32, ptr %a, i64 %i
  %v = load i32, ptr %pa, align 4, !llvm.access.group !81
  %c = atomicrmw sub ptr %count, i32 1 monotonic, align 4, !llvm.access.group !81
  %t = atomicrmw max ptr %top, i32 %v monotonic, align 4, !llvm.access.group !81
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %item, !llvm.loop !82

exit:
  ret void
}

; CHECK-LABEL: define void @not_an_item_loop(
; CHECK: atomicrmw add ptr %sum, i64 %i monotonic, align 8
define void @not_an_item_loop(ptr %sum, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %old = atomicrmw add ptr %sum, i64 %i monotonic, align 8
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

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

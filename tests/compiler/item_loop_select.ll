; Which item loops go to the outer-loop vectorizer: kept where every lane can run
; its own item exactly (a loop inside the item that runs the same number of times
; for all items); refused, with a remark naming the kernel and the reason, where it
; cannot, and then the vectorize mark is gone so the loop vectorizer works on the
; loops inside the item as usual. An outer loop with a vectorize mark but no
; assume_safety is not an item loop: its mark goes, silently.
; RUN: %opt -passes=weft-item-loop-select -pass-remarks-analysis=weft -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks

; REMARK: kernel uniform_inner: item loop given to the outer-loop vectorizer
; REMARK: kernel triangular: work items run one by one, not across vector lanes: a loop inside the work item runs a different number of times for different items
; REMARK: kernel carried: work items run one by one, not across vector lanes: a value is carried from one work item to the next
; REMARK: kernel opaque_call: work items run one by one, not across vector lanes: the work item calls opaque, which has no vector form
; REMARK: kernel atomic: work items run one by one, not across vector lanes: the work item makes an atomic access
; REMARK: kernel divergent: work items run one by one, not across vector lanes: a branch in the work item goes different ways for different items
; REMARK-NOT: not_an_item_loop
; REMARK-NOT: innermost
; REMARK-NOT: vector_values
; REMARK: kernel uniform_branch_inner: item loop given to the outer-loop vectorizer (where its bounds guards pass)
; REMARK: kernel uniform_merge_after_inner: item loop given to the outer-loop vectorizer (where its bounds guards pass)
; REMARK: kernel uniform_diamond_after_inner: work items run one by one, not across vector lanes: a branch in the work item merges values (with a loop inside the item, the outer-loop vectorizer can pair them with the wrong branch)

; CHECK-LABEL: define void @uniform_inner(
; CHECK: br i1 %jdone, label %exit, label %item, !llvm.loop ![[KEPT:[0-9]+]]
define void @uniform_inner(ptr %a, ptr %c, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  %km = mul i64 %k, %n
  %idx = add i64 %km, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !1
  br label %inner.latch

inner.latch:
  %s.next = fadd float %s, %v
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %pc = getelementptr float, ptr %c, i64 %j
  store float %s.next, ptr %pc, align 4, !llvm.access.group !1
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define void @triangular(
; CHECK: br i1 %jdone, label %exit, label %item, !llvm.loop ![[TRI:[0-9]+]]
define void @triangular(ptr %a, ptr %c, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  %km = mul i64 %k, %n
  %idx = add i64 %km, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !11
  br label %inner.latch

inner.latch:
  %s.next = fadd float %s, %v
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %j
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %pc = getelementptr float, ptr %c, i64 %j
  store float %s.next, ptr %pc, align 4, !llvm.access.group !11
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !12

exit:
  ret void
}

define void @carried(ptr %a, ptr %c, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %item.latch ]
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  %km = mul i64 %k, %n
  %idx = add i64 %km, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !21
  br label %inner.latch

inner.latch:
  %s.next = fadd float %s, %v
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %pc = getelementptr float, ptr %c, i64 %j
  store float %s.next, ptr %pc, align 4, !llvm.access.group !21
  %sum.next = fadd float %sum, %s.next
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !22

exit:
  ret void
}

define void @opaque_call(ptr %a, ptr %c, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  %km = mul i64 %k, %n
  %idx = add i64 %km, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !31
  call void @opaque()
  br label %inner.latch

inner.latch:
  %s.next = fadd float %s, %v
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %pc = getelementptr float, ptr %c, i64 %j
  store float %s.next, ptr %pc, align 4, !llvm.access.group !31
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !32

exit:
  ret void
}

define void @atomic(ptr %a, ptr %c, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  %km = mul i64 %k, %n
  %idx = add i64 %km, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !41
  %old = atomicrmw add ptr %c, i32 1 monotonic, align 4
  br label %inner.latch

inner.latch:
  %s.next = fadd float %s, %v
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %pc = getelementptr float, ptr %c, i64 %j
  store float %s.next, ptr %pc, align 4, !llvm.access.group !41
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !42

exit:
  ret void
}

define void @divergent(ptr %a, ptr %c, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  %odd = trunc i64 %j to i1
  br i1 %odd, label %inner, label %item.latch

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %km = mul i64 %k, %n
  %idx = add i64 %km, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !51
  %s.next = fadd float %s, %v
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %store, label %inner

store:
  %pc = getelementptr float, ptr %c, i64 %j
  store float %s.next, ptr %pc, align 4, !llvm.access.group !51
  br label %item.latch

item.latch:
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !52

exit:
  ret void
}

; CHECK-LABEL: define void @not_an_item_loop(
; CHECK: br i1 %jdone, label %exit, label %item, !llvm.loop ![[NOTITEM:[0-9]+]]
define void @not_an_item_loop(ptr %a, ptr %c, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  %km = mul i64 %k, %n
  %idx = add i64 %km, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !61
  br label %inner.latch

inner.latch:
  %s.next = fadd float %s, %v
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %pc = getelementptr float, ptr %c, i64 %j
  store float %s.next, ptr %pc, align 4, !llvm.access.group !61
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !62

exit:
  ret void
}

; An item loop with no loop inside the item keeps assume_safety and loses the force:
; the ordinary loop vectorizer weighs it.
; CHECK-LABEL: define void @innermost(
; CHECK: br i1 %done, label %exit, label %item, !llvm.loop ![[INNER:[0-9]+]]
define void @innermost(ptr %a, i64 %n) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item ]
  %p = getelementptr float, ptr %a, i64 %j
  %v = load float, ptr %p, align 4, !llvm.access.group !101
  %w = fadd float %v, 1.0
  store float %w, ptr %p, align 4, !llvm.access.group !101
  %j.next = add i64 %j, 1
  %done = icmp eq i64 %j.next, %n
  br i1 %done, label %exit, label %item, !llvm.loop !102

exit:
  ret void
}

; An item loop whose items hold vector-typed values (a float4 passed in two halves)
; has them split into scalars first: the loop vectorizer widens only scalars.
; CHECK-LABEL: define void @vector_values(
; CHECK: load float
; CHECK: load float
; CHECK: fadd float
; CHECK: fadd float
; CHECK-NOT: fadd <2 x float>
; CHECK: ret void
define void @vector_values(ptr %a, i64 %n) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item ]
  %p = getelementptr <2 x float>, ptr %a, i64 %j
  %v = load <2 x float>, ptr %p, align 8, !llvm.access.group !111
  %w = fadd <2 x float> %v, splat (float 1.0)
  store <2 x float> %w, ptr %p, align 8, !llvm.access.group !111
  %j.next = add i64 %j, 1
  %done = icmp eq i64 %j.next, %n
  br i1 %done, label %exit, label %item, !llvm.loop !112

exit:
  ret void
}

declare void @opaque()

; The kept loop keeps its mark and gets a vector width (a register of its data, not
; of its 64-bit counters); the refused and the non-item loops lose the mark. Item
; loops get the tag weft-item-loop-report reads, a refused one with its reason.
; A branch inside the loop in the item, the same way for every item, merging a value
; in the loop's latch (kernel-fuzz seed 60558: the outer-loop vectorizer kept the
; value from before the loop): versioned on its condition (item_loop_guards.ll), the
; copy given to the outer-loop vectorizer has no branch left inside the loop. The
; condition is the same for all items: where it fails, all run one by one (no scan).
; CHECK-LABEL: define void @uniform_branch_inner(
; CHECK: br i1 %all.items.pass, label %item.all.pass, label %item.all.pass.some.fail
; CHECK: inner:
; CHECK-NOT: br i1 %flag
; CHECK: br label %set
define void @uniform_branch_inner(ptr %a, i64 %n, i64 %m, i1 %flag) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  %pa = getelementptr i32, ptr %a, i64 %j
  %v0 = load i32, ptr %pa, align 4, !llvm.access.group !121
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner.latch ]
  %v = phi i32 [ %v0, %item ], [ %v.next, %inner.latch ]
  br i1 %flag, label %inner.latch, label %set

set:
  %kt = trunc i64 %k to i32
  br label %inner.latch

inner.latch:
  %v.next = phi i32 [ %v, %inner ], [ %kt, %set ]
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  store i32 %v.next, ptr %pa, align 4, !llvm.access.group !121
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !122

exit:
  ret void
}

; A branch the same for every item, after a loop in the item, merging a value in the
; item loop's latch (kernel-fuzz seed 120380: the outer-loop vectorizer paired the
; merge's values with the wrong branch and kept the value from before). Its working
; side is the one that sets the value (it joins the other): the loop is versioned on
; the condition, and the copy given to the outer-loop vectorizer has neither the
; branch nor the merge; where the condition has the other value, all items run one by
; one in the loop as it was.
; CHECK-LABEL: define void @uniform_merge_after_inner(
; CHECK: item.guards:
; CHECK: %[[SETS:[0-9]+]] = xor i1 %flag, true
; CHECK: %all.items.pass = and i1 true, %[[SETS]]
; CHECK: br i1 %all.items.pass, label %item.all.pass, label %item.all.pass.some.fail
; CHECK: item.some.fail:
; CHECK: br i1 %flag, label %item.latch.some.fail, label %set.some.fail
; CHECK: %v.some.fail = phi i32
; CHECK: br i1 %jdone.some.fail, label %exit, label %item.some.fail, !llvm.loop ![[UMASLOW:[0-9]+]]
; CHECK: item:
; CHECK-NOT: br i1 %flag
; CHECK-NOT: phi i32 [ %v0
; CHECK: %r = add i32 %jt, %w.out
; CHECK: br i1 %jdone, label %exit, label %item, !llvm.loop ![[UMA:[0-9]+]]
define void @uniform_merge_after_inner(ptr %a, i64 %n, i32 %m, i1 %flag) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  %jt = trunc i64 %j to i32
  %pa = getelementptr i32, ptr %a, i64 %j
  %v0 = load i32, ptr %pa, align 4, !llvm.access.group !131
  br label %inner

inner:
  %k = phi i32 [ 0, %item ], [ %k.next, %inner ]
  %w = phi i32 [ %jt, %item ], [ %w.next, %inner ]
  %w.next = xor i32 %w, %k
  %k.next = add i32 %k, 1
  %kdone = icmp eq i32 %k.next, %m
  br i1 %kdone, label %after, label %inner

after:
  %w.out = phi i32 [ %w.next, %inner ]
  br i1 %flag, label %item.latch, label %set

set:
  br label %set.end

set.end:
  br label %item.latch

item.latch:
  %v = phi i32 [ %v0, %after ], [ %jt, %set.end ]
  %r = add i32 %v, %w.out
  store i32 %r, ptr %pa, align 4, !llvm.access.group !131
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !132

exit:
  ret void
}

; The same branch with a value set on each side (no working side): it stays, and so
; does its merge; refused.
; CHECK-LABEL: define void @uniform_diamond_after_inner(
; CHECK: br i1 %jdone, label %exit, label %item, !llvm.loop ![[UMD:[0-9]+]]
define void @uniform_diamond_after_inner(ptr %a, i64 %n, i32 %m, i1 %flag) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  %jt = trunc i64 %j to i32
  %pa = getelementptr i32, ptr %a, i64 %j
  %v0 = load i32, ptr %pa, align 4, !llvm.access.group !141
  br label %inner

inner:
  %k = phi i32 [ 0, %item ], [ %k.next, %inner ]
  %w = phi i32 [ %jt, %item ], [ %w.next, %inner ]
  %w.next = xor i32 %w, %k
  %k.next = add i32 %k, 1
  %kdone = icmp eq i32 %k.next, %m
  br i1 %kdone, label %after, label %inner

after:
  %w.out = phi i32 [ %w.next, %inner ]
  br i1 %flag, label %keep, label %set

keep:
  %v1 = add i32 %v0, 1
  br label %item.latch

set:
  %v2 = mul i32 %jt, 3
  br label %item.latch

item.latch:
  %v = phi i32 [ %v1, %keep ], [ %v2, %set ]
  %r = add i32 %v, %w.out
  store i32 %r, ptr %pa, align 4, !llvm.access.group !141
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !142

exit:
  ret void
}

; CHECK-DAG: ![[KEPT]] = distinct !{![[KEPT]], !{{[0-9]+}}, ![[ENABLE:[0-9]+]], ![[WIDTH:[0-9]+]], ![[TAG:[0-9]+]]}
; CHECK-DAG: ![[ENABLE]] = !{!"llvm.loop.vectorize.enable", i1 true}
; CHECK-DAG: ![[WIDTH]] = !{!"llvm.loop.vectorize.width", i32 {{[0-9]+}}}
; CHECK-DAG: ![[TAG]] = !{!"weft.item_loop"}
; CHECK-DAG: ![[UMA]] = distinct !{![[UMA]], !{{[0-9]+}}, ![[ENABLE]], ![[WIDTH]], ![[TAG]]}
; CHECK-DAG: ![[UMASLOW]] = distinct !{![[UMASLOW]], !{{[0-9]+}}}
; CHECK-DAG: ![[UMD]] = distinct !{![[UMD]], !{{[0-9]+}}, ![[UMDTAG:[0-9]+]]}
; CHECK-DAG: ![[UMDTAG]] = !{!"weft.item_loop", !"a branch in the work item merges values (with a loop inside the item, the outer-loop vectorizer can pair them with the wrong branch)"}
; CHECK-DAG: ![[TRI]] = distinct !{![[TRI]], !{{[0-9]+}}, ![[TRITAG:[0-9]+]]}
; CHECK-DAG: ![[TRITAG]] = !{!"weft.item_loop", !"a loop inside the work item runs a different number of times for different items (its start cannot be the first item's: it does not count up to a bound the same for all items)"}
; CHECK-DAG: ![[NOTITEM]] = distinct !{![[NOTITEM]]}
; CHECK-DAG: ![[INNER]] = distinct !{![[INNER]], ![[INNERPAR:[0-9]+]], ![[TAG]]}
; CHECK-DAG: ![[INNERPAR]] = !{!"llvm.loop.parallel_accesses", !{{[0-9]+}}}


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
!41 = distinct !{}
!42 = distinct !{!42, !43, !44}
!43 = !{!"llvm.loop.parallel_accesses", !41}
!44 = !{!"llvm.loop.vectorize.enable", i1 true}
!51 = distinct !{}
!52 = distinct !{!52, !53, !54}
!53 = !{!"llvm.loop.parallel_accesses", !51}
!54 = !{!"llvm.loop.vectorize.enable", i1 true}
!61 = distinct !{}
!62 = distinct !{!62, !64}
!63 = !{}
!64 = !{!"llvm.loop.vectorize.enable", i1 true}
!101 = distinct !{}
!102 = distinct !{!102, !103, !104}
!103 = !{!"llvm.loop.parallel_accesses", !101}
!104 = !{!"llvm.loop.vectorize.enable", i1 true}
!111 = distinct !{}
!112 = distinct !{!112, !113, !114}
!113 = !{!"llvm.loop.parallel_accesses", !111}
!114 = !{!"llvm.loop.vectorize.enable", i1 true}
!121 = distinct !{}
!122 = distinct !{!122, !123, !124}
!123 = !{!"llvm.loop.parallel_accesses", !121}
!124 = !{!"llvm.loop.vectorize.enable", i1 true}
!131 = distinct !{}
!132 = distinct !{!132, !133, !134}
!133 = !{!"llvm.loop.parallel_accesses", !131}
!134 = !{!"llvm.loop.vectorize.enable", i1 true}
!141 = distinct !{}
!142 = distinct !{!142, !143, !144}
!143 = !{!"llvm.loop.parallel_accesses", !141}
!144 = !{!"llvm.loop.vectorize.enable", i1 true}

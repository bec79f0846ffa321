; Hints in an item loop the outer-loop vectorizer widens (weft-item-loop-select,
; src/compiler/item_loop_select.cpp): a noalias scope an inlined function with
; __restrict pointers declares, an assumption, a variable's lifetime. The native path
; would widen their operands (<16 x metadata>, <16 x i1>: broken IR, on which clang
; crashed in loop-unroll), so they go first, with the accesses' claims about the
; scope; the loop is widened and LLVM's verifier accepts the result.
; RUN: %opt -enable-vplan-native-path -passes='function(weft-item-loop-select,loop-vectorize,verify)' -S %s | %FileCheck %s
; RUN: %opt -passes=weft-item-loop-select -S %s | %FileCheck --check-prefix=SELECT %s
; The pass widens a copy of the function first and refuses the item loops where the
; verifier rejects the copy; -weft-widening-reject (testing only) takes that path.
; RUN: %opt -weft-widening-reject -passes=weft-item-loop-select -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck --check-prefix=REJECT %s
; RUN: %FileCheck --check-prefix=REJECT-REMARK %s < %t.remarks

target triple = "x86_64-pc-linux-gnu"

; SELECT-LABEL: define void @restrict_callee(
; SELECT-NOT: call void @llvm.
; SELECT: load float, ptr %pa, align 4, !alias.scope ![[KEPT:[0-9]+]], !llvm.access.group
; SELECT: store float %s.next, ptr %pc, align 4, !llvm.access.group !{{[0-9]+}}{{$}}
; SELECT-DAG: ![[KEPT]] = !{![[OUTER:[0-9]+]]}
; SELECT-DAG: ![[OUTER]] = distinct !{![[OUTER]], !{{[0-9]+}}, !"declared outside"}
; CHECK-LABEL: define void @restrict_callee(
; CHECK: vector.body
; CHECK: fadd <{{[0-9]+}} x float>
; CHECK-NOT: call void @llvm.experimental.noalias.scope.decl
; CHECK-NOT: call void @llvm.assume
define void @restrict_callee(ptr %a, ptr %c, i64 %n, i64 %m) {
entry:
  %tmp = alloca float
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  call void @llvm.experimental.noalias.scope.decl(metadata !90)
  %in = icmp ult i64 %j, %n
  call void @llvm.assume(i1 %in)
  call void @llvm.lifetime.start.p0(ptr %tmp)
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %km = mul i64 %k, %n
  %idx = add i64 %km, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !1, !alias.scope !94
  %s.next = fadd float %s, %v
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  call void @llvm.lifetime.end.p0(ptr %tmp)
  %pc = getelementptr float, ptr %c, i64 %j
  store float %s.next, ptr %pc, align 4, !llvm.access.group !1, !noalias !90
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !2

exit:
  ret void
}

; REJECT-LABEL: define void @restrict_callee(
; REJECT: br i1 %jdone, label %exit, label %item, !llvm.loop ![[LOOP:[0-9]+]]
; REJECT-NOT: define
; REJECT: ![[LOOP]] = distinct !{![[LOOP]], !{{[0-9]+}}, ![[TAG:[0-9]+]]}
; REJECT: ![[TAG]] = !{!"weft.item_loop", !"the outer-loop vectorizer's widening
; REJECT-REMARK: kernel restrict_callee: work items run one by one, not across vector lanes: the outer-loop vectorizer's widening of the kernel fails LLVM's verifier

!1 = distinct !{}
!2 = distinct !{!2, !3, !4}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!4 = !{!"llvm.loop.vectorize.enable", i1 true}
!90 = !{!91}
!91 = distinct !{!91, !93, !"declared in the item"}
!93 = distinct !{!93, !"best_match"}
!94 = !{!91, !95}
!95 = distinct !{!95, !93, !"declared outside"}

; Branches inside a loop of the work item that go different ways for different items
; (n-body's self test `if (k != j) s += ...`): weft-item-loop-select (item_loop_select.cpp,
; item_predication.cpp) makes them masks: every block of the inner loop's iteration
; runs, a merged value is a select on the edge's condition (a logical and/or of the
; conditions on the way), a guarded load reads through select(condition, address,
; @weft.speculated_loads), a guarded store writes through select(condition, address,
; the function's discard slot), a guarded division divides by select(condition, d, 1).
; A guard that skips the inner loop (its test that it runs at all) is versioned first.
; A branch at the item loop's own level beside its inner loops is masked the same way,
; from the branch to where its paths meet (a phi there becomes selects).
; A branch in a loop that holds a loop of its own, one around a loop of the item, and
; one that guards a store inside a loop of the item whose items are further apart than
; its size (masked stores over that stride in every pass cost more than the scalar
; loop) are not masked: the item loop is refused, and stays as it was.
; After the vectorizer, weft-lane-accesses turns the widened guarded loads into one
; scalar load where every lane reads the same address (from the zero block where no
; lane reads) and a masked load where lanes read consecutive addresses, and the widened
; guarded stores into masked stores (masked scatters of the real addresses elsewhere).
; RUN: %opt -passes=weft-item-loop-select -pass-remarks-analysis=weft -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -mcpu=znver3 -enable-vplan-native-path -passes='function(weft-item-loop-select,loop-vectorize,weft-lane-accesses,verify)' -S %s | %FileCheck --check-prefix=WIDE %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; REMARK: kernel self_test: item loop given to the outer-loop vectorizer (its branches as masks)
; REMARK: kernel nested_division: item loop given to the outer-loop vectorizer (its branches as masks)
; REMARK: kernel skipped_loop: item loop given to the outer-loop vectorizer (where its bounds guards pass) (its branches as masks)
; REMARK: kernel guarded_store: item loop given to the outer-loop vectorizer (its branches as masks)
; REMARK: kernel guarded_scatter: item loop given to the outer-loop vectorizer (its branches as masks)
; REMARK: kernel strided_store: work items run one by one, not across vector lanes: a branch in the work item goes different ways for different items; masks cannot stand for it: it guards a store inside a loop of the item whose items are 8 bytes apart, more than its 4 bytes: widened, every pass would store through masks spread over that stride, which costs more than the scalar loop
; REMARK: kernel nested_loop: work items run one by one, not across vector lanes: a branch in the work item goes different ways for different items; masks cannot stand for it: the loop around it holds a loop of its own
; REMARK: kernel item_level: item loop given to the outer-loop vectorizer (its branches as masks)
; REMARK: kernel around_loop: work items run one by one, not across vector lanes: a branch in the work item goes different ways for different items; masks cannot stand for it: it guards a loop of the item (only code outside the loops inside the item becomes masks)

; The inner loop is one block: its loads through selects, the sum a select.
; CHECK-LABEL: define void @self_test(
; CHECK: inner:
; CHECK: %other = icmp ne i64 %k, %j
; CHECK: %[[A:.*]] = select i1 %other, ptr %pa, ptr @weft.speculated_loads
; CHECK-NEXT: %v = load float, ptr %[[A]], align 4
; CHECK: %[[B:.*]] = select i1 %other, ptr %pb, ptr @weft.speculated_loads
; CHECK-NEXT: %w = load float, ptr %[[B]], align 4
; CHECK: %s.next = select i1 %{{.*}}, float %s, float %t
; CHECK: br i1 %kdone, label %item.latch, label %inner
; The widened loads: a[k] the same in every lane, b[j] consecutive.
; WIDE-LABEL: define void @self_test(
; WIDE: vector.body:
; WIDE: select i1 %{{.*}}, ptr @weft.speculated_loads, ptr %{{.*}}
; WIDE: call <{{[0-9]+}} x float> @llvm.masked.load.{{.*}}(ptr align 4 %{{.*}}, <{{[0-9]+}} x i1> %{{.*}}, <{{[0-9]+}} x float> zeroinitializer)
; WIDE-NOT: @llvm.masked.gather
; WIDE-LABEL: define void @nested_division(
define void @self_test(ptr %a, ptr %b, ptr %out, i64 %begin, i64 %end) {
entry:
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.latch ]
  %pb = getelementptr float, ptr %b, i64 %j
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  %other = icmp ne i64 %k, %j
  br i1 %other, label %body, label %inner.latch

body:
  %pa = getelementptr float, ptr %a, i64 %k
  %v = load float, ptr %pa, align 4
  %w = load float, ptr %pb, align 4
  %d = fsub float %v, %w
  %t = fadd float %s, %d
  br label %inner.latch

inner.latch:
  %s.next = phi float [ %t, %body ], [ %s, %inner ]
  %k.next = add nuw nsw i64 %k, 1
  %kdone = icmp eq i64 %k.next, 16
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %po = getelementptr float, ptr %out, i64 %j
  store float %s.next, ptr %po, align 4
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !2

exit:
  ret void
}

; A branch inside a guarded block: its condition, on a guarded load, is and-ed logically
; (a select, so the lanes outside the outer guard are false, not poison); the division
; it guards divides by 1 where it does not run; the diamond's merge is a select.
; CHECK-LABEL: define void @nested_division(
; CHECK: %[[DEEP:.*]] = select i1 %other, i1 %positive, i1 false
; CHECK: %[[D:.*]] = select i1 %[[DEEP]], i64 %v, i64 1
; CHECK-NEXT: %q = udiv i64 %x, %[[D]]
; CHECK: %t = select i1 %{{.*}}, i64 %k, i64 %q
; CHECK-NOT: br i1 %other
; CHECK: br i1 %kdone, label %item.latch, label %inner
define void @nested_division(ptr %a, ptr %out, i64 %begin, i64 %end) {
entry:
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.latch ]
  %x = add i64 %j, 1000
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner.latch ]
  %s = phi i64 [ 0, %item ], [ %s.next, %inner.latch ]
  %other = icmp ne i64 %k, %j
  br i1 %other, label %load, label %inner.latch

load:
  %pa = getelementptr i64, ptr %a, i64 %k
  %v = load i64, ptr %pa, align 8
  %positive = icmp ne i64 %v, 0
  br i1 %positive, label %divide, label %keep

divide:
  %q = udiv i64 %x, %v
  br label %merge

keep:
  br label %merge

merge:
  %t = phi i64 [ %q, %divide ], [ %k, %keep ]
  br label %inner.latch

inner.latch:
  %u = phi i64 [ %t, %merge ], [ 0, %inner ]
  %s.next = add i64 %s, %u
  %k.next = add nuw nsw i64 %k, 1
  %kdone = icmp eq i64 %k.next, 16
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %po = getelementptr i64, ptr %out, i64 %j
  store i64 %s.next, ptr %po, align 8
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !4

exit:
  ret void
}

; The inner loop runs %m times, perhaps none: the guard that skips it merges the sum
; with 0. The loop is versioned on that guard (the copy where it fails keeps its items
; one by one), and the versioned loop's self test becomes a mask.
; CHECK-LABEL: define void @skipped_loop(
; CHECK: %all.items.pass =
; CHECK: item.some.fail:
; CHECK: br i1 %other.some.fail, label %body.some.fail
; CHECK: select i1 %other, ptr %pa, ptr @weft.speculated_loads
; WIDE-LABEL: define void @skipped_loop(
; WIDE: vector.body:
; WIDE: select i1 %{{.*}}, ptr @weft.speculated_loads, ptr %{{.*}}
; WIDE-NOT: @llvm.masked.gather
; WIDE-LABEL: define void @guarded_store(
define void @skipped_loop(ptr %a, ptr %out, i64 %m, i64 %begin, i64 %end) {
entry:
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.latch ]
  %none = icmp eq i64 %m, 0
  br i1 %none, label %item.latch, label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  %other = icmp ne i64 %k, %j
  br i1 %other, label %body, label %inner.latch

body:
  %pa = getelementptr float, ptr %a, i64 %k
  %v = load float, ptr %pa, align 4
  %t = fadd float %s, %v
  br label %inner.latch

inner.latch:
  %s.next = phi float [ %t, %body ], [ %s, %inner ]
  %k.next = add nuw nsw i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %sum = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  %po = getelementptr float, ptr %out, i64 %j
  store float %sum, ptr %po, align 4
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !6

exit:
  ret void
}

; A store the branch guards writes the discard slot where the branch fails; widened,
; the lanes' consecutive addresses make it a masked store.
; CHECK-LABEL: define void @guarded_store(
; CHECK: %weft.discarded_stores = alloca [128 x i8], align 64, !weft.discarded_stores
; CHECK: %[[P:.*]] = select i1 %other, ptr %po, ptr %weft.discarded_stores
; CHECK-NEXT: store float %v, ptr %[[P]], align 4
; CHECK-NOT: br i1 %other
; CHECK: ret void
; WIDE: vector.body:
; WIDE: call void @llvm.masked.store.{{.*}}(<{{[0-9]+}} x float> %{{.*}}, ptr align 4 %{{.*}}, <{{[0-9]+}} x i1> %{{.*}})
; WIDE-NOT: @llvm.masked.scatter
; WIDE-LABEL: define void @guarded_scatter(
define void @guarded_store(ptr %a, ptr %out, i64 %begin, i64 %end) {
entry:
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.latch ]
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner.latch ]
  %other = icmp ne i64 %k, %j
  br i1 %other, label %body, label %inner.latch

body:
  %pa = getelementptr float, ptr %a, i64 %k
  %v = load float, ptr %pa, align 4
  %row = mul i64 %k, 1024
  %at = add i64 %row, %j
  %po = getelementptr float, ptr %out, i64 %at
  store float %v, ptr %po, align 4
  br label %inner.latch

inner.latch:
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

; A guarded store to addresses with no lane pattern (an index read from memory), at the
; item loop's own level: a masked scatter of the real addresses, under the lanes'
; conditions; no lane writes the discard slot.
; WIDE: vector.body:
; WIDE-NOT: select <{{[0-9]+}} x i1> %{{.*}}, <{{[0-9]+}} x ptr>
; WIDE: call void @llvm.masked.scatter.{{.*}}(<{{[0-9]+}} x i32> %{{.*}}, <{{[0-9]+}} x ptr> align 4 %{{.*}}, <{{[0-9]+}} x i1> %{{.*}})
define void @guarded_scatter(ptr %index, ptr %a, ptr %out, i64 %begin, i64 %end) {
entry:
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.latch ]
  %pi = getelementptr i64, ptr %index, i64 %j
  %to = load i64, ptr %pi, align 8
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner ]
  %s = phi i32 [ 0, %item ], [ %s.next, %inner ]
  %pa = getelementptr i32, ptr %a, i64 %k
  %v = load i32, ptr %pa, align 4
  %s.next = add i32 %s, %v
  %k.next = add nuw nsw i64 %k, 1
  %kdone = icmp eq i64 %k.next, 16
  br i1 %kdone, label %after, label %inner

after:
  %odd = and i64 %j, 1
  %skip = icmp eq i64 %odd, 0
  br i1 %skip, label %item.latch, label %write

write:
  %po = getelementptr i32, ptr %out, i64 %to
  store i32 %s.next, ptr %po, align 4
  br label %item.latch

item.latch:
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !16

exit:
  ret void
}

; A store the branch guards inside a loop of the item, its items 8 bytes apart (two
; floats): widened, masked stores spread over the stride in every pass cost more than
; the scalar loop. No masks, the branch stays.
; CHECK-LABEL: define void @strided_store(
; CHECK: br i1 %other, label %body, label %inner.latch
; CHECK-NOT: weft.discarded_stores
; CHECK: ret void
define void @strided_store(ptr %a, ptr %acc, i64 %begin, i64 %end) {
entry:
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.latch ]
  %twice = shl i64 %j, 1
  %slot = getelementptr float, ptr %acc, i64 %twice
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner.latch ]
  %other = icmp ne i64 %k, %j
  br i1 %other, label %body, label %inner.latch

body:
  %pa = getelementptr float, ptr %a, i64 %k
  %v = load float, ptr %pa, align 4
  %old = load float, ptr %slot, align 4
  %new = fadd float %old, %v
  store float %new, ptr %slot, align 4
  br label %inner.latch

inner.latch:
  %k.next = add nuw nsw i64 %k, 1
  %kdone = icmp eq i64 %k.next, 16
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !28

exit:
  ret void
}

; A branch in a loop that holds a loop of its own: no masks, the branch stays.
; CHECK-LABEL: define void @nested_loop(
; CHECK: br i1 %other, label %body, label %inner.latch
; CHECK-NOT: select i1 %other
; CHECK: ret void
define void @nested_loop(ptr %a, ptr %out, i64 %begin, i64 %end) {
entry:
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.latch ]
  %po = getelementptr float, ptr %out, i64 %j
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner.end ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.end ]
  %other = icmp ne i64 %k, %j
  br i1 %other, label %body, label %inner.latch

body:
  %pa = getelementptr float, ptr %a, i64 %k
  %v = load float, ptr %pa, align 4
  %t = fadd float %s, %v
  br label %inner.latch

inner.latch:
  %s.next = phi float [ %t, %body ], [ %s, %inner ]
  br label %deep

deep:
  %l = phi i64 [ 0, %inner.latch ], [ %l.next, %deep ]
  %l.next = add nuw nsw i64 %l, 1
  %ldone = icmp eq i64 %l.next, 4
  br i1 %ldone, label %inner.end, label %deep

inner.end:
  %k.next = add nuw nsw i64 %k, 1
  %kdone = icmp eq i64 %k.next, 16
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  store float %s.next, ptr %po, align 4
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !18

exit:
  ret void
}

; Branches at the item's own level beside its inner loop: before it, a nested pair
; (`x = a[j] != 0 ? 1000 / a[j] : j`, the division guarded), after it a store only
; where the sum is positive. Both become masks: the merge a select, the division by
; select(c, d, 1), the store through the discard slot; widened, a masked store.
; CHECK-LABEL: define void @item_level(
; CHECK: %nonzero = icmp ne i64 %v, 0
; CHECK: %[[D:.*]] = select i1 %nonzero, i64 %v, i64 1
; CHECK-NEXT: %q = udiv i64 1000, %[[D]]
; CHECK: %x = select i1 %{{.*}}, i64 %j, i64 %q
; CHECK: %positive = icmp sgt i64 %s.next, 0
; CHECK: %[[P:.*]] = select i1 %positive, ptr %po, ptr %weft.discarded_stores
; CHECK-NEXT: store i64 %s.next, ptr %[[P]], align 8
; CHECK-NOT: br i1 %positive
; CHECK: ret void
; WIDE-LABEL: define void @item_level(
; WIDE: vector.body:
; WIDE: call void @llvm.masked.store.{{.*}}(<{{[0-9]+}} x i64> %{{.*}}, ptr align 8 %{{.*}}, <{{[0-9]+}} x i1> %{{.*}})
; WIDE-NOT: @llvm.masked.scatter
; WIDE-LABEL: define void @around_loop(
define void @item_level(ptr %a, ptr %b, ptr %out, i64 %begin, i64 %end) {
entry:
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.latch ]
  %pa = getelementptr i64, ptr %a, i64 %j
  %v = load i64, ptr %pa, align 8
  %nonzero = icmp ne i64 %v, 0
  br i1 %nonzero, label %divide, label %keep

divide:
  %q = udiv i64 1000, %v
  br label %merge

keep:
  br label %merge

merge:
  %x = phi i64 [ %q, %divide ], [ %j, %keep ]
  br label %inner

inner:
  %k = phi i64 [ 0, %merge ], [ %k.next, %inner ]
  %s = phi i64 [ %x, %merge ], [ %s.next, %inner ]
  %pb = getelementptr i64, ptr %b, i64 %k
  %w = load i64, ptr %pb, align 8
  %s.next = sub i64 %s, %w
  %k.next = add nuw nsw i64 %k, 1
  %kdone = icmp eq i64 %k.next, 16
  br i1 %kdone, label %after, label %inner

after:
  %positive = icmp sgt i64 %s.next, 0
  br i1 %positive, label %write, label %item.latch

write:
  %po = getelementptr i64, ptr %out, i64 %j
  store i64 %s.next, ptr %po, align 8
  br label %item.latch

item.latch:
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !21

exit:
  ret void
}

; A branch around a loop of the item: refused, the branch stays.
; CHECK-LABEL: define void @around_loop(
; CHECK: br i1 %odd, label %inner, label %item.latch
define void @around_loop(ptr %a, ptr %out, i64 %begin, i64 %end) {
entry:
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.latch ]
  %odd = trunc i64 %j to i1
  br i1 %odd, label %inner, label %item.latch

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %pa = getelementptr float, ptr %a, i64 %k
  %v = load float, ptr %pa, align 4
  %s.next = fadd float %s, %v
  %k.next = add nuw nsw i64 %k, 1
  %kdone = icmp eq i64 %k.next, 16
  br i1 %kdone, label %store, label %inner

store:
  %po = getelementptr float, ptr %out, i64 %j
  store float %s.next, ptr %po, align 4
  br label %item.latch

item.latch:
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !23

exit:
  ret void
}

!1 = distinct !{}
!2 = distinct !{!2, !10, !11}
!3 = distinct !{}
!4 = distinct !{!4, !12, !11}
!5 = distinct !{}
!6 = distinct !{!6, !13, !11}
!7 = distinct !{}
!8 = distinct !{!8, !14, !11}
!10 = !{!"llvm.loop.parallel_accesses", !1}
!11 = !{!"llvm.loop.vectorize.enable", i1 true}
!12 = !{!"llvm.loop.parallel_accesses", !3}
!13 = !{!"llvm.loop.parallel_accesses", !5}
!14 = !{!"llvm.loop.parallel_accesses", !7}
!15 = distinct !{}
!16 = distinct !{!16, !17, !11}
!17 = !{!"llvm.loop.parallel_accesses", !15}
!19 = distinct !{}
!18 = distinct !{!18, !20, !11}
!20 = !{!"llvm.loop.parallel_accesses", !19}
!22 = distinct !{}
!21 = distinct !{!21, !24, !11}
!24 = !{!"llvm.loop.parallel_accesses", !22}
!25 = distinct !{}
!23 = distinct !{!23, !26, !11}
!26 = !{!"llvm.loop.parallel_accesses", !25}
!27 = distinct !{}
!28 = distinct !{!28, !29, !11}
!29 = !{!"llvm.loop.parallel_accesses", !27}

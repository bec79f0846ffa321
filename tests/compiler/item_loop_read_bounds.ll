; A stencil's border test whose bound the item reads from memory (SYCL-Bench's
; spec_constant_convolution: `x + j >= out.get_range()[1]` reads the accessor's range
; from the kernel's copy in every item; the copy's address went to a call before the
; loop, as an accessor's copy constructor passes it, so LLVM keeps the read in the
; loop): weft-item-loop-select (item_loop_select.cpp, hoist_read_bounds) moves the read
; before the loop where the item reads it first, and the loop is versioned on its
; guards as for a bound computed outside it (item_loop_guards.ll). A read after the
; item's store, or at an address of the item's own, stays in the loop, and the branch
; on it, inside a loop of the item, becomes a mask (item_loop_masks.ll); where masks
; cannot stand for it either, the loop is refused.
; RUN: %opt -passes=weft-item-loop-select -pass-remarks-analysis=weft -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -enable-vplan-native-path -passes='function(weft-item-loop-select,loop-vectorize,verify)' -S %s | %FileCheck --check-prefix=WIDE %s

target triple = "x86_64-pc-linux-gnu"

declare void @copy_kernel(ptr)

; REMARK: kernel read_bound: item loop given to the outer-loop vectorizer (where its bounds guards pass)
; REMARK: kernel read_after_store: item loop given to the outer-loop vectorizer (its branches as masks)
; REMARK: kernel read_after_store_nested: work items run one by one, not across vector lanes: a branch in the work item goes different ways for different items, on a value read from memory at the same address by every item but not first in the item (after a store, a call or a branch), which cannot move before the item loop to be tested there; masks cannot stand for it: the loop around it holds a loop of its own
; REMARK: kernel item_read: item loop given to the outer-loop vectorizer (its branches as masks)

; The read of the range moves to the loop's preheader, which becomes the guards' test
; (the data's pointer, which no branch compares, stays); the widened copy has no guard left.
; CHECK-LABEL: define void @read_bound(
; CHECK: item.guards:
; CHECK-NEXT: %w = load i64, ptr %k.w, align 8
; CHECK: %all.items.pass = and i1
; CHECK: br i1 %all.items.pass, label %item.all.pass, label %item.scan
; CHECK: item.some.fail:
; CHECK: %outside.some.fail = icmp uge i64 %left.some.fail, %w
; CHECK: item:
; CHECK-NEXT: %fast.index = phi
; CHECK-NEXT: %j = phi
; CHECK-NEXT: %in = load ptr, ptr %k, align 8
; CHECK-NOT: load i64
; CHECK-NOT: icmp uge
; CHECK: item.latch:
; WIDE-LABEL: define void @read_bound(
; WIDE: vector.body:
; WIDE: fadd <{{[0-9]+}} x float>
define void @read_bound(ptr %src, i64 %begin, i64 %end) {
entry:
  %k = alloca { ptr, ptr, i64 }, align 8  ; the kernel's copy: in, out, the range's width
  call void @copy_kernel(ptr %k)
  %k.out = getelementptr inbounds i8, ptr %k, i64 8
  %k.w = getelementptr inbounds i8, ptr %k, i64 16
  %out = load ptr, ptr %k.out, align 8
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item.preheader, label %exit

item.preheader:
  br label %item

item:
  %j = phi i64 [ %begin, %item.preheader ], [ %j.next, %item.latch ]
  %w = load i64, ptr %k.w, align 8
  %in = load ptr, ptr %k, align 8
  %left = add i64 %j, -1
  %outside = icmp uge i64 %left, %w
  %pa = getelementptr float, ptr %in, i64 %left
  br label %inner

inner:
  %r = phi i64 [ 0, %item ], [ %r.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  br i1 %outside, label %inner.latch, label %tap

tap:
  %v = load float, ptr %pa, align 4
  %t = fadd float %s, %v
  br label %inner.latch

inner.latch:
  %s.next = phi float [ %s, %inner ], [ %t, %tap ]
  %r.next = add i64 %r, 1
  %rdone = icmp eq i64 %r.next, 16
  br i1 %rdone, label %item.latch, label %inner

item.latch:
  %pc = getelementptr float, ptr %out, i64 %j
  store float %s.next, ptr %pc, align 4
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !2

exit:
  ret void
}

; The item stores before it reads the bound: the read stays in the loop, the branch
; on it becomes a mask.
; CHECK-LABEL: define void @read_after_store(
; CHECK: item:
; CHECK: store float 0.000000e+00, ptr %pc, align 4
; CHECK-NEXT: %w = load i64, ptr %k.w, align 8
; CHECK-NOT: all.items.pass
; CHECK: select i1 %{{.*}}, ptr %pa, ptr @weft.speculated_loads
; CHECK: ret void
define void @read_after_store(ptr %src, ptr %out, i64 %begin, i64 %end) {
entry:
  %k = alloca { ptr, ptr, i64 }, align 8
  call void @copy_kernel(ptr %k)
  %k.w = getelementptr inbounds i8, ptr %k, i64 16
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item.preheader, label %exit

item.preheader:
  br label %item

item:
  %j = phi i64 [ %begin, %item.preheader ], [ %j.next, %item.latch ]
  %pc = getelementptr float, ptr %out, i64 %j
  store float 0.0, ptr %pc, align 4
  %w = load i64, ptr %k.w, align 8
  %left = add i64 %j, -1
  %outside = icmp uge i64 %left, %w
  %pa = getelementptr float, ptr %src, i64 %left
  br label %inner

inner:
  %r = phi i64 [ 0, %item ], [ %r.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  br i1 %outside, label %inner.latch, label %tap

tap:
  %v = load float, ptr %pa, align 4
  %t = fadd float %s, %v
  br label %inner.latch

inner.latch:
  %s.next = phi float [ %s, %inner ], [ %t, %tap ]
  %r.next = add i64 %r, 1
  %rdone = icmp eq i64 %r.next, 16
  br i1 %rdone, label %item.latch, label %inner

item.latch:
  store float %s.next, ptr %pc, align 4
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !4

exit:
  ret void
}

; Masks cannot stand for the branch either: refused, the read and the branch stay.
; CHECK-LABEL: define void @read_after_store_nested(
; CHECK: %w = load i64, ptr %k.w, align 8
; CHECK-NOT: all.items.pass
; CHECK: br i1 %outside
define void @read_after_store_nested(ptr %src, ptr %out, i64 %begin, i64 %end) {
entry:
  %k = alloca { ptr, ptr, i64 }, align 8
  call void @copy_kernel(ptr %k)
  %k.w = getelementptr inbounds i8, ptr %k, i64 16
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item.preheader, label %exit

item.preheader:
  br label %item

item:
  %j = phi i64 [ %begin, %item.preheader ], [ %j.next, %item.latch ]
  %pc = getelementptr float, ptr %out, i64 %j
  store float 0.0, ptr %pc, align 4
  %w = load i64, ptr %k.w, align 8
  %left = add i64 %j, -1
  %outside = icmp uge i64 %left, %w
  %pa = getelementptr float, ptr %src, i64 %left
  br label %inner

inner:
  %r = phi i64 [ 0, %item ], [ %r.next, %inner.end ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.end ]
  br i1 %outside, label %inner.latch, label %tap

tap:
  %v = load float, ptr %pa, align 4
  %t = fadd float %s, %v
  br label %inner.latch

inner.latch:
  %s.next = phi float [ %s, %inner ], [ %t, %tap ]
  br label %deep

deep:
  %d = phi i64 [ 0, %inner.latch ], [ %d.next, %deep ]
  %d.next = add i64 %d, 1
  %ddone = icmp eq i64 %d.next, 4
  br i1 %ddone, label %inner.end, label %deep

inner.end:
  %r.next = add i64 %r, 1
  %rdone = icmp eq i64 %r.next, 16
  br i1 %rdone, label %item.latch, label %inner

item.latch:
  store float %s.next, ptr %pc, align 4
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !8

exit:
  ret void
}

; A bound at an address of the item's own (`if (x < lim[x])`): not the same for all
; items, so not moved; the plain refusal.
; CHECK-LABEL: define void @item_read(
; CHECK: item:
; CHECK: %lim = load i64, ptr %plim, align 8
; CHECK-NOT: all.items.pass
; CHECK: select i1 %{{.*}}, ptr %pa, ptr @weft.speculated_loads
; CHECK: ret void
define void @item_read(ptr %src, ptr %limits, ptr %out, i64 %begin, i64 %end) {
entry:
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item.preheader, label %exit

item.preheader:
  br label %item

item:
  %j = phi i64 [ %begin, %item.preheader ], [ %j.next, %item.latch ]
  %plim = getelementptr i64, ptr %limits, i64 %j
  %lim = load i64, ptr %plim, align 8
  %outside = icmp uge i64 %j, %lim
  %pa = getelementptr float, ptr %src, i64 %j
  br label %inner

inner:
  %r = phi i64 [ 0, %item ], [ %r.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  br i1 %outside, label %inner.latch, label %tap

tap:
  %v = load float, ptr %pa, align 4
  %t = fadd float %s, %v
  br label %inner.latch

inner.latch:
  %s.next = phi float [ %s, %inner ], [ %t, %tap ]
  %r.next = add i64 %r, 1
  %rdone = icmp eq i64 %r.next, 16
  br i1 %rdone, label %item.latch, label %inner

item.latch:
  %pc = getelementptr float, ptr %out, i64 %j
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

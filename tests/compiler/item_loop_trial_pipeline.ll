; The trial widening (weft-item-loop-select's try_widening) runs the passes LLVM's
; pipeline runs between it and the vectorizer. Here loop-deletion removes the
; never-entered copy of an unswitched loop inside the item, and the outer-loop
; vectorizer then widens the item loop into IR that fails LLVM's verifier ("Instruction
; does not dominate all uses!"; the register allocator crashed on it). Reduced from
; kernel-fuzz seed 2173, a split nd_range<2> kernel (-march=skylake-avx512). The item
; loop is refused with a remark and stays scalar. (Its unswitched copies merge a value,
; which weft-item-loop-select refuses before any trial; -weft-item-loop-merges lets
; the loop through to the trial here.)
; RUN: %opt -enable-vplan-native-path -weft-item-loop-merges -passes='function(weft-item-loop-select,loop(loop-rotate,loop-deletion),loop-distribute,inject-tli-mappings,loop-vectorize,verify)' -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks

; REMARK: kernel {{.*}}unswitched_inner{{.*}}: work items run one by one, not across vector lanes: the outer-loop vectorizer's widening of the kernel fails LLVM's verifier

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define void @unswitched_inner(
; CHECK-NOT: x i32>
; CHECK: br i1 %more, label %item, label %done, !llvm.loop ![[LOOP:[0-9]+]]
; CHECK: ![[LOOP]] = distinct !{![[LOOP]], ![[SAFE:[0-9]+]], ![[WHY:[0-9]+]]}
; CHECK: ![[WHY]] = !{!"weft.item_loop", !"the outer-loop vectorizer's widening of the kernel fails LLVM's verifier
define void @unswitched_inner(ptr %out, i64 %n, i32 %trips) {
entry:
  br label %item

item:
  %id = phi i64 [ 0, %entry ], [ %id.next, %item.end ]
  br i1 true, label %inner.us, label %inner

inner.us:
  %k.us = phi i32 [ %k.us.next, %inner.us ], [ 0, %item ]
  %v.us = phi i32 [ 1, %inner.us ], [ 0, %item ]
  %k.us.next = add i32 %k.us, 1
  %again.us = icmp ult i32 %k.us.next, %trips
  br i1 %again.us, label %inner.us, label %item.end

inner:
  %k = phi i32 [ %k.next, %inner ], [ 0, %item ]
  %k.next = add i32 %k, 1
  %again = icmp ult i32 %k.next, 0
  br i1 %again, label %inner, label %item.end

item.end:
  %v = phi i32 [ %v.us, %inner.us ], [ 0, %inner ]
  %slot = getelementptr inbounds i32, ptr %out, i64 %id
  store i32 %v, ptr %slot, align 4
  %id.next = add i64 %id, 1
  %more = icmp ult i64 %id, %n
  br i1 %more, label %item, label %done, !llvm.loop !0

done:
  ret void
}

!0 = distinct !{!0, !1, !3}
!1 = !{!"llvm.loop.parallel_accesses", !2}
!2 = distinct !{}
!3 = !{!"llvm.loop.vectorize.enable", i1 true}

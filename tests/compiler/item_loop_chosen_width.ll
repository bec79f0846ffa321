; A marked item loop with no loop inside the item whose width was chosen in the source
; (`#pragma clang loop vectorize(assume_safety) vectorize_width(8) interleave_count(4)`:
; the reduction launch's block of 32 partial states, reduction_launch.hpp) loses its
; force (item_loop_select.cpp, drop_vectorize_mark) and keeps the width. Without it, on
; a target that prefers 512-bit vectors (here Zen 4), the loop vectorizer chose 16 lanes
; times the 4 interleaved, more than the block's 32 iterations, and the partial states
; went through memory (KernelReduction cf1: half of clang's speed without the plugin).
; RUN: %opt -mtriple=x86_64-pc-linux-gnu -mcpu=znver4 -passes=weft-item-loop-select -S %s | %FileCheck %s
; RUN: %opt -mtriple=x86_64-pc-linux-gnu -mcpu=znver4 -passes='weft-item-loop-select,loop-vectorize' -pass-remarks=loop-vectorize -S %s -o /dev/null 2>&1 | %FileCheck --check-prefix=LV %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define void @lanes(
; CHECK: br i1 %done, label %exit, label %lane, !llvm.loop
; CHECK-NOT: llvm.loop.vectorize.enable
; CHECK: !{!"llvm.loop.vectorize.width", i32 8}
; CHECK-NOT: llvm.loop.vectorize.enable
; LV: vectorized loop (vectorization width: 8, interleaved count: 4)

; Each of 32 partial states adds its item's element: sum[l] += in[base + l].
define void @lanes(ptr noalias %sum, ptr noalias %in, i64 %base) #0 {
entry:
  br label %lane

lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %lane ]
  %i = add i64 %base, %l
  %pi = getelementptr float, ptr %in, i64 %i
  %v = load float, ptr %pi, align 4, !llvm.access.group !1
  %ps = getelementptr float, ptr %sum, i64 %l
  %s = load float, ptr %ps, align 4, !llvm.access.group !1
  %t = fadd fast float %s, %v
  store float %t, ptr %ps, align 4, !llvm.access.group !1
  %l.next = add i64 %l, 1
  %done = icmp eq i64 %l.next, 32
  br i1 %done, label %exit, label %lane, !llvm.loop !2

exit:
  ret void
}

attributes #0 = { "min-legal-vector-width"="0" "target-cpu"="znver4" "target-features"="+avx,+avx2,+fma,+avx512f,+avx512vl,+avx512bw,+avx512dq,+evex512" }

!1 = distinct !{}
!2 = distinct !{!2, !3, !4, !5, !6, !7}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!4 = !{!"llvm.loop.vectorize.enable", i1 true}
!5 = !{!"llvm.loop.vectorize.width", i32 8}
!6 = !{!"llvm.loop.interleave.count", i32 4}
!7 = !{!"llvm.loop.unroll.disable"}

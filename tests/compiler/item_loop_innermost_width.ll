; An item loop with no loop inside the item is the loop vectorizer's, which weighs
; widths up to the registers the function's target prefers (item_loop_select.cpp, the
; end of its run). On x86 with AVX-512, where the target prefers 256-bit vectors
; (clang's tuning for Intel server cores, here Sapphire Rapids), the function is
; compiled for 512-bit ones ("prefer-vector-width"="512"), and the vectorizer, run
; after it in the same pipeline, widens the sum in zmm registers. A function with a
; loop whose width was chosen (`vectorize_width`, as the reduction launch's block),
; one without AVX-512 and one whose user chose a width keep the target's 256 bits.
; RUN: %opt -mtriple=x86_64-pc-linux-gnu -mcpu=sapphirerapids -passes=weft-item-loop-select -pass-remarks-analysis=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -mtriple=x86_64-pc-linux-gnu -mcpu=sapphirerapids -passes='weft-item-loop-select,loop-vectorize' -S %s | %llc -O2 -o - | %FileCheck --check-prefix=ASM %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; REMARK: kernel with_avx512: item loop left to the loop vectorizer, which may widen it with 512-bit vectors
; REMARK-NOT: kernel with_chosen_width
; REMARK-NOT: kernel without_avx512
; REMARK-NOT: kernel user_width

; CHECK: define void @with_avx512({{.*}} #[[WIDE:[0-9]+]] {
; CHECK: define void @with_chosen_width({{.*}} #[[CHOSEN:[0-9]+]] {
; CHECK: define void @without_avx512({{.*}} #[[NARROW:[0-9]+]] {
; CHECK: define void @user_width({{.*}} #[[USER:[0-9]+]] {
; CHECK: attributes #[[WIDE]] = { {{.*}}"prefer-vector-width"="512"
; CHECK-NOT: attributes #[[CHOSEN]] = { {{.*}}prefer-vector-width
; CHECK-NOT: attributes #[[NARROW]] = { {{.*}}prefer-vector-width
; CHECK: attributes #[[USER]] = { {{.*}}"prefer-vector-width"="256"

; ASM-LABEL: with_avx512:
; ASM: vaddps {{.*}}%zmm
; ASM-LABEL: with_chosen_width:
; ASM-NOT: %zmm
; ASM-LABEL: without_avx512:
; ASM-NOT: %zmm
; ASM-LABEL: user_width:
; ASM-NOT: %zmm
; ASM: .Lfunc_end3:

define void @with_avx512(ptr %a, ptr %b, ptr %c, i64 %n) #0 {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item ]
  %pa = getelementptr float, ptr %a, i64 %j
  %va = load float, ptr %pa, align 4, !llvm.access.group !1
  %pb = getelementptr float, ptr %b, i64 %j
  %vb = load float, ptr %pb, align 4, !llvm.access.group !1
  %s = fadd float %va, %vb
  %pc = getelementptr float, ptr %c, i64 %j
  store float %s, ptr %pc, align 4, !llvm.access.group !1
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !2

exit:
  ret void
}

; The item loop and, after it, a loop of 8 lanes chosen by hand.
define void @with_chosen_width(ptr %a, ptr %b, ptr %c, i64 %n) #0 {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item ]
  %pa = getelementptr float, ptr %a, i64 %j
  %va = load float, ptr %pa, align 4, !llvm.access.group !11
  %pb = getelementptr float, ptr %b, i64 %j
  %vb = load float, ptr %pb, align 4, !llvm.access.group !11
  %s = fadd float %va, %vb
  %pc = getelementptr float, ptr %c, i64 %j
  store float %s, ptr %pc, align 4, !llvm.access.group !11
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %lanes, label %item, !llvm.loop !12

lanes:
  %l = phi i64 [ 0, %item ], [ %l.next, %lanes ]
  %pl = getelementptr float, ptr %b, i64 %l
  %vl = load float, ptr %pl, align 4
  %dl = fadd float %vl, %vl
  store float %dl, ptr %pl, align 4
  %l.next = add i64 %l, 1
  %ldone = icmp eq i64 %l.next, 64
  br i1 %ldone, label %exit, label %lanes, !llvm.loop !14

exit:
  ret void
}

define void @without_avx512(ptr %a, ptr %b, ptr %c, i64 %n) #1 {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item ]
  %pa = getelementptr float, ptr %a, i64 %j
  %va = load float, ptr %pa, align 4, !llvm.access.group !21
  %pb = getelementptr float, ptr %b, i64 %j
  %vb = load float, ptr %pb, align 4, !llvm.access.group !21
  %s = fadd float %va, %vb
  %pc = getelementptr float, ptr %c, i64 %j
  store float %s, ptr %pc, align 4, !llvm.access.group !21
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !22

exit:
  ret void
}

define void @user_width(ptr %a, ptr %b, ptr %c, i64 %n) #2 {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item ]
  %pa = getelementptr float, ptr %a, i64 %j
  %va = load float, ptr %pa, align 4, !llvm.access.group !31
  %pb = getelementptr float, ptr %b, i64 %j
  %vb = load float, ptr %pb, align 4, !llvm.access.group !31
  %s = fadd float %va, %vb
  %pc = getelementptr float, ptr %c, i64 %j
  store float %s, ptr %pc, align 4, !llvm.access.group !31
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !32

exit:
  ret void
}

attributes #0 = { "min-legal-vector-width"="0" "target-cpu"="sapphirerapids" "target-features"="+avx,+avx2,+fma,+avx512f,+avx512vl,+avx512bw,+avx512dq,+evex512" }
attributes #1 = { "min-legal-vector-width"="0" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+fma" }
attributes #2 = { "min-legal-vector-width"="0" "prefer-vector-width"="256" "target-cpu"="sapphirerapids" "target-features"="+avx,+avx2,+fma,+avx512f,+avx512vl,+avx512bw,+avx512dq,+evex512" }

!1 = distinct !{}
!2 = distinct !{!2, !3, !4}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!4 = !{!"llvm.loop.vectorize.enable", i1 true}
!11 = distinct !{}
!12 = distinct !{!12, !13, !4}
!13 = !{!"llvm.loop.parallel_accesses", !11}
!14 = distinct !{!14, !4, !15}
!15 = !{!"llvm.loop.vectorize.width", i32 8}
!21 = distinct !{}
!22 = distinct !{!22, !23, !4}
!23 = !{!"llvm.loop.parallel_accesses", !21}
!31 = distinct !{}
!32 = distinct !{!32, !33, !4}
!33 = !{!"llvm.loop.parallel_accesses", !31}

; The vector registers an item loop given to the outer-loop vectorizer is widened for
; (item_loop_select.cpp, item_vector_bits): on x86 with AVX-512, where the target
; prefers 256-bit vectors (clang's tuning for Intel server cores, here Sapphire
; Rapids), 512 bits: 16 floats a vector, 4 in flight for a short inner chain, so a
; width of 64, and the function is compiled for them ("prefer-vector-width"="512").
; Without AVX-512, or where the user chose a width (`-mprefer-vector-width=256` sets
; the function's "prefer-vector-width"), the target's 256 bits: a width of 32, the
; function as it was.
; RUN: %opt -mtriple=x86_64-pc-linux-gnu -mcpu=sapphirerapids -passes=weft-item-loop-select -pass-remarks-analysis=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -mtriple=x86_64-pc-linux-gnu -mcpu=sapphirerapids -passes='weft-item-loop-select,loop-vectorize' -enable-vplan-native-path -S %s | %llc -O2 -o - | %FileCheck --check-prefix=ASM %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; REMARK: kernel with_avx512: item loop given to the outer-loop vectorizer (512-bit vectors)
; REMARK: kernel without_avx512: item loop given to the outer-loop vectorizer{{$}}
; REMARK: kernel chosen_width: item loop given to the outer-loop vectorizer{{$}}

; CHECK: define void @with_avx512({{.*}} #[[WIDE:[0-9]+]] {
; CHECK: br i1 %jdone, label %exit, label %item, !llvm.loop ![[LOOP512:[0-9]+]]
; CHECK: define void @without_avx512({{.*}} #[[NARROW:[0-9]+]] {
; CHECK: br i1 %jdone, label %exit, label %item, !llvm.loop ![[LOOP256:[0-9]+]]
; CHECK: define void @chosen_width({{.*}} #[[CHOSEN:[0-9]+]] {
; CHECK: br i1 %jdone, label %exit, label %item, !llvm.loop ![[LOOPCHOSEN:[0-9]+]]
; CHECK: attributes #[[WIDE]] = { {{.*}}"prefer-vector-width"="512"
; CHECK-NOT: attributes #[[NARROW]] = { {{.*}}prefer-vector-width
; CHECK: attributes #[[CHOSEN]] = { {{.*}}"prefer-vector-width"="256"
; CHECK-DAG: ![[LOOP512]] = distinct !{![[LOOP512]], !{{[0-9]+}}, !{{[0-9]+}}, ![[WIDTH64:[0-9]+]], !{{[0-9]+}}}
; CHECK-DAG: ![[WIDTH64]] = !{!"llvm.loop.vectorize.width", i32 64}
; CHECK-DAG: ![[LOOP256]] = distinct !{![[LOOP256]], !{{[0-9]+}}, !{{[0-9]+}}, ![[WIDTH32:[0-9]+]], !{{[0-9]+}}}
; CHECK-DAG: ![[WIDTH32]] = !{!"llvm.loop.vectorize.width", i32 32}
; CHECK-DAG: ![[LOOPCHOSEN]] = distinct !{![[LOOPCHOSEN]], !{{[0-9]+}}, !{{[0-9]+}}, ![[WIDTH32]], !{{[0-9]+}}}

; The widened sums of the function marked for 512-bit vectors are in zmm registers, the
; others' in ymm registers.
; ASM-LABEL: with_avx512:
; ASM: vaddps {{.*}}%zmm
; ASM-LABEL: without_avx512:
; ASM-NOT: vaddps {{.*}}%zmm
; ASM: vaddps {{.*}}%ymm
; ASM-LABEL: chosen_width:
; ASM-NOT: vaddps {{.*}}%zmm
; ASM: vaddps {{.*}}%ymm
; ASM-NOT: vaddps {{.*}}%zmm
; ASM: .Lfunc_end2:

define void @with_avx512(ptr %a, ptr %c, i64 %n, i64 %m) #0 {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %km = mul i64 %k, %n
  %idx = add i64 %km, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !1
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

define void @without_avx512(ptr %a, ptr %c, i64 %n, i64 %m) #1 {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %km = mul i64 %k, %n
  %idx = add i64 %km, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !11
  %s.next = fadd float %s, %v
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
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

define void @chosen_width(ptr %a, ptr %c, i64 %n, i64 %m) #2 {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %km = mul i64 %k, %n
  %idx = add i64 %km, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !21
  %s.next = fadd float %s, %v
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %pc = getelementptr float, ptr %c, i64 %j
  store float %s.next, ptr %pc, align 4, !llvm.access.group !21
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !22

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
!21 = distinct !{}
!22 = distinct !{!22, !23, !4}
!23 = !{!"llvm.loop.parallel_accesses", !21}

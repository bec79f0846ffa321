; weft-item-loop-select's trial widening (try_widening) runs the loop vectorizer on a copy
; of the kernel's function, which plans every loop in it, so the trial runs
; weft-uniform-chain-guard first, as the pipeline does before its own vectorizer.
; Reduced from kernel-fuzz seed 130861 (a range<3> kernel): the item loop holds a loop
; inside the item (v *= lin, `trips` times); the copy of it unswitched for trips == 0
; squares a load of in[0] (the same for every item) 33 times, and LLVM 22's vectorizer
; asks of each square whether it is the same for every item by asking it of both
; operands, without remembering (vputils::isSingleScalar): 2^33 questions, a trial with
; no end. The item loop is still given to the outer-loop vectorizer; the squaring loop
; gets llvm.loop.vectorize.enable false and runs scalar.
; RUN: %opt -enable-vplan-native-path -passes=weft-item-loop-select -pass-remarks-analysis=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -enable-vplan-native-path -passes='function(weft-item-loop-select,weft-uniform-chain-guard,loop(loop-rotate,loop-deletion),loop-distribute,inject-tli-mappings,loop-vectorize)' -S %s | %FileCheck --check-prefix=VEC %s

; REMARK: kernel {{.*}}rows{{.*}}: item loop given to the outer-loop vectorizer

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; The trial's marks stay on its copy:
; CHECK-LABEL: define void @rows(
; CHECK: %w33 = mul i32 %w32, %w32
; CHECK-NOT: !"llvm.loop.vectorize.enable", i32 0
; VEC-LABEL: define void @rows(
; VEC: mul <{{[0-9]+}} x i32>
; VEC: %w33 = mul i32 %w32, %w32
; VEC: br i1 %chain.more, label %chain, label %exit{{.*}}, !llvm.loop ![[CHAIN:[0-9]+]]
; VEC: ![[CHAIN]] = distinct !{![[CHAIN]], {{.*}}![[OFF:[0-9]+]]}
; VEC: ![[OFF]] = !{!"llvm.loop.vectorize.enable", i32 0}
define void @rows(ptr %in, ptr %out, i64 %n, i32 %trips) {
entry:
  %none = icmp eq i32 %trips, 0
  br i1 %none, label %chain, label %item

item:
  %id = phi i64 [ 0, %entry ], [ %id.next, %item.end ]
  %lin = trunc i64 %id to i32
  %v0 = load i32, ptr %in, align 4, !llvm.access.group !0
  br label %inner

inner:
  %k = phi i32 [ 0, %item ], [ %k.next, %inner ]
  %v = phi i32 [ %v0, %item ], [ %v.next, %inner ]
  %v.next = mul i32 %v, %lin
  %k.next = add nuw i32 %k, 1
  %inner.done = icmp eq i32 %k.next, %trips
  br i1 %inner.done, label %item.end, label %inner

item.end:
  %p = getelementptr inbounds i32, ptr %out, i64 %id
  store i32 %v.next, ptr %p, align 4, !llvm.access.group !0
  %id.next = add nuw i64 %id, 1
  %more = icmp ult i64 %id.next, %n
  br i1 %more, label %item, label %exit, !llvm.loop !1

chain:
  %c = phi i64 [ 0, %entry ], [ %c.next, %chain ]
  %w0 = load i32, ptr %in, align 4, !llvm.access.group !0
  %w1 = mul i32 %w0, %w0
  %w2 = mul i32 %w1, %w1
  %w3 = mul i32 %w2, %w2
  %w4 = mul i32 %w3, %w3
  %w5 = mul i32 %w4, %w4
  %w6 = mul i32 %w5, %w5
  %w7 = mul i32 %w6, %w6
  %w8 = mul i32 %w7, %w7
  %w9 = mul i32 %w8, %w8
  %w10 = mul i32 %w9, %w9
  %w11 = mul i32 %w10, %w10
  %w12 = mul i32 %w11, %w11
  %w13 = mul i32 %w12, %w12
  %w14 = mul i32 %w13, %w13
  %w15 = mul i32 %w14, %w14
  %w16 = mul i32 %w15, %w15
  %w17 = mul i32 %w16, %w16
  %w18 = mul i32 %w17, %w17
  %w19 = mul i32 %w18, %w18
  %w20 = mul i32 %w19, %w19
  %w21 = mul i32 %w20, %w20
  %w22 = mul i32 %w21, %w21
  %w23 = mul i32 %w22, %w22
  %w24 = mul i32 %w23, %w23
  %w25 = mul i32 %w24, %w24
  %w26 = mul i32 %w25, %w25
  %w27 = mul i32 %w26, %w26
  %w28 = mul i32 %w27, %w27
  %w29 = mul i32 %w28, %w28
  %w30 = mul i32 %w29, %w29
  %w31 = mul i32 %w30, %w30
  %w32 = mul i32 %w31, %w31
  %w33 = mul i32 %w32, %w32
  %q = getelementptr inbounds i32, ptr %out, i64 %c
  store i32 %w33, ptr %q, align 4, !llvm.access.group !0
  %c.next = add nuw i64 %c, 1
  %chain.more = icmp ult i64 %c.next, %n
  br i1 %chain.more, label %chain, label %exit, !llvm.loop !4

exit:
  ret void
}

!0 = distinct !{}
!1 = distinct !{!1, !2, !3}
!2 = !{!"llvm.loop.parallel_accesses", !0}
!3 = !{!"llvm.loop.vectorize.enable", i1 true}
!4 = distinct !{!4, !2, !3}

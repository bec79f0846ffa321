; weft-uniform-chain-guard: a loop holding a long chain of values the same in every
; iteration, each step used more than once by the next (x = min(x + a[0], 1e6), NaN to
; 1e6: kernel-fuzz seed 64045), gets llvm.loop.vectorize.enable false and a remark:
; LLVM 22's loop vectorizer would take time exponential in the chain's length to plan it
; (vputils::isSingleScalar). A short chain, and a chain through a load whose address
; varies, are left to the vectorizer.
; RUN: %opt -passes=weft-uniform-chain-guard -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; The guarded loop then costs the vectorizer nothing; the short one is still widened:
; RUN: %opt -passes=weft-uniform-chain-guard,loop-vectorize -force-vector-width=4 -S %s | %FileCheck --check-prefix=VEC %s

target triple = "x86_64-pc-linux-gnu"

; REMARK: loop not vectorized: a chain of values the same in every iteration
; REMARK-NOT: loop not vectorized

; CHECK-LABEL: define void @long_chain(
; CHECK: br i1 %c, label %loop, label %exit, !llvm.loop [[LONG:![0-9]+]]
; CHECK-LABEL: define void @short_chain(
; CHECK: br i1 %c, label %loop, label %exit, !llvm.loop [[SHORT:![0-9]+]]
; CHECK-LABEL: define void @varying_address(
; CHECK: br i1 %c, label %loop, label %exit, !llvm.loop [[VARY:![0-9]+]]
; CHECK: [[LONG]] = distinct !{[[LONG]], {{.*}}![[DISABLE:[0-9]+]]}
; CHECK: ![[DISABLE]] = !{!"llvm.loop.vectorize.enable", i32 0}
; CHECK-NOT: llvm.loop.vectorize.enable
; VEC-LABEL: define void @long_chain(
; VEC-NOT: vector.body
; VEC-LABEL: define void @short_chain(
; VEC: vector.body
; VEC-LABEL: define void @varying_address(
; VEC: vector.body

define void @long_chain(ptr noalias %a, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %x0 = load float, ptr %a, align 4
  %l1 = load float, ptr %a, align 4
  %s1 = fadd float %x0, %l1
  %g1 = fcmp ogt float %s1, 1.0e6
  %u1 = fcmp uno float %s1, 0.0
  %o1 = or i1 %g1, %u1
  %x1 = select i1 %o1, float 1.0e6, float %s1
  %l2 = load float, ptr %a, align 4
  %s2 = fadd float %x1, %l2
  %g2 = fcmp ogt float %s2, 1.0e6
  %u2 = fcmp uno float %s2, 0.0
  %o2 = or i1 %g2, %u2
  %x2 = select i1 %o2, float 1.0e6, float %s2
  %l3 = load float, ptr %a, align 4
  %s3 = fadd float %x2, %l3
  %g3 = fcmp ogt float %s3, 1.0e6
  %u3 = fcmp uno float %s3, 0.0
  %o3 = or i1 %g3, %u3
  %x3 = select i1 %o3, float 1.0e6, float %s3
  %l4 = load float, ptr %a, align 4
  %s4 = fadd float %x3, %l4
  %g4 = fcmp ogt float %s4, 1.0e6
  %u4 = fcmp uno float %s4, 0.0
  %o4 = or i1 %g4, %u4
  %x4 = select i1 %o4, float 1.0e6, float %s4
  %l5 = load float, ptr %a, align 4
  %s5 = fadd float %x4, %l5
  %g5 = fcmp ogt float %s5, 1.0e6
  %u5 = fcmp uno float %s5, 0.0
  %o5 = or i1 %g5, %u5
  %x5 = select i1 %o5, float 1.0e6, float %s5
  %l6 = load float, ptr %a, align 4
  %s6 = fadd float %x5, %l6
  %g6 = fcmp ogt float %s6, 1.0e6
  %u6 = fcmp uno float %s6, 0.0
  %o6 = or i1 %g6, %u6
  %x6 = select i1 %o6, float 1.0e6, float %s6
  %l7 = load float, ptr %a, align 4
  %s7 = fadd float %x6, %l7
  %g7 = fcmp ogt float %s7, 1.0e6
  %u7 = fcmp uno float %s7, 0.0
  %o7 = or i1 %g7, %u7
  %x7 = select i1 %o7, float 1.0e6, float %s7
  %l8 = load float, ptr %a, align 4
  %s8 = fadd float %x7, %l8
  %g8 = fcmp ogt float %s8, 1.0e6
  %u8 = fcmp uno float %s8, 0.0
  %o8 = or i1 %g8, %u8
  %x8 = select i1 %o8, float 1.0e6, float %s8
  %l9 = load float, ptr %a, align 4
  %s9 = fadd float %x8, %l9
  %g9 = fcmp ogt float %s9, 1.0e6
  %u9 = fcmp uno float %s9, 0.0
  %o9 = or i1 %g9, %u9
  %x9 = select i1 %o9, float 1.0e6, float %s9
  %l10 = load float, ptr %a, align 4
  %s10 = fadd float %x9, %l10
  %g10 = fcmp ogt float %s10, 1.0e6
  %u10 = fcmp uno float %s10, 0.0
  %o10 = or i1 %g10, %u10
  %x10 = select i1 %o10, float 1.0e6, float %s10
  %l11 = load float, ptr %a, align 4
  %s11 = fadd float %x10, %l11
  %g11 = fcmp ogt float %s11, 1.0e6
  %u11 = fcmp uno float %s11, 0.0
  %o11 = or i1 %g11, %u11
  %x11 = select i1 %o11, float 1.0e6, float %s11
  %l12 = load float, ptr %a, align 4
  %s12 = fadd float %x11, %l12
  %g12 = fcmp ogt float %s12, 1.0e6
  %u12 = fcmp uno float %s12, 0.0
  %o12 = or i1 %g12, %u12
  %x12 = select i1 %o12, float 1.0e6, float %s12
  %l13 = load float, ptr %a, align 4
  %s13 = fadd float %x12, %l13
  %g13 = fcmp ogt float %s13, 1.0e6
  %u13 = fcmp uno float %s13, 0.0
  %o13 = or i1 %g13, %u13
  %x13 = select i1 %o13, float 1.0e6, float %s13
  %l14 = load float, ptr %a, align 4
  %s14 = fadd float %x13, %l14
  %g14 = fcmp ogt float %s14, 1.0e6
  %u14 = fcmp uno float %s14, 0.0
  %o14 = or i1 %g14, %u14
  %x14 = select i1 %o14, float 1.0e6, float %s14
  %l15 = load float, ptr %a, align 4
  %s15 = fadd float %x14, %l15
  %g15 = fcmp ogt float %s15, 1.0e6
  %u15 = fcmp uno float %s15, 0.0
  %o15 = or i1 %g15, %u15
  %x15 = select i1 %o15, float 1.0e6, float %s15
  %l16 = load float, ptr %a, align 4
  %s16 = fadd float %x15, %l16
  %g16 = fcmp ogt float %s16, 1.0e6
  %u16 = fcmp uno float %s16, 0.0
  %o16 = or i1 %g16, %u16
  %x16 = select i1 %o16, float 1.0e6, float %s16
  %p = getelementptr float, ptr %out, i64 %i
  store float %x16, ptr %p, align 4
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !0
exit:
  ret void
}

define void @short_chain(ptr noalias %a, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %x0 = load float, ptr %a, align 4
  %l1 = load float, ptr %a, align 4
  %s1 = fadd float %x0, %l1
  %g1 = fcmp ogt float %s1, 1.0e6
  %u1 = fcmp uno float %s1, 0.0
  %o1 = or i1 %g1, %u1
  %x1 = select i1 %o1, float 1.0e6, float %s1
  %l2 = load float, ptr %a, align 4
  %s2 = fadd float %x1, %l2
  %g2 = fcmp ogt float %s2, 1.0e6
  %u2 = fcmp uno float %s2, 0.0
  %o2 = or i1 %g2, %u2
  %x2 = select i1 %o2, float 1.0e6, float %s2
  %l3 = load float, ptr %a, align 4
  %s3 = fadd float %x2, %l3
  %g3 = fcmp ogt float %s3, 1.0e6
  %u3 = fcmp uno float %s3, 0.0
  %o3 = or i1 %g3, %u3
  %x3 = select i1 %o3, float 1.0e6, float %s3
  %p = getelementptr float, ptr %out, i64 %i
  store float %x3, ptr %p, align 4
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !2
exit:
  ret void
}

define void @varying_address(ptr noalias %a, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %ai = getelementptr float, ptr %a, i64 %i
  %x0 = load float, ptr %ai, align 4
  %l1 = load float, ptr %ai, align 4
  %s1 = fadd float %x0, %l1
  %g1 = fcmp ogt float %s1, 1.0e6
  %u1 = fcmp uno float %s1, 0.0
  %o1 = or i1 %g1, %u1
  %x1 = select i1 %o1, float 1.0e6, float %s1
  %l2 = load float, ptr %ai, align 4
  %s2 = fadd float %x1, %l2
  %g2 = fcmp ogt float %s2, 1.0e6
  %u2 = fcmp uno float %s2, 0.0
  %o2 = or i1 %g2, %u2
  %x2 = select i1 %o2, float 1.0e6, float %s2
  %l3 = load float, ptr %ai, align 4
  %s3 = fadd float %x2, %l3
  %g3 = fcmp ogt float %s3, 1.0e6
  %u3 = fcmp uno float %s3, 0.0
  %o3 = or i1 %g3, %u3
  %x3 = select i1 %o3, float 1.0e6, float %s3
  %l4 = load float, ptr %ai, align 4
  %s4 = fadd float %x3, %l4
  %g4 = fcmp ogt float %s4, 1.0e6
  %u4 = fcmp uno float %s4, 0.0
  %o4 = or i1 %g4, %u4
  %x4 = select i1 %o4, float 1.0e6, float %s4
  %l5 = load float, ptr %ai, align 4
  %s5 = fadd float %x4, %l5
  %g5 = fcmp ogt float %s5, 1.0e6
  %u5 = fcmp uno float %s5, 0.0
  %o5 = or i1 %g5, %u5
  %x5 = select i1 %o5, float 1.0e6, float %s5
  %l6 = load float, ptr %ai, align 4
  %s6 = fadd float %x5, %l6
  %g6 = fcmp ogt float %s6, 1.0e6
  %u6 = fcmp uno float %s6, 0.0
  %o6 = or i1 %g6, %u6
  %x6 = select i1 %o6, float 1.0e6, float %s6
  %l7 = load float, ptr %ai, align 4
  %s7 = fadd float %x6, %l7
  %g7 = fcmp ogt float %s7, 1.0e6
  %u7 = fcmp uno float %s7, 0.0
  %o7 = or i1 %g7, %u7
  %x7 = select i1 %o7, float 1.0e6, float %s7
  %l8 = load float, ptr %ai, align 4
  %s8 = fadd float %x7, %l8
  %g8 = fcmp ogt float %s8, 1.0e6
  %u8 = fcmp uno float %s8, 0.0
  %o8 = or i1 %g8, %u8
  %x8 = select i1 %o8, float 1.0e6, float %s8
  %l9 = load float, ptr %ai, align 4
  %s9 = fadd float %x8, %l9
  %g9 = fcmp ogt float %s9, 1.0e6
  %u9 = fcmp uno float %s9, 0.0
  %o9 = or i1 %g9, %u9
  %x9 = select i1 %o9, float 1.0e6, float %s9
  %l10 = load float, ptr %ai, align 4
  %s10 = fadd float %x9, %l10
  %g10 = fcmp ogt float %s10, 1.0e6
  %u10 = fcmp uno float %s10, 0.0
  %o10 = or i1 %g10, %u10
  %x10 = select i1 %o10, float 1.0e6, float %s10
  %l11 = load float, ptr %ai, align 4
  %s11 = fadd float %x10, %l11
  %g11 = fcmp ogt float %s11, 1.0e6
  %u11 = fcmp uno float %s11, 0.0
  %o11 = or i1 %g11, %u11
  %x11 = select i1 %o11, float 1.0e6, float %s11
  %l12 = load float, ptr %ai, align 4
  %s12 = fadd float %x11, %l12
  %g12 = fcmp ogt float %s12, 1.0e6
  %u12 = fcmp uno float %s12, 0.0
  %o12 = or i1 %g12, %u12
  %x12 = select i1 %o12, float 1.0e6, float %s12
  %l13 = load float, ptr %ai, align 4
  %s13 = fadd float %x12, %l13
  %g13 = fcmp ogt float %s13, 1.0e6
  %u13 = fcmp uno float %s13, 0.0
  %o13 = or i1 %g13, %u13
  %x13 = select i1 %o13, float 1.0e6, float %s13
  %l14 = load float, ptr %ai, align 4
  %s14 = fadd float %x13, %l14
  %g14 = fcmp ogt float %s14, 1.0e6
  %u14 = fcmp uno float %s14, 0.0
  %o14 = or i1 %g14, %u14
  %x14 = select i1 %o14, float 1.0e6, float %s14
  %l15 = load float, ptr %ai, align 4
  %s15 = fadd float %x14, %l15
  %g15 = fcmp ogt float %s15, 1.0e6
  %u15 = fcmp uno float %s15, 0.0
  %o15 = or i1 %g15, %u15
  %x15 = select i1 %o15, float 1.0e6, float %s15
  %l16 = load float, ptr %ai, align 4
  %s16 = fadd float %x15, %l16
  %g16 = fcmp ogt float %s16, 1.0e6
  %u16 = fcmp uno float %s16, 0.0
  %o16 = or i1 %g16, %u16
  %x16 = select i1 %o16, float 1.0e6, float %s16
  %p = getelementptr float, ptr %out, i64 %i
  store float %x16, ptr %p, align 4
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !3
exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
!2 = distinct !{!2, !1}
!3 = distinct !{!3, !1}

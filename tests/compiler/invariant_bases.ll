; weft-invariant-bases: in an innermost loop, `gep T, p, (add i, k)` with p and i
; loop-invariant becomes `gep T, (gep T, p, i), k`, the new base computed once in the
; preheader (one per pointer, offset and type). The shape is polybench syr2k's row walk
; as the plugin's copies of its item loop leave it: two rows of A and B at offsets i and
; j, each offset's add shared by two addresses, the bases computed in the loop around.
; In that form LLVM 22's loop vectorizer interleaves the widened row loop twice; with
; the bases before the loop, four times (VEC). Left alone: a varying pointer, an add of
; two invariants (LICM's), a getelementptr with two indices, a loop with a loop inside.
; RUN: %opt -passes=weft-invariant-bases -pass-remarks=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -passes=loop-vectorize -S %s | %FileCheck --check-prefix=BEFORE %s
; RUN: %opt -passes=weft-invariant-bases,loop-vectorize -S %s | %FileCheck --check-prefix=VEC %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; REMARK: 4 address(es) of the loop now start from a base computed before it
; REMARK: 1 address(es) of the loop now start from a base computed before it
; REMARK: 1 address(es) of the loop now start from a base computed before it
; REMARK-NOT: remark

; CHECK-LABEL: define void @row_walk(
; CHECK: row:
; CHECK: %weft.base = getelementptr float, ptr %ai, i64 %offi
; CHECK-NEXT: %weft.base1 = getelementptr float, ptr %bj, i64 %offj
; CHECK-NEXT: %weft.base2 = getelementptr float, ptr %aj, i64 %offj
; CHECK-NEXT: %weft.base3 = getelementptr float, ptr %bi, i64 %offi
; CHECK-NEXT: br label %k.loop
; CHECK: k.loop:
; CHECK-NOT: add i64 %off
; CHECK: %pa = getelementptr float, ptr %weft.base, i64 %k
; CHECK-NEXT: %a = load float
; CHECK-NEXT: %pb = getelementptr float, ptr %weft.base1, i64 %k
; CHECK-NEXT: %b = load float
; CHECK-NEXT: %pc = getelementptr float, ptr %weft.base2, i64 %k
; CHECK-NEXT: %cc = load float
; CHECK-NEXT: %pd = getelementptr float, ptr %weft.base3, i64 %k
; BEFORE-LABEL: define void @row_walk(
; BEFORE: vector.body:
; BEFORE: %index.next = add nuw i64 %index, 16
; VEC-LABEL: define void @row_walk(
; VEC: vector.body:
; VEC: %index.next = add nuw i64 %index, 32
define void @row_walk(ptr %A, ptr %B, ptr %C, i64 %n, i64 %m, i64 %ld, i64 %i, i64 %offi, i64 %offj) #0 {
entry:
  br label %row

row:
  %j = phi i64 [ 0, %entry ], [ %j.next, %row.end ]
  %c = getelementptr float, ptr %C, i64 %j
  %c0 = load float, ptr %c, align 4
  %ri = mul i64 %i, %ld
  %rj = mul i64 %j, %ld
  %ai = getelementptr float, ptr %A, i64 %ri
  %bi = getelementptr float, ptr %B, i64 %ri
  %bj = getelementptr float, ptr %B, i64 %rj
  %aj = getelementptr float, ptr %A, i64 %rj
  br label %k.loop

k.loop:
  %acc = phi float [ %c0, %row ], [ %acc.next, %k.loop ]
  %k = phi i64 [ 0, %row ], [ %k.next, %k.loop ]
  %ki = add i64 %offi, %k
  %pa = getelementptr float, ptr %ai, i64 %ki
  %a = load float, ptr %pa, align 4
  %kj = add i64 %offj, %k
  %pb = getelementptr float, ptr %bj, i64 %kj
  %b = load float, ptr %pb, align 4
  %pc = getelementptr float, ptr %aj, i64 %kj
  %cc = load float, ptr %pc, align 4
  %pd = getelementptr float, ptr %bi, i64 %ki
  %d = load float, ptr %pd, align 4
  %m1 = fmul fast float %b, %a
  %m2 = fmul fast float %d, %cc
  %s = fadd fast float %m2, %m1
  %acc.next = fadd fast float %s, %acc
  %k.next = add nuw i64 %k, 1
  %done = icmp eq i64 %k.next, %m
  br i1 %done, label %row.end, label %k.loop

row.end:
  store float %acc.next, ptr %c, align 4
  %j.next = add i64 %j, 1
  %rows.done = icmp eq i64 %j.next, %n
  br i1 %rows.done, label %exit, label %row

exit:
  ret void
}

; An i32 index is sign-extended: sext(o + k) is sext(o) + sext(k) only without a wrap,
; so a narrow add without nsw stays (%p4), and one with nsw is rebased (@narrow_nsw).
; CHECK-LABEL: define void @left_alone(
; CHECK-NOT: weft.base
; CHECK: %p4 = getelementptr float, ptr %a, i32 %x4
; CHECK: %p1 = getelementptr inbounds float, ptr %q, i64 %x1
; CHECK: %p2 = getelementptr float, ptr %a, i64 %x2
; CHECK: %p3 = getelementptr [4 x float], ptr %a, i64 0, i64 %x1
; CHECK: ret void
define void @left_alone(ptr %a, i64 %n, i64 %o, i64 %o2, i32 %o32) {
entry:
  br label %loop

loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %k32 = trunc i64 %k to i32
  %x4 = add i32 %o32, %k32
  %p4 = getelementptr float, ptr %a, i32 %x4
  store float 4.0, ptr %p4, align 4
  %q = getelementptr float, ptr %a, i64 %k
  %x1 = add i64 %o, %k
  %p1 = getelementptr inbounds float, ptr %q, i64 %x1
  store float 1.0, ptr %p1, align 4
  %x2 = add i64 %o, %o2
  %p2 = getelementptr float, ptr %a, i64 %x2
  store float 2.0, ptr %p2, align 4
  %p3 = getelementptr [4 x float], ptr %a, i64 0, i64 %x1
  store float 3.0, ptr %p3, align 4
  %k.next = add i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; CHECK-LABEL: define void @narrow_nsw(
; CHECK: %weft.base = getelementptr float, ptr %a, i32 %o32
; CHECK: %p = getelementptr float, ptr %weft.base, i32 %k32
define void @narrow_nsw(ptr %a, i64 %n, i32 %o32) {
entry:
  br label %loop

loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %k32 = trunc i64 %k to i32
  %x = add nsw i32 %o32, %k32
  %p = getelementptr float, ptr %a, i32 %x
  store float 1.0, ptr %p, align 4
  %k.next = add i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; Only innermost loops: the outer loop's address keeps its form, the inner one's is rebased.
; CHECK-LABEL: define void @nest(
; CHECK: outer:
; CHECK: %po = getelementptr inbounds float, ptr %a, i64 %xo
; CHECK: %weft.base = getelementptr float, ptr %a, i64 %o
; CHECK: inner:
; CHECK: %pi = getelementptr float, ptr %weft.base, i64 %k
define void @nest(ptr %a, i64 %n, i64 %o) {
entry:
  br label %outer

outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %outer.end ]
  %xo = add i64 %o, %j
  %po = getelementptr inbounds float, ptr %a, i64 %xo
  store float 1.0, ptr %po, align 4
  br label %inner

inner:
  %k = phi i64 [ 0, %outer ], [ %k.next, %inner ]
  %xi = add i64 %o, %k
  %pi = getelementptr inbounds float, ptr %a, i64 %xi
  store float 2.0, ptr %pi, align 4
  %k.next = add i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %outer.end, label %inner

outer.end:
  %j.next = add i64 %j, 1
  %outer.done = icmp eq i64 %j.next, %n
  br i1 %outer.done, label %exit, label %outer

exit:
  ret void
}

attributes #0 = { "target-cpu"="sapphirerapids" }

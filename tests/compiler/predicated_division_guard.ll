; weft-predicated-division-guard: in an innermost loop, an unsigned division of
; loop-invariant values in a block not every iteration runs, from which the address of a
; load or store is computed, goes through a freeze (opaque to scalar evolution). LLVM 22's
; loop vectorizer runs such a division per lane under the lane's condition but computes a
; uniform or consecutive address from the first lane's result alone, poison where the
; first lane's condition is false (kernel-fuzz seed 162158). Signed divisions, divisions
; every iteration runs, divisions by a nonzero constant, divisions only values use and
; divisions that vary per iteration are left alone.
; RUN: %opt -passes=weft-predicated-division-guard -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; Without the guard the vectorizer loads every lane through the first lane's division:
; RUN: %opt -passes=loop-vectorize -force-vector-width=4 -force-vector-interleave=1 -S %s | %FileCheck --check-prefix=LV %s
; With it, each lane's load uses its own division:
; RUN: %opt -passes=weft-predicated-division-guard,loop-vectorize -force-vector-width=4 -force-vector-interleave=1 -S %s | %FileCheck --check-prefix=VEC %s

target triple = "x86_64-pc-linux-gnu"

; REMARK: 1 division of loop-invariant values under a branch, used by an address, stays opaque to the loop vectorizer
; REMARK: 1 division of loop-invariant values under a branch, used by an address, stays opaque to the loop vectorizer
; REMARK: 2 divisions of loop-invariant values under a branch, used by an address, stay opaque to the loop vectorizer
; REMARK-NOT: remark

; for (j < 32) out[j] = ((j ^ c) & 3) == 3 ? a[7 % (d | 1)] * a[j] : 12 (the seed's kernel, reduced)
; CHECK-LABEL: define void @uniform_address(
; CHECK: %rem = urem i32 7, %or
; CHECK-NEXT: %rem.weft.opaque = freeze i32 %rem
; CHECK-NEXT: %idx = zext nneg i32 %rem.weft.opaque to i64
; LV-LABEL: define void @uniform_address(
; LV: vector.body:
; LV: [[FIRST:%.*]] = phi i32 [ poison, %vector.body ], [ {{%.*}}, %pred.urem.if ]
; LV: [[IDX:%.*]] = zext nneg i32 [[FIRST]] to i64
; LV-NEXT: [[ADDR:%.*]] = getelementptr inbounds nuw i32, ptr %a, i64 [[IDX]]
; LV: pred.load.if{{[0-9]+}}:
; LV-NEXT: load i32, ptr [[ADDR]]
; VEC-LABEL: define void @uniform_address(
; VEC: pred.load.if{{[0-9]+}}:
; VEC-NEXT: [[REM:%.*]] = urem i32 7, %or
; VEC-NEXT: [[OPAQUE:%.*]] = freeze i32 [[REM]]
; VEC-NEXT: [[IDX:%.*]] = zext nneg i32 [[OPAQUE]] to i64
; VEC-NEXT: [[ADDR:%.*]] = getelementptr inbounds nuw i32, ptr %a, i64 [[IDX]]
; VEC-NEXT: load i32, ptr [[ADDR]]
; VEC-NOT: phi i32 [ poison
; VEC: middle.block:
define void @uniform_address(ptr noalias %out, ptr noalias %a, i32 %c, i32 %d) {
entry:
  %or = or i32 %d, 1
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %latch ]
  %j = trunc nuw nsw i64 %iv to i32
  %xor = xor i32 %c, %j
  %and = and i32 %xor, 3
  %cmp = icmp eq i32 %and, 3
  br i1 %cmp, label %then, label %latch

then:
  %rem = urem i32 7, %or
  %idx = zext nneg i32 %rem to i64
  %p = getelementptr inbounds nuw i32, ptr %a, i64 %idx
  %x = load i32, ptr %p, align 4
  %q = getelementptr inbounds nuw i32, ptr %a, i64 %iv
  %y = load i32, ptr %q, align 4
  %mul = mul i32 %y, %x
  br label %latch

latch:
  %v = phi i32 [ %mul, %then ], [ 12, %loop ]
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %iv
  store i32 %v, ptr %o, align 4
  %iv.next = add nuw nsw i64 %iv, 1
  %done = icmp eq i64 %iv.next, 32
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; A consecutive address: out[j] = c[j] ? a[j + k / d] : 0.
; CHECK-LABEL: define void @consecutive_address(
; CHECK: %quot = udiv i64 %k, %d
; CHECK-NEXT: %quot.weft.opaque = freeze i64 %quot
; CHECK-NEXT: %idx = add i64 %quot.weft.opaque, %iv
define void @consecutive_address(ptr noalias %out, ptr noalias %a, ptr noalias %c, i64 %k, i64 %d) {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %latch ]
  %pc = getelementptr inbounds i8, ptr %c, i64 %iv
  %cv = load i8, ptr %pc, align 1
  %cmp = icmp ne i8 %cv, 0
  br i1 %cmp, label %then, label %latch

then:
  %quot = udiv i64 %k, %d
  %idx = add i64 %quot, %iv
  %p = getelementptr inbounds i32, ptr %a, i64 %idx
  %x = load i32, ptr %p, align 4
  br label %latch

latch:
  %v = phi i32 [ %x, %then ], [ 0, %loop ]
  %o = getelementptr inbounds i32, ptr %out, i64 %iv
  store i32 %v, ptr %o, align 4
  %iv.next = add nuw nsw i64 %iv, 1
  %done = icmp eq i64 %iv.next, 64
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; A store's address (a scatter in an item loop, whose iterations are independent), and a
; division of a division: both frozen.
; CHECK-LABEL: define void @store_address(
; CHECK: %r1 = urem i32 %k, %d
; CHECK-NEXT: %r1.weft.opaque = freeze i32 %r1
; CHECK-NEXT: %r2 = udiv i32 %r1.weft.opaque, %e
; CHECK-NEXT: %r2.weft.opaque = freeze i32 %r2
; CHECK-NEXT: %idx = zext i32 %r2.weft.opaque to i64
define void @store_address(ptr noalias %a, i32 %c, i32 %k, i32 %d, i32 %e) {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %latch ]
  %j = trunc nuw nsw i64 %iv to i32
  %xor = xor i32 %c, %j
  %and = and i32 %xor, 3
  %cmp = icmp eq i32 %and, 3
  br i1 %cmp, label %then, label %latch

then:
  %r1 = urem i32 %k, %d
  %r2 = udiv i32 %r1, %e
  %idx = zext i32 %r2 to i64
  %p = getelementptr inbounds i32, ptr %a, i64 %idx
  store i32 %j, ptr %p, align 4, !llvm.access.group !1
  br label %latch

latch:
  %iv.next = add nuw nsw i64 %iv, 1
  %done = icmp eq i64 %iv.next, 32
  br i1 %done, label %exit, label %loop, !llvm.loop !0

exit:
  ret void
}

; Left alone: a signed division (its address is per lane to scalar evolution), a division
; every iteration runs, one by a nonzero constant, one only a value uses, one that
; varies per iteration.
; CHECK-LABEL: define void @left_alone(
; CHECK-NOT: freeze
; CHECK: ret void
define void @left_alone(ptr noalias %out, ptr noalias %a, i32 %c, i32 %k, i32 %d) {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %latch ]
  %j = trunc nuw nsw i64 %iv to i32
  %every = urem i32 %k, %d
  %every.idx = zext i32 %every to i64
  %pe = getelementptr inbounds i32, ptr %a, i64 %every.idx
  %xe = load i32, ptr %pe, align 4
  %xor = xor i32 %c, %j
  %and = and i32 %xor, 3
  %cmp = icmp eq i32 %and, 3
  br i1 %cmp, label %then, label %latch

then:
  %signed = srem i32 %k, %d
  %signed.idx = zext i32 %signed to i64
  %ps = getelementptr inbounds i32, ptr %a, i64 %signed.idx
  %xs = load i32, ptr %ps, align 4
  %constant = urem i32 %k, 7
  %constant.idx = zext i32 %constant to i64
  %pc = getelementptr inbounds i32, ptr %a, i64 %constant.idx
  %xc = load i32, ptr %pc, align 4
  %value = udiv i32 %k, %d
  %varies = udiv i32 %j, %d
  %varies.idx = zext i32 %varies to i64
  %pv = getelementptr inbounds i32, ptr %a, i64 %varies.idx
  %xv = load i32, ptr %pv, align 4
  %s1 = add i32 %xs, %xc
  %s2 = add i32 %s1, %value
  %s3 = add i32 %s2, %xv
  br label %latch

latch:
  %v = phi i32 [ %s3, %then ], [ %xe, %loop ]
  %o = getelementptr inbounds i32, ptr %out, i64 %iv
  store i32 %v, ptr %o, align 4
  %iv.next = add nuw nsw i64 %iv, 1
  %done = icmp eq i64 %iv.next, 32
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

!0 = distinct !{!0, !2}
!1 = distinct !{}
!2 = !{!"llvm.loop.parallel_accesses", !1}

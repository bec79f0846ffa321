; weft-nonnegative-division: `sdiv x, C` (C > 0) becomes `udiv x, C` where x is
; non-negative wherever the quotient is used, though not where the division stands.
; The shape is the hierarchical tree reduction's once `flatten` has inlined the kernel
; into the task (SYCL-Bench's Pattern_Reduction_Hierarchical): `i = group_size / 2`
; computed before the `group_size > 1` test of the halving loop, then
; `if (lid < i) s[lid] += s[lid + i]` over the group's items. With the `sdiv` the
; loop vectorizer cannot tell the read offset's sign and guards the vector loop with
; an overlap test of the whole ranges, which the step always fails; with the `udiv`
; the read is ahead of the write and needs no test. Divisions whose dividend may be
; negative at a use, and negative divisors, are left alone.
; RUN: %opt -passes=weft-nonnegative-division -pass-remarks=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -passes=weft-nonnegative-division,loop-vectorize -force-vector-width=4 -force-vector-interleave=1 -S %s | %FileCheck --check-prefix=VEC %s

target triple = "x86_64-pc-linux-gnu"

; REMARK: a signed division by 2 of a value that is non-negative wherever its quotient is used is unsigned
; REMARK: a signed division by 2 of a value that is non-negative wherever its quotient is used is unsigned
; REMARK-NOT: remark

; CHECK-LABEL: define void @tree_step(
; CHECK: %half = udiv i32 %gs, 2
; CHECK-NEXT: %big = icmp sgt i32 %gs, 1
; VEC-LABEL: define void @tree_step(
; VEC-NOT: vector.memcheck
; VEC: vector.body:
; VEC: icmp sgt <4 x i32>
; VEC: middle.block:
define void @tree_step(ptr noalias %s, i32 %gs, i64 %n) {
entry:
  %half = sdiv i32 %gs, 2
  %big = icmp sgt i32 %gs, 1
  br i1 %big, label %steps, label %exit

steps:
  %i = phi i32 [ %half, %entry ], [ %i.next, %step.end ]
  br label %items

items:
  %id = phi i64 [ 0, %steps ], [ %id.next, %item.end ]
  %lid = trunc i64 %id to i32
  %pass = icmp sgt i32 %i, %lid
  br i1 %pass, label %add, label %item.end

add:
  %r = add nsw i32 %i, %lid
  %rx = sext i32 %r to i64
  %pr = getelementptr inbounds float, ptr %s, i64 %rx
  %vr = load float, ptr %pr, align 4
  %wx = sext i32 %lid to i64
  %pw = getelementptr inbounds float, ptr %s, i64 %wx
  %vw = load float, ptr %pw, align 4
  %sum = fadd fast float %vw, %vr
  store float %sum, ptr %pw, align 4
  br label %item.end

item.end:
  %id.next = add nuw i64 %id, 1
  %done = icmp eq i64 %id.next, %n
  br i1 %done, label %step.end, label %items

step.end:
  %i.next = lshr i32 %i, 1
  %last = icmp eq i32 %i.next, 0
  br i1 %last, label %exit, label %steps

exit:
  ret void
}

; `for (i = gs / 2; i != 0; i /= 2)`: i may be negative, and then the read
; s[lid + i] lies below the write s[lid], where earlier items write: both divisions
; stay signed, and the vector loop keeps its overlap test.
; CHECK-LABEL: define void @overlapping_step(
; CHECK: %half = sdiv i32 %gs, 2
; CHECK: %i.next = sdiv i32 %i, 2
; VEC-LABEL: define void @overlapping_step(
; VEC: vector.memcheck:
define void @overlapping_step(ptr noalias %s, i32 %gs, i64 %n) {
entry:
  %half = sdiv i32 %gs, 2
  %go = icmp ne i32 %half, 0
  br i1 %go, label %steps, label %exit

steps:
  %i = phi i32 [ %half, %entry ], [ %i.next, %step.end ]
  br label %items

items:
  %id = phi i64 [ 0, %steps ], [ %id.next, %item.end ]
  %lid = trunc i64 %id to i32
  %pass = icmp sgt i32 %i, %lid
  br i1 %pass, label %add, label %item.end

add:
  %r = add nsw i32 %i, %lid
  %rx = sext i32 %r to i64
  %pr = getelementptr inbounds float, ptr %s, i64 %rx
  %vr = load float, ptr %pr, align 4
  %wx = sext i32 %lid to i64
  %pw = getelementptr inbounds float, ptr %s, i64 %wx
  %vw = load float, ptr %pw, align 4
  %sum = fadd fast float %vw, %vr
  store float %sum, ptr %pw, align 4
  br label %item.end

item.end:
  %id.next = add nuw i64 %id, 1
  %done = icmp eq i64 %id.next, %n
  br i1 %done, label %step.end, label %items

step.end:
  %i.next = sdiv i32 %i, 2
  %last = icmp eq i32 %i.next, 0
  br i1 %last, label %exit, label %steps

exit:
  ret void
}

; A use past the test that is not a phi: unsigned.
; CHECK-LABEL: define i32 @quotient_after_test(
; CHECK: %half = udiv i32 %gs, 2
define i32 @quotient_after_test(i32 %gs) {
entry:
  %half = sdiv i32 %gs, 2
  %big = icmp sgt i32 %gs, 1
  br i1 %big, label %then, label %exit

then:
  %r = add i32 %half, 1
  ret i32 %r

exit:
  ret i32 0
}

; One use where gs > 1 and one before the test, where gs may be negative: signed.
; CHECK-LABEL: define i32 @used_before_test(
; CHECK: %half = sdiv i32 %gs, 2
define i32 @used_before_test(ptr %out, i32 %gs) {
entry:
  %half = sdiv i32 %gs, 2
  store i32 %half, ptr %out, align 4
  %big = icmp sgt i32 %gs, 1
  br i1 %big, label %then, label %exit

then:
  ret i32 %half

exit:
  ret i32 0
}

; A negative divisor: the quotient of a positive dividend is negative, signed.
; CHECK-LABEL: define i32 @negative_divisor(
; CHECK: %q = sdiv i32 %gs, -2
define i32 @negative_divisor(i32 %gs) {
entry:
  %q = sdiv i32 %gs, -2
  %big = icmp sgt i32 %gs, 1
  br i1 %big, label %then, label %exit

then:
  ret i32 %q

exit:
  ret i32 0
}

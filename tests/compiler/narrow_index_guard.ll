; weft-narrow-index-guard: in an innermost loop whose accesses have indices that wrap
; in types narrower than the pointer's, an index whose wrap check a wider one's may
; stand for (both steps positive, its start and step no larger) goes through a freeze
; (opaque to scalar evolution), so LLVM 22's loop vectorizer makes no consecutive
; access that needs that check, which it would drop (SCEVWrapPredicate::implies,
; llvm/llvm-project#191382: kernel-fuzz seeds 60430, 161805). Loops with one such width, or
; none, and narrower indices whose start is not known to be at most the wider one's
; are left alone.
; RUN: %opt -passes=weft-narrow-index-guard -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; The vectorizer then tests the kept index's wrap and gathers through the frozen one:
; RUN: %opt -passes=weft-narrow-index-guard,loop-vectorize -force-vector-width=4 -force-vector-interleave=1 -S %s | %FileCheck --check-prefix=VEC %s

target triple = "x86_64-pc-linux-gnu"

; REMARK: 1 index that wraps at 5 bits stays opaque to the loop vectorizer
; REMARK-SAME: indices that wrap at 10 bits
; REMARK: 1 index that wraps at 10 bits stays opaque to the loop vectorizer
; REMARK-SAME: indices that wrap at 32 bits
; REMARK: 1 index that wraps at 32 bits stays opaque to the loop vectorizer
; REMARK-SAME: indices that wrap at 34 bits
; REMARK: 1 index that wraps at 2 bits stays opaque to the loop vectorizer
; REMARK-SAME: indices that wrap at 32 bits
; REMARK-NOT: remark

; out[i] = a[(i + 186) & 1023] + b[(i + base + 30) & 31]: the i5 index is frozen.
; CHECK-LABEL: define void @mask_widths(
; CHECK: %ma = and i64 %ia, 1023
; CHECK-NEXT: %pa = getelementptr i32, ptr %a, i64 %ma
; CHECK: %mb = and i64 %ib, 31
; CHECK-NEXT: %mb.weft.opaque = freeze i64 %mb
; CHECK-NEXT: %pb = getelementptr i32, ptr %b, i64 %mb.weft.opaque
; VEC-LABEL: define void @mask_widths(
; VEC: vector.scevcheck:
; VEC: icmp ult i10
; VEC: vector.body:
; VEC: load <4 x i32>
; VEC: freeze
; VEC-NOT: load <4 x i32>
; VEC: middle.block:
define void @mask_widths(ptr %a, ptr %b, ptr noalias %out, i64 %n, i64 %base) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %ia = add i64 %i, 186
  %ma = and i64 %ia, 1023
  %pa = getelementptr i32, ptr %a, i64 %ma
  %va = load i32, ptr %pa, align 4
  %x = add i64 %i, %base
  %ib = add i64 %x, 30
  %mb = and i64 %ib, 31
  %pb = getelementptr i32, ptr %b, i64 %mb
  %vb = load i32, ptr %pb, align 4
  %s = add i32 %va, %vb
  %po = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %s, ptr %po, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  ret void
}

; out[i] = a[u32(i + 2000)] + b[(i + base) & 1023]: an unsigned 32-bit index is the wider.
; CHECK-LABEL: define void @u32_and_mask(
; CHECK: %pa = getelementptr i32, ptr %a, i64 %za
; CHECK: %mb.weft.opaque = freeze i64 %mb
; CHECK-NEXT: %pb = getelementptr i32, ptr %b, i64 %mb.weft.opaque
define void @u32_and_mask(ptr %a, ptr %b, ptr noalias %out, i64 %n, i64 %base) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %i32 = trunc i64 %i to i32
  %ia = add i32 %i32, 2000
  %za = zext i32 %ia to i64
  %pa = getelementptr i32, ptr %a, i64 %za
  %va = load i32, ptr %pa, align 4
  %x = add i64 %i, %base
  %mb = and i64 %x, 1023
  %pb = getelementptr i32, ptr %b, i64 %mb
  %vb = load i32, ptr %pb, align 4
  %s = add i32 %va, %vb
  %po = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %s, ptr %po, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  ret void
}

; Two indices of one width (each wrap check implies only what it should): unchanged.
; CHECK-LABEL: define void @one_width(
; CHECK-NOT: freeze
; CHECK: ret void
define void @one_width(ptr %a, ptr %b, ptr noalias %out, i64 %n, i64 %base) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %ia = add i64 %i, 20
  %ma = and i64 %ia, 31
  %pa = getelementptr i32, ptr %a, i64 %ma
  %va = load i32, ptr %pa, align 4
  %x = add i64 %i, %base
  %mb = and i64 %x, 31
  %pb = getelementptr i32, ptr %b, i64 %mb
  %vb = load i32, ptr %pb, align 4
  %s = add i32 %va, %vb
  %po = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %s, ptr %po, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  ret void
}

; Indices in the pointer's own width only: unchanged.
; CHECK-LABEL: define void @full_width(
; CHECK-NOT: freeze
; CHECK: ret void
define void @full_width(ptr %a, ptr noalias %out, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %ia = add i64 %i, 7
  %pa = getelementptr i32, ptr %a, i64 %ia
  %va = load i32, ptr %pa, align 4
  %po = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %va, ptr %po, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  ret void
}

; A tree reduction's step, `if (lid < k) s[lid] += s[lid + k]` on ints (SYCL-Bench's
; hierarchical reductions): s[lid] is sext(i34 {0,+,4}) bytes, s[lid + k] is
; sext(i32 {k,+,1}) elements. k is not known to be at most 0, so LLVM 22 keeps the
; i32 check beside the i34 one: nothing frozen, both accesses stay consecutive.
; CHECK-LABEL: define void @tree_step(
; CHECK-NOT: freeze
; CHECK: ret void
; The vectorizer tests both wraps:
; VEC-LABEL: define void @tree_step(
; VEC: vector.scevcheck:
; VEC: icmp slt i34
; VEC: icmp slt i32 %{{[0-9]+}}, %k
; VEC: vector.body:
; VEC-NOT: freeze
; VEC: middle.block:
define void @tree_step(ptr %s, i32 %k, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %lid = trunc i64 %i to i32
  %in = icmp sgt i32 %k, %lid
  br i1 %in, label %body, label %latch

body:
  %j = add nsw i32 %k, %lid
  %jx = sext i32 %j to i64
  %pj = getelementptr inbounds i32, ptr %s, i64 %jx
  %vj = load i32, ptr %pj, align 4
  %sh = shl i64 %i, 32
  %off = ashr exact i64 %sh, 30
  %pl = getelementptr inbounds i8, ptr %s, i64 %off
  %vl = load i32, ptr %pl, align 4
  %sum = add nsw i32 %vl, %vj
  store i32 %sum, ptr %pl, align 4
  br label %latch

latch:
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  ret void
}

; The same step reading s[lid - 1]: its i32 start -1 is at most the i34 start 0, so
; LLVM 22 would take the i34 check for it: frozen.
; CHECK-LABEL: define void @step_back(
; CHECK: %jx.weft.opaque = freeze i64 %jx
; CHECK-NEXT: %pj = getelementptr inbounds i32, ptr %s, i64 %jx.weft.opaque
define void @step_back(ptr %s, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %lid = trunc i64 %i to i32
  %j = add i32 %lid, -1
  %jx = sext i32 %j to i64
  %pj = getelementptr inbounds i32, ptr %s, i64 %jx
  %vj = load i32, ptr %pj, align 4
  %sh = shl i64 %i, 32
  %off = ashr exact i64 %sh, 30
  %pl = getelementptr inbounds i8, ptr %s, i64 %off
  %vl = load i32, ptr %pl, align 4
  %sum = add i32 %vl, %vj
  store i32 %sum, ptr %pl, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  ret void
}

; out[u32(o + i)] = a[u32(o + i) % 4] + b[u32(i) + 11], the u32 indices as clang writes
; unsigned ids of a size_t item index (kernel-fuzz seed 161805): the i2 index's start (at
; most 3) is at most the i32 start 11, so LLVM 22 would take that i32 check for it and load
; a[m4 .. m4 + 3] as one vector: frozen.
; CHECK-LABEL: define void @mod4_beside_u32(
; CHECK: %m4 = and i64 %lin, 3
; CHECK-NEXT: %m4.weft.opaque = freeze i64 %m4
; CHECK-NEXT: %pa = getelementptr inbounds nuw i32, ptr %a, i64 %m4.weft.opaque
; CHECK: %pb = getelementptr inbounds nuw i32, ptr %b, i64 %j32
; The vectorizer tests the i32 wraps, loads a's elements one by one and b's as a vector:
; VEC-LABEL: define void @mod4_beside_u32(
; VEC: vector.scevcheck:
; VEC: icmp ult i32 %{{[0-9]+}}, 11
; VEC: vector.body:
; VEC: freeze
; VEC: load i32
; VEC: load <4 x i32>
; VEC: store <4 x i32>
; VEC: middle.block:
define void @mod4_beside_u32(ptr noalias %out, ptr noalias %a, ptr noalias %b, i64 %n, i64 %o) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %lin = add i64 %i, %o
  %m4 = and i64 %lin, 3
  %pa = getelementptr inbounds nuw i32, ptr %a, i64 %m4
  %va = load i32, ptr %pa, align 4
  %j = add i64 %i, 11
  %j32 = and i64 %j, 4294967295
  %pb = getelementptr inbounds nuw i32, ptr %b, i64 %j32
  %vb = load i32, ptr %pb, align 4
  %s = add i32 %vb, %va
  %lin32 = and i64 %lin, 4294967295
  %po = getelementptr inbounds nuw i32, ptr %out, i64 %lin32
  store i32 %s, ptr %po, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  ret void
}

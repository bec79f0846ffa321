; weft-narrow-index-guard: in an innermost loop whose accesses have indices that wrap
; in types of more than one width narrower than the pointer's, the narrower ones go
; through a freeze (opaque to scalar evolution), so LLVM 22's loop vectorizer makes no
; consecutive access that needs their run-time wrap check, which it would drop
; (SCEVWrapPredicate::implies, llvm/llvm-project#191382: kernel-fuzz seed 60430). Loops
; with one such width, or none, are left alone.
; RUN: %opt -passes=weft-narrow-index-guard -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; The vectorizer then tests the kept index's wrap and gathers through the frozen one:
; RUN: %opt -passes=weft-narrow-index-guard,loop-vectorize -force-vector-width=4 -force-vector-interleave=1 -S %s | %FileCheck --check-prefix=VEC %s

target triple = "x86_64-pc-linux-gnu"

; REMARK: 1 index that wraps at 5 bits stays opaque to the loop vectorizer
; REMARK-SAME: indices that wrap at 10 bits
; REMARK: 1 index that wraps at 10 bits stays opaque to the loop vectorizer
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

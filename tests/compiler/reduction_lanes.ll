; weft-reduction-lanes: in a loop with the lanes mark (the range reduction launch's
; loop over blocks), the lane loop's loads that step by c elements from lane to
; lane, c of them combined into the lane's state by one associative and commutative
; operator, are given to other lanes: load k of lane l reads element k*L + l of the
; block's run, so the vectorizer widens them into consecutive loads (the O3 run)
; instead of a wide load and c deinterleaving shuffles. Left alone: a loop without
; the mark, a lane loop whose store some lanes skip, a floating add that may not be reassociated, a lane loop that writes
; memory other than its stack objects, fewer loads than the stride, lanes whose
; address is taken, a load that also feeds a value other than a lane's chain, loads
; of one group that feed different reductions.
; RUN: %opt -passes=weft-reduction-lanes -S %s | %FileCheck %s
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -mattr=+avx2 -passes='default<O3>' -S %s | %FileCheck %s --check-prefix=O3

; Lane l's four loads at 4l .. 4l+3 become l, 32+l, 64+l, 96+l (bytes 0, 128, 256,
; 384 from the block's run, 4 a lane).
; CHECK-LABEL: define i32 @sum_cf4(
; CHECK: %[[BLOCK:[0-9]+]] = shl i64 %b, 9
; CHECK-DAG: add i64 %[[BLOCK]], 384
; CHECK-DAG: add i64 %[[BLOCK]], 256
; CHECK-DAG: add i64 %[[BLOCK]], 128
; CHECK: shl nuw nsw i64 %l, 2
; CHECK-NOT: load i32, ptr %p
; CHECK: store i32 %a3, ptr %slot
; O3-LABEL: define {{.*}}i32 @sum_cf4(
; O3-NOT: load <32 x i32>
; O3: load <8 x i32>
; O3-NOT: load <32 x i32>
; O3: ret i32

define i32 @sum_cf4(ptr %data, i64 %blocks) {
entry:
  %lanes = alloca [32 x i32], align 16
  call void @llvm.memset.p0.i64(ptr %lanes, i8 0, i64 128, i1 false)
  br label %block

block:
  %b = phi i64 [ 0, %entry ], [ %b.next, %block.latch ]
  %first = shl i64 %b, 5
  br label %lane

lane:
  %l = phi i64 [ 0, %block ], [ %l.next, %lane ]
  %item = add i64 %first, %l
  %e0 = shl i64 %item, 2
  %p0 = getelementptr inbounds i32, ptr %data, i64 %e0
  %x0 = load i32, ptr %p0, align 4
  %p1 = getelementptr inbounds i32, ptr %p0, i64 1
  %x1 = load i32, ptr %p1, align 4
  %p2 = getelementptr inbounds i32, ptr %p0, i64 2
  %x2 = load i32, ptr %p2, align 4
  %p3 = getelementptr inbounds i32, ptr %p0, i64 3
  %x3 = load i32, ptr %p3, align 4
  %slot = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %l
  %s = load i32, ptr %slot, align 4
  %a0 = add i32 %s, %x0
  %a1 = add i32 %a0, %x1
  %a2 = add i32 %a1, %x2
  %a3 = add i32 %a2, %x3
  store i32 %a3, ptr %slot, align 4
  %l.next = add nuw nsw i64 %l, 1
  %l.done = icmp eq i64 %l.next, 32
  br i1 %l.done, label %block.latch, label %lane

block.latch:
  %b.next = add nuw i64 %b, 1
  %b.done = icmp eq i64 %b.next, %blocks
  br i1 %b.done, label %fold, label %block, !llvm.loop !0

fold:
  %f = phi i64 [ 0, %block.latch ], [ %f.next, %fold ]
  %acc = phi i32 [ 0, %block.latch ], [ %acc.next, %fold ]
  %fp = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %f
  %fv = load i32, ptr %fp, align 4
  %acc.next = add i32 %acc, %fv
  %f.next = add nuw nsw i64 %f, 1
  %f.done = icmp eq i64 %f.next, 32
  br i1 %f.done, label %exit, label %fold

exit:
  ret i32 %acc.next
}

; Only the first 16 lanes combine: given other elements, they would combine other
; values than their items'.
; CHECK-LABEL: define i32 @some_lanes_skip(
; CHECK: load i32, ptr %p1
define i32 @some_lanes_skip(ptr %data, i64 %blocks) {
entry:
  %lanes = alloca [32 x i32], align 16
  call void @llvm.memset.p0.i64(ptr %lanes, i8 0, i64 128, i1 false)
  br label %block

block:
  %b = phi i64 [ 0, %entry ], [ %b.next, %block.latch ]
  %first = shl i64 %b, 5
  br label %lane

lane:
  %l = phi i64 [ 0, %block ], [ %l.next, %lane.latch ]
  %item = add i64 %first, %l
  %e0 = shl i64 %item, 2
  %p0 = getelementptr inbounds i32, ptr %data, i64 %e0
  %x0 = load i32, ptr %p0, align 4
  %p1 = getelementptr inbounds i32, ptr %p0, i64 1
  %x1 = load i32, ptr %p1, align 4
  %p2 = getelementptr inbounds i32, ptr %p0, i64 2
  %x2 = load i32, ptr %p2, align 4
  %p3 = getelementptr inbounds i32, ptr %p0, i64 3
  %x3 = load i32, ptr %p3, align 4
  %half = icmp ult i64 %l, 16
  br i1 %half, label %combine, label %lane.latch

combine:
  %slot = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %l
  %s = load i32, ptr %slot, align 4
  %a0 = add i32 %s, %x0
  %a1 = add i32 %a0, %x1
  %a2 = add i32 %a1, %x2
  %a3 = add i32 %a2, %x3
  store i32 %a3, ptr %slot, align 4
  br label %lane.latch

lane.latch:
  %l.next = add nuw nsw i64 %l, 1
  %l.done = icmp eq i64 %l.next, 32
  br i1 %l.done, label %block.latch, label %lane

block.latch:
  %b.next = add nuw i64 %b, 1
  %b.done = icmp eq i64 %b.next, %blocks
  br i1 %b.done, label %fold, label %block, !llvm.loop !0

fold:
  %f = phi i64 [ 0, %block.latch ], [ %f.next, %fold ]
  %acc = phi i32 [ 0, %block.latch ], [ %acc.next, %fold ]
  %fp = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %f
  %fv = load i32, ptr %fp, align 4
  %acc.next = add i32 %acc, %fv
  %f.next = add nuw nsw i64 %f, 1
  %f.done = icmp eq i64 %f.next, 32
  br i1 %f.done, label %exit, label %fold

exit:
  ret i32 %acc.next
}

; The chain's links lose the flags that assume no infinity or NaN (the lanes' partial
; sums are of other elements now); the rest of fast-math stays.
; CHECK-LABEL: define float @fast_float_sum_cf4(
; CHECK-NOT: load float, ptr %p
; CHECK: %a0 = fadd reassoc nsz arcp contract afn float %s, %x0
; CHECK: store float %a3, ptr %slot
; O3-LABEL: define {{.*}}float @fast_float_sum_cf4(
; O3-NOT: load <32 x float>
; O3: load <8 x float>
; O3-NOT: load <32 x float>
; O3: ret float
define float @fast_float_sum_cf4(ptr %data, i64 %blocks) {
entry:
  %lanes = alloca [32 x float], align 16
  call void @llvm.memset.p0.i64(ptr %lanes, i8 0, i64 128, i1 false)
  br label %block

block:
  %b = phi i64 [ 0, %entry ], [ %b.next, %block.latch ]
  %first = shl i64 %b, 5
  br label %lane

lane:
  %l = phi i64 [ 0, %block ], [ %l.next, %lane ]
  %item = add i64 %first, %l
  %e0 = shl i64 %item, 2
  %p0 = getelementptr inbounds float, ptr %data, i64 %e0
  %x0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds float, ptr %p0, i64 1
  %x1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds float, ptr %p0, i64 2
  %x2 = load float, ptr %p2, align 4
  %p3 = getelementptr inbounds float, ptr %p0, i64 3
  %x3 = load float, ptr %p3, align 4
  %slot = getelementptr inbounds [32 x float], ptr %lanes, i64 0, i64 %l
  %s = load float, ptr %slot, align 4
  %a0 = fadd fast float %s, %x0
  %a1 = fadd fast float %a0, %x1
  %a2 = fadd fast float %a1, %x2
  %a3 = fadd fast float %a2, %x3
  store float %a3, ptr %slot, align 4
  %l.next = add nuw nsw i64 %l, 1
  %l.done = icmp eq i64 %l.next, 32
  br i1 %l.done, label %block.latch, label %lane

block.latch:
  %b.next = add nuw i64 %b, 1
  %b.done = icmp eq i64 %b.next, %blocks
  br i1 %b.done, label %fold, label %block, !llvm.loop !0

fold:
  %f = phi i64 [ 0, %block.latch ], [ %f.next, %fold ]
  %acc = phi float [ 0.0, %block.latch ], [ %acc.next, %fold ]
  %fp = getelementptr inbounds [32 x float], ptr %lanes, i64 0, i64 %f
  %fv = load float, ptr %fp, align 4
  %acc.next = fadd fast float %acc, %fv
  %f.next = add nuw nsw i64 %f, 1
  %f.done = icmp eq i64 %f.next, 32
  br i1 %f.done, label %exit, label %fold

exit:
  ret float %acc.next
}

; Without the mark: the items keep their elements, deinterleaved after widening.
; CHECK-LABEL: define i32 @no_mark(
; CHECK: load i32, ptr %p1
; O3-LABEL: define {{.*}}i32 @no_mark(
; O3: load <32 x i32>
define i32 @no_mark(ptr %data, i64 %blocks) {
entry:
  %lanes = alloca [32 x i32], align 16
  call void @llvm.memset.p0.i64(ptr %lanes, i8 0, i64 128, i1 false)
  br label %block

block:
  %b = phi i64 [ 0, %entry ], [ %b.next, %block.latch ]
  %first = shl i64 %b, 5
  br label %lane

lane:
  %l = phi i64 [ 0, %block ], [ %l.next, %lane ]
  %item = add i64 %first, %l
  %e0 = shl i64 %item, 2
  %p0 = getelementptr inbounds i32, ptr %data, i64 %e0
  %x0 = load i32, ptr %p0, align 4
  %p1 = getelementptr inbounds i32, ptr %p0, i64 1
  %x1 = load i32, ptr %p1, align 4
  %p2 = getelementptr inbounds i32, ptr %p0, i64 2
  %x2 = load i32, ptr %p2, align 4
  %p3 = getelementptr inbounds i32, ptr %p0, i64 3
  %x3 = load i32, ptr %p3, align 4
  %slot = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %l
  %s = load i32, ptr %slot, align 4
  %a0 = add i32 %s, %x0
  %a1 = add i32 %a0, %x1
  %a2 = add i32 %a1, %x2
  %a3 = add i32 %a2, %x3
  store i32 %a3, ptr %slot, align 4
  %l.next = add nuw nsw i64 %l, 1
  %l.done = icmp eq i64 %l.next, 32
  br i1 %l.done, label %block.latch, label %lane

block.latch:
  %b.next = add nuw i64 %b, 1
  %b.done = icmp eq i64 %b.next, %blocks
  br i1 %b.done, label %fold, label %block

fold:
  %f = phi i64 [ 0, %block.latch ], [ %f.next, %fold ]
  %acc = phi i32 [ 0, %block.latch ], [ %acc.next, %fold ]
  %fp = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %f
  %fv = load i32, ptr %fp, align 4
  %acc.next = add i32 %acc, %fv
  %f.next = add nuw nsw i64 %f, 1
  %f.done = icmp eq i64 %f.next, 32
  br i1 %f.done, label %exit, label %fold

exit:
  ret i32 %acc.next
}

; CHECK-LABEL: define float @float_in_order(
; CHECK: load float, ptr %p1
define float @float_in_order(ptr %data, i64 %blocks) {
entry:
  %lanes = alloca [32 x float], align 16
  call void @llvm.memset.p0.i64(ptr %lanes, i8 0, i64 128, i1 false)
  br label %block

block:
  %b = phi i64 [ 0, %entry ], [ %b.next, %block.latch ]
  %first = shl i64 %b, 5
  br label %lane

lane:
  %l = phi i64 [ 0, %block ], [ %l.next, %lane ]
  %item = add i64 %first, %l
  %e0 = shl i64 %item, 2
  %p0 = getelementptr inbounds float, ptr %data, i64 %e0
  %x0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds float, ptr %p0, i64 1
  %x1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds float, ptr %p0, i64 2
  %x2 = load float, ptr %p2, align 4
  %p3 = getelementptr inbounds float, ptr %p0, i64 3
  %x3 = load float, ptr %p3, align 4
  %slot = getelementptr inbounds [32 x float], ptr %lanes, i64 0, i64 %l
  %s = load float, ptr %slot, align 4
  %a0 = fadd float %s, %x0
  %a1 = fadd float %a0, %x1
  %a2 = fadd float %a1, %x2
  %a3 = fadd float %a2, %x3
  store float %a3, ptr %slot, align 4
  %l.next = add nuw nsw i64 %l, 1
  %l.done = icmp eq i64 %l.next, 32
  br i1 %l.done, label %block.latch, label %lane

block.latch:
  %b.next = add nuw i64 %b, 1
  %b.done = icmp eq i64 %b.next, %blocks
  br i1 %b.done, label %fold, label %block, !llvm.loop !0

fold:
  %f = phi i64 [ 0, %block.latch ], [ %f.next, %fold ]
  %acc = phi float [ 0.0, %block.latch ], [ %acc.next, %fold ]
  %fp = getelementptr inbounds [32 x float], ptr %lanes, i64 0, i64 %f
  %fv = load float, ptr %fp, align 4
  %acc.next = fadd float %acc, %fv
  %f.next = add nuw nsw i64 %f, 1
  %f.done = icmp eq i64 %f.next, 32
  br i1 %f.done, label %exit, label %fold

exit:
  ret float %acc.next
}

; CHECK-LABEL: define i32 @writes_memory(
; CHECK: load i32, ptr %p1
define i32 @writes_memory(ptr %data, i64 %blocks, ptr %out) {
entry:
  %lanes = alloca [32 x i32], align 16
  call void @llvm.memset.p0.i64(ptr %lanes, i8 0, i64 128, i1 false)
  br label %block

block:
  %b = phi i64 [ 0, %entry ], [ %b.next, %block.latch ]
  %first = shl i64 %b, 5
  br label %lane

lane:
  %l = phi i64 [ 0, %block ], [ %l.next, %lane ]
  %item = add i64 %first, %l
  %e0 = shl i64 %item, 2
  %p0 = getelementptr inbounds i32, ptr %data, i64 %e0
  %x0 = load i32, ptr %p0, align 4
  %p1 = getelementptr inbounds i32, ptr %p0, i64 1
  %x1 = load i32, ptr %p1, align 4
  %p2 = getelementptr inbounds i32, ptr %p0, i64 2
  %x2 = load i32, ptr %p2, align 4
  %p3 = getelementptr inbounds i32, ptr %p0, i64 3
  %x3 = load i32, ptr %p3, align 4
  %slot = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %l
  %s = load i32, ptr %slot, align 4
  %a0 = add i32 %s, %x0
  %a1 = add i32 %a0, %x1
  %a2 = add i32 %a1, %x2
  %a3 = add i32 %a2, %x3
  store i32 %a3, ptr %slot, align 4
  store i32 %x0, ptr %out, align 4
  %l.next = add nuw nsw i64 %l, 1
  %l.done = icmp eq i64 %l.next, 32
  br i1 %l.done, label %block.latch, label %lane

block.latch:
  %b.next = add nuw i64 %b, 1
  %b.done = icmp eq i64 %b.next, %blocks
  br i1 %b.done, label %fold, label %block, !llvm.loop !0

fold:
  %f = phi i64 [ 0, %block.latch ], [ %f.next, %fold ]
  %acc = phi i32 [ 0, %block.latch ], [ %acc.next, %fold ]
  %fp = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %f
  %fv = load i32, ptr %fp, align 4
  %acc.next = add i32 %acc, %fv
  %f.next = add nuw nsw i64 %f, 1
  %f.done = icmp eq i64 %f.next, 32
  br i1 %f.done, label %exit, label %fold

exit:
  ret i32 %acc.next
}

; CHECK-LABEL: define i32 @three_of_four(
; CHECK: load i32, ptr %p1
define i32 @three_of_four(ptr %data, i64 %blocks) {
entry:
  %lanes = alloca [32 x i32], align 16
  call void @llvm.memset.p0.i64(ptr %lanes, i8 0, i64 128, i1 false)
  br label %block

block:
  %b = phi i64 [ 0, %entry ], [ %b.next, %block.latch ]
  %first = shl i64 %b, 5
  br label %lane

lane:
  %l = phi i64 [ 0, %block ], [ %l.next, %lane ]
  %item = add i64 %first, %l
  %e0 = shl i64 %item, 2
  %p0 = getelementptr inbounds i32, ptr %data, i64 %e0
  %x0 = load i32, ptr %p0, align 4
  %p1 = getelementptr inbounds i32, ptr %p0, i64 1
  %x1 = load i32, ptr %p1, align 4
  %p2 = getelementptr inbounds i32, ptr %p0, i64 2
  %x2 = load i32, ptr %p2, align 4
  %slot = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %l
  %s = load i32, ptr %slot, align 4
  %a0 = add i32 %s, %x0
  %a1 = add i32 %a0, %x1
  %a2 = add i32 %a1, %x2
  store i32 %a2, ptr %slot, align 4
  %l.next = add nuw nsw i64 %l, 1
  %l.done = icmp eq i64 %l.next, 32
  br i1 %l.done, label %block.latch, label %lane

block.latch:
  %b.next = add nuw i64 %b, 1
  %b.done = icmp eq i64 %b.next, %blocks
  br i1 %b.done, label %fold, label %block, !llvm.loop !0

fold:
  %f = phi i64 [ 0, %block.latch ], [ %f.next, %fold ]
  %acc = phi i32 [ 0, %block.latch ], [ %acc.next, %fold ]
  %fp = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %f
  %fv = load i32, ptr %fp, align 4
  %acc.next = add i32 %acc, %fv
  %f.next = add nuw nsw i64 %f, 1
  %f.done = icmp eq i64 %f.next, 32
  br i1 %f.done, label %exit, label %fold

exit:
  ret i32 %acc.next
}

; CHECK-LABEL: define i32 @lanes_address_taken(
; CHECK: load i32, ptr %p1
define i32 @lanes_address_taken(ptr %data, i64 %blocks) {
entry:
  %lanes = alloca [32 x i32], align 16
  call void @llvm.memset.p0.i64(ptr %lanes, i8 0, i64 128, i1 false)
  call void @escape(ptr %lanes)
  br label %block

block:
  %b = phi i64 [ 0, %entry ], [ %b.next, %block.latch ]
  %first = shl i64 %b, 5
  br label %lane

lane:
  %l = phi i64 [ 0, %block ], [ %l.next, %lane ]
  %item = add i64 %first, %l
  %e0 = shl i64 %item, 2
  %p0 = getelementptr inbounds i32, ptr %data, i64 %e0
  %x0 = load i32, ptr %p0, align 4
  %p1 = getelementptr inbounds i32, ptr %p0, i64 1
  %x1 = load i32, ptr %p1, align 4
  %p2 = getelementptr inbounds i32, ptr %p0, i64 2
  %x2 = load i32, ptr %p2, align 4
  %p3 = getelementptr inbounds i32, ptr %p0, i64 3
  %x3 = load i32, ptr %p3, align 4
  %slot = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %l
  %s = load i32, ptr %slot, align 4
  %a0 = add i32 %s, %x0
  %a1 = add i32 %a0, %x1
  %a2 = add i32 %a1, %x2
  %a3 = add i32 %a2, %x3
  store i32 %a3, ptr %slot, align 4
  %l.next = add nuw nsw i64 %l, 1
  %l.done = icmp eq i64 %l.next, 32
  br i1 %l.done, label %block.latch, label %lane

block.latch:
  %b.next = add nuw i64 %b, 1
  %b.done = icmp eq i64 %b.next, %blocks
  br i1 %b.done, label %fold, label %block, !llvm.loop !0

fold:
  %f = phi i64 [ 0, %block.latch ], [ %f.next, %fold ]
  %acc = phi i32 [ 0, %block.latch ], [ %acc.next, %fold ]
  %fp = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %f
  %fv = load i32, ptr %fp, align 4
  %acc.next = add i32 %acc, %fv
  %f.next = add nuw nsw i64 %f, 1
  %f.done = icmp eq i64 %f.next, 32
  br i1 %f.done, label %exit, label %fold

exit:
  ret i32 %acc.next
}

; %x0 also goes to a second reduction, the others do not: given other elements, that
; reduction would combine elements 0..31 of the run instead of every fourth.
; CHECK-LABEL: define i32 @load_in_one_of_two_reductions(
; CHECK: load i32, ptr %p1
define i32 @load_in_one_of_two_reductions(ptr %data, i64 %blocks) {
entry:
  %lanes = alloca [32 x i32], align 16
  call void @llvm.memset.p0.i64(ptr %lanes, i8 0, i64 128, i1 false)
  %firsts = alloca [32 x i32], align 16
  call void @llvm.memset.p0.i64(ptr %firsts, i8 0, i64 128, i1 false)
  br label %block

block:
  %b = phi i64 [ 0, %entry ], [ %b.next, %block.latch ]
  %first = shl i64 %b, 5
  br label %lane

lane:
  %l = phi i64 [ 0, %block ], [ %l.next, %lane ]
  %item = add i64 %first, %l
  %e0 = shl i64 %item, 2
  %p0 = getelementptr inbounds i32, ptr %data, i64 %e0
  %x0 = load i32, ptr %p0, align 4
  %p1 = getelementptr inbounds i32, ptr %p0, i64 1
  %x1 = load i32, ptr %p1, align 4
  %p2 = getelementptr inbounds i32, ptr %p0, i64 2
  %x2 = load i32, ptr %p2, align 4
  %p3 = getelementptr inbounds i32, ptr %p0, i64 3
  %x3 = load i32, ptr %p3, align 4
  %slot = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %l
  %s = load i32, ptr %slot, align 4
  %a0 = add i32 %s, %x0
  %a1 = add i32 %a0, %x1
  %a2 = add i32 %a1, %x2
  %a3 = add i32 %a2, %x3
  store i32 %a3, ptr %slot, align 4
  %fslot = getelementptr inbounds [32 x i32], ptr %firsts, i64 0, i64 %l
  %fs = load i32, ptr %fslot, align 4
  %fa = add i32 %fs, %x0
  store i32 %fa, ptr %fslot, align 4
  %l.next = add nuw nsw i64 %l, 1
  %l.done = icmp eq i64 %l.next, 32
  br i1 %l.done, label %block.latch, label %lane

block.latch:
  %b.next = add nuw i64 %b, 1
  %b.done = icmp eq i64 %b.next, %blocks
  br i1 %b.done, label %fold, label %block, !llvm.loop !0

fold:
  %f = phi i64 [ 0, %block.latch ], [ %f.next, %fold ]
  %acc = phi i32 [ 0, %block.latch ], [ %acc.next, %fold ]
  %fp = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %f
  %fv = load i32, ptr %fp, align 4
  %acc.next = add i32 %acc, %fv
  %f.next = add nuw nsw i64 %f, 1
  %f.done = icmp eq i64 %f.next, 32
  br i1 %f.done, label %exit, label %fold

exit:
  ret i32 %acc.next
}

; Two reductions (a sum and an or) each combine all four loads: both see every
; element of the run once after the rewrite.
; CHECK-LABEL: define i32 @loads_in_two_reductions(
; CHECK-NOT: load i32, ptr %p
; CHECK: store i32 %a3, ptr %slot
; CHECK: store i32 %fa, ptr %fslot
define i32 @loads_in_two_reductions(ptr %data, i64 %blocks) {
entry:
  %lanes = alloca [32 x i32], align 16
  call void @llvm.memset.p0.i64(ptr %lanes, i8 0, i64 128, i1 false)
  %firsts = alloca [32 x i32], align 16
  call void @llvm.memset.p0.i64(ptr %firsts, i8 0, i64 128, i1 false)
  br label %block

block:
  %b = phi i64 [ 0, %entry ], [ %b.next, %block.latch ]
  %first = shl i64 %b, 5
  br label %lane

lane:
  %l = phi i64 [ 0, %block ], [ %l.next, %lane ]
  %item = add i64 %first, %l
  %e0 = shl i64 %item, 2
  %p0 = getelementptr inbounds i32, ptr %data, i64 %e0
  %x0 = load i32, ptr %p0, align 4
  %p1 = getelementptr inbounds i32, ptr %p0, i64 1
  %x1 = load i32, ptr %p1, align 4
  %p2 = getelementptr inbounds i32, ptr %p0, i64 2
  %x2 = load i32, ptr %p2, align 4
  %p3 = getelementptr inbounds i32, ptr %p0, i64 3
  %x3 = load i32, ptr %p3, align 4
  %slot = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %l
  %s = load i32, ptr %slot, align 4
  %a0 = add i32 %s, %x0
  %a1 = add i32 %a0, %x1
  %a2 = add i32 %a1, %x2
  %a3 = add i32 %a2, %x3
  store i32 %a3, ptr %slot, align 4
  %fslot = getelementptr inbounds [32 x i32], ptr %firsts, i64 0, i64 %l
  %fs = load i32, ptr %fslot, align 4
  %fb = or i32 %fs, %x0
  %fc = or i32 %fb, %x1
  %fd = or i32 %fc, %x2
  %fa = or i32 %fd, %x3
  store i32 %fa, ptr %fslot, align 4
  %l.next = add nuw nsw i64 %l, 1
  %l.done = icmp eq i64 %l.next, 32
  br i1 %l.done, label %block.latch, label %lane

block.latch:
  %b.next = add nuw i64 %b, 1
  %b.done = icmp eq i64 %b.next, %blocks
  br i1 %b.done, label %fold, label %block, !llvm.loop !0

fold:
  %f = phi i64 [ 0, %block.latch ], [ %f.next, %fold ]
  %acc = phi i32 [ 0, %block.latch ], [ %acc.next, %fold ]
  %fp = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %f
  %fv = load i32, ptr %fp, align 4
  %acc.next = add i32 %acc, %fv
  %f.next = add nuw nsw i64 %f, 1
  %f.done = icmp eq i64 %f.next, 32
  br i1 %f.done, label %exit, label %fold

exit:
  ret i32 %acc.next
}

; %x0 also feeds a value other than a lane's chain (its square): it stays, and the
; three others, a stride of four, stay too.
; CHECK-LABEL: define i32 @load_used_otherwise(
; CHECK: load i32, ptr %p1
define i32 @load_used_otherwise(ptr %data, i64 %blocks) {
entry:
  %lanes = alloca [32 x i32], align 16
  call void @llvm.memset.p0.i64(ptr %lanes, i8 0, i64 128, i1 false)
  %firsts = alloca [32 x i32], align 16
  call void @llvm.memset.p0.i64(ptr %firsts, i8 0, i64 128, i1 false)
  br label %block

block:
  %b = phi i64 [ 0, %entry ], [ %b.next, %block.latch ]
  %first = shl i64 %b, 5
  br label %lane

lane:
  %l = phi i64 [ 0, %block ], [ %l.next, %lane ]
  %item = add i64 %first, %l
  %e0 = shl i64 %item, 2
  %p0 = getelementptr inbounds i32, ptr %data, i64 %e0
  %x0 = load i32, ptr %p0, align 4
  %p1 = getelementptr inbounds i32, ptr %p0, i64 1
  %x1 = load i32, ptr %p1, align 4
  %p2 = getelementptr inbounds i32, ptr %p0, i64 2
  %x2 = load i32, ptr %p2, align 4
  %p3 = getelementptr inbounds i32, ptr %p0, i64 3
  %x3 = load i32, ptr %p3, align 4
  %slot = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %l
  %s = load i32, ptr %slot, align 4
  %a0 = add i32 %s, %x0
  %a1 = add i32 %a0, %x1
  %a2 = add i32 %a1, %x2
  %a3 = add i32 %a2, %x3
  store i32 %a3, ptr %slot, align 4
  %fslot = getelementptr inbounds [32 x i32], ptr %firsts, i64 0, i64 %l
  %fs = load i32, ptr %fslot, align 4
  %sq = mul i32 %x0, %x0
  %fa = add i32 %fs, %sq
  store i32 %fa, ptr %fslot, align 4
  %l.next = add nuw nsw i64 %l, 1
  %l.done = icmp eq i64 %l.next, 32
  br i1 %l.done, label %block.latch, label %lane

block.latch:
  %b.next = add nuw i64 %b, 1
  %b.done = icmp eq i64 %b.next, %blocks
  br i1 %b.done, label %fold, label %block, !llvm.loop !0

fold:
  %f = phi i64 [ 0, %block.latch ], [ %f.next, %fold ]
  %acc = phi i32 [ 0, %block.latch ], [ %acc.next, %fold ]
  %fp = getelementptr inbounds [32 x i32], ptr %lanes, i64 0, i64 %f
  %fv = load i32, ptr %fp, align 4
  %acc.next = add i32 %acc, %fv
  %f.next = add nuw nsw i64 %f, 1
  %f.done = icmp eq i64 %f.next, 32
  br i1 %f.done, label %exit, label %fold

exit:
  ret i32 %acc.next
}

declare void @escape(ptr)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.pipeline.disable", i1 true}

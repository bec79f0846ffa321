; The gathers and scatters the outer-loop vectorizer made become the accesses the
; lanes really make: a uniform address one scalar load and a splat, consecutive
; addresses a vector load or store; the widened counter of the item's own loop
; (every lane equal) becomes a scalar phi.
; RUN: %opt -passes=weft-lane-accesses -S %s | %FileCheck %s
; A rewrite LLVM's verifier rejects is undone (the function comes back as it was, with a
; remark); -weft-lane-accesses-reject (testing only) takes that path.
; RUN: %opt -weft-lane-accesses-reject -passes=weft-lane-accesses -pass-remarks-missed=weft -S %s 2>%t.undo | %FileCheck --check-prefix=UNDO %s
; RUN: %FileCheck --check-prefix=UNDO-REMARK %s < %t.undo
; UNDO-LABEL: define void @matrix_product(
; UNDO: masked.gather
; UNDO: masked.scatter
; UNDO: ret void
; UNDO-REMARK: the widened accesses stay gathers and scatters: their rewrite failed LLVM's verifier

; A naive matrix product's item after the native path: a[q] is the same for all
; lanes, b[q*m + j] consecutive, c[j] consecutive.
; CHECK-LABEL: define void @matrix_product(
; CHECK-NOT: masked.gather
; CHECK: %[[Q:.*]] = phi i64 [ 0, %entry ], [ %[[QN:.*]], %inner ]
; CHECK: load float, ptr %{{.*}}, align 4
; CHECK: shufflevector <8 x float>
; CHECK: load <8 x float>, ptr %{{.*}}, align 4
; CHECK: %[[QN]] = add i64 %[[Q]], 1
; CHECK: icmp eq i64 %[[QN]], %m
; CHECK: store <8 x float> %{{.*}}, ptr %c, align 4
; CHECK-NOT: call void @llvm.masked.scatter
; CHECK: ret void
define void @matrix_product(ptr %a, ptr %b, ptr %c, i64 %m) {
entry:
  %m.in = insertelement <8 x i64> poison, i64 %m, i64 0
  %m.splat = shufflevector <8 x i64> %m.in, <8 x i64> poison, <8 x i32> zeroinitializer
  %b.lanes = getelementptr float, ptr %b, <8 x i64> <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  br label %inner

inner:
  %q = phi <8 x i64> [ zeroinitializer, %entry ], [ %q.next, %inner ]
  %s = phi <8 x float> [ zeroinitializer, %entry ], [ %s.next, %inner ]
  %pa = getelementptr float, ptr %a, <8 x i64> %q
  %va = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> align 4 %pa, <8 x i1> splat (i1 true), <8 x float> poison)
  %qm = mul nuw nsw <8 x i64> %q, %m.splat
  %pb = getelementptr float, <8 x ptr> %b.lanes, <8 x i64> %qm
  %vb = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> align 4 %pb, <8 x i1> splat (i1 true), <8 x float> poison)
  %s.next = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %va, <8 x float> %vb, <8 x float> %s)
  %q.next = add nuw nsw <8 x i64> %q, splat (i64 1)
  %done.lanes = icmp eq <8 x i64> %q.next, %m.splat
  %done = extractelement <8 x i1> %done.lanes, i64 0
  br i1 %done, label %exit, label %inner

exit:
  %pc = getelementptr float, ptr %c, <8 x i64> <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %s.next, <8 x ptr> align 4 %pc, <8 x i1> splat (i1 true))
  ret void
}

; Affine forms LLVM produces: a shift, a multiplication by a constant, an or of
; disjoint bits (bytes four apart), a sign extension of an add that cannot wrap, a truncation, and a
; GEP with two indices (rows of 16 floats): all consecutive in the end.
; CHECK-LABEL: define <8 x float> @affine_forms(
; CHECK-NOT: masked.gather
; CHECK: load <8 x float>
; CHECK: load <8 x float>
; CHECK: load <8 x float>
; CHECK: ret <8 x float>
define <8 x float> @affine_forms(ptr %p, i64 %base, i32 %base32, i64 %row) {
  %b.in = insertelement <8 x i64> poison, i64 %base, i64 0
  %b = shufflevector <8 x i64> %b.in, <8 x i64> poison, <8 x i32> zeroinitializer
  %twice = shl <8 x i64> <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>, splat (i64 1)
  %even = or disjoint <8 x i64> %twice, zeroinitializer
  %quad = mul <8 x i64> %even, splat (i64 2)
  %i1 = add <8 x i64> %b, %quad
  %p1 = getelementptr i8, ptr %p, <8 x i64> %i1
  %v1 = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> align 4 %p1, <8 x i1> splat (i1 true), <8 x float> poison)
  %c.in = insertelement <8 x i32> poison, i32 %base32, i64 0
  %c = shufflevector <8 x i32> %c.in, <8 x i32> poison, <8 x i32> zeroinitializer
  %i32 = add nsw <8 x i32> %c, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %i64 = sext <8 x i32> %i32 to <8 x i64>
  %p2 = getelementptr float, ptr %p, <8 x i64> %i64
  %v2 = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> align 4 %p2, <8 x i1> splat (i1 true), <8 x float> poison)
  %r.in = insertelement <8 x i64> poison, i64 %row, i64 0
  %r = shufflevector <8 x i64> %r.in, <8 x i64> poison, <8 x i32> zeroinitializer
  %wide = add <8 x i64> %r, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %narrow = trunc <8 x i64> %wide to <8 x i32>
  %p3 = getelementptr [16 x float], ptr %p, i64 %row, <8 x i32> zeroinitializer
  %p4 = getelementptr float, <8 x ptr> %p3, <8 x i64> <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %v3 = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> align 4 %p4, <8 x i1> splat (i1 true), <8 x float> poison)
  %unused = add <8 x i32> %narrow, zeroinitializer
  %s1 = fadd <8 x float> %v1, %v2
  %s2 = fadd <8 x float> %s1, %v3
  ret <8 x float> %s2
}

; The loop remainder: a masked gather of consecutive addresses becomes a masked
; load with the same mask and pass-through; a masked scatter a masked store.
; Addresses running backwards become a load and a reverse.
; CHECK-LABEL: define <8 x float> @masked_and_reversed(
; CHECK: call <8 x float> @llvm.masked.load.v8f32.p0(ptr align 4 %{{.*}}, <8 x i1> %mask, <8 x float> %pass)
; CHECK: call void @llvm.masked.store.v8f32.p0(<8 x float> %{{.*}}, ptr align 4 %{{.*}}, <8 x i1> %mask)
; CHECK: %[[LAST:.*]] = getelementptr i8, ptr %{{.*}}, i64 -28
; CHECK: load <8 x float>, ptr %[[LAST]]
; CHECK: shufflevector <8 x float> %{{.*}}, <8 x float> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
define <8 x float> @masked_and_reversed(ptr %p, i64 %j, <8 x i1> %mask, <8 x float> %pass) {
  %j.in = insertelement <8 x i64> poison, i64 %j, i64 0
  %js = shufflevector <8 x i64> %j.in, <8 x i64> poison, <8 x i32> zeroinitializer
  %ids = add <8 x i64> %js, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %pf = getelementptr float, ptr %p, <8 x i64> %ids
  %v = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> align 4 %pf, <8 x i1> %mask, <8 x float> %pass)
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %v, <8 x ptr> align 4 %pf, <8 x i1> %mask)
  %back = sub <8 x i64> %js, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %pr = getelementptr float, ptr %p, <8 x i64> %back
  %r = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> align 4 %pr, <8 x i1> splat (i1 true), <8 x float> poison)
  ret <8 x float> %r
}

; A broadcast of one lane of a non-uniform vector (as the native path makes of a
; row's linear id) is uniform; added to the item counter it gives consecutive lanes.
; CHECK-LABEL: define void @broadcast_of_a_lane(
; CHECK: %[[ROW:.*]] = extractelement <8 x i64> %rows, i64 3
; CHECK-NOT: call void @llvm.masked.scatter
; CHECK: store <8 x float> %v, ptr
; CHECK-NEXT: ret void
define void @broadcast_of_a_lane(ptr %p, <8 x i64> %rows, <8 x float> %v) {
  %row = shufflevector <8 x i64> %rows, <8 x i64> poison, <8 x i32> <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %ids = add <8 x i64> %row, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %ptrs = getelementptr float, ptr %p, <8 x i64> %ids
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %v, <8 x ptr> align 4 %ptrs, <8 x i1> splat (i1 true))
  ret void
}

; A stride of two floats (the float2 fields of 8 items, a tree reduction's first
; pass): one masked load of the 16 floats the lanes span, every other one masked off
; (never read), then the even ones; the pass-through kept where the mask is off. A
; scatter of stride 3: the lanes spread to every third element of a masked store.
; CHECK-LABEL: define <8 x float> @strided(
; CHECK-NOT: masked.gather
; CHECK: [[M:%.*]] = shufflevector <8 x i1> %mask, <8 x i1> {{.*}}, <16 x i32> <i32 0, i32 8, i32 1, i32 8, i32 2, i32 8, i32 3, i32 8, i32 4, i32 8, i32 5, i32 8, i32 6, i32 8, i32 7, i32 8>
; CHECK: [[W:%.*]] = call <16 x float> @llvm.masked.load.v16f32.p0(ptr align 4 %{{.*}}, <16 x i1> [[M]], <16 x float> poison)
; CHECK: [[E:%.*]] = shufflevector <16 x float> [[W]], <16 x float> poison, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
; CHECK: select <8 x i1> %mask, <8 x float> [[E]], <8 x float> %pass
; CHECK: [[V:%.*]] = shufflevector <8 x float> %v, <8 x float> poison, <24 x i32> <i32 0, i32 poison, i32 poison, i32 1,
; CHECK: call void @llvm.masked.store.v24f32.p0(<24 x float> [[V]], ptr align 4 %{{.*}}, <24 x i1> <i1 true, i1 false, i1 false, i1 true,
; CHECK-NOT: call void @llvm.masked.scatter
; CHECK: ret <8 x float> %g
define <8 x float> @strided(ptr %p, i64 %j, <8 x i1> %mask, <8 x float> %pass, <8 x float> %v) {
  %j.in = insertelement <8 x i64> poison, i64 %j, i64 0
  %js = shufflevector <8 x i64> %j.in, <8 x i64> poison, <8 x i32> zeroinitializer
  %ids = add <8 x i64> %js, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %twice = shl <8 x i64> %ids, splat (i64 1)
  %p2 = getelementptr float, ptr %p, <8 x i64> %twice
  %g = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> align 4 %p2, <8 x i1> %mask, <8 x float> %pass)
  %thrice = mul <8 x i64> %ids, splat (i64 3)
  %p3 = getelementptr float, ptr %p, <8 x i64> %thrice
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %v, <8 x ptr> align 4 %p3, <8 x i1> splat (i1 true))
  ret <8 x float> %g
}

declare <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr>, <8 x i1>, <8 x float>)
declare void @llvm.masked.scatter.v8f32.v8p0(<8 x float>, <8 x ptr>, <8 x i1>)
declare <8 x float> @llvm.fmuladd.v8f32(<8 x float>, <8 x float>, <8 x float>)

; Guarded accesses whose condition the vectorizer kept a scalar (the same for every
; lane: kernel-fuzz seed 240212, where the pass crashed): the condition is splat over
; the lanes. A uniform guarded load reads where any lane reads; a consecutive guarded
; store is a masked store under the lanes' mask and the condition.
; CHECK-LABEL: define <4 x float> @scalar_condition(
; CHECK: insertelement <4 x i1> poison, i1 %c, i64 0
; CHECK: select i1 %{{.*}}, ptr @weft.speculated_loads, ptr %p
; CHECK: call void @llvm.masked.store.v4f32.p0(<4 x float> %v, ptr align 4 %q, <4 x i1>
; CHECK-NOT: call void @llvm.masked.scatter
@weft.speculated_loads = internal unnamed_addr constant [128 x i8] zeroinitializer, align 64
define <4 x float> @scalar_condition(ptr %p, ptr %q, i1 %c, <4 x i1> %m, <4 x float> %v) {
  %discard = alloca [128 x i8], align 64, !weft.discarded_stores !{}
  %p.in = insertelement <4 x ptr> poison, ptr %p, i64 0
  %p.all = shufflevector <4 x ptr> %p.in, <4 x ptr> poison, <4 x i32> zeroinitializer
  %guarded = select i1 %c, <4 x ptr> %p.all, <4 x ptr> splat (ptr @weft.speculated_loads)
  %g = call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> align 4 %guarded, <4 x i1> %m, <4 x float> zeroinitializer)
  %q.lanes = getelementptr float, ptr %q, <4 x i64> <i64 0, i64 1, i64 2, i64 3>
  %d.in = insertelement <4 x ptr> poison, ptr %discard, i64 0
  %d.all = shufflevector <4 x ptr> %d.in, <4 x ptr> poison, <4 x i32> zeroinitializer
  %stores = select i1 %c, <4 x ptr> %q.lanes, <4 x ptr> %d.all
  call void @llvm.masked.scatter.v4f32.v4p0(<4 x float> %v, <4 x ptr> align 4 %stores, <4 x i1> %m)
  ret <4 x float> %g
}

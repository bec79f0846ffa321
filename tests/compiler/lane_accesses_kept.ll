; What the pass must leave alone: addresses it cannot prove uniform, consecutive or
; of a stride of 2 to 4 elements stay gathers and scatters, and a function without any
; is unchanged.
; RUN: %opt -passes=weft-lane-accesses -S %s | %FileCheck %s

; A stride of five floats (a run too long to load whole), indices loaded from memory, and an i32
; index sequence whose add may wrap, sign-extended (lanes may not be consecutive).
; CHECK-LABEL: define <8 x float> @not_consecutive(
; CHECK: masked.gather{{.*}}%strided
; CHECK: masked.gather{{.*}}%loaded
; CHECK: masked.gather{{.*}}%wrapping
define <8 x float> @not_consecutive(ptr %p, ptr %idx, i32 %base32) {
  %five = mul <8 x i64> <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>, splat (i64 5)
  %strided = getelementptr float, ptr %p, <8 x i64> %five
  %v1 = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> align 4 %strided, <8 x i1> splat (i1 true), <8 x float> poison)
  %i = load <8 x i64>, ptr %idx
  %loaded = getelementptr float, ptr %p, <8 x i64> %i
  %v2 = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> align 4 %loaded, <8 x i1> splat (i1 true), <8 x float> poison)
  %c.in = insertelement <8 x i32> poison, i32 %base32, i64 0
  %c = shufflevector <8 x i32> %c.in, <8 x i32> poison, <8 x i32> zeroinitializer
  %i32 = add <8 x i32> %c, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %i64 = sext <8 x i32> %i32 to <8 x i64>
  %wrapping = getelementptr float, ptr %p, <8 x i64> %i64
  %v3 = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> align 4 %wrapping, <8 x i1> splat (i1 true), <8 x float> poison)
  %s1 = fadd <8 x float> %v1, %v2
  %s2 = fadd <8 x float> %s1, %v3
  ret <8 x float> %s2
}

; A scatter to one address keeps the last lane's value (a store of a splat would
; not say which).
; CHECK-LABEL: define void @uniform_kept(
; CHECK: masked.scatter
define void @uniform_kept(ptr %p, <8 x float> %v) {
  %in = insertelement <8 x ptr> poison, ptr %p, i64 0
  %same = shufflevector <8 x ptr> %in, <8 x ptr> poison, <8 x i32> zeroinitializer
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %v, <8 x ptr> align 4 %same, <8 x i1> splat (i1 true))
  ret void
}

declare <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr>, <8 x i1>, <8 x float>)
declare void @llvm.masked.scatter.v8f32.v8p0(<8 x float>, <8 x ptr>, <8 x i1>)

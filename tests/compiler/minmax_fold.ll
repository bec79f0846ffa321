; weft-minmax-fold: a max of a min that shares an operand with it is that operand,
; max(min(a, b), b) -> b, where the outer call may assume no NaN; LLVM 22 keeps both
; calls, g++ folds them. Without nnan, or with no shared operand, the calls stay.
; The O3 run checks that the plugin runs it after InstCombine, which turns Weft's
; fmin/fmax compare-selects (sycl/math/ieee_minmax.hpp) into minnum/maxnum.
; RUN: %opt -passes=weft-minmax-fold -S %s | %FileCheck %s
; RUN: %opt -passes='default<O3>' -S %s | %FileCheck %s --check-prefix=O3

; CHECK-LABEL: define float @max_of_min(
; CHECK-NEXT: ret float %b
define float @max_of_min(float %a, float %b) {
  %m = call nnan float @llvm.minnum.f32(float %a, float %b)
  %x = call nnan float @llvm.maxnum.f32(float %m, float %b)
  ret float %x
}

; Either operand order, the shared operand first in the inner call.
; CHECK-LABEL: define float @max_of_min_commuted(
; CHECK-NEXT: ret float %a
define float @max_of_min_commuted(float %a, float %b) {
  %m = call fast float @llvm.minnum.f32(float %a, float %b)
  %x = call fast float @llvm.maxnum.f32(float %a, float %m)
  ret float %x
}

; CHECK-LABEL: define <4 x float> @min_of_max_vector(
; CHECK-NEXT: ret <4 x float> %a
define <4 x float> @min_of_max_vector(<4 x float> %a, <4 x float> %b) {
  %m = call nnan <4 x float> @llvm.maximum.v4f32(<4 x float> %b, <4 x float> %a)
  %x = call nnan <4 x float> @llvm.minimum.v4f32(<4 x float> %m, <4 x float> %a)
  ret <4 x float> %x
}

; A compare-exchange written a = min(a, b); b = max(a, b): b keeps its value and
; only the min is left.
; CHECK-LABEL: define void @exchange(
; CHECK: call fast float @llvm.minnum.f32(float %a, float %b)
; CHECK-NOT: maxnum
; CHECK: store float %b, ptr %q
define void @exchange(float %a, float %b, ptr %p, ptr %q) {
  %lo = call fast float @llvm.minnum.f32(float %a, float %b)
  %hi = call fast float @llvm.maxnum.f32(float %lo, float %b)
  store float %lo, ptr %p
  store float %hi, ptr %q
  ret void
}

; A NaN b would make max(min(a, b), b) a: without nnan the calls stay.
; CHECK-LABEL: define float @no_nnan(
; CHECK: call nsz float @llvm.minnum.f32
; CHECK: call nsz float @llvm.maxnum.f32
define float @no_nnan(float %a, float %b) {
  %m = call nsz float @llvm.minnum.f32(float %a, float %b)
  %x = call nsz float @llvm.maxnum.f32(float %m, float %b)
  ret float %x
}

; CHECK-LABEL: define float @not_shared(
; CHECK: call fast float @llvm.minnum.f32
; CHECK: call fast float @llvm.maxnum.f32
define float @not_shared(float %a, float %b, float %c) {
  %m = call fast float @llvm.minnum.f32(float %a, float %b)
  %x = call fast float @llvm.maxnum.f32(float %m, float %c)
  ret float %x
}

; Two maxes are not a max of a min.
; CHECK-LABEL: define float @max_of_max(
; CHECK: call fast float @llvm.maxnum.f32
; CHECK: call fast float @llvm.maxnum.f32
define float @max_of_max(float %a, float %b, float %c) {
  %m = call fast float @llvm.maxnum.f32(float %a, float %b)
  %x = call fast float @llvm.maxnum.f32(float %m, float %c)
  ret float %x
}

; fmin_select / fmax_select with -ffast-math's flags: x != x folds away, InstCombine
; makes the selects minnum/maxnum, and the plugin folds the max.
; O3-LABEL: define {{.*}}float @select_forms(
; O3-NOT: maxnum
; O3: ret float
define float @select_forms(float %a, float %b) {
  %lt = fcmp fast olt float %b, %a
  %nan = fcmp fast une float %a, %a
  %or = or i1 %lt, %nan
  %lo = select fast i1 %or, float %b, float %a
  %lt2 = fcmp fast olt float %lo, %b
  %nan2 = fcmp fast une float %lo, %lo
  %or2 = or i1 %lt2, %nan2
  %hi = select fast i1 %or2, float %b, float %lo
  %r = fadd fast float %lo, %hi
  ret float %r
}

declare float @llvm.minnum.f32(float, float)
declare float @llvm.maxnum.f32(float, float)
declare <4 x float> @llvm.minimum.v4f32(<4 x float>, <4 x float>)
declare <4 x float> @llvm.maximum.v4f32(<4 x float>, <4 x float>)

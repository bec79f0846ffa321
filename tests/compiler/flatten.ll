; weft-flatten gives clang's `flatten` g++'s meaning: in a function whose calls
; clang marked alwaysinline (the mark `flatten` leaves), the calls that inlining
; brings in are inlined too, down the tree; noinline functions and functions that
; are not flattened keep their calls.
; RUN: %opt -passes=weft-flatten -S %s | %FileCheck %s

define internal float @leaf(float %x) {
  %y = fmul float %x, 2.0
  ret float %y
}

define internal float @middle(float %x) {
  %y = call float @leaf(float %x)
  %z = fadd float %y, 1.0
  ret float %z
}

define internal float @kept(float %x) noinline {
  ret float %x
}

; CHECK-LABEL: define float @root(
; CHECK-NOT: call float @middle
; CHECK-NOT: call float @leaf
; CHECK: fmul float %x, 2.0
; CHECK: call float @kept
; CHECK: ret float
define float @root(float %x) {
  %a = call float @middle(float %x) #0
  %b = call float @kept(float %a) #0
  ret float %b
}

; CHECK-LABEL: define float @not_flattened(
; CHECK: call float @middle
define float @not_flattened(float %x) {
  %a = call float @middle(float %x)
  ret float %a
}

attributes #0 = { alwaysinline }

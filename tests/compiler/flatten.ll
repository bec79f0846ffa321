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

; A range kernel's item loop inlined through an invoke (run_rows holds the kernel's
; copy, whose destructor makes the call an invoke): LLVM's inliner turns the loop's
; call of the kernel into an invoke and drops its access group; weft-flatten gives it
; back, so the kernel body inlined through it next carries the item loop's group too
; (its accesses stay covered by llvm.loop.parallel_accesses). No mark of its own is
; left behind, in the caller or in the callee.
; CHECK-LABEL: define internal void @item_loop(
; CHECK: call void @kernel(ptr %a, i64 %i), !llvm.access.group !{{[0-9]+}}{{$}}
; CHECK-LABEL: define void @run_rows(
; CHECK: loop.i:
; CHECK: %v.i = load float, ptr %p.i, align 4, !llvm.access.group ![[GROUP:[0-9]+]]
; CHECK: store float %w.i, ptr %p.i, align 4, !llvm.access.group ![[GROUP]]
; CHECK: br i1 %done.i, label %item_loop.exit, label %loop.i, !llvm.loop ![[LOOP:[0-9]+]]
; CHECK: lpad:
; CHECK-NOT: weft-access-group
; CHECK: ![[GROUP]] = distinct !{}
; CHECK: ![[LOOP]] = distinct !{![[LOOP]], ![[PARALLEL:[0-9]+]], !{{[0-9]+}}}
; CHECK: ![[PARALLEL]] = !{!"llvm.loop.parallel_accesses", ![[GROUP]]}
declare i32 @__gxx_personality_v0(...)
declare void @destroy(ptr)

define internal void @kernel(ptr %a, i64 %i) {
  %p = getelementptr float, ptr %a, i64 %i
  %v = load float, ptr %p, align 4
  %w = fadd float %v, 1.0
  store float %w, ptr %p, align 4
  ret void
}

define internal void @item_loop(ptr %a, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @kernel(ptr %a, i64 %i), !llvm.access.group !1
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !2

exit:
  ret void
}

define void @run_rows(ptr %a, i64 %n, ptr %copy) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @item_loop(ptr %a, i64 %n) #0
          to label %done unwind label %lpad

done:
  call void @destroy(ptr %copy)
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  call void @destroy(ptr %copy)
  resume { ptr, i32 } %lp
}

attributes #0 = { alwaysinline }

!1 = distinct !{}
!2 = distinct !{!2, !3, !4}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!4 = !{!"llvm.loop.vectorize.enable", i1 true}

; weft-barrier-split (barrier_split.cpp, rejoin_threaded_guards) on a loop with
; barriers after an item guard (SYCL-Bench's NBody NDRange: `my = gid < n ? in[gid]
; : 0;` then `for (o = 0; o < n; o += l) { ...barrier... }`). LLVM's jump threading
; takes the loop's entry test `n == 0` off the guard's side (there gid < n, so n > 0),
; which leaves the loop reached from a branch that differs between items. The pass
; puts the test back on that side (the guard implies it passes: nothing changes), and
; splits. Where the guard does not imply the test, it is left alone and fibers run it.
; RUN: %opt -passes=weft-barrier-split -pass-remarks=weft-barriers -pass-remarks-missed=weft-barriers -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks

declare i1 @weft_split_active(i64, i64, i64, i1, i64)
declare i64 @weft_split_local_id(i32) memory(none) nounwind
declare void @_ZN4weft6kernel18work_group_barrierEv() convergent

; REMARK: kernel threaded_guard: split at 1 barrier(s) into 2 loops over the work group's items
; REMARK: kernel unrelated_guard: barriers run on fibers, not split: a barrier is reached only by some items

define i1 @threaded_guard(ptr %local, ptr %in, ptr %out, i64 %r0, i64 %groups) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
  %n = mul i64 %groups, %r0
  %guard = icmp ult i64 %id, %n
  br i1 %guard, label %mine, label %none
mine:
  %pm = getelementptr float, ptr %in, i64 %id
  %x = load float, ptr %pm
  br label %loop
none:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop
loop:
  %my = phi float [ %x, %mine ], [ 0.0, %none ], [ %my, %loop ]
  %o = phi i64 [ 0, %mine ], [ 0, %none ], [ %o.next, %loop ]
  %acc = phi float [ 0.0, %mine ], [ 0.0, %none ], [ %acc.next, %loop ]
  %ps = getelementptr float, ptr %local, i64 %id
  store float %my, ptr %ps
  call void @_ZN4weft6kernel18work_group_barrierEv()
  %v = load float, ptr %local
  %acc.next = fadd float %acc, %v
  %o.next = add i64 %o, %r0
  %again = icmp ult i64 %o.next, %n
  br i1 %again, label %loop, label %exit
exit:
  %sum = phi float [ 0.0, %none ], [ %acc.next, %loop ]
  %po = getelementptr float, ptr %out, i64 %id
  store float %sum, ptr %po
  ret i1 true
}
; The guard's side tests n again: the guarded value reaches the loop through a phi in
; the test's block (a value both sides give alike, the counter's 0, needs none).
; CHECK-LABEL: define i1 @threaded_guard(
; CHECK-NOT: work_group_barrier
; CHECK-NOT: %o.rejoined
; CHECK: %my.rejoined.r0 = phi float [ 0.000000e+00, %region0.items0 ], [ %x.r0, %mine.r0 ]
; CHECK-NOT: work_group_barrier

; The same shape, but the guard (id < 4) says nothing of n: left alone.
define i1 @unrelated_guard(ptr %local, ptr %in, ptr %out, i64 %r0, i64 %groups) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
  %n = mul i64 %groups, %r0
  %guard = icmp ult i64 %id, 4
  br i1 %guard, label %mine, label %none
mine:
  %pm = getelementptr float, ptr %in, i64 %id
  %x = load float, ptr %pm
  br label %loop
none:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop
loop:
  %my = phi float [ %x, %mine ], [ 0.0, %none ], [ %my, %loop ]
  %o = phi i64 [ 0, %mine ], [ 0, %none ], [ %o.next, %loop ]
  %ps = getelementptr float, ptr %local, i64 %id
  store float %my, ptr %ps
  call void @_ZN4weft6kernel18work_group_barrierEv()
  %o.next = add i64 %o, %r0
  %again = icmp ult i64 %o.next, %n
  br i1 %again, label %loop, label %exit
exit:
  ret i1 true
}
; CHECK-LABEL: define i1 @unrelated_guard(
; CHECK: br i1 false, label %body, label %off
; CHECK: call void @_ZN4weft6kernel18work_group_barrierEv()

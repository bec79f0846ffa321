; weft-item-loop-report: each call weft_item_loop_report(@slot) is removed and the
; slot set to the verdict on its function's item loops (the loops weft-item-loop-select
; tagged): widened (a tagged vector loop the vectorizer made), one by one with the
; tag's reason, left scalar by the vectorizer, or no item loop left. A slot another
; function of the kernel already widened keeps that verdict.
; RUN: %opt -passes=weft-item-loop-report -S %s | %FileCheck %s

; CHECK-DAG: @widened.slot = linkonce_odr global ptr @[[WIDENED:[.a-z_0-9]+]]
; CHECK-DAG: @refused.slot = linkonce_odr global ptr @[[REFUSED:[.a-z_0-9]+]]
; CHECK-DAG: @scalar.slot = linkonce_odr global ptr @[[SCALAR:[.a-z_0-9]+]]
; CHECK-DAG: @none.slot = linkonce_odr global ptr @[[NONE:[.a-z_0-9]+]]
; CHECK-DAG: @[[WIDENED]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"across 4 vector lanes\00"
; CHECK-DAG: @[[REFUSED]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"one by one: the work item calls opaque, which has no vector form\00"
; CHECK-DAG: @[[SCALAR]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"one by one: the loop vectorizer left the item loop scalar {{.*}}\00"
; CHECK-DAG: @[[NONE]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"one by one: no item loop is left after optimization\00"
; CHECK-NOT: call void @weft_item_loop_report

@widened.slot = linkonce_odr global ptr null
@refused.slot = linkonce_odr global ptr null
@scalar.slot = linkonce_odr global ptr null
@none.slot = linkonce_odr global ptr null

declare void @weft_item_loop_report(ptr)
declare void @opaque()

; The vectorizer's vector loop (4 lanes) and its scalar remainder: both tagged.
define void @widened(ptr %a, i64 %n) {
entry:
  call void @weft_item_loop_report(ptr @widened.slot)
  br label %vector

vector:
  %i = phi i64 [ 0, %entry ], [ %i.next, %vector ]
  %p = getelementptr float, ptr %a, i64 %i
  %v = load <4 x float>, ptr %p, align 4
  %w = fadd <4 x float> %v, splat (float 1.0)
  store <4 x float> %w, ptr %p, align 4
  %i.next = add i64 %i, 4
  %vdone = icmp uge i64 %i.next, %n
  br i1 %vdone, label %remainder, label %vector, !llvm.loop !1

remainder:
  %j = phi i64 [ %i.next, %vector ], [ %j.next, %remainder ]
  %q = getelementptr float, ptr %a, i64 %j
  %s = load float, ptr %q, align 4
  %t = fadd float %s, 1.0
  store float %t, ptr %q, align 4
  %j.next = add i64 %j, 1
  %done = icmp eq i64 %j.next, %n
  br i1 %done, label %exit, label %remainder, !llvm.loop !4

exit:
  ret void
}

; The same kernel's other launch function, refused: the widened verdict stays.
define void @widened_elsewhere(ptr %a, i64 %n) {
entry:
  call void @weft_item_loop_report(ptr @widened.slot)
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item ]
  call void @opaque()
  %j.next = add i64 %j, 1
  %done = icmp eq i64 %j.next, %n
  br i1 %done, label %exit, label %item, !llvm.loop !5

exit:
  ret void
}

define void @refused(ptr %a, i64 %n) {
entry:
  call void @weft_item_loop_report(ptr @refused.slot)
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item ]
  call void @opaque()
  %j.next = add i64 %j, 1
  %done = icmp eq i64 %j.next, %n
  br i1 %done, label %exit, label %item, !llvm.loop !7

exit:
  ret void
}

; Tagged and accepted, but the vectorizer made no vector loop of it.
define void @scalar(ptr %a, i64 %n) {
entry:
  call void @weft_item_loop_report(ptr @scalar.slot)
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item ]
  %q = getelementptr float, ptr %a, i64 %j
  %s = load float, ptr %q, align 4
  %t = fadd float %s, 1.0
  store float %t, ptr %q, align 4
  %j.next = add i64 %j, 1
  %done = icmp eq i64 %j.next, %n
  br i1 %done, label %exit, label %item, !llvm.loop !9

exit:
  ret void
}

define void @none(ptr %a) {
entry:
  call void @weft_item_loop_report(ptr @none.slot)
  store float 1.0, ptr %a, align 4
  ret void
}

!1 = distinct !{!1, !2, !3}
!2 = !{!"weft.item_loop"}
!3 = !{!"llvm.loop.isvectorized", i32 1}
!4 = distinct !{!4, !2, !3}
!5 = distinct !{!5, !6}
!6 = !{!"weft.item_loop", !"the work item calls opaque, which has no vector form"}
!7 = distinct !{!7, !6}
!9 = distinct !{!9, !2}

; weft-barrier-split (src/compiler/barrier_split.cpp) where the function arrives with
; analyses other passes cached: folding weft_split_form() deletes the other form's
; blocks, so the pass drops what it cached before it asks for loops (a dominator tree
; of deleted blocks crashed clang on every nd_range<3> kernel with a sub-group
; collective). Here a 3-D group whose sub-group exchange is split into three loop nests.
; RUN: %opt -passes='function(require<domtree>,require<postdomtree>,weft-barrier-split)' -pass-remarks=weft-barriers -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks

declare i1 @weft_split_active(i64, i64, i64, i1, i64)
declare i64 @weft_split_local_id(i32) memory(none) nounwind
declare void @_ZN4weft6kernel17sub_group_barrierEv() convergent
declare void @opaque(ptr)
declare i1 @weft_split_form() memory(none) nounwind

define i1 @exchange_3d(ptr %slots, ptr %out, i64 %r0, i64 %r1, i64 %r2) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 %r1, i64 %r2, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 2)
  %x = trunc i64 %id to i32
  %split = call i1 @weft_split_form()
  br i1 %split, label %exchange, label %lane_operation
exchange:
  call void @_ZN4weft6kernel17sub_group_barrierEv()
  %mine = getelementptr i32, ptr %slots, i64 %id
  store i32 %x, ptr %mine
  call void @_ZN4weft6kernel17sub_group_barrierEv()
  %v = load i32, ptr %slots
  br label %join
lane_operation:
  call void @opaque(ptr %slots)
  br label %lane_wait
lane_wait:
  call void @_ZN4weft6kernel17sub_group_barrierEv()
  %w = load i32, ptr %slots
  br label %join
join:
  %r = phi i32 [ %v, %exchange ], [ %w, %lane_wait ]
  %o = getelementptr i32, ptr %out, i64 %id
  store i32 %r, ptr %o
  ret i1 true
}
; CHECK-LABEL: define i1 @exchange_3d(
; CHECK-NOT: @opaque
; CHECK: region0.items2:
; CHECK: region1.items2:
; CHECK: region2.items2:
; CHECK: ret i1 true
; REMARK: kernel exchange_3d: split at 2 barrier(s) into 3 loops over the work group's items

; weft-barrier-split's last step (src/compiler/next_group_prefetch.cpp): after the
; entry region's loop, the next group's copy of each stream that loop reads (the
; group's id in its last dimension, the marker's last argument, plus one) is
; prefetched by cache lines, at most 4 KB per stream; nothing else changes.
; RUN: %opt -passes=weft-barrier-split -pass-remarks=weft-barriers -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks

declare i1 @weft_split_active(i64, i64, i64, i1, i64)
declare i64 @weft_split_local_id(i32) memory(none) nounwind
declare void @_ZN4weft6kernel18work_group_barrierEv() convergent

; The seed reduction's first region: item id of group %g reads in[2 * (g * r0 + id)]
; and the int after it (one stream, 8 bytes per item) into local memory; after the
; barrier, item 0 writes the group's result.
define i1 @reduction(ptr %local, ptr %in, ptr %out, i64 %r0, i64 %g) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 %g)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
  %first = mul i64 %g, %r0
  %gid = add i64 %first, %id
  %two = shl i64 %gid, 1
  %a.p = getelementptr i32, ptr %in, i64 %two
  %a = load i32, ptr %a.p
  %b.p = getelementptr i8, ptr %a.p, i64 4
  %b = load i32, ptr %b.p
  %sum = add i32 %a, %b
  %l = getelementptr i32, ptr %local, i64 %id
  store i32 %sum, ptr %l
  call void @_ZN4weft6kernel18work_group_barrierEv()
  %zero = icmp eq i64 %id, 0
  br i1 %zero, label %write, label %done
write:
  %r = load i32, ptr %local
  %o = getelementptr i32, ptr %out, i64 %g
  store i32 %r, ptr %o
  br label %done
done:
  ret i1 true
}
; CHECK-LABEL: define i1 @reduction(
; CHECK: region0.items0:
; CHECK: br i1 {{%.*}}, label %region0.items0, label %[[AFTER:.*]], !llvm.loop [[ENTRY_LOOP:![0-9]+]]
; The next group's stream starts 8 * r0 bytes on: in + 8 * (g + 1) * r0.
; CHECK: [[AFTER]]:
; CHECK: [[NEXT:%.*]] = add i64 %g, 1
; CHECK-NEXT: [[FIRST:%.*]] = mul i64 %r0, [[NEXT]]
; CHECK-NEXT: [[OFFSET:%.*]] = shl i64 [[FIRST]], 3
; CHECK-NEXT: [[BASE:%.*]] = getelementptr i8, ptr %in, i64 [[OFFSET]]
; CHECK: [[BYTES:%.*]] = call i64 @llvm.umin.i64(i64 %prefetch.bytes, i64 4096)
; CHECK: prefetch.next.group:
; CHECK-NEXT: %prefetch.offset = phi i64 [ 0, %[[AFTER]] ], [ [[STEP:%.*]], %prefetch.next.group ]
; CHECK-NEXT: [[LINE:%.*]] = getelementptr i8, ptr [[BASE]], i64 %prefetch.offset
; CHECK-NEXT: call void @llvm.prefetch.p0(ptr [[LINE]], i32 0, i32 3, i32 1)
; CHECK-NEXT: [[STEP]] = add nuw i64 %prefetch.offset, 64
; CHECK-NEXT: [[MORE:%.*]] = icmp ult i64 [[STEP]], [[BYTES]]
; CHECK-NEXT: br i1 [[MORE]], label %prefetch.next.group, label {{%.*}}, !llvm.loop [[PREFETCH_LOOP:![0-9]+]]
; CHECK-NOT: @llvm.prefetch
; CHECK: ret i1 true

; The same region reading only what every group shares (a table at in[id]) and local
; memory: no stream depends on the group, nothing is prefetched.
define i1 @shared_table(ptr %local, ptr %in, ptr %out, i64 %r0, i64 %g) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 %g)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
  %t.p = getelementptr i32, ptr %in, i64 %id
  %t = load i32, ptr %t.p
  %l = getelementptr i32, ptr %local, i64 %id
  store i32 %t, ptr %l
  call void @_ZN4weft6kernel18work_group_barrierEv()
  %next = add i64 %id, 1
  %q = getelementptr i32, ptr %local, i64 %next
  %x = load i32, ptr %q
  %first = mul i64 %g, %r0
  %gid = add i64 %first, %id
  %o = getelementptr i32, ptr %out, i64 %gid
  store i32 %x, ptr %o
  ret i1 true
}
; CHECK-LABEL: define i1 @shared_table(
; CHECK-NOT: @llvm.prefetch
; CHECK: ret i1 true

; The entry loop's mark; the prefetch loop is neither widened nor unrolled.
; CHECK-DAG: [[ENTRY_LOOP]] = distinct !{[[ENTRY_LOOP]], {{.*}}[[ENTRY:![0-9]+]]}
; CHECK-DAG: [[ENTRY]] = !{!"weft.entry"}
; CHECK-DAG: [[PREFETCH_LOOP]] = distinct !{[[PREFETCH_LOOP]], [[NO_WIDEN:![0-9]+]], [[NO_UNROLL:![0-9]+]]}
; CHECK-DAG: [[NO_WIDEN]] = !{!"llvm.loop.vectorize.enable", i1 false}
; CHECK-DAG: [[NO_UNROLL]] = !{!"llvm.loop.unroll.disable"}

; REMARK: remark: <unknown>:0:0: kernel reduction: split at 1 barrier(s) into 2 loops over the work group's items
; REMARK-NEXT: remark: <unknown>:0:0: kernel reduction: prefetches the next group's 1 input stream(s) after the first region
; REMARK-NEXT: remark: <unknown>:0:0: kernel shared_table: split at 1 barrier(s) into 2 loops over the work group's items
; REMARK-NOT: prefetches

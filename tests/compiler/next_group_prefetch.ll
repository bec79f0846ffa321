; weft-barrier-split's last step (src/compiler/next_group_prefetch.cpp): after the
; entry region's loop, a later group's copy of each stream that loop reads (the
; group's id in its last dimension, the marker's last argument, plus k: k groups
; make about 2 KB of the stream, k from 1 to 4) is prefetched by cache lines, at most
; 4 KB per stream; nothing else changes.
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
; k = clamp(2048 / bytes, 1, 4) without a division: k - 1 = (bytes <= 1024) +
; (bytes <= 682) + (bytes <= 512); the prefetch starts k - 1 groups (8 * r0 bytes each) on.
; CHECK-NEXT: [[LE2:%.*]] = icmp ule i64 [[BYTES]], 1024
; CHECK-NEXT: [[ONE2:%.*]] = zext i1 [[LE2]] to i64
; CHECK-NEXT: [[LE3:%.*]] = icmp ule i64 [[BYTES]], 682
; CHECK-NEXT: [[ONE3:%.*]] = zext i1 [[LE3]] to i64
; CHECK-NEXT: [[SUM3:%.*]] = add nuw i64 [[ONE2]], [[ONE3]]
; CHECK-NEXT: [[LE4:%.*]] = icmp ule i64 [[BYTES]], 512
; CHECK-NEXT: [[ONE4:%.*]] = zext i1 [[LE4]] to i64
; CHECK-NEXT: %prefetch.further = add nuw i64 [[SUM3]], [[ONE4]]
; CHECK-NEXT: [[APART:%.*]] = shl i64 %r0, 3
; CHECK-NEXT: [[FURTHER:%.*]] = mul i64 %prefetch.further, [[APART]]
; CHECK-NEXT: %prefetch.start = getelementptr i8, ptr [[BASE]], i64 [[FURTHER]]
; CHECK: prefetch.next.group:
; CHECK-NEXT: %prefetch.offset = phi i64 [ 0, %[[AFTER]] ], [ [[STEP:%.*]], %prefetch.next.group ]
; CHECK-NEXT: [[LINE:%.*]] = getelementptr i8, ptr %prefetch.start, i64 %prefetch.offset
; CHECK-NEXT: call void @llvm.prefetch.p0(ptr [[LINE]], i32 0, i32 3, i32 1)
; CHECK-NEXT: [[STEP]] = add nuw i64 %prefetch.offset, 64
; CHECK-NEXT: [[MORE:%.*]] = icmp ult i64 [[STEP]], [[BYTES]]
; CHECK-NEXT: br i1 [[MORE]], label %prefetch.next.group, label {{%.*}}, !llvm.loop [[PREFETCH_LOOP:![0-9]+]]
; CHECK-NOT: @llvm.prefetch
; CHECK: ret i1 true

; A 2-D group (r0 x r1 items) of a row-major matrix of %w floats per row: item
; (i0, i1) of group (%g0, %g) reads in[(g0 * r0 + i0) * w + g * r1 + i1] into local
; memory; after the barrier, it writes its mirror's value. The next group is (g0, g + 1):
; the same rows, the next r1 columns.
define i1 @tile(ptr %local, ptr %in, ptr %out, i64 %r0, i64 %r1, i64 %w, i64 %g0, i64 %g) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 %r1, i64 1, i1 true, i64 %g)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %i0 = call i64 @weft_split_local_id(i32 0)
  %i1 = call i64 @weft_split_local_id(i32 1)
  %row0 = mul i64 %g0, %r0
  %row = add i64 %row0, %i0
  %col0 = mul i64 %g, %r1
  %col = add i64 %col0, %i1
  %rw = mul i64 %row, %w
  %at = add i64 %rw, %col
  %p = getelementptr float, ptr %in, i64 %at
  %x = load float, ptr %p
  %li = mul i64 %i0, %r1
  %lidx = add i64 %li, %i1
  %l = getelementptr float, ptr %local, i64 %lidx
  store float %x, ptr %l
  call void @_ZN4weft6kernel18work_group_barrierEv()
  %n = mul i64 %r0, %r1
  %last = sub i64 %n, 1
  %mirror = sub i64 %last, %lidx
  %q = getelementptr float, ptr %local, i64 %mirror
  %y = load float, ptr %q
  %o = getelementptr float, ptr %out, i64 %at
  store float %y, ptr %o
  ret i1 true
}
; CHECK-LABEL: define i1 @tile(
; Its first row's start in bytes: 4 * (g0 * r0 * w + (g + 1) * r1); then 4 * w per row.
; CHECK: [[G0W:%.*]] = mul i64 %g0, %w
; CHECK-NEXT: [[ROWS:%.*]] = mul i64 [[G0W]], %r0
; CHECK-NEXT: [[ROWS_BYTES:%.*]] = shl i64 [[ROWS]], 2
; CHECK-NEXT: [[NEXT:%.*]] = add i64 %g, 1
; CHECK-NEXT: [[COLUMN:%.*]] = mul i64 %r1, [[NEXT]]
; CHECK-NEXT: [[COLUMN_BYTES:%.*]] = shl i64 [[COLUMN]], 2
; CHECK-NEXT: [[FIRST:%.*]] = add i64 [[ROWS_BYTES]], [[COLUMN_BYTES]]
; CHECK-NEXT: [[ROW_BYTES:%.*]] = shl i64 %w, 2
; CHECK: [[APART:%.*]] = shl i64 %r1, 2
; The entry region loops over rows (i0) and, within a row, items (i1); after each
; row's loop, a later group's part of that row: 4 * r1 bytes, at most 4096.
; CHECK: region0.items0:
; CHECK-NEXT: %local.id0 = phi i64
; CHECK-NEXT: [[ROW_OFFSET:%.*]] = mul i64 [[ROW_BYTES]], %local.id0
; CHECK-NEXT: [[START:%.*]] = add i64 [[FIRST]], [[ROW_OFFSET]]
; CHECK-NEXT: [[BASE:%.*]] = getelementptr i8, ptr %in, i64 [[START]]
; CHECK: region0.items1:
; CHECK: br i1 {{%.*}}, label %region0.items1, label %[[ROW_END:.*]], !llvm.loop [[ENTRY_LOOP_2D:![0-9]+]]
; CHECK: [[ROW_END]]:
; CHECK-NEXT: %prefetch.bytes = mul i64 {{%.*}}, 4
; CHECK-NEXT: [[BYTES:%.*]] = call i64 @llvm.umin.i64(i64 %prefetch.bytes, i64 4096)
; k groups on, 4 * r1 bytes each (a row of 64 bytes or less: 4 groups on).
; CHECK: icmp ule i64 [[BYTES]], 512
; CHECK: %prefetch.further = add nuw i64
; CHECK-NEXT: [[FURTHER:%.*]] = mul i64 %prefetch.further, [[APART]]
; CHECK-NEXT: %prefetch.start = getelementptr i8, ptr [[BASE]], i64 [[FURTHER]]
; CHECK: prefetch.next.group:
; CHECK-NEXT: %prefetch.offset = phi i64 [ 0, %[[ROW_END]] ], [ [[STEP:%.*]], %prefetch.next.group ]
; CHECK-NEXT: [[LINE:%.*]] = getelementptr i8, ptr %prefetch.start, i64 %prefetch.offset
; CHECK-NEXT: call void @llvm.prefetch.p0(ptr [[LINE]], i32 0, i32 3, i32 1)
; CHECK-NEXT: [[STEP]] = add nuw i64 %prefetch.offset, 64
; CHECK-NEXT: [[MORE:%.*]] = icmp ult i64 [[STEP]], [[BYTES]]
; CHECK-NEXT: br i1 [[MORE]], label %prefetch.next.group, label %[[NEXT_ROW:.*]], !llvm.loop [[PREFETCH_LOOP_2D:![0-9]+]]
; CHECK: [[NEXT_ROW]]:
; CHECK-NEXT: [[ROW:%.*]] = add nuw nsw i64 %local.id0, 1
; CHECK-NEXT: [[MORE_ROWS:%.*]] = icmp ult i64 [[ROW]], %r0
; CHECK-NEXT: br i1 [[MORE_ROWS]], label %region0.items0, label
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
; CHECK-DAG: [[ENTRY_LOOP_2D]] = distinct !{[[ENTRY_LOOP_2D]], {{.*}}[[ENTRY]]}
; CHECK-DAG: [[ENTRY]] = !{!"weft.entry"}
; CHECK-DAG: [[PREFETCH_LOOP]] = distinct !{[[PREFETCH_LOOP]], [[NO_WIDEN:![0-9]+]], [[NO_UNROLL:![0-9]+]]}
; CHECK-DAG: [[PREFETCH_LOOP_2D]] = distinct !{[[PREFETCH_LOOP_2D]], [[NO_WIDEN]], [[NO_UNROLL]]}
; CHECK-DAG: [[NO_WIDEN]] = !{!"llvm.loop.vectorize.enable", i1 false}
; CHECK-DAG: [[NO_UNROLL]] = !{!"llvm.loop.unroll.disable"}

; REMARK: remark: <unknown>:0:0: kernel reduction: split at 1 barrier(s) into 2 loops over the work group's items
; REMARK-NEXT: remark: <unknown>:0:0: kernel reduction: prefetches a later group's 1 input stream(s) after the first region
; REMARK-NEXT: remark: <unknown>:0:0: kernel tile: split at 1 barrier(s) into 2 loops over the work group's items
; REMARK-NEXT: remark: <unknown>:0:0: kernel tile: prefetches a later group's 1 input stream(s) after the first region
; REMARK-NEXT: remark: <unknown>:0:0: kernel shared_table: split at 1 barrier(s) into 2 loops over the work group's items
; REMARK-NOT: prefetches

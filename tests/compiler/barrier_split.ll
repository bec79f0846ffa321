; weft-barrier-split (src/compiler/barrier_split.cpp) on one work item's code as the
; nd_range launch writes it (include/weft/target/cpu/barrier_split.hpp): split kernels
; become region loops over the group's items with a dispatcher; the others keep their
; barriers and the marker becomes false, with a remark that says why.
; RUN: %opt -passes=weft-barrier-split -pass-remarks=weft-barriers -pass-remarks-missed=weft-barriers -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks

declare i1 @weft_split_active(i64, i64, i64, i1, i64)
declare i64 @weft_split_local_id(i32) memory(none) nounwind
declare void @_ZN4weft6kernel18work_group_barrierEv() convergent
declare void @_ZN4weft6kernel17sub_group_barrierEv() convergent
declare void @opaque(ptr)
declare i1 @weft_split_form() memory(none) nounwind

; A value built from the same operands many times over (b10 = b9 * b9, ...): computing
; it again after the barrier copies 13 instructions, once each, though a tree of its
; operands would count thousands; so it is recomputed, not kept per item.
define i1 @shared_operands(ptr %task, ptr %out, i64 %r0) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
  %s = load i64, ptr %task
  %a = add i64 %id, %s
  %b1 = mul i64 %a, %a
  %b2 = mul i64 %b1, %b1
  %b3 = mul i64 %b2, %b2
  %b4 = mul i64 %b3, %b3
  %b5 = mul i64 %b4, %b4
  %b6 = mul i64 %b5, %b5
  %b7 = mul i64 %b6, %b6
  %b8 = mul i64 %b7, %b7
  %b9 = mul i64 %b8, %b8
  %b10 = mul i64 %b9, %b9
  call void @_ZN4weft6kernel18work_group_barrierEv()
  %o = getelementptr i64, ptr %out, i64 %id
  store i64 %b10, ptr %o
  ret i1 true
}
; CHECK-LABEL: define i1 @shared_operands(
; CHECK-NOT: reload
; CHECK: region1.items0:
; CHECK: %b10.again.r1 = mul i64 %b9.again.r1, %b9.again.r1
; CHECK: ret i1 true

; Each item writes local memory, waits, then reads its neighbour's element. The value
; it loaded from %in crosses the barrier in a per-item array; its id times 3 and the
; kernel's captured scale (a load from the task object, argument 0) are computed again
; after the barrier instead.
define i1 @neighbour(ptr %task, ptr %local, ptr %out, ptr %in, i64 %r0) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
  %scale = load i64, ptr %task
  %w = mul i64 %id, 3
  %in.p = getelementptr i64, ptr %in, i64 %id
  %v = load i64, ptr %in.p
  %p = getelementptr float, ptr %local, i64 %id
  store float 1.0, ptr %p
  call void @_ZN4weft6kernel18work_group_barrierEv()
  %next = add i64 %id, 1
  %q = getelementptr float, ptr %local, i64 %next
  %x = load float, ptr %q
  %vw = add i64 %v, %w
  %at = mul i64 %vw, %scale
  %o = getelementptr float, ptr %out, i64 %at
  store float %x, ptr %o
  ret i1 true
}
; CHECK-LABEL: define i1 @neighbour(
; Each region has one exit, so no item records where it left and no dispatcher
; checks: region 0's loop runs on into region 1's.
; CHECK-NOT: weft_split_diverged
; CHECK-NOT: work_group_barrier
; CHECK: %frames = call ptr @weft_split_frames(i64
; CHECK: region0.items0:
; CHECK: %local.id0 = phi i64 [ 0, %split.entry ]
; CHECK: [[V:%.*]] = load i64, ptr %in.p.r0
; CHECK: store i64 [[V]], ptr {{%.*}}, align 4, !llvm.access.group [[GROUP:![0-9]+]]
; CHECK-NOT: store i32
; CHECK: br i1 {{%.*}}, label %region0.items0, label {{%.*}}, !llvm.loop [[LOOP0:![0-9]+]]
; CHECK: call void @weft_split_released()
; CHECK: region1.items0:
; CHECK-DAG: %v.reload.r1 = load i64
; CHECK-DAG: %w.again.r1 = mul i64 %local.id0{{[0-9]*}}, 3
; CHECK-DAG: %scale.again.r1 = load i64, ptr %task
; CHECK-NOT: store i32
; CHECK: br i1 {{%.*}}, label %region1.items0, label {{%.*}}, !llvm.loop [[LOOP1:![0-9]+]]
; CHECK-NOT: weft_split_diverged
; CHECK: ret i1 true
; CHECK-NOT: work_group_barrier
; CHECK-LABEL: define i1 @divergent(

; A barrier only some items reach: left to fibers.
define i1 @divergent(ptr %local, i64 %r0) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
  %c = icmp ult i64 %id, 4
  br i1 %c, label %wait, label %done
wait:
  call void @_ZN4weft6kernel18work_group_barrierEv()
  br label %done
done:
  ret i1 true
}
; CHECK: br i1 false, label %body, label %off
; CHECK: call void @_ZN4weft6kernel18work_group_barrierEv()
; CHECK-LABEL: define i1 @opaque_call(
; CHECK: br i1 false, label %body, label %off

; A call the pass cannot see into might hold a barrier: left to fibers.
define i1 @opaque_call(ptr %local, i64 %r0) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  call void @opaque(ptr %local)
  call void @_ZN4weft6kernel18work_group_barrierEv()
  ret i1 true
}

; No barrier: the plain loop runs it, without a remark.
; CHECK-LABEL: define i1 @no_barrier(
; CHECK: br i1 false, label %body, label %off
define i1 @no_barrier(ptr %out, i64 %r0) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
  %o = getelementptr i64, ptr %out, i64 %id
  store i64 %id, ptr %o
  ret i1 true
}

; A loop of a uniform trip count with a sub-group barrier inside, in 2-D groups.
define i1 @loop(ptr %local, i64 %r0, i64 %r1, i64 %trips) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 %r1, i64 1, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %y = call i64 @weft_split_local_id(i32 0)
  %x = call i64 @weft_split_local_id(i32 1)
  %row = mul i64 %y, %r1
  %lin = add i64 %row, %x
  %p = getelementptr i32, ptr %local, i64 %lin
  br label %head
head:
  %t = phi i64 [ 0, %body ], [ %t1, %head ]
  %acc = phi i32 [ 0, %body ], [ %acc1, %head ]
  %old = load i32, ptr %p
  %acc1 = add i32 %acc, %old
  call void @_ZN4weft6kernel17sub_group_barrierEv()
  store i32 %acc1, ptr %p
  %t1 = add i64 %t, 1
  %again = icmp ult i64 %t1, %trips
  br i1 %again, label %head, label %exit
exit:
  ret i1 true
}
; Two nested item loops per region (2-D). The sum crosses the barrier per item; the
; counter, the same for every item, in one slot that only the group's last item
; writes (every item reads the previous pass's count first, so the slot is read once,
; before the item loops, and so is the loop's test). Region 1 leaves at the
; sub-group barrier (recorded as 1 with the high bit set) or at the end, decided by
; the trip count, an argument: every item provably leaves alike, so the dispatcher
; reads item 0's exit without checking the others. The test every item shares is
; unswitched in the innermost item loop: a loop for each outcome. The last item's
; store of the counter leaves the inner loop: after it, once per row, where the row
; held the group's last item. The exit records, per item, keep the item-loop mark
; (every access of the loop has it, so the vectorizer takes the items as independent).
; CHECK-LABEL: define i1 @loop(
; CHECK-NOT: dispatch.check
; CHECK: region0.items0:
; CHECK: region0.items1:
; CHECK-NOT: exit.slot
; CHECK: region1:
; CHECK-NEXT: %t.reload.r1 = load i64, ptr [[TSLOT:%[0-9]+]]
; CHECK-NEXT: %t1.r1 = add i64 %t.reload.r1, 1
; CHECK-NEXT: %again.r1 = icmp ult i64 %t1.r1, %trips
; CHECK: region1.items0:
; CHECK: [[ROW:%[0-9]+]] = mul i64 %local.id0{{[0-9]*}}, %r1
; CHECK: br i1 %again.r1, label %region1.items1.us.preheader, label %region1.items1.preheader
; CHECK: region1.items1.preheader:
; CHECK-NEXT: [[DONE:%[0-9]+]] = getelementptr i32, ptr %frames, i64 [[ROW]]
; CHECK-NEXT: store i32 0, ptr [[DONE]]
; CHECK: region1.items1.us.preheader:
; CHECK-NEXT: [[AGAIN:%[0-9]+]] = getelementptr i32, ptr %frames, i64 [[ROW]]
; CHECK-NEXT: store i32 -2147483647, ptr [[AGAIN]]
; CHECK: region1.items1.us:
; CHECK-NOT: %frames
; CHECK: %acc1.reload.r1{{.*}} = load i32
; CHECK-NOT: store i64 %t1.r1
; CHECK-NOT: %frames
; CHECK: region1.items1:
; CHECK-NOT: %frames
; CHECK: region1.done:
; CHECK-NEXT: %exit.same = load i32, ptr %frames
; CHECK-NOT: weft_split_released
; CHECK-NOT: dispatch.check
; CHECK: after.last.item{{[0-9]*}}:
; CHECK-NEXT: [[LASTCOL:%[0-9]+]] = sub i64 %r1, 1
; CHECK-NEXT: [[LASTHERE:%[0-9]+]] = add i64 [[ROW]], [[LASTCOL]]
; CHECK-NEXT: [[HELD:%[0-9]+]] = icmp eq i64 [[LASTHERE]], %last
; CHECK-NEXT: br i1 [[HELD]]
; CHECK: store i64 %t1.r1, ptr [[TSLOT]]
; CHECK: }

; The same loop, 1-D, with its trip count read from local memory: every item reads
; the same word, so the barrier is split, but only a race-free program is sure to
; agree on it, so the dispatcher checks that every item left where item 0 did: it
; ORs the items' differences from item 0's exit, without an early exit.
define i1 @loaded_trips(ptr %task, ptr %local, i64 %r0) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
  %p = getelementptr i32, ptr %local, i64 %id
  br label %head
head:
  %t = phi i64 [ 0, %body ], [ %t1, %head ]
  %trips = load i64, ptr %local
  store i32 0, ptr %p
  call void @_ZN4weft6kernel18work_group_barrierEv()
  %t1 = add i64 %t, 1
  %again = icmp ult i64 %t1, %trips
  br i1 %again, label %head, label %exit
exit:
  ret i1 true
}
; CHECK-LABEL: define i1 @loaded_trips(
; CHECK: dispatch.check:
; CHECK: %differ.next = or i32 %differ,
; CHECK: br i1 {{%.*}}, label %dispatch.check, label %dispatch.checked
; CHECK: call void @weft_split_diverged(ptr {{.*}}%frames, i64 %r0)
; CHECK: store i32 1, ptr %exit.slot{{.*}}, !llvm.access.group
; CHECK: store i32 0, ptr %exit.slot{{.*}}, !llvm.access.group

; The seed's tree reduction: a halving loop with a barrier in it. The item's index
; and the stride, used in the same iteration after they are computed, stay in
; registers (a path back to their definition through the barrier computes them
; again), not in per-item arrays. The group size, loaded from the task object, and
; the stride from its slot are read once per region pass, before the item loop.
define i1 @tree(ptr align 8 dereferenceable(16) %task, ptr %local, i64 %r0) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
  %p = getelementptr i32, ptr %local, i64 %id
  store i32 1, ptr %p
  call void @_ZN4weft6kernel18work_group_barrierEv()
  %wg = load i64, ptr %task
  br label %head
head:
  %size = phi i64 [ %wg, %body ], [ %wg2, %latch ]
  %stride = phi i64 [ 1, %body ], [ %stride2, %latch ]
  %stride2 = shl i64 %stride, 1
  %idx = mul i64 %stride2, %id
  %active = icmp ult i64 %idx, %size
  br i1 %active, label %add, label %latch
add:
  %a = getelementptr i32, ptr %local, i64 %idx
  %x = load i32, ptr %a
  %bidx = add i64 %idx, %stride
  %b = getelementptr i32, ptr %local, i64 %bidx
  %y = load i32, ptr %b
  %s = add i32 %x, %y
  store i32 %s, ptr %a
  br label %latch
latch:
  call void @_ZN4weft6kernel18work_group_barrierEv()
  %wg2 = load i64, ptr %task
  %again = icmp ult i64 %stride2, %wg2
  br i1 %again, label %head, label %exit
exit:
  ret i1 true
}
; CHECK-LABEL: define i1 @tree(
; CHECK-NOT: {{idx|stride}}.reload
; CHECK: release2:
; CHECK-NOT: {{idx|stride}}.reload
; CHECK-DAG: %wg2.r2 = load i64, ptr %task
; CHECK-DAG: %stride2.reload.r2 = load i64, ptr [[SLOT:%[0-9]+]]
; CHECK-DAG: %again.r2 = icmp ult i64 %stride2.reload.r2, %wg2.r2
; CHECK-DAG: %stride2.r2 = shl i64 %stride2.reload.r2, 1
; CHECK: br i1 %again.r2, label %region2.items0.us{{.*}}, label %region2.items0{{.*}}
; A pass of the halving loop visits only the items whose index 2 * stride * id is
; below the size (unless the product could wrap), at least one.
; CHECK: region2.items0.us.preheader:
; CHECK: [[S:%[0-9]+]] = select i1 {{%[0-9]+}}, i64 1, i64 %stride2.r2
; CHECK: call { i64, i1 } @llvm.umul.with.overflow.i64(i64 {{%[0-9]+}}, i64 %stride2.r2)
; CHECK: [[M:%[0-9]+]] = sub i64 %wg2.r2, 1
; CHECK: udiv i64 [[M]], [[S]]
; CHECK: %passing.items{{[0-9]+}} = call i64 @llvm.umax.i64(
; Where its items all pass the guard (tested once: it holds for every item the loop
; visits unless the count could not be narrowed), the loop has no branch; the items
; leave alike, so item 0's exit record, the one read, is stored once before them.
; CHECK: br i1 %all.items.pass{{.*}}, label %region2.items0.us.us.preheader,
; CHECK: region2.items0.us.us.preheader:
; CHECK-NEXT: store i32 2, ptr %frames
; CHECK: region2.items0.us.us:
; CHECK-NOT: load i64, ptr %task
; CHECK-NOT: {{idx|stride}}.reload
; CHECK-NOT: store i64 %stride2.r2
; CHECK-NOT: %frames
; CHECK: %idx.r2.us.us = mul i64 %stride2.r2, %local.id
; CHECK-NOT: {{%frames|%wg2.r2}}
; CHECK: icmp ult i64 {{%[0-9]+}}, %passing.items{{[0-9]+}}
; CHECK-NEXT: br i1 {{%[0-9]+}}, label %region2.items0.us.us,
; The new stride is stored once, after the items (each read the old one first).
; CHECK: after.last.item{{[0-9]*}}:
; CHECK-NEXT: store i64 %stride2.r2, ptr [[SLOT]]
; CHECK: }

; After the barrier, only the items below %n do something: the region's loop runs
; over them alone (at least item 0).
define i1 @guarded(ptr %task, ptr %local, i64 %r0, i64 %n) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
  call void @_ZN4weft6kernel18work_group_barrierEv()
  %c = icmp ult i64 %id, %n
  br i1 %c, label %set, label %done
set:
  %p = getelementptr i32, ptr %local, i64 %id
  store i32 1, ptr %p
  br label %done
done:
  ret i1 true
}
; CHECK-LABEL: define i1 @guarded(
; CHECK: %passing.items = call i64 @llvm.umax.i64(
; CHECK: icmp ult i64 {{%[0-9]+}}, %passing.items

; The same where the passing items run a loop of their own (SYCL-Bench's
; `if (lid < stride) for (i < k) local[lid] += local[lid + stride + i]`): the region's
; loop is not innermost, and still runs over the passing items alone.
define i1 @guarded_loop_inside(ptr %task, ptr %local, i64 %r0, i64 %n, i64 %k) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
  call void @_ZN4weft6kernel18work_group_barrierEv()
  %c = icmp ult i64 %id, %n
  br i1 %c, label %sum, label %done
sum:
  %i = phi i64 [ 0, %body ], [ %inext, %sum ]
  %p = getelementptr i32, ptr %local, i64 %id
  %from = add i64 %id, %i
  %q = getelementptr i32, ptr %local, i64 %from
  %x = load i32, ptr %q
  %y = load i32, ptr %p
  %z = add i32 %x, %y
  store i32 %z, ptr %p
  %inext = add nuw i64 %i, 1
  %more = icmp ult i64 %inext, %k
  br i1 %more, label %sum, label %done
done:
  ret i1 true
}
; CHECK-LABEL: define i1 @guarded_loop_inside(
; CHECK: %passing.items = call i64 @llvm.umax.i64(
; CHECK: icmp ult i64 {{%[0-9]+}}, %passing.items

; `if (id == 0)` after the barrier, the kernel's last step in a reduction: the
; region's loop runs item 0 alone.
define i1 @first_item(ptr %task, ptr %local, ptr %out, i64 %r0) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
  %p = getelementptr i32, ptr %local, i64 %id
  store i32 7, ptr %p
  call void @_ZN4weft6kernel18work_group_barrierEv()
  %c = icmp eq i64 %id, 0
  br i1 %c, label %set, label %done
set:
  %x = load i32, ptr %local
  store i32 %x, ptr %out
  br label %done
done:
  ret i1 true
}
; CHECK-LABEL: define i1 @first_item(
; CHECK: %passing.items = call i64 @llvm.umax.i64(i64 {{%[0-9]+}}, i64 1)
; CHECK: icmp ult i64 {{%[0-9]+}}, %passing.items

; The same with a store every item makes before the guard: every item runs.
define i1 @store_then_guard(ptr %task, ptr %local, i64 %r0, i64 %n) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
  call void @_ZN4weft6kernel18work_group_barrierEv()
  %p = getelementptr i32, ptr %local, i64 %id
  store i32 0, ptr %p
  %c = icmp ult i64 %id, %n
  br i1 %c, label %set, label %done
set:
  store i32 1, ptr %p
  br label %done
done:
  ret i1 true
}
; CHECK-LABEL: define i1 @store_then_guard(
; CHECK-NOT: passing.items
; CHECK: ret i1 true

; A bounds check on the global id, as the seed reduction's first pass makes it before
; its barrier: every item zeroes its element and, where 2 * (offset + id) < len, loads
; a pair. Where the group's first and last items pass (with no wrap between), all do:
; that test is made once before the loop, and unswitching gives those groups a loop
; without the branch; the other loop keeps the test per item.
define i1 @bounds_check(ptr %local, ptr %in, i64 %r0, i64 %offset, i64 %len) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
  %gid = add i64 %offset, %id
  %p = getelementptr i32, ptr %local, i64 %id
  store i32 0, ptr %p
  %twice = shl i64 %gid, 1
  %c = icmp ult i64 %twice, %len
  br i1 %c, label %pair, label %wait
pair:
  %q = getelementptr i32, ptr %in, i64 %twice
  %v = load i32, ptr %q
  store i32 %v, ptr %p
  br label %wait
wait:
  call void @_ZN4weft6kernel18work_group_barrierEv()
  ret i1 true
}
; CHECK-LABEL: define i1 @bounds_check(
; CHECK: [[FIRST:%[0-9]+]] = shl i64 %offset, 1
; CHECK: [[SPAN:%[0-9]+]] = call { i64, i1 } @llvm.umul.with.overflow.i64(i64 {{%[0-9]+}}, i64 2)
; CHECK: [[LAST:%[0-9]+]] = add i64 [[FIRST]],
; CHECK: icmp uge i64 [[LAST]], [[FIRST]]
; CHECK: icmp ult i64 [[LAST]], %len
; CHECK: %all.items.pass = and i1
; CHECK: br i1 %all.items.pass{{.*}}, label %region0.items0.us.preheader, label %region0.items0.preheader
; CHECK: region0.items0.us:
; CHECK-NOT: br i1 %c.r0
; CHECK: load i32
; CHECK: br i1 {{%[0-9]+}}, label %region0.items0.us,
; CHECK: region0.items0:
; CHECK: %c.r0 = icmp ult i64 %twice.r0, %len
; CHECK: ret i1 true

; Six regions, each with a bounds check: each region's loop gets a copy without it.
; (LLVM's unswitching also weighs a loop by its siblings: the region loops are all
; children of the dispatcher loop, so it would refuse every region past the first.)
define i1 @phases(ptr %local, ptr %in, i64 %r0, i64 %offset, i64 %len) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
  %gid = add i64 %offset, %id
  %p = getelementptr i32, ptr %local, i64 %id
  br label %phase0
phase0:
  %in0 = icmp ult i64 %gid, %len
  br i1 %in0, label %load0, label %wait0
load0:
  %pa0 = getelementptr i32, ptr %in, i64 %gid
  %a0 = load i32, ptr %pa0
  %b0 = load i32, ptr %p
  %s0 = add i32 %a0, %b0
  store i32 %s0, ptr %p
  br label %wait0
wait0:
  call void @_ZN4weft6kernel18work_group_barrierEv()
  br label %phase1
phase1:
  %in1 = icmp ult i64 %gid, %len
  br i1 %in1, label %load1, label %wait1
load1:
  %pa1 = getelementptr i32, ptr %in, i64 %gid
  %a1 = load i32, ptr %pa1
  %b1 = load i32, ptr %p
  %s1 = add i32 %a1, %b1
  store i32 %s1, ptr %p
  br label %wait1
wait1:
  call void @_ZN4weft6kernel18work_group_barrierEv()
  br label %phase2
phase2:
  %in2 = icmp ult i64 %gid, %len
  br i1 %in2, label %load2, label %wait2
load2:
  %pa2 = getelementptr i32, ptr %in, i64 %gid
  %a2 = load i32, ptr %pa2
  %b2 = load i32, ptr %p
  %s2 = add i32 %a2, %b2
  store i32 %s2, ptr %p
  br label %wait2
wait2:
  call void @_ZN4weft6kernel18work_group_barrierEv()
  br label %phase3
phase3:
  %in3 = icmp ult i64 %gid, %len
  br i1 %in3, label %load3, label %wait3
load3:
  %pa3 = getelementptr i32, ptr %in, i64 %gid
  %a3 = load i32, ptr %pa3
  %b3 = load i32, ptr %p
  %s3 = add i32 %a3, %b3
  store i32 %s3, ptr %p
  br label %wait3
wait3:
  call void @_ZN4weft6kernel18work_group_barrierEv()
  br label %phase4
phase4:
  %in4 = icmp ult i64 %gid, %len
  br i1 %in4, label %load4, label %wait4
load4:
  %pa4 = getelementptr i32, ptr %in, i64 %gid
  %a4 = load i32, ptr %pa4
  %b4 = load i32, ptr %p
  %s4 = add i32 %a4, %b4
  store i32 %s4, ptr %p
  br label %wait4
wait4:
  call void @_ZN4weft6kernel18work_group_barrierEv()
  br label %phase5
phase5:
  %in5 = icmp ult i64 %gid, %len
  br i1 %in5, label %load5, label %wait5
load5:
  %pa5 = getelementptr i32, ptr %in, i64 %gid
  %a5 = load i32, ptr %pa5
  %b5 = load i32, ptr %p
  %s5 = add i32 %a5, %b5
  store i32 %s5, ptr %p
  br label %wait5
wait5:
  call void @_ZN4weft6kernel18work_group_barrierEv()
  br label %phase6
phase6:
  ret i1 true
}
; CHECK-LABEL: define i1 @phases(
; CHECK: br i1 %all.items.pass{{[0-9]*}}.fr, label %region0.items0.us.preheader,
; CHECK: region0.items0.us:
; CHECK-NOT: %in0.r0
; CHECK: region0.items0:
; CHECK: br i1 %all.items.pass{{[0-9]*}}.fr, label %region1.items0.us.preheader,
; CHECK: region1.items0.us:
; CHECK-NOT: %in1.r1
; CHECK: region1.items0:
; CHECK: br i1 %all.items.pass{{[0-9]*}}.fr, label %region2.items0.us.preheader,
; CHECK: region2.items0.us:
; CHECK-NOT: %in2.r2
; CHECK: region2.items0:
; CHECK: br i1 %all.items.pass{{[0-9]*}}.fr, label %region3.items0.us.preheader,
; CHECK: region3.items0.us:
; CHECK-NOT: %in3.r3
; CHECK: region3.items0:
; CHECK: br i1 %all.items.pass{{[0-9]*}}.fr, label %region4.items0.us.preheader,
; CHECK: region4.items0.us:
; CHECK-NOT: %in4.r4
; CHECK: region4.items0:
; CHECK: br i1 %all.items.pass{{[0-9]*}}.fr, label %region5.items0.us.preheader,
; CHECK: region5.items0.us:
; CHECK-NOT: %in5.r5
; CHECK: region5.items0:
; CHECK-NOT: or i1 %all.items.pass
; CHECK: ret i1 true

; weft_split_form() picks a collective's form: true in a function with the marker,
; taken before the pass decides, so the other form (here an opaque call, which would
; leave the kernel to fibers) is gone: an exchange in split form, a barrier before
; the items write their slots and one before they read.
define i1 @split_form(ptr %slots, ptr %out, i64 %r0) {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 0)
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
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
  call void @_ZN4weft6kernel17sub_group_barrierEv()
  %w = load i32, ptr %slots
  br label %join
join:
  %r = phi i32 [ %v, %exchange ], [ %w, %lane_operation ]
  %o = getelementptr i32, ptr %out, i64 %id
  store i32 %r, ptr %o
  ret i1 true
}
; CHECK-LABEL: define i1 @split_form(
; CHECK-NOT: weft_split_form
; CHECK-NOT: @opaque
; CHECK: region2.items0:
; CHECK: ret i1 true

; Everywhere else (the fiber path's copy of the item) it is false.
define i32 @fiber_copy() {
  %split = call i1 @weft_split_form()
  %r = select i1 %split, i32 1, i32 2
  ret i32 %r
}
; CHECK-LABEL: define i32 @fiber_copy(
; CHECK-NEXT: ret i32 2

; The item loops' marks: assume_safety (parallel accesses of the group) and vectorize;
; where at most item 0's exit is read, weft.exit (region_loops.hpp); the entry region's,
; weft.entry (next_group_prefetch.hpp).
; CHECK-DAG: [[LOOP0]] = distinct !{[[LOOP0]], [[PARALLEL:![0-9]+]], [[ENABLE:![0-9]+]], [[ALIKE:![0-9]+]], [[ENTRY:![0-9]+]]}
; CHECK-DAG: [[PARALLEL]] = !{!"llvm.loop.parallel_accesses", [[GROUP]]}
; CHECK-DAG: [[ENABLE]] = !{!"llvm.loop.vectorize.enable", i1 true}
; CHECK-DAG: [[ALIKE]] = !{!"weft.exit"}
; CHECK-DAG: [[ENTRY]] = !{!"weft.entry"}
; CHECK-DAG: [[LOOP1]] = distinct !{[[LOOP1]], [[PARALLEL]], [[ENABLE]], [[ALIKE]]}

; REMARK: remark: <unknown>:0:0: kernel neighbour: split at 1 barrier(s) into 2 loops over the work group's items
; REMARK: remark: <unknown>:0:0: kernel divergent: barriers run on fibers, not split: a barrier is reached only by some items (it is under a branch, or in a loop, that items take differently)
; REMARK: remark: <unknown>:0:0: kernel opaque_call: barriers run on fibers, not split: the work item calls opaque, which the plugin cannot see into (it might reach a barrier)
; REMARK-NOT: no_barrier
; REMARK: remark: <unknown>:0:0: kernel loop: split at 1 barrier(s) into 2 loops over the work group's items
; REMARK: remark: <unknown>:0:0: kernel loaded_trips: split at 1 barrier(s) into 2 loops over the work group's items
; REMARK: remark: <unknown>:0:0: kernel tree: split at 2 barrier(s) into 3 loops over the work group's items
; REMARK: remark: <unknown>:0:0: kernel guarded: split at 1 barrier(s) into 2 loops over the work group's items
; REMARK: remark: <unknown>:0:0: kernel first_item: split at 1 barrier(s) into 2 loops over the work group's items
; REMARK: remark: <unknown>:0:0: kernel store_then_guard: split at 1 barrier(s) into 2 loops over the work group's items
; REMARK: remark: <unknown>:0:0: kernel bounds_check: split at 1 barrier(s) into 2 loops over the work group's items
; REMARK: remark: <unknown>:0:0: kernel split_form: split at 2 barrier(s) into 3 loops over the work group's items

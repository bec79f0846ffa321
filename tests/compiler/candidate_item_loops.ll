; Loops over the items of a scoped `distribute_items` or a hierarchical
; `parallel_for_work_item` carry Weft's candidate mark (`llvm.loop.distribute.enable`):
; weft-candidate-item-loops (candidate_item_loops.cpp) makes a loop an item loop
; (parallel accesses and the vectorize mark) where it proves its items independent,
; runs a loop whose items first test `id < U` over the items that pass it, and
; otherwise leaves the items in order (the mark goes, a remark says why).
; RUN: %opt -passes=weft-candidate-item-loops -pass-remarks-analysis=weft -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -mcpu=skylake-avx512 -passes='function(weft-candidate-item-loops,weft-item-loop-select,loop-vectorize,verify)' -S %s | %FileCheck --check-prefix=WIDE %s
; RUN: %opt -mcpu=skylake-avx512 -enable-vplan-native-path -passes='function(weft-candidate-item-loops,weft-item-loop-select,loop-vectorize,weft-lane-accesses,verify)' -S %s | %FileCheck --check-prefix=NATIVE %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; REMARK: kernel tree_step: the items of a scoped or hierarchical loop are independent (run over the items that pass its guard): an item loop
; REMARK: kernel tree_step_runtime: the items of a scoped or hierarchical loop are independent (run over the items that pass its guard): an item loop
; REMARK: kernel last_steps: the items of a scoped or hierarchical loop are independent (run over the items that pass its guard): an item loop of at most 4 items, left scalar
; REMARK: kernel private_slots: the items of a scoped or hierarchical loop are independent: an item loop
; REMARK: kernel group_sum: the items of a scoped or hierarchical loop keep their order: every item stores to the same address (an accumulation into a group variable, whose order is kept)
; REMARK: kernel two_arrays: the items of a scoped or hierarchical loop keep their order: a load of the work item and a store may touch the same memory (the plugin cannot tell their arrays apart)
; REMARK: kernel neighbour: the items of a scoped or hierarchical loop keep their order: a load of one work item may touch what another item of the loop stores
; REMARK: kernel carried_sum: the items of a scoped or hierarchical loop keep their order: a value is carried from one work item to the next (an accumulation into a group variable, whose order is kept)
; REMARK: kernel groups_copy: the items of a scoped or hierarchical loop are independent: an item loop
; REMARK: kernel groups_copy: the items of a scoped or hierarchical loop are independent: an item loop
; REMARK: kernel groups_copy: a later group's copy of 1 stream(s) this loop reads is prefetched after it
; REMARK: kernel groups_copy: a later group's copy of 1 stream(s) this loop reads is prefetched after it
; REMARK: kernel opaque_call: the items of a scoped or hierarchical loop keep their order: the work item calls opaque, which may access memory
; REMARK: kernel tile_forces: the items of a scoped or hierarchical loop are independent: an item loop
; REMARK: kernel tile_row_store: the items of a scoped or hierarchical loop keep their order: a store's address is not a constant step from item to item (a data-dependent or nested index)
; REMARK: kernel tile_checked: the items of a scoped or hierarchical loop are independent where a run-time test finds their accesses apart (1 accumulator(s) kept in registers across a loop inside the item): an item loop
; REMARK: kernel arena_copy: the items of a scoped or hierarchical loop are independent: an item loop
; REMARK: kernel tile_rows_copy: the items of a scoped or hierarchical loop are independent: an item loop
; REMARK: kernel tile_rows_copy: no prefetch after a row of the group's items
; REMARK: kernel tree_steps_loop_inside: the items of a scoped or hierarchical loop are independent (run over the items that pass its guard) where a run-time test finds their accesses apart (1 accumulator(s) kept in registers across a loop inside the item): an item loop

; A tree reduction's step, `if (lid < 64) s[lid] += s[lid + 64]` over a group of n
; items: the loop runs over min(n, 64) items, whose stores are their own and whose
; loads (s[l], s[l + 64], l < 64) miss every other item's store.
; CHECK-LABEL: define void @tree_step(
; CHECK: %passing.items = call i64 @llvm.umax.i64(
; Every item of the narrowed run passes: no guard left in the loop.
; CHECK: item:
; CHECK-NEXT: %i = phi i64
; CHECK-NEXT: %pass = icmp ult i64 %i, 64
; CHECK-NEXT: br label %work
; CHECK: load i32, ptr %q, align 4, !llvm.access.group ![[GROUP:[0-9]+]]
; CHECK: store i32 %sum, ptr %p, align 4, !llvm.access.group ![[GROUP]]
; CHECK: %done = icmp eq i64 %inext, %passing.items
; CHECK: br i1 %done, label %exit, label %item, !llvm.loop ![[TREE:[0-9]+]]
; WIDE-LABEL: define void @tree_step(
; WIDE: vector.body:
; WIDE: add nsw <{{[0-9]+}} x i32>
define void @tree_step(ptr %s, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %inext, %latch ]
  %pass = icmp ult i64 %i, 64
  br i1 %pass, label %work, label %latch

work:
  %p = getelementptr i32, ptr %s, i64 %i
  %q = getelementptr i8, ptr %p, i64 256
  %b = load i32, ptr %q, align 4
  %a = load i32, ptr %p, align 4
  %sum = add nsw i32 %a, %b
  store i32 %sum, ptr %p, align 4
  br label %latch

latch:
  %inext = add nuw i64 %i, 1
  %done = icmp eq i64 %inext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !0

exit:
  ret void
}

; A step whose bound is known at run time only: where it is 0, no item passes and the
; loop is skipped.
; CHECK-LABEL: define void @tree_step_runtime(
; CHECK: %passing.items = call i64 @llvm.umax.i64(
; CHECK: %no.item.passes = icmp eq i64 %half, 0
; CHECK-NEXT: br i1 %no.item.passes, label %exit, label %entry.split
; CHECK: item:
; CHECK-NEXT: %i = phi i64
; CHECK-NEXT: %pass = icmp ult i64 %i, %half
; CHECK-NEXT: br label %work
define void @tree_step_runtime(ptr %s, i64 %n, i64 %half) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %inext, %latch ]
  %pass = icmp ult i64 %i, %half
  br i1 %pass, label %work, label %latch

work:
  %p = getelementptr i32, ptr %s, i64 %i
  store i32 0, ptr %p, align 4
  br label %latch

latch:
  %inext = add nuw i64 %i, 1
  %done = icmp eq i64 %inext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !14

exit:
  ret void
}

; A tree's last steps (`lid < 4`): at most 4 items, left scalar (width 1).
; CHECK-LABEL: define void @last_steps(
; CHECK: br i1 %done, label %exit, label %item, !llvm.loop ![[FEW:[0-9]+]]
define void @last_steps(ptr %s, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %inext, %latch ]
  %pass = icmp ult i64 %i, 4
  br i1 %pass, label %work, label %latch

work:
  %p = getelementptr i32, ptr %s, i64 %i
  %q = getelementptr i8, ptr %p, i64 16
  %b = load i32, ptr %q, align 4
  %a = load i32, ptr %p, align 4
  %sum = add nsw i32 %a, %b
  store i32 %sum, ptr %p, align 4
  br label %latch

latch:
  %inext = add nuw i64 %i, 1
  %done = icmp eq i64 %inext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !18

exit:
  ret void
}

; Each item's own slot of private memory, from an input the alias analysis tells apart.
; CHECK-LABEL: define void @private_slots(
; CHECK: store float %{{.*}}, ptr %{{.*}}, !llvm.access.group ![[SLOTS_GROUP:[0-9]+]]
; CHECK: br i1 %done, label %exit, label %item, !llvm.loop ![[SLOTS:[0-9]+]]
define void @private_slots(ptr noalias %slots, ptr noalias %in, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %inext, %item ]
  %src = getelementptr float, ptr %in, i64 %i
  %v = load float, ptr %src, align 4
  %twice = fmul float %v, 2.0
  %dst = getelementptr float, ptr %slots, i64 %i
  store float %twice, ptr %dst, align 4
  %inext = add nuw i64 %i, 1
  %done = icmp eq i64 %inext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !2

exit:
  ret void
}

; Every item adds into one group variable: the items keep their order.
; CHECK-LABEL: define void @group_sum(
; CHECK-NOT: llvm.access.group
; CHECK: br i1 %done, label %exit, label %item, !llvm.loop ![[SUM:[0-9]+]]
define void @group_sum(ptr noalias %total, ptr noalias %in, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %inext, %item ]
  %src = getelementptr i32, ptr %in, i64 %i
  %v = load i32, ptr %src, align 4
  %t = load i32, ptr %total, align 4
  %t2 = add i32 %t, %v
  store i32 %t2, ptr %total, align 4
  %inext = add nuw i64 %i, 1
  %done = icmp eq i64 %inext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !4

exit:
  ret void
}

; Two arrays the alias analysis cannot tell apart: not proven (the loop vectorizer
; checks them at run time itself).
; CHECK-LABEL: define void @two_arrays(
; CHECK: br i1 %done, label %exit, label %item, !llvm.loop ![[TWO:[0-9]+]]
define void @two_arrays(ptr %out, ptr %in, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %inext, %item ]
  %src = getelementptr i32, ptr %in, i64 %i
  %v = load i32, ptr %src, align 4
  %dst = getelementptr i32, ptr %out, i64 %i
  store i32 %v, ptr %dst, align 4
  %inext = add nuw i64 %i, 1
  %done = icmp eq i64 %inext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !6

exit:
  ret void
}

; Item i reads item i + 1's slot, which that item then writes.
; CHECK-LABEL: define void @neighbour(
; CHECK: br i1 %done, label %exit, label %item, !llvm.loop ![[NEXT:[0-9]+]]
define void @neighbour(ptr %s, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %inext, %item ]
  %inext = add nuw i64 %i, 1
  %src = getelementptr i32, ptr %s, i64 %inext
  %v = load i32, ptr %src, align 4
  %dst = getelementptr i32, ptr %s, i64 %i
  store i32 %v, ptr %dst, align 4
  %done = icmp eq i64 %inext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !8

exit:
  ret void
}

; A group variable kept in a register: the sum is carried from item to item.
; CHECK-LABEL: define float @carried_sum(
; CHECK: br i1 %done, label %exit, label %item, !llvm.loop ![[CARRIED:[0-9]+]]
define float @carried_sum(ptr noalias %in, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %inext, %item ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %item ]
  %src = getelementptr float, ptr %in, i64 %i
  %v = load float, ptr %src, align 4
  %sum.next = fadd float %sum, %v
  %inext = add nuw i64 %i, 1
  %done = icmp eq i64 %inext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !12

exit:
  ret float %sum.next
}

; A task's loop over its groups around the item loops: each group copies its slice
; of two inputs (in[g * 128 + i], then in2[g * 128 + i]) to local memory; after each
; copy, a later group's slice is prefetched by cache lines (the second loop's analysis
; sees the first's prefetch loop: loop information kept up to date): the group about
; 2 KB on, slices of 512 bytes apart (k = clamp(2048 / 512, 1, 4) = 4: 3 groups past
; the next).
; CHECK-LABEL: define void @groups_copy(
; CHECK: [[LE4:%.*]] = icmp ule i64 {{%.*}}, 512
; CHECK-NEXT: [[ONE4:%.*]] = zext i1 [[LE4]] to i64
; CHECK-NEXT: %prefetch.further = add nuw i64 {{%.*}}, [[ONE4]]
; CHECK-NEXT: [[FURTHER:%.*]] = mul i64 %prefetch.further, 512
; CHECK-NEXT: %prefetch.start = getelementptr i8, ptr {{%.*}}, i64 [[FURTHER]]
; CHECK: prefetch.next.group:
; CHECK: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 3, i32 1)
; CHECK: prefetch.next.group{{[0-9]+}}:
; CHECK: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 3, i32 1)
define void @groups_copy(ptr noalias %local, ptr noalias %in, ptr noalias %in2, i64 %groups) {
entry:
  br label %group

group:
  %g = phi i64 [ 0, %entry ], [ %gnext, %copied ]
  %row = mul nuw i64 %g, 128
  br label %item

item:
  %i = phi i64 [ 0, %group ], [ %inext, %item ]
  %gid = add nuw i64 %row, %i
  %src = getelementptr inbounds float, ptr %in, i64 %gid
  %v = load float, ptr %src, align 4
  %dst = getelementptr inbounds float, ptr %local, i64 %i
  store float %v, ptr %dst, align 4
  %inext = add nuw i64 %i, 1
  %done = icmp eq i64 %inext, 128
  br i1 %done, label %between, label %item, !llvm.loop !16

between:
  br label %second

second:
  %j = phi i64 [ 0, %between ], [ %jnext, %second ]
  %gid2 = add nuw i64 %row, %j
  %src2 = getelementptr inbounds float, ptr %in2, i64 %gid2
  %w = load float, ptr %src2, align 4
  %dst2 = getelementptr inbounds float, ptr %local, i64 %j
  store float %w, ptr %dst2, align 4
  %jnext = add nuw i64 %j, 1
  %jdone = icmp eq i64 %jnext, 128
  br i1 %jdone, label %copied, label %second, !llvm.loop !20

copied:
  %gnext = add nuw i64 %g, 1
  %last = icmp eq i64 %gnext, %groups
  br i1 %last, label %exit, label %group

exit:
  ret void
}

declare void @opaque(ptr)

; A call that may touch memory.
; CHECK-LABEL: define void @opaque_call(
; CHECK: br i1 %done, label %exit, label %item, !llvm.loop ![[CALL:[0-9]+]]
define void @opaque_call(ptr noalias %s, i64 %n) {
entry:
  br label %item

item:
  %i = phi i64 [ 0, %entry ], [ %inext, %item ]
  %dst = getelementptr i32, ptr %s, i64 %i
  store i32 1, ptr %dst, align 4
  call void @opaque(ptr %dst)
  %inext = add nuw i64 %i, 1
  %done = icmp eq i64 %inext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !10

exit:
  ret void
}

; NBody Hierarchical's force loop: each item walks a tile (`p = tile[k]`, an address
; that changes along the loop inside the item, the same for all items) and adds into
; its own slot under the self test (`if (l != k) acc[l] += p`, an address that steps
; from item to item and stays along the inner loop). The items are independent; the
; outer-loop vectorizer widens them, the self test as masks and a masked store.
; CHECK-LABEL: define void @tile_forces(
; CHECK: store float %{{.*}}, ptr %{{.*}}, !llvm.access.group ![[FORCES_GROUP:[0-9]+]]
; CHECK: br i1 %done, label %exit, label %item, !llvm.loop ![[FORCES:[0-9]+]]
; NATIVE-LABEL: define void @tile_forces(
; NATIVE: vector.body:
; NATIVE: call void @llvm.masked.store.{{.*}}(<{{[0-9]+}} x float> %{{.*}}, ptr align 4 %{{.*}}, <{{[0-9]+}} x i1> %{{.*}})
; NATIVE-LABEL: define void @tile_row_store(
define void @tile_forces(ptr noalias %acc, ptr noalias %tile, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %l = phi i64 [ 0, %entry ], [ %lnext, %latch ]
  %slot = getelementptr float, ptr %acc, i64 %l
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %knext, %inner.latch ]
  %other = icmp ne i64 %l, %k
  br i1 %other, label %add, label %inner.latch

add:
  %src = getelementptr float, ptr %tile, i64 %k
  %p = load float, ptr %src, align 4
  %a = load float, ptr %slot, align 4
  %sum = fadd float %a, %p
  store float %sum, ptr %slot, align 4
  br label %inner.latch

inner.latch:
  %knext = add nuw i64 %k, 1
  %kdone = icmp eq i64 %knext, %m
  br i1 %kdone, label %latch, label %inner

latch:
  %lnext = add nuw i64 %l, 1
  %done = icmp eq i64 %lnext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !22

exit:
  ret void
}

; A store whose address changes along the loop inside the item (a row of its own per
; item): no step from item to item, the items keep their order.
; CHECK-LABEL: define void @tile_row_store(
; CHECK-NOT: llvm.access.group
; CHECK: ret void
define void @tile_row_store(ptr noalias %out, i64 %n, i64 %m) {
entry:
  br label %item

item:
  %l = phi i64 [ 0, %entry ], [ %lnext, %latch ]
  %row = mul i64 %l, %m
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %knext, %inner ]
  %at = add i64 %row, %k
  %dst = getelementptr i32, ptr %out, i64 %at
  %v = trunc i64 %k to i32
  store i32 %v, ptr %dst, align 4
  %knext = add nuw i64 %k, 1
  %kdone = icmp eq i64 %knext, %m
  br i1 %kdone, label %latch, label %inner

latch:
  %lnext = add nuw i64 %l, 1
  %done = icmp eq i64 %lnext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !24

exit:
  ret void
}

; A hierarchical tile loop as Weft's headers give it: the tile's base pointer is read
; in every pass from a thread-local variable (Weft's local memory base), and neither
; it nor the tile can the alias analysis tell apart from the items' accumulators. The
; base is read once before the loop, and the loop is versioned on a run-time test:
; the accumulators' bytes miss the tile's and the base's location. Where it passes,
; the items are independent (the base read once) and each item's accumulator is a
; register across the loop over the tile (its load runs in every pass of that loop,
; so it may be read before it); otherwise a copy runs them in order.
; CHECK-LABEL: define void @tile_checked(
; CHECK: item.alias.checks:
; CHECK: %tile.once = load ptr, ptr %tls
; CHECK: %accesses.apart = and i1
; CHECK: br i1 %accesses.apart, label %item.apart, label %item.apart.overlap
; CHECK: item.overlap:
; CHECK: %tile.overlap = load ptr, ptr %tls
; CHECK-NOT: llvm.access.group
; CHECK: br i1 %done.overlap, label %exit, label %item.overlap, !llvm.loop ![[IN_ORDER:[0-9]+]]
; CHECK: item:
; CHECK: %weft.accumulator.0 = phi float
; CHECK: %src = getelementptr float, ptr %tile.once, i64 %k
; CHECK-NOT: store
; CHECK: store float %sum.lcssa, ptr %slot, align 4, !llvm.access.group ![[CHECKED_GROUP:[0-9]+]]
; CHECK: br i1 %done, label %exit, label %item, !llvm.loop ![[CHECKED:[0-9]+]]
define void @tile_checked(ptr %acc, i64 %n, i64 %m) {
entry:
  %tls = call ptr @llvm.threadlocal.address.p0(ptr @local_base)
  br label %item

item:
  %l = phi i64 [ 0, %entry ], [ %lnext, %latch ]
  %slot = getelementptr float, ptr %acc, i64 %l
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %knext, %inner ]
  %tile = load ptr, ptr %tls, align 8
  %src = getelementptr float, ptr %tile, i64 %k
  %p = load float, ptr %src, align 4
  %a = load float, ptr %slot, align 4
  %sum = fadd float %a, %p
  store float %sum, ptr %slot, align 4
  %knext = add nuw i64 %k, 1
  %kdone = icmp eq i64 %knext, %m
  br i1 %kdone, label %latch, label %inner

latch:
  %lnext = add nuw i64 %l, 1
  %done = icmp eq i64 %lnext, %n
  br i1 %done, label %exit, label %item, !llvm.loop !26

exit:
  ret void
}

; The same copy from a block of Weft's scoped arena (an `llvm.assume` "dereferenceable"
; names it: a group's local or private memory, in cache): no prefetch.
; CHECK-LABEL: define void @arena_copy(
; CHECK-NOT: prefetch
; CHECK: ret void
define void @arena_copy(ptr noalias %local, ptr noalias %arena, i64 %groups) {
entry:
  call void @llvm.assume(i1 true) [ "dereferenceable"(ptr %arena, i64 65536) ]
  br label %group

group:
  %g = phi i64 [ 0, %entry ], [ %gnext, %copied ]
  %row = mul nuw i64 %g, 128
  br label %item

item:
  %i = phi i64 [ 0, %group ], [ %inext, %item ]
  %at = add nuw i64 %row, %i
  %src = getelementptr inbounds float, ptr %arena, i64 %at
  %v = load float, ptr %src, align 4
  %dst = getelementptr inbounds float, ptr %local, i64 %i
  store float %v, ptr %dst, align 4
  %inext = add nuw i64 %i, 1
  %done = icmp eq i64 %inext, 128
  br i1 %done, label %copied, label %item, !llvm.loop !30

copied:
  %gnext = add nuw i64 %g, 1
  %last = icmp eq i64 %gnext, %groups
  br i1 %last, label %exit, label %group

exit:
  ret void
}

; A 2-D group's tile copy, `as[r][i] = in[(g * 32 + r) * 512 + i]`: the loop over the
; group's rows carries Weft's row mark (`llvm.loop.distribute.enable` false). The
; stream moves with the row, whose next pass is the next row, not a later group's:
; nothing is prefetched (a prefetch loop per row cost a tiled dgemm's tile loads a
; third of its time), and a remark says so.
; CHECK-LABEL: define void @tile_rows_copy(
; CHECK-NOT: prefetch
; CHECK: ret void
define void @tile_rows_copy(ptr noalias %local, ptr noalias %in, i64 %groups) {
entry:
  br label %group

group:
  %g = phi i64 [ 0, %entry ], [ %gnext, %rows.done ]
  %first.row = mul nuw i64 %g, 32
  br label %row

row:
  %r = phi i64 [ 0, %group ], [ %rnext, %copied ]
  %gr = add nuw i64 %first.row, %r
  %row.start = mul nuw i64 %gr, 512
  %tile.row = mul nuw i64 %r, 32
  br label %item

item:
  %i = phi i64 [ 0, %row ], [ %inext, %item ]
  %at = add nuw i64 %row.start, %i
  %src = getelementptr inbounds float, ptr %in, i64 %at
  %v = load float, ptr %src, align 4
  %slot = add nuw i64 %tile.row, %i
  %dst = getelementptr inbounds float, ptr %local, i64 %slot
  store float %v, ptr %dst, align 4
  %inext = add nuw i64 %i, 1
  %done = icmp eq i64 %inext, 32
  br i1 %done, label %copied, label %item, !llvm.loop !32

copied:
  %rnext = add nuw i64 %r, 1
  %rdone = icmp eq i64 %rnext, 32
  br i1 %rdone, label %rows.done, label %row, !llvm.loop !34

rows.done:
  %gnext = add nuw i64 %g, 1
  %last = icmp eq i64 %gnext, %groups
  br i1 %last, label %exit, label %group

exit:
  ret void
}

; SYCL-Bench's hierarchical tree step, `for (stride ...) parallel_for_work_item(... if
; (lid < stride) for (i < k) s[lid] += s[lid + stride + i])`, as the pipeline gives it
; to the pass: the strides' test also jumps around the item loop, which then has no
; preheader and shares its exit. The pass gives it both first, then runs it over the
; items that pass the guard (and proves them independent behind a run-time test).
; CHECK-LABEL: define void @tree_steps_loop_inside(
; CHECK: %passing.items = call i64 @llvm.umax.i64(
; CHECK: %no.item.passes = icmp eq i64 %stride, 0
; CHECK: %done = icmp eq i64 %lnext, %passing.items
define void @tree_steps_loop_inside(ptr %s, i64 %n, i64 %k, i64 %first) {
entry:
  %none = icmp eq i64 %n, 0
  br label %steps

steps:
  %half = phi i64 [ %first, %entry ], [ %stride, %step_done ]
  %stride = lshr i64 %half, 1
  br i1 %none, label %step_done, label %item

item:
  %l = phi i64 [ 0, %steps ], [ %lnext, %latch ]
  %pass = icmp ult i64 %l, %stride
  br i1 %pass, label %work, label %latch

work:
  %slot = getelementptr float, ptr %s, i64 %l
  %from = getelementptr float, ptr %slot, i64 %stride
  %first.value = load float, ptr %slot, align 4
  br label %inner

inner:
  %i = phi i64 [ 0, %work ], [ %inext, %inner ]
  %acc = phi float [ %first.value, %work ], [ %sum, %inner ]
  %src = getelementptr float, ptr %from, i64 %i
  %p = load float, ptr %src, align 4
  %sum = fadd float %acc, %p
  store float %sum, ptr %slot, align 4
  %inext = add nuw nsw i64 %i, 1
  %idone = icmp eq i64 %inext, %k
  br i1 %idone, label %latch, label %inner

latch:
  %lnext = add nuw i64 %l, 1
  %done = icmp eq i64 %lnext, %n
  br i1 %done, label %step_done, label %item, !llvm.loop !28

step_done:
  %more = icmp ugt i64 %stride, 1
  br i1 %more, label %steps, label %exit

exit:
  ret void
}

@local_base = thread_local global ptr null, align 8
declare ptr @llvm.threadlocal.address.p0(ptr)
declare void @llvm.assume(i1)

; Proven loops: parallel accesses, the vectorize mark, no distribution mark.
; CHECK-DAG: ![[TREE]] = distinct !{![[TREE]], ![[TREE_P:[0-9]+]], ![[FORCE:[0-9]+]]}
; CHECK-DAG: ![[TREE_P]] = !{!"llvm.loop.parallel_accesses", ![[GROUP]]}
; CHECK-DAG: ![[FORCE]] = !{!"llvm.loop.vectorize.enable", i1 true}
; CHECK-DAG: ![[FEW]] = distinct !{![[FEW]], ![[FEW_P:[0-9]+]], ![[WIDTH1:[0-9]+]]}
; CHECK-DAG: ![[WIDTH1]] = !{!"llvm.loop.vectorize.width", i32 1}
; CHECK-DAG: ![[SLOTS]] = distinct !{![[SLOTS]], ![[SLOTS_P:[0-9]+]], ![[FORCE]]}
; CHECK-DAG: ![[SLOTS_P]] = !{!"llvm.loop.parallel_accesses", ![[SLOTS_GROUP]]}
; CHECK-DAG: ![[FORCES]] = distinct !{![[FORCES]], ![[FORCES_P:[0-9]+]], ![[FORCE]]}
; CHECK-DAG: ![[FORCES_P]] = !{!"llvm.loop.parallel_accesses", ![[FORCES_GROUP]]}
; CHECK-DAG: ![[CHECKED]] = distinct !{![[CHECKED]], ![[CHECKED_P:[0-9]+]], ![[FORCE]]}
; CHECK-DAG: ![[CHECKED_P]] = !{!"llvm.loop.parallel_accesses", ![[CHECKED_GROUP]]}
; CHECK-DAG: ![[IN_ORDER]] = distinct !{![[IN_ORDER]]}
; Loops left in order: no mark at all (a plain loop).
; CHECK-DAG: ![[SUM]] = distinct !{![[SUM]]}
; CHECK-DAG: ![[TWO]] = distinct !{![[TWO]]}
; CHECK-DAG: ![[NEXT]] = distinct !{![[NEXT]]}
; CHECK-DAG: ![[CALL]] = distinct !{![[CALL]]}
; CHECK-DAG: ![[CARRIED]] = distinct !{![[CARRIED]]}

; CHECK-NOT: llvm.loop.distribute.enable", i1 true
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.distribute.enable", i1 true}
!2 = distinct !{!2, !1}
!4 = distinct !{!4, !1}
!6 = distinct !{!6, !1}
!8 = distinct !{!8, !1}
!10 = distinct !{!10, !1}
!12 = distinct !{!12, !1}
!14 = distinct !{!14, !1}
!16 = distinct !{!16, !1}
!18 = distinct !{!18, !1}
!20 = distinct !{!20, !1}
!22 = distinct !{!22, !1}
!24 = distinct !{!24, !1}
!26 = distinct !{!26, !1}
!28 = distinct !{!28, !1}
!30 = distinct !{!30, !1}
!32 = distinct !{!32, !1}
!34 = distinct !{!34, !33}
!33 = !{!"llvm.loop.distribute.enable", i1 false}

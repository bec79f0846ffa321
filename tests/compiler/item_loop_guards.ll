; An item loop whose item runs its inner loop under a bounds guard (`if (gid < n)`,
; a border test `i > 0 && i < n - 1`, `x != 0` on an unsigned id, taps skipped at the
; border inside the inner loop): weft-item-loop-select (item_loop_select.cpp,
; version_on_guards) versions it. Before it, a test that the guards pass at the run's
; first and last items with no wrap between them; where they do, a copy without the
; guards, given to the outer-loop vectorizer; elsewhere that copy for the longest run
; of items that pass from the first that does, the items before and after that run one
; by one in the loop as it was. A guard on a value not affine in the item (`j & 1`) is
; still refused.
; RUN: %opt -passes=weft-item-loop-select -pass-remarks-analysis=weft -pass-remarks-missed=weft -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -enable-vplan-native-path -passes='function(weft-item-loop-select,loop-vectorize,verify)' -S %s | %FileCheck --check-prefix=WIDE %s

target triple = "x86_64-pc-linux-gnu"

; REMARK: kernel bounds_guard: item loop given to the outer-loop vectorizer (where its bounds guards pass)
; REMARK: kernel border_test: item loop given to the outer-loop vectorizer (where its bounds guards pass)
; REMARK: kernel outside_test: item loop given to the outer-loop vectorizer (where its bounds guards pass)
; REMARK: kernel not_first: item loop given to the outer-loop vectorizer (where its bounds guards pass)
; REMARK: kernel taps: item loop given to the outer-loop vectorizer (where its bounds guards pass)
; REMARK: kernel border_else: item loop given to the outer-loop vectorizer (where its bounds guards pass)
; REMARK: kernel dead_loop: item loop given to the outer-loop vectorizer (where its bounds guards pass)
; REMARK: kernel uniform_store: item loop given to the outer-loop vectorizer (where its bounds guards pass)
; REMARK: kernel odd_items: work items run one by one, not across vector lanes: a branch in the work item goes different ways for different items

; CHECK-LABEL: define void @bounds_guard(
; CHECK: item.guards:
; CHECK: %all.items.pass = and i1
; CHECK: br i1 %all.items.pass, label %item.all.pass, label %item.scan
; Where some fail: the first item that passes (a scan of the test item by item), then
; the longest run from it that all pass (a binary search of the same test), widened;
; the items before and after it one by one.
; CHECK: item.scan:
; CHECK: %scan.item = phi i64 [ 0, %item.guards ], [ %{{[0-9]+}}, %item.scan ]
; CHECK: item.scan.done:
; CHECK: %first.passing = select i1 %{{[0-9]+}}, i64 %scan.item, i64 %items
; CHECK: br i1 %{{[0-9]+}}, label %item.all.pass.some.fail, label %item.search
; CHECK: item.search:
; CHECK: %passing.lo = phi i64 [ %first.passing, %item.scan.done ], [ %{{[0-9]+}}, %item.search.step ]
; CHECK: item.search.done:
; CHECK: %passing.end = add i64 %passing.lo, 1
; CHECK: br i1 %{{[0-9]+}}, label %item.all.pass, label %item.all.pass.some.fail.head
; CHECK: item.after.head:
; CHECK-NEXT: br label %item.all.pass
; CHECK: item.after.all.pass:
; CHECK: icmp eq i64 %fast.end, %items
; CHECK: item.some.fail.head:
; CHECK: %head.index = phi i64 [ 0, %item.all.pass.some.fail.head ], [ %head.index.next, %item.latch.some.fail.head ]
; CHECK: %guard.some.fail.head = icmp ult i64 %j.some.fail.head, %bound
; CHECK: icmp eq i64 %head.index.next, %first.passing
; CHECK: item.all.pass.some.fail:
; CHECK: %slow.from = phi i64 [ 0, %item.scan.done ], [ %fast.end, %item.after.all.pass ]
; CHECK: item.some.fail:
; CHECK: %guard.some.fail = icmp ult i64 %j.some.fail, %bound
; CHECK: br i1 %jdone.some.fail, label %exit.loopexit, label %item.some.fail, !llvm.loop ![[SLOW:[0-9]+]]
; CHECK: item.all.pass:
; CHECK: %fast.end = phi i64 [ %items, %item.guards ], [ %passing.end, %item.search.done ], [ %passing.end, %item.after.head ]
; CHECK: %fast.from = phi i64 [ 0, %item.guards ], [ %first.passing, %item.search.done ], [ %first.passing, %item.after.head ]
; CHECK: item:
; CHECK-NOT: icmp ult i64 %j, %bound
; CHECK: %fast.index.next = add nuw nsw i64 %fast.index, 1
; CHECK: %[[DONE:[0-9]+]] = icmp eq i64 %fast.index.next, %fast.end
; CHECK: br i1 %[[DONE]], label %item.after.all.pass, label %item, !llvm.loop ![[FAST:[0-9]+]]
; WIDE-LABEL: define void @bounds_guard(
; WIDE: vector.body:
; WIDE: fadd <{{[0-9]+}} x float>
define void @bounds_guard(ptr %a, ptr %c, i64 %begin, i64 %end, i64 %m, i64 %bound) {
entry:
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.latch ]
  %guard = icmp ult i64 %j, %bound
  br i1 %guard, label %inner, label %item.latch

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %idx = add i64 %k, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !1
  %s.next = fadd float %s, %v
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %r = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %pc = getelementptr float, ptr %c, i64 %j
  store float %r, ptr %pc, align 4, !llvm.access.group !1
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define void @border_test(
; CHECK: %all.items.pass = and i1 %{{[0-9]+}}, %{{[0-9]+}}
; CHECK: br i1 %all.items.pass, label %item.all.pass, label %item.scan
define void @border_test(ptr %a, ptr %c, i64 %begin, i64 %end, i64 %m, i32 %n) {
entry:
  %any = icmp ult i64 %begin, %end
  %last = add nsw i32 %n, -1
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.latch ]
  %i = trunc i64 %j to i32
  %above = icmp sgt i32 %i, 0
  %below = icmp sgt i32 %last, %i
  %inside = select i1 %above, i1 %below, i1 false
  br i1 %inside, label %inner, label %item.latch

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %idx = add i64 %k, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !11
  %s.next = fadd float %s, %v
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %r = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %pc = getelementptr float, ptr %c, i64 %j
  store float %r, ptr %pc, align 4, !llvm.access.group !11
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !12

exit:
  ret void
}

; The border test as instcombine leaves it: `x <= 0 || x >= n - 1` goes around the work,
; with a part on the row that is the same for all items; the versioned loop wants both
; compares false. The item merges its result after the branch, and a branch left on the
; row's part would keep that merge in the widened copy, which the outer-loop vectorizer
; can get wrong (item_loop_select.ll, uniform_merge_after_inner): the row's part is a
; guard too, false in the versioned loop, so that no branch and no merge is left there.
; Where it is true (the image's first row), every item runs one by one, with no scan.
; CHECK-LABEL: define void @outside_test(
; CHECK: item.guards:
; CHECK: %top = icmp sle i32 %row, 0
; CHECK: %[[NOTTOP:[0-9]+]] = xor i1 %top, true
; CHECK: %all.items.pass = and i1 %{{[0-9]+}}, %[[NOTTOP]]
; CHECK: br i1 %all.items.pass, label %item.all.pass, label %item.uniform.pass
; CHECK: item.uniform.pass:
; CHECK-NEXT: br i1 %[[NOTTOP]], label %item.scan, label %item.all.pass.some.fail
; CHECK: item.all.pass.some.fail:
; CHECK: %slow.from = phi i64 [ 0, %item.scan.done ], [ %fast.end, %item.after.all.pass ], [ 0, %item.uniform.pass ]
; CHECK: item.some.fail:
; CHECK: %out.some.fail = select i1 %x.out.some.fail, i1 true, i1 %top
; CHECK: item:
; CHECK-NOT: icmp sle i32
; CHECK-NOT: %top
; CHECK: br label %inner
; CHECK: item.latch:
; CHECK-NOT: phi
; CHECK: store float %s.next.lcssa
; WIDE-LABEL: define void @outside_test(
; WIDE: vector.body:
; WIDE: fadd <{{[0-9]+}} x float>
define void @outside_test(ptr %a, ptr %c, i64 %begin, i64 %end, i64 %m, i32 %n, i32 %row, i32 %rows) {
entry:
  %any = icmp ult i64 %begin, %end
  %last = add nsw i32 %n, -1
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.latch ]
  %i = trunc i64 %j to i32
  %left = icmp sle i32 %i, 0
  %right = icmp sge i32 %i, %last
  %top = icmp sle i32 %row, 0
  %x.out = select i1 %left, i1 true, i1 %right
  %out = select i1 %x.out, i1 true, i1 %top
  br i1 %out, label %item.latch, label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %idx = add i64 %k, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !31
  %s.next = fadd float %s, %v
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %r = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %pc = getelementptr float, ptr %c, i64 %j
  store float %r, ptr %pc, align 4, !llvm.access.group !31
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !32

exit:
  ret void
}

; A border test on an unsigned id as instcombine writes `x > 0`: `x != 0`. The latch
; stays in the loop where its compare is true; the versioned one tests `!=` (the native
; path wants a compare there, not a `not` of one).
; CHECK-LABEL: define void @not_first(
; CHECK: br i1 %all.items.pass, label %item.all.pass, label %item.scan
; CHECK: item:
; CHECK-NOT: icmp ne i64 %j, 0
; CHECK: %[[MORE:[0-9]+]] = icmp ne i64 %fast.index.next, %fast.end
; CHECK: br i1 %[[MORE]], label %item, label %item.after.all.pass
; WIDE-LABEL: define void @not_first(
; WIDE: vector.body:
; WIDE: fadd <{{[0-9]+}} x float>
define void @not_first(ptr %a, ptr %c, i64 %begin, i64 %end, i64 %m) {
entry:
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.latch ]
  %inside = icmp ne i64 %j, 0
  br i1 %inside, label %inner, label %item.latch

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %idx = add i64 %k, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !41
  %s.next = fadd float %s, %v
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %r = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %pc = getelementptr float, ptr %c, i64 %j
  store float %r, ptr %pc, align 4, !llvm.access.group !41
  %j.next = add i64 %j, 1
  %more = icmp ult i64 %j.next, %end
  br i1 %more, label %item, label %exit, !llvm.loop !42

exit:
  ret void
}

; A stencil's taps skipped at the border inside the item's loop (`if (x - 1 >= w)
; continue;` on an unsigned x, or-ed with the row's own test, the same for all items):
; the guard's value is the one that runs the tap (the side that joins the other); the
; versioned copy has no branch left inside its inner loop. Where the row's part fails,
; every item runs one by one, with no scan.
; CHECK-LABEL: define void @taps(
; CHECK: br i1 %all.items.pass, label %item.all.pass, label %item.uniform.pass
; CHECK: item.uniform.pass:
; CHECK-NEXT: br i1 %{{[0-9]+}}, label %item.scan, label %item.all.pass.some.fail
; CHECK: item:
; CHECK: inner:
; CHECK-NOT: br i1 %skip
; CHECK: br label %tap
; WIDE-LABEL: define void @taps(
; WIDE: vector.body:
; WIDE: fadd <{{[0-9]+}} x float>
define void @taps(ptr %a, ptr %c, i64 %begin, i64 %end, i64 %w, i1 %row.out) {
entry:
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.latch ]
  %left = add i64 %j, -1
  %out = icmp uge i64 %left, %w
  %skip = select i1 %row.out, i1 true, i1 %out
  br label %inner

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner.latch ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner.latch ]
  br i1 %skip, label %inner.latch, label %tap

tap:
  %pa = getelementptr float, ptr %a, i64 %left
  %v = load float, ptr %pa, align 4, !llvm.access.group !51
  %t = fadd float %s, %v
  br label %inner.latch

inner.latch:
  %s.next = phi float [ %s, %inner ], [ %t, %tap ]
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, 16
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %pc = getelementptr float, ptr %c, i64 %j
  store float %s.next, ptr %pc, align 4, !llvm.access.group !51
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !52

exit:
  ret void
}

; A border test with work on both sides (`if (inside) { if (m != 0) loop } else s =
; a[j]`, as LLVM leaves it: the loop's test that it runs at all is a branch of its own,
; the same for all items, and the item merges its result from three blocks). Where the
; item merges values, that test is a guard too (m != 0 in the versioned loop). The
; blocks the folded branches no longer reach (the border side) go, and with them the
; merge: the versioned loop keeps no branch and no merge.
; CHECK-LABEL: define void @border_else(
; CHECK: item.guards:
; CHECK: %all.items.pass = and i1
; CHECK: br i1 %all.items.pass, label %item.all.pass, label %item.uniform.pass
; CHECK: item.some.fail:
; CHECK: br i1 %inside.some.fail, label %work.some.fail, label %edge.some.fail
; CHECK: item.latch.some.fail:
; CHECK-NEXT: %r.some.fail = phi float
; CHECK: item:
; CHECK-NEXT: %fast.index = phi
; CHECK-NEXT: %j = phi
; CHECK-NEXT: br label %work
; CHECK-NOT: edge:
; CHECK: work:
; CHECK-NEXT: br label %inner.preheader
; CHECK-NOT: edge:
; CHECK: item.latch:
; CHECK-NOT: phi
; CHECK: store float %s.next.lcssa
; WIDE-LABEL: define void @border_else(
; WIDE: vector.body:
; WIDE: fadd <{{[0-9]+}} x float>
define void @border_else(ptr %a, ptr %c, i64 %begin, i64 %end, i64 %m, i32 %n) {
entry:
  %any = icmp ult i64 %begin, %end
  %last = add nsw i32 %n, -1
  %none = icmp eq i64 %m, 0
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.latch ]
  %i = trunc i64 %j to i32
  %above = icmp sgt i32 %i, 0
  %below = icmp sgt i32 %last, %i
  %inside = select i1 %above, i1 %below, i1 false
  br i1 %inside, label %work, label %edge

edge:
  %pe = getelementptr float, ptr %a, i64 %j
  %e = load float, ptr %pe, align 4, !llvm.access.group !61
  br label %item.latch

work:
  br i1 %none, label %item.latch, label %inner

inner:
  %k = phi i64 [ 0, %work ], [ %k.next, %inner ]
  %s = phi float [ 0.0, %work ], [ %s.next, %inner ]
  %idx = add i64 %k, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !61
  %s.next = fadd float %s, %v
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %r = phi float [ %e, %edge ], [ 0.0, %work ], [ %s.next, %inner ]
  %pc = getelementptr float, ptr %c, i64 %j
  store float %r, ptr %pc, align 4, !llvm.access.group !61
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !62

exit:
  ret void
}

; A branch the same for all items inside a loop of the item, with a loop on each side
; (no working side: the first is taken). The versioned loop runs the first side's
; loop only; the other side's loop goes with its blocks (and from the loops the pass
; still walks), and so does the merge of the two loops' sums.
; CHECK-LABEL: define void @dead_loop(
; CHECK: %all.items.pass = and i1 true, %flag
; CHECK: item.some.fail:
; CHECK: y.some.fail:
; CHECK: item:
; CHECK-NOT: {{^}}y:
; CHECK: outer.latch:
; CHECK-NEXT: %o.next = add i64 %o, 1
; WIDE-LABEL: define void @dead_loop(
; WIDE: vector.body:
; WIDE: fadd <{{[0-9]+}} x float>
define void @dead_loop(ptr %a, ptr %c, i64 %n, i64 %m, i1 %flag) {
entry:
  br label %item

item:
  %j = phi i64 [ 0, %entry ], [ %j.next, %item.latch ]
  br label %outer

outer:
  %o = phi i64 [ 0, %item ], [ %o.next, %outer.latch ]
  %s0 = phi float [ 0.0, %item ], [ %s3, %outer.latch ]
  br i1 %flag, label %x.pre, label %y.pre

x.pre:
  br label %x

x:
  %kx = phi i64 [ 0, %x.pre ], [ %kx.next, %x ]
  %sx = phi float [ %s0, %x.pre ], [ %sx.next, %x ]
  %ix = add i64 %kx, %j
  %px = getelementptr float, ptr %a, i64 %ix
  %vx = load float, ptr %px, align 4, !llvm.access.group !71
  %sx.next = fadd float %sx, %vx
  %kx.next = add i64 %kx, 1
  %xdone = icmp eq i64 %kx.next, %m
  br i1 %xdone, label %outer.latch, label %x

y.pre:
  br label %y

y:
  %ky = phi i64 [ 0, %y.pre ], [ %ky.next, %y ]
  %sy = phi float [ %s0, %y.pre ], [ %sy.next, %y ]
  %iy = add i64 %ky, %j
  %py = getelementptr float, ptr %a, i64 %iy
  %vy = load float, ptr %py, align 4, !llvm.access.group !71
  %sy.next = fmul float %sy, %vy
  %ky.next = add i64 %ky, 1
  %ydone = icmp eq i64 %ky.next, %m
  br i1 %ydone, label %outer.latch, label %y

outer.latch:
  %s3 = phi float [ %sx.next, %x ], [ %sy.next, %y ]
  %o.next = add i64 %o, 1
  %odone = icmp eq i64 %o.next, 4
  br i1 %odone, label %item.latch, label %outer

item.latch:
  %pc = getelementptr float, ptr %c, i64 %j
  store float %s3, ptr %pc, align 4, !llvm.access.group !71
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %exit, label %item, !llvm.loop !72

exit:
  ret void
}
; A branch all on values the same for all items whose sides merge nothing (`if (flag)
; a[j] = r;` after the guarded loop) is no guard: it stays in the versioned loop, which
; the native path widens with it, and a row where flag is false is widened too.
; CHECK-LABEL: define void @uniform_store(
; CHECK: %all.items.pass = and i1
; CHECK-NOT: %flag
; CHECK: br i1 %all.items.pass, label %item.all.pass, label %item.scan
; CHECK: item.all.pass:
; CHECK: item:
; CHECK-NOT: %guard
; CHECK: br i1 %flag, label %extra, label %item.next
; WIDE-LABEL: define void @uniform_store(
; WIDE: vector.body:
; WIDE: fadd <{{[0-9]+}} x float>
define void @uniform_store(ptr %a, ptr %c, i64 %begin, i64 %end, i64 %m, i64 %bound, i1 %flag) {
entry:
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.next ]
  %guard = icmp ult i64 %j, %bound
  br i1 %guard, label %inner, label %item.latch

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %idx = add i64 %k, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !81
  %s.next = fadd float %s, %v
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %r = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %pc = getelementptr float, ptr %c, i64 %j
  store float %r, ptr %pc, align 4, !llvm.access.group !81
  br i1 %flag, label %extra, label %item.next

extra:
  %pe = getelementptr float, ptr %a, i64 %j
  store float %r, ptr %pe, align 4, !llvm.access.group !81
  br label %item.next

item.next:
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !82

exit:
  ret void
}

; CHECK-LABEL: define void @odd_items(
; CHECK-NOT: all.items.pass
; CHECK: ret void
define void @odd_items(ptr %a, ptr %c, i64 %begin, i64 %end, i64 %m) {
entry:
  %any = icmp ult i64 %begin, %end
  br i1 %any, label %item, label %exit

item:
  %j = phi i64 [ %begin, %entry ], [ %j.next, %item.latch ]
  %bit = and i64 %j, 1
  %odd = icmp ult i64 %bit, 1
  br i1 %odd, label %inner, label %item.latch

inner:
  %k = phi i64 [ 0, %item ], [ %k.next, %inner ]
  %s = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %idx = add i64 %k, %j
  %pa = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4, !llvm.access.group !21
  %s.next = fadd float %s, %v
  %k.next = add i64 %k, 1
  %kdone = icmp eq i64 %k.next, %m
  br i1 %kdone, label %item.latch, label %inner

item.latch:
  %r = phi float [ 0.0, %item ], [ %s.next, %inner ]
  %pc = getelementptr float, ptr %c, i64 %j
  store float %r, ptr %pc, align 4, !llvm.access.group !21
  %j.next = add i64 %j, 1
  %jdone = icmp eq i64 %j.next, %end
  br i1 %jdone, label %exit, label %item, !llvm.loop !22

exit:
  ret void
}

; The fast loop keeps the vectorize mark and gets a width; the slow one has neither,
; nor the item-loop tag.
; CHECK-DAG: ![[FAST]] = distinct !{![[FAST]], !{{[0-9]+}}, ![[ENABLE:[0-9]+]], ![[WIDTH:[0-9]+]], ![[TAG:[0-9]+]]}
; CHECK-DAG: ![[ENABLE]] = !{!"llvm.loop.vectorize.enable", i1 true}
; CHECK-DAG: ![[SLOW]] = distinct !{![[SLOW]], ![[PARALLEL:[0-9]+]]}
; CHECK-DAG: ![[PARALLEL]] = !{!"llvm.loop.parallel_accesses", !{{[0-9]+}}}

!1 = distinct !{}
!2 = distinct !{!2, !3, !4}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!4 = !{!"llvm.loop.vectorize.enable", i1 true}
!11 = distinct !{}
!12 = distinct !{!12, !13, !14}
!13 = !{!"llvm.loop.parallel_accesses", !11}
!14 = !{!"llvm.loop.vectorize.enable", i1 true}
!31 = distinct !{}
!32 = distinct !{!32, !33, !34}
!33 = !{!"llvm.loop.parallel_accesses", !31}
!34 = !{!"llvm.loop.vectorize.enable", i1 true}
!21 = distinct !{}
!22 = distinct !{!22, !23, !24}
!23 = !{!"llvm.loop.parallel_accesses", !21}
!24 = !{!"llvm.loop.vectorize.enable", i1 true}
!41 = distinct !{}
!42 = distinct !{!42, !43, !44}
!43 = !{!"llvm.loop.parallel_accesses", !41}
!44 = !{!"llvm.loop.vectorize.enable", i1 true}
!51 = distinct !{}
!52 = distinct !{!52, !53, !54}
!53 = !{!"llvm.loop.parallel_accesses", !51}
!54 = !{!"llvm.loop.vectorize.enable", i1 true}
!61 = distinct !{}
!62 = distinct !{!62, !63, !64}
!63 = !{!"llvm.loop.parallel_accesses", !61}
!64 = !{!"llvm.loop.vectorize.enable", i1 true}
!71 = distinct !{}
!72 = distinct !{!72, !73, !74}
!73 = !{!"llvm.loop.parallel_accesses", !71}
!74 = !{!"llvm.loop.vectorize.enable", i1 true}
!81 = distinct !{}
!82 = distinct !{!82, !83, !84}
!83 = !{!"llvm.loop.parallel_accesses", !81}
!84 = !{!"llvm.loop.vectorize.enable", i1 true}

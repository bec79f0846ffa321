; weft-barrier-split (src/compiler/barrier_split.cpp) keeps a copy of the work item's
; code until LLVM's verifier accepts the split function; a split it rejects is undone
; (the copy comes back, the marker becomes false, fibers run the kernel) with a remark.
; No kernel is known to break the split: -weft-split-reject (testing only) takes the
; path back for every kernel.
; RUN: %opt -weft-split-reject -passes=weft-barrier-split -pass-remarks-missed=weft-barriers -S %s 2>%t.remarks | %FileCheck %s
; RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks

declare i1 @weft_split_active(i64, i64, i64, i1, i64)
declare i64 @weft_split_local_id(i32) memory(none) nounwind
declare void @_ZN4weft6kernel18work_group_barrierEv() convergent

define i1 @neighbour(ptr %local, ptr %out, i64 %r0) !dbg !5 {
entry:
  %m = call i1 @weft_split_active(i64 %r0, i64 1, i64 1, i1 true, i64 0), !dbg !8
  br i1 %m, label %body, label %off
off:
  ret i1 false
body:
  %id = call i64 @weft_split_local_id(i32 0)
  %p = getelementptr float, ptr %local, i64 %id
  store float 1.0, ptr %p
  call void @_ZN4weft6kernel18work_group_barrierEv()
  %next = add i64 %id, 1
  %q = getelementptr float, ptr %local, i64 %next
  %x = load float, ptr %q
  %o = getelementptr float, ptr %out, i64 %id
  store float %x, ptr %o, !dbg !8
  ret i1 true
}
; CHECK-LABEL: define i1 @neighbour(
; CHECK-SAME: !dbg ![[SP:[0-9]+]]
; CHECK-NEXT: entry:
; CHECK-NEXT: br i1 false, label %body, label %off
; CHECK: call void @_ZN4weft6kernel18work_group_barrierEv()
; CHECK: store float %x, ptr %o, align 4, !dbg ![[LOC:[0-9]+]]
; CHECK-NOT: region
; CHECK-NOT: define
; CHECK: ![[LOC]] = !DILocation(line: 3, scope: ![[SP]])
; REMARK: kernel neighbour: barriers run on fibers, not split: the split function failed LLVM's verifier

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "kernel.cpp", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "neighbour", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 3, scope: !5)

#!/bin/bash
# build.sh BUILD SRC: one SYCL-Bench binary for the GPU machine
b=$1; src=$2; name=$(basename $src .cpp); out=/work/main/.carry/sb2/$b/$name
F="-DSYCL_BENCH_HAS_FP64_SUPPORT=1 -O3 -DNDEBUG -march=sapphirerapids -ffast-math -fsycl -D__DPCPP__ -Iinclude -Ipolybench/common"
case $b in
  gcc) /work/pfx/bin/weft++ --weft-cxx=g++ $F $src -o $out ;;
  clang) /work/pfx-noplug/bin/weft++ --weft-cxx=clang++-22 -Wno-c++11-narrowing $F $src -o $out ;;
  plugin) /work/pfx/bin/weft++ --weft-cxx=clang++-22 -Wno-c++11-narrowing $F $src -o $out ;;
esac > /work/sb2/log-$b-$name.txt 2>&1 && strip $out && echo "ok $b $name" || echo "FAIL $b $name"

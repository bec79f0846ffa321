#!/bin/bash
# run.sh OUTDIR: bench_reduction (g++ and clang 22 + plugin, sapphirerapids) at 16 and 2 CPUs, two alternated rounds
cd "$(dirname "$0")"; O=$1; mkdir -p $O
for round in 1 2; do
 for cpus in 16 2; do
  if [ $cpus = 16 ]; then set="0-15"; else set="0-1"; fi
  list="gcc plugin"; [ $round = 2 ] && list="plugin gcc"
  for b in $list; do
    WEFT_NUM_THREADS=$cpus LD_LIBRARY_PATH=$PWD/$b timeout 200 taskset -c $set ./$b/bench_reduction --benchmark_repetitions=3 --benchmark_min_time=0.2 --benchmark_report_aggregates_only=true --benchmark_format=csv > $O/$b-c$cpus-r$round.csv 2> $O/$b-c$cpus-r$round.err
  done
 done
done

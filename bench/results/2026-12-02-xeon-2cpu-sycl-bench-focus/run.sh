#!/bin/bash
# run.sh OUTDIR: SYCL-Bench focus set at 2 CPUs, g++ / clang / clang + plugin, two alternated rounds
cd "$(dirname "$0")"; O=$1; mkdir -p $O
export LD_LIBRARY_PATH=$PWD/lib
declare -A args=( [mvt]="--size=4096" [syr2k]="--size=384" [correlation]="--size=512" [covariance]="--size=512"
  [lin_reg_coeff]="--size=131072" [lin_reg_error]="--size=8192" [scalar_prod]="--size=524288"
  [nbody]="--size=2048 --local=256" [reduction]="--size=262144 --local=256" [segmentedreduction]="--size=262144 --local=256"
  [2DConvolution]="--size=6144" [gramschmidt]="--size=256" [gesummv]="--size=3072" [local_mem]="--size=65536 --local=256"
  [spec_constant_convolution]="--size=256" )
for round in ${ROUNDS:-1 2}; do
  builds="gcc clang plugin"; [ $((round % 2)) = 0 ] && builds="plugin clang gcc"
  for bench in "${!args[@]}"; do
    for b in $builds; do
      [ -x $b/$bench ] || continue
      echo "== $bench $b r$round" >> $O/sb.log
      WEFT_NUM_THREADS=2 timeout 60 taskset -c 0-1 ./$b/$bench --device=cpu ${args[$bench]} --num-runs=3 --no-verification 2>&1 | grep -E "^\*\*\*|run-time-median" >> $O/sb.log
    done
  done
done

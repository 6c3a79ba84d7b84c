# tile.rsqrt on ptoc-sim, by the numbers: 1 / sqrt(|x| + 1) of x = 0, 3,
# -3, 15, 0.5625, -8, 99, 1.25 (and their negatives), with and without the
# scratch tile. The kernel is runtime/testdata/elementwise_rows.py's rsqrt,
# which pto_isa_sim_test runs on pto-isa's CPU simulation too.
# RUN: rm -rf %t.in %t.out && mkdir -p %t.in
# RUN: echo "0 3 -3 15 0.5625 -8 99 1.25 -0 -3 3 -15 -0.5625 8 -99 -1.25" > %t.in/a.0.txt
# RUN: ptoc-sim %S/../testdata/elementwise_rows.py --entry=rsqrt --inputs=%t.in --dump-outputs=%t.out | FileCheck %s --check-prefix=RUN1
# RUN1: 0 stale reads, 0 races, 0 deadlocks
# RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out/plain.0.txt
# RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out/precise.0.txt
# OUT: 1 0.5 0.5 0.25 0.800000012 0.333333343 0.100000001 0.666666687
# OUT-NEXT: 1 0.5 0.5 0.25 0.800000012 0.333333343 0.100000001 0.666666687

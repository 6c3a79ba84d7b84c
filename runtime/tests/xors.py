# tile.xors on ptoc-sim, by the numbers: x ^ 6 of INT16 x = 0 .. 7, -1, -2,
# -8, 32767, -32768, 6, 12, 255 (two's complement, as the device). The
# kernel is runtime/testdata/elementwise_rows.py's xors; its ints kernel
# runs xors on pto-isa's CPU simulation too (pto_isa_sim_test).
# RUN: rm -rf %t.in %t.out && mkdir -p %t.in
# RUN: echo "0 1 2 3 4 5 6 7 -1 -2 -8 32767 -32768 6 12 255" > %t.in/a.0.txt
# RUN: ptoc-sim %S/../testdata/elementwise_rows.py --entry=xors --inputs=%t.in --dump-outputs=%t.out | FileCheck %s --check-prefix=RUN1
# RUN1: 0 stale reads, 0 races, 0 deadlocks
# RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out/out.0.txt
# OUT: 6 7 4 5 2 3 0 1 -7 -8 -2 32761 -32762 0 10 249

# tile.read / tile.write on ptoc-sim, by the numbers: with a = 1 .. 16,
# v = a[1, 2] = 11, y = a * 11, w = y[1, 7] = 176; y[0, 0] = w, y[1, 0] = v,
# y[i, 3] = 0.5 for both rows, and out = y + 1. The kernel is
# runtime/testdata/read_write.py, whose C++ run_emitted_cpp_test compares
# with ptoc-sim.
# RUN: rm -rf %t.in %t.out && mkdir -p %t.in
# RUN: echo "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16" > %t.in/a.0.txt
# RUN: ptoc-sim %S/../testdata/read_write.py --entry=k --inputs=%t.in --dump-outputs=%t.out | FileCheck %s --check-prefix=RUN1
# RUN1: 0 stale reads, 0 races, 0 deadlocks
# RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out/out.0.txt
# OUT: 177 23 34 1.5 56 67 78 89
# OUT-NEXT: 12 111 122 1.5 144 155 166 177

# comm-hazards.md H5, stale lines across kernels: on one device, `peek`
# reads the window through the AIV core's data cache, `fill` (on the AIC)
# writes it by DMA, then `check` reads it again on the AIV core. The line
# `peek` cached is still in that core's cache when `check` starts:
# insert-comm-fence starts each kernel that reads window data through the
# cache before any wait with a whole-GM invalidate, and check-comm-contract
# proves it (passes/testdata/*/cached_read_at_kernel_start.py).
# RUN: ptoc %s --emit=pb -o %t.pb
# RUN: ptoc %s --emit=text | FileCheck %s --check-prefix=IR
# IR-LABEL: def check(
# IR-NEXT: pl.system.cacheinvalid()
# IR-NEXT: v: pl.Scalar[pl.FP32] = pl.tensor.read(win, [0, 0])
#
# With it, `check` sees what `fill` wrote (seen[0, 1]) and `peek` the zeroed
# window (seen[0, 0]):
# RUN: rm -rf %t.out
# RUN: ptoc-sim %t.pb --entry=host_orch --ranks=1 --schedules=20 --dump-outputs=%t.out | FileCheck %s --check-prefix=CLEAN
# CLEAN: 20 schedules (seed 1), 1 rank, 3 lanes, {{[0-9]+}} statements executed: 0 stale reads, 0 races, 0 deadlocks
# RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out/seen.txt
# OUT: {{^}}0 2.4375 
#
# Without the one in `check`, its read is stale, named as H5's marker; the
# one in `peek`, the first kernel on its core, finds nothing cached:
# RUN: ptoc-sim %t.pb --entry=host_orch --ranks=1 --drop-marker=99 2> %t.err; test $? -eq 1
# RUN: FileCheck %s --check-prefix=LIST --input-file=%t.err
# LIST: 0: {{.*}}stale_lines_across_kernels.py:[[#]]:{{[0-9]+}} whole invalidate in peek
# LIST: 3: {{.*}}stale_lines_across_kernels.py:[[#]]:{{[0-9]+}} whole invalidate in check
# RUN: ptoc-sim %t.pb --entry=host_orch --ranks=1 --schedules=20 --drop-marker=3 > %t.txt; test $? -eq 1
# RUN: FileCheck %s --check-prefix=DROP --input-file=%t.txt
# DROP: stale_lines_across_kernels.py:[[#READ:]]:{{[0-9]+}}: error: stale read: aiv lane (check) of rank 0 {{.*}} no system.cacheinvalid() between the kernel's start and the read (comm-hazards.md H5); missing marker: invalidate at the kernel's start
# DROP: stale_lines_across_kernels.py:[[#]]:{{[0-9]+}}: note: the write, which had landed in GM before the reader's kernel started
# RUN: ptoc-sim %t.pb --entry=host_orch --ranks=1 --schedules=20 --drop-marker=0 | FileCheck %s --check-prefix=CLEAN
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class StaleAcrossTasks:
    @pl.function(type=pl.FunctionType.AIV)
    def peek(
        self,
        win: pl.InOut[pld.DistributedTensor[[16, 16], pl.FP32]],
        seen: pl.Out[pl.Tensor[[1, 16], pl.FP32]],
    ) -> pl.Tensor[[1, 16], pl.FP32]:
        v: pl.Scalar[pl.FP32] = pl.tensor.read(win, [0, 0])
        pl.tensor.write(seen, [0, 0], v)
        return seen

    @pl.function(type=pl.FunctionType.AIC)
    def fill(
        self,
        a: pl.Tensor[[16, 16], pl.FP16],
        win: pl.InOut[pld.DistributedTensor[[16, 16], pl.FP32]],
    ) -> pld.DistributedTensor[[16, 16], pl.FP32]:
        ma = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        mb = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        l = pl.tile.move(ma, target_memory=pl.MemorySpace.Left)
        r = pl.tile.move(mb, target_memory=pl.MemorySpace.Right)
        c = pl.tile.matmul(l, r)
        return pl.tile.store(c, [0, 0], win)

    @pl.function(type=pl.FunctionType.AIV)
    def check(
        self,
        win: pl.InOut[pld.DistributedTensor[[16, 16], pl.FP32]],
        seen: pl.Out[pl.Tensor[[1, 16], pl.FP32]],
    ) -> pl.Tensor[[1, 16], pl.FP32]:
        v: pl.Scalar[pl.FP32] = pl.tensor.read(win, [0, 0])
        pl.tensor.write(seen, [0, 1], v)
        return seen

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip(
        self,
        a: pl.Tensor[[16, 16], pl.FP16],
        seen: pl.Out[pl.Tensor[[1, 16], pl.FP32]],
        win: pl.InOut[pld.DistributedTensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[1, 16], pl.FP32]:
        seen = self.peek(win, seen)
        win = self.fill(a, win)
        return self.check(win, seen)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        a: pl.Tensor[[16, 16], pl.FP16],
        seen: pl.Out[pl.Tensor[[1, 16], pl.FP32]],
    ) -> pl.Tensor[[1, 16], pl.FP32]:
        win_buf = pld.alloc_window_buffer(16 * 16 * 4)
        win = pld.window(win_buf, [16, 16], dtype=pl.FP32)
        return self.chip(a, seen, win, device=0)

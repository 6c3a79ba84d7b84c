# A whole program: the host function launches one orchestration per rank
# (runtime/README.md, "Whole programs"). Each rank stages its row into its
# window, signals its right neighbour and reads its left one's window.
# RUN: ptoc %s --emit=pb -o %t.pb
# RUN: rm -rf %t.in %t.out && mkdir -p %t.in
# RUN: echo "1 2 3 4 5 6 7 8 10 20 30 40 50 60 70 80 100 200 300 400 500 600 700 800" > %t.in/inputs.txt
# RUN: ptoc-sim %t.pb --entry=host_orch --ranks=3 --schedules=30 --inputs=%t.in --dump-outputs=%t.out | FileCheck %s --check-prefix=CLEAN
# CLEAN: 30 schedules (seed 1), 3 ranks, 9 lanes, {{[0-9]+}} statements executed: 0 stale reads, 0 races, 0 deadlocks
# RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out/outputs.txt
# OUT: 100 200 300 400 500 600 700 800
# OUT-NEXT: 1 2 3 4 5 6 7 8
# OUT-NEXT: 10 20 30 40 50 60 70 80
#
# Without the fence after the store, the neighbour's load is a stale read at
# its line, naming the store.
# RUN: ptoc-sim %t.pb --entry=host_orch --ranks=3 --schedules=30 --drop-marker=1 --inputs=%t.in 2> %t.err > %t.txt; test $? -eq 1
# RUN: FileCheck %s --check-prefix=DROP --input-file=%t.txt
# DROP: whole_program.py:[[#LOAD:]]:{{[0-9]+}}: error: stale read: {{.*}} missing marker: fence after the write
# DROP: whole_program.py:[[#STORE:]]:{{[0-9]+}}: note: the write, which had not reached GM in time
# RUN: ptoc-sim %t.pb --entry=host_orch --ranks=3 --drop-marker=9 2> %t.err; test $? -eq 1
# RUN: FileCheck %s --check-prefix=LIST --input-file=%t.err
# LIST: error: --drop-marker=9: the program has 3 markers
# LIST-NEXT: 0: {{.*}}whole_program.py:[[#]]:{{[0-9]+}} region invalidate in exchange
# LIST-NEXT: 1: {{.*}}whole_program.py:[[#]]:{{[0-9]+}} fence in exchange
# LIST-NEXT: 2: {{.*}}whole_program.py:[[#]]:{{[0-9]+}} whole invalidate in exchange
#
# More ranks than the host tensors have rows, and a host tensor whose file
# has the wrong size: located errors, nothing run.
# RUN: ptoc-sim %t.pb --entry=host_orch --ranks=4 2> %t.err; test $? -eq 1
# RUN: FileCheck %s --check-prefix=DEVICE --input-file=%t.err
# DEVICE: whole_program.py:[[#]]:{{[0-9]+}}: error: the slice leaves the tensor in dim 0
# RUN: echo "1 2 3" > %t.in/inputs.txt
# RUN: ptoc-sim %t.pb --entry=host_orch --ranks=3 --inputs=%t.in 2> %t.err; test $? -eq 1
# RUN: FileCheck %s --check-prefix=SHORT --input-file=%t.err
# SHORT: inputs.txt: error: expected 24 values, found 3
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Ring:
    @pl.function(type=pl.FunctionType.InCore)
    def exchange(
        self,
        inp: pl.Tensor[[1, 8], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 8], pl.FP32]],
        win: pl.InOut[pld.DistributedTensor[[1, 8], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[1, 1], pl.INT32]],
        right: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 8], pl.FP32]:
        t = pl.load(inp, [0, 0], [1, 8])
        win = pl.store(t, [0, 0], win)
        pld.system.notify(signal, peer=right, offsets=[0, 0], value=1, op=pld.NotifyOp.AtomicAdd)
        pld.system.wait(signal=signal, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)
        left = (right + 1) % 3
        recv = pld.tile.remote_load(win, peer=left, offsets=[0, 0], shape=[1, 8])
        return pl.store(recv, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip(
        self,
        inp: pl.Tensor[[1, 8], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 8], pl.FP32]],
        win: pl.InOut[pld.DistributedTensor[[1, 8], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[1, 1], pl.INT32]],
        right: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 8], pl.FP32]:
        return self.exchange(inp, out, win, signal, right)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        inputs: pl.Tensor[[3, 1, 8], pl.FP32],
        outputs: pl.Out[pl.Tensor[[3, 1, 8], pl.FP32]],
    ) -> pl.Tensor[[3, 1, 8], pl.FP32]:
        win_buf = pld.alloc_window_buffer(8 * 4)
        signal_buf = pld.alloc_window_buffer(4)
        for r in pl.range(pld.world_size()):
            win = pld.window(win_buf, [1, 8], dtype=pl.FP32)
            signal = pld.window(signal_buf, [1, 1], dtype=pl.INT32)
            self.chip(inputs[r], outputs[r], win, signal, (r + 1) % 3, device=r)
        return outputs

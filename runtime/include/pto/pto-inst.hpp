// The PTO device API as the ptoc `cce` target uses it, for the host
// compiler and the CPU simulator (the pto-isa headers play this part for
// the Ascend compiler).
//
//   data types     pto/common/tile.hpp     Shape, Stride, GlobalTensor, Tile, TASSIGN
//   instructions   pto/common/instructions.hpp
//                                          TLOAD TSTORE TMOV TMATMUL TADD TSUB TMUL
//                                          TDIV TMAX TEXP TRELU TNEG TADDS TMULS SYNCALL
//                                          MGATHER
//   cross-core     pto/common/fifo.hpp     TPipe, TPUSH, TPOP, TFREE
//   ranks          pto/comm/comm.hpp       pto::comm::TNOTIFY TWAIT TTEST TPUT TGET
//   L2 prefetch    pto/comm/prefetch.hpp   PrefetchAsyncContext, TPREFETCH_ASYNC
//   intrinsics     pto/common/intrinsics.hpp
//                                          pipe_barrier, dsb, dcci, set_flag, wait_flag
//   launch         pto/common/kernel_meta.hpp
//                                          PTO_SYNCALL_MIX_AIC_KERNEL_META
//   host keywords  pto/common/host_compat.hpp
//                                          __gm__, __global__, AICORE, half, bfloat16_t
//   scalar reads   pto/common/scalar_reads.hpp
//                                          the sanitizer hooks that show GM loads
//
// The templates check their operand types at compile time: a call with the
// wrong kind of operand (a GlobalTensor where a Tile goes, a Vec tile given
// to TMATMUL, a soft SYNCALL without its workspace) does not compile. They
// then call the functions of pto/common/sim_hooks.hpp, which the simulator
// defines, as it defines the intrinsics.
#ifndef PTO_PTO_INST_HPP_
#define PTO_PTO_INST_HPP_

#include "pto/common/host_compat.hpp"
#include "pto/common/intrinsics.hpp"
#include "pto/common/kernel_meta.hpp"
#include "pto/common/scalar_reads.hpp"
#include "pto/common/types.hpp"
#include "pto/common/tile.hpp"
#include "pto/common/sim_hooks.hpp"
#include "pto/common/instructions.hpp"
#include "pto/common/fifo.hpp"
#include "pto/comm/comm.hpp"
#include "pto/comm/prefetch.hpp"

#endif  // PTO_PTO_INST_HPP_

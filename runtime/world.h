// The state of one schedule: the machine, the clocks, the FIFOs and
// barriers, and every lane of every rank.
#ifndef PTOC_RUNTIME_WORLD_H_
#define PTOC_RUNTIME_WORLD_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "codegen/pipe_layout.h"
#include "runtime/barrier.h"
#include "runtime/code.h"
#include "runtime/dma_reads.h"
#include "runtime/fifo.h"
#include "runtime/happens_before.h"
#include "runtime/machine.h"
#include "runtime/report.h"
#include "runtime/values.h"

namespace ptoc {
namespace sim {

// Which core a lane runs on. An InCore function launched by itself runs as
// one lane that may do both kinds of work.
enum class LaneCore { kAic, kAiv, kMixed };

enum class PipeDir { kC2V = 0, kV2C = 1 };

struct LaneState {
  int id = 0;
  int rank = 0;
  LaneCore core = LaneCore::kMixed;
  const FunctionCode* code = nullptr;
  int pc = 0;
  std::vector<Value> env;  // by Var id
  std::vector<int64_t> loop_stop, loop_step;
  bool finished = false;
  // A syncall this lane has arrived at: the barrier and its generation.
  int barrier = -1;
  uint64_t barrier_generation = 0;
  // dir_mask of this lane's *_initialize_pipe; -1 before it ran.
  int pipe_mask = -1;
  // False for a core a whole-program run leaves idle in the current kernel
  // launch of its rank (no barrier counts it).
  bool in_launch = true;
  // The SPMD block the lane runs (tile.get_block_idx) of how many
  // (tile.get_block_num): a whole program's `with pl.spmd(n):` launch.
  int block = 0;
  int block_num = 1;
  // Which AIV subblock an AIV lane is (tile.get_subblock_idx; its party in
  // the FIFO); 0 for every other lane.
  int subblock = 0;
};

// The first transfer of a rank's pipe, by split class (0: no split, 1: a
// split code), for the check that a pipe never mixes the two.
struct PipeUse {
  int split_class = -1;  // -1: not used yet
  const Location* first = nullptr;
};

struct World {
  World(int num_ranks, int lanes_per_rank);

  int ranks;
  bool a5 = false;  // the backend: an a5 V->C push must be NZ
  // AIV lanes of each core group: 2 under a 1C:2V launch, else 1 (0: none).
  int aiv_lanes = 1;
  int schedule = 0;
  int64_t steps = 0;
  Machine machine;
  ClockTable clocks;
  SignalClocks signals;
  AccessShadow* shadow = nullptr;  // owned by the caller, reused across schedules
  InFlightReads dma_reads;  // comm-hazards.md H1
  // Core groups per rank: a whole program's most SPMD blocks (one FIFO
  // pair each).
  int blocks = 1;
  std::vector<FifoRing> rings;           // (rank * blocks + block) * 2 + PipeDir
  std::vector<PipeUse> pipe_uses;        // per rank
  // a2a3: the GM rings of each *_initialize_pipe op (PipeGmRings); the FIFO
  // rings of a core group are placed by them when its lanes set up the pipe.
  const std::map<const Expr*, codegen::GmRings>* gm_rings = nullptr;
  // rank * 3 + {mix, aic_only, aiv_only}
  std::vector<std::unique_ptr<Barrier>> barriers;
  std::vector<LaneState> lanes;
  Report* report = nullptr;

  FifoRing& ring(int rank, int block, PipeDir dir) {
    return rings[(rank * blocks + block) * 2 + static_cast<int>(dir)];
  }
  // The FIFO of the lane's core group.
  FifoRing& ring(const LaneState& l, PipeDir dir) { return ring(l.rank, l.block, dir); }
  // "aiv lane (ring_aiv)"; "aiv1 lane (f_aiv)" in a group of two AIV lanes.
  std::string LaneName(int lane) const;
  // Adds `f` for `lane` (-1: none) of the current schedule.
  void AddFinding(Finding f, int lane);
  // "scratch[0, 64] on rank 2" for the GM byte at `addr`.
  std::string DescribeAddress(uint64_t addr) const;
  // A false sharing finding for every clobber the machine made since the
  // last call (a whole-line write-back over another lane's newer write).
  void ReportClobbers();
  // At the end of a schedule: a protocol error for every tile still queued
  // in a FIFO.
  void ReportUnpoppedTiles();
  void ReportUnpoppedTilesOf(int rank);
};

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_WORLD_H_

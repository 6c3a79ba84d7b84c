// A seeded generator of random mixed cube/vector kernels, for the property
// test of expand-mixed-kernel: cube work (loads into Mat/Left/Right,
// matmuls, Acc stores), vector work (Vec loads, arithmetic, stores),
// boundary moves in both directions (Acc -> Vec, Vec -> Mat/Left/Right),
// GM stores and loads of shared scratch tensors from both lanes, scalar GM
// accesses, loops (some carrying a tile) and branches whose conditions are
// pure scalar code.
//
// The same seed gives the same program everywhere (splitmix64, no std::
// distributions).
#ifndef PTOC_TESTING_MIXED_PROGRAM_GENERATOR_H_
#define PTOC_TESTING_MIXED_PROGRAM_GENERATOR_H_

#include <cstdint>
#include <string>

namespace ptoc {

struct MixedProgramOptions {
  int top_level_stmts = 8;
  int max_stmts_per_body = 4;
  int max_depth = 2;
  // GM stores also rebind the tensor inside loops and branches
  // (`s32 = pl.tile.store(...)`), so loops carry tensor versions and
  // branches merge them.
  bool rebind_in_bodies = false;
};

// The text of a program with one InCore kernel `kernel` for `seed`.
std::string GenerateMixedProgramText(uint64_t seed, const MixedProgramOptions& options = {});

}  // namespace ptoc

#endif  // PTOC_TESTING_MIXED_PROGRAM_GENERATOR_H_

// Bookkeeping shared by both emitters for the cross-core FIFO ops: which
// pipes a kernel has set up, and what a push / pop / free may use.
#ifndef PTOC_CODEGEN_PIPES_H_
#define PTOC_CODEGEN_PIPES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "codegen/pipe_layout.h"
#include "codegen/op_lowering.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

struct PipeSetup {
  int id = 0;
  int64_t dir_mask = 0;  // 1: cube -> vector, 2: vector -> cube, 3: both
  int64_t slot_size = 0;
  int64_t slot_num = 2;
  PipeParams params;  // from the kernel's plan (FlagID, GM slots, ...)
};

// The pipes of one kernel, in the order their *_initialize_pipe ops run.
class PipeTable {
 public:
  explicit PipeTable(const std::vector<PipeParams>& params) : params_(params) {}

  // Records an initialize op (the k-th gets id k); checks its attributes.
  absl::StatusOr<PipeSetup> Initialize(const Expr& call, const Location& loc);
  // The pipe a push / pop / free of kind `kind` uses (its `id` attribute);
  // an error when no pipe of that id and direction was set up before it.
  absl::StatusOr<PipeSetup> Use(const Expr& call, OpKind kind, const Location& loc) const;

 private:
  const std::vector<PipeParams>& params_;
  std::vector<PipeSetup> pipes_;
};

// The system.reserve_buffer an import_peer_buffer names (attribute `name` in
// function `peer_func`), or an error at `loc`.
absl::StatusOr<const Expr*> FindPeerReserve(const Program& program, const Expr& import_call,
                                            const Location& loc);
// The string attribute `name` of a call ("" when absent).
std::string StringAttr(const Expr& call, absl::string_view name);

// The integer attribute `name` of a call (registry default when absent).
int64_t IntAttr(const Expr& call, absl::string_view name, int64_t fallback);

// C++ spellings.
absl::string_view CceDirection(int64_t dir_mask);  // DIR_C2V | DIR_V2C | DIR_BOTH
// TILE_NO_SPLIT | TILE_UP_DOWN | TILE_LEFT_RIGHT; an error for other values.
absl::StatusOr<absl::string_view> CceSplitAxis(int64_t split, const Location& loc);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_PIPES_H_

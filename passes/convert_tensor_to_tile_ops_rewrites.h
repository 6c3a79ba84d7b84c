// The rewrites around convert-tensor-to-tile-ops' kernel conversion
// (passes/convert_tensor_to_tile_ops.h): flattening nested tensor calls
// before it; after it, the directions and the store check of the
// parameters it stores into, and the Out parameters it adds passed at
// every call site.
#ifndef PTOC_PASSES_CONVERT_TENSOR_TO_TILE_OPS_REWRITES_H_
#define PTOC_PASSES_CONVERT_TENSOR_TO_TILE_OPS_REWRITES_H_

#include <cstddef>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "ir/ir.h"
#include "ir/registry.h"

namespace ptoc {

// The tile form of a tensor op call (OpInfo::tile_form), or nullptr.
const TileForm* FormOf(const Expr& e);

// The statements of a body, taken out of it (a Seq keeps its node).
std::vector<StmtPtr> TakeStmts(StmtPtr& body);
// Puts statements back into the body TakeStmts emptied: a Seq when there
// are several.
void PutStmts(StmtPtr& body, std::vector<StmtPtr> stmts);

// PyPTO's FlattenCallExpr for the calls the conversion rewrites: a tensor
// call nested in a converted call, returned or yielded is computed into a
// temporary `t__tmp_v<n>` (`*temps` counts them) just before its
// statement, in `body` of kernel `f`.
void HoistTensorCalls(Function& f, StmtPtr& body, int* temps);

// A parameter of `f` a tile is stored into (`store_targets`: the targets
// of the tile.stores the conversion made) is an output: Out, or InOut when
// the kernel also reads it (PyPTO's direction upgrade).
void UpgradeStoreTargets(Function& f, const absl::flat_hash_set<Var*>& store_targets);

// PyPTO's GM store coherence restriction: a bulk store (a tensor.assemble
// made tile.store, MTE3) and a scalar write (tensor.write, the D-cache
// path) into one GM tensor of `f` are not coherent at cache-line level on
// a2a3, so PyPTO rejects the mix rather than lose either's bytes; a located
// error at the write. Values are followed to the parameter they are
// through copies, stores and loops.
absl::Status CheckStoreCoherence(const Function& f, const absl::flat_hash_set<Var*>& store_targets);

// Every call of `kernel` (directly or through pl.submit) in the non-kernel
// functions of `program` that passes its `old_params` arguments gets the
// tensors for its new Out parameters `outs`, created just before the
// statement that calls it (`ret0_out = pl.tensor.create(...)`).
absl::Status AddCallerOutputs(Program& program, const Function& kernel, size_t old_params,
                              const std::vector<Var*>& outs);

}  // namespace ptoc

#endif  // PTOC_PASSES_CONVERT_TENSOR_TO_TILE_OPS_REWRITES_H_

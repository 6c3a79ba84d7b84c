// PyPTO's op catalog beyond the ops ptoc compiles (PyPTO at e2d0f78:
// src/ir/op/**, python/pypto/ir/op/**): one row per op with its
// parameters (PyPTO's Python names; `?` marks an optional trailing one),
// its attributes, the order PyPTO takes its arguments positionally (which
// interleaves parameters and attributes: `tile.full(shape, dtype, value)`)
// and the family of its result rule. None of them is compiled: they are
// parsed, verified, printed and kept in the .pb.
#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "ir/builder.h"
#include "ir/op_catalog_pypto_rules.h"
#include "ir/registry.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace {

using ResultOr = absl::StatusOr<std::optional<Type>>;
using pypto_catalog::ArgNamed;
using pypto_catalog::BoolAttr;
using pypto_catalog::DTypeAttr;
using pypto_catalog::IsValue;
using pypto_catalog::Need;
using pypto_catalog::PromotedDType;
using pypto_catalog::Reshaped;

// How an op's result type follows from its arguments (PyPTO's Deduce*Type).
enum Rule {
  kLike0,           // the first argument's type (element-wise, expand, in-place)
  kLike1,           // the second argument's type (sel(mask, lhs, rhs))
  kCast,            // the first argument's shape, dtype = target_type
  kRowReduce,       // the last dim becomes 1
  kRowReduceInt32,  // ... with INT32 elements (arg max / min)
  kColReduce,       // the first dim becomes 1
  kColReduceInt32,
  kFull,            // shape = the `shape` argument, dtype = the dtype attribute
  kExtract,         // a tile of the `shape` argument in the source's memory
  kShapeArg1,       // the first argument reshaped to the second (views)
  kView,            // kShapeArg1, and a view of a window is a window (tensor.view)
  kMatmul,          // [M, K] x [K, N] -> [M, N]
  kPtr,             // a buffer handle
  kInt32Scalar,
  kNone,            // no value
  kCollective,      // a pld.tensor collective: windows in, the target window out
  kSplitHalve,      // aiv_shard: the split axis halved (split=1: rows, 2: columns)
  kSplitDouble,     // aic_gather: the split axis doubled
  kIndexScalar,
  kCommCtx,
  kDeferWait,       // pld.system.defer_wait: an INT32 window signal, cmp=Ge
  kTensorToWindow,  // pld.tensor.remote_store: a GM tensor into a window, no value
  kGatherIndex,     // the `index` argument's shape, the input's dtype (tensor.gather)
  kFillpad,         // tile.fillpad*: the source (or the `shape` argument) wholly
                    // valid, its pad the pad_value (zero by default)
  kSame0,           // exactly the first argument's type (gather_row fills it in place)
  kLike2,           // the third argument's type (mscatter returns its output tensor)
  kTranspose,       // two axes (constants) swapped; a tile's view is ND, no memory
  kTransposeView,   // the trailing axes swapped, each layout's major-ness flipped
  kMatmulMx,        // [M, K] x [K, N] in FP32 Acc, lhs / rhs are arguments 1 and 3
  kMgather,         // rows or elements of a GM table gathered into a Vec / Mat tile
  kPackedMask,      // a bit per element, packed into UINT8 rows (tile.cmp / cmps)
  kGatherb,         // 32-byte blocks: [R, C] offsets -> [R, C * 32 / element bytes]
  kSetValidShape,   // the tile's type with valid_shape [valid_rows, valid_cols]
  kPrefetchContext, // PyPTO's handles: pl.PrefetchAsyncContext, pl.AsyncEvent,
  kPrefetchEvent,   // pl.AsyncSession; wait gives a BOOL
  kPrefetchSession,
  kPrefetchWait,
  kAnnotation,      // taken from the assignment's annotation
  kTensorView,      // tensor.view: kShapeArg1, a layout change alone swaps the last two dims
};

struct Row {
  const char* name;
  const char* params;      // comma-separated, `?` = optional
  // kind:name; kinds d dtype, b bool, m MemorySpace, p PadValue (not
  // null), s string, e any expression.
  const char* attrs;
  const char* positional;  // PyPTO's positional order
  Rule rule;
};

const Row kRows[] = {
    {"array.create", "extent", "d:dtype", "extent,dtype", kAnnotation},
    {"array.get_element", "array,index", "", "array,index", kAnnotation},
    {"array.update_element", "array,index,value", "", "array,index,value", kAnnotation},
    {"pld.system.defer_wait", "signal,offsets,expected", "e:cmp", "signal,offsets,expected,cmp", kDeferWait},
    {"pld.system.get_comm_ctx", "dist_tensor", "", "dist_tensor", kCommCtx},
    {"pld.system.nranks", "ctx", "", "ctx", kInt32Scalar},
    {"pld.system.rank", "ctx", "", "ctx", kInt32Scalar},
    {"pld.tensor.all_to_all", "input,target,signal", "", "input,target,signal", kCollective},
    {"pld.tensor.all_to_all_v", "input,target,signal,send_counts,recv_counts", "", "input,target,signal,send_counts,recv_counts", kCollective},
    {"pld.tensor.allgather", "local_data,target,signal", "", "local_data,target,signal", kCollective},
    {"pld.tensor.allreduce", "target,signal?", "e:op,s:mode,e:core_num", "target,signal,op", kCollective},
    {"pld.tensor.barrier", "signal", "", "signal", kCollective},
    {"pld.tensor.broadcast", "target,signal", "e:root", "target,signal,root", kCollective},
    {"pld.tensor.reduce_scatter", "target,signal", "e:op", "target,signal,op", kCollective},
    {"pld.tensor.remote_store", "src,target,peer,offsets", "e:atomic", "src,target,peer,offsets", kTensorToWindow},
    {"prefetch.async_prefetch", "src,ctx", "", "src,ctx", kPrefetchEvent},
    {"prefetch.make_context", "", "", "", kPrefetchContext},
    {"prefetch.session", "ctx", "", "ctx", kPrefetchSession},
    {"prefetch.wait", "event,session_handle", "", "event,session_handle", kPrefetchWait},
    {"system.available_aiv_count", "", "", "", kInt32Scalar},
    {"system.available_cluster_count", "", "", "", kInt32Scalar},
    {"system.bar_all", "", "", "", kNone},
    {"system.bar_m", "", "", "", kNone},
    {"system.bar_v", "", "", "", kNone},
    {"system.set_ffts", "workspace", "", "workspace", kNone},
    {"system.sync_dst", "", "e:set_pipe,e:wait_pipe,e:event_id", "", kNone},
    {"system.sync_set", "event_id_dyn?", "e:pipe,e:event_id,e:ffts_mode,s:core_type", "event_id", kNone},
    {"system.sync_src", "", "e:set_pipe,e:wait_pipe,e:event_id", "", kNone},
    {"system.sync_wait", "event_id_dyn?", "e:pipe,e:event_id,s:core_type", "event_id", kNone},
    {"tensor.aic_gather", "tensor", "e:split", "", kSplitDouble},
    {"tensor.aiv_shard", "tensor", "e:split", "", kSplitHalve},
    {"tensor.alloc", "memory_space,size", "", "", kAnnotation},
    {"tensor.and_", "lhs,rhs", "", "", kLike0},
    {"tensor.ands", "lhs,rhs", "", "lhs,rhs", kLike0},
    {"tensor.cast", "input", "d:target_type,e:mode", "input,target_type,mode", kCast},
    {"tensor.ci", "start,shape", "d:dtype,b:descending", "start,shape,dtype,descending", kAnnotation},
    {"tensor.cmp", "lhs,rhs", "e:cmp_type", "lhs,rhs,cmp_type", kLike0},
    {"tensor.col_argmax", "input", "e:axis,b:keep_dim", "input", kColReduce},
    {"tensor.col_argmin", "input", "e:axis,b:keep_dim", "input", kColReduce},
    {"tensor.col_expand", "tensor,col_vec", "", "tensor,col_vec", kLike0},
    {"tensor.col_expand_add", "tensor,col_vec", "", "tensor,col_vec", kLike0},
    {"tensor.col_expand_div", "tensor,col_vec", "", "tensor,col_vec", kLike0},
    {"tensor.col_expand_expdif", "tensor,col_vec", "", "tensor,col_vec", kLike0},
    {"tensor.col_expand_max", "tensor,col_vec", "", "tensor,col_vec", kLike0},
    {"tensor.col_expand_min", "tensor,col_vec", "", "tensor,col_vec", kLike0},
    {"tensor.col_expand_mul", "tensor,col_vec", "", "tensor,col_vec", kLike0},
    {"tensor.col_expand_sub", "tensor,col_vec", "", "tensor,col_vec", kLike0},
    {"tensor.col_max", "input", "e:axis,b:keep_dim", "input", kColReduce},
    {"tensor.col_min", "input", "e:axis,b:keep_dim", "input", kColReduce},
    {"tensor.col_prod", "input", "e:axis,b:keep_dim", "input", kColReduce},
    {"tensor.col_sum", "input", "e:axis,b:keep_dim", "input", kColReduce},
    {"tensor.concat", "src0,src1", "", "src0,src1", kAnnotation},
    {"tensor.cos", "input", "", "input", kLike0},
    {"tensor.create_l1", "shape", "d:dtype,b:transpose", "shape,dtype,transpose", kFull},
    {"tensor.dim", "tensor,axis", "", "tensor,axis", kIndexScalar},
    {"tensor.expand_clone", "src,target", "", "src,target", kAnnotation},
    {"tensor.expands", "target,scalar", "", "target,scalar", kLike0},
    {"tensor.fillpad", "tensor", "p:pad_value", "tensor,pad_value", kLike0},
    {"tensor.fillpad_expand", "tensor,shape", "p:pad_value", "tensor,shape,pad_value", kShapeArg1},
    {"tensor.fmod", "lhs,rhs", "", "", kLike0},
    {"tensor.fmods", "lhs,rhs", "", "lhs,rhs", kLike0},
    {"tensor.full", "shape,value", "d:dtype", "shape,dtype,value", kFull},
    {"tensor.gather", "input,index", "e:dim", "input,dim,index", kGatherIndex},
    {"tensor.gather_compare", "input,kvalue", "e:cmp_mode,e:offset,e:out_cols,d:count_dtype", "", kAnnotation},
    {"tensor.gather_mask", "input", "e:mask_pattern,d:output_dtype", "", kAnnotation},
    {"tensor.gather_row", "acc,src,dst_offset,src_offset,shapes,valid_shape?", "b:transpose,e:valid_shape", "acc,src,dst_offset,src_offset,shapes,transpose", kSame0},
    {"tensor.get_block_idx", "", "", "", kAnnotation},
    {"tensor.get_block_num", "", "", "", kAnnotation},
    {"tensor.get_subblock_idx", "", "", "", kAnnotation},
    {"tensor.log", "input", "b:high_precision", "input", kLike0},
    {"tensor.matmul", "lhs,rhs", "d:out_dtype,b:a_trans,b:b_trans,b:c_matrix_nz", "lhs,rhs,out_dtype,a_trans,b_trans,c_matrix_nz", kMatmul},
    {"tensor.matmul_acc", "acc,lhs,rhs,init_cond?", "b:a_trans,b:b_trans,e:init_cond", "acc,lhs,rhs,a_trans,b_trans", kLike0},
    {"tensor.mrgsort_format1", "src,block_len", "", "", kAnnotation},
    {"tensor.mrgsort_format2", "src0,src1,src2,src3", "b:exhausted", "", kAnnotation},
    {"tensor.not_", "input", "", "input", kLike0},
    {"tensor.or_", "lhs,rhs", "", "", kLike0},
    {"tensor.ors", "lhs,rhs", "", "lhs,rhs", kLike0},
    {"tensor.paged_gather", "src,indices,block_table", "e:block_size,e:size,e:col_off,e:max_indices,b:is_trans,b:is_b_matrix,m:space", "src,indices,block_table,block_size,size,max_indices", kAnnotation},
    {"tensor.part_add", "lhs,rhs", "", "lhs,rhs", kLike0},
    {"tensor.part_max", "lhs,rhs", "", "lhs,rhs", kLike0},
    {"tensor.part_min", "lhs,rhs", "", "lhs,rhs", kLike0},
    {"tensor.part_mul", "lhs,rhs", "", "lhs,rhs", kLike0},
    {"tensor.random", "key0,key1,counter0,counter1,counter2,counter3,shape", "d:dtype,e:rounds", "key0,key1,counter0,counter1,counter2,counter3,shape,dtype,rounds", kAnnotation},
    {"tensor.reinterpret_view", "data,shape?", "d:dtype,e:shape", "data,dtype", kShapeArg1},
    {"tensor.reshape", "tensor,shape,valid_shape?", "", "tensor,shape,valid_shape", kShapeArg1},
    {"tensor.row_argmax", "input", "e:axis,b:keep_dim", "input", kRowReduce},
    {"tensor.row_argmin", "input", "e:axis,b:keep_dim", "input", kRowReduce},
    {"tensor.row_expand", "target,row_vec", "", "target,row_vec", kLike0},
    {"tensor.row_expand_add", "tensor,row_vec", "", "tensor,row_vec", kLike0},
    {"tensor.row_expand_div", "tensor,row_vec", "", "tensor,row_vec", kLike0},
    {"tensor.row_expand_expdif", "tensor,row_vec", "", "tensor,row_vec", kLike0},
    {"tensor.row_expand_max", "tensor,row_vec", "", "tensor,row_vec", kLike0},
    {"tensor.row_expand_min", "tensor,row_vec", "", "tensor,row_vec", kLike0},
    {"tensor.row_expand_mul", "tensor,row_vec", "", "tensor,row_vec", kLike0},
    {"tensor.row_expand_sub", "tensor,row_vec", "", "tensor,row_vec", kLike0},
    {"tensor.row_max", "input", "e:axis,b:keep_dim", "input", kRowReduce},
    {"tensor.row_min", "input", "e:axis,b:keep_dim", "input", kRowReduce},
    {"tensor.row_prod", "input", "e:axis,b:keep_dim", "input", kRowReduce},
    {"tensor.row_sum", "input", "e:axis,b:keep_dim", "input", kRowReduce},
    {"tensor.rsqrt", "input", "b:high_precision", "input,high_precision", kLike0},
    {"tensor.scatter", "input,index,src", "e:dim", "", kAnnotation},
    {"tensor.scatter_mask", "input,dst", "e:mask_pattern", "", kAnnotation},
    {"tensor.scatter_update", "input,index?,src?", "e:dim,e:index,e:src", "input", kLike0},
    {"tensor.set_validshape", "tensor,valid_rows,valid_cols", "", "tensor,valid_rows,valid_cols", kLike0},
    {"tensor.shl", "lhs,rhs", "", "", kLike0},
    {"tensor.shls", "lhs,rhs", "", "lhs,rhs", kLike0},
    {"tensor.shr", "lhs,rhs", "", "", kLike0},
    {"tensor.shrs", "lhs,rhs", "", "lhs,rhs", kLike0},
    {"tensor.sin", "input", "", "input", kLike0},
    {"tensor.sort32", "src,idx", "", "src,idx", kAnnotation},
    {"tensor.transpose", "tensor,axis1,axis2,valid_shape?", "", "tensor,axis1,axis2,valid_shape", kTranspose},
    {"tensor.view", "tensor,shape?,valid_shape?", "e:layout", "tensor,shape,valid_shape", kTensorView},
    {"tensor.xor_", "lhs,rhs", "", "", kLike0},
    {"tensor.xors", "lhs,rhs", "", "lhs,rhs", kLike0},
    {"tile.addc", "lhs,rhs,rhs2", "", "lhs,rhs,rhs2", kAnnotation},
    {"tile.addsc", "lhs,rhs,rhs2", "", "lhs,rhs,rhs2", kLike0},
    {"tile.aic_gather", "tile", "e:split", "tile", kSplitDouble},
    {"tile.aiv_shard", "tile", "e:split,e:lane_stride", "tile", kSplitHalve},
    {"tile.alloc", "memory_space,size", "b:pinned", "", kPtr},
    {"tile.batch_matmul", "lhs,rhs", "", "lhs,rhs", kMatmul},
    {"tile.batch_matmul_acc", "acc,lhs,rhs", "", "acc,lhs,rhs", kLike0},
    {"tile.cast", "tile", "d:target_type,e:mode", "tile,target_type,mode", kCast},
    {"tile.ci", "start,shape", "d:dtype,b:descending", "start,shape,dtype,descending", kFull},
    {"tile.cmp", "lhs,rhs", "e:cmp_type", "lhs,rhs,cmp_type", kPackedMask},
    {"tile.cmps", "lhs,rhs", "e:cmp_type", "lhs,rhs,cmp_type", kPackedMask},
    {"tile.col_argmax", "tile,tmp_tile", "", "tile,tmp_tile", kColReduceInt32},
    {"tile.col_argmin", "tile,tmp_tile", "", "tile,tmp_tile", kColReduceInt32},
    {"tile.col_expand", "target,col_vec", "", "target,col_vec", kLike0},
    {"tile.col_expand_add", "tile,col_vec", "", "tile,col_vec", kLike0},
    {"tile.col_expand_div", "tile,col_vec", "", "tile,col_vec", kLike0},
    {"tile.col_expand_expdif", "tile,col_vec", "", "tile,col_vec", kLike0},
    {"tile.col_expand_max", "tile,col_vec", "", "tile,col_vec", kLike0},
    {"tile.col_expand_min", "tile,col_vec", "", "tile,col_vec", kLike0},
    {"tile.col_expand_mul", "tile,col_vec", "", "tile,col_vec", kLike0},
    {"tile.col_expand_sub", "tile,col_vec", "", "tile,col_vec", kLike0},
    {"tile.col_max", "tile", "", "tile", kColReduce},
    {"tile.col_min", "tile", "", "tile", kColReduce},
    {"tile.col_prod", "tile", "", "tile", kColReduce},
    {"tile.col_sum", "tile,tmp_tile?", "", "tile,tmp_tile", kColReduce},
    {"tile.concat", "src0,src1", "", "src0,src1", kAnnotation},
    {"tile.cos", "tile", "", "tile", kLike0},
    {"tile.expands", "target,scalar", "", "target,scalar", kLike0},
    {"tile.extract", "src,index_row,index_col,shape", "m:target_memory", "src,index_row,index_col,shape", kExtract},
    {"tile.fillpad", "tile", "p:pad_value", "tile,pad_value", kFillpad},
    {"tile.fillpad_expand", "tile,shape", "p:pad_value", "tile,shape,pad_value", kFillpad},
    {"tile.fillpad_inplace", "tile", "p:pad_value", "tile,pad_value", kFillpad},
    {"tile.fmod", "lhs,rhs", "", "lhs,rhs", kLike0},
    {"tile.fmods", "lhs,rhs", "", "lhs,rhs", kLike0},
    {"tile.full", "shape,value", "d:dtype", "shape,dtype,value", kFull},
    {"tile.gather", "src,indices,tmp", "", "src,indices,tmp", kAnnotation},
    {"tile.gather_compare", "src,kvalue,tmp", "e:cmp_mode,e:offset,e:out_cols,d:count_dtype", "src,kvalue,tmp", kAnnotation},
    {"tile.gather_mask", "src", "e:mask_pattern,d:output_dtype", "src,mask_pattern", kAnnotation},
    {"tile.gather_row", "dst,src,dst_offset,src_offset,shapes,valid_shape?", "b:transpose,e:valid_shape", "dst,src,dst_offset,src_offset,shapes,transpose", kSame0},
    {"tile.gatherb", "src,offset", "d:output_dtype", "src,offset", kGatherb},
    {"tile.gemv", "lhs,rhs", "s:acc_phase", "lhs,rhs", kMatmul},
    {"tile.gemv_acc", "acc,lhs,rhs", "s:acc_phase", "acc,lhs,rhs", kLike0},
    {"tile.gemv_bias", "lhs,rhs,bias", "s:acc_phase", "lhs,rhs,bias", kMatmul},
    {"tile.matmul_acc", "acc,lhs,rhs,init_cond?", "e:init_cond", "acc,lhs,rhs", kLike0},
    {"tile.matmul_bias", "lhs,rhs,bias", "", "lhs,rhs,bias", kMatmul},
    {"tile.matmul_mx", "lhs,lhs_scale,rhs,rhs_scale", "", "lhs,lhs_scale,rhs,rhs_scale", kMatmulMx},
    {"tile.matmul_mx_acc", "acc,lhs,lhs_scale,rhs,rhs_scale", "", "acc,lhs,lhs_scale,rhs,rhs_scale", kLike0},
    {"tile.matmul_mx_bias", "lhs,lhs_scale,rhs,rhs_scale,bias", "", "lhs,lhs_scale,rhs,rhs_scale,bias", kMatmulMx},
    {"tile.mgather", "mem,idx", "e:coalesce,e:gather_oob,m:target_memory,e:scratch,e:valid_shape", "mem,idx,coalesce", kMgather},
    {"tile.mrgsort_format1", "src,block_len", "", "", kAnnotation},
    {"tile.mrgsort_format2", "src0,src1,tmp_or_src2,tmp_or_src3,tmp", "b:exhausted", "", kAnnotation},
    {"tile.mscatter", "src,idx,output_tensor", "", "src,idx,output_tensor", kLike2},
    {"tile.part_add", "src0,src1", "", "src0,src1", kLike0},
    {"tile.part_max", "src0,src1", "", "src0,src1", kLike0},
    {"tile.part_min", "src0,src1", "", "src0,src1", kLike0},
    {"tile.part_mul", "src0,src1", "", "src0,src1", kLike0},
    {"tile.prelu", "tile,slope,tmp", "", "tile,slope,tmp", kLike0},
    {"tile.random", "key0,key1,counter0,counter1,counter2,counter3,shape,valid_shape?", "d:dtype,e:rounds", "key0,key1,counter0,counter1,counter2,counter3,shape,valid_shape,dtype,rounds", kFull},
    {"tile.reinterpret_view", "data,shape?", "d:dtype,e:shape", "data,dtype", kShapeArg1},
    {"tile.rem", "lhs,rhs,tmp", "", "lhs,rhs,tmp", kLike0},
    {"tile.rems", "lhs,rhs,tmp", "", "lhs,rhs,tmp", kLike0},
    {"tile.row_argmax", "tile,tmp_tile", "", "tile,tmp_tile", kRowReduceInt32},
    {"tile.row_argmin", "tile,tmp_tile", "", "tile,tmp_tile", kRowReduceInt32},
    {"tile.row_expand", "target,row_vec", "", "target,row_vec", kLike0},
    {"tile.row_expand_add", "tile,row_vec,tmp?", "e:tmp", "tile,row_vec,tmp", kLike0},
    {"tile.row_expand_div", "tile,row_vec", "", "tile,row_vec", kLike0},
    {"tile.row_expand_expdif", "tile,row_vec", "", "tile,row_vec", kLike0},
    {"tile.row_expand_max", "tile,row_vec", "", "tile,row_vec", kLike0},
    {"tile.row_expand_min", "tile,row_vec", "", "tile,row_vec", kLike0},
    {"tile.row_expand_mul", "tile,row_vec", "", "tile,row_vec", kLike0},
    {"tile.row_expand_sub", "tile,row_vec", "", "tile,row_vec", kLike0},
    {"tile.row_max", "tile,tmp_tile", "", "tile,tmp_tile", kRowReduce},
    {"tile.row_min", "tile,tmp_tile", "", "tile,tmp_tile", kRowReduce},
    {"tile.row_prod", "tile,tmp_tile", "", "tile,tmp_tile", kRowReduce},
    {"tile.row_sum", "tile,tmp_tile", "", "tile,tmp_tile", kRowReduce},
    {"tile.rsqrt", "tile,tmp?", "", "tile,tmp", kLike0},
    {"tile.scatter", "dst,src,indexes", "", "dst,src,indexes", kAnnotation},
    {"tile.scatter_mask", "dst,src", "e:mask_pattern", "dst,src,mask_pattern", kAnnotation},
    {"tile.scatter_update", "input,index?,src?", "e:dim,e:index,e:src", "input", kLike0},
    {"tile.sel", "mask,lhs,rhs,tmp", "", "mask,lhs,rhs,tmp", kLike1},
    {"tile.sels", "mask,src,tmp,scalar", "", "mask,src,tmp,scalar", kLike1},
    {"tile.set_validshape", "tile,valid_rows,valid_cols", "", "tile,valid_rows,valid_cols", kSetValidShape},
    {"tile.sin", "tile", "", "tile", kLike0},
    {"tile.sort32", "src,idx", "", "src,idx", kAnnotation},
    {"tile.subc", "lhs,rhs,rhs2", "", "lhs,rhs,rhs2", kAnnotation},
    {"tile.subsc", "lhs,rhs,rhs2", "", "lhs,rhs,rhs2", kLike0},
    {"tile.tget_scale_addr", "dst_scale,src", "", "dst_scale,src", kAnnotation},
    {"tile.transpose", "tile,axis1,axis2,tmp?", "", "tile,axis1,axis2,tmp", kTranspose},
    {"tile.transpose_view", "tile", "", "tile", kTransposeView},
    {"tile.tri", "diagonal,shape,valid_shape?", "d:dtype,b:upper", "diagonal,shape,valid_shape,dtype,upper", kFull},
    {"tile.xor_", "lhs,rhs,tmp", "", "lhs,rhs,tmp", kLike0},
    {"tile.xors", "lhs,rhs,tmp", "", "lhs,rhs,tmp", kLike0},
};

// Element-wise results broadcast: a static 1 takes the other side's dim.
Type Broadcast(const Type& a, const Expr& call) {
  if (call.args.size() < 2 || !IsValue(call.args[1]->type)) return a;
  const Shape& sb = call.args[1]->type.shape();
  if (sb.size() != a.shape().size() || sb == a.shape()) return a;
  Shape out = a.shape();
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == Dim::Static(1)) out[i] = sb[i];
  }
  return a.is_tile() ? Reshaped(a, out, a.dtype()).WithExtra(a.extra()) : Type::Tensor(out, a.dtype());
}

// A cast's rounding mode: one of PyPTO's names or its number 0..6.
absl::Status CheckRoundMode(const Expr& call) {
  const Expr* m = call.FindAttr("mode");
  if (m == nullptr) return absl::OkStatus();
  static const char* const kModes[] = {"none", "rint", "round", "floor", "ceil", "trunc", "odd"};
  if (m->kind == ExprKind::kString) {
    for (const char* k : kModes) {
      if (m->str == k) return absl::OkStatus();
    }
  } else if (m->kind == ExprKind::kInt && m->int_value >= 0 && m->int_value <= 6) {
    return absl::OkStatus();
  } else if (m->kind != ExprKind::kString && m->kind != ExprKind::kInt) {
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "'", call.str, "': mode must be one of \"none\", \"rint\", \"round\", \"floor\", "
      "\"ceil\", \"trunc\", \"odd\" (or 0..6)"));
}

ResultOr Reduce(const Expr& call, bool row, bool int32) {
  RETURN_IF_ERROR(Need(call, 0, IsValue(call.args[0]->type), "a tile or tensor"));
  const Type& t = call.args[0]->type;
  Shape shape = t.shape();
  if (shape.empty()) return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' on a rank-0 value"));
  (row ? shape.back() : shape.front()) = Dim::Static(1);
  return std::optional<Type>(Reshaped(t, std::move(shape), int32 ? DType::kINT32 : t.dtype()));
}

ResultRule RuleFor(Rule rule, const std::string& name, const std::vector<std::string>& params) {
  switch (rule) {
    case kLike0:
      return [params](const Expr& call) -> ResultOr {
        RETURN_IF_ERROR(Need(call, 0, IsValue(call.args[0]->type), "a tile or tensor"));
        const Expr* init = ArgNamed(call, params, "init_cond");
        if (init != nullptr && init->type != Type::Scalar(DType::kBOOL)) {
          return absl::InvalidArgumentError(
              absl::StrCat("'", call.str, "': init_cond must be a pl.BOOL scalar"));
        }
        // PyPTO's element-wise rules give a fresh view: no pad.
        return std::optional<Type>(WithoutPad(Broadcast(call.args[0]->type, call)));
      };
    case kFillpad:
      return [name](const Expr& call) -> ResultOr {
        // PyPTO's DeduceTileFillpad*: the whole tile valid, pad = pad_value.
        RETURN_IF_ERROR(Need(call, 0, call.args[0]->type.is_tile(), "a tile"));
        const Type& t = call.args[0]->type;
        Shape shape = t.shape();
        if (name == "tile.fillpad_expand") {
          if (call.args.size() < 2) {
            return absl::InvalidArgumentError("'tile.fillpad_expand' needs a shape");
          }
          ASSIGN_OR_RETURN(shape, ShapeOfList(call, *call.args[1]));
          if (shape.size() != t.shape().size()) {
            return absl::InvalidArgumentError(
                "'tile.fillpad_expand': the shape's rank is not the source's");
          }
          for (size_t i = 0; i < shape.size(); ++i) {
            if (!shape[i].is_static()) {
              return absl::InvalidArgumentError(absl::StrCat(
                  "'tile.fillpad_expand': shape dimension ", i, " must be a constant integer"));
            }
            if (t.shape()[i].is_static() && shape[i].value < t.shape()[i].value) {
              return absl::InvalidArgumentError(absl::StrCat(
                  "'tile.fillpad_expand': destination dimension ", i, " (", shape[i].value,
                  ") must be >= the source's (", t.shape()[i].value, ")"));
            }
          }
        }
        PadValue pad = PadValue::kZero;
        const Expr* p = call.FindAttr("pad_value");
        if (p != nullptr && p->kind == ExprKind::kEnum) {
          if (std::optional<PadValue> v = ParsePadValue(p->str)) pad = *v;
        }
        TileView view = t.view();
        view.valid_shape.clear();
        view.pad = pad;
        Type r = t.has_memory() ? Type::Tile(std::move(shape), t.dtype(), t.memory(), view)
                                : Type::TileWithoutMemory(std::move(shape), t.dtype(), view);
        return std::optional<Type>(r.WithExtra(t.extra()));
      };
    case kLike1:
      return [](const Expr& call) -> ResultOr {
        RETURN_IF_ERROR(
            Need(call, 1, call.args.size() > 1 && IsValue(call.args[1]->type), "a tile or tensor"));
        return std::optional<Type>(call.args[1]->type);
      };
    case kCast:
      return [](const Expr& call) -> ResultOr {
        RETURN_IF_ERROR(CheckRoundMode(call));
        RETURN_IF_ERROR(Need(call, 0, IsValue(call.args[0]->type), "a tile or tensor"));
        std::optional<DType> d = DTypeAttr(call, "target_type");
        if (!d) return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' needs a target_type"));
        const Type& t = call.args[0]->type;
        return std::optional<Type>(Reshaped(t, t.shape(), *d));
      };
    case kRowReduce: return [](const Expr& call) { return Reduce(call, true, false); };
    case kRowReduceInt32: return [](const Expr& call) { return Reduce(call, true, true); };
    case kColReduce: return [](const Expr& call) { return Reduce(call, false, false); };
    case kColReduceInt32: return [](const Expr& call) { return Reduce(call, false, true); };
    case kFull: {
      const bool tile = absl::StartsWith(name, "tile.");
      return [tile, params](const Expr& call) -> ResultOr {
        const Expr* shape = ArgNamed(call, params, "shape");
        std::optional<DType> d = DTypeAttr(call, "dtype");
        if (shape == nullptr || !d) {
          return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' needs a shape and a dtype"));
        }
        ASSIGN_OR_RETURN(Shape dims, ShapeOfList(call, *shape));
        if (!tile) return std::optional<Type>(Type::Tensor(std::move(dims), *d));
        // tile.tri / tile.random: an optional valid_shape narrows the region.
        TileView view;
        if (const Expr* valid = ArgNamed(call, params, "valid_shape")) {
          ASSIGN_OR_RETURN(Shape v, ShapeOfList(call, *valid));
          if (v.size() != dims.size()) {
            return absl::InvalidArgumentError(
                absl::StrCat("'", call.str, "': valid_shape and shape have different ranks"));
          }
          if (v != dims) view.valid_shape = std::move(v);
        }
        return std::optional<Type>(Type::TileWithoutMemory(std::move(dims), *d, view));
      };
    }
    case kExtract:
      return [params](const Expr& call) -> ResultOr {
        RETURN_IF_ERROR(Need(call, 0, call.args[0]->type.is_tile(), "a tile"));
        const Expr* shape = ArgNamed(call, params, "shape");
        if (shape == nullptr) return absl::InvalidArgumentError("'tile.extract' needs a shape");
        ASSIGN_OR_RETURN(Shape dims, ShapeOfList(call, *shape));
        const Type& t = call.args[0]->type;
        const Expr* m = call.FindAttr("target_memory");
        if (m != nullptr && m->kind == ExprKind::kEnum) {
          if (std::optional<MemorySpace> ms = ParseMemorySpace(m->str)) {
            return std::optional<Type>(Type::Tile(std::move(dims), t.dtype(), *ms));
          }
        }
        return std::optional<Type>(Reshaped(t, std::move(dims), t.dtype()));
      };
    case kShapeArg1:
    case kView: {
      const bool keeps_window = rule == kView;
      return [keeps_window](const Expr& call) -> ResultOr {
        RETURN_IF_ERROR(Need(call, 0, IsValue(call.args[0]->type), "a tile or tensor"));
        const Type& t = call.args[0]->type;
        const DType d = DTypeAttr(call, "dtype").value_or(t.dtype());
        Shape shape = t.shape();
        if (call.args.size() >= 2) {
          ASSIGN_OR_RETURN(Shape dims, ShapeOfList(call, *call.args[1]));
          shape = std::move(dims);
        }
        if (keeps_window && t.is_distributed()) {
          return std::optional<Type>(Type::DistributedTensor(std::move(shape), d));
        }
        return std::optional<Type>(Reshaped(t, std::move(shape), d));
      };
    }
    case kGatherIndex:
      return [params](const Expr& call) -> ResultOr {
        RETURN_IF_ERROR(Need(call, 0, IsValue(call.args[0]->type), "a tile or tensor"));
        const Expr* index = ArgNamed(call, params, "index");
        if (index == nullptr || !IsValue(index->type)) {
          return absl::InvalidArgumentError(
              absl::StrCat("'", call.str, "' needs an index tile or tensor"));
        }
        return std::optional<Type>(
            Reshaped(call.args[0]->type, index->type.shape(), call.args[0]->type.dtype()));
      };
    case kMatmul:
      return [](const Expr& call) -> ResultOr {
        RETURN_IF_ERROR(Need(call, 0, IsValue(call.args[0]->type), "a tile or tensor"));
        RETURN_IF_ERROR(
            Need(call, 1, call.args.size() > 1 && IsValue(call.args[1]->type), "a tile or tensor"));
        const Type& a = call.args[0]->type;
        const Type& b = call.args[1]->type;
        if (a.shape().size() < 2 || b.shape().size() < 2) {
          return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' needs operands of rank 2 or more"));
        }
        // The batch dims broadcast as NumPy's matmul does them (PyPTO's
        // batch_matmul: [2, 1, M, K] x [1, 3, K, N] is [2, 3, M, N]).
        const size_t ra = a.shape().size();
        const size_t rb = b.shape().size();
        const size_t batch = std::max(ra, rb) - 2;
        Shape out(batch + 2, Dim::Static(1));
        for (size_t i = 0; i < batch; ++i) {
          const size_t from_end = batch - i;  // the batch dim's place, counted from the matrix
          const Dim* da = ra - 2 >= from_end ? &a.shape()[ra - 2 - from_end] : nullptr;
          const Dim* db = rb - 2 >= from_end ? &b.shape()[rb - 2 - from_end] : nullptr;
          const bool a_one = da == nullptr || (da->is_static() && da->value == 1);
          const bool b_one = db == nullptr || (db->is_static() && db->value == 1);
          if (!a_one && !b_one && *da != *db) {
            return absl::InvalidArgumentError(absl::StrCat(
                "'", call.str, "': the batch dims of ", TypeToString(a), " and ",
                TypeToString(b), " do not broadcast"));
          }
          out[i] = a_one ? (db != nullptr ? *db : Dim::Static(1)) : *da;
        }
        out[batch] = a.shape()[ra - 2];
        out[batch + 1] = b.shape().back();
        if (a.is_tile()) {
          DType d = DTypeAttr(call, "out_dtype").value_or(
              IsFloatDType(a.dtype()) ? DType::kFP32 : DType::kINT32);
          return std::optional<Type>(Type::Tile(std::move(out), d, MemorySpace::kAcc));
        }
        // PyPTO's DeduceTensorMatMulType: [M, K] x [K, N] with the operands
        // stored transposed under a_trans / b_trans; out_dtype defaults to the
        // operands' promoted dtype.
        out[batch] = BoolAttr(call, "a_trans") ? a.shape()[ra - 1] : a.shape()[ra - 2];
        out[batch + 1] = BoolAttr(call, "b_trans") ? b.shape()[rb - 2] : b.shape()[rb - 1];
        DType d = DTypeAttr(call, "out_dtype").value_or(PromotedDType(a.dtype(), b.dtype()));
        return std::optional<Type>(Type::Tensor(std::move(out), d));
      };
    case kCollective:
      return [params](const Expr& call) -> ResultOr {
        // PyPTO takes the local operands (input, local_data, send_counts)
        // as plain tensors too; the rest are windows.
        for (size_t i = 0; i < call.args.size(); ++i) {
          const Type& t = call.args[i]->type;
          const bool local = i < params.size() && (params[i] == "input" ||
                                                   params[i] == "local_data" ||
                                                   params[i] == "send_counts");
          if (t.is_tensor() && !t.is_distributed() && !local) {
            return absl::InvalidArgumentError(absl::StrCat(
                "'", call.str, "' expects a window (pld.DistributedTensor) as argument ", i + 1));
          }
        }
        const Expr* signal = ArgNamed(call, params, "signal");
        if (signal != nullptr && signal->type.is_tensor() && signal->type.dtype() != DType::kINT32) {
          return absl::InvalidArgumentError(
              absl::StrCat("'", call.str, "': the signal window must hold pl.INT32"));
        }
        const Expr* op = call.FindAttr("op");
        if (absl::EndsWith(call.str, ".reduce_scatter") && op != nullptr &&
            op->kind == ExprKind::kEnum && op->str != "Sum") {
          return absl::InvalidArgumentError(
              absl::StrCat("'", call.str, "' supports only op=pld.ReduceOp.Sum"));
        }
        if (call.args.empty()) return std::optional<Type>(Type::None());
        // The result is the window written: the target (in place).
        const Expr* target = ArgNamed(call, params, "target");
        return std::optional<Type>(target != nullptr ? target->type : call.args[0]->type);
      };
    case kSplitHalve:
    case kSplitDouble: {
      const bool halve = rule == kSplitHalve;
      return [halve](const Expr& call) -> ResultOr {
        RETURN_IF_ERROR(Need(call, 0, IsValue(call.args[0]->type), "a tile or tensor"));
        const Expr* split = call.FindAttr("split");
        if (split == nullptr || split->kind != ExprKind::kInt || split->int_value < 0 ||
            split->int_value > 2) {
          return absl::InvalidArgumentError(absl::StrCat(
              "'", call.str, "' needs split= 0 (none), 1 (UP_DOWN, rows) or 2 (LEFT_RIGHT, columns)"));
        }
        const Type& t = call.args[0]->type;
        if (absl::StartsWith(call.str, "tile.") && !t.is_tile()) {
          return absl::InvalidArgumentError(absl::StrCat(
              "'", call.str, "' is tile-only; a tensor takes pl.tensor.", call.str.substr(5)));
        }
        Shape shape = t.shape();
        Shape valid = t.is_tile() ? t.view().valid_shape : Shape{};
        if (split->int_value != 0) {
          if (shape.size() != 2) {
            return absl::InvalidArgumentError(
                absl::StrCat("'", call.str, "' splits a 2-D value, got rank ", shape.size()));
          }
          const size_t axis = static_cast<size_t>(split->int_value - 1);
          auto reshape = [halve](Dim& d) -> bool {
            if (!d.is_static()) return false;
            d = Dim::Static(halve ? (d.value + 1) / 2 : d.value * 2);
            return true;
          };
          if (!reshape(shape[axis]) || (axis < valid.size() && !reshape(valid[axis]))) {
            return absl::InvalidArgumentError(
                absl::StrCat("'", call.str, "' on a dynamic split axis is not supported yet"));
          }
        }
        if (!t.is_tile()) return std::optional<Type>(Type::Tensor(std::move(shape), t.dtype()));
        TileView view;
        if (valid != shape) view.valid_shape = std::move(valid);
        // A fresh per-lane tile: no memory space, no inherited layout (PyPTO).
        return std::optional<Type>(Type::TileWithoutMemory(std::move(shape), t.dtype(), view));
      };
    }
    case kTensorToWindow:
      return [](const Expr& call) -> ResultOr {
        if (!call.args[0]->type.is_tensor()) {
          return absl::InvalidArgumentError(absl::StrCat(
              "'", call.str, "' stores a GM tensor (a tile goes through pld.tile.remote_store)"));
        }
        if (!call.args[1]->type.is_distributed()) {
          return absl::InvalidArgumentError(
              absl::StrCat("'", call.str, "' expects a window (pld.DistributedTensor) as argument 2"));
        }
        // Constant offsets and static shapes: the push stays inside the target.
        const Shape& src = call.args[0]->type.shape();
        const Shape& dst = call.args[1]->type.shape();
        if (call.args.size() > 3 && call.args[3]->kind == ExprKind::kList &&
            call.args[3]->args.size() == src.size() && src.size() == dst.size()) {
          for (size_t i = 0; i < src.size(); ++i) {
            const Expr& off = *call.args[3]->args[i];
            if (off.kind == ExprKind::kInt && src[i].is_static() && dst[i].is_static() &&
                off.int_value > dst[i].value - src[i].value) {  // no overflow near INT64_MAX
              return absl::InvalidArgumentError(absl::StrCat(
                  "'", call.str, "': the push exceeds the peer's target region in dim ", i,
                  " (offset ", off.int_value, " + ", src[i].value, " > ", dst[i].value, ")"));
            }
          }
        }
        return std::optional<Type>(Type::None());
      };
    case kIndexScalar:
      return [](const Expr&) -> ResultOr { return std::optional<Type>(Type::Scalar(DType::kINDEX)); };
    case kCommCtx:
      return [](const Expr& call) -> ResultOr {
        RETURN_IF_ERROR(Need(call, 0, call.args[0]->type.is_distributed(), "a window"));
        return std::optional<Type>(Type::CommCtx());
      };
    case kDeferWait:
      return [](const Expr& call) -> ResultOr {
        const Type& t = call.args[0]->type;
        if (!t.is_distributed() || t.dtype() != DType::kINT32) {
          return absl::InvalidArgumentError(
              "'pld.system.defer_wait' expects an INT32 window (pld.DistributedTensor) signal");
        }
        auto is_int = [](const Expr& e) {
          return e.type.is_scalar() && IsIntegerDType(e.type.dtype());
        };
        if (call.args[1]->kind == ExprKind::kList || call.args[1]->kind == ExprKind::kTuple) {
          for (size_t i = 0; i < call.args[1]->args.size(); ++i) {
            if (!is_int(*call.args[1]->args[i])) {
              return absl::InvalidArgumentError(absl::StrCat(
                  "'pld.system.defer_wait' offset ", i, " must be an integer or index scalar"));
            }
          }
        }
        if (!is_int(*call.args[2])) {
          return absl::InvalidArgumentError(
              "'pld.system.defer_wait' expected must be an integer or index scalar");
        }
        const Expr* cmp = call.FindAttr("cmp");
        if (cmp == nullptr || cmp->kind != ExprKind::kEnum || cmp->str != "Ge") {
          return absl::InvalidArgumentError(
              "'pld.system.defer_wait' supports only cmp=pld.WaitCmp.Ge");
        }
        return std::optional<Type>(Type::None());
      };
    case kSame0:
      return [](const Expr& call) -> ResultOr {
        RETURN_IF_ERROR(Need(call, 0, IsValue(call.args[0]->type), "a tile or tensor"));
        return std::optional<Type>(call.args[0]->type);
      };
    case kLike2:
      return [](const Expr& call) -> ResultOr {
        RETURN_IF_ERROR(
            Need(call, 2, call.args.size() > 2 && IsValue(call.args[2]->type), "a tile or tensor"));
        return std::optional<Type>(call.args[2]->type);
      };
    case kTranspose: return pypto_catalog::TransposeResult;
    case kTransposeView: return pypto_catalog::TransposeViewResult;
    case kMatmulMx: return pypto_catalog::MatmulMxResult;
    case kMgather: return pypto_catalog::MgatherResult;
    case kPackedMask: return pypto_catalog::PackedMaskResult;
    case kGatherb: return pypto_catalog::GatherbResult;
    case kSetValidShape: return pypto_catalog::SetValidShapeResult;
    case kPrefetchContext:
      return [](const Expr&) -> ResultOr {
        return std::optional<Type>(Type::Handle("PrefetchAsyncContext"));
      };
    case kPrefetchEvent:
    case kPrefetchSession:
    case kPrefetchWait: {
      // async_prefetch(src, ctx) / session(ctx) / wait(event, session).
      const bool event = rule == kPrefetchEvent;
      const bool session = rule == kPrefetchSession;
      return [event, session](const Expr& call) -> ResultOr {
        auto handle = [&call](size_t i, absl::string_view name) -> absl::Status {
          if (call.args[i]->type.is_handle() && call.args[i]->type.handle() == name) {
            return absl::OkStatus();
          }
          return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' expects a pl.", name,
                                                         " as argument ", i + 1));
        };
        if (event) {
          RETURN_IF_ERROR(Need(call, 0, call.args[0]->type.is_tensor(), "a GM tensor"));
          RETURN_IF_ERROR(handle(1, "PrefetchAsyncContext"));
          // PyPTO: a flat contiguous 1D region of static extent (every dim
          // but the last is 1).
          const Shape& shape = call.args[0]->type.shape();
          if (shape.empty() || !call.args[0]->type.has_static_shape()) {
            return absl::InvalidArgumentError(absl::StrCat(
                "'", call.str, "' expects src to have a fully static shape of rank >= 1"));
          }
          for (size_t i = 0; i + 1 < shape.size(); ++i) {
            if (shape[i].value != 1) {
              return absl::InvalidArgumentError(absl::StrCat(
                  "'", call.str, "' expects src to be a flat contiguous logical 1D GM region "
                  "(all dimensions except the last must be 1), but dimension ", i, " is ",
                  shape[i].value));
            }
          }
          return std::optional<Type>(Type::Handle("AsyncEvent"));
        }
        if (session) {
          RETURN_IF_ERROR(handle(0, "PrefetchAsyncContext"));
          return std::optional<Type>(Type::Handle("AsyncSession"));
        }
        RETURN_IF_ERROR(handle(0, "AsyncEvent"));
        RETURN_IF_ERROR(handle(1, "AsyncSession"));
        return std::optional<Type>(Type::Scalar(DType::kBOOL));
      };
    }
    case kPtr:
      return [](const Expr&) -> ResultOr { return std::optional<Type>(Type::Ptr()); };
    case kInt32Scalar:
      return [](const Expr&) -> ResultOr { return std::optional<Type>(Type::Scalar(DType::kINT32)); };
    case kNone:
      return [](const Expr&) -> ResultOr { return std::optional<Type>(Type::None()); };
    case kTensorView:
      // PyPTO's DeduceTensorViewType: the shape given, or the source's with
      // its last two dims swapped when only the layout changes (ND <-> DN).
      return [](const Expr& call) -> ResultOr {
        RETURN_IF_ERROR(Need(call, 0, call.args[0]->type.is_tensor(), "a tensor"));
        const Type& t = call.args[0]->type;
        if (call.args.size() >= 2) {
          ASSIGN_OR_RETURN(Shape dims, ShapeOfList(call, *call.args[1]));
          return std::optional<Type>(Reshaped(t, std::move(dims), t.dtype()));
        }
        const Expr* layout = call.FindAttr("layout");
        const bool source_dn = absl::StrContains(t.extra(), "TensorLayout.DN");
        Shape shape = t.shape();
        if (layout != nullptr && layout->kind == ExprKind::kEnum &&
            (layout->str == "DN") != source_dn && shape.size() >= 2) {
          std::swap(shape[shape.size() - 2], shape[shape.size() - 1]);
        }
        return std::optional<Type>(Reshaped(t, std::move(shape), t.dtype()));
      };
    case kAnnotation:
      break;
  }
  return [](const Expr&) -> ResultOr { return std::optional<Type>(); };
}

Lane FirstTileLane(const Expr& call) {
  if (call.args.empty() || !call.args[0]->type.is_tile() || !call.args[0]->type.has_memory()) {
    return Lane::kAny;
  }
  return LaneOfMemory(call.args[0]->type.memory());
}

Lane CoreTypeLane(const Expr& call) {
  const Expr* core = call.FindAttr("core_type");
  if (core != nullptr && core->kind == ExprKind::kString && core->str == "aic") return Lane::kCube;
  if (core != nullptr && core->kind == ExprKind::kString && core->str == "aiv") return Lane::kVector;
  return Lane::kAny;
}

}  // namespace

void AddPyptoTableOps(OpRegistry& r) {
  for (const Row& row : kRows) {
    if (r.Find(row.name) != nullptr) continue;  // a hand-written entry wins
    OpInfo info;
    info.name = row.name;
    int required = 0;
    for (absl::string_view p : absl::StrSplit(row.params, ',', absl::SkipEmpty())) {
      const bool optional = absl::EndsWith(p, "?");
      if (optional) p.remove_suffix(1);
      info.params.emplace_back(p);
      if (!optional) required = static_cast<int>(info.params.size());
    }
    for (int n = required; n <= static_cast<int>(info.params.size()); ++n) {
      info.arities.push_back(n);
    }
    for (absl::string_view a : absl::StrSplit(row.attrs, ',', absl::SkipEmpty())) {
      AttrSpec spec;
      spec.name = std::string(a.substr(2));
      switch (a[0]) {
        case 'd': spec.kind = AttrKind::kDType; break;
        case 'b': spec.kind = AttrKind::kBool; break;
        case 'm':
          spec.kind = AttrKind::kEnum;
          spec.enum_type = "MemorySpace";
          break;
        case 'p':
          spec.kind = AttrKind::kEnum;
          spec.enum_type = "PadValue";
          spec.choices = {"zero", "max", "min"};
          break;
        default: spec.kind = AttrKind::kExpr; break;
      }
      info.attrs.push_back(std::move(spec));
    }
    for (absl::string_view p : absl::StrSplit(row.positional, ',', absl::SkipEmpty())) {
      info.positional_order.emplace_back(p);
    }
    info.role = row.rule == kInt32Scalar ? OpRole::kPureScalar : OpRole::kCompute;
    info.lane = FirstTileLane;
    info.compiled = false;
    info.deferred_wait = row.rule == kDeferWait;
    info.result = RuleFor(row.rule, info.name, info.params);
    r.Register(std::move(info));
  }
  // Explicit cross-core events: core_type= ("aic" / "aiv") names the lane
  // a mixed kernel keeps them on; without it, and for the FFTS setup, both
  // lanes run them (PyPTO's ClassifyIntrinsicCallAffinity).
  for (absl::string_view op : {"system.sync_set", "system.sync_wait", "system.set_ffts"}) {
    OpInfo* info = r.FindMutable(op);
    info->lane = CoreTypeLane;
    info->any_lane_runs_on_both = true;
  }
  // The collectives PyPTO's LowerCompositeOps expands (lower-composite-ops).
  static constexpr std::pair<absl::string_view, Composite> kComposites[] = {
      {"pld.tensor.allreduce", Composite::kAllReduce},
      {"pld.tensor.allgather", Composite::kAllGather},
      {"pld.tensor.reduce_scatter", Composite::kReduceScatter},
      {"pld.tensor.broadcast", Composite::kBroadcast},
      {"pld.tensor.barrier", Composite::kBarrier},
      {"pld.tensor.all_to_all", Composite::kAllToAll},
      {"pld.tensor.all_to_all_v", Composite::kAllToAllV},
      // No target has an instruction: PyPTO's polynomial of vector ops.
      {"tile.sin", Composite::kSin},
      {"tile.cos", Composite::kCos},
  };
  for (const auto& [op, kind] : kComposites) r.FindMutable(op)->composite = kind;
}

}  // namespace ptoc

#include "codegen/cxx_names.h"

#include "absl/strings/match.h"
#include "codegen/op_lowering.h"
#include "ir/registry.h"

namespace ptoc {
namespace codegen {

const absl::flat_hash_set<std::string>& CxxReservedNames() {
  static const auto* names = [] {
    auto* set = new absl::flat_hash_set<std::string>{
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool",
      "break", "case", "catch", "char", "char8_t", "char16_t", "char32_t", "class",
      "compl", "concept", "const", "consteval", "constexpr", "constinit", "const_cast",
      "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete",
      "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern",
      "false", "float", "for", "friend", "goto", "if", "inline", "int", "long",
      "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr", "operator",
      "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
      "requires", "return", "short", "signed", "sizeof", "static", "static_assert",
      "static_cast", "struct", "switch", "template", "this", "thread_local", "throw",
      "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using",
      "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq", "main", "std",
      "pto", "Tile", "TileType", "BLayout", "SLayout", "PadValue", "Layout",
      "GlobalTensor", "Shape", "Stride", "DYNAMIC", "TASSIGN", "TLOAD", "TSTORE", "TMOV",
      "TMATMUL", "TCVT", "RoundMode", "AccPhase", "TPUSH", "TPOP", "TFREE", "TPipe", "Direction", "TileSplitAxis",
      "AtomicType", "SYNCALL", "SyncAllMode", "SyncCoreType", "dcci", "dsb",
      "pipe_barrier", "set_flag", "wait_flag", "cache_line_t", "dcci_dst_t", "pipe_t",
      "mem_dsb_t", "event_t", "set_mask_norm", "set_vector_mask", "get_subblockid",
      "get_block_idx", "get_block_num",
      "PTO_SYNCALL_MIX_AIC_KERNEL_META", "half", "bfloat16_t", "int8_t", "int16_t", "int32_t",
      "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "size_t", "ptoc_floordiv",
      "ptoc_mod", "AICORE", "DSB_DDR", "DSB_ALL", "DSB_UB", "DSB_SEQ", "PIPE_S", "PIPE_V",
      "PIPE_M", "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3", "PIPE_FIX", "PIPE_ALL", "EVENT_ID0",
    };
    for (const ElementwiseOp& e : ElementwiseOps()) set->insert(std::string(e.instruction));
    for (const OpLowering& l : AllLowerings()) {
      if (!l.cce_name.empty()) set->insert(l.cce_name);
    }
    return set;
  }();
  return *names;
}

std::string KernelSymbol(const std::string& name) {
  return CxxReservedNames().contains(name) ? name + "_kernel" : name;
}

}  // namespace codegen
}  // namespace ptoc

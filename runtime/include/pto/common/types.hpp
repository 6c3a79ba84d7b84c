// Enumerations of the PTO tile API.
#ifndef PTO_COMMON_TYPES_HPP_
#define PTO_COMMON_TYPES_HPP_

#include <cstdint>

namespace pto {

// A Shape / Stride / valid dim whose value is given at run time.
constexpr int DYNAMIC = -1;

// Where a tile lives: UB (Vec), L1 (Mat), L0A (Left), L0B (Right),
// L0C (Acc), the bias table (Bias).
enum class TileType : int { Vec = 0, Mat, Left, Right, Acc, Bias };

// The order of the fractal boxes (BLayout) and of the elements inside one
// box (SLayout; NoneBox: no boxes, plain row-major ND).
enum class BLayout : int { RowMajor = 0, ColMajor = 1 };
enum class SLayout : int { NoneBox = 0, RowMajor = 1, ColMajor = 2 };

// What the part of a tile outside its valid region holds.
enum class PadValue : int { Null = 0, Zero, Max, Min };

// How TFILLPAD packs a tile's rows (pto-isa common/type.hpp). The model
// keeps a tile's valid part only, so every mode holds the same values.
enum class CompactMode : int { Null = 0, Normal, RowPlusOne, RowAlignedPadding };

// How a GlobalTensor's elements are laid out in GM.
enum class Layout : int { ND = 0, DN, NZ };

enum class AtomicType : int { AtomicNone = 0, AtomicAdd };

// The cube's accumulation phase (TGEMV<AccPhase::Partial> ...), as pto-isa
// numbers it; the model computes every phase alike.
enum class AccPhase : uint8_t { Unspecified = 0x0, Unknown = Unspecified, Partial = 0x2, Final = 0x3 };

// The precision of TDIV / TLOG / TRECIP (TDIV<DivAlgorithm::HIGH_PRECISION>
// ...), as pto-isa numbers it; the model computes each alike, the exact
// value rounded to the element type.
enum class DivAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };
enum class RecipAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };
enum class LogAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };

// TGATHER's mask patterns, as pto-isa numbers them.
enum class MaskPattern : uint8_t {
  P0101 = 1, P1010 = 2, P0001 = 3, P0010 = 4, P0100 = 5, P1000 = 6, P1111 = 7
};

// MGATHER's modes, as pto-isa numbers them.
enum class Coalesce : uint8_t { Row = 0, Elem = 1 };
enum class GatherOOB : uint8_t { Undefined = 0, Clamp = 1, Wrap = 2, Zero = 3 };

// TCVT's rounding, as pto-isa numbers it.
enum class RoundMode : uint8_t {
  CAST_NONE = 0,
  CAST_RINT = 1,
  CAST_ROUND = 2,
  CAST_FLOOR = 3,
  CAST_CEIL = 4,
  CAST_TRUNC = 5,
  CAST_ODD = 6,
};

// TCMP / TCMPS's comparison, as pto-isa numbers it.
enum class CmpMode : uint8_t { EQ = 0, NE = 1, LT = 2, LE = 3, GT = 4, GE = 5 };

// The cross-core FIFO between the cube (AIC) and vector (AIV) lanes. Plain
// enums, as in pto-isa: TPipe takes the direction as a uint8_t.
enum Direction : uint8_t { DIR_C2V = 1, DIR_V2C = 2, DIR_BOTH = 3 };
enum TileSplitAxis : uint8_t { TILE_NO_SPLIT = 0, TILE_UP_DOWN = 1, TILE_LEFT_RIGHT = 2 };

// SYNCALL: a barrier of the cores of one device (pto-isa's values).
enum class SyncAllMode : uint8_t { Hard = 0, Soft = 1 };
enum class SyncCoreType : uint8_t { AIVOnly = 0, AICOnly = 1, Mix = 2 };

namespace comm {
enum class NotifyOp : int { AtomicAdd = 0, Set };
enum class WaitCmp : int { EQ = 0, NE, GT, GE, LT, LE };
}  // namespace comm

}  // namespace pto

#endif  // PTO_COMMON_TYPES_HPP_

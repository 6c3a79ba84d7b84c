#include "ir/serialize.h"

#include <algorithm>
#include <climits>
#include <optional>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/arena.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "google/protobuf/stubs/logging.h"
#include "google/protobuf/text_format.h"
#include "google/protobuf/unknown_field_set.h"
#include "google/protobuf/util/json_util.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace {

// Nesting the reader accepts: deep enough for any real kernel, shallow
// enough that reading (and every later recursive walk) cannot exhaust the
// stack. One IR level is at most two message levels on the wire.
// The version of ir.proto this build writes and reads: bumped whenever a
// field is added (1: the first versioned format, with format_version).
constexpr uint32_t kIrFormatVersion = 1;

constexpr int kMaxDepth = 1000;
constexpr int kMaxProtoDepth = 2 * kMaxDepth + 16;
constexpr int kMaxRank = 64;

// Each proto enum lists the in-memory enum's values in the same order after
// its UNSPECIFIED zero; the asserts pin both ends of every pair.
static_assert(ir::FP32 == static_cast<int>(DType::kFP32) + 1 &&
              ir::INDEX == static_cast<int>(DType::kINDEX) + 1 &&
              ir::TASK_ID == static_cast<int>(DType::kTASK_ID) + 1 &&
              ir::DType_MAX == ir::TASK_ID);
static_assert(ir::DDR == static_cast<int>(MemorySpace::kDDR) + 1 &&
              ir::BIAS == static_cast<int>(MemorySpace::kBias) + 1 &&
              ir::RIGHT_SCALE == static_cast<int>(MemorySpace::kRightScale) + 1 &&
              ir::MemorySpace_MAX == ir::RIGHT_SCALE);
static_assert(ir::ROW_MAJOR == static_cast<int>(Layout::kRowMajor) + 1 &&
              ir::NONE_BOX == static_cast<int>(Layout::kNoneBox) + 1 &&
              ir::TileLayout_MAX == ir::NONE_BOX);
static_assert(ir::ADD == static_cast<int>(BinaryOp::kAdd) + 1 &&
              ir::OR == static_cast<int>(BinaryOp::kOr) + 1 &&
              ir::BinaryOp_MAX == ir::OR);
static_assert(ir::NEG == static_cast<int>(UnaryOp::kNeg) + 1 &&
              ir::NOT == static_cast<int>(UnaryOp::kNot) + 1 &&
              ir::BIT_NOT == static_cast<int>(UnaryOp::kBitNot) + 1 &&
              ir::UnaryOp_MAX == ir::BIT_NOT);
static_assert(ir::OPAQUE == static_cast<int>(FunctionKind::kOpaque) + 1 &&
              ir::GRAPH == static_cast<int>(FunctionKind::kGraph) + 1 &&
              ir::FunctionKind_MAX == ir::GRAPH);
static_assert(ir::IN == static_cast<int>(Direction::kIn) + 1 &&
              ir::IN_OUT == static_cast<int>(Direction::kInOut) + 1 &&
              ir::Direction_MAX == ir::IN_OUT);

template <typename E>
int EnumToProto(E e) {
  return static_cast<int>(e) + 1;
}

// std::nullopt for UNSPECIFIED and for values this build does not know.
template <typename E>
std::optional<E> EnumFromProto(int value, int max) {
  if (value < 1 || value > max) return std::nullopt;
  return static_cast<E>(value - 1);
}

// ---------------------------------------------------------------- ToProto

// Locations of nodes are written only when there is one.
bool HasLoc(const Location& loc) { return loc.known() || !loc.file.empty(); }

void LocToProto(const Location& loc, ir::Location* out) {
  out->set_file(loc.file);
  out->set_line(loc.line);
  out->set_col(loc.col);
}

void ShapeToProto(const Shape& shape,
                  google::protobuf::RepeatedPtrField<ir::Dim>* out) {
  for (const Dim& d : shape) {
    ir::Dim* dim = out->Add();
    if (d.is_static()) {
      dim->set_value(d.value);
    } else {
      dim->set_symbol(d.symbol);
    }
  }
}

void TypeToProto(const Type& t, ir::Type* out) {
  switch (t.kind()) {
    case Type::Kind::kNone: out->set_kind(ir::Type::NONE); return;
    case Type::Kind::kCommCtx: out->set_kind(ir::Type::COMM_CTX); return;
    case Type::Kind::kPtr: out->set_kind(ir::Type::PTR); return;
    case Type::Kind::kHandle:
      out->set_kind(ir::Type::HANDLE);
      out->set_handle(t.handle());
      return;
    case Type::Kind::kArray: out->set_kind(ir::Type::ARRAY); break;
    case Type::Kind::kTuple:
      out->set_kind(ir::Type::TUPLE);
      for (const Type& e : t.elements()) TypeToProto(e, out->add_elements());
      return;
    case Type::Kind::kScalar: out->set_kind(ir::Type::SCALAR); break;
    case Type::Kind::kTensor: out->set_kind(ir::Type::TENSOR); break;
    case Type::Kind::kDistributedTensor: out->set_kind(ir::Type::DISTRIBUTED_TENSOR); break;
    case Type::Kind::kTile: out->set_kind(ir::Type::TILE); break;
  }
  out->set_dtype(static_cast<ir::DType>(EnumToProto(t.dtype())));
  ShapeToProto(t.shape(), out->mutable_shape());
  if (!t.extra().empty()) out->set_extra(t.extra());
  if (!t.is_tile()) return;
  if (t.has_memory()) {
    out->set_memory(static_cast<ir::MemorySpace>(EnumToProto(t.memory())));
  } else {
    out->set_no_memory(true);
  }
  // An absent view means the memory's implicit one.
  if (t.has_explicit_view()) {
    ir::TileView* view = out->mutable_view();
    view->set_blayout(static_cast<ir::TileLayout>(EnumToProto(t.view().blayout)));
    view->set_slayout(static_cast<ir::TileLayout>(EnumToProto(t.view().slayout)));
    ShapeToProto(t.view().valid_shape, view->mutable_valid_shape());
    view->set_pad(static_cast<ir::PadValue>(static_cast<int>(t.view().pad)));
  }
}

int VarId(const Var* v) { return v == nullptr ? -1 : v->id; }

void ExprToProto(const Expr& e, ir::Expr* out);

void NamedToProto(const std::vector<NamedExpr>& attrs,
                  google::protobuf::RepeatedPtrField<ir::NamedExpr>* out) {
  for (const NamedExpr& a : attrs) {
    ir::NamedExpr* n = out->Add();
    n->set_name(a.name);
    if (a.value) ExprToProto(*a.value, n->mutable_value());
  }
}

void ExprsToProto(const std::vector<ExprPtr>& exprs,
                  google::protobuf::RepeatedPtrField<ir::Expr>* out) {
  for (const ExprPtr& e : exprs) ExprToProto(*e, out->Add());
}

void ExprToProto(const Expr& e, ir::Expr* out) {
  if (HasLoc(e.loc)) LocToProto(e.loc, out->mutable_loc());
  if (!e.type.is_none()) TypeToProto(e.type, out->mutable_type());
  switch (e.kind) {
    case ExprKind::kVar: out->mutable_var()->set_var_id(VarId(e.var)); break;
    case ExprKind::kInt: out->set_int_value(e.int_value); break;
    case ExprKind::kFloat: out->set_float_value(e.float_value); break;
    case ExprKind::kBool: out->set_bool_value(e.bool_value); break;
    case ExprKind::kString: out->set_string_value(e.str); break;
    case ExprKind::kEnum:
      out->mutable_enum_value()->set_enum_type(e.enum_type);
      out->mutable_enum_value()->set_value(e.str);
      break;
    case ExprKind::kList: ExprsToProto(e.args, out->mutable_list()->mutable_elements()); break;
    case ExprKind::kTuple: ExprsToProto(e.args, out->mutable_tuple()->mutable_elements()); break;
    case ExprKind::kBinary: {
      ir::Binary* b = out->mutable_binary();
      b->set_op(static_cast<ir::BinaryOp>(EnumToProto(e.binary_op)));
      if (e.args.size() > 0) ExprToProto(*e.args[0], b->mutable_lhs());
      if (e.args.size() > 1) ExprToProto(*e.args[1], b->mutable_rhs());
      break;
    }
    case ExprKind::kUnary: {
      ir::Unary* u = out->mutable_unary();
      u->set_op(static_cast<ir::UnaryOp>(EnumToProto(e.unary_op)));
      if (!e.args.empty()) ExprToProto(*e.args[0], u->mutable_operand());
      break;
    }
    case ExprKind::kDict: NamedToProto(e.attrs, out->mutable_dict()->mutable_entries()); break;
    case ExprKind::kTupleGetItem: {
      ir::TupleGetItem* g = out->mutable_tuple_get_item();
      if (!e.args.empty()) ExprToProto(*e.args[0], g->mutable_tuple());
      g->set_index(e.int_value);
      break;
    }
    case ExprKind::kCall: {
      ir::Call* c = out->mutable_call();
      c->set_callee(e.str);
      c->set_is_function_call(e.is_function_call);
      ExprsToProto(e.args, c->mutable_args());
      NamedToProto(e.attrs, c->mutable_attrs());
      break;
    }
  }
}

void StmtToProto(const Stmt& s, ir::Stmt* out) {
  if (HasLoc(s.loc)) LocToProto(s.loc, out->mutable_loc());
  for (const std::string& c : s.leading_comments) out->add_leading_comments(c);
  switch (s.kind) {
    case StmtKind::kSeq: {
      ir::Seq* seq = out->mutable_seq();
      for (const StmtPtr& child : s.stmts) StmtToProto(*child, seq->add_stmts());
      break;
    }
    case StmtKind::kAssign:
      out->mutable_assign()->set_var_id(VarId(s.var));
      if (s.value) ExprToProto(*s.value, out->mutable_assign()->mutable_value());
      break;
    case StmtKind::kEval:
      // mutable_eval() marks the oneof even when the value is missing.
      if (s.value) {
        ExprToProto(*s.value, out->mutable_eval()->mutable_value());
      } else {
        out->mutable_eval();
      }
      break;
    case StmtKind::kFor: {
      ir::For* f = out->mutable_for_stmt();
      f->set_loop_var_id(VarId(s.var));
      if (s.start) ExprToProto(*s.start, f->mutable_start());
      if (s.stop) ExprToProto(*s.stop, f->mutable_stop());
      if (s.step) ExprToProto(*s.step, f->mutable_step());
      for (const Var* v : s.iter_args) f->add_iter_arg_ids(VarId(v));
      ExprsToProto(s.init_values, f->mutable_init_values());
      if (s.body) StmtToProto(*s.body, f->mutable_body());
      for (const Var* v : s.results) f->add_result_ids(VarId(v));
      f->set_kind(s.loop_kind);
      NamedToProto(s.loop_attrs, f->mutable_attrs());
      break;
    }
    case StmtKind::kScope: {
      ir::Scope* sc = out->mutable_scope_stmt();
      if (s.value) ExprToProto(*s.value, sc->mutable_scope());
      sc->set_var_id(s.var == nullptr ? -1 : VarId(s.var));
      if (s.body) StmtToProto(*s.body, sc->mutable_body());
      break;
    }
    case StmtKind::kUnpack: {
      ir::Unpack* u = out->mutable_unpack_stmt();
      if (s.value) ExprToProto(*s.value, u->mutable_value());
      for (const Var* v : s.results) u->add_target_ids(VarId(v));
      break;
    }
    case StmtKind::kSetItem: {
      ir::SetItem* si = out->mutable_set_item_stmt();
      si->set_var_id(VarId(s.var));
      ExprsToProto(s.values, si->mutable_indices());
      if (s.value) ExprToProto(*s.value, si->mutable_value());
      break;
    }
    case StmtKind::kSplitAiv: {
      ir::SplitAivStmt* sa = out->mutable_split_aiv_stmt();
      sa->set_mode(static_cast<ir::SplitMode>(s.split_mode));
      sa->set_lane_var_id(VarId(s.var));
      if (s.body) StmtToProto(*s.body, sa->mutable_body());
      break;
    }
    case StmtKind::kBreak:
      out->mutable_break_stmt();
      break;
    case StmtKind::kContinue:
      out->mutable_continue_stmt();
      break;
    case StmtKind::kWhile: {
      ir::While* w = out->mutable_while_stmt();
      if (s.value) ExprToProto(*s.value, w->mutable_cond());
      if (s.body) StmtToProto(*s.body, w->mutable_body());
      for (const Var* v : s.iter_args) w->add_iter_arg_ids(VarId(v));
      ExprsToProto(s.init_values, w->mutable_init_values());
      for (const Var* v : s.results) w->add_result_ids(VarId(v));
      break;
    }
    case StmtKind::kIf: {
      ir::If* i = out->mutable_if_stmt();
      if (s.value) ExprToProto(*s.value, i->mutable_cond());
      if (s.body) StmtToProto(*s.body, i->mutable_then_body());
      if (s.else_body) StmtToProto(*s.else_body, i->mutable_else_body());
      for (const Var* v : s.results) i->add_result_ids(VarId(v));
      break;
    }
    case StmtKind::kYield:
      ExprsToProto(s.values, out->mutable_yield_stmt()->mutable_values());
      break;
    case StmtKind::kReturn:
      ExprsToProto(s.values, out->mutable_return_stmt()->mutable_values());
      break;
  }
}

void VarToProto(const Var& v, ir::Var* out) {
  out->set_id(v.id);
  out->set_name(v.name);
  TypeToProto(v.type, out->mutable_type());
  if (HasLoc(v.loc)) LocToProto(v.loc, out->mutable_loc());
}

void FunctionToProto(const Function& f, ir::Function* out) {
  out->set_name(f.name);
  out->set_kind(static_cast<ir::FunctionKind>(EnumToProto(f.kind)));
  absl::flat_hash_set<const Var*> params;
  for (const Param& p : f.params) {
    ir::Param* param = out->add_params();
    param->set_var_id(VarId(p.var));
    param->set_direction(static_cast<ir::Direction>(EnumToProto(p.direction)));
    if (p.var != nullptr && params.insert(p.var).second) {
      VarToProto(*p.var, out->add_vars());
    }
  }
  for (const auto& v : f.vars) {
    if (!params.contains(v.get())) VarToProto(*v, out->add_vars());
  }
  if (f.return_type.has_value()) TypeToProto(*f.return_type, out->mutable_return_type());
  NamedToProto(f.attrs, out->mutable_attrs());
  if (f.body) StmtToProto(*f.body, out->mutable_body());
  if (HasLoc(f.loc)) LocToProto(f.loc, out->mutable_loc());
  NamedToProto(f.decorator_args, out->mutable_decorator_args());
  out->set_no_self(!f.has_self);
  out->set_requires_runtime_binding(f.requires_runtime_binding);
}

// -------------------------------------------------------------- FromProto

Location LocFromProto(const ir::Location& loc) {
  return Location{loc.file(), loc.line(), loc.col()};
}

// Rebuilds one program, checking that the message is well formed.
class Reader {
 public:
  explicit Reader(absl::string_view filename) : filename_(filename) {}

  absl::StatusOr<std::unique_ptr<Program>> Read(const ir::Program& proto) {
    if (proto.name().empty()) return Error("the program has no name");
    // ToProto always writes `loc`, the last field, so a file cut short at a
    // field boundary (which still parses) is caught here.
    if (!proto.has_loc()) return Error("the program has no location (truncated file?)");
    auto program = std::make_unique<Program>();
    program->name = proto.name();
    program->loc = LocFromProto(proto.loc());
    program->options.backend = proto.options().backend();
    program->options.allow_unregistered_ops = proto.options().allow_unregistered_ops();
    program->options.pipe_sync = proto.options().pipe_sync();
    program->docstring = proto.docstring();
    RETURN_IF_ERROR(ReadNamed(proto.decorator_args(), &program->decorator_args, 0));
    for (const std::string& d : proto.dynamic_dims()) {
      if (!IsIdentifier(d)) return Error(absl::StrCat("bad dynamic dimension name '", d, "'"));
      program->dynamic_dims.push_back(d);
    }
    for (const ir::Function& f : proto.functions()) {
      ASSIGN_OR_RETURN(std::unique_ptr<Function> function, ReadFunction(f));
      program->functions.push_back(std::move(function));
    }
    return program;
  }

 private:
  absl::Status Error(absl::string_view message) const {
    std::string where =
        function_.empty() ? "" : absl::StrCat("function '", function_, "': ");
    return absl::InvalidArgumentError(FormatDiagnostic(
        Severity::kError, Location{filename_, 0, 0},
        absl::StrCat("invalid IR: ", where, message)));
  }

  absl::StatusOr<std::unique_ptr<Function>> ReadFunction(const ir::Function& proto) {
    if (proto.name().empty()) return Error("a function has no name");
    function_ = proto.name();
    vars_.clear();
    auto f = std::make_unique<Function>();
    f->name = proto.name();
    f->loc = LocFromProto(proto.loc());
    std::optional<FunctionKind> kind =
        EnumFromProto<FunctionKind>(proto.kind(), ir::FunctionKind_MAX);
    if (!kind.has_value()) return Error(absl::StrCat("bad function kind ", proto.kind()));
    f->kind = *kind;

    for (const ir::Var& v : proto.vars()) {
      if (vars_.contains(v.id())) return Error(absl::StrCat("duplicate var id ", v.id()));
      if (!v.has_type()) return Error(absl::StrCat("var ", v.id(), " has no type"));
      ASSIGN_OR_RETURN(Type type, ReadType(v.type()));
      auto var = std::make_unique<Var>();
      var->id = v.id();
      var->name = v.name();
      var->type = std::move(type);
      var->loc = LocFromProto(v.loc());
      vars_[v.id()] = var.get();
      f->vars.push_back(std::move(var));
    }
    // Function::NewVar numbers a new var after the last one: keep the
    // list in id order.
    std::stable_sort(f->vars.begin(), f->vars.end(),
                     [](const auto& a, const auto& b) { return a->id < b->id; });

    for (const ir::Param& p : proto.params()) {
      ASSIGN_OR_RETURN(Var* var, LookupVar(p.var_id()));
      // DIRECTION_UNSPECIFIED is the proto3 default: read it as In.
      Direction direction = Direction::kIn;
      if (p.direction() != ir::DIRECTION_UNSPECIFIED) {
        std::optional<Direction> d =
            EnumFromProto<Direction>(p.direction(), ir::Direction_MAX);
        if (!d.has_value()) return Error(absl::StrCat("bad direction ", p.direction()));
        direction = *d;
      }
      f->params.push_back(Param{var, direction});
    }
    if (proto.has_return_type()) {
      ASSIGN_OR_RETURN(Type type, ReadType(proto.return_type()));
      f->return_type = std::move(type);
    }
    RETURN_IF_ERROR(ReadNamed(proto.attrs(), &f->attrs, 0));
    RETURN_IF_ERROR(ReadNamed(proto.decorator_args(), &f->decorator_args, 0));
    f->has_self = !proto.no_self();
    f->requires_runtime_binding = proto.requires_runtime_binding();
    if (!proto.has_body()) return Error("missing body");
    ASSIGN_OR_RETURN(StmtPtr body, ReadStmt(proto.body(), 0));
    f->body = std::move(body);
    function_.clear();
    return f;
  }

  absl::StatusOr<Var*> LookupVar(int id) const {
    auto it = vars_.find(id);
    if (it == vars_.end()) return Error(absl::StrCat("unknown var id ", id));
    return it->second;
  }

  absl::Status ReadVarList(const google::protobuf::RepeatedField<int32_t>& ids,
                           std::vector<Var*>* out) const {
    for (int id : ids) {
      ASSIGN_OR_RETURN(Var* var, LookupVar(id));
      out->push_back(var);
    }
    return absl::OkStatus();
  }

  absl::Status ReadShape(const google::protobuf::RepeatedPtrField<ir::Dim>& dims,
                         Shape* out) const {
    if (dims.size() > kMaxRank) return Error(absl::StrCat("shape of rank ", dims.size()));
    for (const ir::Dim& d : dims) {
      switch (d.kind_case()) {
        case ir::Dim::kValue: out->push_back(Dim::Static(d.value())); break;
        case ir::Dim::kSymbol: out->push_back(Dim::Symbolic(d.symbol())); break;
        case ir::Dim::KIND_NOT_SET: return Error("a shape dim is neither value nor symbol");
      }
    }
    return absl::OkStatus();
  }

  // A field the type's kind has no use for: ptoc never writes one, and
  // reading past it would lose it or print a type the parser reads otherwise.
  absl::Status CheckTypeFields(const ir::Type& t) const {
    const ir::Type::Kind k = t.kind();
    if (!ir::Type::Kind_IsValid(k) || k == ir::Type::KIND_UNSPECIFIED) {
      return absl::OkStatus();  // ReadType names the bad kind
    }
    const bool tile = k == ir::Type::TILE;
    const bool shaped = tile || k == ir::Type::TENSOR || k == ir::Type::DISTRIBUTED_TENSOR;
    const bool typed = shaped || k == ir::Type::SCALAR || k == ir::Type::ARRAY;
    const char* field = nullptr;
    if (t.elements_size() > 0 && k != ir::Type::TUPLE) field = "elements";
    if (!t.handle().empty() && k != ir::Type::HANDLE) field = "handle";
    if (t.memory() != 0 && !tile) field = "memory";
    if (t.has_view() && !tile) field = "view";
    if (t.no_memory() && !tile) field = "no_memory";
    if (!t.extra().empty() && !shaped) field = "extra";
    if (t.shape_size() > 0 && !shaped && k != ir::Type::ARRAY) field = "shape";
    if (t.dtype() != 0 && !typed) field = "dtype";
    if (field == nullptr) return absl::OkStatus();
    return Error(absl::StrCat("a ", ir::Type::Kind_Name(k), " type has a '", field,
                              "' field, which only other kinds of type have"));
  }

  absl::StatusOr<Type> ReadType(const ir::Type& t) const {
    RETURN_IF_ERROR(CheckTypeFields(t));
    switch (t.kind()) {
      case ir::Type::NONE: return Type::None();
      case ir::Type::COMM_CTX: return Type::CommCtx();
      case ir::Type::PTR: return Type::Ptr();
      case ir::Type::HANDLE:
        if (!IsHandleName(t.handle())) return Error(absl::StrCat("bad handle type '", t.handle(), "'"));
        return Type::Handle(t.handle());
      case ir::Type::TUPLE: {
        std::vector<Type> elements;
        for (const ir::Type& e : t.elements()) {
          // A tuple of tuples is PyPTO's `(inner, x)` with `inner` a tuple;
          // the wire's recursion limit bounds the nesting.
          ASSIGN_OR_RETURN(Type et, ReadType(e));
          elements.push_back(std::move(et));
        }
        return Type::Tuple(std::move(elements));
      }
      case ir::Type::SCALAR: case ir::Type::TENSOR: case ir::Type::DISTRIBUTED_TENSOR:
      case ir::Type::TILE: case ir::Type::ARRAY: break;
      default: return Error(absl::StrCat("bad type kind ", t.kind()));
    }
    std::optional<DType> dtype = EnumFromProto<DType>(t.dtype(), ir::DType_MAX);
    if (!dtype.has_value()) return Error(absl::StrCat("bad dtype ", t.dtype()));
    if (t.kind() == ir::Type::SCALAR) return Type::Scalar(*dtype);
    if (t.kind() == ir::Type::ARRAY) {
      if (t.shape_size() != 1 || !t.shape(0).has_value() || t.shape(0).value() < 1) {
        return Error("an array type needs one positive extent");
      }
      return Type::Array(t.shape(0).value(), *dtype);
    }
    Shape shape;
    RETURN_IF_ERROR(ReadShape(t.shape(), &shape));
    if (t.kind() == ir::Type::TENSOR) {
      return Type::Tensor(std::move(shape), *dtype).WithExtra(t.extra());
    }
    if (t.kind() == ir::Type::DISTRIBUTED_TENSOR) {
      return Type::DistributedTensor(std::move(shape), *dtype).WithExtra(t.extra());
    }
    if (t.no_memory() && t.memory() != 0) {
      return Error("a tile without a memory space has a memory space");
    }
    std::optional<MemorySpace> memory =
        t.no_memory() ? std::optional<MemorySpace>(MemorySpace::kVec)
                      : EnumFromProto<MemorySpace>(t.memory(), ir::MemorySpace_MAX);
    if (!memory.has_value()) return Error(absl::StrCat("bad memory space ", t.memory()));
    auto tile = [&](std::optional<TileView> v) {
      Type r = t.no_memory() ? Type::TileWithoutMemory(std::move(shape), *dtype, std::move(v))
                             : Type::Tile(std::move(shape), *dtype, *memory, std::move(v));
      return r.WithExtra(t.extra());
    };
    if (!t.has_view()) return tile(std::nullopt);
    TileView view;
    std::optional<Layout> b = EnumFromProto<Layout>(t.view().blayout(), ir::TileLayout_MAX);
    std::optional<Layout> s = EnumFromProto<Layout>(t.view().slayout(), ir::TileLayout_MAX);
    if (!b.has_value() || !s.has_value()) return Error("bad tile layout");
    view.blayout = *b;
    view.slayout = *s;
    RETURN_IF_ERROR(ReadShape(t.view().valid_shape(), &view.valid_shape));
    if (t.view().pad() < 0 || t.view().pad() > static_cast<int>(PadValue::kMin)) {
      return Error(absl::StrCat("bad pad value ", t.view().pad()));
    }
    view.pad = static_cast<PadValue>(t.view().pad());
    return tile(std::move(view));
  }

  absl::Status ReadNamed(const google::protobuf::RepeatedPtrField<ir::NamedExpr>& named,
                         std::vector<NamedExpr>* out, int depth) const {
    for (const ir::NamedExpr& n : named) {
      if (n.name().empty()) return Error("an attribute has no name");
      if (!n.has_value()) return Error(absl::StrCat("attribute '", n.name(), "' has no value"));
      ASSIGN_OR_RETURN(ExprPtr value, ReadExpr(n.value(), depth + 1));
      out->push_back(NamedExpr{n.name(), std::move(value)});
    }
    return absl::OkStatus();
  }

  absl::Status ReadExprs(const google::protobuf::RepeatedPtrField<ir::Expr>& exprs,
                         std::vector<ExprPtr>* out, int depth) const {
    for (const ir::Expr& e : exprs) {
      ASSIGN_OR_RETURN(ExprPtr expr, ReadExpr(e, depth + 1));
      out->push_back(std::move(expr));
    }
    return absl::OkStatus();
  }

  // An expression sub-message that must be present.
  absl::Status ReadRequired(bool present, const ir::Expr& e, absl::string_view what,
                            int depth, ExprPtr* out) const {
    if (!present) return Error(absl::StrCat("missing ", what));
    ASSIGN_OR_RETURN(ExprPtr expr, ReadExpr(e, depth + 1));
    *out = std::move(expr);
    return absl::OkStatus();
  }

  absl::StatusOr<ExprPtr> ReadExpr(const ir::Expr& proto, int depth) const {
    if (depth > kMaxDepth) return Error("expressions nested too deeply");
    auto e = std::make_unique<Expr>();
    e->loc = LocFromProto(proto.loc());
    if (proto.has_type()) {
      ASSIGN_OR_RETURN(Type type, ReadType(proto.type()));
      e->type = std::move(type);
    }
    absl::Status status;
    switch (proto.kind_case()) {
      case ir::Expr::kVar: {
        e->kind = ExprKind::kVar;
        ASSIGN_OR_RETURN(Var* var, LookupVar(proto.var().var_id()));
        e->var = var;
        break;
      }
      case ir::Expr::kIntValue:
        e->kind = ExprKind::kInt;
        e->int_value = proto.int_value();
        break;
      case ir::Expr::kFloatValue:
        e->kind = ExprKind::kFloat;
        e->float_value = proto.float_value();
        break;
      case ir::Expr::kBoolValue:
        e->kind = ExprKind::kBool;
        e->bool_value = proto.bool_value();
        break;
      case ir::Expr::kStringValue:
        e->kind = ExprKind::kString;
        e->str = proto.string_value();
        break;
      case ir::Expr::kEnumValue:
        e->kind = ExprKind::kEnum;
        e->enum_type = proto.enum_value().enum_type();
        e->str = proto.enum_value().value();
        break;
      case ir::Expr::kList:
        e->kind = ExprKind::kList;
        status = ReadExprs(proto.list().elements(), &e->args, depth);
        break;
      case ir::Expr::kTuple:
        e->kind = ExprKind::kTuple;
        status = ReadExprs(proto.tuple().elements(), &e->args, depth);
        break;
      case ir::Expr::kBinary: {
        e->kind = ExprKind::kBinary;
        const ir::Binary& b = proto.binary();
        std::optional<BinaryOp> op = EnumFromProto<BinaryOp>(b.op(), ir::BinaryOp_MAX);
        if (!op.has_value()) return Error(absl::StrCat("bad binary op ", b.op()));
        e->binary_op = *op;
        e->args.resize(2);
        status = ReadRequired(b.has_lhs(), b.lhs(), "binary lhs", depth, &e->args[0]);
        if (status.ok()) {
          status = ReadRequired(b.has_rhs(), b.rhs(), "binary rhs", depth, &e->args[1]);
        }
        break;
      }
      case ir::Expr::kUnary: {
        e->kind = ExprKind::kUnary;
        const ir::Unary& u = proto.unary();
        std::optional<UnaryOp> op = EnumFromProto<UnaryOp>(u.op(), ir::UnaryOp_MAX);
        if (!op.has_value()) return Error(absl::StrCat("bad unary op ", u.op()));
        e->unary_op = *op;
        e->args.resize(1);
        status = ReadRequired(u.has_operand(), u.operand(), "unary operand", depth,
                              &e->args[0]);
        break;
      }
      case ir::Expr::kCall:
        e->kind = ExprKind::kCall;
        if (proto.call().callee().empty()) return Error("a call has no callee");
        e->str = proto.call().callee();
        e->is_function_call = proto.call().is_function_call();
        status = ReadExprs(proto.call().args(), &e->args, depth);
        if (status.ok()) status = ReadNamed(proto.call().attrs(), &e->attrs, depth);
        break;
      case ir::Expr::kDict:
        e->kind = ExprKind::kDict;
        status = ReadNamed(proto.dict().entries(), &e->attrs, depth);
        break;
      case ir::Expr::kTupleGetItem:
        e->kind = ExprKind::kTupleGetItem;
        e->int_value = proto.tuple_get_item().index();
        e->args.resize(1);
        status = ReadRequired(proto.tuple_get_item().has_tuple(), proto.tuple_get_item().tuple(),
                              "tuple of a tuple subscript", depth, &e->args[0]);
        break;
      case ir::Expr::KIND_NOT_SET:
        return Error("an expression has no kind");
    }
    if (!status.ok()) return status;
    return e;
  }

  absl::StatusOr<StmtPtr> ReadBody(bool present, const ir::Stmt& s,
                                   absl::string_view what, int depth) const {
    if (!present) return Error(absl::StrCat("missing ", what));
    return ReadStmt(s, depth + 1);
  }

  absl::StatusOr<StmtPtr> ReadStmt(const ir::Stmt& proto, int depth) const {
    if (depth > kMaxDepth) return Error("statements nested too deeply");
    auto s = std::make_unique<Stmt>();
    s->loc = LocFromProto(proto.loc());
    s->leading_comments.assign(proto.leading_comments().begin(),
                               proto.leading_comments().end());
    absl::Status status;
    switch (proto.kind_case()) {
      case ir::Stmt::kSeq:
        s->kind = StmtKind::kSeq;
        for (const ir::Stmt& child : proto.seq().stmts()) {
          ASSIGN_OR_RETURN(StmtPtr c, ReadStmt(child, depth + 1));
          s->stmts.push_back(std::move(c));
        }
        break;
      case ir::Stmt::kAssign: {
        s->kind = StmtKind::kAssign;
        ASSIGN_OR_RETURN(Var* var, LookupVar(proto.assign().var_id()));
        s->var = var;
        status = ReadRequired(proto.assign().has_value(), proto.assign().value(),
                              "assigned value", depth, &s->value);
        break;
      }
      case ir::Stmt::kEval:
        s->kind = StmtKind::kEval;
        status = ReadRequired(proto.eval().has_value(), proto.eval().value(),
                              "evaluated value", depth, &s->value);
        break;
      case ir::Stmt::kForStmt: {
        s->kind = StmtKind::kFor;
        const ir::For& f = proto.for_stmt();
        ASSIGN_OR_RETURN(Var* var, LookupVar(f.loop_var_id()));
        s->var = var;
        status = ReadRequired(f.has_start(), f.start(), "loop start", depth, &s->start);
        if (status.ok()) {
          status = ReadRequired(f.has_stop(), f.stop(), "loop stop", depth, &s->stop);
        }
        if (status.ok()) {
          status = ReadRequired(f.has_step(), f.step(), "loop step", depth, &s->step);
        }
        if (status.ok()) status = ReadVarList(f.iter_arg_ids(), &s->iter_args);
        if (status.ok()) status = ReadExprs(f.init_values(), &s->init_values, depth);
        if (status.ok()) status = ReadVarList(f.result_ids(), &s->results);
        if (status.ok()) status = ReadNamed(f.attrs(), &s->loop_attrs, depth + 1);
        s->loop_kind = f.kind();
        if (status.ok() && !s->loop_kind.empty() && s->loop_kind != "parallel" &&
            s->loop_kind != "pipeline" && s->loop_kind != "unroll" &&
            s->loop_kind != "spmd") {
          return Error(absl::StrCat("bad loop kind '", s->loop_kind, "'"));
        }
        if (status.ok()) {
          ASSIGN_OR_RETURN(StmtPtr body, ReadBody(f.has_body(), f.body(), "loop body", depth));
          s->body = std::move(body);
        }
        break;
      }
      case ir::Stmt::kWhileStmt: {
        s->kind = StmtKind::kWhile;
        const ir::While& w = proto.while_stmt();
        status = ReadRequired(w.has_cond(), w.cond(), "while condition", depth, &s->value);
        if (status.ok()) status = ReadVarList(w.iter_arg_ids(), &s->iter_args);
        if (status.ok()) status = ReadExprs(w.init_values(), &s->init_values, depth);
        if (status.ok()) status = ReadVarList(w.result_ids(), &s->results);
        if (status.ok()) {
          ASSIGN_OR_RETURN(StmtPtr body, ReadBody(w.has_body(), w.body(), "while body", depth));
          s->body = std::move(body);
        }
        break;
      }
      case ir::Stmt::kIfStmt: {
        s->kind = StmtKind::kIf;
        const ir::If& i = proto.if_stmt();
        status = ReadRequired(i.has_cond(), i.cond(), "if condition", depth, &s->value);
        if (status.ok()) status = ReadVarList(i.result_ids(), &s->results);
        if (!status.ok()) return status;
        ASSIGN_OR_RETURN(StmtPtr then_body,
                         ReadBody(i.has_then_body(), i.then_body(), "then body", depth));
        s->body = std::move(then_body);
        if (i.has_else_body()) {
          ASSIGN_OR_RETURN(StmtPtr else_body, ReadStmt(i.else_body(), depth + 1));
          s->else_body = std::move(else_body);
        }
        break;
      }
      case ir::Stmt::kYieldStmt:
        s->kind = StmtKind::kYield;
        status = ReadExprs(proto.yield_stmt().values(), &s->values, depth);
        break;
      case ir::Stmt::kReturnStmt:
        s->kind = StmtKind::kReturn;
        status = ReadExprs(proto.return_stmt().values(), &s->values, depth);
        break;
      case ir::Stmt::kScopeStmt: {
        s->kind = StmtKind::kScope;
        const ir::Scope& sc = proto.scope_stmt();
        status = ReadRequired(sc.has_scope(), sc.scope(), "scope call", depth, &s->value);
        if (status.ok() && s->value->kind != ExprKind::kCall) {
          return Error("a scope is not a call");
        }
        if (status.ok() && sc.var_id() != -1) {
          ASSIGN_OR_RETURN(Var* var, LookupVar(sc.var_id()));
          s->var = var;
        }
        if (status.ok()) {
          ASSIGN_OR_RETURN(StmtPtr body, ReadBody(sc.has_body(), sc.body(), "scope body", depth));
          s->body = std::move(body);
        }
        break;
      }
      case ir::Stmt::kUnpackStmt:
        s->kind = StmtKind::kUnpack;
        status = ReadRequired(proto.unpack_stmt().has_value(), proto.unpack_stmt().value(),
                              "unpacked value", depth, &s->value);
        if (status.ok()) status = ReadVarList(proto.unpack_stmt().target_ids(), &s->results);
        break;
      case ir::Stmt::kSetItemStmt: {
        s->kind = StmtKind::kSetItem;
        const ir::SetItem& si = proto.set_item_stmt();
        ASSIGN_OR_RETURN(Var* var, LookupVar(si.var_id()));
        s->var = var;
        status = ReadExprs(si.indices(), &s->values, depth);
        if (status.ok()) {
          status = ReadRequired(si.has_value(), si.value(), "stored value", depth, &s->value);
        }
        break;
      }
      case ir::Stmt::kSplitAivStmt: {
        s->kind = StmtKind::kSplitAiv;
        const ir::SplitAivStmt& sa = proto.split_aiv_stmt();
        if (SplitModeName(sa.mode()).empty()) {
          return Error(absl::StrCat("bad split mode ", sa.mode()));
        }
        s->split_mode = sa.mode();
        ASSIGN_OR_RETURN(Var* var, LookupVar(sa.lane_var_id()));
        s->var = var;
        ASSIGN_OR_RETURN(StmtPtr body,
                         ReadBody(sa.has_body(), sa.body(), "pl.split_aiv body", depth));
        s->body = std::move(body);
        break;
      }
      case ir::Stmt::kBreakStmt:
        s->kind = StmtKind::kBreak;
        break;
      case ir::Stmt::kContinueStmt:
        s->kind = StmtKind::kContinue;
        break;
      case ir::Stmt::KIND_NOT_SET:
        return Error("a statement has no kind");
    }
    if (!status.ok()) return status;
    return s;
  }

  const std::string filename_;
  std::string function_;  // the function being read, for messages
  absl::flat_hash_map<int, Var*> vars_;  // its vars by id (lookups only)
};

void ProgramToProto(const Program& program, ir::Program* out) {
  out->set_name(program.name);
  for (const auto& f : program.functions) FunctionToProto(*f, out->add_functions());
  out->mutable_options()->set_backend(program.options.backend);
  out->mutable_options()->set_allow_unregistered_ops(program.options.allow_unregistered_ops);
  if (!program.options.pipe_sync.empty()) {
    out->mutable_options()->set_pipe_sync(program.options.pipe_sync);
  }
  // Always present, even when unknown: FromProto requires it (see Reader).
  LocToProto(program.loc, out->mutable_loc());
  out->set_docstring(program.docstring);
  NamedToProto(program.decorator_args, out->mutable_decorator_args());
  for (const std::string& d : program.dynamic_dims) out->add_dynamic_dims(d);
  out->set_format_version(kIrFormatVersion);
}

// The message of a whole program is millions of small nodes: an arena
// allocates them in large blocks and frees them at once.
google::protobuf::ArenaOptions LargeBlocks() {
  google::protobuf::ArenaOptions options;
  options.start_block_size = 64 << 10;
  options.max_block_size = 4 << 20;
  return options;
}

}  // namespace

ir::Program ToProto(const Program& program) {
  ir::Program out;
  ProgramToProto(program, &out);
  return out;
}

absl::StatusOr<std::unique_ptr<Program>> FromProto(const ir::Program& proto) {
  return Reader("").Read(proto);
}

std::string SerializeProgram(const Program& program) {
  google::protobuf::Arena arena(LargeBlocks());
  ir::Program* proto = google::protobuf::Arena::CreateMessage<ir::Program>(&arena);
  ProgramToProto(program, proto);
  std::string bytes;
  // Sized once, so the stream never regrows (and copies) the string.
  bytes.reserve(proto->ByteSizeLong());
  {
    google::protobuf::io::StringOutputStream stream(&bytes);
    google::protobuf::io::CodedOutputStream out(&stream);
    out.SetSerializationDeterministic(true);
    proto->SerializeWithCachedSizes(&out);
  }  // `out` flushes into `bytes` when destroyed.
  return bytes;
}

namespace {

// A field of a .pb that this build's ir.proto does not define.
struct UnknownField {
  int number;
  std::string message_type;
  std::string path;  // from the Program down, built on the way back up
};

// The first unknown field of `message` or of a message inside it.
std::optional<UnknownField> FirstUnknownField(const google::protobuf::Message& message) {
  const google::protobuf::Reflection& reflection = *message.GetReflection();
  const google::protobuf::UnknownFieldSet& unknown = reflection.GetUnknownFields(message);
  if (!unknown.empty()) {
    return UnknownField{unknown.field(0).number(), message.GetDescriptor()->full_name(), ""};
  }
  const google::protobuf::Descriptor& descriptor = *message.GetDescriptor();
  for (int i = 0; i < descriptor.field_count(); ++i) {
    const google::protobuf::FieldDescriptor& field = *descriptor.field(i);
    if (field.cpp_type() != google::protobuf::FieldDescriptor::CPPTYPE_MESSAGE) continue;
    const int n = field.is_repeated() ? reflection.FieldSize(message, &field)
                                      : reflection.HasField(message, &field) ? 1 : 0;
    for (int k = 0; k < n; ++k) {
      std::optional<UnknownField> found =
          FirstUnknownField(field.is_repeated() ? reflection.GetRepeatedMessage(message, &field, k)
                                                : reflection.GetMessage(message, &field));
      if (!found) continue;
      found->path = absl::StrCat(".", field.name(),
                                 field.is_repeated() ? absl::StrCat("[", k, "]") : "", found->path);
      return found;
    }
  }
  return std::nullopt;
}

}  // namespace

absl::StatusOr<std::unique_ptr<Program>> DeserializeProgram(absl::string_view bytes,
                                                            absl::string_view filename) {
  google::protobuf::Arena arena(LargeBlocks());
  ir::Program& proto = *google::protobuf::Arena::CreateMessage<ir::Program>(&arena);
  bool parsed = false;
  if (bytes.size() <= static_cast<size_t>(INT_MAX)) {
    // Malformed input makes protobuf log (e.g. invalid UTF-8 in a string);
    // the error below says all the user needs.
    google::protobuf::LogSilencer silence;
    google::protobuf::io::ArrayInputStream stream(bytes.data(),
                                                  static_cast<int>(bytes.size()));
    google::protobuf::io::CodedInputStream in(&stream);
    in.SetRecursionLimit(kMaxProtoDepth);
    parsed = proto.ParseFromCodedStream(&in) && in.ConsumedEntireMessage();
  }
  if (!parsed) {
    return absl::InvalidArgumentError(FormatDiagnostic(
        Severity::kError, Location{std::string(filename), 0, 0},
        "not a valid ptoc IR file"));
  }
  // Every writer records its format; a file without one is a truncated
  // file (the version is the last field written) or from before versions.
  if (proto.format_version() == 0) {
    return absl::InvalidArgumentError(FormatDiagnostic(
        Severity::kError, Location{std::string(filename), 0, 0},
        "not a complete ptoc IR file: it records no IR format version (a truncated file, or "
        "one written before versions: write it again from its source)"));
  }
  if (std::optional<UnknownField> unknown = FirstUnknownField(proto)) {
    const uint32_t written = proto.format_version();
    const std::string writer = absl::StrCat("ptoc IR format ", written);
    return absl::InvalidArgumentError(FormatDiagnostic(
        Severity::kError, Location{std::string(filename), 0, 0},
        absl::StrCat("written by ", writer, ", it holds field ", unknown->number, " of ",
                     unknown->message_type, " (at Program", unknown->path,
                     "), which this ptoc (IR format ", kIrFormatVersion, ") does not know",
                     written > kIrFormatVersion ? "; read it with a newer ptoc" : "")));
  }
  return Reader(filename).Read(proto);
}

std::string ProgramToTextProto(const Program& program, TextProtoFormat format) {
  ir::Program proto = ToProto(program);
  std::string out;
  if (format == TextProtoFormat::kTextProto) {
    google::protobuf::TextFormat::PrintToString(proto, &out);
    return out;
  }
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.preserve_proto_field_names = true;
  // Only Any fields can make the conversion fail, and ir.proto has none.
  (void)google::protobuf::util::MessageToJsonString(proto, &out, options);
  return out;
}

}  // namespace ptoc

#include "runtime/host_plan.h"

#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "ir/diagnostics.h"
#include "ir/output_returns.h"
#include "ir/registry.h"
#include "ir/status_macros.h"
#include "runtime/scalar_arith.h"

namespace ptoc {
namespace sim {
namespace {

// A value of the host or orchestration level.
struct HostValue {
  enum class Kind { kNone, kScalar, kTensor, kBuffer, kTuple };
  Kind kind = Kind::kNone;
  Value scalar;                     // kScalar
  TensorView tensor;                // kTensor
  int buffer = -1;                  // kBuffer: the window buffer's object
  std::vector<HostValue> elements;  // kTuple

  static HostValue Scalar(Value v) {
    HostValue h;
    h.kind = Kind::kScalar;
    h.scalar = v;
    return h;
  }
  static HostValue Tensor(TensorView t) {
    HostValue h;
    h.kind = Kind::kTensor;
    h.tensor = std::move(t);
    return h;
  }
};

// How a statement list ended.
enum class Flow { kNext, kBreak, kContinue, kYield, kReturn };

struct Frame {
  int device = -1;  // -1: the host
  int blocks = 1;   // inside `with pl.spmd(n):`, n
  absl::flat_hash_map<const Var*, HostValue> env;
  std::vector<HostValue> yielded;  // kYield / kReturn values
};

bool IsHostFunction(const Function& f) {
  for (const NamedExpr& a : f.decorator_args) {
    if (a.name == "level" && a.value->kind == ExprKind::kEnum && a.value->str == "HOST") {
      return true;
    }
  }
  return false;
}

bool IsKernelLaunch(const Function& f) {
  return f.is_kernel() || f.kind == FunctionKind::kGroup;
}

class Planner {
 public:
  Planner(const Program& program, int ranks) : program_(program), ranks_(ranks) {}

  RunPlan& plan() { return plan_; }

  absl::Status RunFunction(const Function& f, std::vector<HostValue> args, int device,
                           HostValue* result, int blocks = 1) {
    if (++depth_ > kMaxDepth) {
      return ErrorAt(f.loc, "the host and orchestration calls nest too deep (recursion?)");
    }
    Frame frame;
    frame.device = device;
    frame.blocks = blocks;
    for (size_t i = 0; i < f.params.size(); ++i) frame.env[f.params[i].var] = std::move(args[i]);
    ASSIGN_OR_RETURN(Flow flow, Exec(frame, *f.body));
    if (flow == Flow::kReturn && result != nullptr) *result = Returned(frame.yielded);
    --depth_;
    return absl::OkStatus();
  }

  int AddObject(GmObject o) {
    plan_.objects.push_back(std::move(o));
    return static_cast<int>(plan_.objects.size()) - 1;
  }

 private:
  static constexpr int kMaxDepth = 64;

  static HostValue Returned(std::vector<HostValue>& values) {
    if (values.size() == 1) return std::move(values[0]);
    HostValue t;
    t.kind = HostValue::Kind::kTuple;
    t.elements = std::move(values);
    return t;
  }

  absl::StatusOr<Flow> Exec(Frame& fr, const Stmt& st) {
    switch (st.kind) {
      case StmtKind::kSeq:
        for (const StmtPtr& s : st.stmts) {
          ASSIGN_OR_RETURN(Flow flow, Exec(fr, *s));
          if (flow != Flow::kNext) return flow;
        }
        return Flow::kNext;
      case StmtKind::kAssign: {
        ASSIGN_OR_RETURN(HostValue v, Eval(fr, *st.value));
        fr.env[st.var] = std::move(v);
        return Flow::kNext;
      }
      case StmtKind::kEval: {
        ASSIGN_OR_RETURN(HostValue v, Eval(fr, *st.value));
        (void)v;
        return Flow::kNext;
      }
      case StmtKind::kUnpack: {
        ASSIGN_OR_RETURN(HostValue v, Eval(fr, *st.value));
        if (v.kind != HostValue::Kind::kTuple || v.elements.size() != st.results.size()) {
          return ErrorAt(st.loc, "ptoc-sim: the value unpacked here is not a tuple of as many "
                                 "values");
        }
        for (size_t i = 0; i < st.results.size(); ++i) fr.env[st.results[i]] = v.elements[i];
        return Flow::kNext;
      }
      case StmtKind::kYield:
      case StmtKind::kReturn: {
        fr.yielded.clear();
        for (const ExprPtr& e : st.values) {
          ASSIGN_OR_RETURN(HostValue v, Eval(fr, *e));
          fr.yielded.push_back(std::move(v));
        }
        return st.kind == StmtKind::kYield ? Flow::kYield : Flow::kReturn;
      }
      case StmtKind::kBreak: return Flow::kBreak;
      case StmtKind::kContinue: return Flow::kContinue;
      case StmtKind::kScope: return ExecScope(fr, st);
      case StmtKind::kIf: return ExecIf(fr, st);
      case StmtKind::kFor: return ExecFor(fr, st);
      case StmtKind::kWhile: return ExecWhile(fr, st);
      default:
        return ErrorAt(st.loc, "ptoc-sim does not run this statement in a host or "
                               "orchestration function");
    }
  }

  // Binds `values` (yielded, or the initial values) to the loop's carried names.
  static void Carry(Frame& fr, const std::vector<Var*>& names, const std::vector<HostValue>& v) {
    for (size_t i = 0; i < names.size() && i < v.size(); ++i) fr.env[names[i]] = v[i];
  }

  absl::StatusOr<std::vector<HostValue>> Initial(Frame& fr, const Stmt& st) {
    std::vector<HostValue> carried;
    for (const ExprPtr& e : st.init_values) {
      ASSIGN_OR_RETURN(HostValue v, Eval(fr, *e));
      carried.push_back(std::move(v));
    }
    return carried;
  }

  // `with pl.spmd(n):` launches its kernels as n blocks; the other scopes
  // (manual_scope, auto_scope, ...) only group statements here.
  absl::StatusOr<Flow> ExecScope(Frame& fr, const Stmt& st) {
    const Expr* core_num = SpmdCoreNum(*st.value);
    if (core_num == nullptr) return Exec(fr, *st.body);
    ASSIGN_OR_RETURN(Value n, EvalScalar(fr, *core_num));
    if (n.AsInt() < 1 || n.AsInt() > kMaxBlocks) {
      return ErrorAt(core_num->loc, absl::StrCat("ptoc-sim launches 1 to ", kMaxBlocks,
                                                 " SPMD blocks, not ", n.AsInt()));
    }
    const int outer = fr.blocks;
    fr.blocks = static_cast<int>(n.AsInt());
    absl::StatusOr<Flow> flow = Exec(fr, *st.body);
    fr.blocks = outer;
    return flow;
  }
  static constexpr int kMaxBlocks = 64;

  absl::StatusOr<Flow> ExecIf(Frame& fr, const Stmt& st) {
    ASSIGN_OR_RETURN(Value cond, EvalScalar(fr, *st.value));
    const Stmt* body = cond.AsBool() ? st.body.get() : st.else_body.get();
    if (body == nullptr) return Flow::kNext;
    ASSIGN_OR_RETURN(Flow flow, Exec(fr, *body));
    if (flow != Flow::kYield) return flow;
    Carry(fr, st.results, fr.yielded);
    return Flow::kNext;
  }

  absl::StatusOr<Flow> ExecFor(Frame& fr, const Stmt& st) {
    int64_t start = 0, step = 1;
    if (st.start) {
      ASSIGN_OR_RETURN(Value v, EvalScalar(fr, *st.start));
      start = v.AsInt();
    }
    ASSIGN_OR_RETURN(Value stop, EvalScalar(fr, *st.stop));
    if (st.step) {
      ASSIGN_OR_RETURN(Value v, EvalScalar(fr, *st.step));
      step = v.AsInt();
    }
    if (step == 0) return ErrorAt(st.loc, "a loop with step 0");
    ASSIGN_OR_RETURN(std::vector<HostValue> carried, Initial(fr, st));
    for (int64_t i = start; step > 0 ? i < stop.AsInt() : i > stop.AsInt(); i += step) {
      fr.env[st.var] = HostValue::Scalar(Value::Int(i));
      Carry(fr, st.iter_args, carried);
      ASSIGN_OR_RETURN(Flow flow, Exec(fr, *st.body));
      if (flow == Flow::kReturn) return flow;
      if (flow == Flow::kYield) carried = fr.yielded;
      if (flow == Flow::kBreak) break;
    }
    Carry(fr, st.results, carried);
    return Flow::kNext;
  }

  absl::StatusOr<Flow> ExecWhile(Frame& fr, const Stmt& st) {
    ASSIGN_OR_RETURN(std::vector<HostValue> carried, Initial(fr, st));
    for (int64_t n = 0;; ++n) {
      if (n > kMaxIterations) return ErrorAt(st.loc, "a host-level while loop that never ends");
      Carry(fr, st.iter_args, carried);
      ASSIGN_OR_RETURN(Value cond, EvalScalar(fr, *st.value));
      if (!cond.AsBool()) break;
      ASSIGN_OR_RETURN(Flow flow, Exec(fr, *st.body));
      if (flow == Flow::kReturn) return flow;
      if (flow == Flow::kYield) carried = fr.yielded;
      if (flow == Flow::kBreak) break;
    }
    Carry(fr, st.results, carried);
    return Flow::kNext;
  }
  static constexpr int64_t kMaxIterations = 1 << 24;

  absl::StatusOr<Value> EvalScalar(Frame& fr, const Expr& e) {
    ASSIGN_OR_RETURN(HostValue v, Eval(fr, e));
    if (v.kind != HostValue::Kind::kScalar) return ErrorAt(e.loc, "expected a scalar value");
    return v.scalar;
  }

  absl::StatusOr<std::vector<int64_t>> EvalInts(Frame& fr, const Expr& list) {
    if (list.kind != ExprKind::kList && list.kind != ExprKind::kTuple) {
      return ErrorAt(list.loc, "expected a list of integers");
    }
    std::vector<int64_t> out;
    for (const ExprPtr& e : list.args) {
      ASSIGN_OR_RETURN(Value v, EvalScalar(fr, *e));
      out.push_back(v.AsInt());
    }
    return out;
  }

  absl::StatusOr<HostValue> Eval(Frame& fr, const Expr& e) {
    switch (e.kind) {
      case ExprKind::kInt: return HostValue::Scalar(Value::Int(e.int_value));
      case ExprKind::kFloat: return HostValue::Scalar(Value::Float(e.float_value));
      case ExprKind::kBool: return HostValue::Scalar(Value::Bool(e.bool_value));
      case ExprKind::kVar: {
        auto it = fr.env.find(e.var);
        if (it == fr.env.end()) {
          return ErrorAt(e.loc, absl::StrCat("'", e.var->name, "' has no value here"));
        }
        return it->second;
      }
      case ExprKind::kBinary: {
        ASSIGN_OR_RETURN(Value a, EvalScalar(fr, *e.args[0]));
        if (e.binary_op == BinaryOp::kAnd && !a.AsBool()) return HostValue::Scalar(Value::Bool(false));
        if (e.binary_op == BinaryOp::kOr && a.AsBool()) return HostValue::Scalar(Value::Bool(true));
        ASSIGN_OR_RETURN(Value b, EvalScalar(fr, *e.args[1]));
        absl::StatusOr<Value> r = ScalarArith(e.binary_op, a, b);
        if (!r.ok()) return ErrorAt(e.loc, r.status().message());
        return HostValue::Scalar(*r);
      }
      case ExprKind::kUnary: {
        ASSIGN_OR_RETURN(Value a, EvalScalar(fr, *e.args[0]));
        return HostValue::Scalar(ScalarUnary(e.unary_op, a));
      }
      case ExprKind::kTuple: {
        HostValue t;
        t.kind = HostValue::Kind::kTuple;
        for (const ExprPtr& x : e.args) {
          ASSIGN_OR_RETURN(HostValue v, Eval(fr, *x));
          t.elements.push_back(std::move(v));
        }
        return t;
      }
      case ExprKind::kCall:
        return e.is_function_call ? CallFunction(fr, e) : CallOp(fr, e);
      default:
        return ErrorAt(e.loc, "ptoc-sim does not evaluate this expression in a host or "
                              "orchestration function");
    }
  }

  absl::StatusOr<HostValue> CallOp(Frame& fr, const Expr& call) {
    const OpInfo* info = OpRegistry::Get().Find(call.str);
    if (info == nullptr) return ErrorAt(call.loc, absl::StrCat("unknown op '", call.str, "'"));
    if (info->gm_view != GmView::kNone) return View(fr, call, *info);
    switch (info->host_eval) {
      case HostEval::kWorldSize: return HostValue::Scalar(Value::Int(ranks_));
      case HostEval::kAllocWindowBuffer: {
        ASSIGN_OR_RETURN(Value bytes, EvalScalar(fr, *call.args[0]));
        if (bytes.AsInt() < 0) return ErrorAt(call.loc, "a window buffer of negative size");
        GmObject o;
        o.kind = GmObject::Kind::kWindowBuffer;
        o.name = buffer_names_.count(&call) ? buffer_names_[&call] : "window_buffer";
        o.shape = {bytes.AsInt()};
        HostValue h;
        h.kind = HostValue::Kind::kBuffer;
        h.buffer = AddObject(std::move(o));
        return h;
      }
      case HostEval::kWindow: {
        ASSIGN_OR_RETURN(HostValue buf, Eval(fr, *call.args[0]));
        if (buf.kind != HostValue::Kind::kBuffer) {
          return ErrorAt(call.args[0]->loc, "expected a window buffer");
        }
        ASSIGN_OR_RETURN(std::vector<int64_t> shape, EvalInts(fr, *call.args[1]));
        TensorView v{buf.buffer, 0, shape, call.type.dtype(), true, ""};
        if (ViewBytes(v) > plan_.objects[buf.buffer].Bytes()) {
          return ErrorAt(call.loc, absl::StrCat("the window needs ", ViewBytes(v),
                                                " bytes; its buffer has ",
                                                plan_.objects[buf.buffer].Bytes()));
        }
        return HostValue::Tensor(std::move(v));
      }
      case HostEval::kCreateTensor: {
        if (fr.device < 0) {
          return ErrorAt(call.loc, "ptoc-sim creates tensors in orchestration functions only");
        }
        const Expr* shape_attr = call.FindAttr("shape");
        if (shape_attr == nullptr) return ErrorAt(call.loc, "tensor.create without a shape");
        GmObject o;
        o.kind = GmObject::Kind::kDeviceTensor;
        o.name = "tensor";
        o.rank = fr.device;
        ASSIGN_OR_RETURN(o.shape, EvalInts(fr, *shape_attr));
        o.dtype = call.type.dtype();
        std::vector<int64_t> shape = o.shape;
        int object = AddObject(std::move(o));
        return HostValue::Tensor(TensorView{object, 0, shape, call.type.dtype(), false, ""});
      }
      case HostEval::kNone: break;
    }
    return ErrorAt(call.loc, absl::StrCat("ptoc-sim does not run '", call.str,
                                          "' in a host or orchestration function"));
  }

  static uint64_t ViewBytes(const TensorView& v) {
    uint64_t n = DTypeBytes(v.dtype);
    for (int64_t d : v.shape) n *= static_cast<uint64_t>(d);
    return n;
  }

  // tensor.slice (a window at offsets) and tensor.view (the same bytes under
  // another shape): a kernel is given a contiguous region, so a slice must
  // keep every dim after its first one wider than 1 whole.
  absl::StatusOr<HostValue> View(Frame& fr, const Expr& call, const OpInfo& info) {
    ASSIGN_OR_RETURN(HostValue src, Eval(fr, *call.args[0]));
    if (src.kind != HostValue::Kind::kTensor) return ErrorAt(call.args[0]->loc, "expected a tensor");
    TensorView v = src.tensor;
    v.name.clear();
    if (info.gm_view == GmView::kReshape) {
      if (call.args.size() > 1) {
        ASSIGN_OR_RETURN(v.shape, EvalInts(fr, *call.args[1]));
      }
      if (ViewBytes(v) != ViewBytes(src.tensor)) {
        return ErrorAt(call.loc, "ptoc-sim: the view has another number of elements");
      }
      return HostValue::Tensor(std::move(v));
    }
    ASSIGN_OR_RETURN(std::vector<int64_t> shape, EvalInts(fr, *call.args[1]));
    ASSIGN_OR_RETURN(std::vector<int64_t> offsets, EvalInts(fr, *call.args[2]));
    const std::vector<int64_t>& full = src.tensor.shape;
    if (shape.size() != full.size() || offsets.size() != full.size()) {
      return ErrorAt(call.loc, "ptoc-sim: the slice's rank differs from its tensor's");
    }
    uint64_t offset = 0;
    bool wide = false;  // a dim before this one has an extent above 1
    for (size_t d = 0; d < full.size(); ++d) {
      if (offsets[d] < 0 || shape[d] < 0 || offsets[d] + shape[d] > full[d]) {
        return ErrorAt(call.loc, absl::StrCat("the slice leaves the tensor in dim ", d));
      }
      if (wide && shape[d] != full[d]) {
        return ErrorAt(call.loc, "ptoc-sim passes a kernel a contiguous region of a tensor; "
                                 "this slice is strided");
      }
      wide |= shape[d] != 1;
      offset = offset * static_cast<uint64_t>(full[d]) + static_cast<uint64_t>(offsets[d]);
    }
    v.offset += offset * DTypeBytes(v.dtype);
    v.shape = shape;
    if (call.args.size() > 4) {  // drop_dims
      ASSIGN_OR_RETURN(std::vector<int64_t> drop, EvalInts(fr, *call.args[4]));
      std::vector<int64_t> kept;
      for (size_t d = 0; d < shape.size(); ++d) {
        bool dropped = false;
        for (int64_t x : drop) dropped |= x == static_cast<int64_t>(d);
        if (!dropped) kept.push_back(shape[d]);
      }
      v.shape = std::move(kept);
    }
    return HostValue::Tensor(std::move(v));
  }

  absl::StatusOr<HostValue> CallFunction(Frame& fr, const Expr& call) {
    const Function* f = program_.FindFunction(call.str);
    if (f == nullptr) return ErrorAt(call.loc, absl::StrCat("no function '", call.str, "'"));
    std::vector<HostValue> args;
    for (const ExprPtr& a : call.args) {
      ASSIGN_OR_RETURN(HostValue v, Eval(fr, *a));
      args.push_back(std::move(v));
    }
    if (args.size() != f->params.size()) {
      return ErrorAt(call.loc, absl::StrCat("'", f->name, "' takes ", f->params.size(),
                                            " arguments"));
    }
    int device = fr.device;
    if (const Expr* d = call.FindAttr("device")) {
      ASSIGN_OR_RETURN(Value v, EvalScalar(fr, *d));
      if (v.AsInt() < 0 || v.AsInt() >= ranks_) {
        return ErrorAt(d->loc, absl::StrCat("device ", v.AsInt(), " is not one of the ", ranks_,
                                            " ranks (--ranks)"));
      }
      device = static_cast<int>(v.AsInt());
    }
    // A call that leaves the host without device= runs on the first device,
    // as PyPTO's one-device dispatch does.
    if (device < 0 && !IsHostFunction(*f)) device = 0;
    if (IsKernelLaunch(*f)) return Launch(call, *f, std::move(args), device, fr.blocks);
    if (f->kind != FunctionKind::kOrchestration && !IsHostFunction(*f) &&
        f->kind != FunctionKind::kInline && f->kind != FunctionKind::kOpaque) {
      return ErrorAt(call.loc, absl::StrCat("ptoc-sim does not run a call of the ",
                                            FunctionKindName(f->kind), " function '", f->name,
                                            "' here"));
    }
    HostValue result;
    RETURN_IF_ERROR(RunFunction(*f, std::move(args), device, &result, fr.blocks));
    return result;
  }

  absl::StatusOr<HostValue> Launch(const Expr& call, const Function& kernel,
                                   std::vector<HostValue> args, int device, int blocks) {
    KernelLaunch launch;
    launch.kernel = &kernel;
    launch.call = call.loc;
    launch.blocks = blocks;
    for (size_t i = 0; i < args.size(); ++i) {
      const Var& p = *kernel.params[i].var;
      HostValue& a = args[i];
      LaunchArg arg;
      if (p.type.is_tensor()) {
        if (a.kind != HostValue::Kind::kTensor) {
          return ErrorAt(call.args[i]->loc, absl::StrCat("'", p.name, "' takes a tensor"));
        }
        if (a.tensor.window != p.type.is_distributed()) {
          return ErrorAt(call.args[i]->loc,
                         absl::StrCat("'", p.name, "' takes ",
                                      p.type.is_distributed() ? "a window" : "a plain tensor"));
        }
        if (a.tensor.name.empty()) a.tensor.name = p.name;
        arg.view = Intern(a.tensor);
      } else if (p.type.is_scalar()) {
        if (a.kind != HostValue::Kind::kScalar) {
          return ErrorAt(call.args[i]->loc, absl::StrCat("'", p.name, "' takes a scalar"));
        }
        arg.scalar = IsFloatDType(p.type.dtype()) ? Value::Float(a.scalar.AsDouble())
                                                  : a.scalar;
      } else {
        return ErrorAt(call.args[i]->loc, absl::StrCat("ptoc-sim cannot pass '", p.name, "'"));
      }
      launch.args.push_back(std::move(arg));
    }
    plan_.launches[device].push_back(std::move(launch));
    // The kernel's result: the output parameters its final return names.
    HostValue result;
    const Stmt* ret = FinalReturn(kernel);
    if (ret == nullptr) return result;
    std::vector<HostValue> values;
    for (const ExprPtr& v : ret->values) {
      const Var* p = OutputParamNamed(kernel, *v);
      HostValue out;
      for (size_t i = 0; p != nullptr && i < kernel.params.size(); ++i) {
        if (kernel.params[i].var == p) out = args[i];
      }
      values.push_back(std::move(out));
    }
    return Returned(values);
  }

  static const Stmt* FinalReturn(const Function& f) {
    const Stmt* body = f.body.get();
    if (body->kind == StmtKind::kSeq && !body->stmts.empty()) body = body->stmts.back().get();
    return body->kind == StmtKind::kReturn ? body : nullptr;
  }

  int Intern(const TensorView& v) {
    for (size_t i = 0; i < plan_.views.size(); ++i) {
      if (plan_.views[i].SameRegion(v)) return static_cast<int>(i);
    }
    plan_.views.push_back(v);
    return static_cast<int>(plan_.views.size()) - 1;
  }

 public:
  // Names each window buffer after its assignment target, as PyPTO does.
  void NameBuffers(const Stmt& st) {
    if (st.kind == StmtKind::kAssign && st.value && st.value->is_call()) {
      const OpInfo* info = OpRegistry::Get().Find(st.value->str);
      if (info != nullptr && info->host_eval == HostEval::kAllocWindowBuffer) {
        buffer_names_[st.value.get()] = st.var->name;
      }
    }
    for (const StmtPtr& s : st.stmts) NameBuffers(*s);
    if (st.body) NameBuffers(*st.body);
    if (st.else_body) NameBuffers(*st.else_body);
  }

 private:
  const Program& program_;
  const int ranks_;
  RunPlan plan_;
  int depth_ = 0;
  absl::flat_hash_map<const Expr*, std::string> buffer_names_;
};

}  // namespace

uint64_t GmObject::Bytes() const {
  uint64_t n = DTypeBytes(dtype);
  for (int64_t d : shape) n *= static_cast<uint64_t>(d);
  return n;
}

bool IsWholeProgramEntry(const Function& f) {
  return IsHostFunction(f) || f.kind == FunctionKind::kOrchestration;
}

absl::StatusOr<RunPlan> PlanRun(const Program& program, const Function& entry, int ranks,
                                const EntryParams& params) {
  Planner planner(program, ranks);
  planner.plan().launches.resize(ranks);
  for (const auto& f : program.functions) planner.NameBuffers(*f->body);
  const bool host = IsHostFunction(entry);
  // The entry's tensor parameters: once on the host, or once per rank.
  std::vector<std::vector<HostValue>> args(host ? 1 : ranks);
  for (size_t r = 0; r < args.size(); ++r) {
    for (size_t i = 0; i < entry.params.size(); ++i) {
      const Param& p = entry.params[i];
      if (!p.var->type.is_tensor()) {
        args[r].push_back(HostValue::Scalar(params.scalars[i]));
        continue;
      }
      GmObject o;
      o.kind = host ? GmObject::Kind::kHostTensor : GmObject::Kind::kDeviceTensor;
      o.name = p.var->name;
      o.rank = host ? -1 : static_cast<int>(r);
      o.param = static_cast<int>(i);
      o.shape = params.shapes[i];
      o.dtype = p.var->type.dtype();
      o.window = p.var->type.is_distributed();
      o.output = p.direction != Direction::kIn;
      const int object = planner.AddObject(o);
      args[r].push_back(HostValue::Tensor(
          TensorView{object, 0, o.shape, o.dtype, o.window, p.var->name}));
    }
  }
  for (size_t r = 0; r < args.size(); ++r) {
    RETURN_IF_ERROR(planner.RunFunction(entry, std::move(args[r]), host ? -1 : static_cast<int>(r),
                                        nullptr));
  }
  return std::move(planner.plan());
}

}  // namespace sim
}  // namespace ptoc

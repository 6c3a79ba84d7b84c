#include "ir/fingerprint.h"

#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace ptoc {
namespace {

// A multiplicative hash over a stream of tagged fields (FNV-1a for bytes).
class Hasher {
 public:
  uint64_t value() const { return h_; }

  void Bytes(const void* data, size_t n) {
    const unsigned char* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < n; ++i) {
      h_ ^= p[i];
      h_ *= 0x100000001b3ULL;
    }
  }
  // A whole word at a time (a multiply and a shift mix it in).
  void Int(int64_t v) {
    h_ = (h_ ^ static_cast<uint64_t>(v)) * 0x9e3779b97f4a7c15ULL;
    h_ ^= h_ >> 29;
  }
  // Length first, so that "ab" + "c" and "a" + "bc" differ.
  void Str(absl::string_view s) {
    Int(static_cast<int64_t>(s.size()));
    Bytes(s.data(), s.size());
  }
  void Tag(char c) { Int(c); }

  void Dims(const Shape& shape) {
    Int(static_cast<int64_t>(shape.size()));
    for (const Dim& d : shape) {
      Int(d.value);
      Str(d.symbol);
    }
  }

  void TypeOf(const Type& t) {
    Tag('T');
    Int(static_cast<int64_t>(t.kind()));
    Int(static_cast<int64_t>(t.dtype()));
    Dims(t.shape());
    Int(static_cast<int64_t>(t.memory()));
    Int(t.has_memory() ? 1 : 0);
    Int(static_cast<int64_t>(t.view().blayout));
    Int(static_cast<int64_t>(t.view().slayout));
    Dims(t.view().valid_shape);
    // Only a set pad adds to the text (fingerprints of pad-less types stay).
    if (t.view().pad != PadValue::kNull) {
      Tag('P');
      Int(static_cast<int64_t>(t.view().pad));
    }
    Str(t.extra());
    Str(t.handle());
    Int(static_cast<int64_t>(t.elements().size()));
    for (const Type& e : t.elements()) TypeOf(e);
  }

  // A use names the variable; its type is hashed where it is defined.
  void VarUse(const Var* v) {
    Tag('v');
    Str(v == nullptr ? "" : v->name);
  }
  void VarDef(const Var* v) {
    VarUse(v);
    if (v != nullptr) TypeOf(v->type);
  }
  void VarDefs(const std::vector<Var*>& vars) {
    Int(static_cast<int64_t>(vars.size()));
    for (const Var* v : vars) VarDef(v);
  }

  void ExprOf(const Expr* e) {
    if (e == nullptr) {
      Tag('0');
      return;
    }
    Tag('E');
    Int(static_cast<int64_t>(e->kind));
    // Not e->type: the printer never writes an expression's type (it
    // follows from the operands), only a variable's.
    if (e->kind == ExprKind::kVar) VarUse(e->var);
    Int(e->int_value);
    int64_t float_bits;
    std::memcpy(&float_bits, &e->float_value, sizeof float_bits);
    Int(float_bits);
    Int(e->bool_value ? 1 : 0);
    Str(e->str);
    Str(e->enum_type);
    Int(static_cast<int64_t>(e->binary_op));
    Int(static_cast<int64_t>(e->unary_op));
    Int(e->is_function_call ? 1 : 0);
    Exprs(e->args);
    Named(e->attrs);
  }
  void Exprs(const std::vector<ExprPtr>& es) {
    Int(static_cast<int64_t>(es.size()));
    for (const ExprPtr& e : es) ExprOf(e.get());
  }
  void Named(const std::vector<NamedExpr>& named) {
    Int(static_cast<int64_t>(named.size()));
    for (const NamedExpr& n : named) {
      Str(n.name);
      ExprOf(n.value.get());
    }
  }

  // A body: its statements with nested sequences flattened, then an end mark.
  void Body(const Stmt* s) {
    Tag('{');
    if (s != nullptr) Flat(*s);
    Tag('}');
  }
  void Flat(const Stmt& s) {
    if (s.kind != StmtKind::kSeq) {
      StmtOf(s);
      return;
    }
    for (const StmtPtr& c : s.stmts) {
      if (c != nullptr) Flat(*c);
    }
  }
  void StmtOf(const Stmt& s) {
    Tag('S');
    Int(static_cast<int64_t>(s.kind));
    for (const std::string& c : s.leading_comments) Str(c);
    Tag(';');
    const bool defines_var = s.kind == StmtKind::kAssign || s.kind == StmtKind::kFor ||
                             s.kind == StmtKind::kScope || s.kind == StmtKind::kSplitAiv;
    defines_var ? VarDef(s.var) : VarUse(s.var);
    ExprOf(s.value.get());
    ExprOf(s.start.get());
    ExprOf(s.stop.get());
    ExprOf(s.step.get());
    VarDefs(s.iter_args);
    Exprs(s.init_values);
    VarDefs(s.results);
    Exprs(s.values);
    Str(s.loop_kind);
    Named(s.loop_attrs);
    Int(s.split_mode);
    Body(s.body.get());
    Tag(s.else_body != nullptr ? 'e' : 'n');
    if (s.else_body != nullptr) Body(s.else_body.get());
  }

 private:
  uint64_t h_ = 0xcbf29ce484222325ULL;
};

}  // namespace

uint64_t ProgramFingerprint(const Program& program) {
  Hasher h;
  h.Str(program.name);
  h.Str(program.docstring);
  h.Named(program.decorator_args);
  for (const std::string& d : program.dynamic_dims) h.Str(d);
  h.Str(program.options.backend);
  h.Int(program.options.allow_unregistered_ops ? 1 : 0);
  h.Str(program.options.pipe_sync);
  h.Int(static_cast<int64_t>(program.functions.size()));
  for (const auto& f : program.functions) {
    h.Tag('F');
    h.Str(f->name);
    h.Int(static_cast<int64_t>(f->kind));
    h.Int(static_cast<int64_t>(f->params.size()));
    for (const Param& p : f->params) {
      h.VarDef(p.var);
      h.Int(static_cast<int64_t>(p.direction));
    }
    h.Tag(f->return_type.has_value() ? 'r' : 'n');
    if (f->return_type.has_value()) h.TypeOf(*f->return_type);
    h.Named(f->attrs);
    h.Named(f->decorator_args);
    h.Int(f->has_self ? 1 : 0);
    h.Int(f->requires_runtime_binding ? 1 : 0);
    h.Body(f->body.get());
  }
  return h.value();
}

}  // namespace ptoc

// Small constructors for IR nodes, used by the parser and by passes that
// insert statements. Every node takes the location of what caused it.
#ifndef PTOC_IR_BUILDER_H_
#define PTOC_IR_BUILDER_H_

#include <string>
#include <vector>

#include "ir/ir.h"

namespace ptoc {

ExprPtr MakeVarRef(Var* v, const Location& loc);
ExprPtr MakeInt(int64_t v, const Location& loc, DType dtype = DType::kINDEX);
ExprPtr MakeFloat(double v, const Location& loc);
ExprPtr MakeBool(bool v, const Location& loc);
ExprPtr MakeString(std::string s, const Location& loc);
ExprPtr MakeEnum(std::string enum_type, std::string value, const Location& loc);
ExprPtr MakeList(std::vector<ExprPtr> elements, const Location& loc);
// A list of integer constants, e.g. the offsets [0, 0].
ExprPtr MakeIntList(const std::vector<int64_t>& values, const Location& loc);
ExprPtr MakeBinary(BinaryOp op, ExprPtr lhs, ExprPtr rhs, Type type,
                   const Location& loc);
// A call of op `op` with result type `type` (None for an effect-only op).
ExprPtr MakeOpCall(std::string op, std::vector<ExprPtr> args,
                   std::vector<NamedExpr> attrs, Type type, const Location& loc);
NamedExpr MakeAttr(std::string name, ExprPtr value);
// a + b (copies), folded when both are integer constants or one is 0.
ExprPtr MakeSum(const Expr& a, const Expr& b, const Location& loc);

StmtPtr MakeSeq(std::vector<StmtPtr> stmts, const Location& loc);
StmtPtr MakeAssign(Var* target, ExprPtr value, const Location& loc);
StmtPtr MakeEval(ExprPtr value, const Location& loc);

// Turns `body` into a Seq in place when it is a single statement, so that
// statements can be inserted next to it (rule "bare bodies"). Returns the Seq.
Stmt& EnsureSeq(StmtPtr& body);

}  // namespace ptoc

#endif  // PTOC_IR_BUILDER_H_

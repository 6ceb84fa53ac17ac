// Elementwise primitives on tensors (NumPy broadcasting, weak scalars) and matmul.
// The dtype of each operation is the runtime's (rt::result_dtype), so that the type
// checker and the kernels cannot disagree.
#include "fluxion/runtime/elementwise.hpp"
#include "fluxion/runtime/error.hpp"
#include "support/diagnostics.hpp"
#include "types/tensor_rules.hpp"

namespace fx::types {

using ir::Prim;

namespace {

// Tables rather than switches: only these primitives have an elementwise kernel.
struct BinaryEntry {
  Prim prim;
  rt::BinaryOp op;
  const char* text;  // the source operator, for messages
};
constexpr BinaryEntry kBinary[] = {
    {Prim::Add, rt::BinaryOp::Add, "+"},           {Prim::Sub, rt::BinaryOp::Sub, "-"},
    {Prim::Mul, rt::BinaryOp::Mul, "*"},           {Prim::Div, rt::BinaryOp::Div, "/"},
    {Prim::FloorDiv, rt::BinaryOp::FloorDiv, "//"}, {Prim::Mod, rt::BinaryOp::Mod, "%"},
    {Prim::Pow, rt::BinaryOp::Pow, "**"},          {Prim::Maximum, rt::BinaryOp::Maximum, "maximum"},
    {Prim::Minimum, rt::BinaryOp::Minimum, "minimum"}, {Prim::Lt, rt::BinaryOp::Less, "<"},
    {Prim::Le, rt::BinaryOp::LessEqual, "<="},     {Prim::Gt, rt::BinaryOp::Greater, ">"},
    {Prim::Ge, rt::BinaryOp::GreaterEqual, ">="},  {Prim::Eq, rt::BinaryOp::Equal, "=="},
    {Prim::Ne, rt::BinaryOp::NotEqual, "!="},
};
constexpr std::pair<Prim, rt::UnaryOp> kUnary[] = {
    {Prim::Neg, rt::UnaryOp::Neg},         {Prim::Abs, rt::UnaryOp::Abs},       {Prim::Sign, rt::UnaryOp::Sign},
    {Prim::Relu, rt::UnaryOp::Relu},       {Prim::Floor, rt::UnaryOp::Floor},   {Prim::Ceil, rt::UnaryOp::Ceil},
    {Prim::Exp, rt::UnaryOp::Exp},         {Prim::Log, rt::UnaryOp::Log},       {Prim::Log1p, rt::UnaryOp::Log1p},
    {Prim::Expm1, rt::UnaryOp::Expm1},     {Prim::Sin, rt::UnaryOp::Sin},       {Prim::Cos, rt::UnaryOp::Cos},
    {Prim::Tan, rt::UnaryOp::Tan},         {Prim::Tanh, rt::UnaryOp::Tanh},     {Prim::Sqrt, rt::UnaryOp::Sqrt},
    {Prim::Sigmoid, rt::UnaryOp::Sigmoid}, {Prim::Softplus, rt::UnaryOp::Softplus},
    {Prim::Lgamma, rt::UnaryOp::Lgamma},   {Prim::Digamma, rt::UnaryOp::Digamma},
    {Prim::Trigamma, rt::UnaryOp::Trigamma}, {Prim::Erf, rt::UnaryOp::Erf}, {Prim::Erfc, rt::UnaryOp::Erfc},
    {Prim::Not, rt::UnaryOp::LogicalNot},
};

const BinaryEntry* binary_entry(Prim p) {
  for (const BinaryEntry& e : kBinary)
    if (e.prim == p) return &e;
  return nullptr;
}

std::optional<rt::UnaryOp> unary_op(Prim p) {
  for (const auto& [prim, op] : kUnary)
    if (prim == p) return op;
  return std::nullopt;
}

std::string op_text(Prim p) {
  const BinaryEntry* e = binary_entry(p);
  return e ? e->text : ir::prim_name(p);
}

void require_elementwise_operand(const Type* t, Prim p, SourceLoc loc) {
  if (!is_tensor(t) && !is_scalar(t) && t->kind != TypeKind::Bottom)
    compile_error(loc, op_text(p) + " expects tensors or numbers, found " + to_string(t));
}

}  // namespace

bool is_elementwise(Prim p) { return binary_entry(p) != nullptr || unary_op(p).has_value(); }

const Type* TensorRules::elementwise_dtype(Prim p, const Type* a, const Type* b, SourceLoc loc) {
  rt::BinaryOp op = binary_entry(p)->op;
  try {
    return from_rt(store_, rt::result_dtype(op, operand_dtype(a, b), operand_dtype(b, a)));
  } catch (const rt::TensorError& e) {
    // The runtime names the op ("add: ..."); the source's operator replaces that name.
    std::string why = e.message, rt_prefix = std::string(rt::op_name(op)) + ": ";
    if (why.starts_with(rt_prefix)) why.erase(0, rt_prefix.size());
    compile_error(loc, op_text(p) + ": " + why);
  }
}

const Type* TensorRules::combine(Prim p, const Type* a, const Type* b, SourceLoc loc) {
  require_elementwise_operand(a, p, loc);
  require_elementwise_operand(b, p, loc);
  if (not_known(a) || not_known(b)) return store_.bottom();
  const Type* dtype = elementwise_dtype(p, a, b, loc);
  return make_result(store_, dtype, broadcast(shape_of(a), shape_of(b), loc));
}

const Type* TensorRules::binary(Prim p, const PrimCall& call) {
  return combine(p, call.args[0], call.args[1], call.node->loc);
}

const Type* TensorRules::unary(Prim p, const PrimCall& call) {
  const Type* x = call.args[0];
  require_elementwise_operand(x, p, call.node->loc);
  if (not_known(x)) return store_.bottom();
  if (p == Prim::Not && x->dtype != store_.boolean())
    compile_error(call.node->loc, "`not` needs bool values: expected a bool tensor, found " + to_string(x));
  rt::DType d;
  try {
    d = rt::result_dtype(*unary_op(p), to_rt(dtype_of(x)));
  } catch (const rt::TensorError& e) {
    compile_error(call.node->loc, e.message + " (" + to_string(x) + ")");
  }
  return make_result(store_, from_rt(store_, d), shape_of(x));
}

const Type* TensorRules::clip(const PrimCall& call) {
  const Type* low = combine(Prim::Maximum, call.args[0], call.args[1], call.node->loc);
  return combine(Prim::Minimum, low, call.args[2], call.node->loc);
}

const Type* TensorRules::where(const PrimCall& call) {
  const Type* cond = call.args[0];
  if (!not_known(cond) && dtype_of(cond) != store_.boolean())
    compile_error(operand_at(call, 0), "where: the condition must be bool or a bool tensor, found " + to_string(cond));
  for (size_t i : {1, 2}) require_elementwise_operand(call.args[i], Prim::Where, operand_at(call, i));
  const Type* a = call.args[1];
  const Type* b = call.args[2];
  if (not_known(cond) || not_known(a) || not_known(b)) return store_.bottom();
  const Type* dtype = from_rt(store_, rt::promote(operand_dtype(a, b), operand_dtype(b, a)));
  Shape s = broadcast(broadcast(shape_of(cond), shape_of(a), call.node->loc), shape_of(b), call.node->loc);
  return make_result(store_, dtype, s);
}

// NumPy's matmul: vectors act as a row (left) or a column (right), leading axes of stacks
// of matrices broadcast.
const Type* TensorRules::matmul(const PrimCall& call) {
  const Type* a = call.args[0];
  const Type* b = call.args[1];
  SourceLoc loc = call.node->loc;
  for (const Type* t : {a, b})
    if (!is_tensor(t) && t->kind != TypeKind::Bottom)
      compile_error(loc, "@ needs tensors, found " + to_string(a) + " and " + to_string(b));
  if (not_known(a) || not_known(b)) return store_.bottom();
  for (const Type* t : {a, b}) {
    if (t->dtype == store_.boolean()) compile_error(loc, "@ needs numeric tensors, found " + to_string(t));
    if (t->rank == 0)
      compile_error(loc, "@ needs tensors of rank 1 or more, found " + to_string(t) + "; use * for a scalar");
  }
  const Type* dtype = from_rt(store_, rt::promote(to_rt(a->dtype), to_rt(b->dtype)));
  if (a->rank < 0 || b->rank < 0) return store_.tensor(dtype);
  Shape sa = shape_of(a), sb = shape_of(b);
  int64_t inner_a = sa.dim(sa.rank - 1);
  int64_t inner_b = sb.rank == 1 ? sb.dim(0) : sb.dim(sb.rank - 2);
  if (inner_a >= 0 && inner_b >= 0 && inner_a != inner_b)
    compile_error(loc, "matmul: inner dimensions differ: " + sa.text() + " @ " + sb.text());
  Shape out;
  if (sa.rank == 1 && sb.rank == 1) {
    out.rank = 0;
  } else if (sa.rank == 1) {
    out.dims.assign(sb.dims.begin(), sb.dims.end() - 2);
    out.dims.push_back(sb.dim(sb.rank - 1));
  } else if (sb.rank == 1) {
    out.dims.assign(sa.dims.begin(), sa.dims.end() - 1);
  } else {
    Shape batch_a{sa.rank - 2, {sa.dims.begin(), sa.dims.end() - 2}};
    Shape batch_b{sb.rank - 2, {sb.dims.begin(), sb.dims.end() - 2}};
    out.dims = broadcast(batch_a, batch_b, loc).dims;
    out.dims.push_back(sa.dim(sa.rank - 2));
    out.dims.push_back(sb.dim(sb.rank - 1));
  }
  if (out.rank != 0) out.rank = static_cast<int64_t>(out.dims.size());
  return make_result(store_, dtype, out);
}

}  // namespace fx::types

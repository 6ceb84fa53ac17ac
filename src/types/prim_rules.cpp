// Type rules of the primitives (docs/ir.md "Primitives", LANGUAGE.md §2); tensors and the
// scalar primitives applied to tensors are in tensor_*_rules.cpp (tensor_rules.hpp).
// Bottom ("not known yet") operands never cause an error: they make the result Bottom
// (or whatever the rule can still tell), so approximations during recursion and loop
// fixpoints do not report spurious errors. Known operands are checked eagerly.
#include "types/prim_rules.hpp"

#include "support/diagnostics.hpp"
#include "types/locations.hpp"

namespace fx::types {

using ir::Prim;

namespace {

bool is_bottom(const Type* t) { return t->kind == TypeKind::Bottom; }

// The source operator of a comparison primitive, for messages.
const char* operator_text(Prim p) {
  if (p == Prim::Lt) return "<";
  if (p == Prim::Le) return "<=";
  if (p == Prim::Gt) return ">";
  if (p == Prim::Ge) return ">=";
  if (p == Prim::Eq) return "==";
  if (p == Prim::Ne) return "!=";
  return ir::prim_name(p);
}

}  // namespace

SourceLoc operand_at(const PrimCall& call, size_t i) {
  const auto& written = call.node->arg_locs;
  if (i < written.size() && written[i].valid()) return written[i];
  return i < call.arg_nodes.size() ? operand_loc(call.node, call.arg_nodes[i]) : call.node->loc;
}

std::string count_of(size_t n, const char* what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

const Type* PrimRules::infer(Prim p, const PrimCall& call) {
  int arity = ir::prim_info(p).arity;
  if (arity >= 0 && call.args.size() != static_cast<size_t>(arity))
    compile_error(call.node->loc, std::string(ir::prim_name(p)) + " takes " +
                                      count_of(arity, "argument") + ", " +
                                      std::to_string(call.args.size()) + " given");
  switch (p) {
    case Prim::Add:
    case Prim::Sub:
    case Prim::Mul:
    case Prim::Div:
    case Prim::FloorDiv:
    case Prim::Mod:
    case Prim::Pow:
    case Prim::Maximum:
    case Prim::Minimum:
      return arithmetic(p, call);
    case Prim::Neg:
    case Prim::Abs:
    case Prim::Sign:
    case Prim::Relu:
      return math(p, call, /*keeps_type=*/true);
    case Prim::MatMul:
      return tensors_.matmul(call);
    case Prim::Lt:
    case Prim::Le:
    case Prim::Gt:
    case Prim::Ge:
      return compare(p, call);
    case Prim::Eq:
    case Prim::Ne:
      return equality(p, call);
    case Prim::Not:
      if (is_tensor(call.args[0])) return tensors_.unary(p, call);
      if (!is_bottom(call.args[0]) && call.args[0] != store_.boolean())
        compile_error(call.node->loc, "`not` needs a bool: expected bool, found " + to_string(call.args[0]));
      return store_.boolean();
    case Prim::Exp:
    case Prim::Log:
    case Prim::Log1p:
    case Prim::Expm1:
    case Prim::Sin:
    case Prim::Cos:
    case Prim::Tan:
    case Prim::Tanh:
    case Prim::Sqrt:
    case Prim::Sigmoid:
    case Prim::Softplus:
    case Prim::Floor:
    case Prim::Ceil:
    case Prim::Lgamma:
    case Prim::Digamma:
    case Prim::Trigamma:
    case Prim::Erf:
    case Prim::Erfc:
      return math(p, call, /*keeps_type=*/false);
    case Prim::ToF64:
    case Prim::ToI64:
      return convert(p, call);
    case Prim::ToStr:
      if (!call.args.empty() && is_function(call.args[0]))
        compile_error(call.node->loc, "str() expects a number, bool, str, tuple, struct or tensor, found " +
                                          to_string(call.args[0]));
      return store_.str();
    case Prim::MakeTuple:
      return store_.tuple(call.args);
    case Prim::TupleGet:
      return tuple_get(call);
    case Prim::MakeStruct:
      return make_struct(call);
    case Prim::GetAttr:
    case Prim::SetAttr:
      return field_access(p, call);
    case Prim::MakeVariant:
      return make_variant(call);
    case Prim::VariantTag:
      return variant_tag(call);
    case Prim::VariantField:
      return variant_field(call);
    case Prim::If:
      return control_.infer_if(call);
    case Prim::While:
      return control_.infer_while(call);
    case Prim::Print:
    case Prim::Assert:
    case Prim::Fail:
      return effect(p, call);
    case Prim::Arg:
      return program_arg(call);
    case Prim::Clock:
      return store_.f64();
    // Derivatives (LANGUAGE.md §6; derivative_rules.cpp, derivative_calls.cpp).
    case Prim::Grad:
    case Prim::ValueAndGrad:
    case Prim::Jacfwd:
    case Prim::Jacrev:
    case Prim::Hessian:
    case Prim::Derivative:
    case Prim::Checkpoint:
    case Prim::CustomVjp:
    case Prim::CustomJvp:
      return derivative_operator(p, call);
    case Prim::Jvp:
    case Prim::Vjp:
    case Prim::GradHook:
      return control_.infer_derivative_call(p, call);
    case Prim::StopGradient:
      return call.args[0];
    case Prim::TreeMap:
      return control_.infer_tree_map(call);
    case Prim::Fused: {  // made by the optimiser only (ops.def): the kernel's result
      const ir::Node* kernel = call.arg_nodes.empty() ? nullptr : call.arg_nodes[0];
      if (!kernel || !kernel->holds_graph() || !kernel->as_graph()->output || !kernel->as_graph()->output->type)
        internal_error("type inference", "fused(...) needs a typed kernel graph as its first operand");
      return kernel->as_graph()->output->type;
    }
    // Tensors (tensor_rules.hpp).
    case Prim::Zeros:
    case Prim::Ones:
    case Prim::Full:
      return tensors_.filled(p, call);
    case Prim::Arange:
      return tensors_.arange(call);
    case Prim::Eye:
      return tensors_.eye(call);
    case Prim::MakeTensor:
      return tensors_.make_tensor(call);
    case Prim::RowsEmpty:
      return store_.rows_empty();
    case Prim::RowsAppend:
      return tensors_.rows_append(call);
    case Prim::AsType:
      return tensors_.astype(call);
    case Prim::Key:
    case Prim::Split:
    case Prim::Normal:
    case Prim::Uniform:
    case Prim::Dropout:
      return tensors_.random(p, call);
    case Prim::Len:
      return tensors_.len(call);
    case Prim::Index:
      return tensors_.index(call);
    case Prim::SetIndex:
      return tensors_.set_index(call);
    case Prim::Clip:
      return tensors_.clip(call);
    case Prim::Where:
      return tensors_.where(call);
    case Prim::Sum:
    case Prim::Mean:
    case Prim::Prod:
    case Prim::ReduceMax:
    case Prim::ReduceMin:
    case Prim::LogSumExp:
    case Prim::ArgMax:
    case Prim::ArgMin:
    case Prim::Norm:
      return tensors_.reduction(p, call);
    case Prim::Dot:
    case Prim::Outer:
    case Prim::Trace:
      return tensors_.product(p, call);
    case Prim::Transpose:
      return tensors_.transpose(call);
    case Prim::Reshape:
      return tensors_.reshape(call);
    case Prim::Concat:
    case Prim::Stack:
      return tensors_.join_along(p, call);
    case Prim::Diag:
      return tensors_.diag(call);
    case Prim::Softmax:
    case Prim::LogSoftmax:
      return tensors_.softmax(call);
    case Prim::Conv2d:
      return tensors_.conv2d(call);
    case Prim::MaxPool2d:
    case Prim::PoolSum:
      return tensors_.max_pool2d(p, call);
    case Prim::OneHot:
      return tensors_.one_hot(call);
    case Prim::Load:
    case Prim::Save:
    case Prim::ReadBytes:
    case Prim::ReadIdx:
    case Prim::LoadTxt:
    case Prim::ReadNumbers:
      return tensors_.file(p, call);
    case Prim::Unbroadcast:
    case Prim::BroadcastLike:
    case Prim::ExpandReduced:
    case Prim::MatMulVjpA:
    case Prim::MatMulVjpB:
    case Prim::MatMulVjpAAdd:
    case Prim::MatMulVjpBAdd:
    case Prim::Conv2dVjpX:
    case Prim::Conv2dVjpW:
    case Prim::PoolWeights:
    case Prim::Upsample:
      return tensors_.adjoint(p, call);
    // Emitted by the AD transforms, whose output is not type-checked again.
    case Prim::MakeClosure:
    case Prim::ClosureEnv:
    case Prim::Jfn:
    case Prim::Tfn:
    case Prim::ZerosLike:  // also the user's zeros_like(x): x's type, every number zero
      if (call.args.size() == 1 && !is_function(call.args[0])) return call.args[0];
      compile_error(call.node->loc, "zeros_like needs a number, tensor, tuple or struct, found " +
                                        (call.args.empty() ? std::string("no argument") : to_string(call.args[0])));
    case Prim::ClosureIs: return store_.boolean();
    case Prim::GradSeed: return store_.f64();  // 1.0, or a located error: made by the expansion
    case Prim::ClosureAt:  // put in by the specialiser, after inference: the function's type
      if (!call.args.empty()) return call.args[0];
      [[fallthrough]];
    case Prim::AddTangent:
    case Prim::ListEmpty:
    case Prim::ListPush:
    case Prim::ListTop:
    case Prim::ListPop:
    case Prim::ListIsEmpty:
      internal_error("type inference", std::string("'") + ir::prim_name(p) +
                                           "' is made by the AD transforms, whose output is never type-checked");
  }
  internal_error("type inference", "unknown primitive");
}

// ------------------------------------------------------------------ numbers
const Type* PrimRules::number_operand(const Type* t, SourceLoc loc) {
  if (!is_bottom(t) && !is_number(t)) compile_error(loc, "expected a number, found " + to_string(t));
  return t;
}

// i64 op float → float (LANGUAGE.md §2). An f32 scalar is a rank-0 f32 tensor (it comes
// from indexing an f32 tensor), beside which an f64 scalar is weak: f32 op f64 → f32
// (docs/tensors.md).
const Type* PrimRules::promote(const Type* a, const Type* b, SourceLoc loc) {
  number_operand(a, loc);
  number_operand(b, loc);
  if (is_bottom(a) || is_bottom(b)) return store_.bottom();
  if (a == b) return a;
  if (a == store_.i64()) return b;
  if (b == store_.i64()) return a;
  return store_.f32();  // f32 with f64
}

const Type* PrimRules::arithmetic(Prim p, const PrimCall& call) {
  if (is_tensor(call.args[0]) || is_tensor(call.args[1])) return tensors_.binary(p, call);
  // str + str concatenates (paths and messages); a str with anything else is an error (other
  // operators: promote's "expected a number, found str").
  if (p == Prim::Add && (call.args[0] == store_.str() || call.args[1] == store_.str())) {
    const Type* a = call.args[0];
    const Type* b = call.args[1];
    if ((a == store_.str() || is_bottom(a)) && (b == store_.str() || is_bottom(b))) return store_.str();
    const Type* other = a == store_.str() ? b : a;
    compile_error(call.node->loc, "+ joins two strings: expected str, found " + to_string(other) +
                                      "; convert a number with str(x)");
  }
  const Type* t = promote(call.args[0], call.args[1], call.node->loc);
  if (p == Prim::Div && t == store_.i64()) return store_.f64();  // true division
  return t;
}

const Type* PrimRules::math(Prim p, const PrimCall& call, bool keeps_type) {
  if (is_tensor(call.args[0])) return tensors_.unary(p, call);
  const Type* t = number_operand(call.args[0], call.node->loc);
  if (is_bottom(t) || keeps_type) return t;
  return t == store_.f32() ? t : store_.f64();
}

const Type* PrimRules::compare(Prim p, const PrimCall& call) {
  const Type* a = call.args[0];
  const Type* b = call.args[1];
  if (is_tensor(a) || is_tensor(b)) return tensors_.binary(p, call);
  for (const Type* t : {a, b})
    if (!is_bottom(t) && !is_number(t))
      compile_error(call.node->loc, std::string(operator_text(p)) +
                                        " compares numbers: expected a number, found " + to_string(t));
  promote(a, b, call.node->loc);
  return store_.boolean();
}

// == and != compare two values of the same type; numbers of different types compare
// by value, as in Python (1 == 1.0).
const Type* PrimRules::equality(Prim p, const PrimCall& call) {
  const Type* a = call.args[0];
  const Type* b = call.args[1];
  if (is_tensor(a) || is_tensor(b)) return tensors_.binary(p, call);  // elementwise
  if (is_bottom(a) || is_bottom(b)) return store_.boolean();
  if (is_number(a) && is_number(b)) {
    promote(a, b, call.node->loc);
    return store_.boolean();
  }
  if (is_function(a) || is_function(b))
    compile_error(call.node->loc, std::string(operator_text(p)) + " cannot compare functions (found " +
                                      to_string(a) + " and " + to_string(b) + ")");
  if (!join(store_, a, b))
    compile_error(call.node->loc, std::string(operator_text(p)) +
                                      " needs two values of the same type, found " + to_string(a) +
                                      " and " + to_string(b));
  return store_.boolean();
}

const Type* PrimRules::convert(Prim p, const PrimCall& call) {
  const Type* t = call.args[0];
  const char* fn = p == Prim::ToF64 ? "float" : "int";
  if (!is_bottom(t) && !is_number(t) && t != store_.boolean())
    compile_error(call.node->loc, std::string(fn) + "() expects a number or bool, found " + to_string(t) +
                                      (is_tensor(t) ? std::string("; convert a tensor with astype(x, ") +
                                                          (p == Prim::ToF64 ? "f64" : "i64") + ")"
                                                    : std::string()));
  return p == Prim::ToF64 ? store_.f64() : store_.i64();
}

// ------------------------------------------------------------------- tuples
const ir::Node* PrimRules::constant_operand(Prim p, const PrimCall& call, size_t i) {
  if (call.arg_nodes.size() <= i)
    compile_error(call.node->loc, std::string(ir::prim_name(p)) + " cannot be called through a function value");
  const ir::Node* n = call.arg_nodes[i];
  if (!n->is_constant())
    compile_error(n->loc.valid() ? n->loc : call.node->loc,
                  std::string(ir::prim_name(p)) + " needs a constant here");
  return n;
}

const Type* PrimRules::tuple_get(const PrimCall& call) {
  const ir::Node* index_node = call.arg_nodes.size() > 1 ? call.arg_nodes[1] : nullptr;
  if (!index_node || !index_node->is_constant() || !std::holds_alternative<int64_t>(index_node->value))
    compile_error(call.node->loc, "a tuple index must be a constant integer");
  int64_t index = index_node->as_int();
  const Type* t = call.args[0];
  if (is_bottom(t)) return t;
  // The tangent of a recursive closure (derivative code typed for native code) is a tuple.
  if (t->kind == TypeKind::RecursiveTangent && store_.recursive_tangent_env(t->graph)) t = store_.recursive_tangent_env(t->graph);
  if (t->kind != TypeKind::Tuple)
    compile_error(call.node->loc, "cannot index " + to_string(t) + ": expected a tuple");
  int64_t size = static_cast<int64_t>(t->elems.size());
  int64_t i = index < 0 ? index + size : index;
  if (i < 0 || i >= size)
    compile_error(call.node->loc, "tuple index " + std::to_string(index) + " is out of range: " +
                                      to_string(t) + " has " + count_of(size, "element"));
  return t->elems[i];
}

// ------------------------------------------------------------------ effects
const Type* PrimRules::effect(Prim p, const PrimCall& call) {
  if (p == Prim::Fail) return store_.bottom();  // never returns: joins with anything
  if (p == Prim::Assert) {
    if (!is_bottom(call.args[0]) && call.args[0] != store_.boolean())
      compile_error(operand_at(call, 0), "assert condition must be bool, found " + to_string(call.args[0]));
    if (!is_bottom(call.args[1]) && call.args[1] != store_.str() && call.args[1] != store_.none())
      compile_error(call.node->loc, "assert message must be a string, found " + to_string(call.args[1]));
  }
  return store_.none();  // print takes any values
}

}  // namespace fx::types

namespace fx::types {

const Type* PrimRules::program_arg(const PrimCall& call) {
  const Type* index = call.args[0];
  const Type* fallback = call.args[1];
  if (index->kind != TypeKind::Bottom && index != store_.i64())
    compile_error(operand_at(call, 0), "arg(i, default) needs an i64 position, found " + to_string(index));
  if (fallback->kind == TypeKind::Bottom) return fallback;
  if (fallback != store_.str() && fallback != store_.i64() && fallback != store_.f64() && fallback != store_.boolean())
    compile_error(operand_at(call, 1), "arg(i, default) converts the argument to the type of its default, which "
                                       "must be str, i64, f64 or bool, found " + to_string(fallback));
  return fallback;
}

}  // namespace fx::types

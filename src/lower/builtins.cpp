#include "lower/builtins.hpp"

namespace fx::lower {

namespace {

using ir::Prim;
using K = ParamKind;
using D = DefaultKind;

// Parameter shorthands for the table.
BuiltinParam req(const char* name) { return {name}; }
BuiltinParam omitted(const char* name) { return {name, K::Value, D::Omitted}; }
BuiltinParam int_value(const char* name, int64_t v) { return {name, K::Value, D::Int, v}; }
BuiltinParam axis(int64_t v) { return {"axis", K::Axis, D::Int, v}; }

// (x, axis=None, keepdims=False): the reductions.
std::vector<BuiltinParam> reduction() {
  return {req("x"), {"axis", K::AxisOrNone, D::None}, {"keepdims", K::Flag, D::False}};
}

const Builtin kBuiltins[] = {
    {"abs", Prim::Abs, 1},         {"exp", Prim::Exp, 1},         {"log", Prim::Log, 1},
    {"log1p", Prim::Log1p, 1},     {"expm1", Prim::Expm1, 1},     {"sin", Prim::Sin, 1},
    {"cos", Prim::Cos, 1},         {"tan", Prim::Tan, 1},         {"tanh", Prim::Tanh, 1},
    {"sqrt", Prim::Sqrt, 1},       {"sign", Prim::Sign, 1},       {"sigmoid", Prim::Sigmoid, 1},
    {"relu", Prim::Relu, 1},       {"softplus", Prim::Softplus, 1}, {"floor", Prim::Floor, 1},
    {"lgamma", Prim::Lgamma, 1},   {"digamma", Prim::Digamma, 1}, {"trigamma", Prim::Trigamma, 1},
    {"erf", Prim::Erf, 1},         {"erfc", Prim::Erfc, 1},
    {"ceil", Prim::Ceil, 1},       {"maximum", Prim::Maximum, 2}, {"minimum", Prim::Minimum, 2},
    // max/min of two values are the elementwise maximum/minimum; of one tensor, the
    // reductions (reduction_form).
    {"max", Prim::Maximum, 2},     {"min", Prim::Minimum, 2},     {"float", Prim::ToF64, 1},
    {"int", Prim::ToI64, 1},       {"str", Prim::ToStr, 1},       {"print", Prim::Print, -1},
    {"arg", Prim::Arg, 2},         {"clock", Prim::Clock, 0},
    // Derivative operators (LANGUAGE.md §6). The argnums ones take (f) or (f, argnums), also
    // as `argnums=`, resolved to a constant by the lowering (lower_derivatives.cpp); vjp
    // takes the function and its arguments.
    {"grad", Prim::Grad, 2},                 {"value_and_grad", Prim::ValueAndGrad, 2},
    {"jacfwd", Prim::Jacfwd, 2},             {"jacrev", Prim::Jacrev, 2},
    {"hessian", Prim::Hessian, 2},           {"derivative", Prim::Derivative, 1},
    {"jvp", Prim::Jvp, 3},                   {"vjp", Prim::Vjp, -1},
    {"stop_gradient", Prim::StopGradient, 1}, {"grad_hook", Prim::GradHook, 2},
    {"checkpoint", Prim::Checkpoint, 1},     {"custom_vjp", Prim::CustomVjp, 3},
    {"custom_jvp", Prim::CustomJvp, 2},
    {"tree_map", Prim::TreeMap, -1},         {"zeros_like", Prim::ZerosLike, 1},
    // Tensors (LANGUAGE.md §5): parameters in the primitive's operand order (ops.def).
    // Construction and random numbers.
    {"zeros", Prim::Zeros, 0, {req("shape")}},
    {"ones", Prim::Ones, 0, {req("shape")}},
    {"full", Prim::Full, 0, {req("shape"), req("value")}},
    {"arange", Prim::Arange, 0, {req("start"), omitted("stop"), omitted("step")}, true},
    {"eye", Prim::Eye, 0, {req("n"), omitted("m")}},
    {"astype", Prim::AsType, 0, {req("x"), {"dtype", K::DType}}},
    {"key", Prim::Key, 0, {req("seed")}},
    {"split", Prim::Split, 0, {req("key")}},
    {"normal", Prim::Normal, 0, {req("key"), req("shape")}},
    {"uniform", Prim::Uniform, 0, {req("key"), req("shape")}},
    {"len", Prim::Len, 0, {req("x")}},
    // Elementwise beyond the scalar core.
    {"clip", Prim::Clip, 0, {req("x"), req("lo"), req("hi")}},
    {"where", Prim::Where, 0, {req("cond"), req("a"), req("b")}},
    // Reductions.
    {"sum", Prim::Sum, 0, reduction()},
    {"mean", Prim::Mean, 0, reduction()},
    {"prod", Prim::Prod, 0, reduction()},
    {"logsumexp", Prim::LogSumExp, 0, reduction()},
    {"argmax", Prim::ArgMax, 0, reduction()},
    {"argmin", Prim::ArgMin, 0, reduction()},
    {"norm", Prim::Norm, 0, reduction()},
    // Linear algebra and shapes.
    {"matmul", Prim::MatMul, 0, {req("a"), req("b")}},
    {"dot", Prim::Dot, 0, {req("a"), req("b")}},
    {"outer", Prim::Outer, 0, {req("a"), req("b")}},
    {"transpose", Prim::Transpose, 0, {req("x")}},
    {"trace", Prim::Trace, 0, {req("x")}},
    {"reshape", Prim::Reshape, 0, {req("x"), req("shape")}},
    {"concat", Prim::Concat, 0, {req("xs"), axis(0)}},
    {"stack", Prim::Stack, 0, {req("xs"), axis(0)}},
    {"diag", Prim::Diag, 0, {req("x"), int_value("k", 0)}},
    // Neural networks.
    {"softmax", Prim::Softmax, 0, {req("x"), axis(-1)}},
    {"log_softmax", Prim::LogSoftmax, 0, {req("x"), axis(-1)}},
    {"conv2d", Prim::Conv2d, 0, {req("x"), req("w"), int_value("stride", 1), int_value("padding", 0)}},
    {"max_pool2d", Prim::MaxPool2d, 0, {req("x"), req("k")}},
    {"one_hot", Prim::OneHot, 0, {req("i"), req("n")}},
    {"dropout", Prim::Dropout, 0, {req("key"), req("x"), req("p")}},
    // Files.
    {"load", Prim::Load, 0, {req("path"), omitted("like"), {"dtype", K::DType, D::Omitted}}},
    {"save", Prim::Save, 0, {req("path"), req("value")}},
    {"read_bytes", Prim::ReadBytes, 0, {req("path")}},
    {"read_idx", Prim::ReadIdx, 0, {req("path")}},
    {"loadtxt", Prim::LoadTxt, 0, {req("path"), int_value("skiprows", 0), {"delimiter", K::Value, D::None}}},
    {"read_numbers", Prim::ReadNumbers, 0, {req("path")}},
};

const Builtin kReduceMax{"max", Prim::ReduceMax, 0, reduction()};
const Builtin kReduceMin{"min", Prim::ReduceMin, 0, reduction()};

}  // namespace

bool takes_argnums(ir::Prim p) {
  return p == Prim::Grad || p == Prim::ValueAndGrad || p == Prim::Jacfwd || p == Prim::Jacrev || p == Prim::Hessian;
}

const Builtin* find_builtin(const std::string& name) {
  for (const Builtin& b : kBuiltins)
    if (name == b.name) return &b;
  return nullptr;
}

const Builtin* reduction_form(const Builtin& b) {
  if (b.prim == Prim::Maximum && std::string(b.name) == "max") return &kReduceMax;
  if (b.prim == Prim::Minimum && std::string(b.name) == "min") return &kReduceMin;
  return nullptr;
}

std::string unsupported_builtin_message(const std::string& name) {
  if (name == "range") return "range() can only be used as the iterable of a for loop or a comprehension";
  if (name == "f64" || name == "f32" || name == "i64" || name == "bool")
    return "'" + name + "' is a type name; as a value it can only be the dtype of astype(x, " + name + ")";
  if (name == "Tensor") return "'Tensor' is a type name; it can only be used in annotations (x: Tensor[f64])";
  return "";
}

}  // namespace fx::lower

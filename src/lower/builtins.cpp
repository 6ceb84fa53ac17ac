#include "lower/builtins.hpp"

#include <cstring>

namespace fx::lower {

namespace {

using ir::Prim;

const Builtin kBuiltins[] = {
    {"abs", Prim::Abs, 1},         {"exp", Prim::Exp, 1},         {"log", Prim::Log, 1},
    {"log1p", Prim::Log1p, 1},     {"expm1", Prim::Expm1, 1},     {"sin", Prim::Sin, 1},
    {"cos", Prim::Cos, 1},         {"tan", Prim::Tan, 1},         {"tanh", Prim::Tanh, 1},
    {"sqrt", Prim::Sqrt, 1},       {"sign", Prim::Sign, 1},       {"sigmoid", Prim::Sigmoid, 1},
    {"relu", Prim::Relu, 1},       {"softplus", Prim::Softplus, 1}, {"floor", Prim::Floor, 1},
    {"ceil", Prim::Ceil, 1},       {"maximum", Prim::Maximum, 2}, {"minimum", Prim::Minimum, 2},
    // On scalars max/min of two values are the elementwise maximum/minimum; the
    // one-argument reductions belong to tensors (see unsupported_builtin_message).
    {"max", Prim::Maximum, 2},     {"min", Prim::Minimum, 2},     {"float", Prim::ToF64, 1},
    {"int", Prim::ToI64, 1},       {"print", Prim::Print, -1},
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
};

// Names LANGUAGE.md promises that later issues implement. Recognising them gives a
// clear "not supported yet" instead of "unknown name".
const char* const kTensorNames[] = {
    "zeros", "ones", "full", "arange", "eye", "key", "split", "normal", "uniform", "len",
    "sum", "mean", "prod", "logsumexp", "argmax", "argmin", "norm", "matmul", "dot", "outer",
    "transpose", "trace", "reshape", "concat", "stack", "diag", "softmax", "log_softmax",
    "conv2d", "max_pool2d", "one_hot", "dropout", "load", "save", "read_bytes", "read_idx",
    "clip", "where", "astype", "f32", "Tensor",
};

}  // namespace

bool takes_argnums(ir::Prim p) {
  return p == Prim::Grad || p == Prim::ValueAndGrad || p == Prim::Jacfwd || p == Prim::Jacrev || p == Prim::Hessian;
}

const Builtin* find_builtin(const std::string& name) {
  for (const Builtin& b : kBuiltins)
    if (name == b.name) return &b;
  return nullptr;
}

std::string unsupported_builtin_message(const std::string& name) {
  if (name == "range") return "range() can only be used as the iterable of a for loop";
  for (const char* t : kTensorNames)
    if (name == t) return "'" + name + "': tensors are not supported yet";
  return "";
}

}  // namespace fx::lower

// max(x) and min(x) over a whole f64 tensor, the first step of log-sum-exp and of softmax: a
// runtime call costs about 0.25 µs of checks and dispatch (reduce.cpp's general path: any axis,
// any dtype) before its loop, which is most of the time on a small tensor. The loop here is
// the runtime's `extreme` (reduce.cpp): the first nan is the result, else the first element
// that no later one beats, so the result is the runtime's bit for bit (a max or min rounds
// nothing). An empty tensor, a view or a rank-0 value goes to the runtime, which words the
// error or handles the layout.
#include "codegen/full_extremes.hpp"

#include <variant>

#include "codegen/c_names.hpp"

namespace fx::codegen {

using ir::Prim;
using types::Type;
using types::TypeKind;

namespace {

bool f64_tensor(const Type* t) { return t->kind == TypeKind::Tensor && t->dtype && t->dtype->kind == TypeKind::F64; }

// max(x, None, False): the whole tensor to one number.
bool whole(const PrimSite& s) {
  if (s.check_nan || !s.consumed.empty() || s.args.size() != 3 || !f64_tensor(s.arg_types[0]) ||
      s.result->kind != TypeKind::F64)
    return false;
  const ir::Node* axis = s.node->arg(1);
  const ir::Node* keepdims = s.node->arg(2);
  return axis->is_constant() && std::holds_alternative<ir::NoneVal>(axis->value) && keepdims->is_constant() &&
         std::holds_alternative<bool>(keepdims->value) && !std::get<bool>(keepdims->value);
}

}  // namespace

Emitted full_extreme(const PrimSite& s) {
  if ((s.prim != Prim::ReduceMax && s.prim != Prim::ReduceMin) || !whole(s)) return runtime_call(s);
  const bool max = s.prim == Prim::ReduceMax;
  const std::string fn = std::string(max ? "fx_max" : "fx_min") + (types::rank_of(s.arg_types[0]) >= 1 ? "_T" : "_U");
  s.types.function(fn, "static double " + fn + "(int64_t loc, fx_tensor* a0)", [&] {
    PrimSite inside{s.prim, s.node, {"a0", s.args[1], s.args[2]}, s.arg_types, s.result, "loc", "r", s.types};
    Emitted slow = runtime_call(inside);
    return "{\n"
           "  if (fx_f64_run_like(a0, a0) && a0->size > 0) {\n"
           "    const double* r_in = (const double*)a0->data;\n"
           "    double r_best = r_in[0];\n"
           "    for (int64_t r_i = 0; r_i < a0->size; ++r_i) {\n"
           "      const double r_e = r_in[r_i];\n"
           "      if (r_e != r_e) return r_e;\n"
           "      if (r_e " + std::string(max ? ">" : "<") + " r_best) r_best = r_e;\n"
           "    }\n"
           "    return r_best;\n"
           "  }\n" +
           indent_lines(slow.statements + "return " + slow.value + ";\n") + "}\n";
  });
  return {"", fn + "(" + s.loc + ", " + s.args[0] + ")"};
}

}  // namespace fx::codegen

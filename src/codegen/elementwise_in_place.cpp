// An elementwise f64 operation on tensors whose tensor operand dies at it (handovers.hpp hands
// it over): when nobody else holds that tensor and every tensor operand has its layout, the
// result is computed into its storage by a plain C loop, each element with the scalar
// emission (prims_scalar.cpp: bit for bit the runtime's kernel); otherwise the runtime
// evaluates it, taking the operand. Log-sum-exp's gradient scales e = exp(x) by 1/sum(e) as
// its last step: the runtime call allocated a second tensor (malloc, the call, the header)
// and freed e right after.
#include "codegen/elementwise_in_place.hpp"

#include "codegen/c_names.hpp"
#include "ir/elementwise.hpp"

namespace fx::codegen {

using types::Type;
using types::TypeKind;

namespace {

bool f64_tensor(const Type* t) { return t->kind == TypeKind::Tensor && t->dtype && t->dtype->kind == TypeKind::F64; }

}  // namespace

bool in_place_site(const PrimSite& s) {
  if (s.check_nan || !ir::elementwise_f64(s.prim) || !f64_tensor(s.result)) return false;
  for (size_t i = 0; i < s.args.size(); ++i)
    if (s.consumed.contains(i)) return s.arg_types[i] == s.result;
  return false;
}

Emitted elementwise_in_place(const PrimSite& s) {
  const std::string& r = s.result_name;
  size_t target = 0;
  while (!s.consumed.contains(target)) ++target;
  const std::string& x = s.args[target];
  // The element's operands: each tensor read at the index (the target through the output
  // pointer, which it is), each number as it is.
  PrimSite element{s.prim, s.node, {}, {}, s.result->dtype, s.loc, r + "_e", s.types};
  std::string cond = "fx_tensor_unique(" + x + ") && fx_f64_run_like(" + x + ", " + x + ")";
  std::string setup = "double* " + r + "_o = (double*)" + x + "->data;\nconst int64_t " + r + "_n = " + x + "->size;\n";
  for (size_t i = 0; i < s.args.size(); ++i) {
    if (!f64_tensor(s.arg_types[i])) {
      element.args.push_back(s.args[i]);
      element.arg_types.push_back(s.arg_types[i]);
      continue;
    }
    element.arg_types.push_back(s.result->dtype);
    if (i == target) {
      element.args.push_back(r + "_o[" + r + "_i]");
      continue;
    }
    const std::string in = r + "_in" + std::to_string(i);
    cond += " && fx_f64_run_like(" + s.args[i] + ", " + x + ")";
    setup += "const double* " + in + " = (const double*)" + s.args[i] + "->data;\n";
    element.args.push_back(in + "[" + r + "_i]");
  }
  Emitted e = emission_of(s.prim)(element);
  std::string loop = setup + "for (int64_t " + r + "_i = 0; " + r + "_i < " + r + "_n; ++" + r + "_i) {\n" +
                     indent_lines(e.statements + "const double " + element.result_name + " = " + e.value + ";\n" + r +
                              "_o[" + r + "_i] = " + element.result_name + ";\n") +
                     "}\n" + r + "_v = " + x + ";\n";
  Emitted slow = runtime_call(s);  // takes x, as the consumed mask says
  std::string code = "fx_tensor* " + r + "_v;\nif (" + cond + ") {\n" + indent_lines(loop) + "} else {\n" +
                     indent_lines(slow.statements + r + "_v = " + slow.value + ";\n") + "}\n";
  return {code, r + "_v"};
}

}  // namespace fx::codegen

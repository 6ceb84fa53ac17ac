// An elementwise f64 operation on tensors, computed by a plain C loop, each element with the
// scalar emission (prims_scalar.cpp: bit for bit the runtime's kernel), when every tensor
// operand is laid out as the first one (no broadcasting, no view); otherwise the runtime
// evaluates it.
// - In place: when a tensor operand dies at the operation (handovers.hpp hands it over) and
//   nobody else holds it, the loop writes into its storage. Log-sum-exp's gradient scales
//   e = exp(x) by 1/sum(e) as its last step: the runtime call allocated a second tensor
//   (malloc, the call, the header) and freed e right after.
// - Into a new tensor: when no operand is handed over, the loop writes a tensor of the first
//   operand's shape (a function per operation and kind of operands). The runtime's general path (operand checks, broadcasting, dtype
//   promotion, dispatch on the operation) costs about a quarter of a microsecond per call,
//   which is what an operation on a small tensor costs (kmeans's, lse's and LSTM's gradients
//   are made of such calls).
#include "codegen/elementwise_loops.hpp"

#include "codegen/c_names.hpp"
#include "ir/elementwise.hpp"

namespace fx::codegen {

using types::Type;
using types::TypeKind;

namespace {

bool f64_tensor(const Type* t) { return t->kind == TypeKind::Tensor && t->dtype && t->dtype->kind == TypeKind::F64; }
bool number(const Type* t) { return t->kind == TypeKind::F64 || t->kind == TypeKind::I64; }

bool elementwise_f64_site(const PrimSite& s) {
  return !s.check_nan && ir::elementwise_f64(s.prim) && f64_tensor(s.result);
}

// The loop of s writing `out` (a double*) over n elements, `like` the tensor whose layout the
// others must have: the guard that they do, the pointers' setup and the loop. `target`, an
// operand read through `out` (in place), or s.args.size() for none.
struct Loop {
  std::string cond, setup, body;
};
Loop element_loop(const PrimSite& s, const std::string& like, size_t target) {
  const std::string& r = s.result_name;
  PrimSite element{s.prim, s.node, {}, {}, s.result->dtype, s.loc, r + "_e", s.types};
  Loop loop;
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
    loop.cond += " && fx_f64_run_like(" + s.args[i] + ", " + like + ")";
    loop.setup += "const double* " + in + " = (const double*)" + s.args[i] + "->data;\n";
    element.args.push_back(in + "[" + r + "_i]");
  }
  Emitted e = emission_of(s.prim)(element);
  loop.body = "for (int64_t " + r + "_i = 0; " + r + "_i < " + r + "_n; ++" + r + "_i) {\n" +
              indent_lines(e.statements + "const double " + element.result_name + " = " + e.value + ";\n" + r + "_o[" +
                           r + "_i] = " + element.result_name + ";\n") +
              "}\n";
  return loop;
}

// `fast` when cond holds, the runtime's call otherwise, into r_v.
Emitted guarded(const PrimSite& s, const std::string& cond, const std::string& fast) {
  const std::string& r = s.result_name;
  Emitted slow = runtime_call(s);  // takes the handed-over operands, as the consumed mask says
  std::string code = "fx_tensor* " + r + "_v;\nif (" + cond + ") {\n" + indent_lines(fast) + "} else {\n" +
                     indent_lines(slow.statements + r + "_v = " + slow.value + ";\n") + "}\n";
  return {code, r + "_v"};
}

}  // namespace

bool in_place_site(const PrimSite& s) {
  if (!elementwise_f64_site(s)) return false;
  for (size_t i = 0; i < s.args.size(); ++i)
    if (s.consumed.contains(i)) return s.arg_types[i] == s.result;
  return false;
}

Emitted elementwise_in_place(const PrimSite& s) {
  const std::string& r = s.result_name;
  size_t target = 0;
  while (!s.consumed.contains(target)) ++target;
  const std::string& x = s.args[target];
  Loop loop = element_loop(s, x, target);
  const std::string cond = "fx_tensor_unique(" + x + ") && fx_f64_run_like(" + x + ", " + x + ")" + loop.cond;
  const std::string fast = "double* " + r + "_o = (double*)" + x + "->data;\nconst int64_t " + r + "_n = " + x +
                           "->size;\n" + loop.setup + loop.body + r + "_v = " + x + ";\n";
  return guarded(s, cond, fast);
}

bool new_tensor_site(const PrimSite& s) {
  if (!elementwise_f64_site(s)) return false;
  bool tensor = false;
  for (size_t i = 0; i < s.args.size(); ++i) {
    if (s.consumed.contains(i)) return false;
    if (f64_tensor(s.arg_types[i])) tensor = true;
    else if (!number(s.arg_types[i])) return false;
  }
  return tensor;
}

// One C function per operation and kind of operands (tensors of known or unknown rank,
// numbers), shared by every site: `fx_ew_add_Td(loc, a0, a1)` for a ranked tensor plus an
// f64. Written inline at each site, the loop and its fallback made the C of programs with
// many tensor operations (the random derivative programs) slow to compile.
Emitted elementwise_new_tensor(const PrimSite& s) {
  auto letter = [](const Type* t) {
    return f64_tensor(t) ? (types::rank_of(t) >= 1 ? "T" : "U") : t->kind == TypeKind::F64 ? "d" : "i";
  };
  std::string fn = "fx_ew_" + sanitise(ir::prim_name(s.prim)) + "_";
  for (const Type* t : s.arg_types) fn += letter(t);
  fn += std::string("_") + letter(s.result);
  std::string params = "int64_t loc";
  std::vector<std::string> names;
  for (size_t i = 0; i < s.args.size(); ++i) {
    names.push_back("a" + std::to_string(i));
    params += ", " + std::string(f64_tensor(s.arg_types[i]) ? "fx_tensor* " : s.types.name(s.arg_types[i]) + " ") + names.back();
  }
  s.types.function(fn, "static fx_tensor* " + fn + "(" + params + ")", [&] {
    PrimSite inside{s.prim, s.node, names, s.arg_types, s.result, "loc", "r", s.types};
    size_t first = 0;
    while (!f64_tensor(s.arg_types[first])) ++first;
    Loop loop = element_loop(inside, names[first], s.args.size());
    Emitted slow = runtime_call(inside);
    return "{\n" +
           indent_lines("if (" + loop.cond.substr(4) + ") {\n" +  // (without the leading " && ")
                        indent_lines("fx_tensor* r_v = fx_rt_tensor_f64_like(" + names[first] +
                                     ");\ndouble* r_o = (double*)r_v->data;\nconst int64_t r_n = r_v->size;\n" +
                                     loop.setup + loop.body + "return r_v;\n") +
                        "}\n" + slow.statements + "return " + slow.value + ";\n") +
           "}\n";
  });
  std::string call = fn + "(" + s.loc;
  for (const std::string& a : s.args) call += ", " + a;
  return {"", call + ")"};
}

}  // namespace fx::codegen

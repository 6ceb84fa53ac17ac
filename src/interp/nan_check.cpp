// --check-nan: the check after each primitive application and its message (nan_check.hpp).
// Part of the runtime that generated code links (fx_rt_check_nan); the interpreter's own
// checked application, which needs its machine, is in checked_apply.cpp.
#include "interp/nan_check.hpp"

#include <cmath>

#include "fluxion/runtime/elementwise.hpp"
#include "fluxion/runtime/reduce.hpp"
#include "interp/format.hpp"
#include "interp/primitives.hpp"
#include "support/diagnostics.hpp"

namespace fx::interp {

bool is_non_finite_number(const Value& v) {
  switch (v.kind()) {
    case Kind::Float: return !std::isfinite(v.as_float());
    case Kind::Tensor: return has_non_finite(v);
    case Kind::Undef:
    case Kind::None:
    case Kind::Bool:
    case Kind::Int:
    case Kind::Prim:
    case Kind::Str:
    case Kind::Tuple:
    case Kind::Struct:
    case Kind::Variant:
    case Kind::Closure:
    case Kind::Explicit:
    case Kind::Derived:
    case Kind::List: return false;
  }
  return false;
}

namespace {

// The operators a user writes to take a derivative; the other generic codes (checkpoint,
// custom rules called plainly, helpers) only pass through.
bool is_derivative_operator(ad::Generic g) {
  switch (g) {
    case ad::Generic::Grad:
    case ad::Generic::ValueAndGrad:
    case ad::Generic::Jacfwd:
    case ad::Generic::Jacrev:
    case ad::Generic::Hessian:
    case ad::Generic::Derivative:
    case ad::Generic::Jvp:
    case ad::Generic::Vjp: return true;
    case ad::Generic::Checkpoint:
    case ad::Generic::CustomVjp:
    case ad::Generic::CustomJvp:
    case ad::Generic::PrimFn:
    case ad::Generic::GradSeed:
    case ad::Generic::JacfwdLoop:
    case ad::Generic::JacrevBack:
    case ad::Generic::CustomJvpBack: return false;
  }
  return false;
}

// The innermost derivative operator in progress, as the user wrote it: hessian is built
// from jacfwd(jacrev(f)), whose own calls are not the user's.
const char* innermost_operator(const std::vector<ad::Generic>& ops) {
  for (size_t i = ops.size(); i-- > 0;) {
    if (!is_derivative_operator(ops[i])) continue;
    size_t j = i;
    while (j > 0 && (ops[j] == ad::Generic::Jacfwd || ops[j] == ad::Generic::Jacrev)) --j;
    if (j < i && ops[j] == ad::Generic::Hessian) return ad::generic_name(ad::Generic::Hessian);
    return ad::generic_name(ops[i]);
  }
  return nullptr;
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The pass a generated graph belongs to, from the outermost transform mark its name ends
// with (ad/context.cpp transformed_name); null for a graph no transform produced.
const char* pass_of(std::string name) {
  static const struct {
    const char* mark;
    const char* pass;
  } kMarks[] = {{"[back]", "the reverse pass"}, {"[J]", "the forward pass"}, {"[T]", "the forward-mode derivative"}};
  while (ends_with(name, "[cc]")) name.resize(name.size() - 4);
  for (const auto& m : kMarks)
    if (ends_with(name, m.mark)) return m.pass;
  return nullptr;
}

// An operand or result as text, shortened: a tensor may have millions of elements.
std::string short_text(const Value& v) {
  constexpr size_t kMax = 60;
  std::string text = format_value(v);
  if (text.size() > kMax) text = text.substr(0, kMax) + "...";
  return text;
}

std::string describe_result(const Value& v) {
  if (v.kind() == Kind::Float) return format_value(v);
  if (v.kind() == Kind::Tensor && rt::is_float(v.as_tensor().dtype())) {
    const rt::Tensor& t = v.as_tensor();
    bool nan = rt::sum(rt::not_equal(t, t)).item().to_i64() != 0;
    return nan ? "a tensor containing nan" : "a tensor containing inf";
  }
  return short_text(v);
}

const char* prim_text(ir::Prim p) {
  return p == ir::Prim::AddTangent ? "add_tangent (the sum of two derivative contributions)" : ir::prim_name(p);
}

}  // namespace

std::string describe_derivative(const std::string& graph_name, const std::vector<ad::Generic>& operators) {
  const char* pass = pass_of(graph_name);
  const char* op = innermost_operator(operators);
  if (pass && op) return std::string(" in ") + pass + " of " + op;
  if (pass) return std::string(" in ") + pass + " of a derivative";
  if (op) return std::string(" inside ") + op;
  return "";
}

std::string nan_report(ir::Prim p, const Value* operands, size_t n, const Value& result) {
  if (!is_non_finite_number(result)) return "";
  // Operands that already hold a nan or an infinity pass it on: not reported again. (Looked
  // at only now: walking every operand of every tuple operation would cost quadratic time.)
  for (size_t i = 0; i < n; ++i)
    if (has_non_finite(operands[i])) return "";
  std::string message = std::string("check-nan: ") + prim_text(p) + " produced " + describe_result(result);
  if (n > 0) {
    message += n == 1 ? " (operand: " : " (operands: ";
    for (size_t i = 0; i < n; ++i) message += (i ? ", " : "") + short_text(operands[i]);
    message += ")";
  }
  return message;
}

}  // namespace fx::interp

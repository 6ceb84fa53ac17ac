// --check-nan (interp::Options::check_nan): a primitive that turns finite operands into a
// nan or an infinity is a located run-time error, so that the first bad operation of a
// program — often deep inside a derivative — is reported where it happens instead of as a
// nan loss at the end.
//
// When the option is on, the evaluator applies primitives through Machine::apply_checked
// instead of apply_primitive (one predictable branch when it is off). The message names the primitive, the
// operands, and, for a node of a graph the AD engine generated, the pass it belongs to and
// the derivative operator being evaluated (see describe_derivative).
#pragma once
#include <string>
#include <vector>

#include "ad/generic.hpp"
#include "interp/value.hpp"
#include "ir/ir.hpp"

namespace fx::interp {

// Is v a number (f64 scalar or float tensor) holding a nan or an infinity? Only such
// results are examined: structural primitives (tuples, fields) cannot create non-finite
// values, and walking their results would cost time proportional to the data each time.
bool is_non_finite_number(const Value& v);

// The report of primitive p that turned `operands` into `result`: "check-nan: log produced nan
// (operand: -1.0)", or "" when there is nothing to report (a finite result, or an operand that
// already held a nan or an infinity and passed it on). Native code under --check-nan reports
// through it too (fx_rt_check_nan).
std::string nan_report(ir::Prim p, const Value* operands, size_t n, const Value& result);

// " in the reverse pass of grad", " in the forward-mode derivative of jvp", " inside grad",
// or "" for ordinary code. `graph_name` is the name of the graph the node belongs to (the AD
// transforms append "[J]", "[back]", "[T]" to the names of the graphs they generate);
// `operators` the derived-function calls in progress, outermost first.
std::string describe_derivative(const std::string& graph_name, const std::vector<ad::Generic>& operators);

// The derived-function calls in progress, pushed by Machine::call_derived while --check-nan
// is on (so that the message can name the operator); popped on every exit, errors included.
class DerivativeScope {
 public:
  DerivativeScope(std::vector<ad::Generic>& stack, ad::Generic kind, bool active) : stack_(active ? &stack : nullptr) {
    if (stack_) stack_->push_back(kind);
  }
  ~DerivativeScope() {
    if (stack_) stack_->pop_back();
  }
  DerivativeScope(const DerivativeScope&) = delete;
  DerivativeScope& operator=(const DerivativeScope&) = delete;

 private:
  std::vector<ad::Generic>* stack_;
};

}  // namespace fx::interp

// --check-nan in the interpreter: Machine::apply_checked applies a primitive and reports the
// first nan or infinity it makes out of finite operands (nan_check.hpp). Apart from
// nan_check.cpp, which native code links too (fx_rt_check_nan), because it needs the machine.
#include <string>
#include <vector>

#include "interp/machine.hpp"
#include "interp/nan_check.hpp"
#include "interp/primitives.hpp"
#include "support/diagnostics.hpp"

namespace fx::interp {

// Off the fast path: called instead of apply_primitive only under --check-nan.
[[gnu::noinline]] Value Machine::apply_checked(ir::Prim p, Value* args, size_t n, const ir::Node* at) {
  // Extra references keep the operands intact for the check and the message: a primitive may
  // otherwise reuse the storage of a tensor operand that only it holds.
  std::vector<Value> kept(args, args + n);
  const SourceLoc loc = at ? at->loc : SourceLoc{};
  Value result = is_ad_primitive(p) ? eval_ad_prim(p, args, n, at) : apply_primitive(p, loc, args, n, out_);
  std::string message = nan_report(p, kept.data(), n, result);
  if (message.empty()) return result;
  if (at && at->graph) {
    const std::vector<ad::Generic>* operators = &derivatives_;
    if (options_.derivative_operators && derivatives_.empty()) {  // an expanded program
      auto it = options_.derivative_operators->find(at->graph);
      if (it != options_.derivative_operators->end()) operators = &it->second;
    }
    message += describe_derivative(at->graph->name, *operators);
  }
  runtime_error(site(at), message);
}

}  // namespace fx::interp

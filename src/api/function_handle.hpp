// The state behind fluxion::Module and fluxion::Function (src/api/).
#pragma once
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "api/host_shape.hpp"
#include "codegen/jit.hpp"
#include "driver/compilation.hpp"
#include "fluxion/module.hpp"
#include "interp/interp.hpp"

namespace fluxion::detail {

// One way of running a function (a top-level one, or a derivative applied to arguments) at one
// signature of argument types.
struct Specialisation {
  // The typed clone (of the top-level function, or of `lambda a0, ..: grad(f)(a0, ..)` for a
  // derivative), or the generic graph (a function argument); null for a derivative that the
  // interpreter runs from its function value (FunctionHandle::value).
  const fx::ir::Graph* graph = nullptr;
  Backend backend = Backend::Interpreter;
  // The graph's derivatives were expanded ahead of time (Compilation::expand_derivatives): the
  // interpreter runs it with the expanded program's options (ModuleState::expanded_session).
  bool expanded = false;
  // Native: the program (its fx_call entry) and how arguments and result map to its slots.
  std::unique_ptr<fx::codegen::CProgram> program;
  std::optional<fx::codegen::NativeProgram> native;
  std::vector<HostShape> params;
  HostShape result;
  size_t arg_slots = 0, result_slots = 0;
  // Every parameter and the result is a scalar: the lock-free path of Function::call checks
  // the arguments' kinds against `scalar_params` only, and converts on the stack.
  bool scalar_only = false;
  std::vector<Value::Kind> scalar_params;
};
struct ModuleState {
  explicit ModuleState(const Options& options);
  ~ModuleState();

  Options options;
  fx::driver::Options driver_options;
  // Held while compiling and while the interpreter runs (its values are not thread-safe);
  // native calls of a compiled specialisation do not take it.
  std::recursive_mutex lock;
  std::unique_ptr<fx::driver::Compilation> compilation;
  // The interpreter of untyped code: a generic graph called with a function argument from the
  // host, and the function values (FunctionHandle::value) the host passes into it. Derivatives
  // are built ahead of time, so one met there is a located error (interp::Options::runtime_ad).
  std::unique_ptr<fx::interp::Session> session;
  // The interpreter of the typed, expanded program (made at first use: it runs with
  // Compilation::interp_options() once derivatives have been expanded).
  fx::interp::Options expanded_options;  // the session keeps a reference to them
  std::unique_ptr<fx::interp::Session> expanded_session;
  fx::interp::Session& expanded();
  std::map<std::pair<const fx::ir::Graph*, std::string>, std::unique_ptr<Specialisation>> specialisations;

  // The value of an expression in the module's scope, typed and its derivatives expanded
  // ahead of time (Module::eval; under the lock).
  fx::interp::Value evaluate(const std::string& expression);
  // The untyped function value of an expression (a function, or a derivative operator applied
  // to one), which the host passes to untyped code; built once per text.
  const fx::interp::Value& function_value(const std::string& expression);
  std::map<std::string, fx::interp::Value> function_values;
};

struct FunctionHandle {
  ~FunctionHandle();  // drops `value` under the module's lock

  std::shared_ptr<ModuleState> module;
  std::string name;            // "loss", "grad(loss, argnums=0)", "pullback"
  std::string expression;      // its text in the module's scope ("" for a value returned by a call)
  fx::ir::Graph* top = nullptr;  // the top-level function (not a derivative)
  fx::ir::Graph* differentiated = nullptr;  // the top-level function a derivative is built from
  std::optional<fx::interp::Value> value;   // the function value, once evaluated (not for `top`)
  // `value` was made by the expanded program (the pullback of a vjp that ran expanded): it is
  // called by the session that runs that program, which knows its closures' conversions.
  bool expanded = false;
  std::atomic<const Specialisation*> last{nullptr};  // the last specialisation called: the fast path
};

// A new handle for `expression` (a derivative of `of`).
std::shared_ptr<FunctionHandle> derived_handle(const FunctionHandle& of, std::string name, std::string expression);

}  // namespace fluxion::detail

// The state behind fluxion::Module and fluxion::Function (src/api/).
#pragma once
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "codegen/jit.hpp"
#include "driver/compilation.hpp"
#include "fluxion/module.hpp"
#include "interp/interp.hpp"

namespace fluxion::detail {

// One way of running a top-level function at one signature of argument types.
struct Specialisation {
  const fx::ir::Graph* graph = nullptr;  // the typed clone, or the generic graph (a function argument)
  Backend backend = Backend::Interpreter;
  // Native: the program (its fx_call entry), and the argument kinds it was compiled for.
  std::unique_ptr<fx::codegen::CProgram> program;
  std::optional<fx::codegen::NativeProgram> native;
  std::vector<Value::Kind> params;
  Value::Kind result = Value::Kind::None;
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
  std::unique_ptr<fx::interp::Session> session;  // keeps the AD engine's caches across calls
  std::map<std::pair<const fx::ir::Graph*, std::string>, std::unique_ptr<Specialisation>> specialisations;

  // The value of an expression in the module's scope (under the lock).
  fx::interp::Value evaluate(const std::string& expression);
  // The function value of an expression (a derivative operator applied to a function), built
  // once per text: `grad(m.loss)` in a training loop compiles nothing after the first step.
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
  std::atomic<const Specialisation*> last{nullptr};  // the last specialisation called: the fast path
};

// A new handle for `expression` (a derivative of `of`).
std::shared_ptr<FunctionHandle> derived_handle(const FunctionHandle& of, std::string name, std::string expression);

}  // namespace fluxion::detail

// Loading programs and looking their functions up (include/fluxion/module.hpp).
#include <cstdlib>
#include <iostream>

#include "api/convert.hpp"
#include "api/errors.hpp"
#include "api/function_handle.hpp"
#include "codegen/cache.hpp"
#include "interp/format.hpp"
#include "support/large_stack.hpp"

namespace fluxion {

namespace detail {

namespace {
// What the CLI reads from the environment when the options leave it open.
fx::driver::Options driver_options_for(const Options& o) {
  fx::driver::Options d;
  d.engine = fx::driver::Engine::Interpreter;  // the API chooses per call (function.cpp)
  d.interp.max_call_depth = o.max_call_depth;
  d.interp.max_loop_iterations = o.max_loop_iterations;
  d.interp.check_nan = o.check_nan;
  d.jit.use_cache = o.use_cache;
  d.jit.cache_dir = !o.cache_dir.empty() ? o.cache_dir
                                         : fx::codegen::Cache::default_dir(std::getenv("XDG_CACHE_HOME"), std::getenv("HOME"));
  if (!o.c_compiler.empty()) d.jit.compiler.command = o.c_compiler;
  else if (const char* cc = std::getenv("FLUXION_CC"); cc && cc[0]) d.jit.compiler.command = cc;
  if (!o.stdlib_dir.empty()) d.stdlib_dir = o.stdlib_dir;
  return d;
}
}  // namespace

ModuleState::ModuleState(const Options& o) : options(o), driver_options(driver_options_for(o)) {
  compilation = std::make_unique<fx::driver::Compilation>(driver_options);
  session = std::make_unique<fx::interp::Session>(compilation->module(), driver_options.interp, std::cout);
}

ModuleState::~ModuleState() = default;

fx::interp::Session& ModuleState::expanded() {
  if (!expanded_session) {
    expanded_options = compilation->interp_options();
    expanded_session = std::make_unique<fx::interp::Session>(compilation->module(), expanded_options, std::cout);
  }
  return *expanded_session;
}

fx::interp::Value ModuleState::evaluate(const std::string& expression) {
  fx::ir::Graph* g = nullptr;
  fx::run_with_large_stack([&] {
    g = compilation->typed_expression(expression);
    compilation->expand_derivatives({g});
  });
  return expanded().call(g, {});
}

const fx::interp::Value& ModuleState::function_value(const std::string& expression) {
  auto it = function_values.find(expression);
  if (it == function_values.end()) {
    const fx::ir::Graph* g = nullptr;
    fx::run_with_large_stack([&] { g = compilation->typed_expression(expression); });
    it = function_values.emplace(expression, session->call(g, {})).first;
  }
  return it->second;
}

FunctionHandle::~FunctionHandle() {
  if (!value || !module) return;
  std::lock_guard<std::recursive_mutex> hold(module->lock);
  value.reset();
}

std::shared_ptr<FunctionHandle> derived_handle(const FunctionHandle& of, std::string name, std::string expression) {
  auto h = std::make_shared<FunctionHandle>();
  h->module = of.module;
  h->name = std::move(name);
  h->expression = std::move(expression);
  h->differentiated = of.top ? of.top : of.differentiated;
  return h;
}

}  // namespace detail

using detail::guarded;
using detail::ModuleState;

const char* backend_name(Backend backend) { return backend == Backend::Native ? "native" : "interpreter"; }

std::string Argnums::text() const {
  if (!several_ && positions_.size() == 1) return std::to_string(positions_[0]);
  std::string out = "(";
  for (size_t i = 0; i < positions_.size(); ++i) out += (i ? ", " : "") + std::to_string(positions_[i]);
  return out + (positions_.size() == 1 ? ",)" : ")");
}

// The state outlives the translation of a load error: the error's location points into it.
Module Module::load(const std::string& path, const Options& options) {
  auto state = guarded([&] { return std::make_shared<ModuleState>(options); });
  guarded([&] { fx::run_with_large_stack([&] { state->compilation->load_file(path); }); });
  return Module(state);
}

Module Module::loads(const std::string& source, const std::string& name, const Options& options) {
  auto state = guarded([&] { return std::make_shared<ModuleState>(options); });
  guarded([&] { fx::run_with_large_stack([&] { state->compilation->load_source(name, source); }); });
  return Module(state);
}

bool Module::has_function(const std::string& name) const {
  std::lock_guard<std::recursive_mutex> hold(state_->lock);
  return name.find('@') == std::string::npos && state_->compilation->module().find_function(name) != nullptr;
}

std::vector<std::string> Module::function_names() const {
  std::lock_guard<std::recursive_mutex> hold(state_->lock);
  std::vector<std::string> names;
  // Functions of imported files are "name@FILE" only when the root file defines the same name.
  for (const auto& [name, g] : state_->compilation->module().functions)
    if (name.find('@') == std::string::npos && name.rfind("__", 0) != 0) names.push_back(name);
  return names;
}

Function Module::function(const std::string& name) const {
  std::lock_guard<std::recursive_mutex> hold(state_->lock);
  fx::ir::Graph* g = has_function(name) ? state_->compilation->module().find_function(name) : nullptr;
  if (!g) {
    std::string message = "the program has no top-level function named '" + name + "'";
    throw Error(Error::Kind::Compile, "", 0, 0, message, "fluxion: error: " + message);
  }
  auto h = std::make_shared<detail::FunctionHandle>();
  h->module = state_;
  h->name = name;
  h->expression = name;
  h->top = g;
  return Function(h);
}

Value Module::eval(const std::string& expression) const {
  std::lock_guard<std::recursive_mutex> hold(state_->lock);
  return guarded([&] { return detail::from_interp(state_->evaluate(expression), state_, true); });
}

}  // namespace fluxion

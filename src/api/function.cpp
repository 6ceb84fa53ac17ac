// Calling a function: the engine is chosen per signature of argument types (module.hpp
// "Engines"); a native specialisation is called without the module's lock.
#include "api/convert.hpp"
#include "api/host_call.hpp"
#include "api/errors.hpp"
#include "api/function_handle.hpp"
#include "codegen/unsupported.hpp"
#include "interp/format.hpp"
#include "lower/lower.hpp"
#include "support/diagnostics.hpp"
#include "support/large_stack.hpp"

#include <iostream>

namespace fluxion {

namespace {

using detail::ArgumentPlace;
using detail::FunctionHandle;
using detail::ModuleState;
using detail::Specialisation;
namespace fi = fx::interp;

constexpr size_t kMaxNativeArgs = 16;  // the fast path's slots, on the stack

ArgumentPlace argument_place(const fx::ir::Graph* g, size_t i) {
  std::string what = "argument " + std::to_string(i + 1);
  if (i < g->params.size()) what += " (" + g->params[i]->name + ")";
  return {g->loc, what + " of " + fi::function_display_name(*g) + "()"};
}

// Where host arguments of h are reported: at the function h is (or differentiates).
ArgumentPlace place_of(const FunctionHandle& h, size_t i) {
  const fx::ir::Graph* g = h.top ? h.top : h.differentiated;
  return g ? argument_place(g, i) : ArgumentPlace{{}, "argument " + std::to_string(i + 1)};
}

// Does the native specialisation `s` take exactly these arguments (the lock-free fast path)?
// Scalar signatures compare kinds only; others compare the arguments' structure, dtypes and
// ranks with the specialisation's shapes.
bool fits(const Specialisation& s, const Value* args, size_t n) {
  if (n != s.params.size()) return false;
  if (s.scalar_only) {
    for (size_t i = 0; i < n; ++i)
      if (args[i].kind() != s.scalar_params[i]) return false;
    return true;
  }
  for (size_t i = 0; i < n; ++i)
    if (!detail::matches(args[i], s.params[i])) return false;
  return true;
}

Value call_scalar(const Specialisation& s, const Value* args, size_t n) {
  fx_slot in[kMaxNativeArgs], out;
  for (size_t i = 0; i < n; ++i) {
    switch (s.scalar_params[i]) {
      case Value::Kind::Float: in[i].f64 = args[i].as_float(); break;
      case Value::Kind::Int: in[i].i64 = args[i].as_int(); break;
      default: in[i].b = args[i].as_bool(); break;
    }
  }
  s.native->call(in, &out);
  size_t next = 0;
  return detail::from_slots(&out, next, s.result);
}

// A call of native code with any arguments the slots carry: tensors are handed to the call as
// borrowed views of the caller's memory (not copied), the result's tensors are the host's.
Value call_native(const FunctionHandle& h, const Specialisation& s, const Value* args, size_t n) {
  if (s.scalar_only) return call_scalar(s, args, n);
  // Slots on the stack where they fit (the common case), else on the heap.
  fx_slot stack_in[kMaxNativeArgs], stack_out[kMaxNativeArgs];
  std::vector<fx_slot> heap_in, heap_out;
  fx_slot* in = stack_in;
  fx_slot* out = stack_out;
  if (s.arg_slots > kMaxNativeArgs) in = (heap_in.resize(s.arg_slots), heap_in.data());
  if (s.result_slots > kMaxNativeArgs) out = (heap_out.resize(s.result_slots), heap_out.data());
  std::vector<std::pair<size_t, fx::rt::Tensor>> tensors;
  size_t next = 0;
  for (size_t i = 0; i < n; ++i) detail::to_slots(args[i], s.params[i], in, next, tensors, [&h, i] { return place_of(h, i); });
  detail::hand_tensors(in, tensors);  // from here on the call gives them back, even when it fails
  s.native->call(in, out);
  next = 0;
  return detail::from_slots(out, next, s.result);
}

// Expands s.graph's derivatives ahead of time, as `fluxion run` does (one that cannot be built
// is a located compile error, and the specialisation is not kept), then compiles it natively
// when the engine allows and the back end supports it, with the fx_call entry.
void prepare(ModuleState& m, Specialisation& s, fx::SourceLoc where) {
  fx::driver::Compilation& c = *m.compilation;
  fx::run_with_large_stack([&] { c.expand_derivatives({const_cast<fx::ir::Graph*>(s.graph)}); });
  s.expanded = true;
  if (m.options.engine == Engine::Interpreter) return;
  try {
    fx::codegen::EmitOptions emit;
    emit.max_call_depth = m.driver_options.interp.max_call_depth;
    emit.max_loop_iterations = m.driver_options.interp.max_loop_iterations;
    emit.host_call = true;  // the emitter refuses parameters and results that cannot cross (host_slots.hpp)
    emit.check_nan = m.options.check_nan;  // the checked variant, as `fluxion run --check-nan` compiles
    fx::codegen::CProgram program;
    fx::run_with_large_stack([&] { program = c.emit(s.graph, emit); });
    s.program = std::make_unique<fx::codegen::CProgram>(std::move(program));
  } catch (const fx::codegen::Unsupported& u) {
    s.program.reset();
    if (m.options.engine == Engine::Native)
      detail::host_error(u.loc.valid() ? u.loc : where, "the native back end does not support " + u.what + " yet (the automatic engine runs it in the interpreter: Engine::Auto, engine=\"auto\")");
    return;
  }
  fx::types::Annotations& annotations = c.checker().annotations();
  s.scalar_only = s.graph->params.size() <= kMaxNativeArgs;
  for (const fx::ir::Node* p : s.graph->params) {
    s.params.push_back(detail::host_shape(p->type, annotations));
    s.scalar_only = s.scalar_only && s.params.back().scalar();
    s.scalar_params.push_back(p->type->kind == fx::types::TypeKind::F64   ? Value::Kind::Float
                              : p->type->kind == fx::types::TypeKind::I64 ? Value::Kind::Int
                                                                          : Value::Kind::Bool);
  }
  for (const detail::HostShape& p : s.params) s.arg_slots += detail::slot_count(p);
  s.result = detail::host_shape(c.checker().result_type(s.graph), annotations);
  s.result_slots = detail::slot_count(s.result);
  s.scalar_only = s.scalar_only && s.result.scalar();
  s.native = fx::codegen::NativeProgram::load(*s.program, m.driver_options.jit);
  s.backend = Backend::Native;
}

// The types of the host's arguments and their key ("untyped" when one cannot be typed: a
// function argument), for the specialisations of h.
std::string signature(FunctionHandle& h, const Value* args, size_t n, std::vector<const fx::types::Type*>& types) {
  std::string key;
  bool typed = true;
  for (size_t i = 0; i < n; ++i) {
    const fx::types::Type* t = detail::type_of(args[i], *h.module, place_of(h, i));
    if (!t) typed = false;
    else key += fx::types::to_string(t) + ";";
    types.push_back(t);
  }
  return typed ? key : "untyped";
}

// An argument the type checker cannot be told about (a function) is run by the interpreter
// from the generic graph: with Engine::Native that is the located error the engine promises.
void refuse_untyped(const ModuleState& m, const fx::ir::Graph* at) {
  if (m.options.engine == Engine::Native)
    detail::host_error(at->loc, "the native back end does not support a function passed as an argument by the host yet "
                                "(the automatic engine runs it in the interpreter: Engine::Auto, engine=\"auto\")");
}

// The specialisation of plain function h for these arguments (under the module's lock).
const Specialisation& specialise(FunctionHandle& h, const Value* args, size_t n) {
  ModuleState& m = *h.module;
  const fx::ir::Graph* g = h.top;
  if (n != g->params.size())
    detail::host_error(g->loc, fi::function_display_name(*g) + "() takes " + std::to_string(g->params.size()) +
                                   " argument" + (g->params.size() == 1 ? "" : "s") + ", got " + std::to_string(n));
  std::vector<const fx::types::Type*> types;
  std::string key = signature(h, args, n, types);
  if (key == "untyped") refuse_untyped(m, g);
  auto& slot = m.specialisations[{g, key}];
  if (slot) return *slot;
  auto s = std::make_unique<Specialisation>();
  s->graph = g;
  if (key != "untyped") {
    fx::run_with_large_stack([&] { s->graph = m.compilation->typed_function(h.top, types); });
    prepare(m, *s, h.top->loc);
  }
  slot = std::move(s);
  return *slot;
}

// The specialisation of derivative h (an operator applied to a top-level function) for these
// arguments: the typed clone of `lambda a0, ..: (EXPRESSION)(a0, ..)`, compiled like a plain
// function. Without one (an argument the type checker cannot be told about: a function), the
// interpreter calls h's function value. An expression that does not type-check at these types
// is the type checker's error, as for a plain call: an error in the program (a parameter's
// annotation, a non-scalar gradient) where it is, one in the API's own expression (the
// argument count, argnums, the dtype or rank an annotated parameter refuses: all reported at
// the call) at the function h differentiates. The interpreter would not check annotations.
const Specialisation& specialise_derivative(FunctionHandle& h, const Value* args, size_t n) {
  ModuleState& m = *h.module;
  std::vector<const fx::types::Type*> types;
  std::string key = signature(h, args, n, types);
  if (key == "untyped") refuse_untyped(m, h.differentiated);
  auto& slot = m.specialisations[{h.differentiated, h.expression + " @ " + key}];
  if (slot) return *slot;
  auto s = std::make_unique<Specialisation>();
  if (key != "untyped") {
    std::string params;
    for (size_t i = 0; i < n; ++i) params += (i ? ", __host" : "__host") + std::to_string(i);
    std::string text = "lambda " + params + ": (" + h.expression + ")(" + params + ")";
    try {
      fx::run_with_large_stack([&] { s->graph = m.compilation->typed_lambda(text, types); });
    } catch (fx::CompileError& e) {
      if (!e.loc.file || e.loc.file->path == "<expr>") e.loc = h.differentiated->loc;
      throw;  // the slot stays empty: a later call with these types reports it again
    }
    prepare(m, *s, h.differentiated->loc);
  }
  slot = std::move(s);
  return *slot;
}

// What fails in a derivative's own code (its call, argnums) is located in the API's
// expression ("<expr>") or nowhere: it is reported at the function it differentiates.
template <class F>
auto located(const FunctionHandle& h, F&& work) -> decltype(work()) {
  try {
    return work();
  } catch (fx::RuntimeError& e) {
    bool in_expression = !e.loc.valid() || (e.loc.file && e.loc.file->path == "<expr>");
    if (in_expression && h.differentiated) e.loc = h.differentiated->loc;
    throw;
  }
}

// The host's value of an interpreted call's result. One the host has no value for (a string)
// is reported at the function that returned it.
Value result_of(const FunctionHandle& h, fi::Value v, bool expanded) {
  try {
    return detail::from_interp(std::move(v), h.module, expanded);
  } catch (const Error& e) {
    const fx::ir::Graph* g = h.top ? h.top : h.differentiated;
    if (!e.file().empty() || !g) throw;
    detail::host_error(g->loc, fi::function_display_name(*g) + "() returns " + e.message());
  }
}

Value call_interpreted(FunctionHandle& h, const Specialisation* s, const Value* args, size_t n) {
  ModuleState& m = *h.module;
  std::vector<fi::Value> in;
  for (size_t i = 0; i < n; ++i) in.push_back(detail::to_interp(args[i], m, place_of(h, i)));
  if (s && s->graph) {
    fi::Session& session = s->expanded ? m.expanded() : *m.session;
    return result_of(h, session.call(s->graph, in), s->expanded);
  }
  if (!h.value) h.value = m.function_value(h.expression);
  fi::Session& session = h.expanded ? m.expanded() : *m.session;
  return result_of(h, session.call_value(*h.value, std::move(in)), h.expanded);
}

}  // namespace

Value Function::call(const std::vector<Value>& args) const { return call(args.data(), args.size()); }

Value Function::call(const Value* args, size_t n) const {
  FunctionHandle& h = *handle_;
  // Fast path: the last specialisation called is native and takes these arguments.
  if (const Specialisation* s = h.last.load(std::memory_order_acquire); s && fits(*s, args, n))
    return detail::guarded([&] { return located(h, [&] { return call_native(h, *s, args, n); }); });
  std::unique_lock<std::recursive_mutex> hold(h.module->lock);
  return detail::guarded([&] {
    return located(h, [&] {
      if (!h.top && !h.differentiated) return call_interpreted(h, nullptr, args, n);  // a value returned by a call
      const Specialisation& s = h.top ? specialise(h, args, n) : specialise_derivative(h, args, n);
      if (s.backend == Backend::Native) {
        h.last.store(&s, std::memory_order_release);
        hold.unlock();
        return call_native(h, s, args, n);
      }
      return call_interpreted(h, &s, args, n);
    });
  });
}

Backend Function::backend(const std::vector<Value>& args) const {
  FunctionHandle& h = *handle_;
  if (!h.top && !h.differentiated) return Backend::Interpreter;  // a function value returned by a call
  std::lock_guard<std::recursive_mutex> hold(h.module->lock);
  return detail::guarded([&] {
    return (h.top ? specialise(h, args.data(), args.size()) : specialise_derivative(h, args.data(), args.size())).backend;
  });
}

const std::string& Function::name() const { return handle_->name; }

size_t Function::arity() const {
  const fx::ir::Graph* g = handle_->top ? handle_->top : handle_->differentiated;
  return g ? g->params.size() : 0;
}

Error Function::argument_error(size_t index, const std::string& message) const {
  const fx::ir::Graph* g = handle_->top ? handle_->top : handle_->differentiated;
  try {
    ArgumentPlace at = g ? argument_place(g, index) : ArgumentPlace{{}, "argument " + std::to_string(index + 1)};
    detail::host_error(at.loc, at.what + ": " + message);
  } catch (const Error& e) {
    return e;
  }
}

std::string Function::source() const {
  FunctionHandle& h = *handle_;
  std::lock_guard<std::recursive_mutex> hold(h.module->lock);
  return detail::guarded([&]() -> std::string {
    if (h.differentiated) {
      std::string text;
      fx::run_with_large_stack([&] { text = h.module->compilation->ir_text(h.differentiated->name, "ad"); });
      return text;
    }
    if (!h.top) detail::host_error({}, "the source of a function value returned by a call is not available");
    // The lines of the definition: from `def` to the next line indented no deeper.
    const fx::SourceFile* file = h.top->loc.file;
    size_t start = file->line_starts[h.top->loc.line - 1];
    size_t indent = h.top->loc.col - 1;
    size_t end = file->text.find('\n', start);
    while (end != std::string::npos && end + 1 < file->text.size()) {
      size_t next = end + 1, i = next;
      while (i < file->text.size() && (file->text[i] == ' ' || file->text[i] == '\t')) ++i;
      bool blank = i >= file->text.size() || file->text[i] == '\n' || file->text[i] == '#';
      if (!blank && i - next <= indent) break;
      end = file->text.find('\n', next);
    }
    std::string text = file->text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text + "\n";
  });
}

std::string Function::emit_c(const std::vector<Value>& args) const {
  FunctionHandle& h = *handle_;
  std::lock_guard<std::recursive_mutex> hold(h.module->lock);
  return detail::guarded([&]() -> std::string {
    if (!h.top && !h.differentiated)
      detail::host_error({}, "the C code of a function value returned by a call is not available");
    ModuleState& m = *h.module;
    const Specialisation& s = h.top ? specialise(h, args.data(), args.size())
                                    : specialise_derivative(h, args.data(), args.size());
    if (s.program) return s.program->text;
    if (!h.top && !s.graph)
      detail::host_error(h.differentiated->loc, "no C code for " + h.name +
                                                    " at these arguments: it does not type-check for them (call it to see why)");
    // Not compiled natively: the emitter says why, at the construct it stopped at.
    fx::codegen::EmitOptions emit;
    emit.host_call = true;
    try {
      fx::codegen::CProgram program;
      fx::run_with_large_stack([&] { program = m.compilation->emit(s.graph, emit); });
      return program.text;
    } catch (const fx::codegen::Unsupported& u) {
      detail::host_error(u.loc.valid() ? u.loc : (h.top ? h.top : h.differentiated)->loc,
                         "the native back end does not support " + u.what + " yet");
    }
  });
}

}  // namespace fluxion

// Calling a function: the engine is chosen per signature of argument types (module.hpp
// "Engines"); a native specialisation is called without the module's lock.
#include "api/convert.hpp"
#include "api/errors.hpp"
#include "api/function_handle.hpp"
#include "codegen/unsupported.hpp"
#include "interp/format.hpp"
#include "lower/lower.hpp"
#include "support/diagnostics.hpp"
#include "support/large_stack.hpp"

namespace fluxion {

namespace {

using detail::ArgumentPlace;
using detail::FunctionHandle;
using detail::ModuleState;
using detail::Specialisation;
namespace fi = fx::interp;

constexpr size_t kMaxNativeArgs = 16;

ArgumentPlace argument_place(const fx::ir::Graph* g, size_t i) {
  std::string what = "argument " + std::to_string(i + 1);
  if (i < g->params.size()) what += " (" + g->params[i]->name + ")";
  return {g->loc, what + " of " + fi::function_display_name(*g) + "()"};
}

bool is_scalar(Value::Kind k) { return k == Value::Kind::Bool || k == Value::Kind::Int || k == Value::Kind::Float; }

// Does the native specialisation `s` take exactly these arguments?
bool fits(const Specialisation& s, const Value* args, size_t n) {
  if (n != s.params.size()) return false;
  for (size_t i = 0; i < n; ++i)
    if (args[i].kind() != s.params[i]) return false;
  return true;
}

Value call_native(const Specialisation& s, const Value* args, size_t n) {
  fx_slot in[kMaxNativeArgs], out;
  for (size_t i = 0; i < n; ++i) {
    switch (s.params[i]) {
      case Value::Kind::Float: in[i].f64 = args[i].as_float(); break;
      case Value::Kind::Int: in[i].i64 = args[i].as_int(); break;
      default: in[i].b = args[i].as_bool(); break;
    }
  }
  detail::guarded([&] { s.native->call(in, &out); });
  switch (s.result) {
    case Value::Kind::Float: return Value(out.f64);
    case Value::Kind::Int: return Value(out.i64);
    default: return Value(out.b);
  }
}

Value::Kind scalar_kind(const fx::types::Type* t) {
  switch (t->kind) {
    case fx::types::TypeKind::F64: return Value::Kind::Float;
    case fx::types::TypeKind::I64: return Value::Kind::Int;
    case fx::types::TypeKind::Bool: return Value::Kind::Bool;
    default: return Value::Kind::None;
  }
}

// Compiles the typed clone natively when the engine allows and the back end supports it.
void try_native(ModuleState& m, Specialisation& s) {
  if (m.options.engine == Engine::Interpreter) return;
  try {
    if (m.options.check_nan) fx::codegen::unsupported(s.graph->loc, "--check-nan");
    const fx::types::Type* ret = m.compilation->checker().result_type(s.graph);
    if (s.graph->params.size() > kMaxNativeArgs)
      fx::codegen::unsupported(s.graph->loc, "a host call with more than 16 arguments");
    fx::codegen::EmitOptions emit{m.driver_options.interp.max_call_depth, m.driver_options.interp.max_loop_iterations};
    emit.host_call = true;  // the emitter refuses parameters and results other than scalars
    s.program = std::make_unique<fx::codegen::CProgram>(
        fx::codegen::emit_program(m.compilation->module(), m.compilation->checker(), s.graph, emit));
    for (const fx::ir::Node* p : s.graph->params) s.params.push_back(scalar_kind(p->type));
    s.result = scalar_kind(ret);
  } catch (const fx::codegen::Unsupported& u) {
    s.program.reset();
    s.params.clear();
    if (m.options.engine == Engine::Native)
      detail::host_error(u.loc, "the native back end does not support " + u.what + " yet (use Engine::Auto or Interpreter)");
    return;
  }
  s.native = fx::codegen::NativeProgram::load(*s.program, m.driver_options.jit);
  s.backend = Backend::Native;
}

// The specialisation of plain function h for these arguments (under the module's lock).
const Specialisation& specialise(FunctionHandle& h, const Value* args, size_t n) {
  ModuleState& m = *h.module;
  const fx::ir::Graph* g = h.top;
  if (n != g->params.size())
    detail::host_error(g->loc, fi::function_display_name(*g) + "() takes " + std::to_string(g->params.size()) +
                                   " argument" + (g->params.size() == 1 ? "" : "s") + ", got " + std::to_string(n));
  std::vector<const fx::types::Type*> types;
  std::string key;
  bool typed = true;
  for (size_t i = 0; i < n; ++i) {
    const fx::types::Type* t = detail::type_of(args[i], m, argument_place(g, i));
    if (!t) typed = false;
    else key += fx::types::to_string(t) + ";";
    types.push_back(t);
  }
  if (!typed) key = "untyped";
  auto& slot = m.specialisations[{g, key}];
  if (slot) return *slot;
  auto s = std::make_unique<Specialisation>();
  s->graph = g;
  if (typed) {
    fx::run_with_large_stack([&] { s->graph = m.compilation->checker().specialise(h.top, types); });
    m.compilation->module().renumber();
    try_native(m, *s);
  }
  slot = std::move(s);
  return *slot;
}

Value call_interpreted(FunctionHandle& h, const Specialisation* s, const Value* args, size_t n) {
  ModuleState& m = *h.module;
  const fx::ir::Graph* where = s ? s->graph : h.differentiated;
  std::vector<fi::Value> in;
  for (size_t i = 0; i < n; ++i)
    in.push_back(detail::to_interp(args[i], m, where ? argument_place(where, i) : ArgumentPlace{{}, "argument " + std::to_string(i + 1)}));
  if (s) return detail::from_interp(m.session->call(s->graph, in), h.module);
  if (!h.value) h.value = m.function_value(h.expression);
  try {
    return detail::from_interp(m.session->call_value(*h.value, std::move(in)), h.module);
  } catch (fx::RuntimeError& e) {
    // A derived function's call has no node of the user's own: what fails at the call itself
    // (the argument count, argnums), unlocated or at the operator in the API's expression, is
    // located at the function it differentiates.
    bool in_expression = !e.loc.valid() || (e.loc.file && e.loc.file->path == "<expr>");
    if (in_expression && h.differentiated) e.loc = h.differentiated->loc;
    throw;
  }
}

}  // namespace

Value Function::call(const std::vector<Value>& args) const { return call(args.data(), args.size()); }

Value Function::call(const Value* args, size_t n) const {
  FunctionHandle& h = *handle_;
  // Fast path: the last specialisation called is native and takes these argument kinds.
  if (const Specialisation* s = h.last.load(std::memory_order_acquire); s && fits(*s, args, n))
    return call_native(*s, args, n);
  std::unique_lock<std::recursive_mutex> hold(h.module->lock);
  return detail::guarded([&] {
    if (!h.top) return call_interpreted(h, nullptr, args, n);
    const Specialisation& s = specialise(h, args, n);
    if (s.backend == Backend::Native) {
      h.last.store(&s, std::memory_order_release);
      hold.unlock();
      return call_native(s, args, n);
    }
    return call_interpreted(h, &s, args, n);
  });
}

Backend Function::backend(const std::vector<Value>& args) const {
  FunctionHandle& h = *handle_;
  if (!h.top) return Backend::Interpreter;  // derivative operators: docs/codegen.md
  std::lock_guard<std::recursive_mutex> hold(h.module->lock);
  return detail::guarded([&] { return specialise(h, args.data(), args.size()).backend; });
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
    if (!h.top)
      detail::host_error(h.differentiated ? h.differentiated->loc : fx::SourceLoc{},
                         "the native back end does not support derivative operators (" + h.name + ") yet");
    const Specialisation& s = specialise(h, args.data(), args.size());
    if (!s.program) {
      // Not compiled natively: the emitter says why, at the construct it stopped at.
      fx::codegen::EmitOptions emit;
      emit.host_call = true;
      try {
        return fx::codegen::emit_program(h.module->compilation->module(), h.module->compilation->checker(), s.graph,
                                         emit).text;
      } catch (const fx::codegen::Unsupported& u) {
        detail::host_error(u.loc, "the native back end does not support " + u.what + " yet");
      }
    }
    return s.program->text;
  });
}

}  // namespace fluxion

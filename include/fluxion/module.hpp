// Modules and functions: load a Fluxion program, look its functions up, call them, and
// differentiate them (docs/embedding.md).
//
// Engines. A call runs compiled code when the native back end supports the function at the
// call's argument types (parameters and result of numbers, tensors, None, and tuples and
// structs of them; derivatives included: docs/embedding.md), compiled once per signature
// through the JIT's persistent cache; otherwise the reference interpreter runs it.
// Function::backend() says which one a call with given arguments takes.
// As the native back end grows, the same calls get faster without changes here.
//
// Threads. A Module and its Functions may be used from several threads at once: calls that run
// compiled code run concurrently; compiling and interpreted calls hold the module's lock, so
// they run one at a time. Values are immutable and may be shared between threads.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "fluxion/error.hpp"
#include "fluxion/value.hpp"

namespace fluxion {

// Who runs calls: native code where supported, else the interpreter (Auto); always the
// interpreter; native code or an Error naming what the back end does not support (Native).
enum class Engine { Auto, Interpreter, Native };
enum class Backend { Native, Interpreter };
const char* backend_name(Backend backend);  // "native", "interpreter"

struct Options {
  Engine engine = Engine::Auto;
  // Compiled programs are kept in cache_dir ("": $XDG_CACHE_HOME/fluxion, else
  // ~/.cache/fluxion); use_cache false compiles into a private temporary directory.
  std::string cache_dir;
  bool use_cache = true;
  std::string c_compiler;  // "": $FLUXION_CC, else cc
  size_t max_call_depth = 10000;
  size_t max_loop_iterations = 0;  // 0: no limit
  bool check_nan = false;          // as `fluxion run --check-nan` (native code runs the checked variant)
  std::string stdlib_dir;          // "": the installed standard library
};

namespace detail {
struct ModuleState;
}

// Which arguments a derivative is taken with respect to, as JAX's argnums: one position (the
// derivative is a value of that argument's type) or several (a tuple of them).
class Argnums {
 public:
  Argnums(int position) : positions_{position}, several_(false) {}
  Argnums(std::initializer_list<int> positions) : positions_(positions), several_(true) {}
  Argnums(std::vector<int> positions, bool several) : positions_(std::move(positions)), several_(several) {}
  const std::vector<int>& positions() const { return positions_; }
  bool several() const { return several_; }
  std::string text() const;  // "0" or "(0, 2)"

 private:
  std::vector<int> positions_;
  bool several_;
};

class Function {
 public:
  // Calls the function; throws Error (located) for bad arguments and run-time failures.
  Value call(const std::vector<Value>& args) const;
  Value call(const Value* args, size_t count) const;
  template <class... A>
  Value operator()(A&&... args) const {
    const Value values[] = {Value(std::forward<A>(args))..., Value()};
    return call(values, sizeof...(A));
  }
  // The engine a call with these arguments runs on (compiling it if needed).
  Backend backend(const std::vector<Value>& args) const;
  // "loss", or the expression of a derivative: "grad(loss, argnums=0)".
  const std::string& name() const;
  // The number of parameters of the function (of the function a derivative differentiates).
  size_t arity() const;
  // An Error located at the function's definition: "argument 2 (x) of loss(): MESSAGE", for a
  // host binding that refuses an argument before the call (a NumPy dtype Fluxion lacks).
  Error argument_error(size_t index, const std::string& message) const;
  // Readable code: the Fluxion source of a top-level function; for a derivative, the forward
  // and reverse transforms of the function it differentiates (`fluxion ir --stage ad`).
  std::string source() const;
  // The C code of the function (or derivative) specialised for these arguments: what a call
  // with them runs natively (Error where the native back end does not support it yet).
  std::string emit_c(const std::vector<Value>& args) const;

  // For the implementation (src/api/).
  explicit Function(std::shared_ptr<detail::FunctionHandle> handle) : handle_(std::move(handle)) {}
  const std::shared_ptr<detail::FunctionHandle>& handle() const { return handle_; }

 private:
  std::shared_ptr<detail::FunctionHandle> handle_;
};

class Module {
 public:
  // Loads a program from a file (its imports next to it or in the standard library), or from
  // source text named `name` in diagnostics. Throws Error for syntax and type errors.
  static Module load(const std::string& path, const Options& options = {});
  static Module loads(const std::string& source, const std::string& name = "<string>", const Options& options = {});

  // A top-level function; Error when there is none of that name.
  Function function(const std::string& name) const;
  bool has_function(const std::string& name) const;
  std::vector<std::string> function_names() const;  // user-visible top-level functions
  // Evaluates an expression in the module's scope (as `fluxion eval`), in the interpreter. Each
  // call compiles the expression anew (the module keeps it): for occasional use, not loops.
  Value eval(const std::string& expression) const;

 private:
  explicit Module(std::shared_ptr<detail::ModuleState> state) : state_(std::move(state)) {}
  std::shared_ptr<detail::ModuleState> state_;
};

// Derivative operators, with JAX's names and semantics (LANGUAGE.md §6).
Function grad(const Function& f, Argnums argnums = 0);
Function value_and_grad(const Function& f, Argnums argnums = 0);
Function jacfwd(const Function& f, Argnums argnums = 0);
Function jacrev(const Function& f, Argnums argnums = 0);
Function hessian(const Function& f, Argnums argnums = 0);
// (f(*primals), the derivative along tangents): a tuple of two values.
Value jvp(const Function& f, const std::vector<Value>& primals, const std::vector<Value>& tangents);
// (f(*primals), pullback): pullback(ct) returns the tuple of cotangents, one per primal.
std::pair<Value, Function> vjp(const Function& f, const std::vector<Value>& primals);

}  // namespace fluxion

// Derivative operators on Functions: a derivative is the function value of an expression that
// applies the language's operator (LANGUAGE.md §6) to the function, evaluated in the module's
// scope, as `fluxion eval FILE 'grad(f, argnums=0)'` would.
#include "api/convert.hpp"
#include "api/errors.hpp"
#include "api/function_handle.hpp"

namespace fluxion {

namespace {

using detail::FunctionHandle;

const FunctionHandle& source_of(const Function& f, const char* op) {
  const FunctionHandle& h = *f.handle();
  if (h.expression.empty()) {
    std::string message = std::string(op) + " of a function value returned by a call is not supported by the API yet";
    throw Error(Error::Kind::Compile, "", 0, 0, message, "fluxion: error: " + message);
  }
  return h;
}

Function derived(const Function& f, const char* op, const Argnums& argnums) {
  const FunctionHandle& h = source_of(f, op);
  std::string text = std::string(op) + "(" + h.expression + ", argnums=" + argnums.text() + ")";
  return Function(detail::derived_handle(h, text, text));
}

// Calls the operator with the function and `args` through a lambda of `arity` parameters.
Value apply(const Function& f, const char* op, const std::string& params, const std::string& call_args,
            const std::vector<Value>& args) {
  const FunctionHandle& h = source_of(f, op);
  std::string text = "lambda " + params + ": " + op + "(" + h.expression + ", " + call_args + ")";
  return Function(detail::derived_handle(h, text, text)).call(args);
}

}  // namespace

Function grad(const Function& f, Argnums argnums) { return derived(f, "grad", argnums); }
Function value_and_grad(const Function& f, Argnums argnums) { return derived(f, "value_and_grad", argnums); }
Function jacfwd(const Function& f, Argnums argnums) { return derived(f, "jacfwd", argnums); }
Function jacrev(const Function& f, Argnums argnums) { return derived(f, "jacrev", argnums); }
Function hessian(const Function& f, Argnums argnums) { return derived(f, "hessian", argnums); }

Value jvp(const Function& f, const std::vector<Value>& primals, const std::vector<Value>& tangents) {
  return apply(f, "jvp", "primals, tangents", "primals, tangents", {Value::tuple(primals), Value::tuple(tangents)});
}

std::pair<Value, Function> vjp(const Function& f, const std::vector<Value>& primals) {
  std::string params;
  for (size_t i = 0; i < primals.size(); ++i) params += (i ? ", a" : "a") + std::to_string(i);
  Value pair = apply(f, "vjp", params.empty() ? "" : params, params, primals);
  return {pair.items().at(0), pair.items().at(1).as_function()};
}

}  // namespace fluxion

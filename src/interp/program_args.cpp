// arg(i, default): the program's command-line arguments (Options::program_args), converted
// to the type of the default: `steps = arg(1, 100)` reads "250" as 250.
#include <cerrno>
#include <cstdlib>

#include "interp/machine.hpp"
#include "support/diagnostics.hpp"

namespace fx::interp {

namespace {

[[noreturn]] void bad_argument(const ir::Node* at, int64_t i, const std::string& text, const char* expected) {
  runtime_error(at ? at->loc : SourceLoc{},
                "command-line argument " + std::to_string(i) + " is '" + text + "', expected " + expected);
}

}  // namespace

Value Machine::program_arg(Value* args, size_t n, const ir::Node* at) {
  if (n != 2 || args[0].kind() != Kind::Int) internal_error("interpreter", "arg needs (i64, default)");
  const int64_t i = args[0].as_int();
  const Value& fallback = args[1];
  if (i < 0) runtime_error(at ? at->loc : SourceLoc{}, "arg: the position must not be negative, found " + std::to_string(i));
  if (static_cast<uint64_t>(i) >= options_.program_args.size()) return fallback;
  const std::string& text = options_.program_args[static_cast<size_t>(i)];
  char* end = nullptr;
  errno = 0;
  if (fallback.kind() == Kind::Str) return Value::str(text);
  if (fallback.kind() == Kind::Int) {
    long long v = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno != 0) bad_argument(at, i, text, "an integer (i64)");
    return Value::integer(v);
  }
  if (fallback.kind() == Kind::Float) {
    double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || errno == ERANGE) bad_argument(at, i, text, "a number (f64)");
    return Value::real(v);
  }
  if (fallback.kind() == Kind::Bool) {
    if (text == "True" || text == "true" || text == "1") return Value::boolean(true);
    if (text == "False" || text == "false" || text == "0") return Value::boolean(false);
    bad_argument(at, i, text, "True or False");
  }
  internal_error("interpreter", "arg: a default that is not str, i64, f64 or bool");
}

}  // namespace fx::interp

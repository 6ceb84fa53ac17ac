// arg(i, default): the program's command-line arguments (Options::program_args), converted
// to the type of the default: `steps = arg(1, 100)` reads "250" as 250. The conversions and
// their messages are shared with native code (support/program_args.hpp).
#include "interp/machine.hpp"
#include "support/diagnostics.hpp"
#include "support/program_args.hpp"

namespace fx::interp {

Value Machine::program_arg(Value* args, size_t n, const ir::Node* at) {
  if (n != 2 || args[0].kind() != Kind::Int) internal_error("interpreter", "arg needs (i64, default)");
  const SourceLoc loc = at ? at->loc : SourceLoc{};
  const int64_t i = args[0].as_int();
  const Value& fallback = args[1];
  if (i < 0) runtime_error(loc, program_args::negative_position(i));
  if (static_cast<uint64_t>(i) >= options_.program_args.size()) return fallback;
  const std::string& text = options_.program_args[static_cast<size_t>(i)];
  auto converted = [&](auto parsed, const char* expected) {
    if (!parsed) runtime_error(loc, program_args::bad_argument(i, text, expected));
    return *parsed;
  };
  switch (fallback.kind()) {
    case Kind::Str: return Value::str(text);
    case Kind::Int: return Value::integer(converted(program_args::to_i64(text), program_args::kExpectedI64));
    case Kind::Float: return Value::real(converted(program_args::to_f64(text), program_args::kExpectedF64));
    case Kind::Bool: return Value::boolean(converted(program_args::to_bool(text), program_args::kExpectedBool));
    default: break;
  }
  internal_error("interpreter", "arg: a default that is not str, i64, f64 or bool");
}

}  // namespace fx::interp

// arg(i, default): a command-line argument's text read as the default's type, with the
// messages both engines give (the interpreter, src/interp/program_args.cpp, and native code
// through the runtime's C ABI, runtime/abi/program_args.cpp).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace fx::program_args {

// The value, or nullopt when the text is not one: then `expected` words what was.
std::optional<int64_t> to_i64(const std::string& text);
std::optional<double> to_f64(const std::string& text);
std::optional<bool> to_bool(const std::string& text);
inline constexpr const char* kExpectedI64 = "an integer (i64)";
inline constexpr const char* kExpectedF64 = "a number (f64)";
inline constexpr const char* kExpectedBool = "True or False";

// "command-line argument 1 is 'x', expected an integer (i64)".
std::string bad_argument(int64_t i, const std::string& text, const char* expected);
// "arg: the position must not be negative, found -1".
std::string negative_position(int64_t i);

}  // namespace fx::program_args

#include "support/program_args.hpp"

#include <cerrno>
#include <cstdlib>

namespace fx::program_args {

std::optional<int64_t> to_i64(const std::string& text) {
  char* end = nullptr;
  errno = 0;
  long long v = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno != 0) return std::nullopt;
  return v;
}

std::optional<double> to_f64(const std::string& text) {
  char* end = nullptr;
  errno = 0;
  double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || errno == ERANGE) return std::nullopt;
  return v;
}

std::optional<bool> to_bool(const std::string& text) {
  if (text == "True" || text == "true" || text == "1") return true;
  if (text == "False" || text == "false" || text == "0") return false;
  return std::nullopt;
}

std::string bad_argument(int64_t i, const std::string& text, const char* expected) {
  return "command-line argument " + std::to_string(i) + " is '" + text + "', expected " + expected;
}

std::string negative_position(int64_t i) {
  return "arg: the position must not be negative, found " + std::to_string(i);
}

}  // namespace fx::program_args

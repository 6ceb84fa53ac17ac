// arg(i, default) for generated code: the program's command-line arguments, which the host
// installs before it runs an entry point, converted as the interpreter converts them.
#include <string>
#include <vector>

#include "fluxion/fx_rt.h"
#include "support/program_args.hpp"

namespace pa = fx::program_args;

namespace {

std::vector<std::string> program_args;
thread_local std::string refused;

// Argument i's text into *text (null when there are fewer arguments); a message when i < 0.
const char* text_of(int64_t i, const std::string** text) {
  if (i < 0) {
    refused = pa::negative_position(i);
    return refused.c_str();
  }
  *text = static_cast<uint64_t>(i) < program_args.size() ? &program_args[static_cast<size_t>(i)] : nullptr;
  return nullptr;
}

template <class T, class Parse>
const char* converted(int64_t i, T fallback, T* out, Parse parse, const char* expected) {
  const std::string* text = nullptr;
  if (const char* error = text_of(i, &text)) return error;
  if (!text) {
    *out = fallback;
    return nullptr;
  }
  auto value = parse(*text);
  if (!value) {
    refused = pa::bad_argument(i, *text, expected);
    return refused.c_str();
  }
  *out = *value;
  return nullptr;
}

}  // namespace

extern "C" {

void fx_rt_set_program_args(const char* const* args, int64_t n) {
  program_args.assign(args, args + n);
}

const char* fx_rt_arg_i64(int64_t i, int64_t fallback, int64_t* out) {
  return converted(i, fallback, out, pa::to_i64, pa::kExpectedI64);
}
const char* fx_rt_arg_f64(int64_t i, double fallback, double* out) {
  return converted(i, fallback, out, pa::to_f64, pa::kExpectedF64);
}
const char* fx_rt_arg_bool(int64_t i, bool fallback, bool* out) {
  return converted(i, fallback, out, pa::to_bool, pa::kExpectedBool);
}
const char* fx_rt_arg_str(int64_t i, const char* fallback, const char** out) {
  const std::string* text = nullptr;
  if (const char* error = text_of(i, &text)) return error;
  *out = text ? text->c_str() : fallback;
  return nullptr;
}

}  // extern "C"

// libFuzzer target for the lexer and parser: any byte string must either
// parse or raise fx::CompileError. Anything else (another exception, a crash,
// a sanitizer report, a stack overflow) is a bug.
//   clang++ -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -Isrc \
//       fuzz/parser_fuzz.cpp src/syntax/*.cpp src/support/*.cpp -o parser_fuzz
//   mkdir -p /tmp/parser_corpus   # libFuzzer adds what it finds to the first directory
//   ./parser_fuzz /tmp/parser_corpus fuzz/corpus/parser -max_total_time=60
#include <cstddef>
#include <cstdint>
#include <string>

#include "support/diagnostics.hpp"
#include "syntax/ast_printer.hpp"
#include "syntax/parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  fx::SourceFile file("fuzz.fx", text);
  try {
    auto module = fx::parse_module(file);
    fx::dump(*module);  // walks every node the parser accepted
  } catch (const fx::CompileError& error) {
    // A located user error is the expected outcome for most inputs; also
    // exercise the diagnostic formatter on the location it carries.
    fx::format_diagnostic(error.loc, "error", error.message);
  }
  // The `fluxion eval` path lexes without layout; check it on the same bytes.
  try {
    fx::dump(*fx::parse_expression(file));
  } catch (const fx::CompileError&) {
  }
  return 0;
}

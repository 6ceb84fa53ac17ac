// libFuzzer target for the front half of the pipeline: parse, lower, verify and
// type-check any byte string. The only acceptable failure is a located user error
// (fx::CompileError); an internal error, another exception, a crash or a sanitizer
// report is a bug. Built and run by `make fuzz`.
#include <cstddef>
#include <cstdint>
#include <string>

#include "ir/ir.hpp"
#include "lower/lower.hpp"
#include "support/diagnostics.hpp"
#include "syntax/parser.hpp"
#include "types/checker.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fx::ir::Module m;
  m.files.push_back(std::make_unique<fx::SourceFile>(
      "fuzz.fx", std::string(reinterpret_cast<const char*>(data), size)));
  try {
    m.syntax.push_back(fx::parse_module(*m.files.back()));
    fx::lower::lower_module(m, *m.syntax.back());
    m.renumber();
    fx::ir::verify(m, "lowering");
    // Small limits keep each input fast; exceeding them is a CompileError.
    fx::types::TypeChecker checker(m);
    checker.check_module();
    m.renumber();
    fx::ir::verify(m, "type inference");
    checker.verify_types("type inference", fx::types::ExpansionNodes::Typed);
  } catch (const fx::CompileError& error) {
    fx::format_diagnostic(error.loc, "error", error.message);
  }
  return 0;
}

// One compilation of a Fluxion program: the pipeline from a file to results.
// The CLI (tools/fluxion.cpp) and, later, the embedding API drive the pipeline
// through this class; options flow in here, nothing reads the environment.
#pragma once
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "interp/interp.hpp"
#include "ir/ir.hpp"
#include "types/checker.hpp"

namespace fx::driver {

struct Options {
  interp::Options interp;
  bool verify_ir = true;  // run the IR verifier after every stage
};

class Compilation {
 public:
  explicit Compilation(Options options = {});
  ~Compilation();

  // Reads, parses and lowers FILE into the module. Throws CompileError (a missing
  // or unreadable file is a CompileError without a line).
  void load_file(const std::string& path);

  // Type-checks what can be checked without call sites (fluxion check).
  void check();

  // Specialises and runs main(); its printed output goes to `out`.
  void run_main(std::ostream& out);

  // Evaluates `expr_text` in the file's top-level scope and returns the value's text (§9).
  std::string eval(const std::string& expr_text, std::ostream& out);

  // The IR of top-level function `name` at `stage` ("parsed", "typed" or "ad").
  std::string ir_text(const std::string& name, const std::string& stage);

  ir::Module& module() { return module_; }
  types::TypeChecker& checker() { return *checker_; }

 private:
  void verify(const std::string& stage);
  std::string ad_text(ir::Graph* g);
  const SourceFile* add_source(std::string path, std::string text);

  Options options_;
  ir::Module module_;
  std::unique_ptr<types::TypeChecker> checker_;
  const SourceFile* main_file_ = nullptr;
};

}  // namespace fx::driver

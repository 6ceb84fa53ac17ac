// Helpers shared by the lowering's tests: lower source text, find primitive applications,
// and run a whole program through the pipeline.
#pragma once
#include <unistd.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "driver/compilation.hpp"
#include "ir/ir.hpp"
#include "lower/lower.hpp"
#include "support/diagnostics.hpp"
#include "syntax/parser.hpp"

namespace fx::testing {

// Parses and lowers `text`, then runs the IR verifier.
inline std::unique_ptr<ir::Module> lower_text(const std::string& text) {
  auto m = std::make_unique<ir::Module>();
  m->files.push_back(std::make_unique<SourceFile>("test.fx", text));
  m->syntax.push_back(parse_module(*m->files.back()));
  lower::lower_module(*m, *m->syntax.back());
  m->renumber();
  ir::verify(*m, "lowering");
  return m;
}

// The applications of primitive p anywhere in graphs nested in (or equal to) g.
inline std::vector<const ir::Node*> prim_applies(const ir::Module& m, const ir::Graph* g, ir::Prim p) {
  std::vector<const ir::Node*> out;
  for (const auto& other : m.graphs)
    if (other->nested_in(g))
      for (const ir::Node* n : other->body)
        if (n->is_prim_apply(p)) out.push_back(n);
  return out;
}

// Runs main() of `text` through the whole pipeline: what it printed, or the error.
inline std::string run_program(const std::string& text) {
  char path[] = "/tmp/fluxion_test_XXXXXX.fx";
  int fd = mkstemps(path, 3);
  if (fd < 0) return "<cannot create a temporary file>";
  close(fd);
  {
    std::ofstream out(path);
    out << text;
  }
  std::ostringstream printed;
  try {
    driver::Compilation c;
    c.load_file(path);
    c.run_main(printed);
  } catch (const CompileError& e) {
    printed << "compile error " << e.loc.line << ":" << e.loc.col << ": " << e.message;
  } catch (const RuntimeError& e) {
    printed << "runtime error " << e.loc.line << ":" << e.loc.col << ": " << e.message;
  } catch (const InternalError& e) {
    printed << "internal error in " << e.where << ": " << e.message;
  }
  unlink(path);
  return printed.str();
}

}  // namespace fx::testing

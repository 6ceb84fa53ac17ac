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

// Where lowering `text` reported a CompileError (raised false when it did not).
struct LowerDiagnostic {
  bool raised = false;
  uint32_t line = 0, col = 0;
  std::string message;
};
inline LowerDiagnostic lower_error(const std::string& text) {
  LowerDiagnostic d;
  try {
    lower_text(text);
  } catch (const CompileError& e) {
    d.raised = true;
    d.line = e.loc.line;
    d.col = e.loc.col;
    d.message = e.message;
  }
  return d;
}

}  // namespace fx::testing

// Lowering `text` fails at line_:col_ with a message containing `fragment`.
#define EXPECT_LOWER_ERROR(text, line_, col_, fragment)                                \
  do {                                                                                 \
    ::fx::testing::LowerDiagnostic d_ = ::fx::testing::lower_error(text);              \
    EXPECT_TRUE(d_.raised) << "no error for:\n" << (text);                             \
    EXPECT_EQ(d_.line, static_cast<uint32_t>(line_)) << d_.message;                    \
    EXPECT_EQ(d_.col, static_cast<uint32_t>(col_)) << d_.message;                      \
    EXPECT_NE(d_.message.find(fragment), std::string::npos) << d_.message;             \
  } while (0)

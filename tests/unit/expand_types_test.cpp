// The expansion types what it builds (docs/ad.md §10): the generated graphs of a derivative
// carry the types of their primitive applications, the type verifier checks them after the
// expansion (and fails when one disagrees with its rule), and the expanded program's size
// does not depend on tensor extents.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "driver/compilation.hpp"
#include "support/diagnostics.hpp"
#include "types/type_verifier.hpp"

namespace {

namespace fs = std::filesystem;
using fx::ir::Prim;

// A program in a temporary file, expanded from main.
struct Expanded {
  explicit Expanded(const std::string& source) {
    static int counter = 0;
    path = fs::temp_directory_path() /
           ("fluxion_expand_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + ".fx");
    std::ofstream(path) << source;
    c.load_file(path.string());
    text = c.ir_text("main", "expanded");
  }
  ~Expanded() {
    std::error_code ec;
    fs::remove(path, ec);
  }
  // The verifier's message after the expansion, "" when it passes.
  std::string verify() {
    try {
      fx::types::verify_types(c.module(), c.checker().store(), c.checker().annotations(), "expansion",
                              fx::types::ExpansionNodes::JustExpanded);
    } catch (const fx::InternalError& e) {
      return e.where + ": " + e.message;
    }
    return "";
  }
  fs::path path;
  fx::driver::Compilation c;
  std::string text;
};

const char* kLogistic = R"(
def loss(w, x):
    return log(1.0 + exp(-(w * x)))

def main():
    print(grad(grad(loss))(0.5, 2.0))
)";

TEST(ExpandTypes, GeneratedGraphsAreTyped) {
  Expanded e(kLogistic);
  ASSERT_EQ(e.text.find("# not expanded"), std::string::npos) << e.text;
  // The printed expanded program (every graph reachable from main) shows a node's type after
  // " : ". Every arithmetic node has one; only function values (closures, their envs, the
  // tuples holding them) may be untyped.
  size_t typed = 0;
  std::istringstream lines(e.text);
  for (std::string line; std::getline(lines, line);) {
    for (const char* op : {"= mul(", "= add(", "= sub(", "= exp(", "= log(", "= neg(", "= div("}) {
      if (line.find(op) == std::string::npos) continue;
      EXPECT_NE(line.find(") : f64"), std::string::npos) << line;
      ++typed;
    }
  }
  EXPECT_GT(typed, 20u);
  EXPECT_EQ(e.verify(), "");
}

TEST(ExpandTypes, VerifierRejectsAGeneratedNodeTypedAgainstItsRule) {
  Expanded e(kLogistic);
  fx::ir::Node* victim = nullptr;
  for (const auto& g : e.c.module().graphs)
    for (fx::ir::Node* n : g->origin ? std::vector<fx::ir::Node*>{} : g->body)
      if (!victim && n->is_prim_apply(Prim::Mul) && n->type == e.c.checker().store().f64()) victim = n;
  ASSERT_NE(victim, nullptr);
  victim->type = e.c.checker().store().i64();  // mul of f64s is an f64
  const std::string why = e.verify();
  EXPECT_NE(why.find("type verifier after expansion"), std::string::npos) << why;
  EXPECT_NE(why.find("is typed i64, but mul of its operands gives f64"), std::string::npos) << why;
}

// The acceptance point of issue 10: the expanded jacrev of a function of a vector has the same
// number of nodes for lengths 3 and 300.
TEST(ExpandTypes, JacobianSizeDoesNotDependOnExtents) {
  auto nodes = [](int n) {
    Expanded e("def f(v):\n    return sin(v) * sum(v * v)\n\ndef main():\n    print(jacrev(f)(ones(" +
               std::to_string(n) + ")).shape)\n    print(hessian(lambda v: sum(v ** 3.0))(ones(" + std::to_string(n) +
               ")).shape)\n");
    EXPECT_EQ(e.text.find("# not expanded"), std::string::npos) << e.text;
    size_t count = 0;
    for (size_t at = e.text.find("\n  %"); at != std::string::npos; at = e.text.find("\n  %", at + 1)) ++count;
    return count;
  };
  const size_t small = nodes(3);
  EXPECT_GT(small, 50u);
  EXPECT_EQ(small, nodes(300));
}

}  // namespace

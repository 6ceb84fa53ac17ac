// Modules (`import "path.fx"`, LANGUAGE.md §8, docs/language.md "Modules"): loading through the
// driver (relative paths, the standard-library directory, each file once), the visibility rule
// (a file sees its own names and those of the files it imports directly), name clashes, and the
// located errors. Programs are written to a fresh temporary directory per test.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "driver/compilation.hpp"
#include "ir/ir.hpp"
#include "lower/lower.hpp"
#include "support/diagnostics.hpp"
#include "syntax/parser.hpp"

using namespace fx;
namespace fs = std::filesystem;

namespace {

// A temporary directory of source files, removed at the end of the test.
class Tree {
 public:
  Tree() {
    static int counter = 0;
    root_ = fs::temp_directory_path() /
            ("fluxion_modules_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::create_directories(root_);
  }
  ~Tree() {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  // Writes `text` to root/relative and returns its path.
  std::string write(const std::string& relative, const std::string& text) {
    fs::path p = root_ / relative;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p.string();
  }
  std::string path(const std::string& relative) const { return (root_ / relative).string(); }
  std::string root() const { return root_.string(); }

 private:
  fs::path root_;
};

// What one compilation did: its printed output, or its first error.
struct Outcome {
  std::string printed;
  bool failed = false;
  std::string file;  // the error's file
  uint32_t line = 0, col = 0;
  std::string message;
};

enum class Action { Run, Check, Eval };

Outcome compile(const std::string& path, Action action = Action::Run, const std::string& expr = "",
                std::string stdlib_dir = "") {
  Outcome o;
  driver::Options options;
  options.stdlib_dir = std::move(stdlib_dir);
  driver::Compilation c(options);  // outside the try: errors point into its files
  try {
    c.load_file(path);
    std::ostringstream printed;
    switch (action) {
      case Action::Run: c.run_main(printed); break;
      case Action::Check: c.check(); break;
      case Action::Eval: printed << c.eval(expr, printed); break;
    }
    o.printed = printed.str();
  } catch (const CompileError& e) {
    o.failed = true;
    o.file = e.loc.file ? e.loc.file->path : "";
    o.line = e.loc.line;
    o.col = e.loc.col;
    o.message = e.message;
  } catch (const RuntimeError& e) {
    o.failed = true;
    o.message = "run-time error: " + e.message;
  }
  return o;
}

#define EXPECT_ERROR_AT(outcome, file_, line_, col_, fragment)                              \
  do {                                                                                      \
    const Outcome& o_ = (outcome);                                                          \
    ASSERT_TRUE(o_.failed) << "no error; printed:\n" << o_.printed;                         \
    EXPECT_EQ(o_.file, (file_)) << o_.message;                                              \
    EXPECT_EQ(o_.line, static_cast<uint32_t>(line_)) << o_.message;                         \
    EXPECT_EQ(o_.col, static_cast<uint32_t>(col_)) << o_.message;                           \
    EXPECT_NE(o_.message.find(fragment), std::string::npos) << o_.message;                  \
  } while (0)

}  // namespace

TEST(Modules, FunctionsOfTwoFilesCallEachOtherInAnyOrder) {
  Tree t;
  t.write("lib/shapes.fx",
          "struct Box:\n    w: f64\n    h: f64\n"
          "def area(b: Box) -> f64:\n    return w_of(b) * b.h\n"
          "def w_of(b: Box) -> f64:\n    return b.w\n");
  std::string main = t.write("main.fx",
                             "def main():\n    print(total(Box(2.0, 3.0)))\n"
                             "import \"lib/shapes.fx\"\n"
                             "def total(b: Box) -> f64:\n    return area(b) + 1.0\n");
  Outcome o = compile(main);
  ASSERT_FALSE(o.failed) << o.message;
  EXPECT_EQ(o.printed, "7.0\n");
}

TEST(Modules, DiamondLoadsTheSharedFileOnce) {
  Tree t;
  t.write("base.fx", "struct C:\n    n: i64\ndef zero() -> C:\n    return C(0)\n");
  t.write("a/left.fx", "import \"../base.fx\"\ndef l(c: C) -> C:\n    return C(c.n + 1)\n");
  // Reached through a different spelling and through a symbolic link: still one file.
  fs::create_directory_symlink(t.path("a"), t.path("alias"));
  t.write("b/right.fx", "import \"../alias/../base.fx\"\ndef r(c: C) -> C:\n    return C(c.n + 2)\n");
  t.write("c/extra.fx", "import \"../base.fx\"\ndef e() -> C:\n    return zero()\n");
  std::string main = t.write("main.fx",
                             "import \"a/left.fx\"\nimport \"b/right.fx\"\nimport \"c/extra.fx\"\n"
                             "def main():\n    print(r(l(e())))\n");
  Outcome o = compile(main);
  ASSERT_FALSE(o.failed) << o.message;
  EXPECT_EQ(o.printed, "C(n=3)\n");

  driver::Compilation c;
  c.load_file(main);
  EXPECT_EQ(c.module().syntax.size(), 5u);  // main, left, right, extra and base: once each
}

TEST(Modules, SymbolicLinkToTheSameFileIsTheSameModule) {
  Tree t;
  t.write("lib.fx", "def one() -> i64:\n    return 1\n");
  fs::create_symlink(t.path("lib.fx"), t.path("link.fx"));
  std::string main = t.write("main.fx", "import \"lib.fx\"\nimport \"link.fx\"\ndef main():\n    print(one())\n");
  Outcome o = compile(main);
  ASSERT_FALSE(o.failed) << o.message;
  EXPECT_EQ(o.printed, "1\n");
}

TEST(Modules, StandardLibraryDirectoryIsSearchedSecond) {
  Tree t;
  t.write("std/util.fx", "def which() -> str:\n    return \"stdlib\"\n");
  t.write("std/more.fx", "import \"util.fx\"\ndef more() -> str:\n    return which()\n");
  std::string main = t.write("prog/main.fx", "import \"more.fx\"\ndef main():\n    print(more())\n");
  Outcome o = compile(main, Action::Run, "", t.path("std"));
  ASSERT_FALSE(o.failed) << o.message;
  EXPECT_EQ(o.printed, "stdlib\n");

  // A file next to the importing one comes first.
  t.write("prog/more.fx", "def more() -> str:\n    return \"local\"\n");
  o = compile(main, Action::Run, "", t.path("std"));
  ASSERT_FALSE(o.failed) << o.message;
  EXPECT_EQ(o.printed, "local\n");
}

TEST(Modules, MissingFileNamesThePlacesLookedIn) {
  Tree t;
  std::string main = t.write("main.fx", "def main():\n    print(1)\nimport  \"nowhere.fx\"\n");
  Outcome o = compile(main, Action::Run, "", t.path("std"));
  EXPECT_ERROR_AT(o, main, 3, 9,
                  "cannot find module 'nowhere.fx' (looked in " + t.root() + " and " + t.path("std") + ")");
  o = compile(main);  // no standard-library directory configured
  EXPECT_ERROR_AT(o, main, 3, 9, "cannot find module 'nowhere.fx' (looked in ");
  EXPECT_EQ(o.message.find(" and "), std::string::npos) << o.message;

  o = compile(t.write("abs.fx", "import \"/no/such/dir/x.fx\"\n"));
  EXPECT_ERROR_AT(o, t.path("abs.fx"), 1, 8, "cannot find module '/no/such/dir/x.fx' (no such file)");
}

TEST(Modules, BadPathsAreLocatedAtThePath) {
  Tree t;
  t.write("dir/inner.fx", "");
  EXPECT_ERROR_AT(compile(t.write("d.fx", "import \"dir\"\n")), t.path("d.fx"), 1, 8,
                  "cannot import 'dir': it is a directory");
  EXPECT_ERROR_AT(compile(t.write("e.fx", "import \"\"\n")), t.path("e.fx"), 1, 8,
                  "import needs a file path, found an empty string");
  EXPECT_ERROR_AT(compile(t.write("n.fx", "import \"a\\0b.fx\"\n")), t.path("n.fx"), 1, 8,
                  "a module path cannot contain a NUL character");
  EXPECT_ERROR_AT(compile(t.write("p.fx", "import \"d.fx/x.fx\"\n")), t.path("p.fx"), 1, 8,
                  "cannot import 'd.fx/x.fx': a part of the path is not a directory");
  EXPECT_ERROR_AT(compile(t.write("dev.fx", "import \"/dev/null\"\n")), t.path("dev.fx"), 1, 8,
                  "cannot import '/dev/null': not a regular file");
}

TEST(Modules, CyclesListTheFilesAtTheClosingImport) {
  Tree t;
  t.write("a.fx", "import \"b.fx\"\n");
  t.write("b.fx", "\nimport \"c.fx\"\n");
  t.write("c.fx", "import \"a.fx\"\n");
  std::string main = t.write("main.fx", "import \"a.fx\"\ndef main():\n    print(1)\n");
  EXPECT_ERROR_AT(compile(main), t.path("c.fx"), 1, 8,
                  "import cycle: " + t.path("a.fx") + " \u2192 " + t.path("b.fx") + " \u2192 " + t.path("c.fx") +
                      " \u2192 " + t.path("a.fx"));
  std::string self = t.write("self.fx", "import \"./self.fx\"\n");
  EXPECT_ERROR_AT(compile(self), self, 1, 8, "import cycle: " + self + " \u2192 " + self);
}

TEST(Modules, ErrorsInImportedFilesAreLocatedThere) {
  Tree t;
  std::string bad = t.write("bad.fx", "def f(x):\n    return x +\n");
  EXPECT_ERROR_AT(compile(t.write("s.fx", "import \"bad.fx\"\n")), bad, 2, 15, "expected");
  std::string names = t.write("names.fx", "def g():\n    return nothing_here\n");
  EXPECT_ERROR_AT(compile(t.write("n.fx", "import \"names.fx\"\ndef main():\n    print(1)\n")), names, 2, 12,
                  "unknown name 'nothing_here'");
}

TEST(Modules, ClashesNameBothPlaces) {
  Tree t;
  std::string a = t.write("a.fx", "def f() -> i64:\n    return 1\nenum E:\n    V\n");
  std::string b = t.write("b.fx", "\n\nstruct V:\n    x: i64\n");
  std::string two = t.write("two.fx", "import \"a.fx\"\nimport \"b.fx\"\n");
  EXPECT_ERROR_AT(compile(two), two, 2, 8,
                  "'V' is defined both at " + a + ":4 and at " + b + ":3, and this file imports both (lines 1 and 2)");
  std::string local = t.write("local.fx", "import \"a.fx\"\nF = 2\nf = 3\n");
  EXPECT_ERROR_AT(compile(local), local, 3, 1, "'f' is already defined at " + a + ":1 (imported at line 1)");
  // The same file imported twice is no clash.
  Outcome o = compile(t.write("twice.fx", "import \"a.fx\"\nimport \"./a.fx\"\ndef main():\n    print(f())\n"));
  ASSERT_FALSE(o.failed) << o.message;
  EXPECT_EQ(o.printed, "1\n");
}

TEST(Modules, VisibilityIsPerFileAndNotTransitive) {
  Tree t;
  t.write("base.fx",
          "enum Tree:\n    Leaf\n    Node(l: Tree, r: Tree)\n"
          "def size(t: Tree) -> i64:\n    match t:\n        case Leaf:\n            return 1\n"
          "        case Node(l, r):\n            return size(l) + size(r)\n"
          "def abs(x: f64) -> f64:\n    return 42.0\n");
  t.write("mid.fx",
          "import \"base.fx\"\n"
          "def pair() -> Tree:\n    return Node(Leaf, Leaf)\n"
          "def measure(t: Tree) -> i64:\n    return size(t)\n"
          "def mid_abs() -> f64:\n    return abs(-1.0)\n");
  // Only through mid.fx: base.fx's `abs` is not visible, so `abs` is the builtin here.
  std::string ok = t.write("ok.fx", "import \"mid.fx\"\ndef main():\n    print(measure(pair()), abs(-1.0), mid_abs())\n");
  Outcome o = compile(ok);
  ASSERT_FALSE(o.failed) << o.message;
  EXPECT_EQ(o.printed, "2 1.0 42.0\n");

  std::string call = t.write("call.fx", "import \"mid.fx\"\ndef main():\n    print(size(pair()))\n");
  EXPECT_ERROR_AT(compile(call), call, 3, 11,
                  "'size' is defined in " + t.path("base.fx") + ":4, which this file does not import");
  EXPECT_NE(compile(call).message.find("add import \"base.fx\""), std::string::npos);
  std::string pattern = t.write("pattern.fx",
                                "import \"mid.fx\"\ndef main():\n    match pair():\n        case Leaf:\n"
                                "            print(0)\n        case _:\n            print(1)\n");
  EXPECT_ERROR_AT(compile(pattern), pattern, 4, 14, "'Leaf' is defined in");
  std::string field = t.write("field.fx", "import \"mid.fx\"\nstruct Holder:\n    t: Tree\n");
  EXPECT_ERROR_AT(compile(field), field, 3, 8, "'Tree' is defined in");
  std::string value = t.write("value.fx", "import \"mid.fx\"\ndef main():\n    print(Leaf)\n");
  EXPECT_ERROR_AT(compile(value), value, 3, 11, "'Leaf' is defined in");
}

TEST(Modules, EvalSeesTheFileAndItsImports) {
  Tree t;
  t.write("lib.fx", "import \"deep.fx\"\ndef triple(x: i64) -> i64:\n    return 3 * x\n");
  t.write("deep.fx", "def hidden() -> i64:\n    return 7\n");
  std::string main = t.write("main.fx", "import \"lib.fx\"\nK = 2\n");
  Outcome o = compile(main, Action::Eval, "triple(K)");
  ASSERT_FALSE(o.failed) << o.message;
  EXPECT_EQ(o.printed, "6");
  o = compile(main, Action::Eval, "hidden()");
  EXPECT_ERROR_AT(o, "<expr>", 1, 1, "which " + main + " does not import");
}

TEST(Modules, CheckTypesEveryFile) {
  Tree t;
  std::string lib = t.write("lib.fx", "def wrong(x: f64) -> f64:\n    return x and True\n");
  Outcome o = compile(t.write("main.fx", "import \"lib.fx\"\n"), Action::Check);
  ASSERT_TRUE(o.failed);
  EXPECT_EQ(o.file, lib) << o.message;
  EXPECT_EQ(o.line, 2u) << o.message;
}

TEST(Modules, MainMustBeInTheFileRun) {
  Tree t;
  std::string lib = t.write("lib.fx", "def main():\n    print(1)\n");
  std::string main = t.write("main.fx", "import \"lib.fx\"\n");
  Outcome o = compile(main);
  EXPECT_ERROR_AT(o, main, 0, 0, "no main() function to run in this file (the main() at " + lib + ":1");
}

TEST(Modules, ImportOnlyAtTopLevel) {
  Tree t;
  t.write("lib.fx", "X = 1\n");
  std::string nested = t.write("nested.fx", "def main():\n    if True:\n        import \"lib.fx\"\n");
  EXPECT_ERROR_AT(compile(nested), nested, 3, 9, "import is only allowed at the top level of a file");
  std::string top_if = t.write("top_if.fx", "if True:\n    import \"lib.fx\"\n");
  EXPECT_ERROR_AT(compile(top_if), top_if, 1, 1, "only definitions may appear at top level");
}

TEST(Modules, IrOfAnImportedFunction) {
  Tree t;
  t.write("lib.fx", "def inc(x: i64) -> i64:\n    return x + 1\n");
  std::string main = t.write("main.fx", "import \"lib.fx\"\ndef main():\n    print(inc(1))\n");
  driver::Compilation c;
  c.load_file(main);
  EXPECT_NE(c.ir_text("inc", "parsed").find("inc"), std::string::npos);
}

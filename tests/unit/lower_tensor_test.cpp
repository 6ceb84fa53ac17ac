// The lowering of the tensor syntax (LANGUAGE.md §4-§5, docs/tensors.md "Lowering"): the IR
// each construct becomes, printed and compared line by line with the node numbers removed,
// and the compile errors of the tensor builtins' constant parameters.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "lower_test_support.hpp"

using namespace fx;
using namespace fx::testing;
using ir::Prim;

namespace {

// The IR of function `fn` (and the graphs nested in it) with node and graph numbers and
// source locations removed: "%x.12 = index(%x.0, "i", %i.3)  # 3:5" → "%x = index(%x, "i", %i)";
// unnamed nodes print as %_.
std::string ir_of(const ir::Module& m, const std::string& fn) {
  std::string text = ir::print_graph_tree(m, *m.find_function(fn));
  text = std::regex_replace(text, std::regex(" *#[^\n]*"), "");
  text = std::regex_replace(text, std::regex("%([A-Za-z_][A-Za-z0-9_]*)\\.[0-9]+"), "%$1");
  text = std::regex_replace(text, std::regex("%[0-9]+"), "%_");
  text = std::regex_replace(text, std::regex("@([A-Za-z_()]+)\\.[0-9]+"), "@$1");
  return text;
}

std::string lowered(const std::string& source, const std::string& fn = "f") { return ir_of(*lower_text(source), fn); }

// Does `ir` contain `line` as one whole (trimmed) line?
bool has_line(const std::string& ir, const std::string& line) {
  std::istringstream in(ir);
  for (std::string l; std::getline(in, l);) {
    size_t start = l.find_first_not_of(' ');
    if (start != std::string::npos && l.substr(start) == line) return true;
  }
  return false;
}

#define EXPECT_IR_LINE(ir, line) EXPECT_TRUE(has_line(ir, line)) << "missing line: " << (line) << "\nin:\n" << (ir)


}  // namespace

// ------------------------------------------------------------------ literals

TEST(LowerTensor, ListLiteralsNestMakeTensor) {
  std::string ir = lowered("def f(x):\n    a = [[1.0, x], [3.0, 4.0]]\n    b = []\n    return a\n");
  EXPECT_IR_LINE(ir, "%_ = make_tensor(1.0, %x)");
  EXPECT_IR_LINE(ir, "%_ = make_tensor(3.0, 4.0)");
  EXPECT_IR_LINE(ir, "%a = make_tensor(%_, %_)");
  EXPECT_IR_LINE(ir, "%b = make_tensor()");
}

// ------------------------------------------------------------------ indexing

TEST(LowerTensor, IndexSpecs) {
  std::string ir = lowered(
      "def f(x, i, j, a, b, s):\n"
      "    p = x[i, 1:, ::-1]\n"
      "    q = x[:, j]\n"
      "    r = x[a:b:s]\n"
      "    t = x[::-1]\n"
      "    u = x[i]\n"
      "    v = x[a:]\n"
      "    w = x[:b, i + 1]\n"
      "    return p\n");
  EXPECT_IR_LINE(ir, "%p = index(%x, \"i,s100,s001\", %i, 1, -1)");
  EXPECT_IR_LINE(ir, "%q = index(%x, \"s000,i\", %j)");
  EXPECT_IR_LINE(ir, "%r = index(%x, \"s111\", %a, %b, %s)");
  EXPECT_IR_LINE(ir, "%t = index(%x, \"s001\", -1)");
  EXPECT_IR_LINE(ir, "%u = index(%x, \"i\", %i)");
  EXPECT_IR_LINE(ir, "%v = index(%x, \"s100\", %a)");
  EXPECT_IR_LINE(ir, "%w = index(%x, \"s010,i\", %b, %_)");
}

// A single constant index may be a tuple's: the lowering cannot tell, so it is index(t, "i", k)
// too; type inference resolves it to tuple_get on a tuple (docs/tensors.md).
TEST(LowerTensor, ConstantSingleIndex) {
  std::string ir = lowered("def f(t):\n    a = t[0]\n    b = t[-1]\n    c = t[0, 1]\n    return a\n");
  EXPECT_IR_LINE(ir, "%a = index(%t, \"i\", 0)");
  EXPECT_IR_LINE(ir, "%b = index(%t, \"i\", -1)");
  EXPECT_IR_LINE(ir, "%c = index(%t, \"i,i\", 0, 1)");
}

// Tuple indexing end to end: index(t, "i", k) on a tuple is tuple_get after type inference.
TEST(LowerTensor, TupleIndexingRunsEndToEnd) {
  EXPECT_EQ(run_program("def main():\n    t = (1, 2.5, True)\n    print(t[0], t[-1], t[1])\n"), "1 True 2.5\n");
  EXPECT_EQ(run_program("def main():\n    t = ((1, 2), 3)\n    print(t[0][1])\n"), "2\n");
}

// ------------------------------------------------------------------ updates

TEST(LowerTensor, ElementUpdates) {
  std::string ir = lowered(
      "def f(x, i, a, b, t, v):\n"
      "    x[i] = v\n"
      "    x[i, 0] += v\n"
      "    x[a:b] -= t\n"
      "    return x\n");
  EXPECT_IR_LINE(ir, "%x = set_index(%x, \"i\", %i, %v)");
  EXPECT_IR_LINE(ir, "%_ = index(%x, \"i,i\", %i, 0)");
  EXPECT_IR_LINE(ir, "%_ = add(%_, %v)");
  EXPECT_IR_LINE(ir, "%x = set_index(%x, \"i,i\", %i, 0, %_)");
  EXPECT_IR_LINE(ir, "%_ = index(%x, \"s110\", %a, %b)");
  EXPECT_IR_LINE(ir, "%_ = sub(%_, %t)");
  EXPECT_IR_LINE(ir, "%x = set_index(%x, \"s110\", %a, %b, %_)");
  EXPECT_IR_LINE(ir, "return %x");
}

TEST(LowerTensor, UpdatesThroughFieldsAndNestedIndices) {
  std::string ir = lowered(
      "struct P:\n"
      "    w: f64\n"
      "def f(p, x, i, j, v):\n"
      "    p.w[i] = v\n"
      "    x[i][j] = v\n"
      "    return (p, x)\n");
  // p.w[i] = v → p = set_attr(p, "w", set_index(get_attr(p, "w"), "i", i, v))
  EXPECT_IR_LINE(ir, "%_ = get_attr(%p, \"w\")");
  EXPECT_IR_LINE(ir, "%_ = set_index(%_, \"i\", %i, %v)");
  EXPECT_IR_LINE(ir, "%p = set_attr(%p, \"w\", %_)");
  // x[i][j] = v → x = set_index(x, "i", i, set_index(index(x, "i", i), "i", j, v))
  EXPECT_IR_LINE(ir, "%_ = index(%x, \"i\", %i)");
  EXPECT_IR_LINE(ir, "%_ = set_index(%_, \"i\", %j, %v)");
  EXPECT_IR_LINE(ir, "%x = set_index(%x, \"i\", %i, %_)");
}

TEST(LowerTensor, TupleTargetsWithElements) {
  std::string ir = lowered("def f(x, y, i):\n    x[i], y = 1.0, 2.0\n    return x + y\n");
  EXPECT_IR_LINE(ir, "%x = set_index(%x, \"i\", %i, 1.0)");
  EXPECT_IR_LINE(ir, "return %_");
  std::string unpack = lowered("def f(x, t):\n    x[0], b = t\n    return x\n");
  EXPECT_IR_LINE(unpack, "%_ = tuple_get(%t, 0)");
  EXPECT_IR_LINE(unpack, "%x = set_index(%x, \"i\", 0, %_)");
}

// An element update in a loop rebinds the variable: it is carried by the loop.
TEST(LowerTensor, ElementUpdateInALoopIsCarried) {
  std::string ir = lowered(
      "def f(x, n):\n"
      "    for i in range(n):\n"
      "        x[i] = 2.0 * x[i]\n"
      "    return x\n");
  EXPECT_IR_LINE(ir, "%init = make_tuple(%x, 0)");
  EXPECT_IR_LINE(ir, "%x = set_index(%x, \"i\", %i, %_)");
  EXPECT_IR_LINE(ir, "%state = make_tuple(%x, %next)");
  EXPECT_IR_LINE(ir, "%x = tuple_get(%loop, 0)");
  EXPECT_IR_LINE(ir, "return %x");
}

// ------------------------------------------------------------------ comprehensions

TEST(LowerTensor, ComprehensionOverRangeWithCondition) {
  std::string ir = lowered("def f(n):\n    return [k * 2 for k in range(1, n) if k > 1]\n");
  EXPECT_EQ(ir,
            "graph @f(%n)\n"
            "  %start = call @range()(1)\n"
            "  %stop = call @range()(%n)\n"
            "  %_ = rows_empty()\n"
            "  %init = make_tuple(%_, %start)\n"
            "  %_ = sub(%stop, %start)\n"  // a counted loop: its trip count, max(stop - start, 0)
            "  %trips = maximum(%_, 0)\n"
            "  %loop = while(@comprehension_cond, @comprehension_body, %init, %trips)\n"
            "  %_ = tuple_get(%loop, 0)\n"
            "  return %_\n"
            "\n"
            "  graph @comprehension_cond(%state) in @f\n"
            "    %k = tuple_get(%state, 1)\n"
            "    %_ = lt(%k, %stop)\n"
            "    return %_\n"
            "\n"
            "  graph @comprehension_body(%state) in @f\n"
            "    %acc = tuple_get(%state, 0)\n"
            "    %k = tuple_get(%state, 1)\n"
            "    %_ = gt(%k, 1)\n"
            "    %acc = if(%_, @if_true, @if_false)\n"
            "    %next = add(%k, 1)\n"
            "    %state = make_tuple(%acc, %next)\n"
            "    return %state\n"
            "\n"
            "    graph @if_true() in @comprehension_body\n"
            "      %_ = mul(%k, 2)\n"
            "      %acc = rows_append(%acc, %_)\n"
            "      return %acc\n"
            "\n"
            "    graph @if_false() in @comprehension_body\n"
            "      return %acc\n");
}

TEST(LowerTensor, NestedComprehensionsAndRows) {
  std::string ir = lowered("def f(n, t):\n    return [[r * s for s in range(3)] for r in t]\n");
  // The outer one iterates over t's rows: len(t) once, row r = index(t, "i", _i).
  EXPECT_IR_LINE(ir, "%n = len(%t)");
  EXPECT_IR_LINE(ir, "%_i = tuple_get(%state, 1)");
  EXPECT_IR_LINE(ir, "%r = index(%t, \"i\", %_i)");
  EXPECT_IR_LINE(ir, "%_ = lt(%_i, %n)");
  // The inner one is a loop in the outer body; its rows are appended to the outer accumulator.
  EXPECT_IR_LINE(ir, "%_ = mul(%r, %s)");
  EXPECT_IR_LINE(ir, "%acc = rows_append(%acc, %_)");
  auto m = lower_text("def f(n, t):\n    return [[r * s for s in range(3)] for r in t]\n");
  EXPECT_EQ(prim_applies(*m, m->find_function("f"), Prim::While).size(), 2u);
  EXPECT_EQ(prim_applies(*m, m->find_function("f"), Prim::RowsEmpty).size(), 2u);
}

// The comprehension's variable is bound inside it only (Python 3).
TEST(LowerTensor, ComprehensionVariableDoesNotLeak) {
  std::string ir = lowered("def f(n):\n    i = 5\n    y = [i for i in range(n)]\n    return i\n");
  EXPECT_IR_LINE(ir, "return 5");
  EXPECT_LOWER_ERROR("def f(n):\n    y = [i for i in range(n)]\n    return i\n", 3, 12, "unknown name 'i'");
  // It is not a read of an enclosing loop's variable either: only `s` is carried here.
  std::string loop = lowered(
      "def f(n):\n"
      "    s = 0.0\n"
      "    for k in range(n):\n"
      "        v = [s * j for j in range(3)]\n"
      "        s = s + 1.0\n"
      "    return s\n");
  EXPECT_IR_LINE(loop, "%init = make_tuple(0.0, 0)");
}

// ------------------------------------------------------------------ for row in t

TEST(LowerTensor, ForOverATensorIsAnIndexLoop) {
  std::string ir = lowered(
      "def g(t):\n"
      "    return t\n"
      "def f(t):\n"
      "    total = 0.0\n"
      "    for row in g(t):\n"
      "        if sum(row) > 10.0:\n"
      "            break\n"
      "        total += sum(row)\n"
      "    return (total, row)\n");
  // g(t) is evaluated once, before the loop.
  EXPECT_IR_LINE(ir, "%_ = call @g(%t)");
  EXPECT_IR_LINE(ir, "%n = len(%_)");
  EXPECT_IR_LINE(ir, "%row = index(%_, \"i\", %_i)");
  EXPECT_IR_LINE(ir, "%_ = lt(%_i, %n)");
  auto m = lower_text(
      "def f(t):\n    for row in t:\n        print(row)\n");
  EXPECT_EQ(prim_applies(*m, m->find_function("f"), Prim::Len).size(), 1u);
  EXPECT_EQ(prim_applies(*m, m->find_function("f"), Prim::Index).size(), 1u);
}

// ------------------------------------------------------------------ builtins

TEST(LowerTensor, BuiltinsResolveKeywordsAndDefaults) {
  struct Case {
    const char* call;
    const char* ir;
  };
  const Case cases[] = {
      {"zeros((2, 3))", "zeros(%_)"},
      {"ones(3)", "ones(3)"},
      {"full(3, 1.5)", "full(3, 1.5)"},
      {"full(shape=3, value=x)", "full(3, %x)"},
      {"arange(3)", "arange(3)"},
      {"arange(1, 4)", "arange(1, 4)"},
      {"arange(1, 4, 2)", "arange(1, 4, 2)"},
      {"eye(3)", "eye(3)"},
      {"eye(2, 3)", "eye(2, 3)"},
      {"eye(2, m=3)", "eye(2, 3)"},
      {"key(0)", "key(0)"},
      {"split(k)", "split(%k)"},
      {"normal(k, (2, 2))", "normal(%k, %_)"},
      {"uniform(k, 3)", "uniform(%k, 3)"},
      {"len(x)", "len(%x)"},
      {"sum(x)", "sum(%x, None, False)"},
      {"sum(x, 1)", "sum(%x, 1, False)"},
      {"sum(x, axis=-1)", "sum(%x, -1, False)"},
      {"sum(x, axis=None, keepdims=True)", "sum(%x, None, True)"},
      {"sum(x, keepdims=True, axis=0)", "sum(%x, 0, True)"},
      {"mean(x, 0, True)", "mean(%x, 0, True)"},
      {"prod(x)", "prod(%x, None, False)"},
      {"logsumexp(x, axis=1)", "logsumexp(%x, 1, False)"},
      {"argmax(x)", "argmax(%x, None, False)"},
      {"argmin(x, axis=0)", "argmin(%x, 0, False)"},
      {"norm(x)", "norm(%x, None, False)"},
      {"max(x)", "reduce_max(%x, None, False)"},
      {"max(x, axis=1)", "reduce_max(%x, 1, False)"},
      {"min(x, keepdims=True)", "reduce_min(%x, None, True)"},
      {"max(x, k)", "maximum(%x, %k)"},
      {"min(x, 0.0)", "minimum(%x, 0.0)"},
      {"matmul(x, x)", "matmul(%x, %x)"},
      {"dot(x, x)", "dot(%x, %x)"},
      {"outer(x, x)", "outer(%x, %x)"},
      {"transpose(x)", "transpose(%x)"},
      {"trace(x)", "trace(%x)"},
      {"reshape(x, (2, -1))", "reshape(%x, %_)"},
      {"concat((x, x))", "concat(%_, 0)"},
      {"stack((x, x), axis=1)", "stack(%_, 1)"},
      {"diag(x)", "diag(%x, 0)"},
      {"diag(x, k)", "diag(%x, %k)"},
      {"softmax(x)", "softmax(%x, -1)"},
      {"log_softmax(x, axis=0)", "log_softmax(%x, 0)"},
      {"conv2d(x, k)", "conv2d(%x, %k, 1, 0)"},
      {"conv2d(x, k, padding=1)", "conv2d(%x, %k, 1, 1)"},
      {"conv2d(x, k, 2, 3)", "conv2d(%x, %k, 2, 3)"},
      {"max_pool2d(x, 2)", "max_pool2d(%x, 2)"},
      {"one_hot(k, 10)", "one_hot(%k, 10)"},
      {"dropout(k, x, 0.5)", "dropout(%k, %x, 0.5)"},
      {"clip(x, 0.0, 1.0)", "clip(%x, 0.0, 1.0)"},
      {"where(x, k, 0.0)", "where(%x, %k, 0.0)"},
      {"astype(x, f32)", "astype(%x, \"f32\")"},
      {"astype(x, dtype=i64)", "astype(%x, \"i64\")"},
      {"astype(x, bool)", "astype(%x, \"bool\")"},
      {"load(\"a.npy\")", "load(\"a.npy\")"},
      {"load(\"a.npz\", like=x)", "load(\"a.npz\", %x)"},
      {"save(\"a.npy\", x)", "save(\"a.npy\", %x)"},
      {"read_bytes(\"a\")", "read_bytes(\"a\")"},
      {"read_idx(\"a\")", "read_idx(\"a\")"},
  };
  for (const Case& c : cases) {
    std::string ir = lowered(std::string("def f(x, k):\n    y = ") + c.call + "\n    return y\n");
    EXPECT_IR_LINE(ir, std::string("%y = ") + c.ir);
  }
}

TEST(LowerTensor, BuiltinParameterErrors) {
  EXPECT_LOWER_ERROR("def f(x, a):\n    return sum(x, axis=a)\n", 2, 24,
                     "the axis of sum() must be an integer constant or None (e.g. axis=1 or axis=-1), found 'a'");
  EXPECT_LOWER_ERROR("def f(x):\n    return sum(x, 1.0)\n", 2, 19, "must be an integer constant or None");
  EXPECT_LOWER_ERROR("def f(x):\n    return softmax(x, axis=None)\n", 2, 28,
                     "the axis of softmax() must be an integer constant (e.g. axis=1 or axis=-1), found None");
  EXPECT_LOWER_ERROR("def f(x):\n    return mean(x, keepdims=1)\n", 2, 29,
                     "the keepdims of mean() must be True or False, found the integer 1");
  EXPECT_LOWER_ERROR("def f(x):\n    return astype(x, \"f32\")\n", 2, 22,
                     "the dtype of astype() must be one of the names f64, f32, i64, bool, found the string \"f32\"");
  EXPECT_LOWER_ERROR("def f(x):\n    return astype(x, float)\n", 2, 22, "found 'float'");
  EXPECT_LOWER_ERROR("def f(x):\n    return sum(x, axs=1)\n", 2, 19,
                     "sum() has no parameter 'axs': sum(x, axis=None, keepdims=False)");
  EXPECT_LOWER_ERROR("def f(x):\n    return sum()\n", 2, 15, "sum() is missing its argument 'x'");
  EXPECT_LOWER_ERROR("def f(x):\n    return conv2d(x, stride=2)\n", 2, 18,
                     "conv2d() is missing its argument 'w': conv2d(x, w, stride=1, padding=0)");
  EXPECT_LOWER_ERROR("def f(x):\n    return sum(x, 1, True, 2)\n", 2, 15, "sum() takes at most 3 arguments, found 4");
  EXPECT_LOWER_ERROR("def f(x):\n    return zeros(3, 4)\n", 2, 17, "zeros() takes 1 argument, found 2: zeros(shape)");
  EXPECT_LOWER_ERROR("def f(x):\n    return sum(x, 1, axis=1)\n", 2, 22, "sum() got 'axis' twice");
  EXPECT_LOWER_ERROR("def f(x):\n    return arange(stop=3)\n", 2, 19, "arange() takes its arguments by position");
  EXPECT_LOWER_ERROR("def f(x):\n    return eye()\n", 2, 15, "eye() is missing its argument 'n': eye(n[, m])");
  EXPECT_LOWER_ERROR("def f(x):\n    return max(x, x, axis=0)\n", 2, 22, "max() of two values takes no keyword arguments");
  EXPECT_LOWER_ERROR("def f(x):\n    return min()\n", 2, 15, "min() takes min(a, b) of two values or min(x, axis=None");
}

TEST(LowerTensor, BuiltinsAsValuesAndShadowing) {
  // A builtin with defaults used as a value: a function of its required parameters.
  auto m = lower_text("def f():\n    return sum\n");
  const ir::Node* out = m->find_function("f")->output;
  ASSERT_TRUE(out->holds_graph());
  EXPECT_EQ(ir_of(*m, "f"), "graph @f()\n  return @sum\n");
  std::string wrapper = std::regex_replace(ir::print_graph(*out->as_graph()), std::regex(" *#[^\n]*"), "");
  EXPECT_NE(wrapper.find("= sum(%x."), std::string::npos) << wrapper;
  EXPECT_NE(wrapper.find(", None, False)"), std::string::npos) << wrapper;
  // Without defaults: the primitive itself, as the scalar builtins.
  auto len = lower_text("def f():\n    return len\n");
  ASSERT_TRUE(len->find_function("f")->output->holds_prim());
  EXPECT_EQ(len->find_function("f")->output->as_prim(), Prim::Len);
  auto max = lower_text("def f():\n    return max\n");
  EXPECT_EQ(max->find_function("f")->output->as_prim(), Prim::Maximum);
  // A user definition shadows the builtin.
  auto shadow = lower_text("def sum(x, axis):\n    return x\ndef f(x):\n    return sum(x, axis=1)\n");
  EXPECT_TRUE(prim_applies(*shadow, shadow->find_function("f"), Prim::Sum).empty());
}

// Lexer and parser: precedence, every statement form, layout, locations,
// error messages (line:col + text), limits, and robustness on random input.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "support/diagnostics.hpp"
#include "syntax/ast_printer.hpp"
#include "syntax/lexer.hpp"
#include "syntax/parser.hpp"

namespace {

using namespace fx;

// A parsed module together with the file its locations point into.
struct Parsed {
  std::unique_ptr<SourceFile> file;
  std::unique_ptr<ast::Module> module;
};

Parsed parse(const std::string& text) {
  Parsed parsed;
  parsed.file = std::make_unique<SourceFile>("test.fx", text);
  parsed.module = parse_module(*parsed.file);
  return parsed;
}

// The S-expression dump of a whole module.
std::string dump_module(const std::string& text) { return dump(*parse(text).module); }

// The dump of a lone expression (parse_expression, the `fluxion eval` path).
std::string dump_expr(const std::string& text) {
  SourceFile file("expr", text);
  return dump(*parse_expression(file));
}

// The dump of `x = <text>`'s right-hand side, i.e. an expression in a module.
std::string dump_rhs(const std::string& text) {
  Parsed parsed = parse("x = " + text + "\n");
  const auto& assign = static_cast<const ast::AssignStmt&>(*parsed.module->body.at(0));
  return dump(*assign.value);
}

struct ErrorSeen {
  uint32_t line = 0, col = 0;
  std::string message;
};

ErrorSeen parse_error(const std::string& text) {
  SourceFile file("test.fx", text);
  try {
    parse_module(file);
  } catch (const CompileError& error) {
    return {error.loc.line, error.loc.col, error.message};
  }
  ADD_FAILURE() << "expected a compile error for:\n" << text;
  return {};
}

#define EXPECT_PARSE_ERROR(text, line_, col_, message_)                 \
  do {                                                                   \
    ErrorSeen seen = parse_error(text);                                  \
    EXPECT_EQ(seen.line, (line_uint32(line_))) << seen.message;          \
    EXPECT_EQ(seen.col, (line_uint32(col_))) << seen.message;            \
    EXPECT_NE(seen.message.find(message_), std::string::npos)            \
        << "message: " << seen.message << "\nwanted: " << (message_);    \
  } while (0)

constexpr uint32_t line_uint32(int value) { return static_cast<uint32_t>(value); }

template <typename T>
const T& as(const ast::Stmt& stmt) { return static_cast<const T&>(stmt); }
template <typename T>
const T& as(const ast::Expr& expr) { return static_cast<const T&>(expr); }

// ------------------------------------------------------------- precedence

TEST(ParserPrecedence, PowerBindsTighterThanUnaryMinus) {
  EXPECT_EQ(dump_rhs("-x ** 2"), "(- (** x 2))");
  EXPECT_EQ(dump_rhs("2 ** -1"), "(** 2 (- 1))");
  EXPECT_EQ(dump_rhs("2 ** 3 ** 2"), "(** 2 (** 3 2))");
  EXPECT_EQ(dump_rhs("(-x) ** 2"), "(** (- x) 2)");
  EXPECT_EQ(dump_rhs("- - +x"), "(- (- (+ x)))");
}

TEST(ParserPrecedence, BooleanOperators) {
  EXPECT_EQ(dump_rhs("a or b and not c"), "(or a (and b (not c)))");
  EXPECT_EQ(dump_rhs("a and b or c and d"), "(or (and a b) (and c d))");
  EXPECT_EQ(dump_rhs("not a == b"), "(not (cmp a == b))");
  EXPECT_EQ(dump_rhs("not not a"), "(not (not a))");
}

TEST(ParserPrecedence, ComparisonChains) {
  EXPECT_EQ(dump_rhs("a < b < c"), "(cmp a < b < c)");
  EXPECT_EQ(dump_rhs("a <= b != c >= d"), "(cmp a <= b != c >= d)");
  EXPECT_EQ(dump_rhs("a + 1 > b * 2"), "(cmp (+ a 1) > (* b 2))");
  EXPECT_EQ(dump_rhs("a == b"), "(cmp a == b)");
}

TEST(ParserPrecedence, ArithmeticIsLeftAssociative) {
  EXPECT_EQ(dump_rhs("a + b * c - d"), "(- (+ a (* b c)) d)");
  EXPECT_EQ(dump_rhs("a - b - c"), "(- (- a b) c)");
  EXPECT_EQ(dump_rhs("a / b // c % d @ e"), "(@ (% (// (/ a b) c) d) e)");
  EXPECT_EQ(dump_rhs("p.w @ x + p.b"), "(+ (@ (. p w) x) (. p b))");
  EXPECT_EQ(dump_rhs("-x.y[0](1)"), "(- (call (index (. x y) 0) 1))");
}

TEST(ParserPrecedence, ConditionalAndLambda) {
  EXPECT_EQ(dump_rhs("1.0 if n <= 1 else n * f(n - 1)"),
            "(ifexp (cmp n <= 1) 1.0 (* n (call f (- n 1))))");
  EXPECT_EQ(dump_rhs("a if c else b if d else e"), "(ifexp c a (ifexp d b e))");
  EXPECT_EQ(dump_rhs("lambda x: f(g(x))"), "(lambda (x) (call f (call g x)))");
  EXPECT_EQ(dump_rhs("lambda: 1"), "(lambda () 1)");
  EXPECT_EQ(dump_rhs("lambda x, y=2: x if y else lambda z: z"),
            "(lambda (x (y = 2)) (ifexp y x (lambda (z) z)))");
  EXPECT_EQ(dump_rhs("grad(lambda y: x + y)(1.0)"),
            "(call (call grad (lambda (y) (+ x y))) 1.0)");
}

// ---------------------------------------------------------------- atoms

TEST(ParserAtoms, Literals) {
  EXPECT_EQ(dump_rhs("42"), "42");
  EXPECT_EQ(dump_rhs("(1.0, 1e-3, .5, 1., 2E+5, 0.25e1)"), "(tuple 1.0 0.001 0.5 1.0 2e+05 2.5)");
  EXPECT_EQ(dump_rhs("(True, False, None)"), "(tuple True False None)");
  EXPECT_EQ(dump_rhs(R"("a\n\t\"\\b")"), R"("a\n\t\"\\b")");
  EXPECT_EQ(dump_rhs(R"('it\'s' " ok")"), R"("it's ok")");
  EXPECT_EQ(dump_rhs("9223372036854775807"), "9223372036854775807");
  EXPECT_EQ(dump_rhs("-9223372036854775808"), "-9223372036854775808");
  EXPECT_EQ(dump_rhs("0"), "0");
}

TEST(ParserAtoms, NoneAndRangeAreNames) {
  Parsed parsed = parse("for i in range(n):\n    x = None\n");
  const auto& loop = as<ast::ForStmt>(*parsed.module->body[0]);
  ASSERT_EQ(loop.iter->kind, ast::ExprKind::Call);
  const auto& call = as<ast::CallExpr>(*loop.iter);
  ASSERT_EQ(call.callee->kind, ast::ExprKind::Name);
  EXPECT_EQ(as<ast::NameExpr>(*call.callee).name, "range");
  const auto& assign = as<ast::AssignStmt>(*loop.body[0]);
  ASSERT_EQ(assign.value->kind, ast::ExprKind::Name);
  EXPECT_EQ(as<ast::NameExpr>(*assign.value).name, "None");
}

TEST(ParserAtoms, CallsWithKeywords) {
  EXPECT_EQ(dump_rhs("f()"), "(call f)");
  EXPECT_EQ(dump_rhs("f(a, b, k=v)"), "(call f a b k=v)");
  EXPECT_EQ(dump_rhs("f(a, k=1, m=g(2),)"), "(call f a k=1 m=(call g 2))");
  EXPECT_EQ(dump_rhs("Linear(w=a, b=c)"), "(call Linear w=a b=c)");
  EXPECT_EQ(dump_rhs("f(a == b)"), "(call f (cmp a == b))");
}

TEST(ParserAtoms, IndexingAndSlices) {
  EXPECT_EQ(dump_rhs("x[i]"), "(index x i)");
  EXPECT_EQ(dump_rhs("x[i, j]"), "(index x i j)");
  EXPECT_EQ(dump_rhs("x[a:b]"), "(index x (slice a b nil))");
  EXPECT_EQ(dump_rhs("x[:, j]"), "(index x (slice nil nil nil) j)");
  EXPECT_EQ(dump_rhs("x[::2]"), "(index x (slice nil nil 2))");
  EXPECT_EQ(dump_rhs("x[a:b:s]"), "(index x (slice a b s))");
  EXPECT_EQ(dump_rhs("x[1:]"), "(index x (slice 1 nil nil))");
  EXPECT_EQ(dump_rhs("x[:-1]"), "(index x (slice nil (- 1) nil))");
  EXPECT_EQ(dump_rhs("x[1::]"), "(index x (slice 1 nil nil))");
  EXPECT_EQ(dump_rhs("t[0][1].shape"), "(. (index (index t 0) 1) shape)");
}

TEST(ParserAtoms, TuplesListsComprehensions) {
  EXPECT_EQ(dump_rhs("()"), "(tuple)");
  EXPECT_EQ(dump_rhs("(a,)"), "(tuple a)");
  EXPECT_EQ(dump_rhs("(a)"), "a");
  EXPECT_EQ(dump_rhs("(a, b)"), "(tuple a b)");
  EXPECT_EQ(dump_rhs("a, b"), "(tuple a b)");
  EXPECT_EQ(dump_rhs("1,"), "(tuple 1)");
  EXPECT_EQ(dump_rhs("[]"), "(list)");
  EXPECT_EQ(dump_rhs("[[1.0, 2.0], [3.0, 4.0],]"), "(list (list 1.0 2.0) (list 3.0 4.0))");
  EXPECT_EQ(dump_rhs("[f(i) for i in range(n)]"),
            "(listcomp (call f i) for i in (call range n))");
  EXPECT_EQ(dump_rhs("[e for e in xs if e > 0]"), "(listcomp e for e in xs if (cmp e > 0))");
  EXPECT_EQ(dump_rhs("[a if c else b for i in xs]"), "(listcomp (ifexp c a b) for i in xs)");
  EXPECT_EQ(dump_rhs("[[i * j for j in r] for i in r]"),
            "(listcomp (listcomp (* i j) for j in r) for i in r)");
}

TEST(ParserAtoms, ParseExpressionEntryPoint) {
  EXPECT_EQ(dump_expr("grad(confusion)(3.0)"), "(call (call grad confusion) 3.0)");
  EXPECT_EQ(dump_expr("  f(1,\n 2) +\n 3  \n"), "(+ (call f 1 2) 3)");
  EXPECT_EQ(dump_expr("a, b"), "(tuple a b)");
  SourceFile bad("expr", "f(1) 2");
  try {
    parse_expression(bad);
    ADD_FAILURE() << "trailing tokens accepted";
  } catch (const CompileError& error) {
    EXPECT_EQ(error.message, "expected end of the expression, found number 2");
    EXPECT_EQ(error.loc.col, 6u);
  }
}

// ------------------------------------------------------------ statements

TEST(ParserStatements, Assignments) {
  EXPECT_EQ(dump_module("a = 1\n"
                        "a, b = t\n"
                        "(a, (b, c)) = t\n"
                        "x[i] = v\n"
                        "x[i, j] = v\n"
                        "x[a:b] = t\n"
                        "p.field = v\n"
                        "p.w[0] = v\n"
                        "x: f64 = 1.0\n"
                        "t: (f64, i64) = 1.0, 2\n"
                        "f(x)\n"),
            "(= a 1)\n"
            "(= (tuple a b) t)\n"
            "(= (tuple a (tuple b c)) t)\n"
            "(= (index x i) v)\n"
            "(= (index x i j) v)\n"
            "(= (index x (slice a b nil)) t)\n"
            "(= (. p field) v)\n"
            "(= (index (. p w) 0) v)\n"
            "(= x : f64 1.0)\n"
            "(= t : (f64, i64) (tuple 1.0 2))\n"
            "(expr (call f x))\n");
}

TEST(ParserStatements, AugmentedAssignments) {
  EXPECT_EQ(dump_module("a += 1\na -= 1\na *= 1\na /= 1\na //= 1\na %= 1\na **= 1\na @= m\n"
                        "x[i] += 1\n"),
            "(+= a 1)\n(-= a 1)\n(*= a 1)\n(/= a 1)\n(//= a 1)\n(%= a 1)\n(**= a 1)\n(@= a m)\n"
            "(+= (index x i) 1)\n");
}

TEST(ParserStatements, IfElifElseNest) {
  EXPECT_EQ(dump_module("if a:\n    x = 1\nelif b:\n    x = 2\nelif c:\n    pass\nelse:\n    x = 3\n"),
            "(if a\n"
            "  (= x 1)\n"
            " else\n"
            "  (if b\n"
            "    (= x 2)\n"
            "   else\n"
            "    (if c\n"
            "      (pass)\n"
            "     else\n"
            "      (= x 3))))\n");
}

TEST(ParserStatements, LoopsAndJumps) {
  EXPECT_EQ(dump_module("while x > 0:\n"
                        "    x -= 1\n"
                        "    if x == 3:\n"
                        "        continue\n"
                        "    break\n"
                        "for i in range(n):\n"
                        "    pass\n"
                        "for a, b in pairs:\n"
                        "    pass\n"
                        "for (a, b) in x, y:\n"
                        "    pass\n"
                        "for row in tensor: print(row)\n"),
            "(while (cmp x > 0)\n"
            "  (-= x 1)\n"
            "  (if (cmp x == 3)\n"
            "    (continue))\n"
            "  (break))\n"
            "(for i in (call range n)\n"
            "  (pass))\n"
            "(for (tuple a b) in pairs\n"
            "  (pass))\n"
            "(for (tuple a b) in (tuple x y)\n"
            "  (pass))\n"
            "(for row in tensor\n"
            "  (expr (call print row)))\n");
}

TEST(ParserStatements, ReturnAssertImport) {
  EXPECT_EQ(dump_module("def f():\n    return\ndef g():\n    return a, b\n"
                        "assert x\nassert x > 0, \"x must be positive\"\nimport \"lib/other.fx\"\n"),
            "(def f ()\n  (return))\n(def g ()\n  (return (tuple a b)))\n"
            "(assert x)\n(assert (cmp x > 0) \"x must be positive\")\n(import \"lib/other.fx\")\n");
}

TEST(ParserStatements, FunctionsAndDecorators) {
  EXPECT_EQ(dump_module("@custom_vjp(fwd, bwd)\n"
                        "@checkpoint\n"
                        "def f(x, y: f64, z=1, w: Tensor[f64] = zeros(3),) -> (f64, f64):\n"
                        "    def inner(v): return v * 2\n"
                        "    return inner(x), y\n"),
            "(def f (x (y: f64) (z = 1) (w: Tensor[f64] = (call zeros 3))) -> (f64, f64) "
            "@(call custom_vjp fwd bwd) @checkpoint\n"
            "  (def inner (v)\n"
            "    (return (* v 2)))\n"
            "  (return (tuple (call inner x) y)))\n");
  Parsed parsed = parse("def f(a, b: i64):\n    pass\n");
  const auto& fn = as<ast::FunctionDef>(*parsed.module->body[0]);
  EXPECT_EQ(fn.name_loc.col, 5u);
  ASSERT_EQ(fn.params.size(), 2u);
  EXPECT_EQ(fn.params[1].loc.col, 10u);
  EXPECT_EQ(fn.params[1].annotation->name, "i64");
}

TEST(ParserStatements, StructEnumMatch) {
  EXPECT_EQ(dump_module("struct Linear:\n"
                        "    w: Tensor[f64]\n"
                        "    b: Tensor[f64]\n"
                        "enum Tree:\n"
                        "    Leaf(word: i64)\n"
                        "    Node(left: Tree, right: Tree)\n"
                        "    Empty\n"
                        "def depth(t):\n"
                        "    match t:\n"
                        "        case Leaf(w):\n"
                        "            return 1\n"
                        "        case Node(Leaf(_), r):\n"
                        "            return 2\n"
                        "        case Empty(): return 0\n"
                        "        case other:\n"
                        "            return 3\n"
                        "match n:\n"
                        "    case 0:\n        pass\n"
                        "    case -1:\n        pass\n"
                        "    case 2.5:\n        pass\n"
                        "    case True:\n        pass\n"
                        "    case \"s\":\n        pass\n"
                        "    case None:\n        pass\n"
                        "    case _:\n        pass\n"),
            "(struct Linear (w Tensor[f64]) (b Tensor[f64]))\n"
            "(enum Tree (Leaf (word i64)) (Node (left Tree) (right Tree)) (Empty))\n"
            "(def depth (t)\n"
            "  (match t\n"
            "    (case (Leaf w)\n"
            "      (return 1))\n"
            "    (case (Node (Leaf _) r)\n"
            "      (return 2))\n"
            "    (case (Empty)\n"
            "      (return 0))\n"
            "    (case other\n"
            "      (return 3))))\n"
            "(match n\n"
            "  (case 0\n    (pass))\n"
            "  (case -1\n    (pass))\n"
            "  (case 2.5\n    (pass))\n"
            "  (case True\n    (pass))\n"
            "  (case \"s\"\n    (pass))\n"
            "  (case None\n    (pass))\n"
            "  (case _\n    (pass)))\n");
  Parsed parsed = parse("match t:\n    case Node(_, x):\n        pass\n");
  const auto& match = as<ast::MatchStmt>(*parsed.module->body[0]);
  const ast::Pattern& pattern = *match.cases[0].pattern;
  EXPECT_EQ(pattern.kind, ast::PatternKind::Constructor);
  EXPECT_EQ(pattern.args[0]->kind, ast::PatternKind::Wildcard);
  EXPECT_EQ(pattern.args[1]->kind, ast::PatternKind::Bind);
  EXPECT_EQ(pattern.args[1]->name, "x");
  Parsed none = parse("match t:\n    case None:\n        pass\n");
  const ast::Pattern& none_pattern = *as<ast::MatchStmt>(*none.module->body[0]).cases[0].pattern;
  EXPECT_EQ(none_pattern.kind, ast::PatternKind::Literal);
  EXPECT_EQ(none_pattern.literal->kind, ast::ExprKind::Name);
}

TEST(ParserStatements, Types) {
  EXPECT_EQ(dump_module("def f(a: f32, b: bool, c: str, d: Tree, e: None, f: (f64,), g: ()) -> "
                        "Tensor[Tensor[i64]]:\n    pass\n"),
            "(def f ((a: f32) (b: bool) (c: str) (d: Tree) (e: None) (f: (f64,)) (g: ())) -> "
            "Tensor[Tensor[i64]]\n  (pass))\n");
}

TEST(ParserAtoms, TripleQuotedStringsAndByteOrderMark) {
  EXPECT_EQ(dump_module("def f():\n    \"\"\"Doc line 1.\n\n  line \"2\".\"\"\"\n    return '''x'''\n"),
            "(def f ()\n  (expr \"Doc line 1.\\n\\n  line \\\"2\\\".\")\n  (return \"x\"))\n");
  Parsed parsed = parse("s = \"\"\"a\nb\"\"\"\ny = 1\n");
  EXPECT_EQ(parsed.module->body[1]->loc.line, 3u);  // lines inside the string are counted
  EXPECT_EQ(dump_module("\xEF\xBB\xBFx = 1\n"), "(= x 1)\n");
  EXPECT_PARSE_ERROR("x = 1\ns = \"\"\"abc\n\n", 2, 5,
                     "unterminated string: expected a closing \"\"\", found end of file");
}

// ----------------------------------------------------------------- layout

TEST(ParserLayout, CommentsBlankLinesAndContinuations) {
  EXPECT_EQ(dump_module("# header\n"
                        "\n"
                        "def f(a,\n"
                        "      b):   # trailing comment\n"
                        "        # comment at another indentation\n"
                        "\n"
                        "    x = [1,\n"
                        "  2,\n"
                        "         3]\n"
                        "    return x\t+ 1\n"
                        "   \t\n"
                        "y = 1"),
            "(def f (a b)\n  (= x (list 1 2 3))\n  (return (+ x 1)))\n(= y 1)\n");
}

TEST(ParserLayout, CrlfAndMissingFinalNewline) {
  EXPECT_EQ(dump_module("if a:\r\n    b = 1\r\nc = 2"), "(if a\n  (= b 1))\n(= c 2)\n");
  EXPECT_EQ(dump_module("if a:\n    if b:\n        c = 1"), "(if a\n  (if b\n    (= c 1)))\n");
  EXPECT_EQ(dump_module(""), "");
  EXPECT_EQ(dump_module("# only a comment"), "");
  EXPECT_EQ(dump_module("\n\n   \n"), "");
}

TEST(ParserLayout, TokensCarryLayout) {
  SourceFile file("t.fx", "if a:\n  b\nc\n");
  std::vector<Token> tokens = tokenize(file);
  std::vector<TokenKind> kinds;
  for (const Token& t : tokens) kinds.push_back(t.kind);
  std::vector<TokenKind> expected = {
      TokenKind::KwIf, TokenKind::Name, TokenKind::Colon, TokenKind::Newline,
      TokenKind::Indent, TokenKind::Name, TokenKind::Newline, TokenKind::Dedent,
      TokenKind::Name, TokenKind::Newline, TokenKind::EndOfFile};
  EXPECT_EQ(kinds, expected);
  EXPECT_EQ(tokens[4].loc.line, 2u);
  EXPECT_EQ(tokens[4].loc.col, 3u);
  EXPECT_EQ(tokens[3].loc.col, 6u);  // the Newline is where line 1 ends
}

// -------------------------------------------------------------- locations

TEST(ParserLocations, NodesPointWhereTheyStartOrAtTheirOperator) {
  //                   123456789012345678901234567
  Parsed parsed = parse("y = (a + b) * f(c, k=d)[i].w\n");
  const auto& assign = as<ast::AssignStmt>(*parsed.module->body[0]);
  EXPECT_EQ(assign.loc.col, 1u);
  const auto& mul = as<ast::BinaryExpr>(*assign.value);
  EXPECT_EQ(mul.loc.col, 13u);                   // the '*'
  EXPECT_EQ(mul.lhs->loc.col, 8u);               // the '+'
  const auto& attr = as<ast::AttributeExpr>(*mul.rhs);
  EXPECT_EQ(attr.loc.col, 27u);                  // the '.'
  const auto& index = as<ast::IndexExpr>(*attr.base);
  EXPECT_EQ(index.loc.col, 24u);                 // the '['
  const auto& call = as<ast::CallExpr>(*index.base);
  EXPECT_EQ(call.loc.col, 16u);                  // the '('
  EXPECT_EQ(call.callee->loc.col, 15u);
  EXPECT_EQ(call.keywords[0].loc.col, 20u);      // the keyword's name
  EXPECT_EQ(call.keywords[0].value->loc.col, 22u);

  Parsed compare = parse("\n  # c\nif  a < b < c:\n    return -x\n");
  const auto& if_stmt = as<ast::IfStmt>(*compare.module->body[0]);
  EXPECT_EQ(if_stmt.loc.line, 3u);
  EXPECT_EQ(if_stmt.loc.col, 1u);
  const auto& cmp = as<ast::CompareExpr>(*if_stmt.cond);
  EXPECT_EQ(cmp.loc.col, 5u);  // where the chain starts
  ASSERT_EQ(cmp.op_locs.size(), 2u);
  EXPECT_EQ(cmp.op_locs[0].col, 7u);
  EXPECT_EQ(cmp.op_locs[1].col, 11u);
  const auto& ret = as<ast::ReturnStmt>(*if_stmt.then_body[0]);
  EXPECT_EQ(ret.loc.line, 4u);
  EXPECT_EQ(ret.loc.col, 5u);
  EXPECT_EQ(ret.value->loc.col, 12u);
  EXPECT_EQ(ret.loc.file, compare.file.get());
}

// ----------------------------------------------------------------- errors

TEST(ParserErrors, MissingColonAndBadBlocks) {
  EXPECT_PARSE_ERROR("if x\n    y = 1\n", 1, 5, "expected ':' after the if condition, found end of line");
  EXPECT_PARSE_ERROR("while x y:\n    pass\n", 1, 9, "expected ':' after the while condition, found name 'y'");
  EXPECT_PARSE_ERROR("def f()\n    pass\n", 1, 8, "expected ':' after the function signature, found end of line");
  EXPECT_PARSE_ERROR("if x:\ny = 1\n", 2, 1, "expected an indented block after 'if' on line 1, found name 'y'");
  EXPECT_PARSE_ERROR("def f():\n", 2, 1, "expected an indented block after 'def' on line 1, found end of file");
  EXPECT_PARSE_ERROR("struct P:\n    pass\n", 2, 5, "expected a field declaration 'name: type', found 'pass'");
  EXPECT_PARSE_ERROR("match x:\n    y = 1\n", 2, 5, "expected 'case', found name 'y'");
  EXPECT_PARSE_ERROR("if a: if b: pass\n", 1, 7, "expected a line break and an indented block");
}

TEST(ParserErrors, StrayKeywordsAndIndentation) {
  EXPECT_PARSE_ERROR("else:\n    pass\n", 1, 1, "expected a statement, found 'else' without a matching 'if'");
  EXPECT_PARSE_ERROR("x = 1\nelif y:\n    pass\n", 2, 1, "found 'elif' without a matching 'if'");
  EXPECT_PARSE_ERROR("case 1:\n    pass\n", 1, 1, "found 'case' outside a match block");
  EXPECT_PARSE_ERROR("x = 1\n    y = 2\n", 2, 5, "expected a statement, found unexpected indentation");
  EXPECT_PARSE_ERROR("if x:\n    a = 1\n  b = 2\n", 3, 3,
                     "inconsistent dedent: expected an indentation of 4 or 0 spaces");
  EXPECT_PARSE_ERROR("def f():\n\treturn 1\n", 2, 1, "tab in indentation; indent with spaces");
  EXPECT_PARSE_ERROR("def f():\n  \treturn 1\n", 2, 3, "tab in indentation; indent with spaces");
}

TEST(ParserErrors, Brackets) {
  EXPECT_PARSE_ERROR("x = f(1, 2\n", 1, 6, "expected ')' to close this '(', found end of file");
  EXPECT_PARSE_ERROR("x = [1, (2\n\n", 1, 9, "expected ')' to close this '(', found end of file");
  EXPECT_PARSE_ERROR("x = (1 + 2]\n", 1, 11, "expected ',' or ')', found ']'");
  EXPECT_PARSE_ERROR("x = f(1, 2\ny = 3\n", 2, 1, "expected ',' or ')' to close the '(' from line 1:6, found name 'y'");
  EXPECT_PARSE_ERROR("x = 1)\n", 1, 6, "expected end of line, found ')'");
  EXPECT_PARSE_ERROR("x = ]\n", 1, 5, "expected an expression, found ']'");
  EXPECT_PARSE_ERROR("x = a[]\n", 1, 7, "expected an index, found ']'");
}

TEST(ParserErrors, Assignments) {
  EXPECT_PARSE_ERROR("f() = 3\n", 1, 2, "cannot assign to a call");
  EXPECT_PARSE_ERROR("1 = x\n", 1, 1, "cannot assign to a literal");
  EXPECT_PARSE_ERROR("a, 2 = t\n", 1, 4, "cannot assign to a literal");
  EXPECT_PARSE_ERROR("a + b = t\n", 1, 3, "cannot assign to an operator expression");
  EXPECT_PARSE_ERROR("f(x).w = 1\n", 1, 5, "cannot assign to a part of a call");
  EXPECT_PARSE_ERROR("a, b += 1\n", 1, 1, "cannot use an augmented assignment on a tuple");
  EXPECT_PARSE_ERROR("None = 1\n", 1, 1, "cannot assign to None");
  EXPECT_PARSE_ERROR("x: f64\n", 1, 7, "expected '=' and a value after the type annotation, found end of line");
  EXPECT_PARSE_ERROR("x = y = 1\n", 1, 7, "expected end of line, found '='");
}

TEST(ParserErrors, Expressions) {
  EXPECT_PARSE_ERROR("x = a if b\n", 1, 11, "expected 'else' in the conditional expression, found end of line");
  EXPECT_PARSE_ERROR("x = 1 +\n", 1, 8, "expected an expression, found end of line");
  EXPECT_PARSE_ERROR("x = f(a=1, b)\n", 1, 12, "positional argument after a keyword argument");
  EXPECT_PARSE_ERROR("x = f(a b)\n", 1, 9, "expected ',' or ')', found name 'b'");
  EXPECT_PARSE_ERROR("x = a.1\n", 1, 6, "expected end of line, found number .1");
  EXPECT_PARSE_ERROR("x = a. b.\n", 1, 10, "expected an attribute name after '.', found end of line");
  EXPECT_PARSE_ERROR("x = [i for i, j in xs]\n", 1, 13, "expected 'in' after the loop variable, found ','");
  EXPECT_PARSE_ERROR("x = sum(x for x in xs)\n", 1, 11, "there are no generator expressions");
  EXPECT_PARSE_ERROR("x = lambda x y: 1\n", 1, 14, "expected ',' or ':' after a lambda parameter, found name 'y'");
  EXPECT_PARSE_ERROR("def f(x=1, y):\n    pass\n", 1, 12, "expected a default value for parameter 'y'");
  EXPECT_PARSE_ERROR("x = not\n", 1, 8, "expected an expression, found end of line");
  EXPECT_PARSE_ERROR("def if(): pass\n", 1, 5, "expected a function name after 'def', found 'if'");
  EXPECT_PARSE_ERROR("import foo\n", 1, 8, "expected a file path in quotes after 'import', found name 'foo'");
  EXPECT_PARSE_ERROR("x: 3 = 1\n", 1, 4, "expected a type, found number 3");
  EXPECT_PARSE_ERROR("@dec\nx = 1\n", 2, 1, "expected 'def' after the decorator, found name 'x'");
}

TEST(ParserErrors, Lexical) {
  EXPECT_PARSE_ERROR("x = $\n", 1, 5, "unexpected character '$'");
  EXPECT_PARSE_ERROR(std::string("x = 1\0\n", 7), 1, 6, "unexpected character U+0000");
  EXPECT_PARSE_ERROR("x = \xff\n", 1, 5, "unexpected character (byte 0xFF, not valid UTF-8)");
  EXPECT_PARSE_ERROR("x = \xce\xbb\n", 1, 5, "unexpected character U+03BB");
  EXPECT_PARSE_ERROR("x = a ! b\n", 1, 7, "unexpected character '!'");
  EXPECT_PARSE_ERROR("x = {}\n", 1, 5, "unexpected character '{'");
  EXPECT_PARSE_ERROR("x = \"abc\ny = 1\n", 1, 5, "unterminated string: expected a closing \", found end of line");
  EXPECT_PARSE_ERROR("x = 'abc", 1, 5, "unterminated string: expected a closing ', found end of file");
  EXPECT_PARSE_ERROR("x = \"a\\qb\"\n", 1, 7, "invalid escape sequence");
  EXPECT_PARSE_ERROR("x = 99999999999999999999\n", 1, 5, "integer literal 99999999999999999999 is too large for i64");
  EXPECT_PARSE_ERROR("x = 9223372036854775808\n", 1, 5, "too large for i64");
  EXPECT_PARSE_ERROR("x = 1e400\n", 1, 5, "float literal 1e400 is too large for f64");
  EXPECT_PARSE_ERROR("x = 0x1F\n", 1, 5, "invalid number literal '0x1F'");
  EXPECT_PARSE_ERROR("x = 1e\n", 1, 5, "invalid number literal '1e'");
  EXPECT_PARSE_ERROR("x = 007\n", 1, 5, "leading zeros are not allowed");
  // Comments and strings may hold any character, but the file must be UTF-8.
  EXPECT_EQ(dump_module("x = \"\xce\xbb $\"  # $ \xce\xbb\n"), "(= x \"\xce\xbb $\")\n");
  EXPECT_PARSE_ERROR("x = \"ab\xff\xfe\"\n", 1, 8, "invalid UTF-8 in a string: expected UTF-8 text, found byte 0xFF");
  EXPECT_PARSE_ERROR("x = 1  # \xce\n", 1, 10, "invalid UTF-8 in a comment: expected UTF-8 text, found byte 0xCE");
  EXPECT_PARSE_ERROR("x = \"\xed\xa0\x80\"\n", 1, 6, "found byte 0xED");  // a UTF-16 surrogate
}

// ----------------------------------------------------------------- limits

std::string repeat(const std::string& piece, int count) {
  std::string out;
  for (int i = 0; i < count; ++i) out += piece;
  return out;
}

TEST(ParserLimits, NestingUpTo256IsFine) {
  EXPECT_EQ(dump_rhs(repeat("(", 256) + "1" + repeat(")", 256)), "1");
  EXPECT_NO_THROW(parse("x = " + repeat("[", 256) + repeat("]", 256) + "\n"));
  EXPECT_NO_THROW(parse("x = " + repeat("-", 256) + "1\n"));
  EXPECT_NO_THROW(parse("x = " + repeat("f(", 256) + repeat(")", 256) + "\n"));
  std::string blocks;
  for (int depth = 0; depth < 256; ++depth) blocks += std::string(depth, ' ') + "if x:\n";
  blocks += std::string(256, ' ') + "pass\n";
  EXPECT_NO_THROW(parse(blocks));
}

TEST(ParserLimits, NestingPast256IsAnErrorWhereTheLimitIsExceeded) {
  EXPECT_PARSE_ERROR("x = " + repeat("(", 257) + "1" + repeat(")", 257) + "\n", 1, 261, "nesting too deep (limit 256)");
  EXPECT_PARSE_ERROR("x = " + repeat("-", 300) + "1\n", 1, 261, "nesting too deep (limit 256)");
  EXPECT_PARSE_ERROR("x = " + repeat("not ", 300) + "a\n", 1, 5 + 4 * 256, "nesting too deep (limit 256)");
  EXPECT_PARSE_ERROR("f = " + repeat("lambda: ", 300) + "1\n", 1, 5 + 8 * 256, "nesting too deep (limit 256)");
  EXPECT_PARSE_ERROR("x = " + repeat("a if b else ", 300) + "c\n", 1, 5 + 12 * 256 + 7, "nesting too deep (limit 256)");
  EXPECT_PARSE_ERROR("x = " + repeat("2 ** ", 300) + "2\n", 1, 7 + 5 * 256, "nesting too deep (limit 256)");
  EXPECT_PARSE_ERROR("x: " + repeat("Tensor[", 300) + "f64" + repeat("]", 300) + " = 1\n", 1, 4 + 7 * 256 + 6,
                     "nesting too deep (limit 256)");
  std::string blocks;
  for (int depth = 0; depth < 300; ++depth) blocks += std::string(depth, ' ') + "if x:\n";
  blocks += std::string(300, ' ') + "pass\n";
  EXPECT_PARSE_ERROR(blocks, 258, 258, "nesting too deep (limit 256)");
  std::string patterns = "match t:\n    case " + repeat("A(", 300) + repeat(")", 300) + ":\n        pass\n";
  EXPECT_PARSE_ERROR(patterns, 2, 10 + 2 * 255 + 1, "nesting too deep (limit 256)");
  std::string elifs = "if a:\n    pass\n" + repeat("elif b:\n    pass\n", 300);
  EXPECT_NE(parse_error(elifs).message.find("nesting too deep"), std::string::npos);
}

TEST(ParserLimits, LongLeftAssociativeChainsAreBoundedNotACrash) {
  EXPECT_NO_THROW(parse("x = " + repeat("a + ", 900) + "a\n"));
  std::string sum = "x = a" + repeat(" + a", 100000) + "\n";
  EXPECT_NE(parse_error(sum).message.find("nesting too deep"), std::string::npos);
  EXPECT_NE(parse_error("x = a" + repeat(".b", 100000) + "\n").message.find("nesting too deep"), std::string::npos);
  EXPECT_NE(parse_error("x = f" + repeat("(1)", 100000) + "\n").message.find("nesting too deep"), std::string::npos);
  // Wide is fine: a flat tuple or list of 100000 elements.
  EXPECT_NO_THROW(parse("x = [" + repeat("1, ", 100000) + "]\n"));
}

// A large file parses (no stack or size limit hit) into the right tree; how its parse time
// grows with the size is measured in bench/complexity/, not asserted here (timings depend on
// the machine and its load).
TEST(ParserLimits, HundredThousandLinesParse) {
  std::string text;
  for (int i = 0; i < 20000; ++i) {
    std::string n = std::to_string(i);
    text += "def f" + n + "(x, y: f64 = 1.0) -> f64:\n";
    text += "    a = x ** 2 + y * (x - 3.5) / 2  # comment\n";
    text += "    for j in range(10):\n";
    text += "        a += [k * 2 for k in range(j) if k > 1][0]\n";
    text += "    return a if a > 0 else -a, \"s" + n + "\"\n";
  }
  Parsed parsed = parse(text);
  ASSERT_EQ(parsed.module->body.size(), 20000u);
  // The last function is whole: the dump of the tree ends with its return statement.
  std::string tree = dump(*parsed.module);
  std::string tail = tree.substr(tree.size() - 200);
  EXPECT_NE(tail.find("\"s19999\""), std::string::npos) << tail;
}

// ------------------------------------------------------------- robustness

// Parses `text`; only a CompileError may come out. Returns whether it parsed.
bool parses_or_compile_error(const std::string& text) {
  SourceFile file("fuzz.fx", text);
  try {
    auto module = parse_module(file);
    dump(*module);  // the printer must cope with whatever the parser accepts
    return true;
  } catch (const CompileError& error) {
    EXPECT_TRUE(error.loc.valid()) << error.message;
    EXPECT_FALSE(error.message.empty());
    return false;
  }
}

TEST(ParserRobustness, RandomBytes) {
  std::mt19937 rng(20240611);
  const std::string alphabet = "abcdefxyz_0123456789 \n\n\n    ()[]:,.=+-*/%@<>!#\"'\\\t\r";
  for (int i = 0; i < 3000; ++i) {
    std::string text;
    int length = static_cast<int>(rng() % 120);
    bool raw = i % 2 == 0;
    for (int j = 0; j < length; ++j)
      text += raw ? static_cast<char>(rng() % 256) : alphabet[rng() % alphabet.size()];
    EXPECT_NO_FATAL_FAILURE(parses_or_compile_error(text)) << text;
  }
}

TEST(ParserRobustness, RandomTokenSoups) {
  const std::vector<std::string> vocabulary = {
      "def", "return", "if", "elif", "else", "while", "for", "in", "range", "break",
      "continue", "and", "or", "not", "lambda", "struct", "enum", "match", "case", "import",
      "True", "False", "None", "pass", "assert", "x", "y", "f", "_", "Leaf", "f64", "Tensor",
      "1", "2.5", "1e-3", ".5", "\"s\"", "'t'", "(", ")", "[", "]", ",", ":", ".", "->", "=",
      "+", "-", "*", "/", "//", "%", "**", "@", "<", "<=", ">", ">=", "==", "!=", "+=", "-=",
      "*=", "/=", "//=", "%=", "**=", "@=", "\n", "\n    ", "\n        ", "\n  ", "# c\n", " "};
  std::mt19937 rng(7);
  int parsed = 0;
  for (int i = 0; i < 4000; ++i) {
    std::string text;
    int length = 1 + static_cast<int>(rng() % 40);
    for (int j = 0; j < length; ++j) {
      text += vocabulary[rng() % vocabulary.size()];
      text += ' ';
    }
    if (parses_or_compile_error(text)) ++parsed;
  }
  EXPECT_GT(parsed, 0);  // some soups are valid programs, so the accepting paths run too
}

TEST(ParserRobustness, MutatedValidPrograms) {
  const std::string program =
      "struct P:\n    w: Tensor[f64]\n"
      "enum T:\n    Leaf(v: i64)\n    Node(l: T, r: T)\n"
      "@deco(1)\n"
      "def f(p, x: f64 = 1.0) -> (f64, i64):\n"
      "    a, b = x ** 2, -x\n"
      "    for i in range(3):\n"
      "        if a < b <= 3 and not x:\n            a += p.w[i, 1:2]\n"
      "        elif b: break\n        else:\n            continue\n"
      "    match t:\n        case Node(Leaf(_), r):\n            return r\n"
      "    return [e for e in xs if e] , (lambda z: z if z else -1)(2)\n";
  ASSERT_TRUE(parses_or_compile_error(program));
  std::mt19937 rng(99);
  int parsed = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string text = program;
    int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      size_t at = rng() % text.size();
      switch (rng() % 3) {
        case 0: text.erase(at, 1 + rng() % 3); break;
        case 1: text.insert(at, 1, program[rng() % program.size()]); break;
        default: text[at] = static_cast<char>(rng() % 256); break;
      }
      if (text.empty()) text = "x";
    }
    if (parses_or_compile_error(text)) ++parsed;
  }
  // Both outcomes occur: some mutants still parse (an edit in a name or a comment), most are
  // rejected with a located error (checked in parses_or_compile_error).
  EXPECT_GT(parsed, 0);
  EXPECT_LT(parsed, 3000);
}

}  // namespace

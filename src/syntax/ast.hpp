// The abstract syntax tree produced by the parser. It mirrors the source
// closely (LANGUAGE.md §1, §4, §7); all desugaring happens in src/lower/.
// Nodes are tagged subclasses (LLVM style): switch on `kind`, then cast.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "support/source.hpp"

namespace fx::ast {

// ---------------------------------------------------------------- types
// A written type annotation: `f64`, `Tensor[f64]`, `(f64, i64)`, `Tree`.
struct TypeExpr {
  SourceLoc loc;
  std::string name;                             // "f64", "Tensor", "tuple", a struct/enum name
  std::vector<std::unique_ptr<TypeExpr>> args;  // Tensor[T] → {T}; tuple → elements
};
using TypePtr = std::unique_ptr<TypeExpr>;

// ---------------------------------------------------------- expressions
enum class ExprKind {
  Int, Float, Bool, Str,  // literals
  Name,                   // x
  Unary,                  // -x, +x, not x
  Binary,                 // x + y, x @ y, x and y, ...
  Compare,                // a < b <= c (chains)
  IfExp,                  // a if c else b
  Lambda,                 // lambda x, y: e
  Call,                   // f(a, b, k=v)
  Index,                  // x[i], x[i, j], x[a:b]
  Slice,                  // a:b:s, only as an element of Index
  Attribute,              // x.field
  Tuple,                  // (a, b)
  List,                   // [a, b]  (tensor literal)
  ListComp,               // [e for i in range(n)]
};

enum class UnaryOp { Neg, Pos, Not };
enum class BinaryOp { Add, Sub, Mul, Div, FloorDiv, Mod, Pow, MatMul, And, Or };
enum class CompareOp { Lt, Le, Gt, Ge, Eq, Ne };

const char* to_string(UnaryOp);
const char* to_string(BinaryOp);
const char* to_string(CompareOp);

struct Expr {
  ExprKind kind;
  SourceLoc loc;
  explicit Expr(ExprKind k, SourceLoc l) : kind(k), loc(l) {}
  virtual ~Expr() = default;
};
using ExprPtr = std::unique_ptr<Expr>;

struct IntExpr : Expr { int64_t value; IntExpr(SourceLoc l, int64_t v) : Expr(ExprKind::Int, l), value(v) {} };
struct FloatExpr : Expr { double value; FloatExpr(SourceLoc l, double v) : Expr(ExprKind::Float, l), value(v) {} };
struct BoolExpr : Expr { bool value; BoolExpr(SourceLoc l, bool v) : Expr(ExprKind::Bool, l), value(v) {} };
struct StrExpr : Expr { std::string value; StrExpr(SourceLoc l, std::string v) : Expr(ExprKind::Str, l), value(std::move(v)) {} };
struct NameExpr : Expr { std::string name; NameExpr(SourceLoc l, std::string n) : Expr(ExprKind::Name, l), name(std::move(n)) {} };

struct UnaryExpr : Expr {
  UnaryOp op; ExprPtr operand;
  UnaryExpr(SourceLoc l, UnaryOp o, ExprPtr e) : Expr(ExprKind::Unary, l), op(o), operand(std::move(e)) {}
};
// `loc` of a binary expression is the operator's position.
struct BinaryExpr : Expr {
  BinaryOp op; ExprPtr lhs, rhs;
  BinaryExpr(SourceLoc l, BinaryOp o, ExprPtr a, ExprPtr b)
      : Expr(ExprKind::Binary, l), op(o), lhs(std::move(a)), rhs(std::move(b)) {}
};
// a < b <= c: operands = {a, b, c}, ops = {Lt, Le}; op_locs[i] is the i-th operator.
struct CompareExpr : Expr {
  std::vector<ExprPtr> operands; std::vector<CompareOp> ops; std::vector<SourceLoc> op_locs;
  explicit CompareExpr(SourceLoc l) : Expr(ExprKind::Compare, l) {}
};
struct IfExpExpr : Expr {
  ExprPtr cond, then_value, else_value;
  IfExpExpr(SourceLoc l, ExprPtr c, ExprPtr t, ExprPtr e)
      : Expr(ExprKind::IfExp, l), cond(std::move(c)), then_value(std::move(t)), else_value(std::move(e)) {}
};

struct Param {
  SourceLoc loc;
  std::string name;
  TypePtr annotation;  // may be null
  ExprPtr default_value;  // may be null
};

struct LambdaExpr : Expr {
  std::vector<Param> params; ExprPtr body;
  explicit LambdaExpr(SourceLoc l) : Expr(ExprKind::Lambda, l) {}
};

struct KeywordArg { SourceLoc loc; std::string name; ExprPtr value; };
struct CallExpr : Expr {
  ExprPtr callee; std::vector<ExprPtr> args; std::vector<KeywordArg> keywords;
  explicit CallExpr(SourceLoc l) : Expr(ExprKind::Call, l) {}
};
// x[i, j]: `indices` has one entry per comma-separated position; an entry may be a SliceExpr.
struct IndexExpr : Expr {
  ExprPtr base; std::vector<ExprPtr> indices;
  explicit IndexExpr(SourceLoc l) : Expr(ExprKind::Index, l) {}
};
struct SliceExpr : Expr {
  ExprPtr lower, upper, step;  // each may be null
  explicit SliceExpr(SourceLoc l) : Expr(ExprKind::Slice, l) {}
};
struct AttributeExpr : Expr {
  ExprPtr base; std::string attr;
  AttributeExpr(SourceLoc l, ExprPtr b, std::string a) : Expr(ExprKind::Attribute, l), base(std::move(b)), attr(std::move(a)) {}
};
struct TupleExpr : Expr {
  std::vector<ExprPtr> elements;
  explicit TupleExpr(SourceLoc l) : Expr(ExprKind::Tuple, l) {}
};
struct ListExpr : Expr {
  std::vector<ExprPtr> elements;
  explicit ListExpr(SourceLoc l) : Expr(ExprKind::List, l) {}
};
// [element for target in iter if cond]
struct ListCompExpr : Expr {
  ExprPtr element; std::string target; SourceLoc target_loc; ExprPtr iter; ExprPtr cond;  // cond may be null
  explicit ListCompExpr(SourceLoc l) : Expr(ExprKind::ListComp, l) {}
};

// ---------------------------------------------------------- statements
enum class StmtKind {
  Expr, Assign, AugAssign, If, While, For, Break, Continue, Return, Pass, Assert,
  FunctionDef, StructDef, EnumDef, Match, Import,
};

struct Stmt {
  StmtKind kind;
  SourceLoc loc;
  explicit Stmt(StmtKind k, SourceLoc l) : kind(k), loc(l) {}
  virtual ~Stmt() = default;
};
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

struct ExprStmt : Stmt { ExprPtr value; ExprStmt(SourceLoc l, ExprPtr v) : Stmt(StmtKind::Expr, l), value(std::move(v)) {} };
// target = value. target is a Name, a Tuple of targets, an Index or an Attribute.
// `annotation` is set for `x: f64 = 1.0`.
struct AssignStmt : Stmt {
  ExprPtr target; ExprPtr value; TypePtr annotation;
  explicit AssignStmt(SourceLoc l) : Stmt(StmtKind::Assign, l) {}
};
struct AugAssignStmt : Stmt {
  ExprPtr target; BinaryOp op; ExprPtr value;
  explicit AugAssignStmt(SourceLoc l) : Stmt(StmtKind::AugAssign, l) {}
};
// elif chains are nested IfStmts in else_body.
struct IfStmt : Stmt {
  ExprPtr cond; Block then_body; Block else_body;
  explicit IfStmt(SourceLoc l) : Stmt(StmtKind::If, l) {}
};
struct WhileStmt : Stmt {
  ExprPtr cond; Block body;
  explicit WhileStmt(SourceLoc l) : Stmt(StmtKind::While, l) {}
};
// for target in iter: body. target is a Name or a Tuple of Names.
struct ForStmt : Stmt {
  ExprPtr target; ExprPtr iter; Block body;
  explicit ForStmt(SourceLoc l) : Stmt(StmtKind::For, l) {}
};
struct BreakStmt : Stmt { explicit BreakStmt(SourceLoc l) : Stmt(StmtKind::Break, l) {} };
struct ContinueStmt : Stmt { explicit ContinueStmt(SourceLoc l) : Stmt(StmtKind::Continue, l) {} };
struct PassStmt : Stmt { explicit PassStmt(SourceLoc l) : Stmt(StmtKind::Pass, l) {} };
struct ReturnStmt : Stmt { ExprPtr value; /* may be null */ explicit ReturnStmt(SourceLoc l) : Stmt(StmtKind::Return, l) {} };
struct AssertStmt : Stmt {
  ExprPtr cond; ExprPtr message;  // message may be null
  explicit AssertStmt(SourceLoc l) : Stmt(StmtKind::Assert, l) {}
};
struct FunctionDef : Stmt {
  std::string name; SourceLoc name_loc;
  std::vector<Param> params; TypePtr return_annotation; Block body;
  std::vector<ExprPtr> decorators;  // @custom_vjp(fwd, bwd) → the call expression
  explicit FunctionDef(SourceLoc l) : Stmt(StmtKind::FunctionDef, l) {}
};
struct FieldDecl { SourceLoc loc; std::string name; TypePtr type; };
struct StructDef : Stmt {
  std::string name; SourceLoc name_loc; std::vector<FieldDecl> fields;
  explicit StructDef(SourceLoc l) : Stmt(StmtKind::StructDef, l) {}
};
struct VariantDecl { SourceLoc loc; std::string name; std::vector<FieldDecl> fields; };
struct EnumDef : Stmt {
  std::string name; SourceLoc name_loc; std::vector<VariantDecl> variants;
  explicit EnumDef(SourceLoc l) : Stmt(StmtKind::EnumDef, l) {}
};

// case patterns: `_`, a name, a literal, or Variant(p1, p2, ...).
enum class PatternKind { Wildcard, Bind, Literal, Constructor };
struct Pattern {
  PatternKind kind; SourceLoc loc;
  std::string name;                                // Bind: variable; Constructor: variant name
  ExprPtr literal;                                 // Literal
  std::vector<std::unique_ptr<Pattern>> args;      // Constructor sub-patterns
};
struct MatchCase { SourceLoc loc; std::unique_ptr<Pattern> pattern; Block body; };
struct MatchStmt : Stmt {
  ExprPtr subject; std::vector<MatchCase> cases;
  explicit MatchStmt(SourceLoc l) : Stmt(StmtKind::Match, l) {}
};
struct ImportStmt : Stmt { std::string path; explicit ImportStmt(SourceLoc l) : Stmt(StmtKind::Import, l) {} };

// A parsed file.
struct Module {
  const SourceFile* file = nullptr;
  Block body;
};

}  // namespace fx::ast

// The lowering pass (AST → IR), shared by the lower_*.cpp files. Internal to src/lower/.
//
// Statements are lowered at a Cursor (a graph being filled, and the SSA bindings there).
// Lowering a statement yields its open ends: the paths that fall through it. An `if`
// yields the ends of both branches, a `return` none. Before the next statement the
// ends are merged by a join graph whose parameters are the variables they disagree on
// (docs/ir.md); at the end of a function or loop body each end is terminated instead
// (return None / produce the next loop state), so no join is built when nothing follows.
// Every graph in a function's tree thus has the function's result (or, in a loop body,
// the next state) as its output.
//
// A variable assigned on some paths only carries a definedness flag (scope.hpp); reads of
// it are guarded, so an unassigned read is a run-time error at the read.
#pragma once
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ir/ir.hpp"
#include "lower/lower.hpp"
#include "lower/scope.hpp"
#include "syntax/ast.hpp"

namespace fx::lower {

struct Pat;
struct FileNames;

// An integer literal, possibly negated (`-1`) or with a unary plus, as the constant it is:
// axes, argnums and other operands that must be known when the program is lowered.
bool int_literal(const ast::Expr& e, int64_t* out);

// Where to report a decorator: its name (`@custom_vjp(f, g)` is a call expression).
inline SourceLoc decorator_loc(const ast::Expr& decorator) {
  if (decorator.kind == ast::ExprKind::Call) return static_cast<const ast::CallExpr&>(decorator).callee->loc;
  return decorator.loc;
}

class Lowerer {
 public:
  explicit Lowerer(ir::Module& m) : m_(m) {}

  // lower_module.cpp
  void lower_program(const std::vector<SourceUnit>& units, ProgramScope& scope);
  // `scope` null: every top-level name is visible.
  ir::Graph* lower_eval(const ast::Expr& e, const ProgramScope* scope);

 private:
  // Where an expression is lowered: its graph, the bindings there, its function.
  struct ExprCtx {
    ir::Graph* g;
    const Env* env;
    FunctionScope* fs;
  };
  static ExprCtx at(const Cursor& c, FunctionScope& fs) { return {c.g, &c.env, &fs}; }
  static ExprCtx in(const ExprCtx& c, ir::Graph* g) { return {g, c.env, c.fs}; }

  // How a path leaves a loop body (the state it produces).
  enum class Exit { Next, Break, Return };

  // The iteration of `for i in range(start, stop, step)`, also of `for row in t` (an index
  // loop over range(len(t)) whose target is bound to t[_i]) and of comprehensions.
  struct RangeLoop {
    std::string target;
    ir::Node* start = nullptr;
    ir::Node* stop = nullptr;
    ir::Node* step = nullptr;
    int step_sign = 0;          // +1 / -1 when step is a literal, 0 when known only at run time
    ir::Node* rows = nullptr;  // `for row in t`: t; the target is index(t, "i", counter)
  };

  // The operands of an index expression x[...]: the spec string of ops.def ("i,s101") and
  // the integer operands in order.
  struct IndexSpec {
    std::string spec;
    std::vector<ir::Node*> operands;
  };

  // Rebinds the variable at the root of an assignment target so that the place holds
  // new_value(read_old); read_old() reads the place's current value.
  using PlaceUpdate = std::function<ir::Node*(const std::function<ir::Node*()>& read_old)>;

  // ---- lower_module.cpp: top level
  struct PendingBody;
  // Declares the structs, enums, functions and constants of one file; `earlier`: names the
  // module had before this program. Records the file's names in `file_names`.
  void declare(const SourceUnit& unit, const std::map<std::string, SourceLoc>& earlier, FileNames& file_names,
               std::vector<PendingBody>& pending);
  // Takes the `main` of every imported file out of the program's namespace (only the entry
  // file's main runs).
  void hide_imported_mains(const std::vector<SourceUnit>& units, std::vector<FileNames>& names,
                           const std::vector<PendingBody>& pending);

  // ---- lower_function.cpp: function bodies and nested defs
  // `prelude`, if given, runs at the start of the body (after the parameters are bound).
  void lower_function(ir::Graph* g, const std::vector<ast::Param>& params, const ast::Block& body,
                      const ast::TypeExpr* return_type, FunctionScope* enclosing, const Env* enclosing_env,
                      const std::function<void(Cursor&)>& prelude = nullptr);
  // Adds g's parameters and their defaults, checking names; returns the bindings.
  Env add_params(ir::Graph* g, const std::vector<ast::Param>& params, FunctionScope& fs);
  // A parameter declared Tensor[T, rank]: checked at run time on entry to g, so that a tensor
  // whose rank the types do not know (load, read_idx) can be passed (docs/tensors.md).
  void check_declared_rank(ir::Graph* g, ir::Node* param, const ast::TypeExpr* type, const std::string& what);
  Ends nested_def(const ast::FunctionDef& d, Cursor cur, FunctionScope& fs);

  // ---- lower_expr.cpp
  ir::Node* expr(const ast::Expr& e, const ExprCtx& c);
  ir::Node* name(const std::string& name, SourceLoc loc, const ExprCtx& c);
  // The value of a variable read at `loc`: guarded by its definedness flag if it has one.
  ir::Node* read_variable(const Resolved& r, const std::string& var, SourceLoc loc, const ExprCtx& c);
  ir::Node* unary(const ast::UnaryExpr& e, const ExprCtx& c);
  ir::Node* binary(const ast::BinaryExpr& e, const ExprCtx& c);
  ir::Node* short_circuit(const ast::BinaryExpr& e, ir::Node* lhs, const ExprCtx& c);
  ir::Node* compare(const ast::CompareExpr& e, const ExprCtx& c);
  ir::Node* if_exp(const ast::IfExpExpr& e, const ExprCtx& c);
  ir::Node* lambda(const ast::LambdaExpr& e, const ExprCtx& c);
  // x.at[i].add(v) / x.at[i].set(v), or nullptr when e is another call.
  ir::Node* at_update(const ast::CallExpr& e, const ExprCtx& c);
  ir::Node* index(const ast::IndexExpr& e, const ExprCtx& c);
  // A nullary branch graph nested in `parent` (for `if`).
  ir::Graph* branch(ir::Graph* parent, const char* name, SourceLoc loc);
  // g: if(cond, then_g, else_g).
  ir::Node* if_node(ir::Graph* g, ir::Node* cond, ir::Graph* then_g, ir::Graph* else_g, SourceLoc loc,
                    std::string name = "");

  // ---- lower_tensor.cpp: tensor literals and indexing
  ir::Node* list_literal(const ast::ListExpr& e, const ExprCtx& c);
  IndexSpec index_spec(const ast::IndexExpr& e, const ExprCtx& c);
  ir::Node* index_read(ir::Graph* g, ir::Node* base, const IndexSpec& s, SourceLoc loc, std::string name = "");
  ir::Node* index_write(ir::Graph* g, ir::Node* base, const IndexSpec& s, ir::Node* value, SourceLoc loc);

  // ---- lower_comprehension.cpp
  ir::Node* comprehension(const ast::ListCompExpr& e, const ExprCtx& c);

  // ---- lower_call.cpp
  ir::Node* call(const ast::CallExpr& e, const ExprCtx& c);
  ir::Node* call_builtin(const Builtin& b, const ast::CallExpr& e, const ExprCtx& c);
  // max/min: maximum/minimum of two values, or the reduction of one tensor.
  ir::Node* call_max_min(const Builtin& b, const ast::CallExpr& e, const ExprCtx& c);
  // f of tree_map(f, ...): a builtin of fixed arity is wrapped in a function of the program.
  ir::Node* tree_map_function(const ast::Expr& f, const ExprCtx& c);

  // ---- lower_builtin_params.cpp: builtins with named parameters (the tensor ones)
  ir::Node* call_with_params(const Builtin& b, const ast::CallExpr& e, const ExprCtx& c);
  // The operand for parameter p given as `arg` in a call of b.
  ir::Node* param_operand(const Builtin& b, const BuiltinParam& p, const ast::Expr& arg, const ExprCtx& c);
  ir::Node* param_default(const BuiltinParam& p, SourceLoc loc);
  // b used as a value: its primitive, or a function of its required parameters that fills in
  // the defaults.
  ir::Node* params_builtin_value(const Builtin& b, SourceLoc loc);
  // make_struct / make_variant: arguments by position or keyword, in declaration order.
  ir::Node* construct(const ast::CallExpr& e, const ExprCtx& c, const std::string& what,
                      const std::vector<ir::FieldInfo>& fields, ir::ConstValue decl, ir::Prim prim);

  // ---- lower_derivatives.cpp
  // One decorator: the primitive it applies and its rule functions, evaluated.
  struct Decoration {
    ir::Prim prim;
    SourceLoc loc;
    std::vector<ir::Node*> rules;
  };
  ir::Node* call_with_argnums(const Builtin& b, const ast::CallExpr& e, const ExprCtx& c);
  // The constant argnums argument written as `e` (made in g when it is a tuple).
  ir::Node* argnums_node(const ast::Expr& e, ir::Graph* g);
  // A builtin used as a value.
  ir::Node* builtin_value(const Builtin& b, SourceLoc loc);
  std::vector<Decoration> decorations(const ast::FunctionDef& d, const ExprCtx& c);
  ir::Node* decorate(ir::Graph* g, ir::Node* fn, const std::vector<Decoration>& ds);
  // A decorated top-level def: its raw function graph (returned) and, under its name, the
  // Init graph whose value is the decorated function (filled by lower_decorated_value).
  ir::Graph* declare_decorated(const ast::FunctionDef& d);
  void lower_decorated_value(const ast::FunctionDef& d, ir::Graph* raw);
  Ends nested_decorated_def(const ast::FunctionDef& d, HoistedDef& h, Cursor cur, FunctionScope& fs);

  // ---- lower_stmt.cpp
  Ends block(const ast::Block& b, Cursor cur, FunctionScope& fs);
  Ends stmt(const ast::Stmt& s, Cursor cur, FunctionScope& fs);
  Ends if_stmt(const ast::IfStmt& s, Cursor cur, FunctionScope& fs);
  Ends return_stmt(const ast::ReturnStmt& s, Cursor cur, FunctionScope& fs);
  Ends break_or_continue(const ast::Stmt& s, Cursor cur, FunctionScope& fs);
  void assert_stmt(const ast::AssertStmt& s, Cursor& cur, FunctionScope& fs);
  // Merges the open ends of statement `source` into one cursor in a new join graph.
  Cursor merge(Ends ends, const ast::Stmt& source, FunctionScope& fs);
  // Ends a path: `return value` / fall off the end (None, or the loop's next state).
  void terminate_return(Cursor& c, ir::Node* value, FunctionScope& fs, SourceLoc loc);
  void terminate_fallthrough(Cursor& c, FunctionScope& fs, SourceLoc loc);

  // ---- lower_assign.cpp
  void assign_stmt(const ast::AssignStmt& s, Cursor& cur, FunctionScope& fs);
  void aug_assign_stmt(const ast::AugAssignStmt& s, Cursor& cur, FunctionScope& fs);
  void assign_to(const ast::Expr& target, ir::Node* value, Cursor& cur, FunctionScope& fs);
  // p.a.b = v, x[i] = v, p.w[i, j] += v: rebinds the root variable to a copy with the place
  // replaced (set_attr / set_index from the innermost place outwards). `inner`: `place` is
  // the base of a field or element being assigned.
  void update_place(const ast::Expr& place, const PlaceUpdate& new_value, Cursor& cur, FunctionScope& fs,
                    bool inner = false);
  void bind(Cursor& cur, const std::string& name, ir::Node* value);
  // `x: T = v`: passes v through an identity function whose parameter is annotated T.
  ir::Node* annotate(ir::Node* value, const ast::TypeExpr& type, const std::string& name, Cursor& cur,
                     SourceLoc loc);
  // `x: Tensor[T, r] = load(path)`: gives that load call the dtype T.
  void dtype_from_annotation(ir::Node* value, const ast::TypeExpr& type);

  // ---- lower_loop.cpp
  Ends while_stmt(const ast::WhileStmt& s, Cursor cur, FunctionScope& fs);
  Ends for_stmt(const ast::ForStmt& s, Cursor cur, FunctionScope& fs);
  Ends loop(SourceLoc loc, const ast::Expr* cond, const RangeLoop* range, const ast::Block& body,
            Cursor cur, FunctionScope& fs);
  ir::Node* loop_init(LoopFrame& f, const ast::Block& body, const RangeLoop* range, Cursor& cur, FunctionScope& fs,
                      SourceLoc loc);
  ir::Graph* loop_cond(const ast::Expr* cond, const RangeLoop* range, const LoopFrame& f, const Cursor& cur,
                       FunctionScope& fs, SourceLoc loc);
  ir::Node* loop_test(const ast::Expr* cond, const RangeLoop* range, const LoopFrame& f, ir::Graph* g,
                      ir::Node* state, const Env& env, FunctionScope& fs, SourceLoc loc);
  // value, checked by type inference to be an i64 (a range() argument, at `loc`).
  ir::Node* require_i64(ir::Node* value, const char* role, ir::Graph* g, SourceLoc loc);
  // The iteration of `for _ in <iter>` / `[_ for _ in <iter>]`: range(...) when iter is a
  // call of range, else rows of the tensor iter (evaluated once, here). Target left empty.
  RangeLoop iteration(const ast::Expr& iter, const ExprCtx& c);
  RangeLoop range_iteration(const ast::CallExpr& call, const ExprCtx& c);
  // In a loop body: the value the target gets from the counter.
  ir::Node* iteration_value(const RangeLoop& r, ir::Graph* g, ir::Node* counter, SourceLoc loc);
  // Before the loop: how many times a `for` over r runs (its trip count, >= 0).
  ir::Node* trip_count(const RangeLoop& r, ir::Graph* g, SourceLoc loc);
  ir::Node* loop_state(const Cursor& c, const LoopFrame& f, Exit exit, ir::Node* ret, SourceLoc loc);
  void unpack_state(ir::Graph* g, ir::Node* state, const LoopFrame& f, const std::set<std::string>* only,
                    SourceLoc loc, Env& env);

  // ---- lower_match.cpp
  Ends match_stmt(const ast::MatchStmt& s, Cursor cur, FunctionScope& fs);
  // The bool node "v matches p" in g (nullptr: always matches). `tag`: v's variant tag if known.
  ir::Node* pattern_test(ir::Graph* g, ir::Node* v, const Pat& p, ir::Node* tag);
  ir::Node* fields_test(ir::Graph* g, ir::Node* v, const Pat& p, size_t from);
  void bind_pattern(Cursor& c, ir::Node* v, const Pat& p);

  ir::Node* tuple_get(ir::Graph* g, ir::Node* t, size_t i, SourceLoc loc, std::string name = "");
  ir::Node* undef() { return m_.constant(ir::Undef{}); }

  ir::Module& m_;
  const ProgramScope* scope_ = nullptr;  // which top-level names the code being lowered sees
  const ast::TypeExpr* i64_type_ = nullptr;  // "i64", for require_i64
  std::map<ir::Prim, ir::Graph*> argnums_wrappers_;  // grad etc. used as values
  std::map<const Builtin*, ir::Graph*> default_wrappers_;  // sum etc. used as values
  std::map<const Builtin*, ir::Graph*> prim_wrappers_;     // sin etc. as tree_map's f
};

}  // namespace fx::lower

// Name environments of the lowering.
//
//  * Env: the SSA bindings of one function at one program point (variable → node).
//  * Cursor: where statements are being emitted (a graph) plus the Env there.
//  * BlockScope: the nested `def`s of a block, visible throughout it (hoisted).
//  * LoopFrame: the loop being lowered (its state layout, for break/continue/return).
//  * FunctionScope: one function being lowered: its local names, active blocks and
//    loops, and the scope it is nested in.
// resolve_name() looks a name up through all of these and the module's top level.
#pragma once
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ir/ir.hpp"
#include "lower/builtins.hpp"
#include "lower/program_scope.hpp"
#include "syntax/ast.hpp"

namespace fx::lower {

// Variable → its current node. A variable that may be unassigned on the path taken (it
// was assigned on some paths only) also has a *definedness flag*: a bool node under the
// key "?name" (never an identifier). Its value is Undef where the flag is false, and
// reads of it are guarded by the flag (a located run-time error instead of a use of
// Undef). A variable missing from the Env is unassigned on every path.
using Env = std::map<std::string, ir::Node*>;

inline std::string flag_key(const std::string& var) { return "?" + var; }
inline bool is_flag_key(const std::string& key) { return !key.empty() && key[0] == '?'; }
// The flag of var in env, or null when var is assigned on every path (or on none).
ir::Node* find_flag(const Env& env, const std::string& var);
// Binds var to a value it certainly has from now on.
void assign_var(Env& env, const std::string& var, ir::Node* value);

struct Cursor {
  ir::Graph* g = nullptr;
  Env env;
};
// The paths that fall through the end of a statement or block ("open ends"). Each is
// eventually terminated (output set) or merged into a join graph.
using Ends = std::vector<Cursor>;

// A nested def. Its graph exists from the start of its block so that sibling defs can
// refer to it; its parent (and so what it may capture) is fixed when its def statement
// is reached. Uses before that are recorded and checked then.
struct HoistedDef {
  const ast::FunctionDef* def = nullptr;
  ir::Graph* graph = nullptr;
  ir::Node* value = nullptr;  // the graph constant
  bool reached = false;
  std::vector<std::pair<const ir::Graph*, SourceLoc>> early_uses;
};

struct BlockScope {
  std::map<std::string, HoistedDef> defs;
};

// The loop state tuple is (vars..., flags of `flagged`..., counter?, broke?, returned?, ret?).
struct LoopFrame {
  LoopFrame* outer = nullptr;       // enclosing loop of the same function
  std::vector<std::string> vars;    // loop-carried variables
  std::vector<std::string> flagged;  // those of vars that may be unassigned: carry their flags
  bool is_for = false;              // carries a range counter
  bool has_break = false;
  bool has_return = false;
  ir::Node* next_counter = nullptr;  // for loops: the counter of the next iteration
  ir::Node* incoming_ret = nullptr;  // the `ret` slot as it entered this iteration

  size_t flag_slot(size_t i) const { return vars.size() + i; }
  size_t counter_slot() const { return vars.size() + flagged.size(); }
  size_t broke_slot() const { return counter_slot() + (is_for ? 1 : 0); }
  size_t returned_slot() const { return broke_slot() + (has_break ? 1 : 0); }
  size_t ret_slot() const { return returned_slot() + 1; }
  size_t size() const { return returned_slot() + (has_return ? 2 : 0); }
};

struct FunctionScope {
  FunctionScope* enclosing = nullptr;  // null for top-level functions, constants, eval
  const Env* enclosing_env = nullptr;  // the enclosing function's Env where this one was created
  std::set<std::string> locals;        // names this function assigns somewhere (params too)
  std::vector<BlockScope*> blocks;     // active blocks, innermost last
  LoopFrame* loop = nullptr;           // innermost active loop
  std::map<std::string, int> reads;    // read counts over the whole body (see count_reads)
};

// What a name denotes at a use.
struct Resolved {
  enum class Kind {
    Value,     // a local, captured or hoisted variable: `node`, guarded by `flag` if set
    Constant,  // True/False/None: `value`
    Function,  // top-level function: `graph`
    Global,    // top-level constant (a nullary Init graph): `graph`
    Struct,    // struct name: `struct_decl`
    Variant,   // enum variant: `variant`
    Builtin,   // builtin function: `builtin`
  };
  Kind kind = Kind::Value;
  ir::Node* node = nullptr;
  ir::Node* flag = nullptr;
  ir::ConstValue value;
  ir::Graph* graph = nullptr;
  const ir::StructDecl* struct_decl = nullptr;
  const ir::VariantDecl* variant = nullptr;
  const Builtin* builtin = nullptr;
};

// Resolves `name` used at `loc` in graph `user`, with `env` the current bindings of the
// innermost function `fs` (null: only the top level). Lookup order: hoisted defs not yet
// reached and then the Env of each function from the innermost outwards, then the module's
// top-level names that loc's file sees (`program`; null: all of them), builtins,
// True/False/None. Throws CompileError for unknown names, top-level names of a file that
// loc's file does not import, locals read before any assignment, and unsupported builtins.
Resolved resolve_name(const ir::Module& m, const ProgramScope* program, const std::string& name, const Env& env,
                      FunctionScope* fs, const ir::Graph* user, SourceLoc loc);

// Checks the uses of `def` recorded before its def statement was reached: the def's
// closure must be creatable there, i.e. its parent must enclose the using graph.
void check_early_uses(const HoistedDef& def);

}  // namespace fx::lower

// The Fluxion IR: a graph-based, functional, typed intermediate representation
// (Myia/Thorin style, in ANF). See docs/ir.md for the full semantics.
//
//  * A Module owns Graphs (functions), Nodes, and the struct/enum declarations.
//  * A Graph has parameters, a body (Apply nodes in evaluation order) and an output node.
//    A nested graph (closure, branch, loop body) names its lexically enclosing graph as
//    `parent`; its free variables are direct references to nodes of ancestor graphs.
//  * A Node is a Constant, a Parameter or an Apply. Apply's inputs[0] is the callee: a Prim
//    constant (primitive operation) or any node whose value is a function.
//  * A Graph constant used as a value creates a closure over the current values of the
//    ancestor graphs it references (capture at creation time, LANGUAGE.md §3).
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "support/source.hpp"
#include "syntax/ast.hpp"

namespace fx::types { struct Type; }

namespace fx::ir {

enum class Prim : uint16_t {
#define FX_PRIM(Enum, text, arity, flags, family, derivative) Enum,
#include "ir/ops.def"
#undef FX_PRIM
};

enum class PrimFlag : uint8_t { PURE, EFFECT, CONTROL };
// The columns of ops.def (their meaning is in its header).
enum class PrimFamily : uint8_t {
  SCALAR, STRUCTURE, CONTROL, EFFECT, TENSOR_CONSTRUCT, TENSOR_INDEX, TENSOR_COMPUTE, TENSOR_FILES,
  TENSOR_ADJOINT, AD_OPERATOR, AD_INTERNAL
};
enum class PrimDerivative : uint8_t { RULES, ZERO, NONE };

struct PrimInfo {
  const char* name;  // text name used by the printer
  int arity;         // -1: variadic
  PrimFlag flag;
  PrimFamily family;
  PrimDerivative derivative;
};
const PrimInfo& prim_info(Prim p);
const char* prim_name(Prim p);
constexpr int kPrimCount = 0
#define FX_PRIM(Enum, text, arity, flags, family, derivative) +1
#include "ir/ops.def"
#undef FX_PRIM
    ;

struct Graph;
struct Node;

// ------------------------------------------------------------ declarations
struct FieldInfo {
  std::string name;
  const ast::TypeExpr* type = nullptr;  // owned by the ast::Module kept in ir::Module
  SourceLoc loc;
};
struct StructDecl {
  std::string name;
  SourceLoc loc;
  std::vector<FieldInfo> fields;
  int field_index(const std::string& field) const;  // -1 if absent
};
struct EnumDecl;
struct VariantDecl {
  std::string name;
  SourceLoc loc;
  EnumDecl* owner = nullptr;
  int index = 0;  // position within owner->variants
  std::vector<FieldInfo> fields;
};
struct EnumDecl {
  std::string name;
  SourceLoc loc;
  std::vector<std::unique_ptr<VariantDecl>> variants;
};

// ---------------------------------------------------------------- constants
struct Undef {};    // the value of a variable not yet assigned on some path
struct NoneVal {};  // the result of a function without `return`, of print, ...
using ConstValue = std::variant<Undef, NoneVal, int64_t, double, bool, std::string, Prim, Graph*,
                                const StructDecl*, const VariantDecl*>;

// -------------------------------------------------------------------- nodes
enum class NodeKind : uint8_t { Constant, Parameter, Apply };

struct Node {
  NodeKind kind;
  Graph* graph = nullptr;  // owning graph; null for constants (shared by all graphs)
  SourceLoc loc;
  std::string name;        // source variable name, for printing ("" if none)
  // Apply: inputs[0] is the callee, the rest the arguments. The last `keywords.size()`
  // arguments are keyword arguments with these names (resolved by type inference).
  std::vector<Node*> inputs;
  std::vector<std::string> keywords;
  // Where each argument was written, when that differs from where its value was made
  // (a variable read has no node of its own). Empty, or one entry per argument; an
  // invalid entry means "not recorded". Used to point type errors at the operand.
  std::vector<SourceLoc> arg_locs;
  ConstValue value;        // Constant only
  const types::Type* type = nullptr;  // set by type inference
  uint32_t id = 0;         // unique within the module, for printing
  uint32_t slot = 0;       // index into the owning graph's frame (params, then body)
  // Built by a derivative rule (src/ad) from a primal operation that ran before it: its
  // operands fit by construction (a cotangent has its primal's shape), so it cannot fail where
  // that primal did not, and DCE may drop it when unused (opt/removable.hpp). The user's own
  // operations, which may raise shape errors, are never marked. Copies keep the mark.
  bool follows_primal = false;

  bool is_constant() const { return kind == NodeKind::Constant; }
  bool is_parameter() const { return kind == NodeKind::Parameter; }
  bool is_apply() const { return kind == NodeKind::Apply; }
  // Apply of a primitive `p`?
  bool is_prim_apply(Prim p) const;
  // Apply whose callee is a primitive constant; that primitive, else nullopt-like false.
  bool prim_callee(Prim* out) const;
  Node* callee() const { return inputs.at(0); }
  size_t num_args() const { return inputs.empty() ? 0 : inputs.size() - 1; }
  Node* arg(size_t i) const { return inputs.at(i + 1); }
  // Constant accessors (precondition: the constant holds that alternative).
  Graph* as_graph() const { return std::get<Graph*>(value); }
  Prim as_prim() const { return std::get<Prim>(value); }
  int64_t as_int() const { return std::get<int64_t>(value); }
  const std::string& as_str() const { return std::get<std::string>(value); }
  bool holds_graph() const { return is_constant() && std::holds_alternative<Graph*>(value); }
  bool holds_prim() const { return is_constant() && std::holds_alternative<Prim>(value); }
};

// What a graph stands for in the source; for printing and diagnostics only.
enum class GraphRole : uint8_t { Function, Lambda, Branch, Join, LoopCond, LoopBody, Init, Eval };

// Does calling a graph of this role count as a Fluxion-level call (for the call depth limit,
// --max-depth)? Functions, lambdas, top-level constants and eval expressions do; the graphs
// the lowering makes for `if` and loops do not. The interpreter and generated code agree on it.
bool counts_as_call(GraphRole role);

struct Graph {
  std::string name;
  SourceLoc loc;
  GraphRole role = GraphRole::Function;
  Graph* parent = nullptr;      // lexically enclosing graph; null at top level
  std::vector<Node*> params;
  std::vector<Node*> body;      // Apply nodes, in evaluation order
  Node* output = nullptr;       // the result: a constant, a parameter or a body node
  // Annotations written in the source (may be null); checked by type inference.
  std::vector<const ast::TypeExpr*> param_types;
  const ast::TypeExpr* return_type = nullptr;
  // Default values written in the source (`def f(x, y=1.0)`): constants, or null. A call that
  // leaves a parameter out gets its default (type inference, the specialiser, the interpreter).
  std::vector<Node*> param_defaults;
  // For a typed clone, the generic graph it was cloned from (null for lowered graphs and for
  // graphs the AD engine builds): clones of one function in one parent clone are siblings,
  // and closure_at switches a closure between them.
  const Graph* origin = nullptr;
  // Callers hand their last argument over to the graph, which releases it (native code): the
  // accumulator that opt/recursive_accumulators.cpp threads through a recursion is then held
  // once and updated in place. Set only on graphs called directly or run as an `if` branch.
  bool owns_last_param = false;
  // For such a graph, where each accumulator comes back: the result at `result` is the last
  // parameter's value at `param` with additions only (acc + terms that do not read acc), so a
  // loop that hands its state's accumulator through the call still only adds into it
  // (opt/loop_accumulators.cpp may start it elsewhere). Written by recursive_accumulators.cpp.
  struct Accumulator {
    std::vector<int64_t> param;   // in the last parameter (an accumulator, or a branch's (env, accs))
    std::vector<int64_t> result;  // in the result
  };
  std::vector<Accumulator> accumulators;
  uint32_t id = 0;

  // Number of frame slots: params first, then body nodes (see Node::slot).
  size_t frame_size() const { return params.size() + body.size(); }
  // Is `ancestor` this graph or one of its lexical ancestors?
  bool nested_in(const Graph* ancestor) const;
};

// ------------------------------------------------------------------- module
struct Module {
  Module();
  ~Module();
  Module(const Module&) = delete;
  Module& operator=(const Module&) = delete;

  // Ownership of everything the IR points into.
  std::vector<std::unique_ptr<SourceFile>> files;
  std::vector<std::unique_ptr<ast::Module>> syntax;
  std::vector<std::unique_ptr<Graph>> graphs;
  // Graphs the optimiser found unreachable (src/opt/dead_graphs.cpp): out of `graphs`, so
  // nothing prints, verifies, optimises or runs them, but alive, because orphaned nodes and
  // the type checker's tables may still point at them.
  std::vector<std::unique_ptr<Graph>> retired_graphs;
  std::vector<std::unique_ptr<Node>> nodes;
  std::vector<std::unique_ptr<StructDecl>> structs;
  std::vector<std::unique_ptr<EnumDecl>> enums;

  // Top-level names. Functions in source order of definition.
  std::map<std::string, Graph*> functions;
  std::vector<Graph*> function_order;
  std::map<std::string, const StructDecl*> struct_by_name;
  std::map<std::string, const EnumDecl*> enum_by_name;
  std::map<std::string, const VariantDecl*> variant_by_name;

  // ---- builder
  Graph* new_graph(std::string name, Graph* parent, SourceLoc loc, GraphRole role);
  Node* add_param(Graph* g, std::string name, SourceLoc loc);
  // Appends an Apply node to g's body. `inputs[0]` is the callee.
  Node* apply(Graph* g, std::vector<Node*> inputs, SourceLoc loc, std::string name = "");
  Node* apply_prim(Graph* g, Prim p, std::vector<Node*> args, SourceLoc loc, std::string name = "");
  Node* constant(ConstValue v, SourceLoc loc = {});
  Node* prim(Prim p) { return constant(p); }
  Node* int_const(int64_t v) { return constant(v); }
  // Recomputes Node::slot for every graph (call after passes that add or remove nodes).
  void renumber();

  Graph* find_function(const std::string& name) const;

 private:
  uint32_t next_node_id_ = 0;
  uint32_t next_graph_id_ = 0;
};

// Text form of the IR (fluxion ir). The IR library does not know how types print (types
// depend on the IR, not the reverse), so callers pass a namer; with none, types are omitted.
using TypeNamer = std::string (*)(const types::Type*);
std::string print_graph(const Graph& g, TypeNamer namer = nullptr);
// Prints g and every graph nested in it.
std::string print_graph_tree(const Module& m, const Graph& g, TypeNamer namer = nullptr);
std::string print_module(const Module& m, TypeNamer namer = nullptr);
std::string print_const(const ConstValue& v);

// Checks structural invariants; throws InternalError naming `after_pass` when broken.
void verify(const Module& m, const std::string& after_pass);

}  // namespace fx::ir

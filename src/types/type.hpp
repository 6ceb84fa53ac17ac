// Types of the Fluxion scalar core, as inferred by src/types/ (LANGUAGE.md §2).
//
// Types are interned by a TypeStore, so two types are equal exactly when their
// pointers are equal. A function value's type says *which* function it is, not
// just its signature (Myia's abstract values): a closure is identified by its graph
// and the specialisation context its parent was running in, which fixes the types of
// everything it captured. Calling it is then inferred per call signature, which is
// what makes unannotated generic and higher-order code (compose, make_scaler) type.
//
// Derived functions (grad(f), checkpoint(f), a vjp pullback, ...) are one more function
// alternative, Derived: the operator, its argnums and the inner function type(s). Calling
// one infers the inner function at the call's argument types and derives the result type
// from its output (derivative_calls.cpp; LANGUAGE.md §6).
//
// Tensors (docs/tensors.md "Types"): Tensor[dtype, rank, dims], with the rank and each
// extent possibly unknown (-1). Extents are tracked inside a function body only: call
// signatures forget them (erase_extents), so recursion over shrinking tensors stays finite.
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "ir/ir.hpp"

namespace fx::types {

enum class TypeKind : uint8_t {
  Bottom,  // no information yet: the type of Undef, of `fail`, of a call still being inferred
  None,
  Bool,
  I64,
  F64,
  F32,  // no literal syntax yet; kept so that astype(x, f32) can slot in
  Str,
  Tuple,   // elems: element types
  Struct,  // nominal: struct_decl
  Enum,    // nominal: enum_decl
  // Function values. A Union holds two or more of these.
  Closure,      // graph + context of the frame it closes over (null for top-level graphs)
  PrimFn,       // a primitive used as a value, e.g. the `sin` in compose(sin, cos)
  Constructor,  // a struct (struct_decl) or enum variant (variant) used as a function
  Union,        // elems: the alternatives, sorted by id (from an `if` returning two lambdas)
  Derived,      // prim: the operator; argnums; elems: see "Derived operators" below
  Tensor,       // dtype, rank, dims
  // Only in the expanded program (derivatives ahead of time, docs/ad.md §10), as typed for
  // native code (types/value_types.hpp):
  Explicit,  // a closure after closure conversion (make_closure): graph = its closed code,
             // elems[0] = the type of its env
  List,      // a persistent stack (a reverse-mode loop's tape): elems[0] = the element type
             // (Bottom while nothing was pushed)
  Recursive,  // a closure of code `graph` whose env holds closures of the same code (a
              // recursion's pullback holds the pullback of the call inside): named, so that
              // the type is finite, its env's type kept by the store (recursive_env)
  RecursiveTangent,  // the tangent of a Recursive closure of code `graph` (in a derivative of a
                     // derivative through recursion: the tangent of its env, which holds the
                     // tangent of the pullback inside): named likewise, its structure kept by the
                     // store (recursive_tangent_env)
};

// Which arguments a derivative operator differentiates: `argnums=1` or `argnums=(0, 2)`
// (a tuple of results then, even for a 1-tuple).
struct Argnums {
  std::vector<int64_t> nums{0};
  bool tuple = false;
  bool operator==(const Argnums&) const = default;
};

// Derived operators: what a Derived type can stand for, with the meaning of its `elems`:
//   Grad, ValueAndGrad, Jacfwd, Jacrev, Hessian (with argnums), Derivative, Checkpoint: {f}
//   CustomVjp: {f, fwd, bwd}    CustomJvp: {f, rule}
//   Vjp: the pullback of vjp(f, x1..xn): {f, type of x1, ..., type of xn}

struct Context;

struct Type {
  TypeKind kind = TypeKind::Bottom;
  uint32_t id = 0;                              // creation order, for canonical union order
  std::vector<const Type*> elems;               // Tuple elements / Union alternatives
  const ir::StructDecl* struct_decl = nullptr;  // Struct; Constructor of a struct
  const ir::EnumDecl* enum_decl = nullptr;      // Enum
  const ir::VariantDecl* variant = nullptr;     // Constructor of an enum variant
  const ir::Graph* graph = nullptr;             // Closure
  const Context* context = nullptr;             // Closure: context of graph->parent
  ir::Prim prim{};                              // PrimFn; Derived: the operator
  Argnums argnums;                              // Derived: Grad, ValueAndGrad, Jac*, Hessian
  // Tensor: the element type (f64, f32, i64 or bool; Bottom for the accumulator of a
  // comprehension before its first row, see TypeStore::rows_empty), the rank (-1 when
  // unknown) and, when the rank is known, one extent per axis (-1 when unknown).
  const Type* dtype = nullptr;
  int64_t rank = -1;
  std::vector<int64_t> dims;
};

// A specialisation context (Myia's Context): a graph inferred for given argument types,
// inside the context of its lexical parent. It determines the type of every node of the
// graph and, through `parent`, of every free variable it uses. Interned like types.
struct Context {
  const ir::Graph* graph = nullptr;
  std::vector<const Type*> args;
  const Context* parent = nullptr;  // context of graph->parent; null for top-level graphs
  uint32_t id = 0;                  // creation order

  // This context or the nearest ancestor whose graph is `g`; null if none.
  const Context* find(const ir::Graph* g) const;
  size_t depth() const;  // number of ancestors
};

class TypeStore {
 public:
  TypeStore();
  TypeStore(const TypeStore&) = delete;
  TypeStore& operator=(const TypeStore&) = delete;

  const Type* bottom() const { return bottom_; }
  const Type* none() const { return none_; }
  const Type* boolean() const { return bool_; }
  const Type* i64() const { return i64_; }
  const Type* f64() const { return f64_; }
  const Type* f32() const { return f32_; }
  const Type* str() const { return str_; }
  const Type* tuple(std::vector<const Type*> elems);
  const Type* struct_type(const ir::StructDecl* decl);
  const Type* enum_type(const ir::EnumDecl* decl);
  const Type* closure(const ir::Graph* graph, const Context* context);
  const Type* prim_fn(ir::Prim prim);
  const Type* struct_ctor(const ir::StructDecl* decl);
  const Type* variant_ctor(const ir::VariantDecl* variant);
  // A derived function (see "Derived operators" above); argnums is ignored by operators without one.
  const Type* derived(ir::Prim op, std::vector<const Type*> elems, const Argnums& argnums = {});
  // make_closure(@code, env) with env of type `env` (TypeKind::Explicit).
  const Type* explicit_closure(const ir::Graph* code, const Type* env);
  // A stack of `elem` (TypeKind::List).
  const Type* list(const Type* elem);
  // The closures of `code` as a recursive type (TypeKind::Recursive), and their env's type:
  // null until set; set_recursive_env replaces it (whoever widens it joins the old one in:
  // expand/value_types.cpp, whose joins know the tangents of one of several functions).
  const Type* recursive_closure(const ir::Graph* code);
  const Type* recursive_env(const ir::Graph* code) const;
  void set_recursive_env(const ir::Graph* code, const Type* env) { recursive_envs_[code] = env; }
  // The tangents of the closures of a recursive `code` (TypeKind::RecursiveTangent), and the
  // tuple they are (the tangent of the env, this type where the env holds the code's closures):
  // null until set; set_recursive_tangent_env replaces it (the env widens as the types settle).
  const Type* recursive_tangent(const ir::Graph* code);
  const Type* recursive_tangent_env(const ir::Graph* code) const;
  void set_recursive_tangent_env(const ir::Graph* code, const Type* env) { recursive_tangent_envs_[code] = env; }
  // The union of function types (nested unions flattened, duplicates removed); a single
  // alternative is returned as itself. Precondition: every element is a function type.
  const Type* union_of(const std::vector<const Type*>& alternatives);
  // Tensor[dtype, rank, dims]. dtype is one of the scalar types f64 f32 i64 bool (or
  // Bottom, see rows_empty); rank -1 is unknown (dims ignored); dims empty means all
  // extents unknown, otherwise one per axis. A rank-0 tensor is a Tensor too (only
  // tensor_or_scalar turns it into a scalar).
  const Type* tensor(const Type* dtype, int64_t rank = -1, std::vector<int64_t> dims = {});
  // The result of an operation of rank 0 is a scalar of its dtype (sum(x), x[i, j], a @ b
  // of vectors); any other rank gives tensor(dtype, rank, dims).
  const Type* tensor_or_scalar(const Type* dtype, int64_t rank, std::vector<int64_t> dims = {});
  // The accumulator of a comprehension before its first row: a tensor whose dtype and
  // rank are not known yet. It joins with (and fits) any tensor, as Bottom does with any type.
  const Type* rows_empty() { return tensor(bottom_); }
  // The scalar type of a dtype name ("f64", "f32", "i64", "bool"), or null.
  const Type* dtype_named(const std::string& name) const;

  // The interned context; `*created` tells whether it is new.
  const Context* context(const ir::Graph* graph, std::vector<const Type*> args,
                         const Context* parent, bool* created = nullptr);
  size_t context_count() const { return contexts_.size(); }

 private:
  using Key = std::tuple<int, std::vector<const Type*>, const void*, const void*, int, std::vector<int64_t>, bool,
                         int64_t, std::vector<int64_t>>;
  const Type* intern(const Type& proto, const void* p1, const void* p2);

  std::deque<Type> types_;
  std::map<Key, const Type*> type_index_;
  std::deque<Context> contexts_;
  std::map<std::tuple<const ir::Graph*, std::vector<const Type*>, const Context*>, const Context*>
      context_index_;
  const Type *bottom_, *none_, *bool_, *i64_, *f64_, *f32_, *str_;
  std::map<const ir::Graph*, const Type*> recursive_envs_;
  std::map<const ir::Graph*, const Type*> recursive_tangent_envs_;
};

// Printable form: f64, (f64, i64), (f64,), Linear, Tree, <function make_scaler.scale>,
// <primitive sin>, <constructor Linear>, <function a> | <function b>,
// grad(<function f>, argnums=1), <pullback of <function f>>. Long types are
// cut with "..." so that messages stay readable (and finite for deeply nested tuples).
std::string to_string(const Type* t);

bool is_number(const Type* t);    // i64, f64, f32
bool is_float(const Type* t);     // f64, f32
// The leaves tree_map(f, x, ...) calls f on: tensors and floats (others are kept as they are).
bool is_tree_map_leaf(const Type* t);
bool is_function(const Type* t);  // Closure, PrimFn, Constructor, Union, Derived, Explicit, Recursive
bool is_tensor(const Type* t);    // Tensor (any dtype, rows_empty included)
bool is_scalar(const Type* t);    // i64, f64, f32, bool: what a tensor element can be
// A tensor whose dtype is not known yet (rows_empty), which rules treat like Bottom.
bool is_unknown_tensor(const Type* t);
// The element type of a tensor, or a scalar itself; null for anything else.
const Type* dtype_of(const Type* t);
// Rank of a tensor (-1 unknown), 0 for a scalar.
int64_t rank_of(const Type* t);
// Extent of axis i of a tensor of known rank, -1 when unknown.
int64_t extent(const Type* t, int64_t axis);
// t with every tensor extent forgotten (ranks kept), through tuples: what a call
// signature sees (docs/tensors.md).
const Type* erase_extents(TypeStore& store, const Type* t);
// "(2, 3)", "(2,)", "(?, 3)", "()": a tensor shape for messages; "(unknown rank)" if unknown.
std::string shape_text(int64_t rank, const std::vector<int64_t>& dims);

// The least type above both, or null when there is none (different scalar types, structs,
// ...). Bottom joins to the other type; tuples join elementwise; different function values
// join to their Union. Tensors of one dtype join to that dtype with the rank if equal
// (else unknown) and the extents that agree; a scalar joins a tensor of its dtype as a
// tensor of rank 0 (an accumulator `total = 0.0` that becomes a tensor in a loop).
const Type* join(TypeStore& store, const Type* a, const Type* b);

// Does a value of type `actual` fit where `expected` is declared (annotations, struct
// fields)? Exact, except that Bottom (not known yet) fits anywhere, also inside tuples,
// and a tensor fits a tensor annotation of its dtype whose rank is unknown or equal (and
// whose known extents agree).
bool fits(const Type* actual, const Type* expected);

// How a graph is named in messages: "f", "make_scaler.scale", "lambda".
std::string graph_display_name(const ir::Graph* g);

}  // namespace fx::types

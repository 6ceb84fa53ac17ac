#include "types/type.hpp"

#include <algorithm>
#include <unordered_map>

namespace fx::types {

// ------------------------------------------------------------------ contexts
const Context* Context::find(const ir::Graph* g) const {
  for (const Context* c = this; c; c = c->parent)
    if (c->graph == g) return c;
  return nullptr;
}

size_t Context::depth() const {
  size_t d = 0;
  for (const Context* c = parent; c; c = c->parent) ++d;
  return d;
}

// --------------------------------------------------------------------- store
TypeStore::TypeStore() {
  auto scalar = [this](TypeKind k) {
    Type t;
    t.kind = k;
    return intern(t, nullptr, nullptr);
  };
  bottom_ = scalar(TypeKind::Bottom);
  none_ = scalar(TypeKind::None);
  bool_ = scalar(TypeKind::Bool);
  i64_ = scalar(TypeKind::I64);
  f64_ = scalar(TypeKind::F64);
  f32_ = scalar(TypeKind::F32);
  str_ = scalar(TypeKind::Str);
}

// p1/p2 are the identity pointers of the kind (decl, graph, context); prim goes in the key too.
const Type* TypeStore::intern(const Type& proto, const void* p1, const void* p2) {
  Key key{static_cast<int>(proto.kind), proto.elems, p1, p2, static_cast<int>(proto.prim), proto.argnums.nums,
          proto.argnums.tuple, proto.rank, proto.dims};
  auto it = type_index_.find(key);
  if (it != type_index_.end()) return it->second;
  types_.push_back(proto);
  Type* t = &types_.back();
  t->id = static_cast<uint32_t>(types_.size() - 1);
  type_index_.emplace(std::move(key), t);
  return t;
}

const Type* TypeStore::tuple(std::vector<const Type*> elems) {
  Type t;
  t.kind = TypeKind::Tuple;
  t.elems = std::move(elems);
  return intern(t, nullptr, nullptr);
}

const Type* TypeStore::struct_type(const ir::StructDecl* decl) {
  Type t;
  t.kind = TypeKind::Struct;
  t.struct_decl = decl;
  return intern(t, decl, nullptr);
}

const Type* TypeStore::enum_type(const ir::EnumDecl* decl) {
  Type t;
  t.kind = TypeKind::Enum;
  t.enum_decl = decl;
  return intern(t, decl, nullptr);
}

const Type* TypeStore::closure(const ir::Graph* graph, const Context* context) {
  Type t;
  t.kind = TypeKind::Closure;
  t.graph = graph;
  t.context = context;
  return intern(t, graph, context);
}

const Type* TypeStore::prim_fn(ir::Prim prim) {
  Type t;
  t.kind = TypeKind::PrimFn;
  t.prim = prim;
  return intern(t, nullptr, nullptr);
}

const Type* TypeStore::struct_ctor(const ir::StructDecl* decl) {
  Type t;
  t.kind = TypeKind::Constructor;
  t.struct_decl = decl;
  return intern(t, decl, nullptr);
}

const Type* TypeStore::variant_ctor(const ir::VariantDecl* variant) {
  Type t;
  t.kind = TypeKind::Constructor;
  t.variant = variant;
  return intern(t, variant, nullptr);
}

const Type* TypeStore::derived(ir::Prim op, std::vector<const Type*> elems, const Argnums& argnums) {
  Type t;
  t.kind = TypeKind::Derived;
  t.prim = op;
  t.elems = std::move(elems);
  if (op == ir::Prim::Grad || op == ir::Prim::ValueAndGrad || op == ir::Prim::Jacfwd || op == ir::Prim::Jacrev ||
      op == ir::Prim::Hessian)
    t.argnums = argnums;
  return intern(t, nullptr, nullptr);
}

const Type* TypeStore::explicit_closure(const ir::Graph* code, const Type* env) {
  Type t;
  t.kind = TypeKind::Explicit;
  t.graph = code;
  t.elems = {env};
  return intern(t, code, nullptr);
}

const Type* TypeStore::recursive_closure(const ir::Graph* code) {
  Type t;
  t.kind = TypeKind::Recursive;
  t.graph = code;
  return intern(t, code, nullptr);
}

const Type* TypeStore::recursive_env(const ir::Graph* code) const {
  auto it = recursive_envs_.find(code);
  return it == recursive_envs_.end() ? nullptr : it->second;
}

const Type* TypeStore::recursive_tangent(const ir::Graph* code) {
  Type t;
  t.kind = TypeKind::RecursiveTangent;
  t.graph = code;
  return intern(t, code, nullptr);
}

const Type* TypeStore::recursive_tangent_env(const ir::Graph* code) const {
  auto it = recursive_tangent_envs_.find(code);
  return it == recursive_tangent_envs_.end() ? nullptr : it->second;
}

const Type* TypeStore::list(const Type* elem) {
  Type t;
  t.kind = TypeKind::List;
  t.elems = {elem};
  return intern(t, nullptr, nullptr);
}

const Type* TypeStore::union_of(const std::vector<const Type*>& alternatives) {
  std::vector<const Type*> flat;
  for (const Type* a : alternatives) {
    if (a->kind == TypeKind::Union)
      flat.insert(flat.end(), a->elems.begin(), a->elems.end());
    else
      flat.push_back(a);
  }
  // Converted closures of one code are one alternative: their envs join (a recursive code's
  // closures have one named type).
  for (size_t i = 0; i < flat.size(); ++i)
    for (size_t j = i + 1; j < flat.size(); ++j) {
      const Type *a = flat[i], *b = flat[j];
      const bool converted = (a->kind == TypeKind::Explicit || a->kind == TypeKind::Recursive) &&
                             (b->kind == TypeKind::Explicit || b->kind == TypeKind::Recursive);
      if (!converted || a->graph != b->graph) continue;
      const Type* joined = nullptr;
      if (a->kind == TypeKind::Recursive || b->kind == TypeKind::Recursive) joined = a->kind == TypeKind::Recursive ? a : b;
      else if (const Type* env = join(*this, a->elems[0], b->elems[0])) joined = explicit_closure(a->graph, env);
      if (joined) {
        flat[i] = joined;
        flat.erase(flat.begin() + static_cast<std::ptrdiff_t>(j));
        j = i;
      }
    }
  std::sort(flat.begin(), flat.end(), [](const Type* x, const Type* y) { return x->id < y->id; });
  flat.erase(std::unique(flat.begin(), flat.end()), flat.end());
  if (flat.size() == 1) return flat[0];
  Type t;
  t.kind = TypeKind::Union;
  t.elems = std::move(flat);
  return intern(t, nullptr, nullptr);
}

const Type* TypeStore::tensor(const Type* dtype, int64_t rank, std::vector<int64_t> dims) {
  Type t;
  t.kind = TypeKind::Tensor;
  t.dtype = dtype;
  t.rank = rank < 0 ? -1 : rank;
  // One canonical form per type: dims are empty for an unknown rank, else one per axis.
  if (t.rank < 0) dims.clear();
  else dims.resize(static_cast<size_t>(t.rank), -1);
  for (int64_t& d : dims)
    if (d < 0) d = -1;
  t.dims = std::move(dims);
  return intern(t, dtype, nullptr);
}

const Type* TypeStore::tensor_or_scalar(const Type* dtype, int64_t rank, std::vector<int64_t> dims) {
  if (rank == 0 && dtype->kind != TypeKind::Bottom) return dtype;
  return tensor(dtype, rank, std::move(dims));
}

const Type* TypeStore::dtype_named(const std::string& name) const {
  if (name == "f64") return f64_;
  if (name == "f32") return f32_;
  if (name == "i64") return i64_;
  if (name == "bool") return bool_;
  return nullptr;
}

const Context* TypeStore::context(const ir::Graph* graph, std::vector<const Type*> args,
                                  const Context* parent, bool* created) {
  auto key = std::make_tuple(graph, args, parent);
  auto it = context_index_.find(key);
  if (created) *created = it == context_index_.end();
  if (it != context_index_.end()) return it->second;
  contexts_.push_back(Context{graph, std::move(args), parent,
                              static_cast<uint32_t>(contexts_.size())});
  const Context* c = &contexts_.back();
  context_index_.emplace(std::move(key), c);
  return c;
}

// ------------------------------------------------------------------ printing
namespace {

constexpr size_t kMaxTypeText = 240;

void print_derived(const Type* t, std::string& out);
void print_tensor(const Type* t, std::string& out);

void print(const Type* t, std::string& out) {
  if (out.size() > kMaxTypeText) return;  // the caller appends "..."
  switch (t->kind) {
    case TypeKind::Bottom: out += "Bottom"; return;
    case TypeKind::None: out += "None"; return;
    case TypeKind::Bool: out += "bool"; return;
    case TypeKind::I64: out += "i64"; return;
    case TypeKind::F64: out += "f64"; return;
    case TypeKind::F32: out += "f32"; return;
    case TypeKind::Str: out += "str"; return;
    case TypeKind::Tuple:
      out += "(";
      for (size_t i = 0; i < t->elems.size(); ++i) {
        if (i) out += ", ";
        print(t->elems[i], out);
        if (out.size() > kMaxTypeText) return;
      }
      out += t->elems.size() == 1 ? ",)" : ")";
      return;
    case TypeKind::Struct: out += t->struct_decl->name; return;
    case TypeKind::Enum: out += t->enum_decl->name; return;
    case TypeKind::Closure: out += "<function " + graph_display_name(t->graph) + ">"; return;
    case TypeKind::PrimFn: out += std::string("<primitive ") + ir::prim_name(t->prim) + ">"; return;
    case TypeKind::Constructor:
      out += "<constructor " + (t->struct_decl ? t->struct_decl->name : t->variant->name) + ">";
      return;
    case TypeKind::Union:
      for (size_t i = 0; i < t->elems.size(); ++i) {
        if (i) out += " | ";
        print(t->elems[i], out);
        if (out.size() > kMaxTypeText) return;
      }
      return;
    case TypeKind::Derived:
      print_derived(t, out);
      return;
    case TypeKind::Tensor:
      print_tensor(t, out);
      return;
    case TypeKind::Explicit:
      out += "<closure " + t->graph->name + " with env ";
      print(t->elems.at(0), out);
      out += ">";
      return;
    case TypeKind::List:
      out += "List[";
      print(t->elems.at(0), out);
      out += "]";
      return;
    case TypeKind::Recursive:
      out += "<recursive closure " + t->graph->name + ">";
      return;
    case TypeKind::RecursiveTangent:
      out += "<tangent of recursive closure " + t->graph->name + ">";
      return;
  }
}

// Tensor[f64], Tensor[f64, 2], Tensor[f64, (3, 4)] (docs/tensors.md).
void print_tensor(const Type* t, std::string& out) {
  out += "Tensor[";
  print(t->dtype, out);
  if (t->rank >= 0) {
    bool all_known = std::all_of(t->dims.begin(), t->dims.end(), [](int64_t d) { return d >= 0; });
    out += ", " + (all_known ? shape_text(t->rank, t->dims) : std::to_string(t->rank));
  }
  out += "]";
}

void print_argnums(const Argnums& a, std::string& out) {
  if (!a.tuple) {
    out += std::to_string(a.nums.at(0));
    return;
  }
  out += "(";
  for (size_t i = 0; i < a.nums.size(); ++i) out += (i ? ", " : "") + std::to_string(a.nums[i]);
  out += a.nums.size() == 1 ? ",)" : ")";
}

// grad(<function f>), grad(<function f>, argnums=(0, 1)), <pullback of <function f>>.
void print_derived(const Type* t, std::string& out) {
  if (t->prim == ir::Prim::Vjp) {
    out += "<pullback of ";
    print(t->elems.at(0), out);
    out += ">";
    return;
  }
  out += ir::prim_name(t->prim);
  out += "(";
  print(t->elems.at(0), out);
  bool has_argnums = t->prim == ir::Prim::Grad || t->prim == ir::Prim::ValueAndGrad || t->prim == ir::Prim::Jacfwd ||
                     t->prim == ir::Prim::Jacrev || t->prim == ir::Prim::Hessian;
  if (has_argnums && (t->argnums.tuple || t->argnums.nums.at(0) != 0)) {
    out += ", argnums=";
    print_argnums(t->argnums, out);
  }
  out += ")";
}

}  // namespace

std::string to_string(const Type* t) {
  if (!t) return "<untyped>";
  std::string out;
  print(t, out);
  if (out.size() > kMaxTypeText) {
    out.resize(kMaxTypeText);
    out += "...";
  }
  return out;
}

// Nested defs are qualified by the function they are defined in ("make_scaler.scale"),
// which is how a user tells apart two helpers of the same name.
std::string graph_display_name(const ir::Graph* g) {
  if (g->role == ir::GraphRole::Lambda) return "lambda";
  if (g->role != ir::GraphRole::Function || !g->parent) return g->name;
  const ir::Graph* owner = g->parent;
  while (owner->parent && owner->role != ir::GraphRole::Function && owner->role != ir::GraphRole::Lambda)
    owner = owner->parent;
  return graph_display_name(owner) + "." + g->name;
}

// -------------------------------------------------------------- predicates
bool is_number(const Type* t) {
  return t->kind == TypeKind::I64 || t->kind == TypeKind::F64 || t->kind == TypeKind::F32;
}

bool is_float(const Type* t) { return t->kind == TypeKind::F64 || t->kind == TypeKind::F32; }

bool is_function(const Type* t) {
  switch (t->kind) {
    case TypeKind::Closure:
    case TypeKind::PrimFn:
    case TypeKind::Constructor:
    case TypeKind::Union:
    case TypeKind::Derived:
    case TypeKind::Explicit:
    case TypeKind::Recursive:
      return true;
    case TypeKind::Bottom:
    case TypeKind::None:
    case TypeKind::Bool:
    case TypeKind::I64:
    case TypeKind::F64:
    case TypeKind::F32:
    case TypeKind::Str:
    case TypeKind::Tuple:
    case TypeKind::Struct:
    case TypeKind::Enum:
    case TypeKind::Tensor:
    case TypeKind::List:
    case TypeKind::RecursiveTangent:
      return false;
  }
  return false;
}

bool is_tensor(const Type* t) { return t->kind == TypeKind::Tensor; }

bool is_scalar(const Type* t) { return is_number(t) || t->kind == TypeKind::Bool; }

bool is_unknown_tensor(const Type* t) { return is_tensor(t) && t->dtype->kind == TypeKind::Bottom; }

const Type* dtype_of(const Type* t) {
  if (is_tensor(t)) return t->dtype;
  return is_scalar(t) ? t : nullptr;
}

int64_t rank_of(const Type* t) { return is_tensor(t) ? t->rank : 0; }

int64_t extent(const Type* t, int64_t axis) {
  if (!is_tensor(t) || t->rank < 0 || axis < 0 || axis >= t->rank) return -1;
  return t->dims[static_cast<size_t>(axis)];
}

namespace {

// Memoised: tuples share their element types, so a naive walk of (x, x) nested n deep
// would take 2^n steps.
const Type* erase_extents(TypeStore& store, const Type* t, std::unordered_map<const Type*, const Type*>& done) {
  if (is_tensor(t)) return t->rank > 0 ? store.tensor(t->dtype, t->rank) : t;
  if (t->kind != TypeKind::Tuple) return t;
  if (auto it = done.find(t); it != done.end()) return it->second;
  std::vector<const Type*> elems;
  for (const Type* e : t->elems) elems.push_back(erase_extents(store, e, done));
  const Type* erased = store.tuple(std::move(elems));
  done.emplace(t, erased);
  return erased;
}

}  // namespace

const Type* erase_extents(TypeStore& store, const Type* t) {
  if (t->kind != TypeKind::Tensor && t->kind != TypeKind::Tuple) return t;
  std::unordered_map<const Type*, const Type*> done;
  return erase_extents(store, t, done);
}

std::string shape_text(int64_t rank, const std::vector<int64_t>& dims) {
  if (rank < 0) return "(unknown rank)";
  std::string out = "(";
  for (int64_t i = 0; i < rank; ++i) {
    if (i) out += ", ";
    int64_t d = static_cast<size_t>(i) < dims.size() ? dims[static_cast<size_t>(i)] : -1;
    out += d >= 0 ? std::to_string(d) : "?";
  }
  return out + (rank == 1 ? ",)" : ")");
}

namespace {

// Tensor a and tensor-or-scalar b of one dtype (or an unknown one): see join().
const Type* join_tensors(TypeStore& store, const Type* a, const Type* b) {
  if (is_unknown_tensor(a) && is_tensor(b)) return b;
  if (is_unknown_tensor(b)) return a;
  const Type* dtype = dtype_of(b);
  if (!dtype || dtype != a->dtype) return nullptr;
  int64_t rb = rank_of(b);
  if (a->rank < 0 || rb < 0 || a->rank != rb) return store.tensor(dtype);
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < a->rank; ++i) {
    int64_t da = extent(a, i), db = extent(b, i);
    dims.push_back(da == db ? da : -1);
  }
  return store.tensor(dtype, a->rank, std::move(dims));
}

}  // namespace

const Type* join(TypeStore& store, const Type* a, const Type* b) {
  if (a == b) return a;
  if (a->kind == TypeKind::Bottom) return b;
  if (b->kind == TypeKind::Bottom) return a;
  if (a->kind == TypeKind::Tuple && b->kind == TypeKind::Tuple) {
    if (a->elems.size() != b->elems.size()) return nullptr;
    std::vector<const Type*> elems;
    for (size_t i = 0; i < a->elems.size(); ++i) {
      const Type* e = join(store, a->elems[i], b->elems[i]);
      if (!e) return nullptr;
      elems.push_back(e);
    }
    return store.tuple(std::move(elems));
  }
  if (a->kind == TypeKind::List && b->kind == TypeKind::List) {
    const Type* elem = join(store, a->elems[0], b->elems[0]);
    return elem ? store.list(elem) : nullptr;
  }
  if (a->kind == TypeKind::Explicit && b->kind == TypeKind::Explicit && a->graph == b->graph) {
    const Type* env = join(store, a->elems[0], b->elems[0]);  // one code, envs of one shape
    if (env) return store.explicit_closure(a->graph, env);
  }
  // A closure of a code that recurs is that code's recursive type (its env is the store's).
  if ((a->kind == TypeKind::Recursive || b->kind == TypeKind::Recursive) && a->graph == b->graph &&
      (a->kind == TypeKind::Explicit || b->kind == TypeKind::Explicit))
    return a->kind == TypeKind::Recursive ? a : b;
  if (is_function(a) && is_function(b)) return store.union_of({a, b});
  if (is_tensor(a)) return join_tensors(store, a, b);
  if (is_tensor(b)) return join_tensors(store, b, a);
  return nullptr;
}

bool fits(const Type* actual, const Type* expected) {
  if (actual == expected || actual->kind == TypeKind::Bottom) return true;
  if (is_tensor(actual) && is_tensor(expected)) {
    if (is_unknown_tensor(actual)) return true;
    if (actual->dtype != expected->dtype) return false;
    if (expected->rank < 0) return true;
    if (actual->rank != expected->rank) return false;
    for (int64_t i = 0; i < expected->rank; ++i)
      if (extent(expected, i) >= 0 && extent(actual, i) != extent(expected, i)) return false;
    return true;
  }
  if (actual->kind != TypeKind::Tuple || expected->kind != TypeKind::Tuple) return false;
  if (actual->elems.size() != expected->elems.size()) return false;
  for (size_t i = 0; i < actual->elems.size(); ++i)
    if (!fits(actual->elems[i], expected->elems[i])) return false;
  return true;
}

}  // namespace fx::types

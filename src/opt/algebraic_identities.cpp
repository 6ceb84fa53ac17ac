// Algebraic identities: rewrites by the laws listed in algebra.def (x * 1 = x, i64 x * 0 = 0,
// transpose(transpose(M)) = M, v @ eye(n) = v, ...). Derivative code is full of them: a
// tangent seeded with 1.0 is multiplied through, a cotangent of an identity is transposed
// back, one_hot/eye products select what was there all along (dF~ §5). The laws are a table
// keyed by ops.def's primitives, so adding one is one line; this file only knows how to match
// each kind of law.
#include <cmath>

#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Node;
using ir::Prim;
using types::TypeKind;

enum class Side { LEFT, RIGHT, BOTH };
enum class Kinds { INT, FLOAT, NUMBER };

struct Identity { Prim prim; Side side; double e; Kinds kinds; };
struct Absorbing { Prim prim; int64_t z; Kinds kinds; };

constexpr Identity kIdentities[] = {
#define FX_IDENTITY(P, side, e, kinds) {Prim::P, Side::side, e, Kinds::kinds},
#include "opt/algebra.def"
};
constexpr Absorbing kAbsorbing[] = {
#define FX_ABSORBING(P, z, kinds) {Prim::P, z, Kinds::kinds},
#include "opt/algebra.def"
};
constexpr Absorbing kCancelling[] = {
#define FX_CANCELLING(P, z, kinds) {Prim::P, z, Kinds::kinds},
#include "opt/algebra.def"
};
constexpr Prim kInvolutions[] = {
#define FX_INVOLUTION(P) Prim::P,
#include "opt/algebra.def"
};
constexpr Prim kEyeIdentities[] = {
#define FX_EYE_IDENTITY(P) Prim::P,
#include "opt/algebra.def"
};
constexpr Prim kConversions[] = {
#define FX_CONVERSION(P) Prim::P,
#include "opt/algebra.def"
};

bool has_kind(const types::Type* t, Kinds kinds) {
  const types::Type* d = types::dtype_of(t);
  if (!d) return false;
  bool is_int = d->kind == TypeKind::I64;
  bool is_float = d->kind == TypeKind::F64 || d->kind == TypeKind::F32;
  switch (kinds) {
    case Kinds::INT: return is_int;
    case Kinds::FLOAT: return is_float;
    case Kinds::NUMBER: return is_int || is_float;
  }
  return false;
}

// Is c the constant e (by value; a zero also by its sign: an int 0 is +0)?
bool is_value(const Node* c, double e) {
  double v;
  int64_t i;
  if (constant_int(c, &i)) v = static_cast<double>(i);
  else if (!constant_float(c, &v)) return false;
  return v == e && std::signbit(v) == std::signbit(e);
}

bool is_scalar_of(const types::Type* t, TypeKind k) { return t && t->kind == k; }

// n = eye(k) or eye(k, k): its size node.
const Node* eye_size(const Node* n) {
  if (!n->is_prim_apply(Prim::Eye) || n->num_args() < 1 || n->num_args() > 2) return nullptr;
  if (n->num_args() == 2) {
    int64_t a, b;
    bool same = n->arg(0) == n->arg(1) || (constant_int(n->arg(0), &a) && constant_int(n->arg(1), &b) && a == b);
    if (!same) return nullptr;
  }
  return n->arg(0);
}

// Is size node k the extent of v's axis `axis` (from v's type, or k = len(v) for axis 0)?
bool is_extent(const Node* k, const Node* v, int64_t axis) {
  if (axis == 0 && k->is_prim_apply(Prim::Len) && k->arg(0) == v) return true;
  int64_t n;
  int64_t known = types::extent(v->type, axis);
  return known >= 0 && constant_int(k, &n) && n == known;
}

Node* by_eye_identity(const Node* n) {
  Node* a = n->arg(0);
  Node* b = n->arg(1);
  if (const Node* k = eye_size(b); k && types::is_tensor(a->type)) {  // v @ eye(k): v's last axis
    int64_t rank = types::rank_of(a->type);
    if ((rank == 1 || rank == 2) && is_extent(k, a, rank - 1)) return a;
  }
  if (const Node* k = eye_size(a); k && types::is_tensor(b->type)) {  // eye(k) @ v: v's first axis
    int64_t rank = types::rank_of(b->type);
    if ((rank == 1 || rank == 2) && is_extent(k, b, 0)) return b;
  }
  return nullptr;
}

Node* simplified(PassContext& ctx, Node* n) {
  Prim p;
  if (!n->prim_callee(&p)) return nullptr;
  if (n->num_args() == 2) {
    Node* a = n->arg(0);
    Node* b = n->arg(1);
    for (const Identity& law : kIdentities) {
      if (law.prim != p) continue;
      if (law.side != Side::LEFT && is_value(b, law.e) && has_kind(a->type, law.kinds)) return a;
      if (law.side != Side::RIGHT && is_value(a, law.e) && has_kind(b->type, law.kinds)) return b;
    }
    for (const Absorbing& law : kAbsorbing) {
      if (law.prim != p || !is_scalar_of(n->type, TypeKind::I64)) continue;
      bool kinds = has_kind(a->type, law.kinds) && has_kind(b->type, law.kinds);
      int64_t v;
      if (kinds && ((constant_int(a, &v) && v == law.z) || (constant_int(b, &v) && v == law.z)))
        return typed_constant(ctx.module, law.z, n->type, n->loc);
    }
    for (const Absorbing& law : kCancelling)
      if (law.prim == p && a == b && is_scalar_of(n->type, TypeKind::I64) && has_kind(a->type, law.kinds))
        return typed_constant(ctx.module, law.z, n->type, n->loc);
    if (!ctx.options.check_nan)
      for (Prim eye : kEyeIdentities)
        if (eye == p) return by_eye_identity(n);
  }
  if (n->num_args() == 1)
    for (Prim inv : kInvolutions)
      if (inv == p && n->arg(0)->is_prim_apply(p)) return n->arg(0)->arg(0);
  if (n->num_args() == 1 && n->keywords.empty() && n->type && n->type == n->arg(0)->type)
    for (Prim conversion : kConversions)
      if (conversion == p) return n->arg(0);
  return nullptr;
}

}  // namespace

bool apply_identities(PassContext& ctx) {
  return replace_nodes(ctx.module, [&](Node* n) { return simplified(ctx, n); });
}

}  // namespace fx::opt

#include "types/tensor_support.hpp"

#include "support/diagnostics.hpp"

namespace fx::types {

Shape shape_of(const Type* t) {
  if (!is_tensor(t)) return Shape{0, {}};
  return Shape{t->rank, t->dims};
}

Shape unknown_shape() { return Shape{}; }

const Type* make_result(TypeStore& store, const Type* dtype, const Shape& s) {
  return store.tensor_or_scalar(dtype, s.rank, s.dims);
}

Shape broadcast(const Shape& a, const Shape& b, SourceLoc loc) {
  if (!a.known_rank() || !b.known_rank()) return unknown_shape();
  Shape out;
  out.rank = std::max(a.rank, b.rank);
  out.dims.assign(static_cast<size_t>(out.rank), -1);
  for (int64_t i = 1; i <= out.rank; ++i) {  // aligned from the last axis
    int64_t da = i <= a.rank ? a.dim(a.rank - i) : 1;
    int64_t db = i <= b.rank ? b.dim(b.rank - i) : 1;
    int64_t& d = out.dims[static_cast<size_t>(out.rank - i)];
    if (da >= 0 && db >= 0 && da != db && da != 1 && db != 1)
      compile_error(loc, "cannot broadcast shapes " + a.text() + " and " + b.text());
    if (da == 1) d = db;
    else if (db == 1) d = da;
    else if (da >= 0) d = da;  // db is da or unknown (then it must be da or 1 at run time)
    else d = db;
  }
  return out;
}

rt::DType to_rt(const Type* dtype) {
  switch (dtype->kind) {
    case TypeKind::F64: return rt::DType::F64;
    case TypeKind::F32: return rt::DType::F32;
    case TypeKind::I64: return rt::DType::I64;
    case TypeKind::Bool: return rt::DType::Bool;
    case TypeKind::Bottom:
    case TypeKind::None:
    case TypeKind::Str:
    case TypeKind::Tuple:
    case TypeKind::Struct:
    case TypeKind::Enum:
    case TypeKind::Closure:
    case TypeKind::PrimFn:
    case TypeKind::Constructor:
    case TypeKind::Union:
    case TypeKind::Derived:
    case TypeKind::Tensor:
    case TypeKind::Explicit:
    case TypeKind::Recursive:
    case TypeKind::RecursiveTangent:
    case TypeKind::List:
      break;
  }
  internal_error("type inference", "not a dtype: " + to_string(dtype));
}

const Type* from_rt(TypeStore& store, rt::DType d) {
  switch (d) {
    case rt::DType::F64: return store.f64();
    case rt::DType::F32: return store.f32();
    case rt::DType::I64: return store.i64();
    case rt::DType::Bool: return store.boolean();
  }
  return store.f64();
}

namespace {

int kind_rank(rt::DType d) {  // bool < integer < float
  if (d == rt::DType::Bool) return 0;
  if (d == rt::DType::I64) return 1;
  return 2;
}

bool is_weak(const Type* t) {
  return t->kind == TypeKind::F64 || t->kind == TypeKind::I64 || t->kind == TypeKind::Bool;
}

}  // namespace

rt::DType operand_dtype(const Type* t, const Type* other) {
  rt::DType own = to_rt(dtype_of(t));
  if (!is_weak(t) || is_weak(other)) return own;
  rt::DType strong = to_rt(dtype_of(other));
  return kind_rank(own) <= kind_rank(strong) ? strong : own;
}

bool not_known(const Type* t) { return t->kind == TypeKind::Bottom || is_unknown_tensor(t); }

// ------------------------------------------------------------ constants
namespace {

const ir::Node* constant_at(const PrimCall& call, size_t i) {
  if (i >= call.arg_nodes.size() || !call.arg_nodes[i]->is_constant()) return nullptr;
  return call.arg_nodes[i];
}

}  // namespace

std::optional<int64_t> int_constant(const PrimCall& call, size_t i) {
  const ir::Node* n = constant_at(call, i);
  if (n && std::holds_alternative<int64_t>(n->value)) return n->as_int();
  // A negative literal may be lowered to neg(constant).
  if (i < call.arg_nodes.size() && call.arg_nodes[i]->is_prim_apply(ir::Prim::Neg)) {
    const ir::Node* x = call.arg_nodes[i]->arg(0);
    if (x->is_constant() && std::holds_alternative<int64_t>(x->value)) return -x->as_int();
  }
  return std::nullopt;
}

std::optional<bool> bool_constant(const PrimCall& call, size_t i) {
  const ir::Node* n = constant_at(call, i);
  if (n && std::holds_alternative<bool>(n->value)) return std::get<bool>(n->value);
  return std::nullopt;
}

const std::string* str_constant(const PrimCall& call, size_t i) {
  const ir::Node* n = constant_at(call, i);
  if (n && std::holds_alternative<std::string>(n->value)) return &n->as_str();
  return nullptr;
}

bool none_constant(const PrimCall& call, size_t i) {
  const ir::Node* n = constant_at(call, i);
  return n && std::holds_alternative<ir::NoneVal>(n->value);
}

int64_t required_int(const PrimCall& call, size_t i, const char* op, const char* what) {
  if (auto v = int_constant(call, i)) return *v;
  compile_error(operand_at(call, i), std::string(op) + ": " + what + " must be a constant integer, found " +
                                         to_string(call.args.at(i)));
}

std::optional<int64_t> axis_operand(const PrimCall& call, size_t i, const char* op) {
  if (none_constant(call, i)) return std::nullopt;
  return required_int(call, i, op, "the axis");
}

int64_t normalise_axis(int64_t axis, int64_t rank, const Type* t, SourceLoc loc, const char* op) {
  int64_t a = axis < 0 ? axis + rank : axis;
  if (a < 0 || a >= rank)
    compile_error(loc, std::string(op) + ": axis " + std::to_string(axis) + " is out of range for " + to_string(t));
  return a;
}

Shape shape_operand(const PrimCall& call, size_t i, const char* op) {
  const Type* t = call.args.at(i);
  if (t->kind == TypeKind::Bottom) return unknown_shape();
  std::string expected = std::string(op) + ": a shape must be an integer or a tuple of integers, found ";
  if (t->kind == TypeKind::I64) return Shape{1, {int_constant(call, i).value_or(-1)}};
  if (t->kind != TypeKind::Tuple) compile_error(operand_at(call, i), expected + to_string(t));
  const ir::Node* written = i < call.arg_nodes.size() ? call.arg_nodes[i] : nullptr;
  bool literal = written && written->is_prim_apply(ir::Prim::MakeTuple) && written->num_args() == t->elems.size();
  Shape s{static_cast<int64_t>(t->elems.size()), {}};
  for (size_t k = 0; k < t->elems.size(); ++k) {
    const Type* e = t->elems[k];
    if (e->kind != TypeKind::I64 && e->kind != TypeKind::Bottom)
      compile_error(operand_at(call, i), expected + to_string(t));
    int64_t d = -1;
    if (literal) {
      const ir::Node* x = written->arg(k);
      if (x->is_constant() && std::holds_alternative<int64_t>(x->value)) d = x->as_int();
    }
    s.dims.push_back(d);
  }
  return s;
}

void require_tensor(const PrimCall& call, size_t i, const char* op) {
  const Type* t = call.args.at(i);
  if (!is_tensor(t) && t->kind != TypeKind::Bottom)
    compile_error(operand_at(call, i), std::string(op) + " expects a tensor, found " + to_string(t));
}

void require_i64(const PrimCall& call, size_t i, const char* op, const char* what) {
  const Type* t = call.args.at(i);
  if (t->kind != TypeKind::I64 && t->kind != TypeKind::Bottom)
    compile_error(operand_at(call, i), std::string(op) + ": " + what + " must be an integer, found " + to_string(t));
}

}  // namespace fx::types

#include "interp/value.hpp"

#include <cmath>
#include <new>
#include <utility>

#include "fluxion/runtime/construct.hpp"
#include "fluxion/runtime/elementwise.hpp"
#include "fluxion/runtime/reduce.hpp"

namespace fx::interp {

// ------------------------------------------------------------------ construction
Value::Value(Kind k, Object* obj) noexcept : kind_(k) {
  u_.obj = obj;
  obj->retain();
}

Value Value::str(std::string s) { return Value(Kind::Str, new StrObj(std::move(s))); }
Value Value::tuple(std::vector<Value> items) {
  return Value(Kind::Tuple, new TupleObj(std::move(items)));
}
Value Value::make_struct(const ir::StructDecl* decl, std::vector<Value> fields) {
  return Value(Kind::Struct, new StructObj(decl, std::move(fields)));
}
Value Value::variant(const ir::VariantDecl* decl, std::vector<Value> fields) {
  return Value(Kind::Variant, new VariantObj(decl, std::move(fields)));
}
Value Value::closure(const ir::Graph* g, Ref<Frame> env) {
  return Value(Kind::Closure, new ClosureObj(g, std::move(env)));
}

Value Value::explicit_closure(const ir::Graph* code, Value env) {
  return Value(Kind::Explicit, new ExplicitObj(code, std::move(env)));
}
Value Value::derived(Ref<DerivedObj> d) { return Value(Kind::Derived, d.get()); }
Value Value::list(Ref<ListObj> l) { return Value(Kind::List, l.get()); }
Value Value::tensor(rt::Tensor t) { return Value(Kind::Tensor, new TensorObj(std::move(t))); }
Value Value::lazy_zeros(rt::DType dtype, rt::Shape shape) {
  return Value(Kind::Tensor, new TensorObj(dtype, std::move(shape)));
}

const std::string& Value::as_str() const { return static_cast<const StrObj*>(u_.obj)->text; }
const TupleObj& Value::as_tuple() const { return *static_cast<const TupleObj*>(u_.obj); }
const StructObj& Value::as_struct() const { return *static_cast<const StructObj*>(u_.obj); }
const VariantObj& Value::as_variant() const { return *static_cast<const VariantObj*>(u_.obj); }
const ClosureObj& Value::as_closure() const { return *static_cast<const ClosureObj*>(u_.obj); }
const ExplicitObj& Value::as_explicit() const { return *static_cast<const ExplicitObj*>(u_.obj); }
const DerivedObj& Value::as_derived() const { return *static_cast<const DerivedObj*>(u_.obj); }
const ListObj& Value::as_list() const { return *static_cast<const ListObj*>(u_.obj); }
const rt::Tensor& Value::as_tensor() const { return static_cast<const TensorObj*>(u_.obj)->tensor(); }
const TensorObj& Value::tensor_obj() const { return *static_cast<const TensorObj*>(u_.obj); }

const rt::Tensor& TensorObj::tensor() const {
  if (!lazy_) return tensor_;
  // The shape is that of a tensor that exists, so only memory can run out here.
  tensor_ = rt::zeros(shape_, dtype_);
  lazy_ = false;
  std::vector<Entry> entries = std::move(entries_);
  entries_.clear();
  for (Entry& e : entries) const_cast<TensorObj*>(this)->add_entry(std::move(e));
  return tensor_;
}

namespace {

template <class T>
void add_at(rt::Tensor& t, const TensorObj::Entry& e) {
  T* out = t.data<T>() + e.offset;
  if (!e.block.defined()) {
    *out += static_cast<T>(e.value);
    return;
  }
  const T* in = e.block.data<T>();
  for (int64_t i = 0, n = e.block.numel(); i < n; ++i) out[i] += in[i];
}

}  // namespace

void TensorObj::add_entry(Entry e) {
  const int64_t size = e.block.defined() ? e.block.numel() : 1;
  // Many entries: a dense tensor is cheaper to keep than the list (allocated right away).
  if (lazy_ && entry_elements_ + size > std::max<int64_t>(64, shape_.numel() / 16)) tensor();
  if (lazy_) {
    entry_elements_ += size;
    entries_.push_back(std::move(e));
    return;
  }
  if (tensor_.dtype() == rt::DType::F64) add_at<double>(tensor_, e);
  else add_at<float>(tensor_, e);
}
const std::vector<Value>& Value::items() const {
  return static_cast<const FieldsObj*>(u_.obj)->fields;
}

rt::Tensor take_tensor(Value&& v) {
  Value held(std::move(v));
  // A sole holder may empty the object: nobody else can observe it, and it dies with `held`.
  if (held.is_sole_owner()) return std::move(const_cast<rt::Tensor&>(held.as_tensor()));
  return held.as_tensor();
}

Value take_item(Value& t, size_t i) {
  if (t.is_sole_owner()) return std::move(const_cast<Value&>(t.items()[i]));
  return t.items()[i];
}

// ------------------------------------------------------------------ destruction
void FieldsObj::surrender(Reaper& r) {
  for (Value& v : fields) r.take(v);
}
void Frame::surrender(Reaper& r) {
  r.take(parent);
  for (Value& v : slots()) r.take(v);
}

Ref<Frame> Frame::make(const ir::Graph* g, Ref<Frame> parent) {
  const size_t n = g->frame_size();
  void* memory = ::operator new(sizeof(Frame) + n * sizeof(Value));
  Frame* f = new (memory) Frame(g, std::move(parent), n);
  Value* slots = reinterpret_cast<Value*>(f + 1);
  for (size_t i = 0; i < n; ++i) new (slots + i) Value();
  return Ref<Frame>(f);
}

Frame::~Frame() {
  if (prev_tracked_) {  // leave the list of tracked frames (cycles.hpp)
    *prev_tracked_ = next_tracked_;
    if (next_tracked_) next_tracked_->prev_tracked_ = prev_tracked_;
  }
  for (Value& v : slots()) v.~Value();
}
void ClosureObj::surrender(Reaper& r) { r.take(env); }
void ExplicitObj::surrender(Reaper& r) { r.take(env); }
void DerivedObj::surrender(Reaper& r) { r.take(env); }

void Reaper::take(Value& v) noexcept {
  if (!v.is_heap()) return;
  Object* o = v.u_.obj;
  v.kind_ = Kind::Undef;
  drop(o);
}

void Reaper::drop(const Object* o) noexcept {
  if (--o->refs_ != 0) return;
  Object* dead = const_cast<Object*>(o);
  if (inline_size_ < kInline) {
    inline_[inline_size_++] = dead;
  } else {
    overflow_.push_back(dead);
  }
}

Object* Reaper::pop() noexcept {
  if (!overflow_.empty()) {
    Object* o = overflow_.back();
    overflow_.pop_back();
    return o;
  }
  return inline_size_ ? inline_[--inline_size_] : nullptr;
}

void Object::destroy(Object* first) noexcept {
  Reaper reaper;
  for (Object* o = first; o; o = reaper.pop()) {
    o->surrender(reaper);  // children whose count drops to zero join the reaper's stack
    delete o;              // ... so this destructor releases nothing recursively
  }
}

// ------------------------------------------------------------------ utilities
namespace {

std::string type_name_at(const Value& v, int depth) {
  switch (v.kind()) {
    case Kind::Undef: return "undefined";
    case Kind::None: return "None";
    case Kind::Bool: return "bool";
    case Kind::Int: return "i64";
    case Kind::Float: return "f64";
    case Kind::Str: return "str";
    case Kind::Prim:
    case Kind::Closure:
    case Kind::Explicit:
    case Kind::Derived: return "function";
    case Kind::List: return "list";
    case Kind::Tensor: {
      const rt::Tensor& t = v.as_tensor();
      std::string s = std::string("Tensor[") + rt::dtype_name(t.dtype()) + ", ";
      return s + (t.rank() == 0 ? std::string("()") : rt::to_string(t.shape())) + "]";
    }
    case Kind::Struct: return v.as_struct().decl->name;
    case Kind::Variant: {
      const ir::VariantDecl* d = v.as_variant().decl;
      return d->owner ? d->owner->name : d->name;
    }
    case Kind::Tuple: {
      if (depth > 2) return "tuple";
      std::string s = "(";
      const auto& items = v.items();
      for (size_t i = 0; i < items.size(); ++i) {
        if (i) s += ", ";
        s += type_name_at(items[i], depth + 1);
      }
      return s + (items.size() == 1 ? ",)" : ")");
    }
  }
  return "value";
}

// NumPy's array_equal: same shape, equal elements (dtypes promote; nan is unequal).
bool tensors_equal(const rt::Tensor& a, const rt::Tensor& b) {
  if (!(a.shape() == b.shape())) return false;
  if (a.numel() == 0) return true;
  try {
    rt::Tensor eq = rt::equal(a, b);
    rt::Tensor n = rt::sum(rt::logical_not(eq));
    return n.item().to_i64() == 0;
  } catch (const rt::TensorError&) {
    return false;  // incomparable dtypes
  }
}

// Equality of two values that are not both aggregates of the same kind.
bool leaf_equal(const Value& a, const Value& b) {
  if (a.is_number() && b.is_number()) {
    if (a.kind() == Kind::Int && b.kind() == Kind::Int) return a.as_int() == b.as_int();
    return a.to_double() == b.to_double();
  }
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case Kind::Undef:
    case Kind::None: return true;
    case Kind::Bool: return a.as_bool() == b.as_bool();
    case Kind::Int:
    case Kind::Float: return false;  // handled above
    case Kind::Prim: return a.as_prim() == b.as_prim();
    case Kind::Str: return a.as_str() == b.as_str();
    case Kind::Closure:
      return a.as_closure().graph == b.as_closure().graph &&
             a.as_closure().env.get() == b.as_closure().env.get();
    case Kind::Explicit: return &a.as_explicit() == &b.as_explicit();
    case Kind::Derived: return &a.as_derived() == &b.as_derived();
    case Kind::List: return &a.as_list() == &b.as_list();
    case Kind::Tensor: return tensors_equal(a.as_tensor(), b.as_tensor());
    case Kind::Tuple:
    case Kind::Struct:
    case Kind::Variant: return false;  // aggregates are compared by values_equal
  }
  return false;
}

bool is_aggregate(Kind k) { return k == Kind::Tuple || k == Kind::Struct || k == Kind::Variant; }

// Same aggregate kind, same declaration and the same number of fields?
bool same_shape(const Value& a, const Value& b) {
  if (a.kind() != b.kind()) return false;
  if (a.kind() == Kind::Struct && a.as_struct().decl != b.as_struct().decl) return false;
  if (a.kind() == Kind::Variant && a.as_variant().decl != b.as_variant().decl) return false;
  return a.items().size() == b.items().size();
}

}  // namespace

std::string type_name(const Value& v) { return type_name_at(v, 0); }

bool values_equal(const Value& a, const Value& b) {
  if (!is_aggregate(a.kind()) || !is_aggregate(b.kind())) return leaf_equal(a, b);
  // Iterative, so that comparing two long enum lists does not recurse per cell.
  std::vector<std::pair<const Value*, const Value*>> pending{{&a, &b}};
  while (!pending.empty()) {
    auto [x, y] = pending.back();
    pending.pop_back();
    if (!is_aggregate(x->kind()) || !is_aggregate(y->kind())) {
      if (!leaf_equal(*x, *y)) return false;
      continue;
    }
    if (!same_shape(*x, *y)) return false;
    const auto& xs = x->items();
    const auto& ys = y->items();
    for (size_t i = xs.size(); i-- > 0;) pending.emplace_back(&xs[i], &ys[i]);  // left to right
  }
  return true;
}

namespace {

bool tensor_has_non_finite(const rt::Tensor& t) {
  if (!rt::is_float(t.dtype()) || t.numel() == 0) return false;
  // isfinite is not a runtime op; x - x is 0 exactly for finite x and nan otherwise.
  rt::Tensor d = rt::sub(t, t);
  rt::Tensor bad = rt::not_equal(d, d);
  return rt::sum(bad).item().to_i64() != 0;
}

}  // namespace

bool has_non_finite(const Value& root) {
  std::vector<const Value*> pending{&root};
  while (!pending.empty()) {
    const Value* v = pending.back();
    pending.pop_back();
    switch (v->kind()) {
      case Kind::Float:
        if (!std::isfinite(v->as_float())) return true;
        break;
      case Kind::Tensor:
        if (tensor_has_non_finite(v->as_tensor())) return true;
        break;
      case Kind::Tuple:
      case Kind::Struct:
      case Kind::Variant:
        for (const Value& x : v->items()) pending.push_back(&x);
        break;
      case Kind::Undef:
      case Kind::None:
      case Kind::Bool:
      case Kind::Int:
      case Kind::Prim:
      case Kind::Str:
      case Kind::Closure:
      case Kind::Explicit:
      case Kind::Derived:
      case Kind::List: break;
    }
  }
  return false;
}

}  // namespace fx::interp

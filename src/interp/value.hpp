// Run-time values of the reference interpreter (docs/ir.md "Values").
//
// A Value is 16 bytes: a Kind tag and either an immediate (bool, i64, f64, primitive) or a
// pointer to an immutable, reference-counted heap Object (string, tuple, struct, variant,
// closure, tensor). Aggregates are shared, never copied: every value is immutable (LANGUAGE.md §3).
//
// Tensors (docs/tensors.md): a TensorObj holds an fx::rt::Tensor. Scalars of type f64, i64
// and bool are immediates even when they come out of a tensor (x[i], sum(x)); an f32 scalar
// is a rank-0 f32 tensor. An object whose count is 1 is seen by its holder alone, which may
// then take its contents (take_tensor): that is how `x[i] = v` updates in place.
//
// Extending: a new kind of value (tensors, ...) is one more Kind plus one more Object
// subclass; heap kinds go after `Str` in the enum (see is_heap). The kinds that automatic
// differentiation adds (explicit closures, derived functions, persistent lists) are
// described in docs/ad.md.
//
// Reference counts are not atomic: values belong to one interpreter run on one thread.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "ad/generic.hpp"
#include "fluxion/runtime/tensor.hpp"
#include "ir/ir.hpp"

namespace fx::interp {

// Work counters of the interpreter, per thread (plain adds, no synchronisation): tests check the
// complexity of the interpreter and of derivatives by these counts at two sizes rather than by
// timing, which depends on the machine (timings are in bench/).
struct Counters {
  uint64_t steps = 0;    // IR nodes of graph bodies evaluated (Machine::run)
  uint64_t objects = 0;  // heap values created (Object constructions: tuples, closures, lists, ...)
};
inline thread_local Counters counters;

class Object;
class Reaper;
class Cycles;
class Frame;
class TupleObj;
class StructObj;
class VariantObj;
class ClosureObj;
class ExplicitObj;
class DerivedObj;
class ListObj;
class TensorObj;

// ------------------------------------------------------------------------------ Ref
// An owning pointer to a reference-counted Object (intrusive count).
template <class T>
class Ref {
 public:
  Ref() noexcept = default;
  explicit Ref(T* p) noexcept : p_(p) { retain(); }
  Ref(const Ref& o) noexcept : p_(o.p_) { retain(); }
  Ref(Ref&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  Ref& operator=(Ref o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  ~Ref() { release(); }

  T* get() const noexcept { return p_; }
  T* operator->() const noexcept { return p_; }
  T& operator*() const noexcept { return *p_; }
  explicit operator bool() const noexcept { return p_ != nullptr; }

 private:
  friend class Reaper;
  inline void retain() const noexcept;
  inline void release() noexcept;
  T* p_ = nullptr;
};

// ---------------------------------------------------------------------------- Object
// Base of every heap value. Destruction is iterative (see Reaper): freeing a list of a
// million enum cells, or a long chain of closures and frames, must not recurse a million
// times on the C++ stack.
class Object {
 public:
  Object() noexcept { ++counters.objects; }
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;
  virtual ~Object() = default;

  void retain() const noexcept { ++refs_; }
  void release() const noexcept {
    if (--refs_ == 0) destroy(const_cast<Object*>(this));
  }
  uint32_t use_count() const noexcept { return refs_; }

 protected:
  // Hands every reference this object holds to `r` (which empties the holders), so that
  // the destructor that follows has nothing left to release recursively.
  virtual void surrender(Reaper& r) = 0;

 private:
  friend class Reaper;
  friend class Cycles;
  static void destroy(Object* o) noexcept;
  mutable uint32_t refs_ = 0;
  // Scratch count of the cycle collector (cycles.hpp), 0 outside a collection; it fills the
  // padding after refs_, so objects do not grow.
  mutable uint32_t gc_ = 0;
};

template <class T>
void Ref<T>::retain() const noexcept {
  if (p_) p_->retain();
}
template <class T>
void Ref<T>::release() noexcept {
  if (p_) std::exchange(p_, nullptr)->release();
}

// ----------------------------------------------------------------------------- Value
enum class Kind : uint8_t {
  Undef,  // a variable not assigned on the path taken (docs/ir.md); the default value
  None,
  Bool,
  Int,    // i64
  Float,  // f64
  Prim,   // a primitive used as a function value (`apply(sin, 1.0)`)
  // Heap kinds: every kind from Str on points to an Object.
  Str,
  Tuple,
  Struct,
  Variant,
  Closure,  // a graph plus the frame of its lexical parent (null for top-level graphs)
  // Automatic differentiation (docs/ad.md):
  Explicit,  // make_closure(code, env): a closed graph `code(env, x...)` and its env value
  Derived,   // grad(f), jfn(grad(f)), ...: a generic code instantiated per call (ad::Generic)
  List,      // a persistent stack (list_empty/list_push): the pullbacks of a reversed loop
  Tensor,    // an fx::rt::Tensor (TensorObj)
};

class Value {
 public:
  Value() noexcept : kind_(Kind::Undef) { u_.i = 0; }
  Value(const Value& o) noexcept : kind_(o.kind_), u_(o.u_) {
    if (is_heap()) u_.obj->retain();
  }
  Value(Value&& o) noexcept : kind_(o.kind_), u_(o.u_) { o.kind_ = Kind::Undef; }
  Value& operator=(const Value& o) noexcept {
    Value tmp(o);
    swap(tmp);
    return *this;
  }
  Value& operator=(Value&& o) noexcept {
    Value tmp(std::move(o));
    swap(tmp);
    return *this;
  }
  ~Value() {
    if (is_heap()) u_.obj->release();
  }
  void swap(Value& o) noexcept {
    std::swap(kind_, o.kind_);
    std::swap(u_, o.u_);
  }

  // ---- construction
  static Value undef() { return Value(); }
  static Value none() { return Value(Kind::None); }
  static Value boolean(bool b) {
    Value v(Kind::Bool);
    v.u_.b = b;
    return v;
  }
  static Value integer(int64_t i) {
    Value v(Kind::Int);
    v.u_.i = i;
    return v;
  }
  static Value real(double f) {
    Value v(Kind::Float);
    v.u_.f = f;
    return v;
  }
  static Value prim(ir::Prim p) {
    Value v(Kind::Prim);
    v.u_.p = p;
    return v;
  }
  static Value str(std::string s);
  static Value tuple(std::vector<Value> items);
  static Value make_struct(const ir::StructDecl* decl, std::vector<Value> fields);
  static Value variant(const ir::VariantDecl* decl, std::vector<Value> fields);
  static Value closure(const ir::Graph* g, Ref<Frame> env);
  static Value explicit_closure(const ir::Graph* code, Value env);
  static Value derived(Ref<DerivedObj> d);
  static Value list(Ref<ListObj> l);
  static Value tensor(rt::Tensor t);
  // A zero float tensor of this dtype and shape that is allocated when first read (TensorObj).
  static Value lazy_zeros(rt::DType dtype, rt::Shape shape);

  // ---- inspection
  Kind kind() const noexcept { return kind_; }
  bool is_heap() const noexcept { return kind_ >= Kind::Str; }
  bool is_undef() const noexcept { return kind_ == Kind::Undef; }
  bool is_number() const noexcept { return kind_ == Kind::Int || kind_ == Kind::Float; }
  bool is_function() const noexcept {
    return kind_ == Kind::Closure || kind_ == Kind::Prim || kind_ == Kind::Explicit || kind_ == Kind::Derived;
  }

  // Accessors; precondition: the value has that kind.
  bool as_bool() const noexcept { return u_.b; }
  int64_t as_int() const noexcept { return u_.i; }
  double as_float() const noexcept { return u_.f; }
  ir::Prim as_prim() const noexcept { return u_.p; }
  // An Int or Float as f64.
  double to_double() const noexcept { return kind_ == Kind::Int ? static_cast<double>(u_.i) : u_.f; }
  const std::string& as_str() const;
  const TupleObj& as_tuple() const;
  const StructObj& as_struct() const;
  const VariantObj& as_variant() const;
  const ClosureObj& as_closure() const;
  const ExplicitObj& as_explicit() const;
  const DerivedObj& as_derived() const;
  const ListObj& as_list() const;
  const rt::Tensor& as_tensor() const;
  // The object of a Tensor value (to ask whether it is a lazy zero without allocating it).
  const TensorObj& tensor_obj() const;
  // Is this the only reference to its heap object? (false for immediates)
  bool is_sole_owner() const noexcept { return is_heap() && u_.obj->use_count() == 1; }
  // The fields of a tuple, struct or variant.
  const std::vector<Value>& items() const;

 private:
  friend class Reaper;
  explicit Value(Kind k) noexcept : kind_(k) { u_.i = 0; }
  Value(Kind k, Object* obj) noexcept;  // takes a new reference to obj

  Kind kind_;
  union {
    bool b;
    int64_t i;
    double f;
    ir::Prim p;
    Object* obj;
  } u_;
};

// ---------------------------------------------------------------------- heap objects
class StrObj final : public Object {
 public:
  explicit StrObj(std::string s) : text(std::move(s)) {}
  std::string text;

 protected:
  void surrender(Reaper&) override {}
};

// Tuples, structs and variants: a list of fields.
class FieldsObj : public Object {
 public:
  explicit FieldsObj(std::vector<Value> f) : fields(std::move(f)) {}
  std::vector<Value> fields;

 protected:
  void surrender(Reaper& r) override;
};

class TupleObj final : public FieldsObj {
 public:
  using FieldsObj::FieldsObj;
};

class StructObj final : public FieldsObj {
 public:
  StructObj(const ir::StructDecl* d, std::vector<Value> f) : FieldsObj(std::move(f)), decl(d) {}
  const ir::StructDecl* decl;
};

class VariantObj final : public FieldsObj {
 public:
  VariantObj(const ir::VariantDecl* d, std::vector<Value> f) : FieldsObj(std::move(f)), decl(d) {}
  const ir::VariantDecl* decl;
};

// One activation of a graph: its parameters and body values, indexed by Node::slot, and the
// frame of the graph's lexical parent (where free variables are looked up). Closures keep
// their frames alive; a frame that nobody captured dies when its activation returns.
// The slots live right after the object, in the same allocation (one malloc per call).
class Frame final : public Object {
 public:
  static Ref<Frame> make(const ir::Graph* g, Ref<Frame> parent);
  ~Frame() override;
  static void operator delete(void* p) { ::operator delete(p); }

  std::span<Value> slots() noexcept { return {reinterpret_cast<Value*>(this + 1), size_}; }

  const ir::Graph* graph;
  Ref<Frame> parent;
  // The evaluation-loop run that owns this activation (tail calls share one run); when the
  // run finishes, the evaluator drops the slots no nested graph can read (see interp.cpp).
  uint64_t activation = 0;

 protected:
  void surrender(Reaper& r) override;

 private:
  friend class Cycles;
  Frame(const ir::Graph* g, Ref<Frame> p, size_t n) : graph(g), parent(std::move(p)), size_(n) {}
  size_t size_;
  // A frame that became a closure's environment is on its thread's list of frames that
  // cycles may hold (cycles.hpp), which it leaves when it dies. prev_tracked_ points to the
  // pointer that points to this frame (the list head or the previous frame's next_tracked);
  // null: not on the list.
  Frame* next_tracked_ = nullptr;
  Frame** prev_tracked_ = nullptr;
};
static_assert(sizeof(Frame) % alignof(Value) == 0, "slots follow the Frame object");

class ClosureObj final : public Object {
 public:
  ClosureObj(const ir::Graph* g, Ref<Frame> e) : graph(g), env(std::move(e)) {}
  const ir::Graph* graph;
  Ref<Frame> env;  // the frame of graph->parent; null for a top-level graph

 protected:
  void surrender(Reaper& r) override;
};

// A closure in explicit form (closure conversion, docs/ad.md §1): calling it with args calls
// the closed graph `code` with (env, args...). Its tangent and cotangent are env's.
class ExplicitObj final : public Object {
 public:
  ExplicitObj(const ir::Graph* c, Value e) : code(c), env(std::move(e)) {}
  const ir::Graph* code;
  Value env;

 protected:
  void surrender(Reaper& r) override;
};

// A derived function (grad(f), jfn(grad(f)), a primitive under jfn, "jacrev.back", ...): a
// generic code with its env and the transforms pushed on it; calling it instantiates a
// closed graph for the arguments (ad::Context::instantiate) and calls it with (env, args).
class DerivedObj final : public Object {
 public:
  DerivedObj(ad::Generic k, ir::Prim p, Value e, std::vector<ad::Mode> s)
      : kind(k), prim(p), env(std::move(e)), stack(std::move(s)) {}
  ad::Generic kind;
  ir::Prim prim;  // ad::Generic::PrimFn
  Value env;      // a tuple: the operator's arguments (f, argnums, ...)
  std::vector<ad::Mode> stack;

 protected:
  void surrender(Reaper& r) override;
};

// The storage of persistent stacks (ListObj): entries in push order, packed in one buffer.
// A reversed loop pushes one pullback per iteration, an explicit closure of the same code
// whose env is a tuple of residuals; the tape keeps the code once and the residuals unboxed,
// so an iteration costs its residuals (16 bytes each) instead of a closure, a tuple and a
// list cell (bench/ad/reverse_loops.py). Entries that do not fit the form of the first one
// switch the tape to boxed values. The buffer grows by doubling with realloc, which moves
// large blocks without copying them (tape.cpp); the tape of a counted loop (list_empty(n)) is
// laid out once for its n entries, when the first entry says how wide they are.
class TapeObj final : public Object {
 public:
  enum class Form : uint8_t {
    Empty,
    Closure,  // explicit closures of `code` whose env is a tuple of `width` values
    Tuple,    // tuples of `width` values (the tangents of such closures)
    Boxed,    // any values, one cell each
  };
  TapeObj() = default;
  ~TapeObj() override;
  size_t count() const noexcept { return count_; }
  // Room for `entries` entries, made when the first entry is pushed (its form says how many
  // cells an entry takes): a counted loop's tape is allocated once.
  void plan(size_t entries) noexcept { planned_ = entries; }
  // Appends v (the tape grows by one entry).
  void push(const Value& v);
  // Entry i, rebuilt as the value that was pushed.
  Value get(size_t i) const;
  // Every value the tape holds (the cycle collector's edges).
  template <class F>
  void for_each_cell(F&& f) const {
    for (size_t i = 0; i < count_ * width_; ++i) f(cells_[i]);
  }

 protected:
  void surrender(Reaper& r) override;

 private:
  bool fits(const Value& v) const;
  void reserve(size_t entries);
  void box_all();
  Form form_ = Form::Empty;
  const ir::Graph* code_ = nullptr;
  size_t width_ = 0;  // cells per entry
  Value* cells_ = nullptr;
  size_t count_ = 0, capacity_ = 0;  // in entries
  size_t planned_ = 0;                // entries expected (plan), laid out by the first push
};

// A persistent stack (list_empty/list_push/list_top/list_pop): the first `size` entries of a
// tape. Pushing onto a stack that ends where its tape ends appends to the tape in place —
// the other stacks that share it are shorter or as long, so they do not see the new entry —
// and popping shares the tape, so a loop's forward and backward passes copy nothing. Only a
// push onto a stack that is not the tape's longest copies (its entries, once).
class ListObj final : public Object {
 public:
  ListObj() = default;
  ListObj(Ref<TapeObj> t, size_t n) : tape(std::move(t)), size(n) {}
  Ref<TapeObj> tape;  // null for the empty stack
  size_t size = 0;

 protected:
  void surrender(Reaper& r) override;
};

// The stack operations (tape.cpp).
Value list_push(const Value& list, const Value& v);
Value list_top(const ListObj& l);
Value list_pop(const ListObj& l);
// The entries, top first.
std::vector<Value> list_items(const ListObj& l);
// The stack whose entries, top first, are `items`.
Value list_of(std::vector<Value> items);

// A tensor value. The zero cotangent of a float tensor (zeros_like) is *lazy*: it keeps its
// dtype and shape, and the elements written into it one at a time (set_index of a scalar at a
// full index: the reverse rule of x[i]), and is allocated only when something reads it as a
// tensor (as_tensor). add_tangent adds a lazy zero in O(1) and a lazy one-hot in O(entries),
// so the reverse pass of a loop that reads xs[t], or that captures a tensor it does not
// differentiate, costs O(1) per iteration instead of a dense tensor built and added each time.
class TensorObj final : public Object {
 public:
  // `value` added at a row-major element offset, or, when `block` is defined, the contiguous
  // elements of block (of this dtype) added from that offset on: a row x[i] of a matrix.
  struct Entry {
    int64_t offset;
    double value = 0.0;
    rt::Tensor block;
  };
  explicit TensorObj(rt::Tensor t) : tensor_(std::move(t)) {}
  TensorObj(rt::DType dtype, rt::Shape shape) : lazy_(true), dtype_(dtype), shape_(std::move(shape)) {}

  // The tensor, allocated (and its entries written) on first use of a lazy zero.
  const rt::Tensor& tensor() const;
  rt::Tensor& tensor_mut() { return const_cast<rt::Tensor&>(tensor()); }
  bool lazy() const { return lazy_; }
  // Of a lazy zero only.
  rt::DType lazy_dtype() const { return dtype_; }
  const rt::Shape& lazy_shape() const { return shape_; }
  const std::vector<Entry>& entries() const { return entries_; }
  // Adds an entry to a lazy zero, which stays lazy while its entries are few, or to the tensor
  // it became. Precondition: the caller holds this object alone.
  void add_entry(Entry e);

 protected:
  void surrender(Reaper&) override {}

 private:
  mutable rt::Tensor tensor_;
  mutable bool lazy_ = false;
  rt::DType dtype_{};
  rt::Shape shape_;
  mutable std::vector<Entry> entries_;
  mutable int64_t entry_elements_ = 0;
};

// The tensor of v (a Tensor value), taken out of its object when v was its only holder (so
// that the runtime may write into it), otherwise a new handle to it. v is left Undef.
rt::Tensor take_tensor(Value&& v);

// Field i of the tuple t; moved out of it when t is the tuple's only holder (the evaluator
// calls this only when nothing reads that field of t later: machine.hpp, "last uses").
Value take_item(Value& t, size_t i);

// ----------------------------------------------------------------------------- Reaper
// Destroys objects whose count reached zero with a loop and an explicit stack.
class Reaper {
 public:
  void take(Value& v) noexcept;
  template <class T>
  void take(Ref<T>& r) noexcept {
    if (T* p = std::exchange(r.p_, nullptr)) drop(p);
  }

 private:
  friend class Object;
  void drop(const Object* o) noexcept;
  Object* pop() noexcept;
  static constexpr size_t kInline = 32;
  Object* inline_[kInline];
  size_t inline_size_ = 0;
  std::vector<Object*> overflow_;
};

// ------------------------------------------------------------------------- utilities
// The type's name as a user sees it, for error messages: "i64", "f64", "bool", "tuple",
// the struct or enum name, "function", ...
std::string type_name(const Value& v);

// Structural equality (eq/ne): numbers compare by value (i64 with f64 as f64, so
// nan != nan), aggregates field by field, functions by identity. Values of different
// types are unequal. Undef operands are the caller's concern.
// Tensors are equal when their shapes and elements are (NumPy's array_equal, so a tensor
// holding nan is unequal to itself); a tensor never equals a scalar.
bool values_equal(const Value& a, const Value& b);

// Does v hold a non-finite float: an f64 or f32 scalar that is nan or ±inf, or a float
// tensor with such an element, anywhere inside tuples, structs, variants? (--check-nan)
bool has_non_finite(const Value& v);

}  // namespace fx::interp

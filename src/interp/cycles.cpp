// Trial deletion over the objects the tracked frames reach (cycles.hpp).
#include "interp/cycles.hpp"

#include <cstdint>
#include <limits>
#include <vector>

namespace fx::interp {

namespace {

// The kinds of object that hold references. Strings and tensors hold none, so no cycle
// passes through them and the walk skips them.
enum class Shape : uint8_t { Frame, Fields, Closure, Explicit, Derived, List, Tape };

struct Item {
  Object* object;
  Shape shape;
};

// Object::gc_ during a collection: 0 not reached yet; then 1 + the references to the object
// that do not come from reached objects (so never 0 again); kLive once known to be live.
constexpr uint32_t kLive = std::numeric_limits<uint32_t>::max();

// Calls edge(object, shape) for the object v refers to, if it may hold references.
template <class Edge>
void value_edge(const Value& v, Edge& edge) {
  switch (v.kind()) {
    case Kind::Undef:
    case Kind::None:
    case Kind::Bool:
    case Kind::Int:
    case Kind::Float:
    case Kind::Prim:
    case Kind::Str:
    case Kind::Tensor: return;
    case Kind::Tuple: edge(&const_cast<TupleObj&>(v.as_tuple()), Shape::Fields); return;
    case Kind::Struct: edge(&const_cast<StructObj&>(v.as_struct()), Shape::Fields); return;
    case Kind::Variant: edge(&const_cast<VariantObj&>(v.as_variant()), Shape::Fields); return;
    case Kind::Closure: edge(&const_cast<ClosureObj&>(v.as_closure()), Shape::Closure); return;
    case Kind::Explicit: edge(&const_cast<ExplicitObj&>(v.as_explicit()), Shape::Explicit); return;
    case Kind::Derived: edge(&const_cast<DerivedObj&>(v.as_derived()), Shape::Derived); return;
    case Kind::List: edge(&const_cast<ListObj&>(v.as_list()), Shape::List); return;
  }
}

// Calls edge(object, shape) for every reference `it` holds to an object that may hold
// references in turn: exactly the references it counts, or the trial would go wrong.
template <class Edge>
void for_each_edge(const Item& it, Edge&& edge) {
  switch (it.shape) {
    case Shape::Frame: {
      auto* f = static_cast<Frame*>(it.object);
      if (f->parent) edge(f->parent.get(), Shape::Frame);
      for (const Value& v : f->slots()) value_edge(v, edge);
      return;
    }
    case Shape::Fields:
      for (const Value& v : static_cast<FieldsObj*>(it.object)->fields) value_edge(v, edge);
      return;
    case Shape::Closure:
      if (Frame* env = static_cast<ClosureObj*>(it.object)->env.get()) edge(env, Shape::Frame);
      return;
    case Shape::Explicit: value_edge(static_cast<ExplicitObj*>(it.object)->env, edge); return;
    case Shape::Derived: value_edge(static_cast<DerivedObj*>(it.object)->env, edge); return;
    case Shape::List:
      if (TapeObj* t = static_cast<ListObj*>(it.object)->tape.get()) edge(t, Shape::Tape);
      return;
    case Shape::Tape: {
      auto* t = static_cast<TapeObj*>(it.object);
      t->for_each_cell([&](const Value& v) { value_edge(v, edge); });
      return;
    }
  }
}

}  // namespace

constinit thread_local Frame* Cycles::head_ = nullptr;

void Cycles::collect() noexcept {
  if (!head_) return;
  std::vector<Item> reached, stack;
  // 1. Reach everything the tracked frames reach; each reference found inside subtracts one.
  auto reach = [&](Object* o, Shape s) {
    if (o->gc_ == 0) {
      o->gc_ = o->refs_ + 1;
      reached.push_back({o, s});
      stack.push_back({o, s});
    }
  };
  auto count_edge = [&](Object* o, Shape s) {
    reach(o, s);
    --o->gc_;
  };
  for (Frame* f = head_; f; f = f->next_tracked_) {
    reach(f, Shape::Frame);
    while (!stack.empty()) {
      Item it = stack.back();
      stack.pop_back();
      for_each_edge(it, count_edge);
    }
  }
  // 2. An object with references left over is held from outside: it and all it reaches live.
  auto mark_live = [&](Object* o, Shape s) {
    if (o->gc_ != kLive) {
      o->gc_ = kLive;
      stack.push_back({o, s});
    }
  };
  for (const Item& root : reached) {
    if (root.object->gc_ == 1) continue;  // so far only reached from inside
    mark_live(root.object, root.shape);
    while (!stack.empty()) {
      Item it = stack.back();
      stack.pop_back();
      for_each_edge(it, mark_live);
    }
  }
  // 3. The frames left are garbage: hold them while their references are dropped, so that
  // none dies half-cleared; with every garbage frame emptied, counting frees the rest.
  std::vector<Ref<Frame>> garbage;
  for (const Item& it : reached) {
    if (it.object->gc_ != kLive && it.shape == Shape::Frame) garbage.emplace_back(static_cast<Frame*>(it.object));
    it.object->gc_ = 0;
  }
  reached.clear();  // may point to objects freed below
  for (Ref<Frame>& f : garbage) {
    Ref<Frame> parent = std::move(f->parent);
    for (Value& v : f->slots()) Value dropped = std::move(v);
  }
  garbage.clear();
}

void Cycles::forget() noexcept {
  while (Frame* f = head_) {
    head_ = f->next_tracked_;
    f->next_tracked_ = nullptr;
    f->prev_tracked_ = nullptr;
  }
}

// Collects when its thread ends, then forgets the frames still alive (a value kept past the
// thread's end keeps them), so that none points into this thread's storage any more.
struct ThreadExit {
  ~ThreadExit() {
    Cycles::collect();
    Cycles::forget();
  }
};

void Cycles::collect_at_thread_exit() noexcept {
  thread_local ThreadExit at_exit;
  (void)at_exit;
}

}  // namespace fx::interp

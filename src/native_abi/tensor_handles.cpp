#include "native_abi/tensor_handles.hpp"

#include <cstdlib>
#include <new>
#include <utility>

namespace {

// Header → the references that generated code holds on this thread, in an open-addressing
// table (linear probing, deletion by backward shift: no tombstones). Every retain and release
// of generated code passes here, so it must cost a hash and a probe or two, never an
// allocation (a node-based map allocated and freed a node per reference, the top entry of a
// tensor gradient's profile). The count cannot live in the header itself: an embedding host's
// tensor may be held by generated code on several threads at once, each of which must give
// back only its own references after an error.
struct Held {
  const fx_tensor* header = nullptr;  // null: a free slot
  int64_t references = 0;
  bool scalar = false;  // the interpreter holds this value as a number
};

class HeldTable {
 public:
  ~HeldTable() { std::free(slots_); }

  // The entry of h, made (with no references) when there is none.
  Held& entry(const fx_tensor* h) {
    if ((live_ + 1) * 4 > capacity_ * 3) grow();
    size_t i = home(h);
    while (slots_[i].header && slots_[i].header != h) i = (i + 1) & (capacity_ - 1);
    if (!slots_[i].header) {
      slots_[i] = Held{h, 0, false};
      ++live_;
    }
    return slots_[i];
  }

  const Held* find(const fx_tensor* h) const {
    if (live_ == 0) return nullptr;
    for (size_t i = home(h);; i = (i + 1) & (capacity_ - 1)) {
      if (slots_[i].header == h) return &slots_[i];
      if (!slots_[i].header) return nullptr;
    }
  }

  // Removes the entry `e` (a reference returned by entry()).
  void erase(Held& e) {
    size_t hole = static_cast<size_t>(&e - slots_);
    slots_[hole] = Held{};
    --live_;
    // Moves back every entry of the run after the hole that may live there, so that lookups
    // never stop early at it.
    for (size_t i = (hole + 1) & (capacity_ - 1); slots_[i].header; i = (i + 1) & (capacity_ - 1)) {
      size_t want = home(slots_[i].header);
      bool reachable_from_hole = hole <= i ? (want <= hole || want > i) : (want <= hole && want > i);
      if (!reachable_from_hole) continue;
      slots_[hole] = slots_[i];
      slots_[i] = Held{};
      hole = i;
    }
  }

  int64_t size() const { return static_cast<int64_t>(live_); }

  // Hands every entry to f and empties the table.
  template <class F>
  void drain(F&& f) {
    Held* old = slots_;
    const size_t n = capacity_;
    slots_ = nullptr;
    capacity_ = live_ = 0;
    for (size_t i = 0; i < n; ++i)
      if (old[i].header) f(old[i]);
    std::free(old);
  }

 private:
  size_t home(const fx_tensor* h) const {
    // Headers are 64-byte aligned blocks or malloc'ed: mix the address's bits (Fibonacci hashing).
    auto x = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(h));
    return static_cast<size_t>((x * 0x9E3779B97F4A7C15ull) >> 20) & (capacity_ - 1);
  }

  void grow() {
    Held* old = slots_;
    const size_t n = capacity_;
    capacity_ = n ? n * 2 : 64;
    slots_ = static_cast<Held*>(std::calloc(capacity_, sizeof(Held)));
    if (!slots_) throw std::bad_alloc();
    live_ = 0;
    for (size_t i = 0; i < n; ++i)
      if (old[i].header) entry(old[i].header) = old[i];
    std::free(old);
  }

  Held* slots_ = nullptr;
  size_t capacity_ = 0;  // a power of two, or 0
  size_t live_ = 0;
};

thread_local HeldTable held;

void count(fx_tensor* h, int64_t delta, bool scalar = false) {
  Held& e = held.entry(h);
  e.scalar |= scalar;
  if ((e.references += delta) == 0) held.erase(e);
}

}  // namespace

namespace fx::native_abi {

fx_tensor* hand_out(rt::Tensor t, bool was_scalar) {
  fx_tensor* h = t.release();
  count(h, 1, was_scalar);
  return h;
}

bool is_scalar(const fx_tensor* h) {
  const Held* e = held.find(h);
  return e && e->scalar;
}

rt::Tensor take(fx_tensor* h) {
  count(h, -1);
  return rt::Tensor::adopt(h);
}

rt::Tensor borrow(fx_tensor* h) {
  rt::Tensor held_by_caller = rt::Tensor::adopt(h);
  rt::Tensor copy = held_by_caller;
  held_by_caller.release();
  return copy;
}

}  // namespace fx::native_abi

extern "C" {

void fx_rt_tensor_retain(fx_tensor* t) {
  if (!t) return;
  fx::native_abi::borrow(t).release();  // one more count on the header, now generated code's
  ++held.entry(t).references;           // (a header made from a number stays one)
}

void fx_rt_tensor_release(fx_tensor* t) {
  if (t) fx::native_abi::take(t);  // the adopted reference is dropped here
}

int64_t fx_rt_tensors_live(void) { return held.size(); }

void fx_rt_tensors_free_all(void) {
  held.drain([](const Held& e) {
    for (int64_t i = 0; i < e.references; ++i) fx::rt::Tensor::adopt(const_cast<fx_tensor*>(e.header));
  });
}

}  // extern "C"

#include "native_abi/tensor_handles.hpp"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <utility>
#include <vector>

namespace {

// The references generated code holds are counted per thread and per header, so that a thread
// can give back its own after a run-time error and tell at its entry point that it released
// every one. Each header counts them for one thread at a time in its own fields (holder, held,
// held_at: tensor_abi.h): a retain or release touches the header it counts and nothing else
// (a hash table keyed by header cost a cache miss per count with 20k live tensors, 13% of an
// LSTM gradient). The thread that finds the header unclaimed claims it with an atomic
// compare-and-swap and lists it (held_at is its place in the list, for removal in O(1)), and
// gives it up when its count returns to zero. An embedding host's tensor may be held by
// generated code on several threads at once: a thread that finds the header claimed by
// another counts its references in its own table below instead, as every count once was.
//
// The fallback: header → the references that this thread holds, in an open-addressing table
// (linear probing, deletion by backward shift: no tombstones), which costs a hash and a probe
// or two, never an allocation.
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

// This thread's number for claiming headers: 1, 2, ... (0 is no thread), given on first use.
uint32_t this_thread_number() {
  static std::atomic<uint32_t> last{0};
  thread_local uint32_t number = 0;
  while (number == 0) number = last.fetch_add(1, std::memory_order_relaxed) + 1;
  return number;
}

// The headers whose counts this thread keeps in them (h->held_at is h's index here).
thread_local std::vector<fx_tensor*> claimed;

std::atomic_ref<uint32_t> holder_of(fx_tensor* h) { return std::atomic_ref<uint32_t>(h->holder); }

// Ends this thread's claim on h, whose count is zero now: the last listed header takes its place.
void unclaim(fx_tensor* h) {
  fx_tensor* last = claimed.back();
  claimed[h->held_at] = last;
  last->held_at = h->held_at;
  claimed.pop_back();
  h->held_flags = 0;
  holder_of(h).store(0, std::memory_order_release);
}

void count_up(fx_tensor* h, bool scalar) {
  const uint32_t me = this_thread_number();
  uint32_t holder = holder_of(h).load(std::memory_order_relaxed);
  if (holder == me && h->held < UINT32_MAX) {
    ++h->held;
    if (scalar) h->held_flags |= FX_HELD_NUMBER;
    return;
  }
  if (holder == 0) {
    claimed.push_back(h);  // first, so that running out of memory leaves nothing half done
    if (holder_of(h).compare_exchange_strong(holder, me, std::memory_order_acquire)) {
      h->held = 1;
      h->held_at = static_cast<uint32_t>(claimed.size() - 1);
      h->held_flags = scalar ? FX_HELD_NUMBER : 0;
      return;
    }
    claimed.pop_back();  // another thread claimed it first
  }
  Held& e = held.entry(h);
  e.scalar |= scalar;
  ++e.references;
}

void count_down(fx_tensor* h) {
  // A thread's references are in the header while it holds the claim (whose count is then
  // positive), else all in its table.
  if (holder_of(h).load(std::memory_order_relaxed) == this_thread_number()) {
    if (--h->held == 0) unclaim(h);
    return;
  }
  Held& e = held.entry(h);
  if (--e.references == 0) held.erase(e);
}

}  // namespace

namespace fx::native_abi {

fx_tensor* hand_out(rt::Tensor t, bool was_scalar) {
  fx_tensor* h = t.release();
  count_up(h, was_scalar);
  return h;
}

bool is_scalar(const fx_tensor* h) {
  auto* header = const_cast<fx_tensor*>(h);
  if (holder_of(header).load(std::memory_order_relaxed) == this_thread_number() &&
      (h->held_flags & FX_HELD_NUMBER) != 0)
    return true;
  const Held* e = held.find(h);  // none, unless another thread claimed the header first
  return e && e->scalar;
}

rt::Tensor take(fx_tensor* h) {
  count_down(h);
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
  count_up(t, false);                   // (a header made from a number stays one)
}

void fx_rt_tensor_release(fx_tensor* t) {
  if (t) fx::native_abi::take(t);  // the adopted reference is dropped here
}

int64_t fx_rt_tensors_live(void) { return static_cast<int64_t>(claimed.size()) + held.size(); }

void fx_rt_tensors_free_all(void) {
  std::vector<fx_tensor*> mine;
  mine.swap(claimed);
  for (fx_tensor* h : mine) {
    const uint32_t references = h->held;
    h->held = 0;
    h->held_flags = 0;
    holder_of(h).store(0, std::memory_order_release);
    for (uint32_t i = 0; i < references; ++i) fx::rt::Tensor::adopt(h);
  }
  held.drain([](const Held& e) {
    for (int64_t i = 0; i < e.references; ++i) fx::rt::Tensor::adopt(const_cast<fx_tensor*>(e.header));
  });
}

}  // extern "C"

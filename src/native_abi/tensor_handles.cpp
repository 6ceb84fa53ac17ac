#include "native_abi/tensor_handles.hpp"

#include <unordered_map>
#include <utility>

namespace {

struct Held {
  int64_t references = 0;
  bool scalar = false;  // the interpreter holds this value as a number
};
// Header → the references that generated code holds on this thread. A header made from a
// number (was_scalar) is held by generated code alone, so its entry ends with the header.
thread_local std::unordered_map<const fx_tensor*, Held> held;

void count(fx_tensor* h, int64_t delta, bool scalar = false) {
  auto it = held.try_emplace(h).first;
  it->second.scalar |= scalar;
  if ((it->second.references += delta) == 0) held.erase(it);
}

}  // namespace

namespace fx::native_abi {

fx_tensor* hand_out(rt::Tensor t, bool was_scalar) {
  fx_tensor* h = t.release();
  count(h, 1, was_scalar);
  return h;
}

bool is_scalar(const fx_tensor* h) {
  auto it = held.find(h);
  return it != held.end() && it->second.scalar;
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
  if (t) fx::native_abi::hand_out(fx::native_abi::borrow(t), fx::native_abi::is_scalar(t));
}

void fx_rt_tensor_release(fx_tensor* t) {
  if (t) fx::native_abi::take(t);  // the adopted reference is dropped here
}

int64_t fx_rt_tensors_live(void) { return static_cast<int64_t>(held.size()); }

void fx_rt_tensors_free_all(void) {
  std::unordered_map<const fx_tensor*, Held> all;
  all.swap(held);
  for (auto& [h, n] : all)
    for (int64_t i = 0; i < n.references; ++i) fx::rt::Tensor::adopt(const_cast<fx_tensor*>(h));
}

}  // extern "C"

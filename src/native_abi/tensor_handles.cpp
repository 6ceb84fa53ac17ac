#include "native_abi/tensor_handles.hpp"

#include <unordered_map>
#include <utility>

namespace {

// Header → references that generated code holds on this thread.
thread_local std::unordered_map<fx_tensor*, int64_t> held;

void count(fx_tensor* h, int64_t delta) {
  auto it = held.try_emplace(h, 0).first;
  if ((it->second += delta) == 0) held.erase(it);
}

}  // namespace

namespace fx::native_abi {

fx_tensor* hand_out(rt::Tensor t) {
  fx_tensor* h = t.release();
  count(h, 1);
  return h;
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
  if (t) fx::native_abi::hand_out(fx::native_abi::borrow(t));
}

void fx_rt_tensor_release(fx_tensor* t) {
  if (t) fx::native_abi::take(t);  // the adopted reference is dropped here
}

int64_t fx_rt_tensors_live(void) { return static_cast<int64_t>(held.size()); }

void fx_rt_tensors_free_all(void) {
  std::unordered_map<fx_tensor*, int64_t> all;
  all.swap(held);
  for (auto& [h, n] : all)
    for (int64_t i = 0; i < n; ++i) fx::rt::Tensor::adopt(h);
}

}  // extern "C"

// What the heap parts of fluxion::Value hold (include/fluxion/value.hpp).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "fluxion/runtime/tensor.hpp"
#include "fluxion/value.hpp"

namespace fluxion::detail {

// An owned result tensor: contiguous, held by nobody else (so a host may even write into it).
struct TensorStorage {
  fx::rt::Tensor tensor;
  std::vector<int64_t> shape;
};

struct Aggregate {
  std::vector<Value> items;
  std::string struct_name;               // "" for a tuple
  std::vector<std::string> field_names;  // of a struct
};

fx::rt::DType runtime_dtype(DType dtype);
DType host_dtype(fx::rt::DType dtype);

template <class T>
const T& heap_as(const Value& v) {
  return *static_cast<const T*>(v.heap().get());
}

}  // namespace fluxion::detail

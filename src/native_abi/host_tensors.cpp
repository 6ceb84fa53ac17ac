// Tensors that cross an AOT library's C interface (docs/codegen.md "AOT libraries"): the host's
// arrays wrapped without a copy for the arguments, checked against the exported function's
// parameter types, and results handed over to the host as tensors of its own. None of these
// references is counted among those generated code holds (tensor_handles.hpp): the host owns
// them and gives each back with fx_rt_host_release.
#include <string>
#include <vector>

#include "fluxion/fx_rt.h"
#include "fluxion/runtime/convert.hpp"
#include "fluxion/runtime/dtype.hpp"
#include "fluxion/runtime/error.hpp"
#include "native_abi/tensor_handles.hpp"

namespace {

thread_local std::string refused;

const char* refuse(std::string message) {
  refused = std::move(message);
  return refused.c_str();
}

bool known_dtype(int32_t d) { return d == FX_F64 || d == FX_F32 || d == FX_I64 || d == FX_BOOL; }

std::string dtype_text(int32_t d) {
  return known_dtype(d) ? fx::rt::dtype_name(static_cast<fx::rt::DType>(d)) : "dtype " + std::to_string(d);
}

// "an f64 tensor", "a bool tensor": the runtime's words (tensor.cpp describe).
std::string a_tensor_of(int32_t dtype) { return std::string(dtype == FX_BOOL ? "a " : "an ") + dtype_text(dtype) + " tensor"; }

std::string described(const fx_tensor* t) { return a_tensor_of(t->dtype) + " of rank " + std::to_string(t->rank); }

// Why (dtype, data, rank, shape) cannot be wrapped; "" when it can.
std::string unwrappable(int32_t dtype, const void* data, int64_t rank, const int64_t* shape) {
  if (!known_dtype(dtype)) return "unknown dtype " + std::to_string(dtype) + " (FX_F64, FX_F32, FX_I64 or FX_BOOL)";
  if (rank < 0 || rank > FX_MAX_RANK)
    return "a tensor of rank " + std::to_string(rank) + " (from 0 to " + std::to_string(int(FX_MAX_RANK)) + " axes)";
  if (rank > 0 && !shape) return "a tensor of rank " + std::to_string(rank) + " needs its shape";
  int64_t n = 1;
  for (int64_t i = 0; i < rank; ++i) {
    if (shape[i] < 0) return "a negative extent " + std::to_string(shape[i]) + " on axis " + std::to_string(i);
    n *= shape[i];
  }
  if (!data && n != 0) return "a tensor of null data";
  return "";
}

}  // namespace

extern "C" {

fx_tensor* fx_rt_host_wrap(int32_t dtype, void* data, int64_t rank, const int64_t* shape) {
  std::string why = unwrappable(dtype, data, rank, shape);
  if (!why.empty()) {
    fx_rt_error_set(-1, ("cannot wrap the array: " + why).c_str());
    return nullptr;
  }
  try {
    fx::rt::Shape dims;
    for (int64_t i = 0; i < rank; ++i) dims.push_back(shape[i]);
    std::vector<int64_t> strides(static_cast<size_t>(rank));  // row-major, in elements
    for (int64_t i = rank, step = 1; i-- > 0;) {
      strides[static_cast<size_t>(i)] = step;
      step *= shape[i];
    }
    return fx::rt::Tensor::borrow(static_cast<fx::rt::DType>(dtype), data, dims, strides).release();
  } catch (const fx::rt::TensorError& e) {
    fx_rt_error_set(-1, ("cannot wrap the array: " + e.message).c_str());
  } catch (const std::exception& e) {
    fx_rt_error_set(-1, ("cannot wrap the array: " + std::string(e.what())).c_str());
  }
  return nullptr;
}

void fx_rt_host_release(const fx_tensor* t) {
  if (t) fx::rt::Tensor::adopt(const_cast<fx_tensor*>(t));  // dropped here
}

const char* fx_rt_check_argument(const fx_tensor* t, int32_t dtype, int64_t rank, const char* what) {
  if (!t) return refuse(std::string(what) + ": a tensor is needed, found NULL");
  if ((dtype >= 0 && t->dtype != dtype) || (rank >= 0 && t->rank != rank)) {
    std::string expected = dtype >= 0 ? a_tensor_of(dtype) : std::string("a tensor");
    if (rank >= 0) expected += " of rank " + std::to_string(rank);
    return refuse(std::string(what) + ": expected " + expected + ", found " + described(t));
  }
  return nullptr;
}

fx_tensor* fx_rt_tensor_to_host(fx_tensor* t) {
  fx::rt::Tensor result = fx::native_abi::take(t);
  // A result is the host's alone: never the host's own memory (an argument returned), a view
  // of another value, or a tensor something else still holds.
  if (result.is_borrowed() || !result.is_unique() || !result.is_contiguous()) {
    try {
      result = fx::rt::copy(result);
    } catch (...) {
      return nullptr;  // out of memory: the caller reports it
    }
  }
  return result.release();
}

}  // extern "C"

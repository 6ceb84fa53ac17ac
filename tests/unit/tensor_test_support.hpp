// Helpers shared by the tensor runtime's tests.
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "fluxion/runtime/runtime.hpp"

namespace fx::rt::testing {

// Runs `body` and expects a TensorError whose message contains `fragment`.
template <class F> void expect_error(F&& body, const std::string& fragment) {
  try {
    body();
    ADD_FAILURE() << "expected a TensorError containing \"" << fragment << "\"";
  } catch (const TensorError& e) {
    EXPECT_NE(e.message.find(fragment), std::string::npos) << "message: " << e.message;
  }
}

// Literal tensors of a given dtype from nested initialiser lists.
inline Tensor f64(NestedData d) { return astype(from_nested(d), DType::F64); }
inline Tensor i64(NestedData d) { return astype(from_nested(d), DType::I64); }
inline Tensor f32(NestedData d) { return astype(from_nested(d), DType::F32); }

}  // namespace fx::rt::testing

// Pieces of the .npy encoding shared by the .npy and .npz writers.
#pragma once
#include <string>
#include <string_view>

#include "fluxion/runtime/tensor.hpp"

namespace fx::rt::detail {

// Magic, version 1.0, header length and the padded dict: everything before the elements.
std::string npy_header(DType dtype, const Shape& shape);

// The elements of a contiguous tensor as bytes (a view of its storage, no copy).
std::string_view element_bytes(const Tensor& contiguous_tensor);

}  // namespace fx::rt::detail

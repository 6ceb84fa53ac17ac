// Printing tensors the way Fluxion's print does (LANGUAGE.md §9): nested lists as NumPy's
// tolist() would show them, floats in Python's repr form, ints plain, bools True/False.
#pragma once
#include <string>

#include "fluxion/runtime/scalar.hpp"
#include "fluxion/runtime/tensor.hpp"

namespace fx::rt {

// "[[1.0, 2.0], [3.0, 4.0]]"; a rank-0 tensor prints as its element ("2.5"); an empty axis "[]".
// f32 elements print with the shortest digits that read back as the same f32 ("0.1", not
// "0.10000000149011612").
std::string format(const Tensor& x);

}  // namespace fx::rt

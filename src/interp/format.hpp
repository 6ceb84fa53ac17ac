// Text of run-time values as `print` and `fluxion eval` show them (LANGUAGE.md §9).
#pragma once
#include <string>

#include "interp/value.hpp"

namespace fx::interp {

// Floats as Python's repr ("1.0", "0.1", "1e-05", "inf", "nan", "-0.0"), ints plain,
// "True"/"False", "None", strings as they are, tuples "(1.0, 2)" / "(1.0,)" / "()",
// structs "Linear(w=1.0, b=2.0)", variants "Node(Leaf(1), Leaf(2))" / "Empty",
// tensors as nested lists "[[1.0, 2.0], [3.0, 4.0]]" (a rank-0 tensor as its element),
// functions "<function NAME>", primitives "<builtin NAME>".
std::string format_value(const Value& v);

// A function's name as the user wrote it, for printing and messages: "lambda" for
// lambdas, otherwise the graph's name without the "[signature]" suffix that
// specialisation appends ("step[f64]" → "step").
std::string function_display_name(const ir::Graph& g);

// Appends format_value(v) to out.
void format_value_to(std::string& out, const Value& v);

}  // namespace fx::interp

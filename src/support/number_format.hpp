// Number formatting shared by the printer, the interpreter and diagnostics.
#pragma once
#include <string>

namespace fx {

// The shortest text that reads back as exactly `x`, laid out as Python's repr(float):
// positional for decimal exponents in [-4, 16) with ".0" when integral ("1.0", "0.1"),
// scientific otherwise ("1e-05", "2.5e-10", "1e+16"); "inf", "-inf", "nan".
std::string format_float(double x);

}  // namespace fx

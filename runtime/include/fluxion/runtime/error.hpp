// The one error type of the tensor runtime.
#pragma once
#include <string>

namespace fx::rt {

// Bad input to a runtime operation: incompatible shapes, an index out of range, a corrupt file,
// an allocation that cannot be satisfied. The message names the operation and the shapes or path
// involved; callers (the interpreter, generated code) attach a source location and report it.
struct TensorError {
  std::string message;
};

[[noreturn]] void tensor_error(std::string message);

}  // namespace fx::rt

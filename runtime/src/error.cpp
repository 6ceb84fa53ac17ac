#include "fluxion/runtime/error.hpp"

namespace fx::rt {

void tensor_error(std::string message) { throw TensorError{std::move(message)}; }

}  // namespace fx::rt

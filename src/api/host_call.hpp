// Host values to and from the slots of a native call (fx_call, codegen/host_slots.hpp): the
// host's side of the slot layout, following a HostShape (host_shape.hpp).
#pragma once
#include <functional>
#include <vector>

#include "api/convert.hpp"
#include "api/host_shape.hpp"
#include "fluxion/fx_rt.h"

namespace fluxion::detail {

// Writes the slots of argument `v` (already checked against the specialisation's type) from
// slots[next] on; its tensors go to `tensors` (their slots are filled by hand_tensors). `at`
// names the argument in an error (a bad tensor view); it is called only then.
void to_slots(const Value& v, const HostShape& shape, fx_slot* slots, size_t& next,
              std::vector<std::pair<size_t, fx::rt::Tensor>>& tensors, const std::function<ArgumentPlace()>& at);
// Hands the tensors' references to the call (native code counts them from now on).
void hand_tensors(fx_slot* slots, std::vector<std::pair<size_t, fx::rt::Tensor>>& tensors);

// The result read from `slots` from position `next` on (tensor references are adopted).
Value from_slots(const fx_slot* slots, size_t& next, const HostShape& shape);
// How many slots a value of this shape takes.
size_t slot_count(const HostShape& shape);

}  // namespace fluxion::detail

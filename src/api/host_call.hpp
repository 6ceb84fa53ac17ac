// Host values to and from the slots of a native call (fx_call, codegen/host_slots.hpp): the
// host's side of the slot layout, following a HostShape (host_shape.hpp).
#pragma once
#include <vector>

#include "api/convert.hpp"
#include "api/host_shape.hpp"
#include "fluxion/fx_rt.h"

namespace fluxion::detail {

// The slots of argument `v` (already checked against the specialisation's type), appended to
// `slots`; its tensors go to `tensors` (slots[k].t is filled by hand_tensors).
void to_slots(const Value& v, const HostShape& shape, std::vector<fx_slot>& slots,
              std::vector<std::pair<size_t, fx::rt::Tensor>>& tensors, const ArgumentPlace& at);
// Hands the tensors' references to the call (native code counts them from now on).
void hand_tensors(std::vector<fx_slot>& slots, std::vector<std::pair<size_t, fx::rt::Tensor>>& tensors);

// The result read from `slots` from position `next` on (tensor references are adopted).
Value from_slots(const fx_slot* slots, size_t& next, const HostShape& shape);
// How many slots a value of this shape takes.
size_t slot_count(const HostShape& shape);

}  // namespace fluxion::detail

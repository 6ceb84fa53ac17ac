// How a value crosses between an embedding host and native code (EmitOptions::host_call,
// docs/embedding.md "Which engine runs a call"): as a flat array of fx_slot (fx_rt.h), one
// slot per leaf of its type, in a fixed order that the emitter's fx_call and the host's
// conversion (src/api/host_call.cpp) both follow:
//   f64, i64, bool: one slot (.f64, .i64, .b); a tensor: one slot (.t, a counted reference);
//   None: no slot; a tuple: its items' slots in order; a struct: its fields' slots in the
//   order the struct declares them.
// Anything else (strings, enums, functions, f32 scalars) does not cross yet: Unsupported.
#pragma once
#include <string>
#include <vector>

#include "codegen/unsupported.hpp"
#include "types/annotation.hpp"
#include "types/type.hpp"

namespace fx::codegen {

struct HostLeaf {
  std::string path;          // how C reaches the leaf from the whole value: "", ".e1", ".x_.e0"
  const types::Type* type;   // F64, I64, Bool or Tensor
};

// The leaves of a value of type t, in slot order; Unsupported (at `loc`) for a type that
// cannot cross.
std::vector<HostLeaf> host_leaves(const types::Type* t, types::Annotations& annotations, SourceLoc loc);

// The member of fx_slot that holds a leaf of this type: "f64", "i64", "b" or "t".
const char* slot_member(const types::Type* leaf);

}  // namespace fx::codegen

// The shape of a parameter or result of a native host call: which slots (codegen/host_slots.hpp)
// its leaves take. Built once per specialisation, under the module's lock, so that calls read
// nothing of the compiler's state and run without the lock.
#pragma once
#include <vector>

#include "fluxion/value.hpp"
#include "ir/ir.hpp"
#include "types/annotation.hpp"
#include "types/type.hpp"

namespace fluxion::detail {

struct HostShape {
  enum class Kind { F64, I64, Bool, Tensor, None, Tuple, Struct } kind = Kind::None;
  std::vector<HostShape> items;                  // a tuple's items, a struct's fields (declared order)
  const fx::ir::StructDecl* decl = nullptr;      // of a struct
  DType dtype = DType::F64;                      // of a tensor
  int64_t rank = -1;                             // of a tensor (-1: unknown)
  bool scalar() const { return kind == Kind::F64 || kind == Kind::I64 || kind == Kind::Bool; }
};

// The shape of a value of type t (one that codegen::host_leaves accepts).
HostShape host_shape(const fx::types::Type* t, fx::types::Annotations& annotations);

// Does host value v have the type this shape was built from (as detail::type_of would type it)?
// What the lock-free path of Function::call checks; false sends the call the slow way, where
// the type checker reports what is wrong. `in_struct`: a host integer is accepted for an f64
// field, as type_of accepts it.
bool matches(const Value& v, const HostShape& shape, bool in_struct = false);

}  // namespace fluxion::detail

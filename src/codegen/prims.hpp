// The C emission of each primitive, registered once per family of src/ir/ops.def (docs/codegen.md
// "Primitives"). A primitive without an emission has a listed reason (not_emitted_reason), and
// the catalogue test (tests/unit/codegen_catalogue_test.cpp) holds every primitive to one or
// the other.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "codegen/c_types.hpp"
#include "codegen/operand_set.hpp"
#include "ir/ir.hpp"

namespace fx::codegen {

// What an emission sees of one Apply node of a primitive.
struct PrimSite {
  ir::Prim prim;
  const ir::Node* node;
  std::vector<std::string> args;               // C expressions of the operands
  std::vector<const types::Type*> arg_types;
  const types::Type* result;
  std::string loc;                             // the location id of the node, as C text
  std::string result_name;                     // the local the result goes to
  CTypes& types;
  // The operands that are owned values at their last use, handed over to the primitive (so
  // that a tensor nobody else holds is updated in place); the emitter then no longer releases them.
  OperandSet consumed = {};
  bool check_nan = false;  // --check-nan: the runtime examines the result (runtime_call)
  // list_push and list_empty of a counted loop's tape that only the loop extends (linear_tapes.hpp)
  bool linear_tape = false;
  // The env of a typed clone's closure value (C expression, type) as closure conversion orders
  // it: its captured values (borrowed) with their types. The emitter knows each closure type's
  // layout; zeros_like needs it for the zero of a closure that captured tensors (its
  // derivative is its env's, whose tensors give the zeros their shapes).
  std::function<std::vector<std::pair<std::string, const types::Type*>>(const std::string&, const types::Type*)>
      closure_env = nullptr;
};

// Statements to run first, then the expression of the result ("" for a None result).
struct Emitted {
  std::string statements;
  std::string value;
  bool borrowed = false;  // the value is made of the operands' parts: the result counts them again
};

using Emission = Emitted (*)(const PrimSite&);

// The emission of p, or null when it has none.
Emission emission_of(ir::Prim p);
// The emission of p at s: the scalar core with a tensor or f32 operand or result runs
// elementwise in the runtime (runtime_call); null when there is none.
Emission emission_at(ir::Prim p, const PrimSite& s);
// Why p has no emission here ("" when it has one): the emitter's own control flow, or a
// construct that runs in the interpreter for now.
std::string not_emitted_reason(ir::Prim p);

// The families' tables (prims_scalar.cpp, prims_structure.cpp, prims_effect.cpp, prims_ad.cpp).
struct FamilyEmissions {
  ir::PrimFamily family;
  std::vector<std::pair<ir::Prim, Emission>> emissions;
};
FamilyEmissions scalar_emissions();
FamilyEmissions structure_emissions();
FamilyEmissions effect_emissions();
FamilyEmissions ad_emissions();  // prims_ad.cpp
std::vector<FamilyEmissions> tensor_emissions();  // prims_tensor.cpp
// Every family's table.
std::vector<FamilyEmissions> all_emissions();

// Tensor primitives (prims_tensor.cpp): does s have a tensor (or f32) operand or result; and
// the emission of a primitive as a call of the runtime's fx_rt_apply, which evaluates it by the
// interpreter's code (the tensor families, the scalar core on tensors, clock()).
bool touches_tensors(const PrimSite& s);
Emitted runtime_call(const PrimSite& s);
// The fx_value of the C value `expr` of type t (an operand of fx_rt_apply or fx_rt_check_nan).
std::string fx_value_of(const PrimSite& s, const std::string& expr, const types::Type* t);

// f64 operand text: converts an i64 or bool operand.
std::string as_f64(const std::string& expr, const types::Type* t);

}  // namespace fx::codegen

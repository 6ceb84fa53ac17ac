// The registry of emissions: each family's table, gathered once; and the reasons a primitive
// has none.
#include "codegen/prims.hpp"

#include <array>

#include "codegen/elementwise_loops.hpp"

namespace fx::codegen {

namespace {

const std::array<Emission, ir::kPrimCount>& table() {
  static const std::array<Emission, ir::kPrimCount> all = [] {
    std::array<Emission, ir::kPrimCount> t{};
    for (const FamilyEmissions& family : all_emissions())
      for (const auto& [p, emission] : family.emissions)
        if (ir::prim_info(p).family == family.family) t[static_cast<size_t>(p)] = emission;
    return t;
  }();
  return all;
}

}  // namespace

std::vector<FamilyEmissions> all_emissions() {
  std::vector<FamilyEmissions> all{scalar_emissions(), structure_emissions(), effect_emissions(), ad_emissions()};
  for (FamilyEmissions& family : tensor_emissions()) all.push_back(std::move(family));
  return all;
}

Emission emission_of(ir::Prim p) { return table()[static_cast<size_t>(p)]; }

Emission emission_at(ir::Prim p, const PrimSite& s) {
  // str(x) of a tensor is its printed text, not an elementwise operation.
  if (ir::prim_info(p).family == ir::PrimFamily::SCALAR && p != ir::Prim::ToStr && touches_tensors(s))
    return in_place_site(s) ? elementwise_in_place : new_tensor_site(s) ? elementwise_new_tensor : runtime_call;
  return emission_of(p);
}

std::string not_emitted_reason(ir::Prim p) {
  if (emission_of(p)) return "";
  switch (p) {
    case ir::Prim::If:
    case ir::Prim::While:
    case ir::Prim::ClosureAt: return "control flow, written by the emitter (emitter.cpp)";
    case ir::Prim::MakeClosure:
    case ir::Prim::ClosureEnv:
    case ir::Prim::ClosureIs: return "closures of derivative code, written by the emitter (emitter.cpp)";
    case ir::Prim::Fused: return "a loop written by the emitter (fused_loop.cpp)";
    case ir::Prim::TreeMap: return "tree_map with a function that neither the specialiser nor the emitter writes out";
    default: break;
  }
  switch (ir::prim_info(p).family) {
    case ir::PrimFamily::TENSOR_CONSTRUCT:
    case ir::PrimFamily::TENSOR_INDEX:
    case ir::PrimFamily::TENSOR_COMPUTE:
    case ir::PrimFamily::TENSOR_FILES:
    case ir::PrimFamily::TENSOR_ADJOINT:
    case ir::PrimFamily::AD_OPERATOR:
    case ir::PrimFamily::AD_INTERNAL:  // jfn, tfn and the operators: the expansion replaces them
      return "derivatives that were not expanded ahead of time";
    case ir::PrimFamily::SCALAR:
    case ir::PrimFamily::STRUCTURE:
    case ir::PrimFamily::CONTROL:
    case ir::PrimFamily::EFFECT: break;
  }
  return "";
}

}  // namespace fx::codegen

// Every primitive of ops.def has a C emission or a listed reason why it has none, and each
// emission is registered under the family ops.def gives its primitive.
#include <gtest/gtest.h>

#include "codegen/prims.hpp"

namespace fx::codegen {
namespace {

TEST(CodegenCatalogue, EveryPrimitiveHasAnEmissionOrAReason) {
  for (int i = 0; i < ir::kPrimCount; ++i) {
    auto p = static_cast<ir::Prim>(i);
    bool emitted = emission_of(p) != nullptr;
    std::string reason = not_emitted_reason(p);
    EXPECT_TRUE(emitted || !reason.empty()) << ir::prim_name(p) << " has neither a C emission nor a reason";
    EXPECT_FALSE(emitted && !reason.empty()) << ir::prim_name(p) << " has an emission and a reason not to";
  }
}

TEST(CodegenCatalogue, EmissionsAreRegisteredUnderTheirFamily) {
  for (const FamilyEmissions& family : all_emissions())
    for (const auto& [p, emission] : family.emissions)
      EXPECT_EQ(ir::prim_info(p).family, family.family) << ir::prim_name(p) << " is listed in another family's table";
}

TEST(CodegenCatalogue, TheScalarCoreIsEmitted) {
  for (int i = 0; i < ir::kPrimCount; ++i) {
    auto p = static_cast<ir::Prim>(i);
    if (ir::prim_info(p).family == ir::PrimFamily::STRUCTURE) {
      EXPECT_NE(emission_of(p), nullptr) << ir::prim_name(p);
    }
  }
  EXPECT_NE(emission_of(ir::Prim::Add), nullptr);
  EXPECT_NE(emission_of(ir::Prim::MatMul), nullptr);
  EXPECT_NE(emission_of(ir::Prim::Print), nullptr);
}

TEST(CodegenCatalogue, EveryTensorPrimitiveIsEmitted) {
  for (int i = 0; i < ir::kPrimCount; ++i) {
    auto p = static_cast<ir::Prim>(i);
    switch (ir::prim_info(p).family) {
      case ir::PrimFamily::TENSOR_CONSTRUCT:
      case ir::PrimFamily::TENSOR_INDEX:
      case ir::PrimFamily::TENSOR_COMPUTE:
      case ir::PrimFamily::TENSOR_FILES:
      case ir::PrimFamily::TENSOR_ADJOINT: EXPECT_NE(emission_of(p), nullptr) << ir::prim_name(p); break;
      default: break;
    }
  }
}

}  // namespace
}  // namespace fx::codegen

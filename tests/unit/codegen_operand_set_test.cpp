// The record of which operands a node hands over to its primitive (codegen/operand_set.hpp):
// every position is its own, however many operands a node has (a pullback's env after
// inlining is one make_tuple of 65 values in bundle adjustment's Jacobian), and only the
// runtime's 64-bit mask has a limit, which is reported, never wrapped.
#include <gtest/gtest.h>

#include "codegen/operand_set.hpp"

namespace fx::codegen {
namespace {

TEST(CodegenOperandSet, PositionsPastSixtyFourAreTheirOwn) {
  OperandSet s;
  s.insert(0);
  // A 64-bit mask read as `mask >> i & 1` answered bit i mod 64 on x86: 64 and 128 as 0.
  EXPECT_TRUE(s.contains(0));
  EXPECT_FALSE(s.contains(64));
  EXPECT_FALSE(s.contains(128));
  s.insert(64);
  EXPECT_TRUE(s.contains(64));
  EXPECT_FALSE(s.contains(63));
  EXPECT_FALSE(s.contains(65));
  EXPECT_FALSE(s.contains(1000));
}

TEST(CodegenOperandSet, EmptyUntilAPositionIsInserted) {
  OperandSet s;
  EXPECT_TRUE(s.empty());
  s.insert(70);
  EXPECT_FALSE(s.empty());
  EXPECT_TRUE(s.contains(70));
}

TEST(CodegenOperandSet, ShiftedMovesEveryPosition) {
  OperandSet s;
  s.insert(0);
  s.insert(63);
  const OperandSet t = s.shifted(1);
  EXPECT_FALSE(t.contains(0));
  EXPECT_TRUE(t.contains(1));
  EXPECT_TRUE(t.contains(64));  // past the width of a 64-bit mask: kept, not dropped
}

TEST(CodegenOperandSet, RuntimeMaskHasBitIForOperandI) {
  OperandSet s;
  EXPECT_EQ(s.runtime_mask(), 0u);
  s.insert(0);
  s.insert(63);
  EXPECT_EQ(s.runtime_mask(), (uint64_t{1} << 63) | 1u);
}

TEST(CodegenOperandSet, RuntimeMaskRefusesAPositionItCannotHold) {
  OperandSet s;
  s.insert(64);
  EXPECT_THROW(s.runtime_mask(), InternalError);
}

}  // namespace
}  // namespace fx::codegen

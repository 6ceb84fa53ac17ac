// Where type errors about an operand point. The IR keeps one location per node (where it
// was computed), not where each use of it was written, so an error about an operand uses
// the operand's own location only when it was evaluated right there: a literal, or an
// expression on the same line after the start of the node. Otherwise the error points at
// the node itself (a call's `(`, an operator, the `.` of a field access).
#pragma once

#include "ir/ir.hpp"

namespace fx::types {

// Operand `operand` of node `n`: its location when written at this use, else n's.
SourceLoc operand_loc(const ir::Node* n, const ir::Node* operand);

}  // namespace fx::types

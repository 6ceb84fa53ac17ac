// Which nodes a pass may drop or move: those whose only effect is their value. ops.def's PURE
// flag says "no side effect", but a pure primitive can still fail at run time (an integer
// division by zero, an index out of range, shapes that do not broadcast), and the program's
// error, at its located node, is observable (tests/errors pin the exact messages). So a node
// is removable only when it is pure *and* cannot fail for its operands' types.
#pragma once
#include "ir/ir.hpp"

namespace fx::opt {

// May n be deleted when unused, or computed where it was not (hoisted out of a loop that may
// run zero times)? With check_nan (--check-nan), making a nan is an error too, so floating
// operations are not removable.
bool is_removable(const ir::Node* n, bool check_nan);

// May n be deleted when unused (but not moved)? Also when only its primal guarantees that it
// cannot fail (ir::Node::follows_primal): derivative code whose primal ran, which a pass may
// not hoist to where that primal has not run (a loop that runs zero times).
bool may_delete_unused(const ir::Node* n, bool check_nan);

}  // namespace fx::opt

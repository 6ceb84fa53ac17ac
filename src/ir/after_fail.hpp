// Code after a `fail`: the expansion puts a `fail(message)` where a derivative cannot be built
// (a primitive without derivative rules, docs/ad.md), and evaluating it stops the program with
// that located error. What reads its value, directly or through other such nodes, is never
// reached: expand/value_types.cpp types it Bottom and the C emitter writes nothing for it.
// (Type Bottom alone does not say so: `undef`, a variable not assigned yet, has it and is read.)
#pragma once
#include <unordered_map>

#include "ir/ir.hpp"

namespace fx::ir {

// `memo` holds the answers so far of diverges (for one unchanged program).
using DivergeMemo = std::unordered_map<const Node*, bool>;

// Does evaluating x never give a value? A `fail`, a node that reads such a value, or a call of
// a graph that returns one (the call runs, and the fail in it stops the program).
bool diverges(const Node* x, DivergeMemo& memo);

// Is n never evaluated: does it read the value of a node that diverges?
bool after_a_fail(const Node* n, DivergeMemo& memo);

}  // namespace fx::ir

// Bounds on the work type inference may do, so that a pathological program gets a
// located error instead of running forever or exhausting the stack.
#pragma once
#include <cstddef>

namespace fx::types {

struct InferenceLimits {
  // Distinct argument-type signatures of one graph within one parent context
  // ("too many specialisations of f"): catches recursion whose argument types grow.
  size_t max_specialisations = 64;
  // Specialisations in the whole program.
  size_t max_total_specialisations = 100000;
  // Specialisations being inferred inside one another at once (the inferrer recurses
  // once per nested call; the CLI runs it on a large stack).
  size_t max_depth = 10000;
  // Rounds of the fixpoint iteration of a recursive function's result type.
  size_t max_recursion_rounds = 16;
  // Rounds of the fixpoint iteration of a loop's state type.
  size_t max_loop_rounds = 32;
  // Node evaluations in all (fixpoints re-evaluate bodies).
  size_t max_steps = 20000000;
};

}  // namespace fx::types

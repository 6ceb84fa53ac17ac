// What every pass of the optimiser gets, and the signature of a pass. Each pass lives in its
// own file and is listed, with the reason for its position, in pipeline.cpp.
#pragma once
#include <unordered_map>
#include <vector>

#include "ir/ir.hpp"
#include "opt/optimiser.hpp"
#include "types/checker.hpp"
#include "types/type.hpp"

namespace fx::opt {

struct PassContext {
  ir::Module& module;
  types::TypeChecker& checker;
  types::TypeStore& store;
  const OptOptions& options;
};

// A pass rewrites the typed clones of ctx.module and says whether it changed anything.
using PassFn = bool (*)(PassContext& ctx);

bool inline_calls(PassContext& ctx);            // inline_calls.cpp
bool resolve_known_calls(PassContext& ctx);     // known_calls.cpp
bool project_constructors(PassContext& ctx);    // project_constructors.cpp
bool rebuild_structs(PassContext& ctx);         // rebuilt_structs.cpp
bool sum_tangents(PassContext& ctx);            // tangent_sums.cpp
bool start_loop_accumulators(PassContext& ctx);  // loop_accumulators.cpp
bool thread_recursive_accumulators(PassContext& ctx);  // recursive_accumulators.cpp
bool take_apart_zeros(PassContext& ctx);         // zero_parts.cpp
bool fold_constants(PassContext& ctx);          // fold_constants.cpp
bool apply_identities(PassContext& ctx);        // algebraic_identities.cpp
bool apply_shaped_identities(PassContext& ctx);  // shaped_identities.cpp
bool add_shaped_tangents(PassContext& ctx);     // shaped_identities.cpp
bool simplify_matmul_adjoints(PassContext& ctx);  // matmul_adjoints.cpp
bool refine_extents(PassContext& ctx);          // refined_extents.cpp
bool fold_known_extents(PassContext& ctx);      // known_extents.cpp
bool simplify_one_hot_products(PassContext& ctx);  // one_hot_products.cpp
bool drop_checked_counter_reads(PassContext& ctx);  // loop_counters.cpp
bool simplify_loop_env_checks(PassContext& ctx);  // loop_env_checks.cpp
bool lift_loop_env_chains(PassContext& ctx);    // loop_env_chains.cpp
bool version_loops(PassContext& ctx);           // loop_versions.cpp
bool eliminate_common_subexpressions(PassContext& ctx);  // common_subexpressions.cpp
bool hoist_loop_invariants(PassContext& ctx);   // hoist_loop_invariants.cpp
bool drop_invariant_residuals(PassContext& ctx);  // invariant_residuals.cpp
bool normalise_row_loops(PassContext& ctx);     // row_loops.cpp
bool peel_one_trip_loops(PassContext& ctx);     // one_trip_loops.cpp
bool drop_dead_results(PassContext& ctx);       // dead_results.cpp
bool eliminate_dead_code(PassContext& ctx);     // dead_code.cpp
bool eliminate_dead_graphs(PassContext& ctx);   // dead_graphs.cpp
bool defunctionalise_branches(PassContext& ctx);  // branch_closures.cpp
bool accumulate_products(PassContext& ctx);     // matmul_accumulate.cpp
bool fuse_elementwise(PassContext& ctx);        // fuse_elementwise.cpp

}  // namespace fx::opt

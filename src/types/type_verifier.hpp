// The type-checking verifier of the typed program: run after specialisation (and after every
// stage that keeps types), it checks that the types on the typed clones agree with each
// other, independently of how inference reached them:
//  * every parameter and Apply node of a clone has a type;
//  * a primitive application has the type its rule (prim_rules.hpp) gives for its operands'
//    types — the rule is applied again here;
//  * a direct call of a clone passes arguments that fit the clone's parameters, and has the
//    type of the clone's output; so has a call through closure_at(f, @clone) of one clone;
//  * closure_at lists clones of the function its operand's type names.
// A disagreement is an internal compiler error naming the stage, the graph and the node.
// Primitives that call function values (if, while, tree_map, jvp, vjp, grad_hook) are typed
// by the inferrer from the calls it made: their results are checked where those calls are.
#pragma once
#include <string>
#include <vector>

#include "ir/ir.hpp"
#include "types/annotation.hpp"
#include "types/type.hpp"

namespace fx::types {

// What the expansion of derivatives (src/expand) has left in the program, which decides what
// can be checked. Said by the caller, who knows which stage just ran; `stage` only names it.
enum class ExpansionNodes {
  // Every node of a clone has a type. The graphs the AD transforms built are checked while
  // the optimiser rewrites them (Graph::origin is the graph itself), without the rules of the
  // AD-internal primitives: their values are typed by structure (expand/value_types.hpp).
  Typed,
  // Right after expand_derivatives: the clones hold the expansion's untyped nodes (derived
  // functions' envs, the closures of the codes it built and the calls of them), which are let
  // through, and every graph it built is checked, AD-internal primitives included.
  JustExpanded,
};

// Checks every typed clone of m (Graph::origin set); throws InternalError after `stage`. No
// default for `nodes`: a caller that just expanded derivatives must say so (the verifier once
// recognised that stage by its name, which a caller could misspell without a sign).
void verify_types(const ir::Module& m, TypeStore& store, Annotations& annotations, const std::string& stage,
                  ExpansionNodes nodes);

// Would these graphs (generated ones, which the optimiser may inline into a typed clone) pass
// the checks of a typed clone's nodes, with the user-facing type rules? Derivative code may
// apply a primitive where only the generated rules (generated_typing.hpp) type it.
bool holds_as_clone(const std::vector<const ir::Graph*>& graphs, TypeStore& store, Annotations& annotations);

}  // namespace fx::types

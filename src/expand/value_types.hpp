// The types of the expanded program's values, for native code (docs/codegen.md "Derivatives").
//
// The expansion (expander.hpp) types the arithmetic it builds, but not the values the AD
// transforms move around: the parameters of the graphs it builds, closures made by
// make_closure, the pullback stacks of loops, and the env tuples that stand for derived
// functions. The interpreter needs none of those types; the C emitter needs all of them. So,
// after the expansion, this pass gives every node reachable from the entry a type, by
// abstract interpretation over types until nothing changes:
//   - a graph the expansion built gets, for each parameter, the join of what its call sites
//     pass (a generated graph is specialised per static signature, so its callers agree up to
//     a stack that is still empty, List[Bottom], at the first iteration of a loop);
//   - make_closure(@code, env) is an Explicit type (code, env's type), closure_env its env,
//     list_* a List, zeros_like/add_tangent their tangent space, a while loop's state the join
//     of its initial value and what its body returns;
//   - a derived function value is its env tuple (as in the interpreter's expanded mode), so
//     typed-clone nodes whose checker type names a derived function take their env's type;
//   - tuples of different lengths (the env tangents of one of several pullbacks) join to a
//     union of them, whose elements a tuple_get reads by tag; what reads a `fail`'s value is
//     never reached and typed Bottom (ir/after_fail.hpp); a primitive whose operands' known
//     extents break its rule is typed with them forgotten (it fails when it runs);
//   - a code whose closures hold closures that the same make_closure node made (a recursion's
//     pullback) is recursive: its closures get the named type Recursive(code), whose env's
//     type the store keeps and widens, so that the types of a recursion settle; closures of
//     the code made by other nodes (the same pullback code at several orders of a derivative
//     of a derivative) nest finitely and keep their Explicit types.
// The dead closures and tuples the transforms leave in generated graphs are removed first.
// What it cannot type is reported as codegen::Unsupported (the driver then runs the expanded
// program in the interpreter).
#pragma once
#include <functional>
#include <vector>

#include "ad/context.hpp"
#include "ir/ir.hpp"
#include "types/generated_typing.hpp"
#include "types/type.hpp"

namespace fx::expand {

// Types every node reachable from the entries and from the typed clones among `roots` (the
// expanded program, Expander::graphs()); throws codegen::Unsupported for what it cannot type.
// Returns the generated graphs it typed (what the optimiser may then rewrite). `code_of`
// says which code a function value is known to be, where its type is one of several (the
// expansion's dispatch cases: Expander::code_of).
using KnownCode = std::function<const ir::Graph*(const ir::Node*)>;

// What closure_at node `at` makes of a function of type t: a converted closure of a typed
// clone (code = cc(clone)) becomes the conversion of the listed sibling clone, with the same
// env; any other function stays t. (A union of functions is switched member by member.)
const types::Type* closure_at_member(ad::Context& cx, types::TypeStore& store, const ir::Node* at,
                                     const types::Type* t);
std::vector<ir::Graph*> type_values(ir::Module& m, ad::Context& cx, types::TypeStore& store,
                                    types::Annotations& annotations, const std::vector<ir::Graph*>& entries,
                                    const std::vector<const ir::Graph*>& roots, KnownCode code_of = nullptr);

}  // namespace fx::expand

// Builds the typed IR: one clone of a graph per inferred context, every node typed.
//
// Starting from an entry context, every context reachable through the calls recorded by
// inference (callees, `if` branches, the final `while` condition and body) is cloned;
// nested graphs are cloned for their context, with `parent` set to the clone of the
// parent context, so free variables refer to the parent clone's nodes.
//
// Graph constants in a clone point at the clone of the matching context:
//  * a constant called directly, or passed to `if`/`while`, has exactly one context: its
//    clone;
//  * a graph used as a *value* (returned, stored, passed on) may be called elsewhere with
//    one or several signatures. With one, the constant points at that clone. With several
//    the constant points at the first one inferred that a derivative operator calls, else the
//    first one, and the others are recorded as a SharedClosure; each call of the value then
//    names the clone it needs: closure_at(f, @clone...) (resolve_function_values), so the
//    interpreter runs, and AD differentiates, the clone typed for that call. With none (a
//    closure that is never called), it points at a clone inferred with unknown (Bottom) or
//    annotated parameter types.
#pragma once
#include <map>
#include <unordered_map>
#include <vector>

#include "types/inferrer.hpp"

namespace fx::types {

struct SharedClosure {
  ir::Node* constant = nullptr;           // the graph constant in a clone
  std::vector<ir::Graph*> other_clones;   // clones of the same closure for other signatures
};

class Specialiser {
 public:
  Specialiser(ir::Module& m, Inferrer& inferrer) : module_(m), inferrer_(inferrer) {}

  // The clone of the (final) entry context, creating every clone reachable from it.
  ir::Graph* clone(const Context* entry);

  const Context* context_of(const ir::Graph* clone) const;
  const std::vector<SharedClosure>& shared_closures() const { return shared_; }
  // The clones that Apply node `call` of a clone may call (empty for primitives).
  std::vector<ir::Graph*> call_targets(const ir::Node* call) const;
  void copy_call_targets(const ir::Node* call, const ir::Node* copy);

 private:
  void discover(const Context* root);
  ir::Graph* shell(const Context* ctx);
  void fill(const Context* ctx);
  // A call of a known function with keyword arguments or left-out defaults becomes a call by
  // position, the defaults as constants: later passes (AD, the interpreter, the C back end) see
  // every argument in parameter order.
  void bind_by_position(const Context* ctx, const Record& rec, const ir::Node* n, std::vector<ir::Node*>& inputs,
                        std::vector<SourceLoc>& arg_locs, std::vector<std::string>& keywords);
  // tree_map(f, x, y...) with f a function of the program, written out as the code it stands
  // for (null when f is something else: a primitive, a derived function, one of several).
  ir::Node* expand_tree_map(const Context* ctx, const Record& rec, const ir::Node* n, ir::Graph* c,
                            const std::vector<ir::Node*>& inputs);
  void resolve_function_values(const Context* ctx, const Record& rec, const ir::Node* n, ir::Graph* c,
                               std::vector<ir::Node*>& inputs);
  void resolve_tuple_index(const Context* ctx, const ir::Node* n, std::vector<ir::Node*>& inputs,
                           std::vector<SourceLoc>& arg_locs);
  ir::Node* map_value(const Context* ctx, const Record& rec, const ir::Node* v, const ir::Node* user,
                      size_t index);
  const Context* closure_target(const Context* ctx, const Record& rec, const ir::Node* constant,
                                const ir::Node* user, size_t index, std::vector<const Context*>* others);

  ir::Module& module_;
  Inferrer& inferrer_;
  std::unordered_map<const Context*, ir::Graph*> clones_;
  std::unordered_map<const ir::Graph*, const Context*> context_of_clone_;
  std::unordered_map<const Context*, std::unordered_map<const ir::Node*, ir::Node*>> node_maps_;
  // Contexts reached by calls, per closure value (graph, parent context), in discovery order.
  std::map<std::pair<const ir::Graph*, const Context*>, std::vector<const Context*>> calls_of_;
  std::vector<const Context*> to_fill_;
  std::unordered_map<const ir::Node*, std::vector<ir::Graph*>> call_targets_;
  std::vector<SharedClosure> shared_;
};

}  // namespace fx::types

// Where generated code hands a value over instead of counting one more holder (docs/codegen.md
// "Ownership"), so that a tensor nobody else holds reaches set_index or rows_append with a
// count of 1 and is updated in place, as in the interpreter (src/interp/last_use.hpp):
//  * a while loop moves its state into the body, which owns its parameter and releases it
//    (a body named by loops alone: a graph constant, or a converted closure made for loops
//    alone, whose code takes its env first and the state last; two derivatives of one function
//    share their loops' bodies, and each loop hands its state over alike);
//  * a graph that takes accumulators (ir::Graph::owns_last_param, opt/recursive_accumulators.cpp)
//    owns its last parameter likewise: a direct call hands over its last argument, and an `if`
//    whose branch codes take them takes both closures (make_closure taking its env) and runs
//    one after releasing the other, so that the accumulators are held once;
//  * a tuple_get of an owned tuple takes the element out of it ("steals": no new count, and
//    the tuple's release skips the element), when the tuple is read only by one tuple_get per
//    element: the body's state, and any tuple the function owns, such as an element taken
//    out of the state (a loop's accumulator of cotangents, a tuple of tensors);
//  * set_index and rows_append take their tensor operand, list_push and list_pop their stack, and
//    make_tuple an element of the tuple's own type, when it is an owned value at its last read:
//    no later node of the graph reads it, it is not the graph's output, and no nested graph
//    reads it (a graph a node calls or makes a closure of reads it when that node runs);
//  * a tuple_get or a struct field of a borrowed value (a parameter the graph does not own, a
//    value of an enclosing graph, or such a part of one) borrows the part too: the holder of
//    the whole keeps it alive while the graph runs, so it is neither counted nor released.
//    A loop's backward pass reads its environment and stack this way at every iteration.
#pragma once
#include <cstdint>
#include <set>
#include <unordered_map>
#include <vector>

#include "codegen/free_vars.hpp"
#include "codegen/operand_set.hpp"
#include "ir/ir.hpp"

namespace fx::codegen {

class Handovers {
 public:
  Handovers(const std::vector<const ir::Graph*>& graphs, const FreeVariables& fvs);

  // Does g own its last parameter (the state of the while loop whose body it is, or the
  // accumulators of a graph with owns_last_param)?
  bool owns_state(const ir::Graph* g) const { return owned_state_.count(g) != 0; }
  // Does tuple_get node n take its element out of the owned tuple it reads?
  bool steals(const ir::Node* n) const { return stealing_.count(n) != 0; }
  // The elements of the owned tuple x (an owned state parameter, or a node of the body) that
  // its tuple_gets take out.
  const std::set<int64_t>& stolen(const ir::Node* x) const;
  // The operands of n handed over to its primitive.
  const OperandSet& consumed(const ir::Node* n) const;
  // Does tuple_get/get_attr node n borrow its part of a borrowed value (not counted, not released)?
  bool borrows(const ir::Node* n) const { return borrowing_.count(n) != 0; }
  // Is the value of node x handed over (so that its graph does not release it)?
  bool handed_over(const ir::Node* x) const { return handed_over_.count(x) != 0; }

 private:
  void analyse(const ir::Graph* g, const FreeVariables& fvs);
  void borrow_parts(const ir::Graph* g);
  void take(const ir::Node* n, size_t operand, const ir::Node* x);
  void steal_elements(const ir::Node* tuple, const ir::Graph* g, const std::set<const ir::Node*>& captured);

  std::set<const ir::Graph*> owned_state_;
  std::set<const ir::Node*> stealing_;
  std::set<const ir::Node*> borrowing_;
  std::unordered_map<const ir::Node*, std::set<int64_t>> stolen_;
  std::unordered_map<const ir::Node*, OperandSet> consumed_;
  std::set<const ir::Node*> handed_over_;
};

}  // namespace fx::codegen

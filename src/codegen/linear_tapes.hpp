// Counted loops whose tape only the loop's own body extends, once per iteration (docs/codegen.md
// "Linear tapes"). A stack is shared by its holders, so a push must check that it is its
// array's top and that the array has room, and record the new top in the array's header
// (c_types.cpp, push). In reverse mode's counted loop none of that can fail: the tape is made
// for the loop alone with room for its `trips` iterations, and each iteration pushes onto what
// the last one pushed. Reading and writing the header at every iteration is what made the
// taping loop of bench/overhead/loop.fx slow down by half at times (bench/SHORTFALLS.md), so
// such a push is a store and an increment, and the header's top is written once, after the loop.
#pragma once
#include <map>
#include <set>
#include <vector>

#include "codegen/handovers.hpp"
#include "ir/ir.hpp"

namespace fx::codegen {

struct LinearTapes {
  std::set<const ir::Node*> tapes;   // list_empty(trips) laid out for exactly trips entries
  std::set<const ir::Node*> pushes;  // the list_push of each, in its loop's body
  // Each while loop with such tapes: the elements of its state that hold one (their header's
  // top is written when the loop ends).
  std::map<const ir::Node*, std::vector<size_t>> loops;
};

// The tapes of the counted loops in graphs (all the program's code) that are pushed linearly:
//  * the loop is `while(cond, body, make_tuple(..., list_empty(trips), ...), trips)`, with the
//    same trips node, and the list_empty and the tuple are read by the loop alone;
//  * the body is named by this loop alone and owns its state (handovers.hpp); it reads the
//    tape's element of the state once, by a list_push that takes it, whose result is read only
//    as the same element of the tuple the body returns;
//  * the condition does not read that element.
LinearTapes find_linear_tapes(const std::vector<const ir::Graph*>& graphs, const Handovers& handovers);

}  // namespace fx::codegen

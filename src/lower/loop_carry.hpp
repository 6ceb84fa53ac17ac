// Which variables assigned in a loop must travel in the loop's state tuple.
//
// A variable assigned in the loop body is carried when its value can be observed across
// the loop boundary: it is read outside the loop body (after the loop, in the condition,
// in an enclosing loop's next iteration, by a def after the loop), or some path through
// the body reads it before assigning it (and so sees the previous iteration's value).
// Leaving the others out — temporaries of one iteration, closures defined and called
// within it — keeps the state small and its types simple.
#pragma once
#include <map>
#include <string>

#include "syntax/ast.hpp"

namespace fx::lower {

class LoopCarry {
 public:
  // `function_reads`: read counts over the whole enclosing function (count_reads).
  LoopCarry(const ast::Block& body, const std::map<std::string, int>& function_reads);

  bool read_outside(const std::string& var) const;
  // Is there a path from the start of the body that reads var before assigning it?
  bool read_before_assigned(const std::string& var) const;

  bool needed(const std::string& var) const { return read_outside(var) || read_before_assigned(var); }

 private:
  const ast::Block& body_;
  const std::map<std::string, int>& function_reads_;
  std::map<std::string, int> body_reads_;
};

}  // namespace fx::lower

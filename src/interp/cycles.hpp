// The interpreter's cycle collector (internal to src/interp/; machine.hpp "Reference cycles").
//
// Values are reference-counted, and only frames are written after they are made, so every
// reference cycle runs through a frame slot and comes back to that frame through a closure's
// environment: `f = lambda ...` made in a loop body or an `if` branch and stored in a slot of
// the enclosing function's frame, which the closure's environment has as an ancestor.
// Counting alone never frees such a cycle.
//
// Every frame that becomes a closure's environment is tracked (an intrusive list it leaves
// when it dies), so each cycle contains a tracked frame. collect() is trial deletion over
// what the tracked frames reach: subtract the references those objects hold to each other
// from their counts; whatever keeps a count above that (a reference from outside: the C++
// stack, a running activation, a value returned to the caller) is live, and so is all it
// reaches. The frames left over are held by cycles alone: their slots and parent links are
// cleared, and counting frees the rest. Nothing reachable is touched, so semantics do not
// change; the cost is one walk over what the tracked frames still reach, paid when a
// top-level call returns (normally or by an error), usually over an empty list.
#pragma once
#include "interp/value.hpp"

namespace fx::interp {

class Cycles {
 public:
  Cycles() = default;
  Cycles(const Cycles&) = delete;
  Cycles& operator=(const Cycles&) = delete;
  // Collects, then forgets the tracked frames still alive: values the caller holds (a
  // closure returned by call_graph) may outlive the machine.
  ~Cycles();

  // Frame f became the environment of a closure.
  void track(Frame* f) noexcept {
    if (f->prev_tracked_) return;
    f->next_tracked_ = head_;
    if (head_) head_->prev_tracked_ = &f->next_tracked_;
    f->prev_tracked_ = &head_;
    head_ = f;
  }
  // Frees every object that only reference cycles keep alive. Must not run while a raw
  // pointer is the only thing keeping an object reachable (the machine calls it when no
  // evaluation is in progress).
  void collect() noexcept;

 private:
  Frame* head_ = nullptr;
};

}  // namespace fx::interp

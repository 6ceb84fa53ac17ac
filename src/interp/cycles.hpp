// The interpreter's cycle collector (internal to src/interp/; machine.hpp "Reference cycles").
//
// Values are reference-counted, and only frames are written after they are made, so every
// reference cycle runs through a frame slot and comes back to that frame through a closure's
// environment: `f = lambda ...` made in a loop body or an `if` branch and stored in a slot of
// the enclosing function's frame, which the closure's environment has as an ancestor.
// Counting alone never frees such a cycle.
//
// Every frame that becomes a closure's environment is tracked (a list per thread, which a
// frame leaves when it dies), so each cycle contains a tracked frame. collect() is trial
// deletion over what the tracked frames reach: subtract the references those objects hold to
// each other from their counts; whatever keeps a count above that (a reference from outside:
// the C++ stack, a running activation, a value returned to the caller) is live, and so is all
// it reaches. The frames left over are held by cycles alone: their slots and parent links are
// cleared, and counting frees the rest. Nothing reachable is touched, so semantics do not
// change; the cost is one walk over what the tracked frames still reach, paid when a
// top-level call returns (normally or by an error), usually over an empty list.
//
// The list is per thread, not per machine: a closure returned to the caller (call_graph's
// result, `fluxion eval`) may outlive its machine and be dropped later; the next collection
// on the thread, or the one when the thread ends, frees its cycles then.
#pragma once
#include "interp/value.hpp"

namespace fx::interp {

class Cycles {
 public:
  // Frame f became the environment of a closure.
  static void track(Frame* f) noexcept {
    if (f->prev_tracked_) return;
    f->next_tracked_ = head_;
    if (head_) head_->prev_tracked_ = &f->next_tracked_;
    f->prev_tracked_ = &head_;
    head_ = f;
  }
  // Frees every object on this thread that only reference cycles keep alive. Must not run
  // while a raw pointer is all that keeps an object reachable: the machine calls it when its
  // outermost call has returned.
  static void collect() noexcept;
  // Arranges a last collection when this thread ends (idempotent, cheap).
  static void collect_at_thread_exit() noexcept;

 private:
  friend struct ThreadExit;
  static void forget() noexcept;  // empties the list, leaving its frames alone
  static constinit thread_local Frame* head_;
};

}  // namespace fx::interp

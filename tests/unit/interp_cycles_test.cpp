// Unit tests of the interpreter's cycle collector (src/interp/cycles.hpp): frames and
// closures that hold each other are freed by Cycles::collect, and nothing still reachable from
// outside is touched. A string value stands in for a frame's contents: the copy the test keeps
// is its sole owner again exactly when the frame holding the other reference was freed.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "interp/cycles.hpp"
#include "interp/value.hpp"
#include "ir/ir.hpp"

namespace {

using fx::interp::Cycles;
using fx::interp::Frame;
using fx::interp::Ref;
using fx::interp::Value;

// A graph whose frames have `slots` slots (only the frame size matters here).
struct FakeGraph {
  explicit FakeGraph(size_t slots, const char* name) {
    graph.name = name;
    graph.body.assign(slots, nullptr);
  }
  fx::ir::Graph graph;
};

struct CyclesTest : ::testing::Test {
  FakeGraph main{2, "main"};
  FakeGraph body{1, "body"};
  FakeGraph lambda{0, "lambda"};
  Value payload = Value::str("payload");

  // A closure made in a frame `env`, as the evaluator makes one (machine.hpp).
  Value closure_over(const Ref<Frame>& env) {
    Cycles::track(env.get());
    return Value::closure(&lambda.graph, env);
  }
  // main's frame holds the payload and, in its other slot, `link(closure over a child frame)`.
  template <class Link>
  Ref<Frame> loop_cycle(Link link) {
    Ref<Frame> f = Frame::make(&main.graph, {});
    f->slots()[1] = payload;
    Ref<Frame> child = Frame::make(&body.graph, f);
    f->slots()[0] = link(closure_over(child));
    return f;
  }

  void TearDown() override { Cycles::collect(); }
};

TEST_F(CyclesTest, FrameHoldingAClosureOverItselfIsFreed) {
  {
    Ref<Frame> f = Frame::make(&main.graph, {});
    f->slots()[1] = payload;
    f->slots()[0] = closure_over(f);
  }
  EXPECT_FALSE(payload.is_sole_owner());  // counting alone keeps the cycle
  Cycles::collect();
  EXPECT_TRUE(payload.is_sole_owner());
}

TEST_F(CyclesTest, ClosureMadeInALoopBodyAndKeptInTheParentIsFreed) {
  loop_cycle([](Value c) { return c; });
  EXPECT_FALSE(payload.is_sole_owner());
  Cycles::collect();
  EXPECT_TRUE(payload.is_sole_owner());
}

TEST_F(CyclesTest, CyclesThroughTuplesAndListsAreFreed) {
  loop_cycle([](Value c) {
    Value list = fx::interp::list_of({std::move(c)});
    return Value::tuple({Value::integer(1), std::move(list)});
  });
  Cycles::collect();
  EXPECT_TRUE(payload.is_sole_owner());
}

TEST_F(CyclesTest, ClosureHeldFromOutsideKeepsItsFramesIntact) {
  Value kept;
  loop_cycle([&](Value c) {
    kept = c;
    return c;
  });
  Cycles::collect();
  ASSERT_FALSE(payload.is_sole_owner());
  // Everything the closure can read is still there.
  const Frame* env = kept.as_closure().env.get();
  ASSERT_NE(env->parent.get(), nullptr);
  Frame* parent = env->parent.get();
  EXPECT_EQ(parent->slots()[1].as_str(), "payload");
  EXPECT_EQ(parent->slots()[0].as_closure().env.get(), env);
  kept = Value();  // dropped later: the next collection frees the cycle
  Cycles::collect();
  EXPECT_TRUE(payload.is_sole_owner());
}

TEST_F(CyclesTest, RunningFrameIsNotTouched) {
  Ref<Frame> running = loop_cycle([](Value c) { return c; });
  Cycles::collect();
  EXPECT_EQ(running->slots()[1].as_str(), "payload");
  EXPECT_EQ(running->slots()[0].kind(), fx::interp::Kind::Closure);
  running = Ref<Frame>();
  Cycles::collect();
  EXPECT_TRUE(payload.is_sole_owner());
}

TEST_F(CyclesTest, FramesWithoutCyclesDieByCounting) {
  {
    Ref<Frame> f = Frame::make(&main.graph, {});
    f->slots()[1] = payload;
    Value c = closure_over(f);  // a closure nobody stores
  }
  EXPECT_TRUE(payload.is_sole_owner());  // no collection needed; the frame left the list
  Cycles::collect();
  EXPECT_TRUE(payload.is_sole_owner());
}

}  // namespace

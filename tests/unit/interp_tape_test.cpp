// Unit tests of the persistent stacks over packed tapes (src/interp/value.hpp, tape.cpp): the
// pullbacks of a reversed loop. A stack is a value: pushing onto one stack, or onto a
// shorter one that shares its tape, never changes what another stack holds; pullbacks of
// one code are stored as their residuals, and entries of another form still come back as
// they were pushed.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "interp/format.hpp"
#include "interp/value.hpp"
#include "ir/ir.hpp"

namespace {

using fx::interp::Kind;
using fx::interp::Value;
using fx::interp::list_items;
using fx::interp::list_of;
using fx::interp::list_pop;
using fx::interp::list_push;
using fx::interp::list_top;

Value I(int64_t i) { return Value::integer(i); }
Value pullback(const fx::ir::Graph* code, double r, double x) {
  return Value::explicit_closure(code, Value::tuple({Value::real(r), Value::real(x)}));
}
std::string show(const Value& list) {
  std::string s;
  for (const Value& v : list_items(list.as_list())) s += fx::interp::format_value(v) + " ";
  return s;
}

TEST(InterpTape, PushPopAndTopAreThoseOfAStack) {
  Value s = list_of({});
  for (int64_t i = 0; i < 100; ++i) s = list_push(s, I(i));
  EXPECT_EQ(s.as_list().size, 100u);
  for (int64_t i = 99; i >= 0; --i) {
    EXPECT_EQ(list_top(s.as_list()).as_int(), i);
    s = list_pop(s.as_list());
  }
  EXPECT_EQ(s.as_list().size, 0u);
}

TEST(InterpTape, StacksSharingATapeStayIndependent) {
  Value base = list_of({});
  for (int64_t i = 0; i < 3; ++i) base = list_push(base, I(i));
  Value shorter = list_pop(base.as_list());        // 1 0, shares base's tape
  Value longer = list_push(base, I(10));           // appends in place: base still ends at 2
  Value branch = list_push(shorter, I(20));        // not the tape's longest: copies
  Value other = list_push(base, I(30));            // same length as `longer`: copies
  EXPECT_EQ(show(base), "2 1 0 ");
  EXPECT_EQ(show(shorter), "1 0 ");
  EXPECT_EQ(show(longer), "10 2 1 0 ");
  EXPECT_EQ(show(branch), "20 1 0 ");
  EXPECT_EQ(show(other), "30 2 1 0 ");
  EXPECT_EQ(base.as_list().tape.get(), longer.as_list().tape.get());
  EXPECT_NE(base.as_list().tape.get(), other.as_list().tape.get());
}

TEST(InterpTape, PullbacksOfOneCodeComeBackAsClosuresOfIt) {
  fx::ir::Graph back, other_back;
  back.name = "body[J][back]";
  other_back.name = "other[J][back]";
  Value s = list_of({});
  for (int i = 0; i < 5; ++i) s = list_push(s, pullback(&back, i, 0.5));
  Value top = list_top(s.as_list());
  ASSERT_EQ(top.kind(), Kind::Explicit);
  EXPECT_EQ(top.as_explicit().code, &back);
  EXPECT_EQ(fx::interp::format_value(top.as_explicit().env), "(4.0, 0.5)");
  // Another code, then a tuple and a number: the tape boxes its entries and keeps them all.
  s = list_push(s, pullback(&other_back, 7.0, 1.0));
  s = list_push(s, Value::tuple({I(1)}));
  s = list_push(s, I(9));
  std::vector<Value> items = list_items(s.as_list());
  ASSERT_EQ(items.size(), 8u);
  EXPECT_EQ(items[0].as_int(), 9);
  EXPECT_EQ(fx::interp::format_value(items[1]), "(1,)");
  EXPECT_EQ(items[2].as_explicit().code, &other_back);
  for (size_t i = 3; i < 8; ++i) {
    EXPECT_EQ(items[i].as_explicit().code, &back);
    EXPECT_EQ(items[i].as_explicit().env.items()[0].as_float(), static_cast<double>(7 - i));
  }
}

TEST(InterpTape, EntriesAreReleasedWithTheLastStack) {
  Value payload = Value::str("residual");
  {
    Value s = list_of({});
    for (int i = 0; i < 20; ++i) s = list_push(s, Value::tuple({payload, I(i)}));
    Value popped = list_pop(s.as_list());
    EXPECT_FALSE(payload.is_sole_owner());
  }
  EXPECT_TRUE(payload.is_sole_owner());
}

}  // namespace

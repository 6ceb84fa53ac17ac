// Tensor runtime: counter-based random numbers (Threefry-2x32), reproducible everywhere.
#include <gtest/gtest.h>

#include <cmath>

#include "fluxion/runtime/runtime.hpp"

using namespace fx::rt;

TEST(TensorRandom, ThreefryKnownAnswers) {
  // Random123's known-answer vectors for threefry2x32_20.
  EXPECT_EQ(threefry2x32({0, 0}, 0, 0), std::make_pair(0x6b200159u, 0x99ba4efeu));
  EXPECT_EQ(threefry2x32({0xffffffffu, 0xffffffffu}, 0xffffffffu, 0xffffffffu),
            std::make_pair(0x1cb996fcu, 0xbb002be7u));
  EXPECT_EQ(threefry2x32({0x13198a2eu, 0x03707344u}, 0x243f6a88u, 0x85a308d3u),
            std::make_pair(0xc4923a9cu, 0x483df7a0u));
}

TEST(TensorRandom, KeysAndSplits) {
  EXPECT_EQ(key(42), (Key{0, 42}));
  EXPECT_EQ(key(-1), (Key{0xffffffffu, 0xffffffffu}));
  EXPECT_EQ(key(int64_t{1} << 32), (Key{1, 0}));
  auto [a, b] = split(key(0));
  EXPECT_NE(a, b);
  EXPECT_EQ(split(key(0)), std::make_pair(a, b));  // deterministic
  std::vector<Key> three = split(key(0), 3);
  EXPECT_EQ(three[0], a);
  EXPECT_EQ(three[1], b);
  EXPECT_NE(three[2], a);
  EXPECT_EQ(key_from_tensor(key_to_tensor(a)), a);
  EXPECT_THROW(key_from_tensor(zeros(Shape{2})), TensorError);
  EXPECT_THROW(split(key(0), -1), TensorError);
}

TEST(TensorRandom, SameKeySameNumbers) {
  Key k = key(1234);
  Tensor u1 = uniform(k, Shape{3, 5}), u2 = uniform(k, Shape{3, 5});
  EXPECT_EQ(format(u1), format(u2));
  EXPECT_NE(format(uniform(key(1235), Shape{3, 5})), format(u1));
  Tensor n1 = normal(k, Shape{7}), n2 = normal(k, Shape{7});
  EXPECT_EQ(format(n1), format(n2));
  // Element i depends only on the key and i: a longer sample extends a shorter one.
  EXPECT_EQ(format(index(uniform(k, Shape{10}), {Slice{0, 5}})), format(uniform(k, Shape{5})));
  EXPECT_EQ(format(index(normal(k, Shape{9}), {Slice{0, 3}})), format(normal(k, Shape{3})));
  EXPECT_EQ(format(reshape(uniform(k, Shape{2, 3}), Shape{-1})), format(uniform(k, Shape{6})));
}

TEST(TensorRandom, PinnedValues) {
  // Guards the definition: these numbers must never change (saved experiments depend on them).
  Tensor u = uniform(key(0), Shape{3});
  std::vector<double> v = to_vector<double>(u);
  uint64_t expected_bits[3];
  for (int i = 0; i < 3; ++i) {
    auto [x0, x1] = threefry2x32(key(0), 0x80000000u, static_cast<uint32_t>(i));
    expected_bits[i] = (static_cast<uint64_t>(x0) << 32 | x1) >> 11;
    EXPECT_EQ(v[i], static_cast<double>(expected_bits[i]) * 0x1.0p-53);
  }
  EXPECT_EQ(format(u), "[0.024913789188343083, 0.5807771075329377, 0.9140499278772951]");
}

TEST(TensorRandom, Distributions) {
  const int64_t n = 200000;
  Tensor u = uniform(key(3), Shape{n});
  EXPECT_EQ(u.dtype(), DType::F64);
  EXPECT_GE(min(u).item().to_f64(), 0.0);
  EXPECT_LT(max(u).item().to_f64(), 1.0);
  EXPECT_NEAR(mean(u).item().to_f64(), 0.5, 0.005);
  Tensor centred = sub(u, scalar_tensor(0.5));
  EXPECT_NEAR(mean(mul(centred, centred)).item().to_f64(), 1.0 / 12, 0.002);
  Tensor z = normal(key(4), Shape{n});
  EXPECT_NEAR(mean(z).item().to_f64(), 0.0, 0.01);
  EXPECT_NEAR(mean(mul(z, z)).item().to_f64(), 1.0, 0.02);
  Tensor tail = greater(abs(z), scalar_tensor(1.96));  // ~5% beyond 1.96 sigma
  EXPECT_NEAR(mean(tail).item().to_f64(), 0.05, 0.005);
  Tensor u32 = uniform(key(5), Shape{1000}, DType::F32);
  EXPECT_EQ(u32.dtype(), DType::F32);
  EXPECT_LT(max(u32).item().to_f64(), 1.0);
  EXPECT_EQ(normal(key(5), Shape{2, 2}, DType::F32).dtype(), DType::F32);
  EXPECT_THROW(uniform(key(0), Shape{2}, DType::I64), TensorError);
  EXPECT_EQ(uniform(key(0), Shape{0}).numel(), 0);
}

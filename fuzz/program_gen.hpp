// A grammar-aware generator of Fluxion programs for the fuzz targets: fuzz bytes choose the
// productions, so that libFuzzer's mutations become mutations of well-formed programs.
//
// It is a C++ port, reduced, of the random program generator of tests/property/
// (ad_property_test.py): scalar f64 functions f(x) or f(x, y) with if/elif/else, while loops
// with a counter bound, for loops with break/continue, closures (lambdas, nested defs and a
// closure returned by a helper), top-level helpers (some with a default parameter, called with
// and without it, by keyword too), a higher-order helper, recursion on an
// integer depth and tuples; then a main() that calls f and takes its derivatives with grad,
// value_and_grad, jvp, vjp, derivative, jacfwd, jacrev and hessian, and a fuzz_check()
// returning (grad(f), jacfwd(f)) at main's point, which ad_fuzz compares. Unlike the property test
// it does not keep to safe domains: log of a negative, division by zero, `//` and `%` on
// floats and int() of a nan all appear, since run-time errors are allowed outcomes.
//
// When the bytes run out every choice is 0, which picks the smallest production, so every
// input gives a finite program.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fx::fuzz {

// The fuzz input read as a stream of choices.
class ByteSource {
 public:
  ByteSource(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  // A choice among n alternatives (0 when the input is exhausted).
  size_t pick(size_t n) { return n <= 1 ? 0 : byte() % n; }
  // True with probability about num/256.
  bool chance(unsigned num) { return byte() < num; }
  bool exhausted() const { return pos_ >= size_; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// Pieces both generators use (program_gen.cpp).
// A float literal: small values, and the edges (0, -0, 1, huge, tiny) that make domains fail.
std::string float_constant(ByteSource& in);
// An elementwise function of one argument: sin, log, relu, stop_gradient, ...
const char* unary_function(ByteSource& in);
// 4 * indent spaces.
std::string pad(int indent);

class ProgramGen {
 public:
  explicit ProgramGen(ByteSource& in) : in_(in) {}
  // The whole program: helpers, f, and main().
  std::string generate();

 private:
  using Pool = std::vector<std::string>;
  std::string fresh(const char* prefix);
  std::string constant();
  std::string leaf(const Pool& pool);
  std::string expr(const Pool& pool, int depth, bool calls);
  std::string cond(const Pool& pool);
  void stmt(Pool& pool, int indent, std::vector<std::string>& out);
  void block(Pool& pool, int indent, std::vector<std::string>& out);
  std::string helper();
  std::string recursive();
  std::string higher_order();
  std::string maker();
  std::string main_body(size_t nargs);

  ByteSource& in_;
  std::vector<std::string> defs_;     // top-level helper definitions, in order
  std::vector<std::string> helpers_;  // one-argument helpers
  std::string rec_, apply_, maker_;   // the recursive, higher-order and closure-making helpers
  std::string point_, all_args_;      // main's arguments of f, and argnums for all of them
  int counter_ = 0;
  int loops_ = 0;  // nesting of loops (bounded: each nested loop multiplies the run time)
};

}  // namespace fx::fuzz

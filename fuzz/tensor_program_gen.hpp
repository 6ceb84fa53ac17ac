// A grammar-aware generator of Fluxion tensor programs for ad_fuzz (program_gen.hpp generates
// the scalar ones): a function f(x) of a vector x of length 1 to 4 whose body keeps every
// variable a vector of that length — elementwise operators and functions, broadcasting with
// scalars, reductions broadcast back, matrix products with constant matrices, slicing and
// concat, where, softmax, comprehensions over the vector, in-place element updates, if/for/while
// on reductions, lambdas, tree_map over (vector, scalar) trees and vector helpers — returning a
// scalar reduction. main() then takes
// grad, value_and_grad, jvp, vjp, jacfwd, jacrev, hessian and a nested grad of it; and
// fuzz_check() returns (grad(f)(x), jacfwd(f)(x)), which ad_fuzz compares.
//
// As in the scalar generator, domains are not kept safe (log of a negative, division by zero)
// and run-time errors are allowed outcomes; when the bytes run out every choice is 0.
#pragma once
#include <string>
#include <vector>

#include "program_gen.hpp"

namespace fx::fuzz {

class TensorProgramGen {
 public:
  // informative: a vector is never replaced by a constant literal, and `**` has a positive base,
  // so that f's derivative is more often finite and non-zero (tests/property/
  // tensor_ad_cross_check.py asks for it: a derivative that is zero or nan everywhere agrees
  // with any wrong rule).
  explicit TensorProgramGen(ByteSource& in, bool informative = false) : in_(in), informative_(informative) {}
  std::string generate();

 private:
  using Pool = std::vector<std::string>;  // names of vectors of length n_
  std::string fresh(const char* prefix);
  std::string constant();
  std::string literal();                  // [c0, c1, ...] of length n_
  std::string index();                    // a constant index in [-n_, n_)
  std::string vec(const Pool& pool, int depth);
  std::string scalar(const Pool& pool, int depth);  // a reduction of a vector
  void stmt(Pool& pool, int indent, std::vector<std::string>& out);
  std::string helper();
  std::string main_body();

  ByteSource& in_;
  bool informative_;
  size_t n_ = 1;
  std::vector<std::string> defs_;
  std::vector<std::string> helpers_;
  int counter_ = 0;
  int loops_ = 0;
  std::string point_;  // main's argument of f
  int helper_depth_ = 0;  // helpers are generated inside expressions: bound their nesting
};

}  // namespace fx::fuzz

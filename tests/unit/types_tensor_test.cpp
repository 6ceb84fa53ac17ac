// Unit tests of the tensor types (docs/tensors.md "Types"): the Tensor type in the store
// (printing, join, fits, erasing extents), annotations, the type rule of every tensor
// primitive on hand-built IR (extents, weak scalars, compile-time shape errors), call
// signatures forgetting extents, the tuple-index rewrite of the specialiser, and the
// derivative types of tensors.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "ir/ir.hpp"
#include "support/diagnostics.hpp"
#include "types/annotation.hpp"
#include "types/checker.hpp"
#include "types/tangents.hpp"
#include "types_test_support.hpp"

namespace {

using fx::CompileError;
using fx::ir::Graph;
using fx::ir::GraphRole;
using fx::ir::Node;
using fx::ir::Prim;
using fx::types::Type;
using fx::types::TypeKind;
using fx::types::to_string;

using fx::types::testing::error_of;

struct Program : fx::types::testing::HandBuiltProgram {
  // The printed type of prim applied to parameters of types `args` followed by the
  // constants `extra` (or the error, "3:5: ..."), in a fresh graph.
  std::string rule(Prim prim, std::vector<const Type*> args, std::vector<Node*> extra = {}) {
    Graph* g = graph("g" + std::to_string(counter++), {});
    std::vector<Node*> inputs;
    for (size_t i = 0; i < args.size(); ++i) inputs.push_back(m.add_param(g, "x" + std::to_string(i), loc(1)));
    for (Node* e : extra) inputs.push_back(e);
    g->output = m.apply_prim(g, prim, inputs, loc(3, 5));
    const Type* t = nullptr;
    std::string err = error_of([&] { t = checker.specialise(g, args)->output->type; });
    return err.empty() ? to_string(t) : err;
  }
  // As rule, with the operands given as nodes built in `build(g)` (constants, tuples).
  template <typename Build>
  std::string rule_with(Build&& build) {
    Graph* g = graph("h" + std::to_string(counter++), {});
    g->output = build(g);
    const Type* t = nullptr;
    std::string err = error_of([&] { t = checker.specialise(g, {})->output->type; });
    return err.empty() ? to_string(t) : err;
  }
  Node* i64(int64_t v) { return m.int_const(v); }
  Node* f64(double v) { return m.constant(v); }
  Node* str(const std::string& s) { return m.constant(s); }
  Node* none() { return m.constant(fx::ir::NoneVal{}); }
  Node* boolean(bool b) { return m.constant(b); }
  Node* tuple(Graph* g, std::vector<Node*> xs) { return m.apply_prim(g, Prim::MakeTuple, xs, loc(2, 1)); }
  Node* op(Graph* g, Prim p, std::vector<Node*> args, uint32_t line = 3) {
    return m.apply_prim(g, p, args, loc(line, 5));
  }
};

// ------------------------------------------------------------------ the store

TEST(TensorType, InternedAndPrinted) {
  Program p;
  auto& T = p.T();
  const Type* m = T.tensor(T.f64(), 2, {3, 4});
  EXPECT_EQ(m, T.tensor(T.f64(), 2, {3, 4}));
  EXPECT_NE(m, T.tensor(T.f64(), 2, {3, -1}));
  EXPECT_EQ(T.tensor(T.f64(), 2), T.tensor(T.f64(), 2, {-1, -1}));
  EXPECT_EQ(to_string(m), "Tensor[f64, (3, 4)]");
  EXPECT_EQ(to_string(T.tensor(T.f64(), 2, {3, -1})), "Tensor[f64, 2]");
  EXPECT_EQ(to_string(T.tensor(T.f32(), 1, {5})), "Tensor[f32, (5,)]");
  EXPECT_EQ(to_string(T.tensor(T.i64())), "Tensor[i64]");
  EXPECT_EQ(to_string(T.tensor(T.boolean(), 0)), "Tensor[bool, ()]");
  EXPECT_EQ(T.tensor_or_scalar(T.f64(), 0), T.f64());
  EXPECT_TRUE(fx::types::is_tensor(m));
  EXPECT_FALSE(fx::types::is_number(m));
  EXPECT_EQ(fx::types::dtype_of(m), T.f64());
  EXPECT_EQ(fx::types::rank_of(m), 2);
  EXPECT_EQ(fx::types::extent(m, 1), 4);
  EXPECT_EQ(fx::types::erase_extents(T, T.tuple({m, T.f64()})), T.tuple({T.tensor(T.f64(), 2), T.f64()}));
}

TEST(TensorType, JoinAndFits) {
  Program p;
  auto& T = p.T();
  const Type* a = T.tensor(T.f64(), 1, {2});
  const Type* b = T.tensor(T.f64(), 1, {3});
  EXPECT_EQ(join(T, a, b), T.tensor(T.f64(), 1));
  EXPECT_EQ(join(T, a, T.tensor(T.f64(), 2)), T.tensor(T.f64()));
  EXPECT_EQ(join(T, a, T.tensor(T.i64(), 1, {2})), nullptr);
  EXPECT_EQ(join(T, T.f64(), a), T.tensor(T.f64()));  // an accumulator 0.0 that becomes a tensor
  EXPECT_EQ(join(T, T.i64(), a), nullptr);
  EXPECT_EQ(join(T, T.rows_empty(), T.tensor(T.f64(), 2, {-1, 3})), T.tensor(T.f64(), 2, {-1, 3}));
  EXPECT_TRUE(fits(a, T.tensor(T.f64())));
  EXPECT_TRUE(fits(a, T.tensor(T.f64(), 1)));
  EXPECT_FALSE(fits(a, T.tensor(T.f64(), 2)));
  EXPECT_FALSE(fits(a, T.tensor(T.f32())));
  EXPECT_FALSE(fits(T.f64(), T.tensor(T.f64())));
  EXPECT_TRUE(fits(T.rows_empty(), T.tensor(T.f64(), 2)));
}

// ---------------------------------------------------------------- annotations

TEST(TensorType, Annotations) {
  Program p;
  fx::types::Annotations ann(p.T(), p.m);
  std::vector<std::unique_ptr<fx::ast::TypeExpr>> kept;  // resolutions are cached by address
  auto type = [&](const std::string& name, std::vector<std::string> args) {
    kept.push_back(std::make_unique<fx::ast::TypeExpr>());
    fx::ast::TypeExpr* t = kept.back().get();
    t->name = name;
    t->loc = p.loc(1, 10);
    for (const auto& a : args) {
      auto e = std::make_unique<fx::ast::TypeExpr>();
      e->name = a;
      e->loc = p.loc(1, 17);
      t->args.push_back(std::move(e));
    }
    std::string out;
    std::string err = error_of([&] { out = to_string(ann.resolve(t)); });
    return err.empty() ? out : err;
  };
  EXPECT_EQ(type("Tensor", {"f64"}), "Tensor[f64]");
  EXPECT_EQ(type("Tensor", {"bool"}), "Tensor[bool]");
  EXPECT_EQ(type("Tensor", {"f32", "2"}), "Tensor[f32, 2]");
  EXPECT_EQ(type("Tensor", {}), "1:10: Tensor takes an element type and optionally a rank: write Tensor[f64], "
                                "or Tensor[f64, 2] for a given rank");
  EXPECT_EQ(type("Tensor", {"str"}), "1:17: a tensor's element type must be f64, f32, i64 or bool, found 'str'");
  EXPECT_EQ(type("Tensor", {"f64", "x"}), "1:17: a tensor's rank must be a small non-negative integer, found 'x'");
  EXPECT_EQ(type("2", {}), "1:10: expected a type, found the number 2 (a rank goes second in Tensor[f64, 2])");
}

// ------------------------------------------------------------- elementwise

TEST(TensorRules, ElementwiseBroadcastingAndWeakScalars) {
  Program p;
  auto& T = p.T();
  auto t = [&](const Type* d, std::vector<int64_t> dims) { return T.tensor(d, static_cast<int64_t>(dims.size()), dims); };
  EXPECT_EQ(p.rule(Prim::Add, {t(T.f64(), {2, 3}), t(T.f64(), {3})}), "Tensor[f64, (2, 3)]");
  EXPECT_EQ(p.rule(Prim::Add, {t(T.f64(), {2, 1}), t(T.f64(), {1, 4})}), "Tensor[f64, (2, 4)]");
  EXPECT_EQ(p.rule(Prim::Add, {t(T.f64(), {2}), t(T.f64(), {3})}), "3:5: cannot broadcast shapes (2,) and (3,)");
  EXPECT_EQ(p.rule(Prim::Mul, {t(T.f64(), {-1, 3}), t(T.f64(), {3})}), "Tensor[f64, 2]");
  EXPECT_EQ(p.rule(Prim::Mul, {T.tensor(T.f64()), t(T.f64(), {3})}), "Tensor[f64]");
  // Weak scalars.
  EXPECT_EQ(p.rule(Prim::Mul, {t(T.f32(), {2}), T.f64()}), "Tensor[f32, (2,)]");
  EXPECT_EQ(p.rule(Prim::Mul, {T.i64(), t(T.f32(), {2})}), "Tensor[f32, (2,)]");
  EXPECT_EQ(p.rule(Prim::Mul, {t(T.i64(), {2}), T.f64()}), "Tensor[f64, (2,)]");
  EXPECT_EQ(p.rule(Prim::Mul, {t(T.i64(), {2}), t(T.f32(), {2})}), "Tensor[f64, (2,)]");
  EXPECT_EQ(p.rule(Prim::Mul, {T.f32(), T.f64()}), "f32");
  EXPECT_EQ(p.rule(Prim::Div, {t(T.i64(), {2}), T.i64()}), "Tensor[f64, (2,)]");
  EXPECT_EQ(p.rule(Prim::Add, {t(T.boolean(), {2}), T.i64()}),
            "3:5: +: arithmetic on bool is not supported (got bool and i64)");
  EXPECT_EQ(p.rule(Prim::Lt, {t(T.f64(), {2}), T.f64()}), "Tensor[bool, (2,)]");
  EXPECT_EQ(p.rule(Prim::Eq, {t(T.i64(), {2}), t(T.i64(), {2})}), "Tensor[bool, (2,)]");
  EXPECT_EQ(p.rule(Prim::Not, {t(T.boolean(), {2})}), "Tensor[bool, (2,)]");
  EXPECT_EQ(p.rule(Prim::Not, {t(T.f64(), {2})}), "3:5: `not` needs bool values: expected a bool tensor, found "
                                                  "Tensor[f64, (2,)]");
  EXPECT_EQ(p.rule(Prim::Exp, {t(T.i64(), {2})}), "Tensor[f64, (2,)]");
  EXPECT_EQ(p.rule(Prim::Abs, {t(T.i64(), {2})}), "Tensor[i64, (2,)]");
  EXPECT_EQ(p.rule(Prim::Sin, {t(T.f32(), {2})}), "Tensor[f32, (2,)]");
  EXPECT_EQ(p.rule(Prim::Maximum, {t(T.f64(), {2}), T.i64()}), "Tensor[f64, (2,)]");
  EXPECT_EQ(p.rule(Prim::Where, {t(T.boolean(), {3}), t(T.f64(), {3}), T.f64()}), "Tensor[f64, (3,)]");
  EXPECT_EQ(p.rule(Prim::Where, {t(T.f64(), {3}), T.f64(), T.f64()}),
            "3:5: where: the condition must be bool or a bool tensor, found Tensor[f64, (3,)]");
  EXPECT_EQ(p.rule(Prim::Clip, {t(T.f64(), {3}), T.f64(), T.f64()}), "Tensor[f64, (3,)]");
  EXPECT_EQ(p.rule(Prim::ToF64, {t(T.f64(), {3})}),
            "3:5: float() expects a number or bool, found Tensor[f64, (3,)]; convert a tensor with astype(x, f64)");
}

TEST(TensorRules, MatMul) {
  Program p;
  auto& T = p.T();
  auto t = [&](std::vector<int64_t> dims) { return T.tensor(T.f64(), static_cast<int64_t>(dims.size()), dims); };
  EXPECT_EQ(p.rule(Prim::MatMul, {t({2, 3}), t({3, 4})}), "Tensor[f64, (2, 4)]");
  EXPECT_EQ(p.rule(Prim::MatMul, {t({3}), t({3})}), "f64");
  EXPECT_EQ(p.rule(Prim::MatMul, {t({2, 3}), t({3})}), "Tensor[f64, (2,)]");
  EXPECT_EQ(p.rule(Prim::MatMul, {t({3}), t({3, 5})}), "Tensor[f64, (5,)]");
  EXPECT_EQ(p.rule(Prim::MatMul, {t({7, 2, 3}), t({3, 4})}), "Tensor[f64, (7, 2, 4)]");
  EXPECT_EQ(p.rule(Prim::MatMul, {t({2, 3}), t({4, 5})}), "3:5: matmul: inner dimensions differ: (2, 3) @ (4, 5)");
  EXPECT_EQ(p.rule(Prim::MatMul, {T.tensor(T.f64()), t({3})}), "Tensor[f64]");
  EXPECT_EQ(p.rule(Prim::MatMul, {T.f64(), T.f64()}), "3:5: @ needs tensors, found f64 and f64");
  EXPECT_EQ(p.rule(Prim::MatMul, {T.tensor(T.f64(), 0), t({3})}),
            "3:5: @ needs tensors of rank 1 or more, found Tensor[f64, ()]; use * for a scalar");
  EXPECT_EQ(p.rule(Prim::Dot, {t({3}), t({3})}), "f64");
  EXPECT_EQ(p.rule(Prim::Outer, {t({3}), t({4})}), "Tensor[f64, (3, 4)]");
  EXPECT_EQ(p.rule(Prim::Trace, {t({3, 3})}), "f64");
  EXPECT_EQ(p.rule(Prim::Trace, {t({3})}), "3:5: trace needs a rank-2 matrix, found Tensor[f64, (3,)]");
  EXPECT_EQ(p.rule(Prim::Transpose, {t({3, 4})}), "Tensor[f64, (4, 3)]");
}

// ------------------------------------------------------------- construction

TEST(TensorRules, Construction) {
  Program p;
  auto& T = p.T();
  EXPECT_EQ(p.rule_with([&](Graph* g) { return p.op(g, Prim::Zeros, {p.tuple(g, {p.i64(2), p.i64(3)})}); }),
            "Tensor[f64, (2, 3)]");
  EXPECT_EQ(p.rule_with([&](Graph* g) { return p.op(g, Prim::Ones, {p.i64(4)}); }), "Tensor[f64, (4,)]");
  EXPECT_EQ(p.rule(Prim::Zeros, {T.i64()}), "Tensor[f64, 1]");
  EXPECT_EQ(p.rule(Prim::Zeros, {T.f64()}), "3:5: zeros: a shape must be an integer or a tuple of integers, found f64");
  EXPECT_EQ(p.rule_with([&](Graph* g) { return p.op(g, Prim::Full, {p.i64(3), p.boolean(true)}); }),
            "Tensor[bool, (3,)]");
  EXPECT_EQ(p.rule_with([&](Graph* g) { return p.op(g, Prim::Arange, {p.i64(5)}); }), "Tensor[i64, (5,)]");
  EXPECT_EQ(p.rule_with([&](Graph* g) { return p.op(g, Prim::Arange, {p.i64(1), p.i64(10), p.i64(3)}); }),
            "Tensor[i64, (3,)]");
  EXPECT_EQ(p.rule(Prim::Arange, {T.i64(), T.f64()}), "Tensor[f64, 1]");
  EXPECT_EQ(p.rule_with([&](Graph* g) { return p.op(g, Prim::Eye, {p.i64(3)}); }), "Tensor[f64, (3, 3)]");
  EXPECT_EQ(p.rule(Prim::MakeTensor, {T.f64(), T.i64()}), "Tensor[f64, (2,)]");
  EXPECT_EQ(p.rule(Prim::MakeTensor, {T.boolean(), T.boolean()}), "Tensor[bool, (2,)]");
  EXPECT_EQ(p.rule(Prim::MakeTensor, {}), "Tensor[f64, (0,)]");
  EXPECT_EQ(p.rule(Prim::MakeTensor, {T.boolean(), T.i64()}),
            "3:5: a tensor literal cannot mix bools with numbers (found bool and i64)");
  const Type* row2 = T.tensor(T.f64(), 1, {2});
  EXPECT_EQ(p.rule(Prim::MakeTensor, {row2, row2, row2}), "Tensor[f64, (3, 2)]");
  EXPECT_EQ(p.rule(Prim::MakeTensor, {row2, T.tensor(T.f64(), 1, {3})}),
            "3:5: the rows of a tensor literal must have one shape, found (2,) and (3,)");
  EXPECT_EQ(p.rule(Prim::MakeTensor, {row2, T.f64()}),
            "3:5: a tensor literal cannot mix numbers and tensors: its rows must have one shape");
  EXPECT_EQ(p.rule_with([&](Graph* g) { return p.op(g, Prim::AsType, {p.op(g, Prim::Ones, {p.i64(2)}), p.str("f32")}); }),
            "Tensor[f32, (2,)]");
  EXPECT_EQ(p.rule_with([&](Graph* g) { return p.op(g, Prim::AsType, {p.f64(1.0), p.str("f32")}); }), "f32");
  EXPECT_EQ(p.rule_with([&](Graph* g) { return p.op(g, Prim::AsType, {p.f64(1.0), p.str("f16")}); }),
            "3:5: astype: the dtype must be one of f64, f32, i64, bool, found 'f16'");
  EXPECT_EQ(p.rule(Prim::Key, {T.i64()}), "Tensor[i64, (2,)]");
  EXPECT_EQ(p.rule(Prim::Split, {T.tensor(T.i64(), 1, {2})}), "(Tensor[i64, (2,)], Tensor[i64, (2,)])");
  EXPECT_EQ(p.rule(Prim::Split, {T.f64()}),
            "3:5: split expects a random key (from key(seed) or split), found f64");
  EXPECT_EQ(p.rule_with([&](Graph* g) {
              return p.op(g, Prim::Normal, {p.op(g, Prim::Key, {p.i64(0)}), p.tuple(g, {p.i64(2), p.i64(2)})});
            }),
            "Tensor[f64, (2, 2)]");
  EXPECT_EQ(p.rule(Prim::OneHot, {T.tensor(T.i64(), 1, {5}), T.i64()}), "Tensor[f64, 2]");
  EXPECT_EQ(p.rule(Prim::OneHot, {T.tensor(T.i64(), 1, {5})}, {p.i64(10)}), "Tensor[f64, (5, 10)]");
  EXPECT_EQ(p.rule(Prim::Load, {T.str()}), "Tensor[f64]");
  EXPECT_EQ(p.rule(Prim::Load, {T.str(), T.tuple({T.tensor(T.f64(), 2)})}), "(Tensor[f64, 2],)");
  EXPECT_EQ(p.rule(Prim::Save, {T.str(), T.tensor(T.f64())}), "None");
  EXPECT_EQ(p.rule(Prim::ReadBytes, {T.str()}), "Tensor[i64, 1]");
  EXPECT_EQ(p.rule(Prim::ReadIdx, {T.str()}), "Tensor[i64]");
}

// A comprehension: acc = rows_empty(); while ...: acc = rows_append(acc, row). The loop
// state fixpoint joins rows_empty() with the first rows_append.
TEST(TensorRules, ComprehensionAccumulatorReachesAFixpoint) {
  Program p;
  auto& T = p.T();
  EXPECT_EQ(p.rule(Prim::RowsAppend, {T.rows_empty(), T.f64()}), "Tensor[f64, 1]");
  EXPECT_EQ(p.rule(Prim::RowsAppend, {T.rows_empty(), T.tensor(T.f64(), 1, {3})}), "Tensor[f64, 2]");
  EXPECT_EQ(to_string(join(T, T.rows_empty(), T.tensor(T.f64(), 2, {-1, 3}))), "Tensor[f64, 2]");
  EXPECT_EQ(p.rule(Prim::RowsAppend, {T.tensor(T.f64(), 2, {-1, 3}), T.tensor(T.f64(), 1, {3})}), "Tensor[f64, 2]");
  EXPECT_EQ(p.rule(Prim::RowsAppend, {T.tensor(T.f64(), 1), T.i64()}),
            "3:5: the elements of a comprehension must have one dtype: f64 and i64");
  EXPECT_EQ(p.rule(Prim::RowsAppend, {T.tensor(T.f64(), 1), T.tensor(T.f64(), 1)}),
            "3:5: the elements of a comprehension must have one shape: rows of Tensor[f64, 1] and Tensor[f64, 1]");
  EXPECT_EQ(p.rule(Prim::RowsEmpty, {}), "Tensor[Bottom]");
}

// ---------------------------------------------------------------- shapes

TEST(TensorRules, Indexing) {
  Program p;
  auto& T = p.T();
  const Type* m = T.tensor(T.f64(), 2, {3, 4});
  EXPECT_EQ(p.rule(Prim::Index, {m}, {p.str("i"), p.i64(0)}), "Tensor[f64, (4,)]");
  EXPECT_EQ(p.rule(Prim::Index, {m}, {p.str("i,i"), p.i64(0), p.i64(1)}), "f64");
  EXPECT_EQ(p.rule(Prim::Index, {T.tensor(T.f32(), 1)}, {p.str("i"), p.i64(0)}), "f32");
  EXPECT_EQ(p.rule(Prim::Index, {m}, {p.str("s000,i"), p.i64(1)}), "Tensor[f64, (3,)]");
  EXPECT_EQ(p.rule(Prim::Index, {m}, {p.str("s100"), p.i64(1)}), "Tensor[f64, 2]");
  EXPECT_EQ(p.rule(Prim::Index, {m}, {p.str("i,i,i"), p.i64(0), p.i64(0), p.i64(0)}),
            "3:5: too many indices: Tensor[f64, (3, 4)] has 2 axes, 3 indices given");
  EXPECT_EQ(p.rule(Prim::Index, {m}, {p.str("i"), p.f64(0.5)}), "3:5: indexing: an index must be an integer, found f64");
  EXPECT_EQ(p.rule(Prim::Index, {T.tensor(T.f64())}, {p.str("i"), p.i64(0)}), "Tensor[f64]");
  EXPECT_EQ(p.rule(Prim::Index, {T.f64()}, {p.str("i"), p.i64(0)}),
            "3:5: cannot index f64: expected a tensor or a tuple");
  // Tuples: a constant index selects the element.
  const Type* pair = T.tuple({T.f64(), T.boolean()});
  EXPECT_EQ(p.rule(Prim::Index, {pair}, {p.str("i"), p.i64(-1)}), "bool");
  EXPECT_EQ(p.rule(Prim::Index, {pair}, {p.str("i"), p.i64(2)}),
            "3:5: tuple index 2 is out of range: (f64, bool) has 2 elements");
  Graph* dynamic = p.graph("dynamic", {"t", "k"});
  dynamic->output = p.op(dynamic, Prim::Index, {dynamic->params[0], p.str("i"), dynamic->params[1]});
  EXPECT_EQ(error_of([&] { p.checker.specialise(dynamic, {pair, T.i64()}); }),
            "3:5: a tuple index must be a constant integer (tuples may hold different types, so the index must be "
            "known at compile time)");
  // set_index
  EXPECT_EQ(p.rule_with([&](Graph* g) {
              Node* x = p.op(g, Prim::Zeros, {p.tuple(g, {p.i64(3), p.i64(4)})});
              return p.op(g, Prim::SetIndex, {x, p.str("i"), p.i64(0), p.op(g, Prim::Ones, {p.i64(4)})});
            }),
            "Tensor[f64, (3, 4)]");
  EXPECT_EQ(p.rule_with([&](Graph* g) {
              Node* x = p.op(g, Prim::Zeros, {p.tuple(g, {p.i64(3), p.i64(4)})});
              return p.op(g, Prim::SetIndex, {x, p.str("i"), p.i64(0), p.op(g, Prim::Ones, {p.i64(3)})});
            }),
            "3:5: cannot assign a value of shape (3,) to a region of shape (4,)");
  EXPECT_EQ(p.rule_with([&](Graph* g) {
              Node* x = p.op(g, Prim::Arange, {p.i64(3)});
              return p.op(g, Prim::SetIndex, {x, p.str("i"), p.i64(0), p.f64(1.5)});
            }),
            "3:5: cannot store f64 values into Tensor[i64, (3,)] without losing their kind; convert them with astype");
}

TEST(TensorRules, AttributesLenReshapeConcat) {
  Program p;
  auto& T = p.T();
  const Type* m = T.tensor(T.f64(), 2, {3, 4});
  EXPECT_EQ(p.rule(Prim::GetAttr, {m}, {p.str("shape")}), "(i64, i64)");
  EXPECT_EQ(p.rule(Prim::GetAttr, {m}, {p.str("ndim")}), "i64");
  EXPECT_EQ(p.rule(Prim::GetAttr, {m}, {p.str("T")}), "Tensor[f64, (4, 3)]");
  EXPECT_EQ(p.rule(Prim::GetAttr, {T.tensor(T.f64())}, {p.str("shape")}),
            "3:5: .shape needs a tensor of known rank, found Tensor[f64]; annotate it with its rank (Tensor[f64, 2]) "
            "or reshape it");
  EXPECT_EQ(p.rule(Prim::GetAttr, {m}, {p.str("size")}),
            "3:5: a tensor has no attribute 'size': expected shape, ndim or T");
  EXPECT_EQ(p.rule(Prim::Len, {m}), "i64");
  EXPECT_EQ(p.rule(Prim::Len, {T.f64()}), "3:5: len expects a tensor, found f64");
  EXPECT_EQ(p.rule_with([&](Graph* g) {
              return p.op(g, Prim::Reshape, {p.op(g, Prim::Zeros, {p.tuple(g, {p.i64(2), p.i64(6)})}),
                                             p.tuple(g, {p.i64(3), p.op(g, Prim::Neg, {p.i64(1)})})});
            }),
            "Tensor[f64, (3, 4)]");
  EXPECT_EQ(p.rule_with([&](Graph* g) {
              return p.op(g, Prim::Reshape, {p.op(g, Prim::Zeros, {p.i64(6)}), p.i64(4)});
            }),
            "3:5: cannot reshape a tensor of shape (6,) (6 elements) into shape (4,)");
  EXPECT_EQ(p.rule(Prim::Reshape, {T.tensor(T.f64(), 2), T.tuple({T.i64(), T.i64(), T.i64()})}), "Tensor[f64, 3]");
  EXPECT_EQ(p.rule(Prim::Concat, {T.tuple({m, m})}, {p.i64(0)}), "Tensor[f64, (6, 4)]");
  EXPECT_EQ(p.rule(Prim::Concat, {T.tuple({m, T.tensor(T.f64(), 2, {3, 5})})}, {p.i64(0)}),
            "3:5: concat: shapes (3, 4) and (3, 5) differ outside the joined axis");
  EXPECT_EQ(p.rule(Prim::Stack, {T.tuple({m, m})}, {p.i64(-1)}), "Tensor[f64, (3, 4, 2)]");
  EXPECT_EQ(p.rule(Prim::Diag, {T.tensor(T.f64(), 1, {3})}, {p.i64(0)}), "Tensor[f64, (3, 3)]");
  EXPECT_EQ(p.rule(Prim::Diag, {m}, {p.i64(0)}), "Tensor[f64, (3,)]");
}

TEST(TensorRules, ReductionsAndNeuralNetworks) {
  Program p;
  auto& T = p.T();
  const Type* m = T.tensor(T.f64(), 2, {3, 4});
  EXPECT_EQ(p.rule(Prim::Sum, {m}, {p.none(), p.boolean(false)}), "f64");
  EXPECT_EQ(p.rule(Prim::Sum, {m}, {p.none(), p.boolean(true)}), "Tensor[f64, (1, 1)]");
  EXPECT_EQ(p.rule(Prim::Sum, {m}, {p.i64(1), p.boolean(false)}), "Tensor[f64, (3,)]");
  EXPECT_EQ(p.rule(Prim::Mean, {m}, {p.i64(-2), p.boolean(true)}), "Tensor[f64, (1, 4)]");
  EXPECT_EQ(p.rule(Prim::Sum, {T.tensor(T.boolean(), 1)}, {p.none(), p.boolean(false)}), "i64");
  EXPECT_EQ(p.rule(Prim::Mean, {T.tensor(T.i64(), 1)}, {p.none(), p.boolean(false)}), "f64");
  EXPECT_EQ(p.rule(Prim::ArgMax, {m}, {p.i64(0), p.boolean(false)}), "Tensor[i64, (4,)]");
  EXPECT_EQ(p.rule(Prim::Sum, {m}, {p.i64(2), p.boolean(false)}), "3:5: sum: axis 2 is out of range for Tensor[f64, (3, 4)]");
  EXPECT_EQ(p.rule(Prim::Sum, {T.tensor(T.f64())}, {p.i64(0), p.boolean(false)}), "Tensor[f64]");
  EXPECT_EQ(p.rule(Prim::Softmax, {m}, {p.i64(1)}), "Tensor[f64, (3, 4)]");
  const Type* x = T.tensor(T.f64(), 4, {8, 3, 28, 28});
  const Type* w = T.tensor(T.f64(), 4, {16, 3, 5, 5});
  EXPECT_EQ(p.rule(Prim::Conv2d, {x, w}, {p.i64(1), p.i64(0)}), "Tensor[f64, (8, 16, 24, 24)]");
  EXPECT_EQ(p.rule(Prim::Conv2d, {m, w}, {p.i64(1), p.i64(0)}),
            "3:5: conv2d needs a rank-4 input x (N, C, H, W), found Tensor[f64, (3, 4)]");
  EXPECT_EQ(p.rule(Prim::Conv2d, {x, T.tensor(T.f64(), 4, {16, 2, 5, 5})}, {p.i64(1), p.i64(0)}),
            "3:5: conv2d: x has 3 channels but w expects 2 (Tensor[f64, (8, 3, 28, 28)] and Tensor[f64, (16, 2, 5, 5)])");
  EXPECT_EQ(p.rule(Prim::MaxPool2d, {x}, {p.i64(2)}), "Tensor[f64, (8, 3, 14, 14)]");
  // Adjoints have the type of the operand they stand for.
  EXPECT_EQ(p.rule(Prim::Unbroadcast, {m, T.f64()}), "f64");
  EXPECT_EQ(p.rule(Prim::MatMulVjpA, {m, m, T.tensor(T.f64(), 2)}), "Tensor[f64, 2]");
}

// ------------------------------------------------------------ signatures

// def f(x): return f(x[1:]) + x: call signatures forget extents, so the recursion over
// shrinking slices has one specialisation besides the entry's (which keeps its extents).
TEST(TensorCalls, SignaturesForgetExtents) {
  Program p;
  auto& T = p.T();
  Graph* f = p.graph("f", {"x"});
  Node* tail = p.op(f, Prim::Index, {f->params[0], p.str("s100"), p.i64(1)});
  Node* again = p.m.apply(f, {p.m.constant(f), tail}, p.loc(4, 5));
  f->output = p.op(f, Prim::Add, {again, f->params[0]});
  Graph* c = p.checker.specialise(f, {T.tensor(T.f64(), 1, {5})});
  EXPECT_EQ(c->name, "f[Tensor[f64, (5,)]]");
  std::vector<std::string> clones;
  for (const auto& g : p.m.graphs)
    if (g->name.rfind("f[", 0) == 0) clones.push_back(g->name);
  EXPECT_EQ(clones, (std::vector<std::string>{"f[Tensor[f64, (5,)]]", "f[Tensor[f64, 1]]"}));
  p.m.renumber();
  fx::ir::verify(p.m, "type inference");
}

// index(t, "i", k) on a tuple becomes tuple_get(t, k) in the typed clone.
TEST(TensorCalls, TupleIndexIsRewrittenToTupleGet) {
  Program p;
  auto& T = p.T();
  Graph* f = p.graph("f", {"t"});
  f->output = p.op(f, Prim::Index, {f->params[0], p.str("i"), p.i64(1)});
  Graph* c = p.checker.specialise(f, {T.tuple({T.f64(), T.i64()})});
  EXPECT_EQ(c->output->type, T.i64());
  EXPECT_TRUE(c->output->is_prim_apply(Prim::TupleGet));
  ASSERT_EQ(c->output->num_args(), 2u);
  EXPECT_EQ(c->output->arg(1)->as_int(), 1);
  p.m.renumber();
  fx::ir::verify(p.m, "type inference");
}

// ------------------------------------------------------------ derivatives

TEST(TensorDerivatives, TangentsAndJacobians) {
  Program p;
  auto& T = p.T();
  fx::types::Annotations ann(T, p.m);
  const Type* v = T.tensor(T.f64(), 1, {3});
  const Type* m = T.tensor(T.f32(), 2, {2, 3});
  EXPECT_EQ(fx::types::tangent_type(T, m), m);
  EXPECT_EQ(fx::types::not_differentiable_reason(v), "");
  EXPECT_EQ(fx::types::not_differentiable_reason(T.tensor(T.i64())),
            "integer tensors carry no derivative: convert with astype(x, f64)");
  std::string why;
  EXPECT_EQ(to_string(fx::types::jacobian_type(T, ann, v, v, &why)), "Tensor[f64, (3, 3)]");
  EXPECT_EQ(to_string(fx::types::jacobian_type(T, ann, T.f64(), v, &why)), "Tensor[f64, (3,)]");
  EXPECT_EQ(to_string(fx::types::jacobian_type(T, ann, v, T.f64(), &why)), "Tensor[f64, (3,)]");
  EXPECT_EQ(to_string(fx::types::jacobian_type(T, ann, T.tensor(T.f64()), v, &why)), "Tensor[f64]");
  // hessian of a tensor → scalar function: jacobian of the gradient.
  const Type* g = fx::types::jacobian_type(T, ann, T.f64(), v, &why);
  EXPECT_EQ(to_string(fx::types::jacobian_type(T, ann, g, v, &why)), "Tensor[f64, (3, 3)]");
  EXPECT_EQ(fx::types::jacobian_type(T, ann, T.tensor(T.i64(), 1), v, &why), nullptr);
}

TEST(TensorDerivatives, GradWithRespectToAnIntegerTensorIsAnError) {
  Program p;
  auto& T = p.T();
  Graph* f = p.graph("f", {"x"});
  f->output = p.op(f, Prim::Sum, {f->params[0], p.none(), p.boolean(false)});
  Graph* main = p.graph("main", {"x"});
  Node* d = p.op(main, Prim::Grad, {p.m.constant(f), p.i64(0)}, 2);
  main->output = p.m.apply(main, {d, main->params[0]}, p.loc(4, 7));
  EXPECT_EQ(to_string(p.checker.specialise(main, {T.tensor(T.f64(), 1)})->output->type), "Tensor[f64, 1]");
  EXPECT_EQ(error_of([&] { p.checker.specialise(main, {T.tensor(T.i64(), 1)}); }),
            "4:7: grad: cannot differentiate with respect to argument 0 of type Tensor[i64, 1]; integer tensors "
            "carry no derivative: convert with astype(x, f64)");
}

}  // namespace

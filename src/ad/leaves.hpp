// Internal to src/ad: the scalar directions of a structured value, for the templates that
// build Jacobians (jacobian.cpp). A value of Shape s has one direction per f64 leaf and per
// element of a float tensor leaf; a Unit names one: the path to its leaf (indices into
// tuples, struct fields, variant fields) and, for a tensor, the flat row-major element.
#pragma once
#include <functional>
#include <vector>

#include "ad/emit.hpp"
#include "ad/shape.hpp"

namespace fx::ad::templates {

using Path = std::vector<size_t>;
using Thunk = std::function<ir::Node*()>;

struct Unit {
  Path path;
  size_t elem = 0;  // within a tensor leaf; 0 for an f64
};

// The differentiable leaves of s (f64s and float tensors), by path, in order.
std::vector<Path> leaf_paths(const Shape& s);
// Every direction of s, leaf by leaf, elements in row-major order.
std::vector<Unit> units(const Shape& s);
// The shape at path p inside s.
const Shape& shape_at(const Shape& s, const Path& p);

// Component p of a value v of shape s (tuple_get / get_attr chains).
ir::Node* component(Emitter& e, ir::Node* v, const Shape& s, const Path& p);
// The zero of a leaf of shape s (the primal leaf is asked for only when needed).
ir::Node* zero_leaf(Emitter& e, const Shape& s, const Thunk& primal);
// A tangent of shape s: 1 at unit u, zero elsewhere (tensors of the leaves' dtypes).
ir::Node* onehot(Emitter& e, const Shape& s, ir::Node* primal, const Unit& u);
// A tangent of shape s: `hot` at the leaf at path p, zero elsewhere.
ir::Node* with_leaf(Emitter& e, const Shape& s, ir::Node* primal, const Path& p, ir::Node* hot);
// A value of shape s whose leaves come from `leaf(path, leaf shape)`.
ir::Node* build(Emitter& e, const Shape& s, const std::function<ir::Node*(const Path&, const Shape&)>& leaf);

// (d0, d1, ...) as a tuple of i64 constants (a reshape target).
ir::Node* dims_node(Emitter& e, const std::vector<int64_t>& dims);
// A tensor of zeros with these extents and this dtype.
ir::Node* zeros_tensor(Emitter& e, const std::vector<int64_t>& dims, const std::string& dtype);

}  // namespace fx::ad::templates

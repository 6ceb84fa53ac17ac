#include "fluxion/runtime/shape_ops.hpp"

#include "fluxion/runtime/convert.hpp"
#include "fluxion/runtime/reduce.hpp"
#include "tensor_internal.hpp"

namespace fx::rt {

namespace {

std::string axes_text(std::span<const int64_t> axes) {
  return to_string(Shape(axes));
}

// Row-major strides (in elements) for a contiguous tensor of `shape`.
void row_major_strides(const Shape& shape, int64_t* strides) {
  int64_t st = 1;
  for (int i = shape.rank() - 1; i >= 0; --i) {
    strides[i] = st;
    st *= shape[i] == 0 ? 1 : shape[i];
  }
}

// The position of a new axis inserted into a tensor of rank r: in [-r-1, r], like NumPy.
int new_axis(int64_t axis, int rank, const char* op) {
  if (axis < -rank - 1 || axis > rank)
    tensor_error(std::string(op) + ": axis " + std::to_string(axis) +
                 " is out of range for a new axis of a tensor of rank " + std::to_string(rank) +
                 " (expected " + std::to_string(-rank - 1) + ".." + std::to_string(rank) + ")");
  return static_cast<int>(axis < 0 ? axis + rank + 1 : axis);
}

}  // namespace

Tensor transpose(const Tensor& x) {
  if (x.rank() < 2) return x;
  int64_t axes[FX_MAX_RANK];
  for (int i = 0; i < x.rank(); ++i) axes[i] = x.rank() - 1 - i;
  return transpose(x, {axes, static_cast<size_t>(x.rank())});
}

Tensor transpose(const Tensor& x, std::span<const int64_t> axes) {
  int r = x.rank();
  bool seen[FX_MAX_RANK] = {};
  bool valid = static_cast<int>(axes.size()) == r;
  Shape shape;
  int64_t strides[FX_MAX_RANK] = {};
  for (size_t i = 0; valid && i < axes.size(); ++i) {
    int64_t a = axes[i] < 0 ? axes[i] + r : axes[i];
    if (a < 0 || a >= r || seen[a]) {
      valid = false;
      break;
    }
    seen[a] = true;
    shape.push_back(x.dim(static_cast<int>(a)));
    strides[i] = x.strides()[a];
  }
  if (!valid)
    tensor_error("transpose: axes " + axes_text(axes) + " are not a permutation of the " +
                 std::to_string(r) + " axes of a tensor of shape " + to_string(x.shape()));
  return x.view(shape, {strides, static_cast<size_t>(r)}, 0);
}

Tensor reshape(const Tensor& x, const Shape& requested) {
  int unknown = -1;
  int64_t known = 1;
  bool overflow = false;
  for (int i = 0; i < requested.rank(); ++i) {
    if (requested[i] == -1) {
      if (unknown >= 0)
        tensor_error("reshape: only one dimension can be -1, got shape " + to_string(requested));
      unknown = i;
    } else if (requested[i] < 0) {
      tensor_error("reshape: invalid dimension " + std::to_string(requested[i]) + " in shape " +
                   to_string(requested));
    } else {
      overflow |= __builtin_mul_overflow(known, requested[i], &known);
    }
  }
  int64_t n = x.numel();
  Shape shape = requested;
  bool ok = !overflow;
  if (ok && unknown >= 0) {
    ok = known != 0 && n % known == 0;
    if (ok) shape[unknown] = n / known;
  } else if (ok) {
    ok = known == n;
  }
  if (!ok)
    tensor_error("cannot reshape a tensor of shape " + to_string(x.shape()) + " (" +
                 std::to_string(n) + " elements) into shape " + to_string(requested));
  detail::checked_nbytes(x.dtype(), shape);  // e.g. (0, 2^62, 4): its strides would overflow
  if (x.is_contiguous()) {
    int64_t strides[FX_MAX_RANK];
    row_major_strides(shape, strides);
    return x.view(shape, {strides, static_cast<size_t>(shape.rank())}, 0);
  }
  Tensor out = copy(x);
  detail::set_contiguous_shape(out, shape);
  return out;
}

Tensor flatten(const Tensor& x) { return reshape(x, Shape{-1}); }

Tensor expand_dims(const Tensor& x, int64_t axis) {
  int a = new_axis(axis, x.rank(), "expand_dims");
  Shape shape = x.shape();
  shape.insert(a, 1);
  int64_t strides[FX_MAX_RANK] = {};
  for (int i = 0, j = 0; i < shape.rank(); ++i) strides[i] = i == a ? 0 : x.strides()[j++];
  return x.view(shape, {strides, static_cast<size_t>(shape.rank())}, 0);
}

Tensor squeeze(const Tensor& x, int64_t axis) {
  int a = normalize_axis(axis, x.rank());
  if (x.dim(a) != 1)
    tensor_error("squeeze: axis " + std::to_string(axis) + " of a tensor of shape " +
                 to_string(x.shape()) + " has extent " + std::to_string(x.dim(a)) + ", not 1");
  Shape shape = x.shape();
  shape.erase(a);
  int64_t strides[FX_MAX_RANK] = {};
  for (int i = 0, j = 0; i < x.rank(); ++i)
    if (i != a) strides[j++] = x.strides()[i];
  return x.view(shape, {strides, static_cast<size_t>(shape.rank())}, 0);
}

Tensor concat(std::span<const Tensor> xs, int64_t axis) {
  if (xs.empty()) tensor_error("concat: needs at least one tensor");
  Shape first = xs[0].shape();
  if (first.rank() == 0) tensor_error("concat: cannot concatenate scalar (rank 0) tensors");
  int a = normalize_axis(axis, first.rank());
  DType dtype = xs[0].dtype();
  int64_t total = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    Shape s = xs[i].shape();
    bool same = s.rank() == first.rank();
    for (int d = 0; same && d < s.rank(); ++d) same = d == a || s[d] == first[d];
    if (!same)
      tensor_error("concat: shapes " + to_string(first) + " and " + to_string(s) +
                   " differ outside axis " + std::to_string(axis));
    dtype = promote(dtype, xs[i].dtype());
    total += s[a];
  }
  Shape shape = first;
  shape[a] = total;
  Tensor out = Tensor::empty(dtype, shape);
  int64_t offset = 0;
  for (const Tensor& x : xs) {
    Shape part = shape;
    part[a] = x.dim(a);
    if (part[a] > 0)
      detail::assign(out.view(part, out.strides(), offset * out.strides()[a]), x);
    offset += x.dim(a);
  }
  return out;
}

Tensor stack(std::span<const Tensor> xs, int64_t axis) {
  if (xs.empty()) tensor_error("stack: needs at least one tensor");
  Shape first = xs[0].shape();
  int a = new_axis(axis, first.rank(), "stack");
  DType dtype = xs[0].dtype();
  for (const Tensor& x : xs) {
    if (!(x.shape() == first))
      tensor_error("stack: all tensors must have the same shape, got " + to_string(first) +
                   " and " + to_string(x.shape()));
    dtype = promote(dtype, x.dtype());
  }
  Shape shape = first;
  shape.insert(a, static_cast<int64_t>(xs.size()));
  Tensor out = Tensor::empty(dtype, shape);
  // Element i along the new axis is a view of `out` without that axis.
  int64_t strides[FX_MAX_RANK] = {};
  for (int i = 0, j = 0; i < shape.rank(); ++i)
    if (i != a) strides[j++] = out.strides()[i];
  for (size_t i = 0; i < xs.size(); ++i)
    detail::assign(out.view(first, {strides, static_cast<size_t>(first.rank())},
                            static_cast<int64_t>(i) * out.strides()[a]),
                   xs[i]);
  return out;
}

}  // namespace fx::rt

#include "codegen/fused_loop.hpp"

#include <algorithm>
#include <unordered_map>
#include <variant>

#include "codegen/prims.hpp"
#include "codegen/unsupported.hpp"

namespace fx::codegen {

// The loop's locals are the fused node's local name followed by a suffix that never ends in
// "_" and digits: a node's local is name_ID (c_names.cpp), so no other local can take them.
namespace {

using ir::Node;
using ir::Prim;
using types::Type;
using types::TypeKind;

// The type a constant operand has in C (a constant of a typed clone may carry none).
const Type* constant_type(const Node* c, types::TypeStore& store) {
  if (c->type) return c->type;
  if (std::holds_alternative<int64_t>(c->value)) return store.i64();
  return store.f64();
}

class Writer {
 public:
  explicit Writer(const FusedLoop& f) : f_(f), r_(f.result) {
    const ir::Graph* k = f.kernel;
    root_ = k->output;
    // A kernel returning (sum, operand) (fuse_elementwise.cpp, kept_operand): the loop also
    // writes the summed elements into a tensor.
    if (root_->is_prim_apply(Prim::MakeTuple) && root_->num_args() == 2) {
      kept_ = true;
      root_ = root_->arg(0);
    }
    mean_ = root_->is_prim_apply(Prim::Mean);
    sum_ = mean_ || root_->is_prim_apply(Prim::Sum);
    if (kept_ && (!sum_ || k->output->arg(1) != root_->arg(0)))
      unsupported(k->output->loc, "a fused loop with two results that are not a sum and its operand");
    // The rank of the elementwise result (the sum's operand for a reduction): an input whose
    // type has a smaller known rank broadcasts over its leading axes (a bias added to each
    // row), read through a counter that wraps at its size.
    const Type* full = sum_ ? root_->arg(0)->type : root_->type;
    for (size_t i = 0; i < k->params.size(); ++i) {
      const Type* t = k->params[i]->type;
      if (t->kind != TypeKind::Tensor) continue;
      if (full->rank >= 1 && t->rank >= 1 && t->rank < full->rank) suffixes_.push_back(i);
      else tensors_.push_back(i);
    }
  }

  std::string run() {
    if (tensors_.empty() || f_.check_nan) return f_.fallback;
    const std::string like = f_.inputs[tensors_[0]];
    std::string cond, setup = "const int64_t " + r_ + "_n = " + like + "->size;\n";
    for (size_t i : tensors_) {
      cond += (cond.empty() ? "" : " && ") + std::string("fx_f64_run_like(") + f_.inputs[i] + ", " + like + ")";
      setup += "const double* " + input(i) + " = (const double*)" + f_.inputs[i] + "->data;\n";
    }
    for (size_t i : suffixes_) {
      cond += " && fx_f64_run_suffix(" + f_.inputs[i] + ", " + like + ")";
      setup += "const double* " + input(i) + " = (const double*)" + f_.inputs[i] + "->data;\nconst int64_t " +
               size(i) + " = " + f_.inputs[i] + "->size;\n";
    }
    std::string fast = setup + (sum_ ? summed(like) : written(like));
    return "if (" + cond + ") {\n" + indent(fast) + "} else {\n" + indent(f_.fallback) + "}\n";
  }

 private:
  std::string input(size_t i) const { return r_ + "_in" + std::to_string(i); }
  std::string size(size_t i) const { return r_ + "_sz" + std::to_string(i); }
  // The position in a broadcast input (of copy `lane`).
  std::string wrap(size_t i, const std::string& lane = "") const { return r_ + "_j" + std::to_string(i) + lane; }
  // Statements: each broadcast input's counter starts at element `at` (or is declared at 0).
  std::string start_counters(const std::string& at) const {
    std::string code;
    for (size_t i : suffixes_)
      code += "int64_t " + wrap(i) + " = " + (at.empty() ? "0" : size(i) + " ? " + at + " % " + size(i) + " : 0") + ";\n";
    return code;
  }
  // Statements: the counters move one element on (copy `lane` first takes the current one).
  std::string advance_counters(const std::string& lane = "") const {
    std::string code;
    for (size_t i : suffixes_) {
      if (!lane.empty()) code += "const int64_t " + wrap(i, lane) + " = " + wrap(i) + ";\n";
      code += "if (++" + wrap(i) + " == " + size(i) + ") " + wrap(i) + " = 0;\n";
    }
    return code;
  }

  // The statements computing the kernel's value at element `at`; `value` gets its C expression.
  // `lane` tells apart the locals of copies written side by side.
  std::string element(const std::string& at, std::string* value, const std::string& lane = "") {
    std::unordered_map<const Node*, std::string> c;
    const ir::Graph* k = f_.kernel;
    for (size_t i = 0; i < k->params.size(); ++i)
      c[k->params[i]] = k->params[i]->type->kind != TypeKind::Tensor ? f_.inputs[i]
                        : is_suffix(i)                                ? input(i) + "[" + wrap(i, lane) + "]"
                                                                      : input(i) + "[" + at + "]";
    std::string code;
    for (const Node* b : k->body) {
      if (b == root_ && sum_) break;
      Prim p;
      if (!b->prim_callee(&p) || (p != Prim::Where && !emission_of(p))) unsupported(b->loc, "this operation in a fused loop");
      // An ordering is the mask of the `where` that reads it (fuse_elementwise.cpp): a bool.
      const bool mask = b->type && b->type->kind == TypeKind::Tensor && b->type->dtype &&
                        b->type->dtype->kind == TypeKind::Bool;
      PrimSite site{p, b, {}, {}, mask ? f_.store.boolean() : f_.store.f64(), f_.loc_id(b),
                    r_ + "_e" + std::to_string(b->id) + lane, f_.types};
      for (size_t i = 0; i < b->num_args(); ++i) {
        const Node* a = b->arg(i);
        if (a->is_constant()) {
          site.args.push_back(f_.constant(a));
          site.arg_types.push_back(constant_type(a, f_.store));
        } else {
          site.args.push_back(c.at(a));
          site.arg_types.push_back(a->type->kind != TypeKind::Tensor ? a->type
                                   : a->type->dtype && a->type->dtype->kind == TypeKind::Bool ? f_.store.boolean()
                                                                                           : f_.store.f64());
        }
      }
      Emitted e = p == Prim::Where ? Emitted{"", "(" + site.args[0] + " ? " + site.args[1] + " : " + site.args[2] + ")"}
                                   : emission_of(p)(site);
      code += e.statements + (mask ? "const bool " : "const double ") + site.result_name + " = " + e.value + ";\n";
      c[b] = site.result_name;
    }
    *value = c.at(sum_ ? root_->arg(0) : root_);
    return code;
  }

  // An elementwise kernel: one new tensor, every element written once.
  std::string written(const std::string& like) {
    std::string v;
    std::string body = element(r_ + "_i", &v);
    return "fx_tensor* " + r_ + "_out = fx_rt_tensor_f64_like(" + like + ");\n" + "double* " + r_ + "_o = (double*)" +
           r_ + "_out->data;\n" + start_counters("") + "for (int64_t " + r_ + "_i = 0; " + r_ + "_i < " + r_ + "_n; ++" +
           r_ + "_i) {\n" + indent(body + r_ + "_o[" + r_ + "_i] = " + v + ";\n" + advance_counters()) + "}\n" + r_ +
           " = " + r_ + "_out;\n";
  }

  // A kernel ending in sum(·, None, False) (or mean: then divided by the count, as the
  // runtime's reduce_line does): the runtime's pairwise summation
  // (runtime/src/pairwise_sum.hpp) without its recursion: runs of at most 128 elements summed
  // four at a time into four accumulators (the rest into the first), the halves split at
  // n / 2 / 8 * 8 and added left + right. The same additions in the same order, so the same
  // bits as sum() of the unfused tensor.
  std::string summed(const std::string& like) {
    const std::string& r = r_;
    std::string four;
    for (int k = 0; k < 4; ++k) {
      const std::string lane = "l" + std::to_string(k), at = r + "_at" + lane;  // no "_N" tail (below)
      std::string v;
      std::string body = element(at, &v, lane);
      body += keep(at, v);
      four += "const int64_t " + at + " = " + r + "_s + " + r + "_i + " + std::to_string(k) + ";\n" +
              advance_counters(lane) + body + r + "_a" + std::to_string(k) + " += " + v + ";\n";
    }
    std::string v;
    std::string rest = element(r + "_at", &v);
    rest += keep(r + "_at", v);
    std::string leaf = "double " + r + "_a0 = 0, " + r + "_a1 = 0, " + r + "_a2 = 0, " + r + "_a3 = 0;\nint64_t " + r +
                       "_i = 0;\n" + start_counters(r + "_s") + "for (; " + r + "_i + 4 <= " + r + "_m; " + r +
                       "_i += 4) {\n" + indent(four) + "}\n" + "for (; " + r + "_i < " + r + "_m; ++" + r + "_i) {\n" +
                       indent("const int64_t " + r + "_at = " + r + "_s + " + r + "_i;\n" + rest + r + "_a0 += " + v +
                              ";\n" + advance_counters()) +
                       "}\n" + r + "_ret = (" + r + "_a0 + " + r + "_a1) + (" + r + "_a2 + " + r + "_a3);\n";
    auto push = [&](const std::string& start, const std::string& len) {
      return "++" + r + "_sp;\n" + r + "_start[" + r + "_sp] = " + start + ";\n" + r + "_len[" + r + "_sp] = " + len +
             ";\n" + r + "_stage[" + r + "_sp] = 0;\ncontinue;\n";
    };
    const std::string top = "[" + r + "_sp]";
    std::string step =
        "const int64_t " + r + "_s = " + r + "_start" + top + ", " + r + "_m = " + r + "_len" + top + ", " + r +
        "_h = " + r + "_m / 2 / 8 * 8;\n" +
        "if (" + r + "_stage" + top + " == 0 && " + r + "_m > 128) {\n" +
        indent(r + "_stage" + top + " = 1;\n" + push(r + "_s", r + "_h")) + "}\n" +
        "if (" + r + "_stage" + top + " == 1) {\n" +
        indent(r + "_left" + top + " = " + r + "_ret;\n" + r + "_stage" + top + " = 2;\n" +
               push(r + "_s + " + r + "_h", r + "_m - " + r + "_h")) + "}\n" +
        "if (" + r + "_stage" + top + " == 2) {\n" + indent(r + "_ret = " + r + "_left" + top + " + " + r + "_ret;\n") +
        "} else {\n" + indent(leaf) + "}\n" + "if (" + r + "_sp == 0) break;\n--" + r + "_sp;\n";
    const std::string sum = r + "_ret" + (mean_ ? " / (double)" + r + "_n" : "");
    const std::string out = kept_ ? "fx_tensor* " + r + "_out = fx_rt_tensor_f64_like(" + like + ");\ndouble* " + r +
                                        "_o = (double*)" + r + "_out->data;\n"
                                  : "";
    return out + "int64_t " + r + "_start[64], " + r + "_len[64];\nint " + r + "_stage[64];\ndouble " + r + "_left[64], " +
           r + "_ret = 0;\nint " + r + "_sp = 0;\n" + r + "_start[0] = 0;\n" + r + "_len[0] = " + r + "_n;\n" + r +
           "_stage[0] = 0;\nfor (;;) {\n" + indent(step) + "}\n" +
           (kept_ ? r + ".e0 = " + sum + ";\n" + r + ".e1 = " + r + "_out;\n" : r + " = " + sum + ";\n");
  }

  // With a kept operand: the statement writing element `at` of the loop's tensor.
  std::string keep(const std::string& at, const std::string& value) const {
    return kept_ ? r_ + "_o[" + at + "] = " + value + ";\n" : "";
  }

  static std::string indent(const std::string& code) { return indent_lines(code); }

  const FusedLoop& f_;
  const std::string r_;
  const Node* root_;
  bool sum_ = false;   // the kernel ends in a full sum (or mean)
  bool mean_ = false;  // ... a mean: the sum divided by the count, as the runtime's
  bool kept_ = false;  // ... and returns its operand too, as a tensor the loop writes
  bool is_suffix(size_t i) const { return std::find(suffixes_.begin(), suffixes_.end(), i) != suffixes_.end(); }

  std::vector<size_t> tensors_;   // inputs of the result's shape (the first one gives it)
  std::vector<size_t> suffixes_;  // inputs of lower rank, broadcast over the leading axes
};

}  // namespace

std::string fused_loop(const FusedLoop& f) { return Writer(f).run(); }

}  // namespace fx::codegen

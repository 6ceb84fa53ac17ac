// The tensor program generator (tensor_program_gen.hpp).
#include "tensor_program_gen.hpp"

#include <iterator>

namespace fx::fuzz {

namespace {

constexpr const char* kArith[] = {"+", "-", "*", "/", "**"};
constexpr const char* kReduce[] = {"sum", "mean", "max", "min", "logsumexp", "norm", "prod"};
constexpr const char* kCompare[] = {"<", ">", "<=", ">="};

}  // namespace

std::string TensorProgramGen::fresh(const char* prefix) { return prefix + std::to_string(++counter_); }

std::string TensorProgramGen::constant() { return float_constant(in_); }

std::string TensorProgramGen::literal() {
  std::string s = "[";
  for (size_t i = 0; i < n_; ++i) s += (i ? ", " : "") + constant();
  return s + "]";
}

std::string TensorProgramGen::index() {
  int64_t n = static_cast<int64_t>(n_);
  return std::to_string(static_cast<int64_t>(in_.pick(2 * n_)) - n);
}

std::string TensorProgramGen::scalar(const Pool& pool, int depth) {
  std::string a = vec(pool, depth);
  switch (in_.pick(4)) {
    case 0: return std::string(kReduce[in_.pick(std::size(kReduce))]) + "(" + a + ")";
    case 1: return "dot(" + a + ", " + vec(pool, depth) + ")";
    case 2: return a + "[" + index() + "]";
    default: return "sum(" + a + ")";
  }
}

std::string TensorProgramGen::vec(const Pool& pool, int depth) {
  if (depth <= 0 || in_.chance(40))
    return in_.chance(30) && !informative_ ? literal() : pool[in_.pick(pool.size())];
  auto sub = [&] { return vec(pool, depth - 1); };
  const std::string n = std::to_string(n_);
  switch (in_.pick(16)) {
    case 0:
    case 1: {  // elementwise, the right operand a vector or a broadcast scalar
      std::string a = sub();
      std::string op = kArith[in_.pick(std::size(kArith))];
      // Informative programs raise only positive bases (a negative one to a fractional power is nan).
      if (informative_ && op == std::string("**")) a = "(abs(" + a + ") + 0.5)";
      return "(" + a + " " + op + " " + (in_.chance(90) ? constant() : sub()) + ")";
    }
    case 2:
    case 3: return std::string(unary_function(in_)) + "(" + sub() + ")";
    case 4: {
      std::string a = sub();
      return std::string(in_.chance(128) ? "maximum(" : "minimum(") + a + ", " + sub() + ")";
    }
    case 5: {  // a reduction broadcast back over a vector
      std::string s = scalar(pool, depth - 1);
      return "(" + s + " * " + sub() + ")";
    }
    case 6: {  // a constant matrix, or an outer product, times a vector
      std::string m = "[";
      for (size_t i = 0; i < n_; ++i) m += (i ? ", " : "") + literal();
      std::string a = sub();
      return in_.chance(128) ? "(" + m + "] @ " + a + ")" : "(outer(" + a + ", " + sub() + ") @ " + literal() + ")";
    }
    case 7: return sub() + "[::-1]";
    case 8: {  // a rotation by slicing and concat (of a variable: its value is used twice)
      std::string v = pool[in_.pick(pool.size())];
      return n_ == 1 ? v : "concat((" + v + "[1:], " + v + "[:1]))";
    }
    case 9: {
      std::string c = constant(), a = sub();
      return "where(" + a + " " + kCompare[in_.pick(std::size(kCompare))] + " " + c + ", " + a + ", " + sub() + ")";
    }
    case 10: return std::string(in_.chance(128) ? "softmax(" : "log_softmax(") + sub() + ")";
    case 11: {
      std::string a = sub(), lo = constant();
      return "clip(" + a + ", " + lo + ", " + lo + " + 1.5)";
    }
    case 12: return "[" + std::string(unary_function(in_)) + "(t) * " + constant() + " for t in " + sub() + "]";
    case 13: {
      std::string a = sub();
      switch (in_.pick(3)) {
        case 0: return "diag(outer(" + a + ", " + sub() + "))";
        case 1: return "stack((" + a + ", " + sub() + "))[" + std::to_string(in_.pick(2)) + "]";
        default: return "reshape(" + a + ", (" + n + ", 1))[:, 0]";
      }
    }
    case 14: return helper() + "(" + sub() + ")";
    default: {
      std::string a = sub(), b = sub();
      return "(" + a + " if " + scalar(pool, 0) + " > " + constant() + " else " + b + ")";
    }
  }
}

void TensorProgramGen::stmt(Pool& pool, int indent, std::vector<std::string>& out) {
  const std::string p = pad(indent);
  const bool top = indent == 1;
  size_t kind = in_.pick(top ? 9 : 5);
  if (loops_ >= 2 && (kind == 3 || kind == 4)) kind = 0;
  std::string target = pool[in_.pick(pool.size())];
  switch (kind) {
    case 0: out.push_back(p + target + " = " + vec(pool, 2)); return;
    case 1: {  // an in-place element update
      static constexpr const char* kOps[] = {"=", "+=", "*="};
      out.push_back(p + target + "[" + index() + "] " + kOps[in_.pick(3)] + " " + scalar(pool, 1));
      return;
    }
    case 2: {
      out.push_back(p + "if " + scalar(pool, 1) + " " + kCompare[in_.pick(std::size(kCompare))] + " " +
                    constant() + ":");
      out.push_back(p + "    " + target + " = " + vec(pool, 2));
      if (in_.chance(128)) {
        out.push_back(p + "else:");
        out.push_back(p + "    " + target + "[" + index() + "] = " + scalar(pool, 1));
      }
      return;
    }
    case 3: {  // for, with element updates through the loop index
      std::string i = fresh("i");
      out.push_back(p + "for " + i + " in range(" + std::to_string(in_.pick(6)) + "):");
      ++loops_;
      out.push_back(p + "    " + target + " = 0.7 * " + target + " + 0.3 * " + vec(pool, 1));
      if (in_.chance(128))
        out.push_back(p + "    " + target + "[" + i + " % " + std::to_string(n_) + "] += " + scalar(pool, 0));
      if (in_.chance(60)) stmt(pool, indent + 1, out);
      --loops_;
      return;
    }
    case 4: {  // while on a reduction, with a counter bound
      std::string k = fresh("k");
      out.push_back(p + k + " = 0");
      out.push_back(p + "while sum(" + target + ") < " + constant() + " and " + k + " < " +
                    std::to_string(1 + in_.pick(8)) + ":");
      ++loops_;
      out.push_back(p + "    " + target + " = " + target + " + 0.25 + 0.1 * " + vec(pool, 1));
      out.push_back(p + "    " + k + " += 1");
      --loops_;
      return;
    }
    case 5: {  // a new variable
      std::string name = fresh("v");
      out.push_back(p + name + " = " + vec(pool, 2));
      pool.push_back(name);
      return;
    }
    case 6: {  // a lambda over the locals
      std::string name = fresh("c");
      Pool with_t = pool;
      with_t.push_back("t");
      out.push_back(p + name + " = lambda t: " + vec(with_t, 2));
      out.push_back(p + target + " = " + name + "(" + vec(pool, 1) + ") + 0.5 * " + name + "(" + target + ")");
      return;
    }
    case 8: {  // tree_map over a (vector, scalar) tree: one lambda called at two leaf types
      std::string t = fresh("m");
      out.push_back(p + t + " = tree_map(lambda a, b: a * " + constant() + " + " + unary_function(in_) + "(b), (" +
                    target + ", " + scalar(pool, 1) + "), (" + vec(pool, 1) + ", " + constant() + "))");
      out.push_back(p + target + " = " + t + "[0] * " + t + "[1]");
      return;
    }
    default: {  // a tuple of a vector and a scalar, unpacked
      std::string t = fresh("t"), s = fresh("s");
      out.push_back(p + t + " = (" + vec(pool, 1) + ", " + scalar(pool, 1) + ")");
      out.push_back(p + target + ", " + s + " = " + t + "[0], " + t + "[1]");
      out.push_back(p + target + " = " + target + " * " + s);
      return;
    }
  }
}

std::string TensorProgramGen::helper() {
  if (!helpers_.empty() && (helper_depth_ > 0 || in_.chance(128))) return helpers_[in_.pick(helpers_.size())];
  if (helper_depth_ > 0) return "relu";
  ++helper_depth_;
  std::string name = "g" + std::to_string(helpers_.size());
  std::string body = vec(Pool{"a"}, 2);
  defs_.push_back("def " + name + "(a):\n    return " + body + "\n");
  helpers_.push_back(name);
  --helper_depth_;
  return name;
}

std::string TensorProgramGen::main_body() {
  std::string x = literal(), t = literal();
  std::string s = "def main():\n    x = " + x + "\n    print(f(x))\n";
  point_ = x;
  size_t n = 1 + in_.pick(4);
  for (size_t i = 0; i < n; ++i) {
    switch (in_.pick(8)) {
      case 0: s += "    print(grad(f)(x))\n"; break;
      case 1: s += "    print(value_and_grad(f)(x))\n"; break;
      case 2: s += "    print(jvp(f, (x,), (" + t + ",)))\n"; break;
      case 3: s += "    y, back = vjp(f, x)\n    print(y, back(1.0))\n"; break;
      case 4: s += "    print(jacfwd(f)(x))\n"; break;
      case 5: s += "    print(jacrev(lambda u: grad(f)(u))(x))\n"; break;
      case 6: s += "    print(hessian(f)(x))\n"; break;
      default: s += "    print(grad(lambda u: sum(grad(f)(u) * " + t + "))(x))\n";
    }
  }
  return s;
}

std::string TensorProgramGen::generate() {
  n_ = 1 + in_.pick(4);
  Pool pool{"x"};
  std::vector<std::string> body;
  if (in_.chance(128)) {  // a working copy, so that element updates do not start from the argument
    body.push_back("    w = x * 1.0");
    pool.push_back("w");
  }
  size_t count = 1 + in_.pick(6);
  for (size_t i = 0; i < count; ++i) stmt(pool, 1, body);
  std::string ret = scalar(pool, 2);
  std::string main_text = main_body();
  std::string text;
  for (const std::string& d : defs_) text += d + "\n";
  text += "def f(x):\n";
  for (const std::string& line : body) text += line + "\n";
  text += "    return " + ret + "\n\n" + main_text;
  // The invariant ad_fuzz checks after main() (reads no bytes: the corpus keeps its programs):
  // reverse mode and forward mode give the same gradient at main's point.
  return text + "\ndef fuzz_check():\n    x = " + point_ + "\n    return (grad(f)(x), jacfwd(f)(x))\n";
}

}  // namespace fx::fuzz

// The fuzz program generator (program_gen.hpp).
#include "program_gen.hpp"

#include <cstdio>

namespace fx::fuzz {

namespace {

constexpr const char* kUnary[] = {"sin", "cos", "tan", "tanh", "exp", "log", "sqrt", "sigmoid", "softplus",
                                  "log1p", "expm1", "abs", "relu", "floor", "ceil", "sign", "stop_gradient"};
constexpr const char* kBinary[] = {"+", "-", "*", "/", "**", "//", "%"};
constexpr const char* kTwoArg[] = {"max", "min", "maximum", "minimum"};
constexpr const char* kCompare[] = {"<", ">", "<=", ">=", "==", "!="};

}  // namespace

std::string pad(int indent) { return std::string(4 * static_cast<size_t>(indent), ' '); }

std::string float_constant(ByteSource& in) {
  static constexpr const char* kEdges[] = {"0.0", "1.0", "(-1.0)", "2.0", "0.5", "1e308", "(-0.0)", "1e-300"};
  uint8_t b = in.byte();
  if (b >= 224) return kEdges[b % 8];
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", (static_cast<int>(b) - 112) / 32.0);
  std::string s = text;
  return s[0] == '-' ? "(" + s + ")" : s;
}

const char* unary_function(ByteSource& in) { return kUnary[in.pick(std::size(kUnary))]; }

std::string ProgramGen::fresh(const char* prefix) { return prefix + std::to_string(++counter_); }

std::string ProgramGen::constant() { return float_constant(in_); }

std::string ProgramGen::leaf(const Pool& pool) {
  if (!pool.empty() && !in_.chance(50)) return pool[in_.pick(pool.size())];
  return constant();
}

std::string ProgramGen::expr(const Pool& pool, int depth, bool calls) {
  if (depth <= 0) return leaf(pool);
  auto sub = [&] { return expr(pool, depth - 1, calls); };
  switch (in_.pick(calls ? 12 : 8)) {
    case 0: return leaf(pool);
    case 1:
    case 2: {
      std::string a = sub();
      return "(" + a + " " + kBinary[in_.pick(std::size(kBinary))] + " " + sub() + ")";
    }
    case 3:
    case 4: return std::string(unary_function(in_)) + "(" + sub() + ")";
    case 5: {
      std::string a = sub();
      return std::string(kTwoArg[in_.pick(std::size(kTwoArg))]) + "(" + a + ", " + sub() + ")";
    }
    case 6: {  // a conditional expression
      std::string a = sub(), b = sub();
      return "(" + a + " if " + cond(pool) + " else " + b + ")";
    }
    case 7: return "(-" + sub() + ")";
    case 8: {  // a helper; one with a default parameter is called with and without it
      std::string h = helper(), a = sub();
      if (h.back() != 'd') return h + "(" + a + ")";
      switch (in_.pick(3)) {
        case 0: return h + "(" + a + ")";
        case 1: return h + "(" + a + ", " + constant() + ")";
        default: return h + "(" + a + ", k=" + constant() + ")";
      }
    }
    case 9: return recursive() + "(" + sub() + ", " + std::to_string(in_.pick(6)) + ")";
    case 10: return higher_order() + "(lambda t: " + expr(Pool{"t"}, 1, false) + ", " + sub() + ")";
    default: return maker() + "(" + sub() + ")(" + sub() + ")";
  }
}

std::string ProgramGen::cond(const Pool& pool) {
  std::string a = expr(pool, 1, false);
  std::string c = a + " " + kCompare[in_.pick(std::size(kCompare))] + " " + constant();
  switch (in_.pick(4)) {
    case 1: return c + " and " + expr(pool, 1, false) + " < " + constant();
    case 2: return c + " or " + expr(pool, 1, false) + " > " + constant();
    case 3: return "not " + c;
    default: return c;
  }
}

void ProgramGen::block(Pool& pool, int indent, std::vector<std::string>& out) {
  // New variables are introduced only at the top level of a body: a variable assigned in
  // one branch only would make most programs fail with "used before it is assigned".
  Pool inner = pool;
  size_t n = 1 + in_.pick(2);
  for (size_t i = 0; i < n; ++i) stmt(inner, indent, out);
}

void ProgramGen::stmt(Pool& pool, int indent, std::vector<std::string>& out) {
  const std::string p = pad(indent);
  const bool top = indent == 1;
  size_t kind = in_.pick(top ? 9 : 5);
  if (!top && kind >= 2) kind += 1;  // no new variables inside blocks
  if (loops_ >= 2 && (kind == 4 || kind == 5)) kind = 0;
  switch (kind) {
    case 0: {  // reassign
      std::string target = pool[in_.pick(pool.size())];
      out.push_back(p + target + " = " + expr(pool, 2, true));
      return;
    }
    case 1: {  // augmented assignment
      std::string target = pool[in_.pick(pool.size())];
      static constexpr const char* kOps[] = {"+=", "-=", "*="};
      out.push_back(p + target + " " + kOps[in_.pick(3)] + " " + expr(pool, 1, true));
      return;
    }
    case 2: {  // a new variable (top level only)
      std::string name = fresh("v");
      out.push_back(p + name + " = " + expr(pool, 2, true));
      pool.push_back(name);
      return;
    }
    case 3: {  // if / elif / else
      size_t arms = 1 + in_.pick(3);
      for (size_t i = 0; i < arms; ++i) {
        out.push_back(p + (i == 0 ? "if " : "elif ") + cond(pool) + ":");
        block(pool, indent + 1, out);
      }
      if (in_.chance(150)) {
        out.push_back(p + "else:");
        block(pool, indent + 1, out);
      }
      return;
    }
    case 4: {  // while with a data-dependent exit and a counter bound
      std::string counter = fresh("n");
      std::string target = pool[in_.pick(pool.size())];
      out.push_back(p + counter + " = 0");
      out.push_back(p + "while " + target + " < " + constant() + " and " + counter + " < " +
                    std::to_string(1 + in_.pick(12)) + ":");
      ++loops_;
      out.push_back(p + "    " + target + " = " + target + " + 0.25 + " + expr(pool, 1, false));
      if (in_.chance(100)) block(pool, indent + 1, out);
      out.push_back(p + "    " + counter + " += 1");
      --loops_;
      return;
    }
    case 5: {  // for with break / continue
      std::string index = fresh("i");
      std::string target = pool[in_.pick(pool.size())];
      out.push_back(p + "for " + index + " in range(" + std::to_string(in_.pick(8)) + "):");
      ++loops_;
      Pool inner = pool;
      inner.push_back("float(" + index + ")");
      if (in_.chance(100)) {
        out.push_back(p + "    if " + cond(inner) + ":");
        out.push_back(p + "        " + (in_.chance(128) ? "break" : "continue"));
      }
      out.push_back(p + "    " + target + " = 0.7 * " + target + " + 0.3 * " + expr(inner, 2, true));
      if (in_.chance(60)) block(pool, indent + 1, out);
      --loops_;
      return;
    }
    case 6: {  // a lambda over the locals, used at once
      std::string name = fresh("c");
      Pool with_t = pool;
      with_t.push_back("t");
      std::string target = pool[in_.pick(pool.size())];
      out.push_back(p + name + " = lambda t: " + expr(with_t, 2, false));
      out.push_back(p + target + " = " + name + "(" + expr(pool, 1, false) + ") + 0.5 * " + name + "(" + target + ")");
      return;
    }
    case 7: {  // a nested def over the locals
      std::string name = fresh("d");
      Pool with_t = pool;
      with_t.push_back("t");
      std::string target = pool[in_.pick(pool.size())];
      out.push_back(p + "def " + name + "(t):");
      if (in_.chance(100)) {
        out.push_back(p + "    if " + cond(with_t) + ":");
        out.push_back(p + "        return " + expr(with_t, 1, false));
      }
      out.push_back(p + "    return " + expr(with_t, 2, false));
      out.push_back(p + target + " = " + name + "(" + target + ")");
      return;
    }
    default: {  // a tuple, unpacked
      std::string a = pool[in_.pick(pool.size())], b = pool[in_.pick(pool.size())];
      std::string t = fresh("t");
      out.push_back(p + t + " = (" + expr(pool, 1, false) + ", " + expr(pool, 1, false) + ")");
      out.push_back(p + a + ", " + b + " = " + t + "[1], " + t + "[0]");
      return;
    }
  }
}

std::string ProgramGen::helper() {
  if (!helpers_.empty() && in_.chance(128)) return helpers_[in_.pick(helpers_.size())];
  // A name ending in "d" has a parameter k with a default value.
  const bool with_default = in_.chance(100);
  std::string name = "h" + std::to_string(helpers_.size()) + (with_default ? "d" : "");
  if (with_default)
    defs_.push_back("def " + name + "(a, k=" + constant() + "):\n    return " + expr(Pool{"a", "k"}, 2, false) + "\n");
  else
    defs_.push_back("def " + name + "(a):\n    return " + expr(Pool{"a"}, 2, false) + "\n");
  helpers_.push_back(name);
  return name;
}

std::string ProgramGen::recursive() {
  if (!rec_.empty()) return rec_;
  rec_ = "rec";
  std::string base = expr(Pool{"v"}, 1, false), step = expr(Pool{"v"}, 1, false);
  defs_.push_back("def rec(v, n):\n    if n <= 0:\n        return " + base + "\n    return tanh(rec(0.9 * " + step +
                  ", n - 1)) + 0.5 * v\n");
  return rec_;
}

std::string ProgramGen::higher_order() {
  if (!apply_.empty()) return apply_;
  apply_ = "twice";
  defs_.push_back("def twice(g, a):\n    return g(g(a)) + " + expr(Pool{"a"}, 1, false) + "\n");
  return apply_;
}

std::string ProgramGen::maker() {
  if (!maker_.empty()) return maker_;
  maker_ = "make";
  defs_.push_back("def make(k):\n    def scaled(z):\n        return k * " + expr(Pool{"z"}, 1, false) +
                  "\n    return scaled\n");
  return maker_;
}

std::string ProgramGen::main_body(size_t nargs) {
  std::string x = constant(), y = constant();
  std::string args = nargs == 1 ? x : x + ", " + y;
  std::string all = nargs == 1 ? "0" : "(0, 1)";
  point_ = args, all_args_ = all;
  std::string s = "def main():\n    print(f(" + args + "))\n";
  size_t n = 1 + in_.pick(4);
  for (size_t i = 0; i < n; ++i) {
    switch (in_.pick(9)) {
      case 0: s += "    print(grad(f, argnums=" + all + ")(" + args + "))\n"; break;
      case 1: s += "    print(value_and_grad(f)(" + args + "))\n"; break;
      case 2:
        s += nargs == 1 ? "    print(jvp(f, (" + x + ",), (1.0,)))\n"
                        : "    print(jvp(f, (" + x + ", " + y + "), (1.0, 0.5)))\n";
        break;
      case 3:
        s += "    y, back = vjp(f, " + args + ")\n    print(y, back(1.0))\n";
        break;
      case 4:
        s += nargs == 1 ? "    print(derivative(derivative(f))(" + x + "))\n"
                        : "    print(derivative(lambda u: f(u, " + y + "))(" + x + "))\n";
        break;
      case 5: s += "    print(jacfwd(f, argnums=" + all + ")(" + args + "))\n"; break;
      case 6: s += "    print(jacrev(f, argnums=" + all + ")(" + args + "))\n"; break;
      case 7: s += "    print(hessian(f, argnums=" + all + ")(" + args + "))\n"; break;
      default: s += "    print(grad(lambda u: grad(f)(u" + std::string(nargs == 1 ? "" : ", " + y) + "))(" + x + "))\n";
    }
  }
  return s;
}

std::string ProgramGen::generate() {
  const size_t nargs = 1 + in_.pick(2);
  Pool pool{"x"};
  if (nargs == 2) pool.push_back("y");
  std::vector<std::string> body;
  size_t n = 1 + in_.pick(6);
  for (size_t i = 0; i < n; ++i) stmt(pool, 1, body);
  std::string ret = expr(pool, 2, true);
  std::string text;
  std::string main_text = main_body(nargs);
  for (const std::string& d : defs_) text += d + "\n";
  text += nargs == 1 ? "def f(x):\n" : "def f(x, y):\n";
  for (const std::string& line : body) text += line + "\n";
  text += "    return " + ret + "\n\n" + main_text;
  // The invariant ad_fuzz checks after main() (reads no bytes: the corpus keeps its programs):
  // reverse mode and forward mode give the same derivative at main's point.
  text += "\ndef fuzz_check():\n    return (grad(f, argnums=" + all_args_ + ")(" + point_ + "), jacfwd(f, argnums=" +
          all_args_ + ")(" + point_ + "))\n";
  return text;
}

}  // namespace fx::fuzz

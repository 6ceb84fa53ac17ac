// Text form of the IR, as shown by `fluxion ir`. One line per node:
//   %x.12 = add(%a.3, 1.0) : f64        # prog.fx:4:11
// Graph constants print as @name.id; nested graphs print after their parent, indented.
#include <algorithm>
#include <sstream>

#include "ir/ir.hpp"
#include "support/number_format.hpp"

namespace fx::ir {

namespace {

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') { out += "\\n"; continue; }
    out += c;
  }
  return out + "\"";
}

std::string graph_ref(const Graph* g) { return "@" + g->name + "." + std::to_string(g->id); }

std::string node_ref(const Node* n) {
  if (n->is_constant()) return print_const(n->value);
  if (n->name.empty()) return "%" + std::to_string(n->id);
  return "%" + n->name + "." + std::to_string(n->id);
}

std::string typed(const Node* n, TypeNamer namer) {
  if (!namer || !n->type) return "";
  return " : " + namer(n->type);
}

const char* role_name(GraphRole r) {
  switch (r) {
    case GraphRole::Function: return "function";
    case GraphRole::Lambda: return "lambda";
    case GraphRole::Branch: return "branch";
    case GraphRole::Join: return "join";
    case GraphRole::LoopCond: return "loop condition";
    case GraphRole::LoopBody: return "loop body";
    case GraphRole::Init: return "constant";
    case GraphRole::Eval: return "eval";
  }
  return "?";
}

std::string location(const SourceLoc& loc) {
  if (!loc.valid()) return "";
  return loc.file->path + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col);
}

void print_one(std::ostringstream& os, const Graph& g, TypeNamer namer, const std::string& indent) {
  os << indent << "graph " << graph_ref(&g) << "(";
  for (size_t i = 0; i < g.params.size(); ++i) {
    if (i) os << ", ";
    os << node_ref(g.params[i]) << typed(g.params[i], namer);
  }
  os << ")";
  if (g.parent) os << " in " << graph_ref(g.parent);
  os << "  # " << role_name(g.role);
  if (g.loc.valid()) os << " at " << location(g.loc);
  os << "\n";
  for (const Node* n : g.body) {
    std::string line = indent + "  " + node_ref(n) + " = ";
    Prim p;
    if (n->prim_callee(&p)) {
      line += prim_name(p);
    } else {
      line += "call " + node_ref(n->callee());
    }
    line += "(";
    size_t positional = n->num_args() - n->keywords.size();
    for (size_t i = 0; i < n->num_args(); ++i) {
      if (i) line += ", ";
      if (i >= positional) line += n->keywords[i - positional] + "=";
      line += node_ref(n->arg(i));
    }
    line += ")" + typed(n, namer);
    if (n->loc.valid()) {
      line.resize(std::max<size_t>(line.size() + 2, 48), ' ');
      line += "# " + std::to_string(n->loc.line) + ":" + std::to_string(n->loc.col);
    }
    os << line << "\n";
  }
  os << indent << "  return " << (g.output ? node_ref(g.output) : "<none>") << "\n";
}

int depth_below(const Graph* g, const Graph* root) {
  int d = 0;
  for (; g && g != root; g = g->parent) ++d;
  return d;
}

}  // namespace

std::string print_const(const ConstValue& v) {
  struct Visitor {
    std::string operator()(Undef) const { return "undef"; }
    std::string operator()(NoneVal) const { return "None"; }
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const { return format_float(d); }
    std::string operator()(bool b) const { return b ? "True" : "False"; }
    std::string operator()(const std::string& s) const { return quote(s); }
    std::string operator()(Prim p) const { return prim_name(p); }
    std::string operator()(Graph* g) const { return graph_ref(g); }
    std::string operator()(const StructDecl* s) const { return "struct " + s->name; }
    std::string operator()(const VariantDecl* v) const { return v->owner->name + "." + v->name; }
  };
  return std::visit(Visitor{}, v);
}

std::string print_graph(const Graph& g, TypeNamer namer) {
  std::ostringstream os;
  print_one(os, g, namer, "");
  return os.str();
}

std::string print_graph_tree(const Module& m, const Graph& g, TypeNamer namer) {
  std::ostringstream os;
  print_one(os, g, namer, "");
  // Nested graphs in creation order, indented by nesting depth.
  for (const auto& other : m.graphs) {
    if (other.get() == &g || !other->nested_in(&g)) continue;
    os << "\n";
    print_one(os, *other, namer, std::string(2 * depth_below(other.get(), &g), ' '));
  }
  return os.str();
}

std::string print_module(const Module& m, TypeNamer namer) {
  std::ostringstream os;
  bool first = true;
  for (const auto& g : m.graphs) {
    if (g->parent) continue;
    if (!first) os << "\n";
    first = false;
    os << print_graph_tree(m, *g, namer);
  }
  return os.str();
}

}  // namespace fx::ir

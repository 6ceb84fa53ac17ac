#include "ad/print.hpp"

#include <unordered_set>
#include <vector>

namespace fx::ad {

using ir::Graph;

namespace print_impl {

// `root` and the generated graphs it refers to by constant, transitively, minus `done`.
std::vector<const Graph*> reachable(Context& cx, const Graph* root, std::unordered_set<const Graph*>& done) {
  std::vector<const Graph*> out;
  if (!done.insert(root).second) return out;
  out.push_back(root);
  for (size_t i = 0; i < out.size(); ++i)
    for (const ir::Node* n : out[i]->body)
      for (const ir::Node* x : n->inputs)
        if (x->holds_graph() && cx.is_generated(x->as_graph()) && done.insert(x->as_graph()).second)
          out.push_back(x->as_graph());
  return out;
}

void section(std::string& text, const std::string& title, const std::vector<const Graph*>& graphs, ir::TypeNamer namer) {
  if (!text.empty()) text += "\n";
  text += "# " + title + "\n";
  for (const Graph* g : graphs) text += "\n" + ir::print_graph(*g, namer);
}

}  // namespace print_impl

std::string print_ad_stage(Context& cx, const Graph* g, ir::TypeNamer namer) {
  using print_impl::reachable;
  std::string name = g->name.substr(0, g->name.find('['));
  Graph* closed = cx.convert(g).graph;
  Graph* t = cx.forward(closed);
  Graph* j = cx.reverse(closed);
  std::unordered_set<const Graph*> done;
  std::string text;
  print_impl::section(text, "cc(" + name + "): closure conversion", reachable(cx, closed, done), namer);
  print_impl::section(text, "T(cc(" + name + ")): forward mode", reachable(cx, t, done), namer);
  print_impl::section(text, "J(cc(" + name + ")): reverse mode, with its pullback", reachable(cx, j, done), namer);
  // The nested graphs (branches, loop bodies, closures) are transformed when jfn/tfn meet
  // them at run time; show those transforms too.
  std::vector<const Graph*> nested;
  for (const auto& other : cx.module().graphs)
    if (other.get() != g && other->nested_in(g)) nested.push_back(other.get());
  for (const Graph* h : nested) {
    Graph* ch = cx.convert(h).graph;
    std::string inner = h->name.empty() ? "lambda" : h->name;
    print_impl::section(text, "T and J of cc(" + inner + "), nested in " + name,
                        [&] {
                          auto a = reachable(cx, cx.forward(ch), done);
                          auto b = reachable(cx, cx.reverse(ch), done);
                          a.insert(a.end(), b.begin(), b.end());
                          return a;
                        }(),
                        namer);
  }
  return text;
}

}  // namespace fx::ad

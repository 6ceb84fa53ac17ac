// The IR verifier: structural invariants every pass must preserve (docs/ir.md).
// Tests run it after every stage, so a broken pass is named at once instead of
// surfacing later as a wrong answer or a crash in the interpreter.
#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>

#include "ir/code_operands.hpp"
#include "ir/ir.hpp"
#include "support/diagnostics.hpp"

namespace fx::ir {

namespace {

class Verifier {
 public:
  Verifier(const Module& m, std::string pass) : m_(m), pass_(std::move(pass)) {}

  void run() {
    for (const auto& g : m_.graphs) index_graph(*g);
    for (const auto& g : m_.graphs) check_graph(*g);
    for (const auto& [name, g] : m_.functions)
      if (!g || g->parent) fail(nullptr, "top-level function '" + name + "' is missing or nested");
  }

 private:
  [[noreturn]] void fail(const Graph* g, const std::string& what) {
    std::string where = g ? " in graph @" + g->name + "." + std::to_string(g->id) : "";
    internal_error("IR verifier after " + pass_, what + where);
  }

  void index_graph(const Graph& g) {
    for (size_t i = 0; i < g.params.size(); ++i) position_[g.params[i]] = -1;
    for (size_t i = 0; i < g.body.size(); ++i) {
      if (position_.count(g.body[i])) fail(&g, "node %" + std::to_string(g.body[i]->id) + " appears twice");
      position_[g.body[i]] = static_cast<long>(i);
    }
  }

  // May `input` be used by a node of graph `g` at body position `pos`?
  void check_use(const Graph& g, const Node* input, long pos, const Node* user) {
    if (!input) fail(&g, "null input");
    std::string who = user ? "node %" + std::to_string(user->id) : "output";
    if (input->is_constant()) {
      if (input->holds_graph()) {
        const Graph* target = input->as_graph();
        if (target->parent && !g.nested_in(target->parent))
          fail(&g, who + " refers to @" + target->name + " outside its enclosing graph");
      }
      return;
    }
    auto it = position_.find(input);
    if (it == position_.end() || !input->graph) fail(&g, who + " uses a node that belongs to no graph");
    if (!g.nested_in(input->graph))
      fail(&g, who + " uses %" + std::to_string(input->id) + " of a graph that does not enclose it");
    if (input->graph == &g && input->is_apply() && it->second >= pos)
      fail(&g, who + " uses %" + std::to_string(input->id) + " before it is defined");
  }

  void check_graph(const Graph& g) {
    if (g.param_types.size() != g.params.size()) fail(&g, "param_types and params differ in length");
    if (g.param_defaults.size() != g.params.size()) fail(&g, "param_defaults and params differ in length");
    for (const Node* d : g.param_defaults)
      if (d && !d->is_constant()) fail(&g, "a parameter default is not a constant");
    for (const Node* p : g.params)
      if (!p->is_parameter() || p->graph != &g) fail(&g, "bad parameter");
    for (size_t i = 0; i < g.body.size(); ++i) {
      const Node* n = g.body[i];
      if (!n->is_apply() || n->graph != &g) fail(&g, "body holds a non-Apply or foreign node");
      if (n->inputs.empty()) fail(&g, "apply without callee");
      if (n->keywords.size() > n->num_args()) fail(&g, "more keywords than arguments");
      for (size_t k = 0; k < n->inputs.size(); ++k) {
        const Node* in = n->inputs[k];
        if (is_code_operand(n, k)) {  // code named from anywhere (code_operands.hpp)
          if (n->is_prim_apply(Prim::ClosureAt) && (!in->holds_graph() || !in->as_graph()->origin))
            fail(&g, "closure_at node %" + std::to_string(n->id) + " lists something other than a typed clone");
          if (in->holds_graph() && in->as_graph()->origin) continue;
        }
        check_use(g, in, static_cast<long>(i), n);
      }
      Prim p;
      if (n->prim_callee(&p)) {
        int arity = prim_info(p).arity;
        // The two primitives with an optional last operand: a counted loop's trip count, and
        // the room its tape is made with (ops.def).
        const size_t optional_from = p == Prim::While ? 3 : p == Prim::ListEmpty ? 0 : SIZE_MAX;
        if (optional_from != SIZE_MAX && n->num_args() != optional_from && n->num_args() != optional_from + 1)
          fail(&g, std::string("primitive ") + prim_name(p) + " expects " + std::to_string(optional_from) + " or " +
                       std::to_string(optional_from + 1) + " arguments, node %" + std::to_string(n->id) + " has " +
                       std::to_string(n->num_args()));
        if (arity >= 0 && static_cast<size_t>(arity) != n->num_args())
          fail(&g, std::string("primitive ") + prim_name(p) + " expects " + std::to_string(arity) +
                       " arguments, node %" + std::to_string(n->id) + " has " + std::to_string(n->num_args()));
      }
    }
    if (!g.output) fail(&g, "graph has no output");
    check_use(g, g.output, static_cast<long>(g.body.size()), nullptr);
    if (g.parent && std::find_if(m_.graphs.begin(), m_.graphs.end(),
                                 [&](const auto& o) { return o.get() == g.parent; }) == m_.graphs.end())
      fail(&g, "parent graph is not in the module");
  }

  const Module& m_;
  std::string pass_;
  std::unordered_map<const Node*, long> position_;
};

}  // namespace

void verify(const Module& m, const std::string& after_pass) { Verifier(m, after_pass).run(); }

}  // namespace fx::ir

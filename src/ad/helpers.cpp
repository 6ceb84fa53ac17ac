// The helper graphs of the control rules (context.hpp, Helper): small closed graphs
// `(env, ...)` used as the code of make_closure, so that if/while can run transformed
// branches and bodies while staying ordinary IR (and transformable again).
#include "ad/context.hpp"
#include "ad/emit.hpp"

namespace fx::ad {

using ir::Graph;
using ir::Node;
using ir::Prim;

namespace helpers_impl {

const char* helper_name(Helper h) {
  switch (h) {
    case Helper::TCall0: return "ad.tcall0";
    case Helper::JCall0: return "ad.jcall0";
    case Helper::Identity0: return "ad.identity0";
    case Helper::Zeros0: return "ad.zeros0";
    case Helper::TWhileCond: return "ad.twhile_cond";
    case Helper::TWhileBody: return "ad.twhile_body";
    case Helper::JWhileCond: return "ad.jwhile_cond";
    case Helper::JWhileBody: return "ad.jwhile_body";
    case Helper::JWhileBackCond: return "ad.jwhile_back_cond";
    case Helper::JWhileBackBody: return "ad.jwhile_back_body";
    case Helper::JWhileBackBodyAcc: return "ad.jwhile_back_body_acc";
  }
  return "ad.helper";
}

// Branches and loop parts do not count as calls (interp/machine.hpp, counts_as_call).
ir::GraphRole helper_role(Helper h) {
  switch (h) {
    case Helper::TCall0:
    case Helper::JCall0:
    case Helper::Identity0:
    case Helper::Zeros0: return ir::GraphRole::Branch;
    case Helper::TWhileCond:
    case Helper::JWhileCond:
    case Helper::JWhileBackCond: return ir::GraphRole::LoopCond;
    case Helper::TWhileBody:
    case Helper::JWhileBody:
    case Helper::JWhileBackBody:
    case Helper::JWhileBackBodyAcc: return ir::GraphRole::LoopBody;
  }
  return ir::GraphRole::Branch;
}

void build(Context& cx, Helper h, Graph* g) {
  ir::Module& m = cx.module();
  Emitter e(cx, g);
  Node* env = m.add_param(g, "$env", {});
  auto state = [&](int arity) {
    Node* s = m.add_param(g, "$s", {});
    cx.note_arity(s, arity);
    return s;
  };
  switch (h) {
    case Helper::TCall0: {  // env[0] is already tfn(f)
      cx.note_arity(env, 2);
      Node* r = e.call(e.get(env, 0), {e.get(env, 1)});
      cx.note_arity(r, 2);
      g->output = r;
      return;
    }
    case Helper::JCall0: {
      cx.note_arity(env, 1);
      Node* r = e.call(e.op(Prim::Jfn, {e.get(env, 0)}), {});
      cx.note_arity(r, 2);
      g->output = r;
      return;
    }
    case Helper::Identity0:
      cx.note_arity(env, 1);
      g->output = e.get(env, 0);
      return;
    case Helper::Zeros0:
      cx.note_arity(env, 1);
      g->output = e.op(Prim::ZerosLike, {e.get(env, 0)});
      return;
    case Helper::TWhileCond:
    case Helper::JWhileCond: {
      cx.note_arity(env, 1);
      Node* s = state(2);
      g->output = e.call(e.get(env, 0), {e.get(s, 0)});
      return;
    }
    case Helper::TWhileBody: {
      cx.note_arity(env, 2);
      Node* s = state(2);
      Node* r = e.call(e.get(env, 0), {e.get(env, 1), e.get(s, 0), e.get(s, 1)});
      cx.note_arity(r, 2);
      g->output = r;
      return;
    }
    case Helper::JWhileBody: {
      cx.note_arity(env, 1);
      Node* s = state(2);
      Node* r = e.call(e.get(env, 0), {e.get(s, 0)});
      cx.note_arity(r, 2);
      g->output = e.tuple({e.get(r, 0), e.op(Prim::ListPush, {e.get(s, 1), e.get(r, 1)})});
      return;
    }
    case Helper::JWhileBackCond: {
      cx.note_arity(env, 0);
      Node* s = state(-1);
      g->output = e.op(Prim::Not, {e.op(Prim::ListIsEmpty, {e.get(s, 1)})});
      return;
    }
    case Helper::JWhileBackBody:
    case Helper::JWhileBackBodyAcc: {
      cx.note_arity(env, 0);
      bool acc = h == Helper::JWhileBackBodyAcc;
      Node* s = state(acc ? 3 : 2);
      Node* stack = e.get(s, 1);
      Node* cts = e.call(e.op(Prim::ListTop, {stack}), {e.get(s, 0)});
      cx.note_arity(cts, 2);
      std::vector<Node*> next{e.get(cts, 1), e.op(Prim::ListPop, {stack})};
      if (acc) next.push_back(e.op(Prim::AddTangent, {e.get(s, 2), e.get(cts, 0)}));
      g->output = e.tuple(std::move(next));
      return;
    }
  }
}

}  // namespace helpers_impl

const char* helper_name(Helper h) { return helpers_impl::helper_name(h); }

Graph* Context::helper(Helper h) {
  auto it = helpers_.find(h);
  if (it != helpers_.end()) return it->second;
  Graph* g = new_graph(helpers_impl::helper_name(h), helpers_impl::helper_role(h), {});
  helpers_[h] = g;
  helpers_impl::build(*this, h, g);
  return g;
}

}  // namespace fx::ad

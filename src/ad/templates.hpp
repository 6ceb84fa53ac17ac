// Internal to src/ad: the template graphs of generic codes (generic.hpp, docs/ad.md §4).
// templates.cpp builds grad & co. and dispatches; jacobian.cpp builds the Jacobians.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "ad/context.hpp"
#include "ad/emit.hpp"

namespace fx::ad::templates {

// A template graph under construction: G(env, x0..x{n-1}).
struct Template {
  Template(Context& cx, const std::string& name, size_t arity, const std::vector<std::string>& extra_params = {});
  Context& cx;
  ir::Graph* g;
  Emitter e;
  ir::Node* env;
  std::vector<ir::Node*> xs;
  ir::Node* fn() { return e.get(env, 0, "f"); }
};

// The instantiation key of a call without its transform stack ("grad,argnums=0,n=1"),
// also the template graph's name.
std::string base_key(const GenericCall& call);
std::string template_name(const GenericCall& call);
// Checks that every argnum names one of `arity` arguments (a located run-time error if not).
void check_argnums(const GenericCall& call, const char* op);
// argnums as an IR constant (an i64, or make_tuple of them).
ir::Node* argnums_node(Emitter& e, const Argnums& a);
// The selected arguments: x_a, or make_tuple(x_a...) for a tuple of argnums.
ir::Node* selected_inputs(Template& t, const Argnums& a);

ir::Graph* build_base(Context& cx, const GenericCall& call, std::map<std::string, ir::Graph*>& cache);
// The template of a special first transform (checkpoint's J, custom_vjp's J, custom_jvp's T), or null.
ir::Graph* special_first(Context& cx, const GenericCall& call, Mode mode);

// jacobian.cpp
ir::Graph* build_jacfwd(Context& cx, const GenericCall& call);
ir::Graph* build_jacrev(Context& cx, const GenericCall& call);
ir::Graph* build_jacfwd_loop(Context& cx, const GenericCall& call);
ir::Graph* build_jacrev_back(Context& cx, const GenericCall& call);
// custom_jvp's reverse mode: the rule transposed, one unit tangent per f64 input leaf.
ir::Graph* build_custom_jvp_back(Context& cx, const GenericCall& call);

}  // namespace fx::ad::templates

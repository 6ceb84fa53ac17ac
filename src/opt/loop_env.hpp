// What the code of a loop body knows of its environment. Derivative code is closure-converted:
// a loop body is a closed graph that reads everything from outside through its env parameter
// (`tuple_get($env, i)`), and the loop is `while(cond, make_closure(@body, make_tuple(...)), init)`.
// Rewrites inside the body that need facts about those values (their lengths agree, a bound is
// the vector's length) look through the env to the nodes of the graph that runs the loop.
#pragma once
#include <unordered_map>
#include <vector>

#include "ir/ir.hpp"

namespace fx::opt {

// One loop that runs a body graph: the graph it is in, the while node, and the make_tuple that
// is the body's env (null for a graph constant, whose env is its free variables).
struct LoopSite {
  const ir::Graph* outer;
  const ir::Node* loop;
  const ir::Node* env;
};

// The loops running each body graph, when every reference to it that can run is a loop's body
// operand (references from generated graphs nothing refers to do not run). A body missing
// from the map is also run some other way.
std::unordered_map<const ir::Graph*, std::vector<LoopSite>> loop_sites(const ir::Module& m);

// The node of site.outer that x, a node of `body`, is for this loop: env element i for
// tuple_get($env, i), else null.
const ir::Node* outer_value(const ir::Graph* body, const ir::Node* x, const LoopSite& site);

// Is x, a node of loop body `body` (a converted one: env and state parameters), a value from
// outside the loop: tuple_get($env, i), or tuple_get / closure_env of such a value (a captured
// value read out of a closure in the env, an element of a zero tangent)?
bool env_chain(const ir::Graph* body, const ir::Node* x, int depth = 0);

// Is x tuple_get($env, i) of body's env parameter?
bool direct_env_read(const ir::Graph* body, const ir::Node* x);

// Is x, a node of `body`, the value y of site.outer: the same constant, an env element that is
// y, or the same pure primitive applied to such values?
bool same_value(const ir::Graph* body, const ir::Node* x, const LoopSite& site, const ir::Node* y, int depth = 0);

// Did site.outer evaluate p(a, b) or p(b, a) before the loop (so that it did not fail)?
bool evaluated_before(const LoopSite& site, ir::Prim p, const ir::Node* a, const ir::Node* b);

// u when x reads the length of vector u: len(u) or u.shape[0]; null otherwise.
const ir::Node* length_operand(const ir::Node* x);

// Is g only run where vectors a and b, nodes of g, have one length: g is the code of the true
// branch of `if(eq(len(x), len(y)), make_closure(@g, env), ...)` (the fast copy of a versioned
// loop, loop_versions.cpp), and a and b read x and y from its env?
bool lengths_checked_on_entry(const ir::Module& m, const ir::Graph* g, const ir::Node* a, const ir::Node* b);

// Are a and b, env reads of closed graph g, one vector where g's one closure is made, or a vector
// and its zero (w and zeros_like(w): a versioned loop's copy reads a captured vector and its zero
// tangent from its env)?
bool same_vector_on_entry(const ir::Module& m, const ir::Graph* g, const ir::Node* a, const ir::Node* b);

// Do vectors a and b, nodes of site.outer, have one length when the loop runs: the same node, a
// dot of them evaluated before the loop, a length check the graph runs under, or one vector (and
// its zero) passed to the graph?
bool equal_lengths(const ir::Module& m, const LoopSite& site, const ir::Node* a, const ir::Node* b);

// Do a and b, vectors of `body`, have one length for every loop that runs it? A zero read from
// the env (zeros_like(y) outside) has y's length; a length the body itself knows (a type's
// extent, one_hot(k, n) of a constant n) is compared as it is.
bool lengths_agree(const ir::Module& m, const ir::Graph* body, const std::vector<LoopSite>& sites, const ir::Node* a,
                   const ir::Node* b);

// Is x, a node of `body`, a zero tensor made outside the loop (zeros_like(y)) in every loop that
// runs it (by the graph running the loop, or passed to that graph in its env)?
bool env_zero(const ir::Module& m, const ir::Graph* body, const std::vector<LoopSite>& sites, const ir::Node* x);

}  // namespace fx::opt

// The optimiser's pipeline: the passes in the order they run, each with the reason for its
// place. The list runs again while a round changes something (at most kMaxRounds rounds):
// inlining exposes projections, projections expose constants, folding a condition exposes a
// branch to inline. After every pass that changed the program the caller's verifiers run
// (the IR verifier and the type-checking verifier), named after the pass.
#include <chrono>
#include <iomanip>
#include <map>
#include <ostream>
#include <vector>

#include "opt/optimiser.hpp"
#include "opt/pass.hpp"
#include "types/type.hpp"

namespace fx::opt {

namespace {

struct Step {
  const char* name;
  PassFn run;
  const char* why_here;
};

constexpr Step kPipeline[] = {
    {"known-calls", resolve_known_calls,
     "first: a call through a function value whose code is known becomes a direct call, which "
     "the inliner can then take"},
    {"inline", inline_calls,
     "early: it brings constructors next to their projections and constants next to their "
     "uses, which is what every later pass feeds on"},
    {"project", project_constructors,
     "right after inlining: tuple_get(make_tuple(..)) and field reads of struct constructions "
     "meet there, and the values they forward may be constants for folding"},
    {"rebuild", rebuild_structs,
     "beside projection, its converse: a struct whose every field a set_attr chain writes is "
     "made of those values, so DCE can drop what the chain started from (reverse mode's zero "
     "of a struct parameter, a cleared copy of every weight)"},
    {"tangents", sum_tangents,
     "after projection, which brings a pullback's cotangent tuple next to the sum that adds "
     "it into a loop's accumulator: the sum is taken apart there, its zeros dropped and its "
     "x[i] cotangents added in place (derivative code only has add_tangent)"},
    {"accumulators", start_loop_accumulators,
     "after the sums are taken apart, which leaves an inner loop's accumulated cotangent added "
     "into the outer accumulator component by component: the inner loop then starts there"},
    {"fold", fold_constants,
     "after projection, which forwards constants; folds conditions too, so that the next "
     "round inlines the branch taken"},
    {"identities", apply_identities,
     "after folding, so that constants like 1.0 and 0 are literal; before CSE so that x*1 and "
     "x are recognised as one value"},
    {"refine-extents", refine_extents,
     "after inlining and projection, which put a callee's body, typed for any extent, next to "
     "operands that know theirs; before the passes that read extents (shaped-identities, "
     "extents, and DCE's removable nodes)"},
    {"shaped-identities", apply_shaped_identities,
     "beside the identities: an unbroadcast to the shape its operand has by construction is "
     "that operand, which joins elementwise chains for CSE and fusion"},
    {"extents", fold_known_extents,
     "after folding, beside the identities: shapes the types know become constants that the "
     "product rules below compare"},
    {"one-hot", simplify_one_hot_products,
     "after extents, which make one_hot's length a constant to compare with the vector's"},
    {"env-chains", lift_loop_env_chains,
     "before loop-env, which reads a direction loop's env elements only: the captured vector and "
     "the zero tangent the body reached through a closure in its env become elements of their own"},
    {"loop-env", simplify_loop_env_checks,
     "with one-hot, for what a loop body can only know from the graph that runs the loop "
     "(a length checked before the loop)"},
    {"loop-versions", version_loops,
     "after loop-env, for the basis products it could not rewrite for want of a length: the "
     "loop runs in a copy checked to have it, where the next round's product rules apply"},
    {"matmul-adjoints", simplify_matmul_adjoints,
     "beside the identities, which drop the 1.0 of a seed it multiplies in; before CSE and "
     "DCE, which then see the plain products and the matrix products no longer read"},
    {"row-loops", normalise_row_loops,
     "after the product rules, which turn forward mode's basis products into the indexing "
     "this recognises; before CSE and DCE, which then merge and drop what the loop read"},
    {"one-trip", peel_one_trip_loops,
     "after row-loops, for a counted loop of one trip that no rule took apart (a direction loop "
     "over a vector of one element): its body, run once where the loop was, meets its env tuple "
     "in the next round's projection, and the loop's closures go"},
    {"cse", eliminate_common_subexpressions,
     "after the rewrites that make equal expressions look equal, before hoisting so that a "
     "loop body hoists one copy"},
    {"licm", hoist_loop_invariants,
     "after CSE; what it hoists meets the enclosing graph's nodes in the next round's CSE"},
    {"residuals", drop_invariant_residuals,
     "after inlining, which puts the pullback's body into the backward loop's (reading the taped "
     "env there), before dead-results, which then finds the moved tape components unread"},
    {"dead-results", drop_dead_results,
     "before DCE, after known-calls made the calls of pullbacks direct: the components of a "
     "(recursive) pullback's result that no caller reads, such as the cotangents of arguments "
     "not differentiated, become (), and what computed them goes; DCE then takes what that frees"},
    {"dce", eliminate_dead_code,
     "after the rewrites: every pass above leaves dead nodes behind (packed tuples, projected "
     "arguments)"},
    {"loop-counters", drop_checked_counter_reads,
     "after DCE: deletes the one_hot reads of a loop counter that one-hot left unread and that "
     "DCE keeps, since out of the counter's range they would fail"},
    {"dead-graphs", eliminate_dead_graphs,
     "last: a graph becomes unreachable when DCE removes the last closure of it, or when "
     "folding and inlining drop the last reference to a branch or loop body"},
};

constexpr int kMaxRounds = 6;

// Run once, after the rounds have converged: recursion-acc copies a recursion's pullbacks as the
// rounds left them (dead-results, DCE and dead-graphs then clean up after it, again);
// branch-closures takes apart the closures of an if's branches that recursion-acc no longer
// needs as closures; the accumulating products replace add_tangent,
// which the rounds' passes take apart; fusion outlines regions into kernel graphs that
// the passes above do not reach into (inlining would only undo it), and its regions are
// largest when inlining, folding and dead-code elimination are done.
constexpr Step kFinal[] = {
    {"recursion-acc", thread_recursive_accumulators,
     "once the rounds are done: the copies of a recursive pullback it makes are frozen (a later "
     "round would copy them again for what the rounds still simplify), so it copies the final "
     "code; a recursion's sum of its calls' cotangents becomes calls that add into one "
     "accumulator, only for the components dead-results left (threading a dead one would keep it)"},
    {"zero-parts", take_apart_zeros,
     "after recursion-acc, whose copies start a loop's backward pass at the zero of the body "
     "closure's env: its components become zeros of their own, which accumulators can start at "
     "a caller's accumulator and dead-results drop where nobody reads them"},
    {"tangents", sum_tangents,
     "again after recursion-acc: a copy that takes an accumulator adds its own terms into it "
     "(add_tangent(acc, set_index(zeros_like(x), i, ct)) in the branch of a loop's body that "
     "reads x[i]), which becomes the addition in place at the region"},
    {"accumulators", start_loop_accumulators,
     "again after tangents: a copy's accumulator added to what an inner loop accumulated from "
     "zero (a gradient taken inside the loop) starts that loop"},
    {"dead-graphs", eliminate_dead_graphs,
     "after recursion-acc, before dead-results: the pullbacks its copies replaced share their "
     "loop parts with the copies, and a loop of theirs started from a zero of the whole "
     "environment would have dead-results read the shared loop's state whole"},
    {"dead-results", drop_dead_results,
     "again after recursion-acc: the components its copies no longer need to return (a sum moved "
     "to the first of its paths) become (), and what only they needed goes"},
    {"dce", eliminate_dead_code, "again, for what recursion-acc and dead-results left unread"},
    {"dead-graphs", eliminate_dead_graphs, "again, for the graphs recursion-acc's copies replaced"},
    {"branch-closures", defunctionalise_branches,
     "after recursion-acc, which threads accumulators through the branch codes of an if (the "
     "closures an if runs) in loops and recursions: the closures of an if's branches and of "
     "its pullback become their envs and a tag, where every use of them is in view"},
    {"project", project_constructors,
     "again after branch-closures: a branch's free variables read where the env was made, the "
     "tagged envs built and read in one graph"},
    {"dce", eliminate_dead_code, "again, for the closures and env reads branch-closures left unread"},
    {"dead-graphs", eliminate_dead_graphs, "again, for the branch and pullback codes no closure names any more"},
    {"accumulate", accumulate_products,
     "once the rounds are done, since its primitives have no derivative rules and the passes "
     "above look for add_tangent: a product added into a loop's accumulator is added by gemm"},
    {"tangent-adds", add_shaped_tangents,
     "after accumulate, the last pass that looks for add_tangent: a sum of two cotangents of "
     "one shape becomes the addition that fusion joins to the chains computing them"},
    {"dce", eliminate_dead_code,
     "again, for the seed broadcasts that tangent-adds left unread (their number is added)"},
    {"fuse", fuse_elementwise,
     "last, once: elementwise chains and the sums they feed become one kernel each, after "
     "every rewrite that could join or shrink them"},
};

}  // namespace

std::string pass_names() {
  std::string out;
  for (const Step& s : kPipeline) out += (out.empty() ? "" : ", ") + std::string(s.name);
  for (const Step& s : kFinal) out += ", then " + std::string(s.name);
  return out;
}

void optimise(ir::Module& m, types::TypeChecker& checker, const OptOptions& options,
              const std::function<void(const std::string&)>& verify) {
  if (options.level <= 0) return;
  PassContext ctx{m, checker, checker.store(), options};
  using Clock = std::chrono::steady_clock;
  std::map<std::string, double> seconds;
  std::map<std::string, int> changes;
  // Runs one step; true when it changed the program (then verified, and printed on request).
  auto run_step = [&](const Step& step, const std::string& when) {
    auto start = Clock::now();
    bool changed = step.run(ctx);
    seconds[step.name] += std::chrono::duration<double>(Clock::now() - start).count();
    if (!changed) return false;
    ++changes[step.name];
    m.renumber();
    verify(std::string("optimisation pass '") + step.name + "'");
    if (options.print_after_all && options.log) {
      *options.log << "# after " << step.name << " (" << when << ")\n";
      for (const auto& g : m.graphs)
        if (g->origin && !g->parent) *options.log << ir::print_graph_tree(m, *g, [](const types::Type* t) {
          return types::to_string(t);
        }) << "\n";
    }
    return true;
  };
  for (int round = 0; round < kMaxRounds; ++round) {
    bool any = false;
    for (const Step& step : kPipeline) any |= run_step(step, "round " + std::to_string(round + 1));
    if (!any) break;
  }
  for (const Step& step : kFinal) run_step(step, "final");
  if (options.time_passes && options.log) {
    double total = 0;
    for (const auto& [name, s] : seconds) total += s;
    *options.log << "# pass          time (ms)  rounds that changed the program\n";
    std::vector<Step> all(std::begin(kPipeline), std::end(kPipeline));
    all.insert(all.end(), std::begin(kFinal), std::end(kFinal));
    for (const Step& step : all)
      *options.log << "# " << std::left << std::setw(14) << step.name << std::right << std::setw(9) << std::fixed
                   << std::setprecision(3) << seconds[step.name] * 1e3 << "  " << changes[step.name] << "\n";
    *options.log << "# " << std::left << std::setw(14) << "total" << std::right << std::setw(9) << total * 1e3 << "\n";
  }
}

}  // namespace fx::opt

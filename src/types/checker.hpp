// Type inference and specialisation (LANGUAGE.md §2; Myia §4.2).
// Generic graphs are cloned once per distinct argument-type signature (and, for closures,
// per captured-variable types); every node of a clone gets its `type`. Throws CompileError
// with the location and "expected X, found Y" for type errors.
//
// How it works: inferrer.hpp (abstract interpretation per context, recursion fixpoints),
// prim_rules.cpp (the rule of each primitive), specialiser.hpp (typed clones), type.hpp
// (the types themselves).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "ir/ir.hpp"
#include "types/limits.hpp"
#include "types/annotation.hpp"
#include "types/type.hpp"
#include "types/type_verifier.hpp"

namespace fx::types {

struct SharedClosure;

class TypeChecker {
 public:
  explicit TypeChecker(ir::Module& m, InferenceLimits limits = {});
  ~TypeChecker();

  // The specialisation of top-level graph `g` for these argument types: a typed clone,
  // named "g[T1,T2]" ("main[]" for a nullary one); the same clone for the same types.
  // Arguments are checked against g's annotations. A nullary graph (main, a constant,
  // the "__eval__" graph of `fluxion eval`) is specialised with {}.
  ir::Graph* specialise(ir::Graph* g, const std::vector<const Type*>& arg_types);

  // Checks what can be checked without a call site: every top-level function whose
  // parameters are all annotated (including nullary ones such as main).
  void check_module();

  // The type a specialised graph returns (also `clone->output->type`); null for a graph
  // that is not a clone made by this checker.
  const Type* result_type(const ir::Graph* specialised) const;

  // The clones an Apply node of a clone may call: its callee(s), an `if`'s branches, a
  // `while`'s condition and body. Empty for primitive operations.
  std::vector<ir::Graph*> call_targets(const ir::Node* call) const;
  // `copy` (made by the optimiser's inliner from `call`) may call what `call` may.
  void copy_call_targets(const ir::Node* call, const ir::Node* copy);

  // Graph constants whose closure is called with several signatures (see
  // specialiser.hpp): the constant points at one clone, the others are listed.
  const std::vector<SharedClosure>& shared_closures() const;

  TypeStore& store();
  Annotations& annotations();

  // The type-checking verifier over every clone made so far (type_verifier.hpp).
  void verify_types(const std::string& stage, ExpansionNodes nodes);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace fx::types

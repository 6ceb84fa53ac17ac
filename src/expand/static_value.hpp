// What the expansion (expander.hpp) knows ahead of time about a value: enough to tell, at
// each call, which code runs, and, at each call of a derived function, which template to
// instantiate for which argument structure. Values are immutable and shared.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "ad/generic.hpp"
#include "ad/shape.hpp"
#include "ir/ir.hpp"

namespace fx::types { struct Type; }

namespace fx::expand {

struct Static;
using StaticRef = std::shared_ptr<const Static>;

// What is known of the output of a specialisation still being built, which a recursive call
// reads (expander.cpp, specialise): the output of the previous round, Bottom at first. The
// rounds go on until the output they assume is the one they build.
struct RecurSlot {
  int id = 0;
  StaticRef value;
  bool read = false;  // did this round read it?
};

struct Static {
  enum class Kind : uint8_t {
    Bottom,   // no value yet (an empty stack's element, a loop state before its first round)
    Unknown,  // nothing known
    Const,    // a constant node (argnums, literals)
    Typed,    // a value of an inferred type (not a function whose code is known)
    Tuple,    // elems: the elements
    Code,     // an explicit closure of the closed graph `graph`; elems: {its env}
    Native,   // a closure of the typed clone `graph` (or that top-level function)
    Derived,  // a derived function (generic, argnums, stack); elems: {its env, a tuple}
    List,     // a persistent stack; elems: {its elements}
    OneOf,    // one of several Code statics of different codes (the pullback of an `if`)
    Alts,     // one of several structures (elems): the tangent of a value that is one of several
              // codes (OneOf), whose env, and so whose tangent, depends on which code it is. At
              // run time it is one of them; reading a part of it reads that part of each.
    Recur,    // part `path` of the output of a specialisation being built (slot): a recursive
              // call's result, by name, so that a recursion's pullback (whose env holds the
              // pullback of the call inside) has a finite static
  };
  Kind kind = Kind::Unknown;
  const ir::Node* constant = nullptr;  // Const
  const types::Type* type = nullptr;   // Typed
  const ir::Graph* graph = nullptr;    // Code, Native
  ad::Generic generic{};               // Derived
  ir::Prim prim{};                     // Derived of a primitive
  ad::Argnums argnums;                 // Derived operators with argnums
  std::vector<ad::Mode> stack;         // Derived: the transforms pushed on it, innermost first
  std::vector<StaticRef> elems;
  RecurSlot* slot = nullptr;           // Recur (the slot holds statics that name it: owned by the
                                       // expander, not by its statics, so that they form no cycle)
  std::vector<size_t> path;            // Recur: element indices, outermost first

  static StaticRef unknown();
  static StaticRef bottom();
  static StaticRef of_constant(const ir::Node* c);
  static StaticRef typed(const types::Type* t);
  static StaticRef tuple(std::vector<StaticRef> elems);
  static StaticRef code(const ir::Graph* g, StaticRef env);
  static StaticRef native(const ir::Graph* clone);
  static StaticRef derived(ad::Generic g, ir::Prim prim, ad::Argnums a, std::vector<ad::Mode> stack, StaticRef env);
  static StaticRef list(StaticRef elem);
  static StaticRef one_of(std::vector<StaticRef> codes);
  static StaticRef recur(RecurSlot* slot, std::vector<size_t> path = {});
  // Alts of these structures (nested Alts flattened, equal ones once); a single one is itself.
  static StaticRef alts(std::vector<StaticRef> structures);

  bool is(Kind k) const { return kind == k; }
  const StaticRef& env() const { return elems.at(0); }
};

// What s stands for, looked up through the slots of Recur statics (Unknown where that does
// not end). Everything that asks what a static is unfolds it first; what builds statics
// (tuples, envs, parameters) keeps a Recur as it is, so that they stay finite.
StaticRef unfold(const StaticRef& s);

// The least static above both: equal ones stay, Bottom gives way, anything else is Unknown.
StaticRef join(const StaticRef& a, const StaticRef& b);
// A canonical text (the specialisation cache key), cut below `depth` levels.
std::string key(const StaticRef& s, int depth = 8);
// Static values nested deeper than `depth` become Unknown, so that specialising a recursive
// pullback chain terminates.
StaticRef truncate(const StaticRef& s, int depth);
// Element i of a tuple static (a Tuple, or Typed with a tuple type; of a Recur, the Recur one
// step further down; of Bottom, Bottom; of Alts, the Alts of the element of each structure
// that has one), else Unknown.
StaticRef element(const StaticRef& s, size_t i);
// The structure of the run-time value, as the AD templates need it (ad/shape.hpp); false in
// `complete` where some part is not known (its shape is then Undef).
ad::Shape shape_of(const StaticRef& s, bool& complete);
// The argnums a Const or a tuple of Consts stands for; false when it is not one.
bool read_argnums(const StaticRef& s, ad::Argnums& out);

}  // namespace fx::expand

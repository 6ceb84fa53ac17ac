// The C representation of Fluxion types (docs/codegen.md "Representation"), declared on first
// use in dependency order, with the helpers that values of a type need:
//   f64 double, i64 int64_t, bool bool, str const char*, None fx_none;
//   tensors and f32 scalars: fx_tensor* (a counted reference to the runtime's header);
//   tuples and structs: C structs passed by value (T_n, S_Name);
//   enums: a pointer to a reference-counted box holding a tag and a union of the variants'
//     fields (E_Name), so recursive enums need nothing special;
//   closures: a struct of the captured values (C_name); the code is known from the type;
//   one of several functions (a union type): a tag and the alternative's captured values (U_);
//   primitives and constructors used as values: fx_none (the code is known from the type);
//   in derivative code: a closure after closure conversion (Explicit) as its env, and a stack
//     (a loop's tape, List) as a view {box, n} of a growable array (L_); a recursive closure
//     (R_) and its tangent (RT_) as a pointer to a counted box holding its env / the tuple
//     it is (null: the tangent's zero).
// Helpers: fx_retain_X / fx_release_X (for types holding boxes), fx_put_X (print's text),
// fx_eq_X (structural ==), fx_push_L (a stack's push), fx_tape_L (a counted loop's empty tape),
// fx_linear_push_L and fx_linear_tape_L (the same for a tape only its loop extends, linear_tapes.hpp).
#pragma once
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "codegen/c_names.hpp"
#include "types/annotation.hpp"
#include "types/type.hpp"

namespace fx::codegen {

// The captured values of a closure type, in the order its environment struct holds them.
using EnvLayout = std::function<const std::vector<const ir::Node*>&(const types::Type* closure)>;

// Is a value of t an fx_tensor reference: a tensor, or an f32 scalar (a rank-0 f32 tensor, as in
// the interpreter)?
bool held_as_tensor(const types::Type* t);

class CTypes {
 public:
  CTypes(GlobalNames& names, types::Annotations& annotations, EnvLayout env, SourceLoc where);

  // The C type of t; throws Unsupported for types without a representation yet.
  std::string name(const types::Type* t);
  // Does a value of t hold boxes (so that copies are counted)?
  bool managed(const types::Type* t);
  // `value` of type `from` where a `to` is expected: the same text when the types agree, a zero
  // for a value that is not assigned yet (Bottom), tuples element by element.
  std::string convert(const std::string& value, const types::Type* from, const types::Type* to);
  // Does converting `from` to `to` make new tensor references (a number where a tensor of
  // unknown rank is expected: a loop's `total = 0.0` that becomes a tensor)? convert refuses
  // those (its result is borrowed); convert_owned makes them, as an expression whose value holds
  // its own references (the parts of `value` counted once more), for the caller to release.
  bool makes_references(const types::Type* from, const types::Type* to);
  std::string convert_owned(const std::string& value, const types::Type* from, const types::Type* to);
  // `value`, one of the functions of union `from`, as one of `to`'s: member k of from becomes
  // member member_of(from->elems[k]) of to (a type in to), tag by tag.
  std::string convert_members(const std::string& value, const types::Type* from, const types::Type* to,
                              const std::function<const types::Type*(const types::Type*)>& member_of);
  // The type of what a boxed value of type t holds: a recursive closure's env, the tuple a
  // recursive closure's tangent is (null for other types, or while not known).
  const types::Type* boxed(const types::Type* t) const;
  // A zero value of t (the value of a variable not yet assigned).
  std::string zero(const types::Type* t);
  // Statements: count one more / one less holder of the boxes in `value` ("" when unmanaged).
  std::string retain(const types::Type* t, const std::string& value);
  // The helper pushing onto a stack of type t: L fx_push_L(L l, E x, int64_t loc).
  std::string push(const types::Type* t);
  // The helper making a counted loop's empty tape with room for its trip count:
  // L fx_tape_L(int64_t trips, int64_t loc).
  std::string tape(const types::Type* t);
  // The same for a counted loop's tape that only the loop extends, one push per iteration
  // (linear_tapes.hpp): laid out for exactly trips entries, pushed onto without looking at the
  // header, whose top the loop writes when it ends: L fx_linear_push_L(L l, E x),
  // L fx_linear_tape_L(int64_t trips, int64_t loc).
  std::string linear_push(const types::Type* t);
  std::string linear_tape(const types::Type* t);
  std::string release(const types::Type* t, const std::string& value);
  // Statements writing print's text of `value`.
  std::string put(const types::Type* t, const std::string& value);
  // An expression: are a and b equal (structurally)?
  std::string equal(const types::Type* t, const std::string& a, const std::string& b);
  // Tangents of enum values (derivative code: an enum's tangent is a value of the same enum,
  // variant by variant, its numbers the derivatives; interp/ad_values.cpp): expressions of a
  // new value (its own counts) that is the zero tangent of `value`, and the sum of the
  // tangents a and b, which a run-time error at `loc` refuses where the variants differ, in
  // the interpreter's words. Fields may be numbers, bools, strings, None, tuples, structs and
  // enums (tensor fields are not written out yet: Unsupported).
  std::string enum_zero(const types::Type* t, const std::string& value, const std::string& loc);
  std::string enum_sum(const types::Type* t, const std::string& a, const std::string& b, const std::string& loc);
  // The C name of a struct's or variant's field, and of a variant's member of its enum's
  // union: the source name and `_`, so no keyword or macro can be one.
  static std::string field_name(const std::string& source_name);
  // The C type of a struct's / variant's field i.
  const types::Type* field_type(const ir::StructDecl* s, size_t i) { return annotations_.field_type(s, i); }
  const types::Type* field_type(const ir::VariantDecl* v, size_t i) { return annotations_.field_type(v, i); }

  // Type definitions, then helper prototypes, then helper definitions.
  std::string text() {
    for (size_t i = 0; i < boxes_.size(); ++i) name(boxes_[i].second);  // may declare more boxes
    std::string boxes;
    for (const auto& [c_name, env] : boxes_)
      boxes += "struct " + c_name + "_box {\n  fx_box box;\n  " + names_of_.at(env) + " env;\n};\n";
    return defs_ + boxes + (helper_protos_.empty() ? "" : "\n" + helper_protos_ + "\n" + helpers_);
  }
  // A static function of the generated file named `fn`, defined once: at the first call,
  // `prototype` (its declaration without the `;`) and `definition()` (its body, braces
  // included) are written beside the other helpers. Returns fn.
  std::string function(const std::string& fn, const std::string& prototype, const std::function<std::string()>& definition) {
    if (functions_.insert(fn).second) {
      helper_protos_ += prototype + ";\n";
      helpers_ += prototype + " " + definition() + "\n";
    }
    return fn;
  }
  // A C name for a temporary of a statement expression, `stem` and a number: a fresh one for
  // each, since such expressions nest (a union's member converted inside another's), and a
  // name declared again inside would shadow the one its initializer reads.
  std::string temporary(const std::string& stem) { return stem + std::to_string(temporaries_++) + "_"; }
  // Where the program is, for errors about a type (the emitter sets the node being emitted).
  void at(SourceLoc where) { where_ = where; }
  // The C text of a location's id (the emitter's table), for checks that stop the program there.
  void locate_with(std::function<std::string(SourceLoc)> loc_id) { loc_id_ = std::move(loc_id); }

 private:
  std::string declare(const types::Type* t);
  std::string convert_parts(const std::string& value, const types::Type* from, const types::Type* to);
  std::string convert_union(const std::string& value, const types::Type* from, const types::Type* to);
  std::string narrow_union(const std::string& value, const types::Type* from, const types::Type* to);
  std::string declare_record(const types::Type* t, const std::string& c_name,
                             const std::vector<std::pair<std::string, const types::Type*>>& fields, const std::string& note);
  std::string declare_enum(const types::Type* t);
  std::string declare_union(const types::Type* t);
  std::string declare_list(const types::Type* t);
  std::string declare_recursive(const types::Type* t);
  std::vector<std::pair<std::string, const types::Type*>> fields_of(const types::Type* t);
  std::string helper(const std::string& kind, const types::Type* t);
  std::string emit_helper(const std::string& kind, const types::Type* t, const std::string& fn);
  std::string tangent_part(const std::string& kind, const types::Type* t, const std::string& a, const std::string& b,
                           std::string& counts);

  GlobalNames& names_;
  types::Annotations& annotations_;
  EnvLayout env_;
  SourceLoc where_;
  std::function<std::string(SourceLoc)> loc_id_;
  std::map<const types::Type*, std::string> names_of_;
  std::set<const types::Type*> declaring_;
  std::map<std::pair<std::string, const types::Type*>, std::string> helper_names_;
  std::string defs_, helper_protos_, helpers_;
  std::set<std::string> functions_;  // function()'s
  std::vector<std::pair<std::string, const types::Type*>> boxes_;  // recursive closures' (and tangents') boxes: name, env
  int temporaries_ = 0;
};

}  // namespace fx::codegen

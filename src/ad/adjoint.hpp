// Symbolic adjoints of the reverse transform (docs/ad.md §3, "symbolic zeros").
//
// An adjoint is what the backward sweep knows of a node's cotangent: nothing (zero), a dense
// value, and/or contributions to components — tuple elements, struct and variant fields, the
// top and the rest of a persistent list — given by tuple_get, get_attr, variant_field,
// list_top and list_pop. Components are kept apart until a whole value is needed, so reading
// k fields of an n-tuple costs O(k) nodes, not k zero tuples of size n.
#pragma once
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "ir/ir.hpp"

namespace fx::types { struct Type; }

namespace fx::ad {

class Emitter;

struct PartKey {
  enum class Kind : uint8_t { Index, Field, ListTop, ListRest };
  Kind kind = Kind::Index;
  int64_t index = 0;
  std::string field;

  static PartKey at(int64_t i) { return {Kind::Index, i, {}}; }
  static PartKey named(std::string f) { return {Kind::Field, 0, std::move(f)}; }
  static PartKey top() { return {Kind::ListTop, 0, {}}; }
  static PartKey rest() { return {Kind::ListRest, 0, {}}; }
  bool operator==(const PartKey& o) const { return kind == o.kind && index == o.index && field == o.field; }
};

struct AdjointPart;

struct Adjoint {
  ir::Node* dense = nullptr;
  // Not std::pair<PartKey, Adjoint>: a pair of an incomplete type is ill-formed, which clang
  // (the fuzz build) rejects; a vector of an incomplete class is allowed (C++17).
  std::vector<AdjointPart> parts;

  bool empty() const { return !dense && parts.empty(); }
  void add(Emitter& e, ir::Node* ct);
  Adjoint& part(const PartKey& k);           // created empty if absent
  const Adjoint* find(const PartKey& k) const;
  void merge(Emitter& e, Adjoint&& other);
};

// One component's adjoint: `first` is the component, `second` what it received.
struct AdjointPart {
  AdjointPart(PartKey k, Adjoint a) : first(std::move(k)), second(std::move(a)) {}
  PartKey first;
  Adjoint second;
};

// The component `k` of a dense cotangent value: tuple_get / get_attr / list_top / list_pop.
ir::Node* extract(Emitter& e, ir::Node* dense, const PartKey& k);

// The adjoint as one value, or null when it is empty. `primal` produces (lazily) the primal
// value it is the cotangent of, needed for the zeros of the components nobody gave; `arity`
// is the primal tuple's size when known (-1: unknown, then elements are set one by one);
// `type` (may be null) its inferred type, `elements` (may be null) its elements' types.
ir::Node* materialise(Emitter& e, const Adjoint& a, const std::function<ir::Node*()>& primal, int arity,
                      const types::Type* type, const std::vector<const types::Type*>* elements);

}  // namespace fx::ad

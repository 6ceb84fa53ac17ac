#include "types/checker.hpp"

#include "types/annotation.hpp"
#include "types/inferrer.hpp"
#include "types/specialiser.hpp"
#include "types/type_verifier.hpp"

namespace fx::types {

struct TypeChecker::Impl {
  Impl(ir::Module& m, InferenceLimits limits)
      : module(m), annotations(store, m), inferrer(store, annotations, limits), specialiser(m, inferrer) {}

  ir::Module& module;
  TypeStore store;
  Annotations annotations;
  Inferrer inferrer;
  Specialiser specialiser;
};

TypeChecker::TypeChecker(ir::Module& m, InferenceLimits limits) : impl_(std::make_unique<Impl>(m, limits)) {}
TypeChecker::~TypeChecker() = default;

ir::Graph* TypeChecker::specialise(ir::Graph* g, const std::vector<const Type*>& arg_types) {
  const Context* ctx = impl_->inferrer.infer_entry(g, arg_types);
  return impl_->specialiser.clone(ctx);
}

void TypeChecker::check_module() {
  for (ir::Graph* g : impl_->module.function_order) {
    std::vector<const Type*> args;
    for (const ast::TypeExpr* annotation : g->param_types) {
      if (!annotation) break;
      args.push_back(impl_->annotations.resolve(annotation));
    }
    if (args.size() == g->params.size()) specialise(g, args);
  }
}

const Type* TypeChecker::result_type(const ir::Graph* specialised) const {
  const Context* ctx = impl_->specialiser.context_of(specialised);
  const Record* rec = ctx ? impl_->inferrer.find(ctx) : nullptr;
  return rec ? rec->result : nullptr;
}

std::vector<ir::Graph*> TypeChecker::call_targets(const ir::Node* call) const {
  return impl_->specialiser.call_targets(call);
}

void TypeChecker::copy_call_targets(const ir::Node* call, const ir::Node* copy) {
  impl_->specialiser.copy_call_targets(call, copy);
}

const std::vector<SharedClosure>& TypeChecker::shared_closures() const {
  return impl_->specialiser.shared_closures();
}

TypeStore& TypeChecker::store() { return impl_->store; }
Annotations& TypeChecker::annotations() { return impl_->annotations; }

void TypeChecker::verify_types(const std::string& stage, ExpansionNodes nodes) {
  types::verify_types(impl_->module, impl_->store, impl_->annotations, stage, nodes);
}

}  // namespace fx::types

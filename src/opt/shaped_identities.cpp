// Identities that hold because shapes are known to agree (known_shapes.hpp): unbroadcast(x,
// like) of an x that has like's shape by construction is x. Reverse mode writes an
// unbroadcast after every elementwise operation whose operands might have been broadcast; in
// a chain of operations on one shape each is a copy of the cotangent for nothing, and it cuts
// the chain that fusion would make one loop.
#include "opt/known_shapes.hpp"
#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

bool apply_shaped_identities(PassContext& ctx) {
  return replace_nodes(ctx.module, [](ir::Node* n) -> ir::Node* {
    return is_identity_unbroadcast(n) ? n->arg(0) : nullptr;
  });
}

}  // namespace fx::opt

#include "types/locations.hpp"

namespace fx::types {

SourceLoc operand_loc(const ir::Node* n, const ir::Node* operand) {
  SourceLoc use = n->loc;
  SourceLoc own = operand->loc;
  if (!own.valid() || !use.valid() || own.file != use.file) return use;
  bool after = own.line > use.line || (own.line == use.line && own.col >= use.col);
  // A constant is made where it is written; any other node may be a variable defined
  // earlier, so it must lie on the node's own line.
  if (operand->is_constant() ? after : (after && own.line == use.line)) return own;
  return use;
}

}  // namespace fx::types

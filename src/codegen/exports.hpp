// The plain C interface of an AOT library (`fluxion compile`, docs/codegen.md "AOT libraries"):
// the C type a host sees for each Fluxion type, the exported functions' signatures, the
// conversions between those and the generated code's own representation (c_types.hpp), and
// the library's header.
//
//   f64 double, i64 int64_t, bool bool, tensors (and f32 scalars) const fx_tensor*;
//   tuples PREFIX_tupleN { e0; e1; ... } and structs PREFIX_Name { field; ... }, by value;
//   every other type (strings, enums, functions) has no C form yet: Unsupported.
//
// An exported function `int NAME(args..., RESULT* result)` returns PREFIX_OK, or PREFIX_ERROR
// after a run-time error, whose message and place PREFIX_error_message() and
// PREFIX_error_location() give (per thread). Tensor arguments are checked against the
// parameter's dtype and rank; tensor results are the host's, released with PREFIX_release.
#pragma once
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "codegen/c_types.hpp"
#include "ir/ir.hpp"

namespace fx::codegen {

class CInterface {
 public:
  // `prefix` starts every name the library adds (types, helpers); `source` names the file.
  CInterface(CTypes& internal, std::string prefix, std::string source);

  // What an exported function is made of in the C file: a comment with its Fluxion signature
  // and place, its prototype (which names the symbol, the export's name, with an asm label:
  // the C identifier is fx_export_N), the first line of its definition, and the statements of
  // its body, which run inside the entry point's error frame. The header's prototype, with the
  // public types and the parameters' source names, is in declarations().
  struct Function {
    std::string comment;
    std::string prototype;
    std::string definition;
    std::string body;
  };
  // Export `name` running the typed clone `entry`, C function `internal_fn`; `loc_id` gives a
  // source location's id in the program's table. Unsupported for a parameter or a result
  // without a C form.
  Function function(const std::string& name, const ir::Graph* entry, const std::string& internal_fn,
                    const std::function<std::string(SourceLoc)>& loc_id);

  // The header's declarations: the public types, in dependency order, the helpers' and the
  // exports' prototypes.
  std::string declarations() const;
  // The helpers' definitions in the C file, with the table of source places that
  // PREFIX_error_location reads (every location id of the program).
  std::string helper_definitions(const std::vector<SourceLoc>& locs) const;
  // The whole header: `tensor_abi` is the text of fluxion/runtime/tensor_abi.h (fx_tensor).
  std::string header(const std::string& tensor_abi) const;

 private:
  std::string public_type(const types::Type* t, SourceLoc at, const std::string& what);
  std::string declare(const types::Type* t, SourceLoc at, const std::string& what);
  // The fields of a tuple or struct: the header's name, the generated code's, the type.
  struct Field {
    std::string public_name, internal_name;
    const types::Type* type;
    std::string label;  // "item 0", "field 'w'": for messages
  };
  std::vector<Field> fields(const types::Type* t);
  std::string check_argument(const types::Type* t, const std::string& value, const std::string& what,
                             const std::string& loc);
  std::string to_host(const types::Type* t, const std::string& value, const std::string& target,
                      const std::string& loc);

  CTypes& internal_;
  std::string prefix_, source_;
  std::map<const types::Type*, std::string> names_;
  int tuples_ = 0;
  std::string types_;                   // public type definitions
  std::vector<std::string> prototypes_; // with their comments
};

}  // namespace fx::codegen

// Pre-scans of statement blocks that the lowering needs before it lowers a block:
// which names a function assigns (its locals), which variables a loop carries, and
// whether a loop body breaks or returns. Nested def/lambda bodies are separate
// functions and are not entered (a nested def's *name* is assigned by its def).
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ir/ir.hpp"
#include "syntax/ast.hpp"

namespace fx::lower {

// Python's rule: a name assigned anywhere in a function body is local to it. Adds the
// names bound by assignments, augmented assignments, for targets, match captures and
// nested defs to `out`. Field and element updates (`p.f = v`, `x[i] = v`) do not make `p`/`x` local.
void collect_locals(const ast::Block& body, const ir::Module& m, std::set<std::string>& out);

struct AssignedName {
  std::string name;
  bool only_field_updates = false;  // rebound only by `p.f = v`, `x[i] = v`, `p.f += v`, ...
};
// The names a loop body may rebind (field updates included), first occurrence first.
std::vector<AssignedName> collect_loop_assigned(const ast::Block& body, const ir::Module& m);

// Does `body` contain a `break` that leaves this loop (not one of a nested loop)?
bool contains_break(const ast::Block& body);
// Does `body` contain a `return` (nested loops included, nested defs not)?
bool contains_return(const ast::Block& body);

// Every name mentioned in `e` (lambda bodies included); a superset of what `e` reads.
void collect_names(const ast::Expr& e, std::set<std::string>& out);

// Every name mentioned anywhere in statement `s`: read, assigned, defined or captured,
// nested blocks and def/lambda bodies included.
void collect_stmt_names(const ast::Stmt& s, std::set<std::string>& out);

// How many times each name is mentioned as a read in `body` (nested blocks and def/lambda
// bodies included). Compared between a function and one of its loops, it tells whether a
// variable is read outside the loop.
void count_reads(const ast::Block& body, std::map<std::string, int>& counts);
void count_reads(const ast::Stmt& s, std::map<std::string, int>& counts);

// The names a case pattern binds (captures), in order; `m` tells variants from captures.
void pattern_captures(const ast::Pattern& p, const ir::Module& m, std::vector<std::string>& out);

}  // namespace fx::lower

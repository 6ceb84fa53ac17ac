// Blocks and control flow between statements: open ends, join graphs, `if`, `return`,
// `break`/`continue`, and the statements with no control flow of their own.
#include <map>

#include "lower/lowerer.hpp"
#include "lower/scan.hpp"
#include "support/diagnostics.hpp"

namespace fx::lower {

using ir::Node;
using ir::Prim;

namespace {

// Statements after which no path may fall through.
bool may_end_paths(ast::StmtKind k) {
  switch (k) {
    case ast::StmtKind::If: case ast::StmtKind::While: case ast::StmtKind::For: case ast::StmtKind::Break:
    case ast::StmtKind::Continue: case ast::StmtKind::Return: case ast::StmtKind::Match:
      return true;
    case ast::StmtKind::Expr: case ast::StmtKind::Assign: case ast::StmtKind::AugAssign: case ast::StmtKind::Pass:
    case ast::StmtKind::Assert: case ast::StmtKind::FunctionDef: case ast::StmtKind::StructDef:
    case ast::StmtKind::EnumDef: case ast::StmtKind::Import:
      return false;
  }
  return true;
}

Ends single(Cursor c) {
  Ends e;
  e.push_back(std::move(c));
  return e;
}

}  // namespace

Ends Lowerer::block(const ast::Block& b, Cursor cur, FunctionScope& fs) {
  // Hoist the block's defs: their names are usable throughout the block.
  BlockScope scope;
  for (const auto& s : b) {
    if (s->kind != ast::StmtKind::FunctionDef) continue;
    const auto& d = static_cast<const ast::FunctionDef&>(*s);
    if (scope.defs.count(d.name))
      compile_error(d.name_loc, "function '" + d.name + "' is defined twice in this block");
    HoistedDef& h = scope.defs[d.name];
    h.def = &d;
    h.graph = m_.new_graph(d.name, nullptr, d.loc, ir::GraphRole::Function);
    h.value = m_.constant(h.graph, d.loc);
  }
  fs.blocks.push_back(&scope);

  Ends ends = single(std::move(cur));
  SourceLoc ends_loc = b.empty() ? SourceLoc{} : b.front()->loc;
  const ast::Stmt* previous = nullptr;
  // Code after a statement that ends every path is still lowered (so that its errors are
  // reported and its defs exist), into an "unreachable" graph that nothing calls.
  bool dead = false;
  ir::Graph* last_graph = ends.front().g;
  Env last_env;
  for (size_t i = 0; i < b.size(); ++i) {
    const ast::Stmt& s = *b[i];
    Cursor here;
    if (ends.empty()) {
      dead = true;
      here.g = branch(last_graph, "unreachable", s.loc);
      here.env = std::move(last_env);
    } else if (ends.size() == 1) {
      here = std::move(ends.front());
    } else {
      here = merge(std::move(ends), *previous, fs);
    }
    last_graph = here.g;
    if (i + 1 < b.size() && may_end_paths(s.kind)) last_env = here.env;
    ends = stmt(s, std::move(here), fs);
    ends_loc = s.loc;
    previous = &s;
  }
  fs.blocks.pop_back();
  if (dead) {
    for (Cursor& end : ends) terminate_fallthrough(end, fs, ends_loc);
    ends.clear();
  }
  return ends;
}

Ends Lowerer::stmt(const ast::Stmt& s, Cursor cur, FunctionScope& fs) {
  switch (s.kind) {
    case ast::StmtKind::Expr: {
      const auto& e = static_cast<const ast::ExprStmt&>(s);
      // A string statement is a docstring; any other expression keeps its Apply in the body.
      if (e.value->kind != ast::ExprKind::Str) expr(*e.value, at(cur, fs));
      return single(std::move(cur));
    }
    case ast::StmtKind::Assign:
      assign_stmt(static_cast<const ast::AssignStmt&>(s), cur, fs);
      return single(std::move(cur));
    case ast::StmtKind::AugAssign:
      aug_assign_stmt(static_cast<const ast::AugAssignStmt&>(s), cur, fs);
      return single(std::move(cur));
    case ast::StmtKind::If: return if_stmt(static_cast<const ast::IfStmt&>(s), std::move(cur), fs);
    case ast::StmtKind::While: return while_stmt(static_cast<const ast::WhileStmt&>(s), std::move(cur), fs);
    case ast::StmtKind::For: return for_stmt(static_cast<const ast::ForStmt&>(s), std::move(cur), fs);
    case ast::StmtKind::Break: case ast::StmtKind::Continue: return break_or_continue(s, std::move(cur), fs);
    case ast::StmtKind::Return: return return_stmt(static_cast<const ast::ReturnStmt&>(s), std::move(cur), fs);
    case ast::StmtKind::Pass: return single(std::move(cur));
    case ast::StmtKind::Assert:
      assert_stmt(static_cast<const ast::AssertStmt&>(s), cur, fs);
      return single(std::move(cur));
    case ast::StmtKind::FunctionDef:
      return nested_def(static_cast<const ast::FunctionDef&>(s), std::move(cur), fs);
    case ast::StmtKind::StructDef: compile_error(s.loc, "struct declarations are only allowed at top level");
    case ast::StmtKind::EnumDef: compile_error(s.loc, "enum declarations are only allowed at top level");
    case ast::StmtKind::Match: return match_stmt(static_cast<const ast::MatchStmt&>(s), std::move(cur), fs);
    case ast::StmtKind::Import:
      compile_error(s.loc, "import is only allowed at the top level of a file, not inside a function");
  }
  internal_error("lowering", "unknown statement kind");
}

// if c: A elif d: B else: C  →  if(c, λ: A, λ: if(d, λ: B, λ: C)); the open ends of
// A, B and C are the open ends of the statement. elif chains are walked in a loop.
Ends Lowerer::if_stmt(const ast::IfStmt& s, Cursor cur, FunctionScope& fs) {
  Ends out;
  const ast::IfStmt* i = &s;
  while (true) {
    Node* cond = expr(*i->cond, at(cur, fs));
    ir::Graph* then_g = branch(cur.g, "if_true", i->loc);
    ir::Graph* else_g = branch(cur.g, "if_false", i->loc);
    cur.g->output = if_node(cur.g, cond, then_g, else_g, i->loc);
    for (Cursor& end : block(i->then_body, Cursor{then_g, cur.env}, fs)) out.push_back(std::move(end));
    if (i->else_body.size() == 1 && i->else_body[0]->kind == ast::StmtKind::If) {
      cur.g = else_g;
      i = static_cast<const ast::IfStmt*>(i->else_body[0].get());
      continue;
    }
    for (Cursor& end : block(i->else_body, Cursor{else_g, std::move(cur.env)}, fs)) out.push_back(std::move(end));
    return out;
  }
}

// The ends become one: each tail-calls a new graph `join` whose parameters are the
// variables on which they disagree. A variable unassigned on some ends is passed as Undef
// there, with its definedness flag (False there) as a parameter too. Variables that
// nothing reads after `source` are dropped instead: the temporaries of its branches.
Cursor Lowerer::merge(Ends ends, const ast::Stmt& source, FunctionScope& fs) {
  SourceLoc loc = source.loc;
  std::map<std::string, int> reads_inside;
  count_reads(source, reads_inside);
  auto read_later = [&](const std::string& var) {
    for (const LoopFrame* f = fs.loop; f; f = f->outer)
      for (const std::string& v : f->vars)
        if (v == var) return true;  // the next iteration may read it
    auto total = fs.reads.find(var);
    auto inside = reads_inside.find(var);
    return (total == fs.reads.end() ? 0 : total->second) > (inside == reads_inside.end() ? 0 : inside->second);
  };
  // The join must be visible from every end and see what they all see: it is nested
  // in their deepest common ancestor.
  ir::Graph* home = ends.front().g;
  for (const Cursor& e : ends)
    while (!e.g->nested_in(home)) home = home->parent;
  ir::Graph* join = m_.new_graph("join", home, loc, ir::GraphRole::Join);

  std::map<std::string, std::vector<Node*>> values;  // variable → its node on each end (or null)
  for (size_t i = 0; i < ends.size(); ++i)
    for (const auto& [var, node] : ends[i].env) {
      if (is_flag_key(var)) continue;
      auto& v = values[var];
      v.resize(ends.size(), nullptr);
      v[i] = node;
    }
  Cursor out{join, {}};
  std::vector<std::vector<Node*>> passed;  // per join parameter, its argument on each end
  auto all_same = [](const std::vector<Node*>& nodes) {
    for (Node* n : nodes)
      if (n != nodes.front()) return false;
    return true;
  };
  for (auto& [var, nodes] : values) {
    nodes.resize(ends.size(), nullptr);
    // The flag on each end: null where the variable is certainly assigned.
    std::vector<Node*> flags(ends.size(), nullptr);
    bool flagged = false;
    for (size_t i = 0; i < ends.size(); ++i) {
      flags[i] = find_flag(ends[i].env, var);
      flagged = flagged || flags[i] || !nodes[i];
    }
    if (!all_same(nodes) || flagged) {
      if (!read_later(var)) continue;
    }
    if (all_same(nodes)) {
      out.env[var] = nodes.front();
    } else {
      out.env[var] = m_.add_param(join, var, loc);
      std::vector<Node*> args;
      for (Node* n : nodes) args.push_back(n ? n : undef());
      passed.push_back(std::move(args));
    }
    if (!flagged) continue;
    bool one_flag = flags.front() != nullptr && all_same(flags);
    if (one_flag) {
      out.env[flag_key(var)] = flags.front();
      continue;
    }
    out.env[flag_key(var)] = m_.add_param(join, flag_key(var), loc);
    std::vector<Node*> args;
    for (size_t i = 0; i < ends.size(); ++i) args.push_back(flags[i] ? flags[i] : m_.constant(nodes[i] != nullptr, loc));
    passed.push_back(std::move(args));
  }
  for (size_t i = 0; i < ends.size(); ++i) {
    std::vector<Node*> inputs{m_.constant(join, loc)};
    for (const auto& args : passed) inputs.push_back(args[i]);
    ends[i].g->output = m_.apply(ends[i].g, std::move(inputs), loc);
  }
  return out;
}

void Lowerer::terminate_return(Cursor& c, Node* value, FunctionScope& fs, SourceLoc loc) {
  c.g->output = fs.loop ? loop_state(c, *fs.loop, Exit::Return, value, loc) : value;
}

void Lowerer::terminate_fallthrough(Cursor& c, FunctionScope& fs, SourceLoc loc) {
  c.g->output = fs.loop ? loop_state(c, *fs.loop, Exit::Next, nullptr, loc) : m_.constant(ir::NoneVal{}, loc);
}

Ends Lowerer::return_stmt(const ast::ReturnStmt& s, Cursor cur, FunctionScope& fs) {
  Node* value = s.value ? expr(*s.value, at(cur, fs)) : m_.constant(ir::NoneVal{}, s.loc);
  terminate_return(cur, value, fs, s.loc);
  return {};
}

Ends Lowerer::break_or_continue(const ast::Stmt& s, Cursor cur, FunctionScope& fs) {
  bool is_break = s.kind == ast::StmtKind::Break;
  if (!fs.loop) compile_error(s.loc, is_break ? "'break' outside a loop" : "'continue' outside a loop");
  cur.g->output = loop_state(cur, *fs.loop, is_break ? Exit::Break : Exit::Next, nullptr, s.loc);
  return {};
}

void Lowerer::assert_stmt(const ast::AssertStmt& s, Cursor& cur, FunctionScope& fs) {
  Node* cond = expr(*s.cond, at(cur, fs));
  std::string message = "assertion failed";
  if (s.message) {
    if (s.message->kind != ast::ExprKind::Str)
      compile_error(s.message->loc, "the message of an assert must be a string literal");
    message += ": " + static_cast<const ast::StrExpr&>(*s.message).value;
  }
  ir::Node* check =
      m_.apply_prim(cur.g, Prim::Assert, {cond, m_.constant(message, s.message ? s.message->loc : s.loc)}, s.loc);
  check->arg_locs = {s.cond->loc, SourceLoc{}};
}

}  // namespace fx::lower

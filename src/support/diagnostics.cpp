#include "support/diagnostics.hpp"

namespace fx {

void compile_error(SourceLoc loc, std::string message) {
  throw CompileError{loc, std::move(message)};
}

void runtime_error(SourceLoc loc, std::string message) {
  throw RuntimeError{loc, std::move(message)};
}

void internal_error(std::string where, std::string message) {
  throw InternalError{std::move(where), std::move(message)};
}

std::string format_diagnostic(SourceLoc loc, const std::string& severity,
                              const std::string& message) {
  std::string out;
  if (loc.valid()) {
    out += loc.file->path + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col) + ": ";
  } else if (loc.file) {
    out += loc.file->path + ": ";
  }
  out += severity + ": " + message + "\n";
  if (loc.valid()) {
    std::string line = loc.file->line_text(loc.line);
    out += "    " + line + "\n    ";
    // Keep tabs so that the caret lines up under tab-indented text.
    for (uint32_t i = 1; i < loc.col && i - 1 < line.size(); ++i)
      out += line[i - 1] == '\t' ? '\t' : ' ';
    out += "^\n";
  }
  return out;
}

}  // namespace fx

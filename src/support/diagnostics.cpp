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
  std::string line = loc.valid() ? loc.file->line_text(loc.line) : "";
  // Locations count bytes; people count characters. Report the character column and put
  // the caret under that character, so lines with non-ASCII text line up.
  uint32_t column = 1;
  std::string pad;
  if (loc.valid()) {
    for (uint32_t i = 0; i + 1 < loc.col && i < line.size(); ++i) {
      unsigned char c = static_cast<unsigned char>(line[i]);
      if ((c & 0xC0) == 0x80) continue;  // a UTF-8 continuation byte
      ++column;
      pad += c == '\t' ? '\t' : ' ';  // keep tabs so the caret lines up under them
    }
    if (loc.col > line.size() + 1) column += loc.col - 1 - static_cast<uint32_t>(line.size());
  }
  if (loc.valid()) {
    out += loc.file->path + ":" + std::to_string(loc.line) + ":" + std::to_string(column) + ": ";
  } else if (loc.file) {
    out += loc.file->path + ": ";
  }
  out += severity + ": " + message + "\n";
  if (loc.valid()) out += "    " + line + "\n    " + pad + "^\n";
  return out;
}

}  // namespace fx

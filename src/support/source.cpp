#include "support/source.hpp"

namespace fx {

SourceFile::SourceFile(std::string p, std::string t) : path(std::move(p)), text(std::move(t)) {
  line_starts.push_back(0);
  for (uint32_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') line_starts.push_back(i + 1);
}

std::string SourceFile::line_text(uint32_t line) const {
  if (line == 0 || line > line_starts.size()) return "";
  uint32_t begin = line_starts[line - 1];
  uint32_t end = begin;
  while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
  return text.substr(begin, end - begin);
}

}  // namespace fx

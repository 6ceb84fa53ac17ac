// Source files and locations. Every diagnostic points into a SourceFile.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace fx {

// A loaded source text. Kept alive for the whole compilation so that
// locations can always print the offending line.
struct SourceFile {
  std::string path;
  std::string text;
  std::vector<uint32_t> line_starts;  // byte offset of each line start

  SourceFile(std::string path, std::string text);
  // The text of 1-based line `line`, without its newline.
  std::string line_text(uint32_t line) const;
};

// A position in a source file: 1-based line and column (column counts bytes).
struct SourceLoc {
  const SourceFile* file = nullptr;
  uint32_t line = 0;
  uint32_t col = 0;

  bool valid() const { return file != nullptr && line > 0; }
};

}  // namespace fx

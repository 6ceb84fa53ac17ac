// fluxion::Error: every failure of the embedding API, with the located diagnostic the CLI
// prints ("FILE:LINE:COL: error: MESSAGE", the source line and a caret).
#pragma once
#include <exception>
#include <string>

namespace fluxion {

class Error : public std::exception {
 public:
  // What failed: the program did not compile (syntax, types, a bad argument from the host),
  // it failed while running, or Fluxion itself has a bug.
  enum class Kind { Compile, Runtime, Internal };

  Error(Kind kind, std::string file, int line, int column, std::string message, std::string diagnostic);

  Kind kind() const noexcept { return kind_; }
  // Where: the file (or the name given to Module::loads), 1-based line and column; line and
  // column are 0 when the error concerns a whole file or no source at all.
  const std::string& file() const noexcept { return file_; }
  int line() const noexcept { return line_; }
  int column() const noexcept { return column_; }
  // The message alone, without location ("expected f64, found Linear").
  const std::string& message() const noexcept { return message_; }
  // The CLI's text: location, message, the source line and a caret.
  const std::string& diagnostic() const noexcept { return diagnostic_; }
  const char* what() const noexcept override { return diagnostic_.c_str(); }

 private:
  Kind kind_;
  std::string file_;
  int line_, column_;
  std::string message_, diagnostic_;
};

}  // namespace fluxion

// Text files of numbers: load_txt (NumPy's loadtxt for rectangular tables) and read_numbers
// (every number of the file, NumPy's fromfile(path, sep=" ")). The file is read whole and parsed
// with std::from_chars, so millions of numbers take well under a second.
#include <charconv>
#include <cstring>
#include <vector>

#include "file_io.hpp"
#include "fluxion/runtime/construct.hpp"
#include "fluxion/runtime/io.hpp"

namespace fx::rt {

namespace {

std::string read_whole(const std::string& path) {
  detail::InputFile file(path);
  std::string bytes = detail::byte_buffer(file.size(), path);
  file.read_exactly(0, bytes.data(), file.size(), "file ends early");
  return bytes;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

[[noreturn]] void line_error(const std::string& path, int64_t line, const std::string& what) {
  detail::file_error(path + ":" + std::to_string(line), what);
}

// Appended piece by piece: GCC 12 at -O3 warns (-Wrestrict, a false positive) on "'" + string.
std::string shown(std::string_view token) {
  std::string s = "'";
  s += token.substr(0, 40);
  s += token.size() > 40 ? "...'" : "'";
  return s;
}

// The number `token` is (Python's float(): an optional sign, decimal or exponent forms, inf,
// nan), or false.
bool parse_number(std::string_view token, double& out) {
  if (token.empty()) return false;
  const char* first = token.data();
  const char* last = first + token.size();
  bool negative = false;
  if (*first == '+' || *first == '-') {
    negative = *first == '-';
    ++first;
    if (first == last || *first == '+' || *first == '-') return false;
  }
  auto [end, ec] = std::from_chars(first, last, out, std::chars_format::general);
  if (ec == std::errc::result_out_of_range) {
    // Python gives inf for overflow and 0 for underflow; from_chars leaves out unchanged.
    out = std::strtod(std::string(first, last).c_str(), nullptr);
    ec = std::errc();
  }
  if (ec != std::errc() || end != last) return false;
  if (negative) out = -out;
  return true;
}

Tensor vector_tensor(std::vector<double>&& values, Shape shape) {
  Tensor t = Tensor::empty(DType::F64, std::move(shape));
  if (!values.empty()) std::memcpy(t.raw_data(), values.data(), values.size() * sizeof(double));
  return t;
}

}  // namespace

Tensor load_txt(const std::string& path, int64_t skiprows, const std::string& delimiter) {
  if (skiprows < 0) detail::file_error(path, "skiprows must be >= 0, found " + std::to_string(skiprows));
  std::string text = read_whole(path);
  std::vector<double> values;
  int64_t rows = 0, cols = -1, cols_line = 0;
  size_t pos = 0;
  for (int64_t line = 1; pos < text.size(); ++line) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string_view row(text.data() + pos, end - pos);
    pos = end + 1;
    if (line <= skiprows) continue;
    if (size_t hash = row.find('#'); hash != std::string_view::npos) row = row.substr(0, hash);
    size_t a = 0, b = row.size();
    while (a < b && is_space(row[a])) ++a;
    while (b > a && is_space(row[b - 1])) --b;
    row = row.substr(a, b - a);
    if (row.empty()) continue;
    int64_t n = 0;
    auto field = [&](std::string_view f) {
      size_t s = 0, e = f.size();
      while (s < e && is_space(f[s])) ++s;
      while (e > s && is_space(f[e - 1])) --e;
      f = f.substr(s, e - s);
      double v;
      if (!parse_number(f, v))
        line_error(path, line, f.empty() ? "an empty field (column " + std::to_string(n + 1) + ")"
                                         : "could not convert " + shown(f) + " to a number");
      values.push_back(v);
      ++n;
    };
    if (delimiter.empty()) {
      size_t i = 0;
      while (i < row.size()) {
        size_t j = i;
        while (j < row.size() && !is_space(row[j])) ++j;
        field(row.substr(i, j - i));
        while (j < row.size() && is_space(row[j])) ++j;
        i = j;
      }
    } else {
      size_t i = 0;
      while (true) {
        size_t j = row.find(delimiter, i);
        if (j == std::string_view::npos) {
          field(row.substr(i));
          break;
        }
        field(row.substr(i, j - i));
        i = j + delimiter.size();
      }
    }
    if (cols >= 0 && n != cols)
      line_error(path, line, "the number of columns changed from " + std::to_string(cols) + " (line " +
                                 std::to_string(cols_line) + ") to " + std::to_string(n));
    if (cols < 0) cols = n, cols_line = line;
    ++rows;
  }
  if (rows == 0) return vector_tensor({}, Shape{0});
  // NumPy's ndmin=0: length-1 axes are squeezed.
  if (rows == 1 && cols == 1) return vector_tensor(std::move(values), Shape());
  if (rows == 1 || cols == 1) return vector_tensor(std::move(values), Shape{rows * cols});
  return vector_tensor(std::move(values), Shape{rows, cols});
}

Tensor read_numbers(const std::string& path) {
  std::string text = read_whole(path);
  std::vector<double> values;
  values.reserve(text.size() / 8);
  int64_t line = 1;
  size_t i = 0, n = text.size();
  while (i < n) {
    char c = text[i];
    if (is_space(c)) {
      if (c == '\n') ++line;
      ++i;
      continue;
    }
    size_t j = i;
    while (j < n && !is_space(text[j])) ++j;
    std::string_view token(text.data() + i, j - i);
    double v;
    if (!parse_number(token, v)) line_error(path, line, "could not convert " + shown(token) + " to a number");
    values.push_back(v);
    i = j;
  }
  int64_t count = static_cast<int64_t>(values.size());
  return vector_tensor(std::move(values), Shape{count});
}

}  // namespace fx::rt

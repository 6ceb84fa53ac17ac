// fx_rt_put_*: the text of `print` in generated code, laid out exactly as the interpreter's
// format_value does (numbers through the one shared formatter).
#include <cstdio>
#include <string>

#include "fluxion/fx_rt.h"
#include "support/number_format.hpp"

namespace {

void write_stdout(void*, const char* text, size_t size) { std::fwrite(text, 1, size, stdout); }

// One line at a time per thread: print's arguments are formatted, then handed over whole.
thread_local std::string line;
fx_rt_sink sink = write_stdout;
void* sink_user = nullptr;

}  // namespace

extern "C" {

void fx_rt_set_sink(fx_rt_sink s, void* user) {
  sink = s ? s : write_stdout;
  sink_user = s ? user : nullptr;
}

void fx_rt_put_str(const char* text) { line += text; }
void fx_rt_put_f64(double x) { line += fx::format_float(x); }
void fx_rt_put_i64(int64_t x) { line += std::to_string(x); }
void fx_rt_put_bool(bool b) { line += b ? "True" : "False"; }

void fx_rt_end_line(void) {
  line += '\n';
  sink(sink_user, line.data(), line.size());
  line.clear();
}

const char* fx_rt_pending_line(void) { return line.c_str(); }
int64_t fx_rt_line_mark(void) { return static_cast<int64_t>(line.size()); }
void fx_rt_truncate_line(int64_t mark) {
  if (mark >= 0 && static_cast<size_t>(mark) <= line.size()) line.resize(static_cast<size_t>(mark));
}
void fx_rt_discard_line(void) { line.clear(); }

}  // extern "C"

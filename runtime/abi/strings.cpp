// Strings built at run time (str(x), + on strings) for generated code. A string is a
// `const char*` in generated code, constants and built strings alike; the built ones are
// counted here, by address, so that retain and release of a constant (or of an argument's text)
// do nothing, a built string is freed with its last holder, a run-time error frees the ones
// the skipped frames held, and the entry point can tell that every one was released.
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>

#include "fluxion/fx_rt.h"

namespace {

struct Built {
  std::unique_ptr<char[]> text;
  int64_t references = 0;
};
thread_local std::unordered_map<const char*, Built> built;

const char* make(const std::string& text) {
  auto copy = std::make_unique<char[]>(text.size() + 1);
  std::memcpy(copy.get(), text.c_str(), text.size() + 1);
  const char* p = copy.get();
  built[p] = Built{std::move(copy), 1};
  return p;
}

}  // namespace

extern "C" {

const char* fx_rt_str_concat(const char* a, const char* b) { return make(std::string(a) + b); }

const char* fx_rt_str_of_pending(int64_t mark) {
  std::string text = fx_rt_pending_line();
  const char* s = make(text.substr(static_cast<size_t>(mark)));
  fx_rt_truncate_line(mark);
  return s;
}

void fx_rt_str_retain(const char* s) {
  auto it = built.find(s);
  if (it != built.end()) ++it->second.references;
}

void fx_rt_str_release(const char* s) {
  auto it = built.find(s);
  if (it != built.end() && --it->second.references == 0) built.erase(it);
}

int64_t fx_rt_strings_live(void) { return static_cast<int64_t>(built.size()); }
void fx_rt_strings_free_all(void) { built.clear(); }

}  // extern "C"

#include "codegen/run_index.hpp"

#include <fstream>
#include <map>
#include <sstream>
#include <unistd.h>

#include "codegen/build_id.hpp"
#include "codegen/cache.hpp"

namespace fx::codegen {

namespace {

constexpr char kFormat[] = "fluxion-run-index 1";

// A string as its length and bytes, so that any text (a note's newlines too) reads back whole.
void put_text(std::ostream& out, const std::string& text) { out << text.size() << ' ' << text << '\n'; }

bool get_text(std::istream& in, std::string& text) {
  size_t size = 0;
  if (!(in >> size) || in.get() != ' ' || size > (1u << 30)) return false;
  text.resize(size);
  return static_cast<bool>(in.read(text.data(), static_cast<std::streamsize>(size))) && in.get() == '\n';
}

}  // namespace

RunIndex::RunIndex(std::vector<const SourceFile*> files, const std::string& settings, const JitOptions& options)
    : files_(std::move(files)), options_(options) {
  const std::string build = own_build_id();
  if (!options.use_cache || options.cache_dir.empty() || build.empty()) return;
  std::string key_text = std::string(kFormat) + '\0' + build + '\0' + settings + '\0' + toolchain_identity(options);
  for (const SourceFile* f : files_) key_text += '\0' + std::to_string(f->path.size()) + ':' + f->path + std::to_string(f->text.size()) + ':' + f->text;
  key_ = sha256_hex(key_text);
}

std::optional<NativeProgram> RunIndex::find(CProgram& program) const {
  if (!on()) return std::nullopt;
  Cache cache(options_.cache_dir);
  std::string contents;
  if (!cache.prepare() || !cache.find(key_, ".run", &contents)) return std::nullopt;
  std::istringstream in(contents);
  std::string format, code_key;
  size_t loc_count = 0, note_count = 0;
  if (!std::getline(in, format) || format != kFormat || !get_text(in, code_key) || !get_text(in, program.entry) ||
      !(in >> loc_count) || loc_count > (1u << 26))
    return std::nullopt;
  program.locs.assign(loc_count, SourceLoc{});
  for (SourceLoc& loc : program.locs) {
    long file = -1;
    if (!(in >> file >> loc.line >> loc.col) || file < -1 || file >= static_cast<long>(files_.size())) return std::nullopt;
    loc.file = file < 0 ? nullptr : files_[static_cast<size_t>(file)];
  }
  if (!(in >> note_count) || in.get() != '\n' || note_count > (1u << 26)) return std::nullopt;
  program.nan_notes.assign(note_count, "");
  for (std::string& note : program.nan_notes)
    if (!get_text(in, note)) return std::nullopt;
  return NativeProgram::load_cached(code_key, program, options_);
}

void RunIndex::record(const CProgram& program, const NativeProgram& native) const {
  if (!on()) return;
  Cache cache(options_.cache_dir);
  if (!cache.prepare()) return;
  std::map<const SourceFile*, long> file_index;
  for (size_t i = 0; i < files_.size(); ++i) file_index[files_[i]] = static_cast<long>(i);
  std::ostringstream out;
  out << kFormat << '\n';
  put_text(out, native.cache_key());
  put_text(out, program.entry);
  out << program.locs.size() << '\n';
  for (const SourceLoc& loc : program.locs) {
    auto it = file_index.find(loc.file);
    out << (it == file_index.end() ? -1 : it->second) << ' ' << loc.line << ' ' << loc.col << '\n';
  }
  out << program.nan_notes.size() << '\n';
  for (const std::string& note : program.nan_notes) put_text(out, note);
  std::string temporary = cache.temporary(".run");
  std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
  file << out.str();
  file.close();
  if (!file) {
    unlink(temporary.c_str());
    return;  // a full disk costs the next run its shortcut, nothing else
  }
  cache.store(key_, temporary, ".run");
}

}  // namespace fx::codegen

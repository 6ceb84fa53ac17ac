// The persistent, content-addressed cache of compiled programs (docs/codegen.md "Cache").
//
// An entry is `KEY.so`, KEY the SHA-256 of the C text, the compiler's identity and its flags,
// or `KEY.run`, the run index's record (run_index.hpp). Each file is followed by a trailer (its own SHA-256 and a magic word), so a
// truncated or corrupt entry is detected and rebuilt. Entries are written under a temporary
// name (mkstemp, mode 0600) and renamed into place: concurrent runs and a run killed
// mid-write never leave a partial entry. The directory is created with mode 0700.
#pragma once
#include <optional>
#include <string>

namespace fx::codegen {

// Hex SHA-256 of `data`.
std::string sha256_hex(const std::string& data);

class Cache {
 public:
  // $XDG_CACHE_HOME/fluxion, else $HOME/.cache/fluxion ("" when neither is set). The CLI
  // passes the environment's values: nothing here reads the environment.
  static std::string default_dir(const char* xdg_cache_home, const char* home);

  explicit Cache(std::string dir) : dir_(std::move(dir)) {}
  const std::string& dir() const { return dir_; }

  // Creates the directory (mode 0700) if needed; false when it cannot be made private to us.
  bool prepare() const;
  // The path of the valid entry for `key` (KEY + suffix); a corrupt one is removed and nullopt
  // returned. With `contents`, the entry's bytes without the trailer go there.
  std::optional<std::string> find(const std::string& key, const std::string& suffix = ".so",
                                  std::string* contents = nullptr) const;
  // Moves the freshly built file `built` into the entry for `key` (KEY + suffix), with its
  // trailer. Returns the entry's path.
  std::string store(const std::string& key, const std::string& built, const std::string& suffix = ".so") const;
  // A new empty file in the cache directory for a build to write (mode 0600).
  std::string temporary(const std::string& suffix) const;
  // Removes every entry and leftover temporary file; returns how many files were removed.
  size_t clear() const;

 private:
  std::string dir_;
};

}  // namespace fx::codegen

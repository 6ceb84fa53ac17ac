// The run index: `fluxion run` of a program whose code is already in the cache, found from the
// program's sources, without type-checking, optimising, expanding and emitting it again
// (ccache's "direct mode"; docs/codegen.md "Cache").
//
// A record `KEY.run` in the cache directory maps KEY, the SHA-256 of everything the compiled
// code depends on — this Fluxion build (its GNU build ID), the options that shape the code, the
// toolchain (jit.hpp toolchain_identity) and the path and text of every source file the
// program was loaded from — to the code's own cache key, its entry point and its source
// locations (which run-time errors report). A record is written only after a program compiled
// and loaded, so a program with a compile error, or one the C back end does not support, never
// has one: those take the whole pipeline every time and report what they report.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "codegen/jit.hpp"
#include "support/source.hpp"

namespace fx::codegen {

class RunIndex {
 public:
  // `files`: every file the program was loaded from, in load order; `settings`: the options
  // the code depends on, as text. Off (finds and records nothing) without a cache directory
  // or a build ID.
  RunIndex(std::vector<const SourceFile*> files, const std::string& settings, const JitOptions& options);

  bool on() const { return !key_.empty(); }
  // The program's code as recorded before: its entry, locations and notes go to `program`
  // (which the returned program refers to, so it must outlive it); nullopt when there is no
  // valid record, or its code is no longer in the cache.
  std::optional<NativeProgram> find(CProgram& program) const;
  // Records that these sources compiled to `native`, emitted as `program`.
  void record(const CProgram& program, const NativeProgram& native) const;

 private:
  std::vector<const SourceFile*> files_;
  JitOptions options_;
  std::string key_;
};

}  // namespace fx::codegen

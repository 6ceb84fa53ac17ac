// Replays fuzz inputs through a target's LLVMFuzzerTestOneInput without libFuzzer, with the
// normal compiler: each argument is a file or a directory of files. CMake builds one replayer per
// target (fuzz/CMakeLists.txt) and `make test` runs the seed corpus through them, so the targets
// and the program generators keep building with GCC and every seed, regression inputs included,
// runs through the pipeline on every test run (under ASan and UBSan in `make test-asan`).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
// A target may define a summary of what its inputs did (ad_fuzz.cpp: how many ran and were
// checked); non-zero fails the replay. Weak: the other targets have none.
extern "C" __attribute__((weak)) int FxReplaySummary();

namespace {

int replay(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "replay: cannot read %s\n", file.c_str());
    return 1;
  }
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  int failures = 0, inputs = 0;
  for (int i = 1; i < argc; ++i) {
    std::error_code error;
    if (fs::is_directory(argv[i], error)) {
      std::vector<fs::path> files;
      for (const auto& entry : fs::directory_iterator(argv[i]))
        if (entry.is_regular_file()) files.push_back(entry.path());
      std::sort(files.begin(), files.end());
      for (const fs::path& f : files) failures += replay(f), ++inputs;
    } else {
      failures += replay(argv[i]), ++inputs;
    }
  }
  std::printf("replayed %d inputs, %d unreadable\n", inputs, failures);
  const int summary = FxReplaySummary ? FxReplaySummary() : 0;
  return failures == 0 && inputs > 0 && summary == 0 ? 0 : 1;
}

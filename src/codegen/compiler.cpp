#include "codegen/compiler.hpp"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <spawn.h>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace fx::codegen {

namespace {

bool executable(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(path.c_str(), X_OK) == 0;
}

}  // namespace

std::string CCompiler::resolved() const {
  std::string found;
  if (command.find('/') != std::string::npos) {
    if (executable(command)) found = command;
  } else if (const char* path = std::getenv("PATH")) {
    std::stringstream dirs(path);
    for (std::string dir; std::getline(dirs, dir, ':');) {
      std::string candidate = (dir.empty() ? "." : dir) + "/" + command;
      if (executable(candidate)) {
        found = candidate;
        break;
      }
    }
  }
  if (found.empty()) return "";
  char real[PATH_MAX];
  return realpath(found.c_str(), real) ? std::string(real) : found;
}

std::string CCompiler::identity() const {
  std::string path = resolved();
  struct stat st;
  if (path.empty() || stat(path.c_str(), &st) != 0) return command;
  return path + " " + std::to_string(st.st_size) + " " + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec);
}

std::vector<std::string> CCompiler::flags(const std::string& include_dir) {
  // -ffp-contract=off: no fused multiply-add, so results agree with the interpreter to the bit.
  std::vector<std::string> flags{"-std=gnu11", "-O2", "-fPIC", "-shared", "-fvisibility=hidden", "-ffp-contract=off",
                                 "-fno-math-errno", "-w", "-I", include_dir};
  // -frounding-math: the C compiler folds a libm call of a constant with MPFR, correctly
  // rounded, where glibc's function (what the interpreter and native code call at run time)
  // may differ in the last bit (gcc folds tanh(0.7) to 0.6043677771171635, glibc gives
  // 0.60436777711716361), so a program would print another value depending on what the
  // optimiser made constant. With it gcc folds only exact results (pow(x, 2.0) is still x * x).
  flags.push_back("-frounding-math");
#ifdef FLUXION_SANITIZE_GENERATED
  // A sanitizer build (make test-asan) checks the generated code too, with the runtime the
  // executable already carries.
  flags.insert(flags.end(), {"-fsanitize=address,undefined", "-fno-omit-frame-pointer"});
#endif
  return flags;
}

std::string CCompiler::compile_shared(const std::string& c_file, const std::string& output,
                                      const std::string& include_dir, const std::vector<std::string>& link) const {
  std::string program = resolved();
  if (program.empty()) return "the C compiler '" + command + "' was not found (set FLUXION_CC, or run with --interp)";
  std::vector<std::string> args{program};
  for (const std::string& f : flags(include_dir)) args.push_back(f);
  args.push_back("-o");
  args.push_back(output);
  args.push_back(c_file);
  args.insert(args.end(), link.begin(), link.end());
  args.push_back("-lm");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  // The compiler's messages go to a file beside the output, read back on failure.
  std::string log = output + ".log";
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  pid_t pid = 0;
  int spawned = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return "cannot start the C compiler " + program + ": " + std::strerror(spawned);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  std::ifstream in(log);
  std::stringstream messages;
  messages << in.rdbuf();
  unlink(log.c_str());
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return "";
  std::string how = WIFEXITED(status) ? "exit status " + std::to_string(WEXITSTATUS(status))
                                      : "signal " + std::to_string(WTERMSIG(status));
  std::string text = messages.str();
  if (text.size() > 4000) text = text.substr(0, 4000) + "\n...";
  return program + " failed (" + how + "):\n" + text;
}

}  // namespace fx::codegen

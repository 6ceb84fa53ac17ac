// The fluxion command line (LANGUAGE.md §10). Exit codes: 0 success, 1 compile
// error, 2 run-time error, 64 bad usage, 70 internal compiler error.
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "codegen/c_names.hpp"
#include "codegen/cache.hpp"
#include "driver/compilation.hpp"
#include "opt/optimiser.hpp"
#include "fluxion/runtime/linalg.hpp"
#include "support/diagnostics.hpp"
#include "support/large_stack.hpp"

namespace {

constexpr int kExitOk = 0, kExitCompile = 1, kExitRuntime = 2, kExitUsage = 64, kExitInternal = 70;

const char* kHelp = R"(fluxion — a differentiable programming language

usage:
  fluxion run FILE [options] [ARG...] type-check FILE and run its main(); the
                                      program reads ARGs with arg(i, default)
                                      (after `--`, arguments starting with -- too)
  fluxion eval FILE EXPR [options]    evaluate EXPR in FILE's scope and print its value
  fluxion check FILE                  parse and type-check FILE
  fluxion ir FILE --fn NAME [--stage parsed|typed|opt|ad|expanded|native]
                                      print the IR of a top-level function; `typed`
                                      its typed specialisations, `opt` the same
                                      after the optimiser; `ad`
                                      shows its closure conversion and its forward-
                                      and reverse-mode transforms; `expanded` the
                                      program reachable from it with every
                                      derivative built ahead of time, and what
                                      could not be (as `# not expanded:` lines);
                                      `native` the code the C emitter reads: the
                                      typed program optimised, expanded, its
                                      values typed and its derivative code
                                      optimised again (as --opt says)
  fluxion emit-c FILE [--fn NAME]     print the C code of the program reachable from
                                      main() (with --fn, only NAME's functions)
  fluxion compile FILE --export NAME[=EXPR] [--export ...] -o libX.so
                                      write a self-contained shared library whose
                                      C functions run the exported functions
                                      (typed from their parameter annotations; an
                                      EXPR such as grad(loss) takes the parameters
                                      of the function it names) and its C header
                                      X.h beside it (docs/codegen.md)
  fluxion cache clear                 remove every compiled program from the cache
  fluxion --help | --version

options:
  --interp            run with the reference interpreter
  --native            run as native code or stop with a located error naming the
                      construct the C back end does not support yet; by default
                      `run` and `eval` use native code when the whole program is
                      supported and the interpreter otherwise (docs/codegen.md)
  --no-cache          compile without reading or writing the cache of compiled
                      programs
  --max-depth N       limit on nested function calls at run time (default 10000)
  --max-loop-iterations N
                      limit on the iterations of any single loop at run time
                      (default: none)
  --opt=N             optimisation level: 1 (the default) runs the optimiser on
                      the typed program before it runs or is printed; 0 runs it
                      as type inference left it. Its passes, in order
                      (docs/opt.md):
PASSES
  --grad-mode=MODE    auto (the default, with the optimiser): grad and
                      value_and_grad of a function of one f64 with an f64
                      result, whose other inputs hold no float, run in
                      forward mode (one pass, no tape), unless the program
                      uses grad_hook, checkpoint, custom_vjp or custom_jvp;
                      every other gradient in reverse mode.
                      reverse: every gradient in reverse mode (docs/opt.md)
  --print-after-all   (with the optimiser) print the typed program to stderr
                      after every pass that changed it
  --time-passes       (with the optimiser) print the time spent in each pass
                      to stderr
  --check-nan         stop with a located run-time error at the first primitive
                      that makes a nan or an infinity out of finite operands,
                      naming the derivative pass it belongs to (run, eval;
                      compile builds the check into the library)
  --threads N         run matrix products of at least 2^22 multiply-adds (a
                      1024x1024 by 1024x4 product, say) on N OpenBLAS threads;
                      smaller ones stay on one (default 1: one thread for all)

environment: OPENBLAS_NUM_THREADS  threads for every matrix product when --threads
                                   is not given (default 1)
             FLUXION_CC            the C compiler of the native back end (default cc)
             XDG_CACHE_HOME        the cache of compiled programs is in
                                   $XDG_CACHE_HOME/fluxion (default ~/.cache/fluxion)

exit codes: 0 success, 1 compile error, 2 run-time error, 64 bad usage,
            70 internal compiler error (please report it)

Derivatives are built ahead of time, optimised and run as native code where the
back end supports them; `compile` exports them too (--export 'dloss=grad(loss)').
A derivative the expansion cannot build yet runs with the interpreter's run-time
AD engine (docs/ad.md section 10).
)";

// `text` (words separated by spaces) as lines of at most `width` columns, each indented by
// `indent` spaces.
std::string wrap(const std::string& text, size_t indent, size_t width) {
  std::string out, line;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    std::string word = text.substr(start, end - start);
    if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
      out += std::string(indent, ' ') + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  if (!line.empty()) out += std::string(indent, ' ') + line + "\n";
  return out;
}

struct UsageError {
  std::string message;
};

struct Command {
  std::string verb;
  std::vector<std::string> positional;
  std::vector<fx::driver::Compilation::ExportRequest> exports;  // compile --export
  std::string output;                                           // compile -o
  std::string fn_name;
  std::string stage = "parsed";
  int threads = 0;  // --threads; 0: not given
  fx::driver::Options options;
};

size_t parse_count(const std::string& flag, const std::string& text, unsigned long long max = 10000000) {
  char* end = nullptr;
  errno = 0;
  unsigned long long v = std::strtoull(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno != 0 || v == 0 || v > max || text[0] == '-')
    throw UsageError{flag + " expects a whole number from 1 to " + std::to_string(max) + ", found '" + text + "'"};
  return static_cast<size_t>(v);
}

// --export NAME or --export NAME=EXPRESSION: NAME becomes a C function of the library.
fx::driver::Compilation::ExportRequest parse_export(const std::string& text) {
  size_t eq = text.find('=');
  std::string name = text.substr(0, eq);
  bool identifier = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
  for (unsigned char ch : name) identifier = identifier && (std::isalnum(ch) || ch == '_');
  if (!identifier || fx::codegen::is_c_keyword(name))
    throw UsageError{"--export expects NAME or NAME=EXPRESSION with NAME a C identifier that is not a keyword, found '" +
                     text + "'"};
  if (eq != std::string::npos && text.find_first_not_of(" \t", eq + 1) == std::string::npos)
    throw UsageError{"--export " + text + ": the expression after '=' is empty"};
  return {name, eq == std::string::npos ? "" : text.substr(eq + 1)};
}

// The header written beside an AOT library: dir/libNAME.so → dir/NAME.h.
std::string header_beside(const std::string& library) {
  size_t slash = library.find_last_of('/');
  std::string dir = slash == std::string::npos ? "" : library.substr(0, slash + 1);
  std::string stem = library.substr(dir.size());
  if (stem.size() > 3 && stem.compare(stem.size() - 3, 3, ".so") == 0) stem.resize(stem.size() - 3);
  if (stem.size() > 3 && stem.rfind("lib", 0) == 0) stem = stem.substr(3);
  return dir + stem + ".h";
}

int parse_level(const std::string& text) {
  if (text == "0") return 0;
  if (text == "1") return 1;
  throw UsageError{"--opt expects 0 or 1, found '" + text + "'"};
}

// --grad-mode=auto|reverse: whether forward mode may compute a gradient (OptOptions::forward_grads).
bool parse_grad_mode(const std::string& text) {
  if (text == "auto") return true;
  if (text == "reverse") return false;
  throw UsageError{"--grad-mode expects auto or reverse, found '" + text + "'"};
}

Command parse_command_line(int argc, char** argv) {
  Command c;
  c.options.opt.log = &std::cerr;
  // What the native back end reads from the environment; the driver reads nothing itself.
  if (const char* cc = std::getenv("FLUXION_CC"); cc && cc[0]) c.options.jit.compiler.command = cc;
  c.options.jit.cache_dir = fx::codegen::Cache::default_dir(std::getenv("XDG_CACHE_HOME"), std::getenv("HOME"));
  c.options.engine = fx::driver::Engine::Auto;  // native code where the C emitter supports the program
  if (argc < 2) throw UsageError{"missing command"};
  c.verb = argv[1];
  bool options_done = false;  // after `--` every argument is positional
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    if (options_done) {
      c.positional.push_back(a);
      continue;
    }
    if (a == "--") {
      options_done = true;
      continue;
    }
    auto value = [&](const std::string& flag) -> std::string {
      if (i + 1 >= argc) throw UsageError{flag + " needs a value"};
      return argv[++i];
    };
    if (a == "--interp") c.options.engine = fx::driver::Engine::Interpreter;
    else if (a == "--native") c.options.engine = fx::driver::Engine::Native;
    else if (a == "--no-cache") c.options.jit.use_cache = false;
    else if (a == "--max-depth") c.options.interp.max_call_depth = parse_count(a, value(a));
    else if (a == "--max-loop-iterations") c.options.interp.max_loop_iterations = parse_count(a, value(a), 1000000000000ULL);
    else if (a == "--check-nan") c.options.interp.check_nan = true;
    else if (a.rfind("--opt=", 0) == 0) c.options.opt.level = parse_level(a.substr(6));
    else if (a.rfind("--grad-mode=", 0) == 0) c.options.opt.forward_grads = parse_grad_mode(a.substr(12));
    else if (a == "--print-after-all") c.options.opt.print_after_all = true;
    else if (a == "--time-passes") c.options.opt.time_passes = true;
    else if (a == "--threads") c.threads = static_cast<int>(parse_count(a, value(a), 256));
    else if (a == "--fn") c.fn_name = value(a);
    else if (a == "--export") c.exports.push_back(parse_export(value(a)));
    else if (a == "-o") c.output = value(a);
    else if (a == "--stage") c.stage = value(a);
    else if (a.size() > 1 && a[0] == '-' && a[1] == '-') throw UsageError{"unknown option '" + a + "'"};
    else c.positional.push_back(a);
  }
  auto expect_positional = [&](size_t n, const char* what) {
    if (c.positional.size() < n) throw UsageError{"'" + c.verb + "' needs " + what};
    if (c.positional.size() > n)
      throw UsageError{"unexpected argument '" + c.positional[n] + "' for '" + c.verb + "'"};
  };
  if (c.verb == "cache") {
    expect_positional(1, "an action: 'fluxion cache clear'");
    if (c.positional[0] != "clear") throw UsageError{"unknown cache action '" + c.positional[0] + "' (actions: clear)"};
  } else if (c.verb == "emit-c") {
    expect_positional(1, "a FILE");
  } else if (c.verb == "run") {
    if (c.positional.empty()) throw UsageError{"'run' needs a FILE"};
    c.options.interp.program_args.assign(c.positional.begin() + 1, c.positional.end());
  } else if (c.verb == "compile") {
    expect_positional(1, "a FILE");
    if (c.exports.empty()) throw UsageError{"'compile' needs at least one --export NAME or --export NAME=EXPRESSION"};
    if (c.output.empty()) throw UsageError{"'compile' needs -o LIBRARY (the shared library to write, libNAME.so)"};
  } else if (c.verb == "check") {
    expect_positional(1, "a FILE");
  } else if (c.verb == "eval") {
    expect_positional(2, "a FILE and an EXPR");
  } else if (c.verb == "ir") {
    expect_positional(1, "a FILE");
    if (c.fn_name.empty()) throw UsageError{"'ir' needs --fn NAME"};
    if (c.stage != "parsed" && c.stage != "typed" && c.stage != "opt" && c.stage != "ad" && c.stage != "expanded" &&
        c.stage != "native")
      throw UsageError{"unknown stage '" + c.stage + "' (stages: parsed, typed, opt, ad, expanded, native)"};
  } else {
    throw UsageError{"unknown command '" + c.verb + "'"};
  }
  return c;
}

int execute(const Command& c, fx::driver::Compilation& compilation) {
  if (c.verb == "cache") {
    const std::string& dir = c.options.jit.cache_dir;
    size_t removed = dir.empty() ? 0 : fx::codegen::Cache(dir).clear();
    std::cout << "removed " << removed << " file" << (removed == 1 ? "" : "s") << " from "
              << (dir.empty() ? "the cache (no cache directory: neither XDG_CACHE_HOME nor HOME is set)" : dir) << "\n";
    return kExitOk;
  }
  compilation.load_file(c.positional[0]);
  if (c.verb == "check") {
    compilation.check();
  } else if (c.verb == "run") {
    compilation.run_main(std::cout);
  } else if (c.verb == "eval") {
    std::string text = compilation.eval(c.positional[1], std::cout);
    std::cout << text << "\n";
  } else if (c.verb == "ir") {
    std::cout << compilation.ir_text(c.fn_name, c.stage);
  } else if (c.verb == "emit-c") {
    std::cout << compilation.c_text(c.fn_name);
  } else if (c.verb == "compile") {
    const std::string header = header_beside(c.output);
    compilation.compile_library(c.exports, c.output, header);
    std::cout << "wrote " << c.output << " and " << header << "\n";
  }
  std::cout.flush();
  return kExitOk;
}

// Runs the command and turns every way it can fail into a message and an exit code.
// The compilation outlives the handlers: error locations point into its source files.
int execute_reporting_errors(const Command& c) {
  fx::driver::Compilation compilation(c.options);
  try {
    return execute(c, compilation);
  } catch (const fx::CompileError& e) {
    std::cout.flush();
    std::cerr << fx::format_diagnostic(e.loc, "error", e.message);
    return kExitCompile;
  } catch (const fx::RuntimeError& e) {
    std::cout.flush();
    std::cerr << fx::format_diagnostic(e.loc, "error", e.message);
    return kExitRuntime;
  } catch (const fx::InternalError& e) {
    std::cout.flush();
    std::cerr << "fluxion: internal compiler error in " << e.where << ": " << e.message
              << "\nThis is a bug in Fluxion, not in your program; please report it with the input.\n";
    return kExitInternal;
  } catch (const std::bad_alloc&) {
    std::cout.flush();
    std::cerr << "fluxion: error: out of memory\n";
    return kExitRuntime;
  } catch (const std::exception& e) {
    std::cout.flush();
    std::cerr << "fluxion: internal compiler error: unexpected failure (" << e.what()
              << ")\nThis is a bug in Fluxion; please report it with the input.\n";
    return kExitInternal;
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc >= 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0 ||
                    std::strcmp(argv[1], "help") == 0)) {
    // The pass list comes from the pipeline itself, so that --help cannot fall behind it.
    std::string help = kHelp;
    help.replace(help.find("PASSES\n"), 7, wrap(fx::opt::pass_names(), 22, 80));
    std::cout << help;
    return kExitOk;
  }
  if (argc >= 2 && std::strcmp(argv[1], "--version") == 0) {
    std::cout << "fluxion 0.1.0\n";
    return kExitOk;
  }
  Command command;
  try {
    command = parse_command_line(argc, argv);
  } catch (const UsageError& e) {
    std::cerr << "fluxion: " << e.message << "\nrun 'fluxion --help' for usage\n";
    return kExitUsage;
  }
  // Large products only on several threads (linalg.hpp); OPENBLAS_NUM_THREADS alone keeps
  // OpenBLAS's own behaviour.
  if (command.threads > 0) fx::rt::set_blas_threads(command.threads);
  else if (!std::getenv("OPENBLAS_NUM_THREADS")) fx::rt::set_blas_threads(1);
  int code = kExitInternal;
  try {
    // The parser, checker and interpreter recurse; a 1 GiB stack lets their own depth
    // limits, not the operating system, decide when input is too deep.
    fx::run_with_large_stack([&] { code = execute_reporting_errors(command); });
  } catch (...) {
    std::cerr << "fluxion: internal compiler error: unexpected failure\n";
  }
  return code;
}

#include <new>

#include "api/errors.hpp"
#include "fluxion/runtime/error.hpp"
#include "support/diagnostics.hpp"

namespace fluxion {

Error::Error(Kind kind, std::string file, int line, int column, std::string message, std::string diagnostic)
    : kind_(kind), file_(std::move(file)), line_(line), column_(column), message_(std::move(message)),
      diagnostic_(std::move(diagnostic)) {}

namespace detail {

namespace {
Error located(Error::Kind kind, const fx::SourceLoc& loc, const std::string& message) {
  std::string text = fx::format_diagnostic(loc, "error", message);
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return Error(kind, loc.file ? loc.file->path : "", static_cast<int>(loc.line), static_cast<int>(loc.col), message,
               text);
}
}  // namespace

void host_error(fx::SourceLoc loc, const std::string& message) { throw located(Error::Kind::Compile, loc, message); }

void translate_current_exception() {
  try {
    throw;
  } catch (const Error&) {
    throw;
  } catch (const fx::CompileError& e) {
    throw located(Error::Kind::Compile, e.loc, e.message);
  } catch (const fx::RuntimeError& e) {
    throw located(Error::Kind::Runtime, e.loc, e.message);
  } catch (const fx::rt::TensorError& e) {
    throw located(Error::Kind::Runtime, {}, e.message);
  } catch (const fx::InternalError& e) {
    std::string message = "internal compiler error in " + e.where + ": " + e.message +
                          " (a bug in Fluxion, not in your program; please report it)";
    throw Error(Error::Kind::Internal, "", 0, 0, message, "fluxion: " + message);
  } catch (const std::bad_alloc&) {
    throw Error(Error::Kind::Runtime, "", 0, 0, "out of memory", "fluxion: error: out of memory");
  } catch (const std::exception& e) {
    std::string message = std::string("internal compiler error: unexpected failure (") + e.what() + ")";
    throw Error(Error::Kind::Internal, "", 0, 0, message, "fluxion: " + message);
  }
}

}  // namespace detail
}  // namespace fluxion

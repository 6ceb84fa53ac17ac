/* The C ABI of the Fluxion runtime: the entry points that generated C code calls (the JIT's
 * shared objects and AOT libraries, src/codegen/, docs/codegen.md).
 *
 * Every function is extern "C" and never lets a C++ exception out. An operation that can fail
 * returns its error message (NULL when it succeeded, the result written through `out`); the
 * generated code records the message with the location of the failing node (fx_rt_error_set)
 * and unwinds to its entry point, and the host reports it exactly as the interpreter reports
 * the same run-time error: "FILE:L:C: error: MESSAGE", exit status 2. */
#ifndef FLUXION_FX_RT_H
#define FLUXION_FX_RT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What an entry point of generated code returns: success, a run-time error, or success after
 * which boxes were still alive (a bug in the compiler's reference counting). */
enum { FX_RT_OK = 0, FX_RT_ERROR = 2, FX_RT_LEAKED = 3 };

/* ---- host calls: an argument or the result of a function that an embedding host calls
 * (the entry point fx_call, docs/embedding.md), as its Fluxion type: f64, i64 or bool. */
typedef union fx_slot {
  double f64;
  int64_t i64;
  bool b;
} fx_slot;

/* ---- output: `print` builds a line and hands it to the sink the host installed
 * (stdout when none; the interpreter's output stream in the JIT). */
typedef void (*fx_rt_sink)(void* user, const char* text, size_t size);
void fx_rt_set_sink(fx_rt_sink sink, void* user);
void fx_rt_put_str(const char* text);
void fx_rt_put_f64(double x); /* Python's repr: "1.0", "0.1", "1e-05", "inf", "nan" */
void fx_rt_put_i64(int64_t x);
void fx_rt_put_bool(bool b); /* "True" / "False" */
void fx_rt_end_line(void);   /* appends "\n" and writes the line to the sink */
/* The text put since the last end of line (an evaluated value's text), and forgetting it. */
const char* fx_rt_pending_line(void);
void fx_rt_discard_line(void);

/* ---- errors: the last run-time error of this thread, as a location id of the generated
 * program (an index into its table of source locations) and a message. */
void fx_rt_error_set(int64_t loc, const char* message);
int64_t fx_rt_error_loc(void);
const char* fx_rt_error_message(void);

/* ---- calls: the lowest stack address generated code may reach on this thread (a margin
 * above the end of its stack; 0 when unknown), and the message for a call `depth` deep that
 * passed the limit or the stack. */
uintptr_t fx_rt_stack_floor(void);
const char* fx_rt_too_deep(int64_t depth, int64_t limit);

/* ---- arg(i, default): the program's command-line arguments (installed by the host),
 * converted to the default's type; the default when there are fewer. Fails on a negative
 * position and on text that is not of the type. fx_rt_arg_str's result lives as long as the
 * arguments. */
void fx_rt_set_program_args(const char* const* args, int64_t n);
const char* fx_rt_arg_i64(int64_t i, int64_t fallback, int64_t* out);
const char* fx_rt_arg_f64(int64_t i, double fallback, double* out);
const char* fx_rt_arg_bool(int64_t i, bool fallback, bool* out);
const char* fx_rt_arg_str(int64_t i, const char* fallback, const char** out);

/* ---- scalar operations whose semantics or messages the interpreter shares (Python's floor
 * division and modulo, NumPy's special cases). The i64 ones fail on division by zero and
 * negative powers with the tensor kernels' words. */
const char* fx_rt_i64_floordiv(int64_t a, int64_t b, int64_t* out);
const char* fx_rt_i64_mod(int64_t a, int64_t b, int64_t* out);
const char* fx_rt_i64_pow(int64_t a, int64_t b, int64_t* out);
const char* fx_rt_f64_to_i64(double x, int64_t* out); /* truncation; nan, inf, out of range fail */
double fx_rt_f64_floordiv(double a, double b);
double fx_rt_f64_mod(double a, double b);
double fx_rt_sigmoid(double x);
double fx_rt_softplus(double x);
double fx_rt_sign(double x);
double fx_rt_maximum(double a, double b); /* nan propagates */
double fx_rt_minimum(double a, double b);
double fx_rt_digamma(double x);
double fx_rt_trigamma(double x);

#ifdef __cplusplus
}
#endif

#endif /* FLUXION_FX_RT_H */

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

#include "fluxion/runtime/tensor_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What an entry point of generated code returns: success, a run-time error, or success after
 * which boxes were still alive (a bug in the compiler's reference counting). */
enum { FX_RT_OK = 0, FX_RT_ERROR = 2, FX_RT_LEAKED = 3 };

/* ---- host calls: one leaf of an argument or of the result of a function that an embedding
 * host calls (the entry point fx_call, docs/embedding.md); tuples and structs are flattened
 * into consecutive slots (src/codegen/host_slots.hpp). A tensor argument is a reference the
 * host hands to the call (fx_call gives it back); a tensor result is a reference the call
 * hands to the host (fx_rt_tensor_to_host, below). */
typedef union fx_slot {
  double f64;
  int64_t i64;
  bool b;
  fx_tensor* t;
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
/* Where the pending text ends now, and cutting it back there (str(x) writes x as print does,
 * then takes the text: fx_rt_str_of_pending). */
int64_t fx_rt_line_mark(void);
void fx_rt_truncate_line(int64_t mark);

/* ---- strings built at run time (str(x), + on strings): new strings with one reference.
 * Retain and release of a string that was not built (a constant, an argument) do nothing. */
const char* fx_rt_str_concat(const char* a, const char* b);
const char* fx_rt_str_of_pending(int64_t mark); /* the text put since `mark`, taken out of the line */
void fx_rt_str_retain(const char* s);
void fx_rt_str_release(const char* s);
int64_t fx_rt_strings_live(void);
void fx_rt_strings_free_all(void);

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
double fx_rt_clock(void); /* clock(): seconds on the steady clock, as the interpreter's */
double fx_rt_f64_floordiv(double a, double b);
double fx_rt_f64_mod(double a, double b);
double fx_rt_sigmoid(double x);
double fx_rt_softplus(double x);
double fx_rt_sign(double x);
double fx_rt_maximum(double a, double b); /* nan propagates */
double fx_rt_minimum(double a, double b);
double fx_rt_digamma(double x);
double fx_rt_trigamma(double x);


/* ---- tensors (docs/codegen.md "Tensors"): a tensor is the runtime's counted header
 * (fluxion/runtime/tensor_abi.h), one reference per holder. A primitive's
 * operands and result travel as fx_value, a tagged C value; fx_rt_apply evaluates the
 * primitive by the interpreter's own code for it, so both engines share its semantics and
 * its messages. f32 scalars are rank-0 f32 tensors, as in the interpreter. */
void fx_rt_tensor_retain(fx_tensor* t); /* NULL is ignored (a variable not assigned yet) */
void fx_rt_tensor_release(fx_tensor* t);
/* How many tensors generated code holds references to on this thread, and giving them all
 * back (after a run-time error skipped the frames that held them). */
int64_t fx_rt_tensors_live(void);
void fx_rt_tensors_free_all(void);

enum {
  FX_VALUE_NONE = 0,
  FX_VALUE_BOOL,
  FX_VALUE_I64,
  FX_VALUE_F64,
  FX_VALUE_STR,
  FX_VALUE_TENSOR,
  FX_VALUE_TUPLE,
  FX_VALUE_STRUCT /* a tuple whose items are the fields named by field_names (save, load) */
};
typedef struct fx_value {
  int32_t kind; /* FX_VALUE_* */
  union {
    bool b;
    int64_t i;
    double f;
    const char* s;
    fx_tensor* t;
    struct {
      struct fx_value* items;
      int64_t n;
      const char* const* field_names; /* a struct's; NULL for a tuple */
      const char* type_name;          /* a struct's */
    } tuple;
  } as;
} fx_value;

/* The number of the primitive named `name` in ops.def (-1 when there is none): generated code
 * looks it up once per call site (FX_PRIM_ID), since the numbers change with the catalogue. */
int32_t fx_rt_prim_id(const char* name);
/* Applies primitive number `prim` to args[0..n). Bit i of `consumed`: the
 * caller hands its reference to args[i]'s tensor over (its last use), so that a tensor nobody
 * else holds is updated in place. `out` says what the caller expects (its kind, and for a
 * tuple its items' kinds) and receives the result; its tensors are new references. Returns
 * NULL, or the message of a run-time error. */
const char* fx_rt_apply(int32_t prim, const fx_value* args, int64_t n, uint64_t consumed, fx_value* out);
/* The same for a primitive whose tensor operands are known (from their types) to be tensors of
 * rank >= 1 and whose other operands are numbers or statics, none handed over, the result a
 * tensor of rank >= 1 or a number: the runtime applies its kernel to the headers directly
 * (src/native_abi/direct_ops.cpp), without fx_rt_apply's conversion to interpreter values;
 * values and messages are fx_rt_apply's. */
const char* fx_rt_op(int32_t prim, const fx_value* args, int64_t n, fx_value* out);
/* The same under --check-nan: a result holding a nan or an infinity made from finite operands
 * is refused with the interpreter's words ("check-nan: log produced nan (operand: -1.0)"). */
const char* fx_rt_apply_checked(int32_t prim, const fx_value* args, int64_t n, uint64_t consumed, fx_value* out);
/* --check-nan after a primitive that generated code computes itself (a non-finite f64): the
 * report, or NULL when an operand already held the nan or infinity. */
const char* fx_rt_check_nan(int32_t prim, const fx_value* args, int64_t n, const fx_value* result);
/* A struct field declared Tensor[T, rank] given a tensor of unknown rank: NULL when t has that
 * rank (or is a number to the interpreter), else `declaration` + ", found a tensor of rank N". */
const char* fx_rt_check_rank(const fx_tensor* t, int64_t rank, const char* declaration);
/* print's text of a tensor (a rank-0 f64/i64/bool tensor as its number), and == of tensors
 * inside tuples and structs (NumPy's array_equal). */
void fx_rt_put_tensor(const fx_tensor* t);
bool fx_rt_tensor_equal(const fx_tensor* a, const fx_tensor* b);
/* A number as a rank-0 tensor of its own dtype (a scalar where a tensor of unknown rank is
 * expected: a loop's accumulator `total = 0.0` that becomes a tensor). */
fx_tensor* fx_rt_tensor_of_f64(double x);
fx_tensor* fx_rt_tensor_of_i64(int64_t x);
fx_tensor* fx_rt_tensor_of_bool(bool x);
/* A new contiguous f64 tensor of like's shape, its elements not set yet: the output of a fused
 * loop (src/codegen/fused_loop.cpp), which writes every element. */
fx_tensor* fx_rt_tensor_f64_like(const fx_tensor* like);

/* ---- the host of an AOT library (docs/codegen.md "AOT libraries"): its arrays, wrapped
 * without a copy (row-major; NULL with the reason in fx_rt_error_message when they cannot be),
 * an argument checked against the parameter's dtype and rank (-1: any; NULL when it fits, else
 * the message, which starts with `what`), a result handed over to the host (generated code
 * stops counting it; a copy when it is the host's memory, a view or shared; NULL when out of
 * memory), and a reference the host gives back. */
fx_tensor* fx_rt_host_wrap(int32_t dtype, void* data, int64_t rank, const int64_t* shape);
const char* fx_rt_check_argument(const fx_tensor* t, int32_t dtype, int64_t rank, const char* what);
fx_tensor* fx_rt_tensor_to_host(fx_tensor* t);
void fx_rt_host_release(const fx_tensor* t);

#ifdef __cplusplus
}
#endif

#endif /* FLUXION_FX_RT_H */

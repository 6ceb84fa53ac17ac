/* The host of the AOT test (run_aot_test.py): a C program that links libmodel.so (compiled
 * from model.fx by `fluxion compile`) and nothing of Fluxion else, calls the exported
 * functions on its own arrays and checks every value. Prints "ok NAME" per check and exits 1
 * at the first failure. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

static int failures = 0;

static void check(int ok, const char* what) {
  printf("%s %s\n", ok ? "ok" : "FAILED", what);
  if (!ok) failures++;
}

static int close_to(double a, double b) { return fabs(a - b) <= 1e-12 * fmax(1.0, fabs(b)); }

int main(void) {
  /* scalars */
  double p = 0;
  check(power(1.5, 3, &p) == model_OK && close_to(p, 3.375), "power(1.5, 3) = 3.375");
  model_tuple1 sp;
  check(sum_and_product(2.0, 5.0, &sp) == model_OK && sp.e0 == 7.0 && sp.e1 == 10.0, "sum_and_product(2, 5) = (7, 10)");
  double aliased = 0;
  check(f_power(2.0, 10, &aliased) == model_OK && aliased == 1024.0,
        "f_power (--export f_power=power, named like the generated code's own function) = power");
  check(report(2.5) == model_OK, "report(2.5), which returns None, prints and has no result pointer");
  int64_t q = 0;
  check(floor_div(-7, 2, &q) == model_OK && q == -4, "floor_div(-7, 2) = -4 (Python's floor division)");

  /* tensors over the host's arrays, no copies */
  double xs[3] = {1.0, 2.0, 3.0}, ys[3] = {4.0, -5.0, 6.0};
  int64_t n3[1] = {3};
  const fx_tensor* x = model_wrap_f64(xs, 1, n3);
  const fx_tensor* y = model_wrap_f64(ys, 1, n3);
  check(x && y && x->data == (void*)xs, "wrapped arrays share the host's memory");
  double d = 0;
  check(dot(x, y, &d) == model_OK && d == 12.0, "dot([1, 2, 3], [4, -5, 6]) = 12");

  /* exported gradients (--export 'dpower=grad(power)' --export 'ddot=grad(dot, argnums=1)') */
  double dp = 0;
  check(dpower(1.5, 3, &dp) == model_OK && close_to(dp, 6.75), "dpower(1.5, 3) = 3 * 1.5^2 = 6.75");
  const fx_tensor* g = NULL;
  check(ddot(x, y, &g) == model_OK && g && g->rank == 1 && g->shape[0] == 3, "ddot returns a tensor of shape (3,)");
  if (g) {
    const double* gd = (const double*)g->data;
    check(gd[0] == 1.0 && gd[1] == 2.0 && gd[2] == 3.0 && g->data != (void*)xs,
          "the gradient of dot(x, y) in y is x, in memory of its own");
    model_release(g);
  }

  /* a struct of tensors in, a tensor out */
  double ws[6] = {0.1, 0.2, 0.3, -0.4, 0.5, -0.6}, bs[2] = {0.05, -0.05};
  int64_t n23[2] = {2, 3}, n2[1] = {2};
  model_Linear lin = {model_wrap_f64(ws, 2, n23), model_wrap_f64(bs, 1, n2)};
  const fx_tensor* out = NULL;
  check(predict(lin, x, &out) == model_OK && out && out->rank == 1 && out->shape[0] == 2, "predict returns a tensor of shape (2,)");
  if (out) {
    const double* o = (const double*)out->data;
    check(close_to(o[0], tanh(0.1 * 1 + 0.2 * 2 + 0.3 * 3 + 0.05)) && close_to(o[1], tanh(-0.4 + 1.0 - 1.8 - 0.05)),
          "predict's values are tanh(w @ x + b)");
    model_release(out);
  }

  /* a struct out: its tensors are the host's */
  model_Linear next;
  check(step(lin, 0.5, &next) == model_OK && ((const double*)next.w->data)[5] == -0.3 &&
            ((const double*)next.b->data)[1] == -0.05 && next.b->data != (void*)bs,
        "step returns a new Linear whose tensors are copies the host owns");
  model_release(next.w);
  model_release(next.b);

  /* a result that is an argument: a copy, never the host's memory */
  const fx_tensor* echoed = NULL;
  check(same(x, &echoed) == model_OK && echoed != x && echoed->data != (void*)xs &&
            ((const double*)echoed->data)[2] == 3.0,
        "a returned argument is a copy");
  model_release(echoed);

  /* i64 tensors and loops over them */
  int64_t is[5] = {3, -1, 0, 7, 2};
  int64_t n5[1] = {5};
  const fx_tensor* ints = model_wrap_i64(is, 1, n5);
  int64_t positive = 0;
  check(count_positive(ints, &positive) == model_OK && positive == 3, "count_positive([3, -1, 0, 7, 2]) = 3");

  /* run-time errors: a return code, the interpreter's message and the source place */
  int rc = floor_div(1, 0, &q);
  check(rc == model_ERROR && strstr(model_error_message(), "division by zero") != NULL, "floor_div(1, 0) fails");
  check(strstr(model_error_location(), "model.fx:26:") != NULL, "the error is located in model.fx");
  printf("error: %s: %s\n", model_error_location(), model_error_message());

  /* arguments that do not fit the parameter's type */
  rc = dot(ints, y, &d);
  check(rc == model_ERROR && strstr(model_error_message(), "argument 1 (x) of dot: expected an f64 tensor of rank 1, found an i64 tensor") != NULL,
        "an i64 tensor where Tensor[f64, 1] is declared is refused");
  printf("error: %s: %s\n", model_error_location(), model_error_message());
  int64_t n13[2] = {1, 3};
  const fx_tensor* matrix = model_wrap_f64(xs, 2, n13);
  rc = dot(matrix, y, &d);
  check(rc == model_ERROR && strstr(model_error_message(), "of rank 1, found an f64 tensor of rank 2") != NULL,
        "a matrix where a vector is declared is refused");
  check(dot(NULL, y, &d) == model_ERROR && strstr(model_error_message(), "found NULL") != NULL, "a NULL tensor is refused");
  check(dot(x, y, NULL) == model_ERROR && strstr(model_error_message(), "result pointer is NULL") != NULL,
        "a NULL result pointer is refused");
  int64_t negative[1] = {-2};
  check(model_wrap_f64(xs, 1, negative) == NULL && strstr(model_error_message(), "negative extent") != NULL,
        "a negative extent cannot be wrapped");
  check(model_wrap_f64(xs, 9, n3) == NULL && strstr(model_error_message(), "rank 9") != NULL, "rank 9 cannot be wrapped");

  /* after errors the library still works */
  check(dot(x, y, &d) == model_OK && d == 12.0, "calls after errors still work");

  model_release(matrix);
  model_release(ints);
  model_release(lin.w);
  model_release(lin.b);
  model_release(x);
  model_release(y);
  model_release(NULL);
  if (failures) {
    printf("%d check(s) failed\n", failures);
    return 1;
  }
  printf("all checks passed\n");
  return 0;
}

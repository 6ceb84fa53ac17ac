/* Loop's gradient (bench/overhead/loop.fx) as native code now runs it: the taping loop stores
 * r at the tape's index, held in a register (codegen/linear_tapes.hpp), and the backward loop
 * reads it back; the tape is allocated for the call and freed after it, as fx_linear_tape_L
 * does (a box of 48 bytes and an array). Timed against the same loops on an array allocated
 * once, and the primal, call after call in alternation (bench/SHORTFALLS.md, Loop):
 *   cc -O2 -ffp-contract=off bench/overhead/tape_alloc_modes.c -o /tmp/t && for i in 1 2 3 4 5 6; do /tmp/t; done
 * prints the median of each per process. On the bench VM the primal and the preallocated
 * gradient take the same time in every process, while the allocating one is as fast in some
 * processes and about 20% slower in others. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 1000
#define CALLS 20000

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

__attribute__((noinline)) static double primal(double x) {
  double r = 1.0;
  for (int i = 0; i < N; i++) r *= x;
  return r;
}

static double loops(double x, double* at) {
  double r = 1.0;
  for (int i = 0; i < N; i++) {
    at[i] = r;
    r *= x;
  }
  double ct = 1.0, g = 0.0;
  for (int i = N - 1; i >= 0; i--) {
    g += at[i] * ct;
    ct *= x;
  }
  return g;
}

__attribute__((noinline)) static double allocating(double x) {
  void* box = calloc(1, 48);
  char* array = malloc(24 + N * sizeof(double));
  double g = loops(x, (double*)(array + 24));
  free(array);
  free(box);
  return g;
}

static double once[N];
__attribute__((noinline)) static double preallocated(double x) { return loops(x, once); }

static int ascending(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char** argv) {
  (void)argv;
  const double x = argc > 5 ? 1.0 : 1.0001; /* not a constant the compiler could fold */
  static double t[3][CALLS];
  volatile double sink = 0;
  for (int c = 0; c < CALLS; c++) {
    double a = now();
    sink += primal(x);
    double b = now();
    sink += allocating(x);
    double d = now();
    sink += preallocated(x);
    double e = now();
    t[0][c] = b - a;
    t[1][c] = d - b;
    t[2][c] = e - d;
  }
  for (int k = 0; k < 3; k++) qsort(t[k], CALLS, sizeof(double), ascending);
  printf("median ns: primal %.0f  allocating %.0f  preallocated %.0f\n", 1e9 * t[0][CALLS / 2],
         1e9 * t[1][CALLS / 2], 1e9 * t[2][CALLS / 2]);
  return 0;
}

/* Why Loop's gradient time has two modes on the bench VM (bench/SHORTFALLS.md, Loop).
 *
 * Three versions of bench/overhead/loop.fx's work (r = r * x, 1000 times), timed in alternation,
 * call after call, and reported as the median of each block of 2000 calls:
 *   primal  the loop alone;
 *   header  reverse mode as the generated C does it (fluxion emit-c bench/overhead/loop.fx): each
 *           push reads the stack's box (its length, capacity and array) and writes its length;
 *   index   reverse mode as a person writes it: the tape's index lives in a register.
 * Build and run: cc -O2 -ffp-contract=off bench/overhead/tape_modes.c -o /tmp/tape_modes && /tmp/tape_modes
 * On the 2-CPU bench VM, blocks where `header` takes about 1.5x longer than in the others come and
 * go every few tenths of a second, while `primal` and `index` keep their times. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef struct { double x, r; } Entry;                  /* what the loop's pullback keeps */
typedef struct { int64_t rc, len, cap; Entry* at; } Box; /* a stack's array and its header */

enum { N = 1000, CALLS = 2000, BLOCKS = 12 };

__attribute__((noinline, cold)) static void grow(Box* b) { b->cap *= 2; b->at = realloc(b->at, b->cap * sizeof(Entry)); }

__attribute__((noinline)) static double primal(double x) {
  double r = 1.0;
  for (int i = 0; i < N; ++i) r = r * x;
  return r;
}

static double backward(const Entry* at, int64_t n) {
  double ct = 1.0, g = 0.0;
  for (int64_t k = n; k > 0; --k) {
    g += at[k - 1].r * ct;
    ct = ct * at[k - 1].x;
  }
  return g;
}

__attribute__((noinline)) static double header(double x, Box* b) {
  b->len = 0;
  double r = 1.0;
  int64_t n = 0; /* the view's own count, as fx_push_L's {box, n} */
  for (int i = 0; i < N; ++i) {
    if (!(b->len == n && n < b->cap)) grow(b);
    b->at[b->len++] = (Entry){x, r};
    ++n;
    r = r * x;
  }
  return backward(b->at, n);
}

__attribute__((noinline)) static double index_(double x, Entry* at) {
  double r = 1.0;
  for (int i = 0; i < N; ++i) {
    at[i] = (Entry){x, r};
    r = r * x;
  }
  return backward(at, N);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}
static int by_value(const void* a, const void* b) { return (*(const double*)a > *(const double*)b) - (*(const double*)a < *(const double*)b); }

int main(void) {
  Box box = {1, 0, N, malloc(N * sizeof(Entry))};
  Entry* tape = malloc(N * sizeof(Entry));
  static double t[3][CALLS];
  volatile double sink = 0.0; /* each call's input depends on the last result: nothing is hoisted */
  printf("median ns per call, per block of %d calls:  primal  header  index\n", CALLS);
  for (int block = 0; block < BLOCKS; ++block) {
    for (int i = 0; i < CALLS; ++i) {
      double s = now();
      sink += primal(1.0001 + sink * 1e-300);
      t[0][i] = now() - s;
      s = now();
      sink += header(1.0001 + sink * 1e-300, &box);
      t[1][i] = now() - s;
      s = now();
      sink += index_(1.0001 + sink * 1e-300, tape);
      t[2][i] = now() - s;
    }
    printf("%*s", 46, "");
    for (int v = 0; v < 3; ++v) {
      qsort(t[v], CALLS, sizeof(double), by_value);
      printf("%8.0f", 1e9 * t[v][CALLS / 2]);
    }
    printf("\n");
  }
  return 0;
}

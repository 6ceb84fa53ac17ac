// clock() in generated code: a direct call, not the interpreter's primitive table (fx_apply),
// since its own cost lies inside every region a program times (bench/lib/timing.fx).
#include "fluxion/fx_rt.h"
#include "support/clock.hpp"

extern "C" double fx_rt_clock(void) { return fx::steady_seconds(); }

// Builds the AD engine (src/ad/, docs/ad.md) as part of fluxion_interp, which uses it.
//
// TEMPORARY: CMakeLists.txt has no library for src/ad yet. When the lead adds
// `fluxion_library(fluxion_ad ad fluxion_ir fluxion_types)` and links fluxion_interp with
// fluxion_ad, delete this file. Until then the AD sources are compiled here as one unit;
// they keep their internals in file-specific namespaces so that they do not collide.
#include "ad/activity.cpp"
#include "ad/adjoint.cpp"
#include "ad/closure_convert.cpp"
#include "ad/context.cpp"
#include "ad/emit.cpp"
#include "ad/forward.cpp"
#include "ad/generic.cpp"
#include "ad/helpers.cpp"
#include "ad/jacobian.cpp"
#include "ad/print.cpp"
#include "ad/registry.cpp"
#include "ad/reverse.cpp"
#include "ad/templates.cpp"
#include "ad/typeinfo.cpp"
#include "ad/rules/ad_operators.cpp"
#include "ad/rules/arithmetic.cpp"
#include "ad/rules/comparison.cpp"
#include "ad/rules/control.cpp"
#include "ad/rules/control_lists.cpp"
#include "ad/rules/conversion.cpp"
#include "ad/rules/math.cpp"
#include "ad/rules/structure.cpp"

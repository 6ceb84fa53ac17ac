// `fluxion ir FILE --fn NAME --stage ad`: cc(NAME), T(cc(NAME)) and J(cc(NAME)), each with
// the graphs the AD engine generated for it (converted nested graphs, pullbacks, helpers).
#pragma once
#include <string>

#include "ad/context.hpp"

namespace fx::ad {

std::string print_ad_stage(Context& cx, const ir::Graph* g, ir::TypeNamer namer = nullptr);

}  // namespace fx::ad

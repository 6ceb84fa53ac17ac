// The Fluxion embedding API (docs/embedding.md): load programs, call and differentiate their
// functions from C++. Link with Fluxion::fluxion (find_package(Fluxion)).
#pragma once
#include "fluxion/error.hpp"
#include "fluxion/module.hpp"
#include "fluxion/value.hpp"

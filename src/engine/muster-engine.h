/* muster-engine.h: the engine's public headers in one */
#pragma once

#include "mu-edit.h"
#include "mu-error.h"
#include "mu-hex.h"
#include "mu-scenario.h"

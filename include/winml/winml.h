#pragma once
/// \file
/// Umbrella header of the winml C++ API.

#include "winml/engine_scope.h"
#include "winml/ep_choice.h"
#include "winml/errors.h"
#include "winml/genai_session.h"
#include "winml/generation.h"
#include "winml/serving.h"

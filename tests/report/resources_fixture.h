#pragma once
/// \file
/// Hand-made resource usage for the report tests: what the sampler would summarise from a short
/// GenAI run on a 2-core machine with another process busy, and a run with an energy meter.

#include "perf/genai_result.h"
#include "perf/onnx_result.h"
#include "resources/resource_usage.h"

namespace winml::testing {

/// A sampled GenAI run on 2 cores: load, warmup, prefill, decode, a noisy other load, no energy
/// meter (rapl without permission, nvml absent), a 40-point timeline.
resources::ResourceUsage genai_usage_fixture();

/// A sampled ONNX run with RAPL energy and an NVIDIA device, idle power measured.
resources::ResourceUsage onnx_usage_fixture();

/// genai_fixture() / onnx_fixture() with the usage above.
perf::GenaiPerfResult genai_resources_fixture();
perf::OnnxPerfResult onnx_resources_fixture();

}  // namespace winml::testing

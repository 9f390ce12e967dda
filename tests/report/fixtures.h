#pragma once
/// \file
/// Fixed benchmark results for the report tests: every field set, numbers chosen to exercise
/// unit conversion and rounding. Changing them changes the golden files.

#include "perf/genai_result.h"
#include "perf/onnx_result.h"
#include "perf/perf_report.h"

namespace winml::testing {

/// A machine description that does not depend on where the tests run.
perf::MachineInfo fixed_machine();

/// A GenAI result: 3 timed generations (one stopped early), 2 warmup, two prepared stages, and a
/// roofline with both bandwidth probes.
perf::GenaiPerfResult genai_fixture();

/// A GenAI result under a time budget, with no warmup, no preparation, no decode steps and the
/// percentiles 90 and 99.9, a roofline without bandwidth probes, and no tokenizer.
perf::GenaiPerfResult genai_budget_fixture();

/// A single-model result: two inputs, one first run, 3 warmup and 10 timed runs.
perf::OnnxPerfResult onnx_fixture();

/// A single-model result with inputs from files, a time budget, no warmup and the percentiles
/// 50, 99, 99.9 and 99.999.
perf::OnnxPerfResult onnx_budget_fixture();

/// A GenAI sweep over --threads 1,2 and --prompt-tokens 16,64: four results on the CPU EP.
perf::GenaiPerfReport genai_sweep_fixture();

/// A single-model sweep over --ep cpu,test and --batch-size 1,8: four results.
perf::OnnxPerfReport onnx_sweep_fixture();

}  // namespace winml::testing

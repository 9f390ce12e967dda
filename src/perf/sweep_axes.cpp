#include "perf/sweep_axes.h"

#include <fmt/format.h>

#include <algorithm>
#include <variant>

namespace winml::perf {
namespace {

using Values = std::vector<SweepValue>;
using Effect = std::optional<SweepValue>;

SweepValue axis_value(const std::string& v) { return v; }
SweepValue axis_value(int v) { return std::int64_t{v}; }
SweepValue axis_value(const std::optional<int>& v) { return std::int64_t{v.value_or(0)}; }
SweepValue axis_value(const std::optional<double>& v) { return v.value_or(0.0); }

template <class T>
Values values_of(const std::vector<T>& given) {
  Values out;
  out.reserve(given.size());
  for (const T& v : given) out.push_back(axis_value(v));
  return out;
}

Effect optional_count(const std::optional<int>& v) { return v ? Effect(std::int64_t{*v}) : std::nullopt; }

template <class Result>
Effect not_measured(const Result&) {
  return std::nullopt;
}

// A serving setting of a GenAI result; unknown for one that generated one at a time.
template <class Read>
Effect serving_value(const GenaiPerfResult& r, Read read) {
  return r.config.serving ? read(*r.config.serving) : std::nullopt;
}

// Threads in effect: the one count every stage ran with; unknown when stages differ.
template <class Result>
Effect threads_of(const Result& r) {
  return optional_count(r.config.run.threads.intra_op_threads);
}

constexpr SweepAxisSpec kAxes[] = {
    {"ep", "ep", "execution provider", "", false, AxisKind::name, AxisRuntime::both, true, "/config/ep", false, nullptr,
     [](const SweepAxes& a) { return values_of(a.eps); }, [](SweepAxes& a) { a.eps = SweepAxes{}.eps; },
     [](const Combination& c) { return axis_value(c.load.ep); },
     [](const GenaiPerfResult& r) { return Effect(r.config.ep); },
     [](const OnnxPerfResult& r) { return Effect(r.config.ep); }},
    {"device", "device", "device", "", false, AxisKind::name, AxisRuntime::both, true, "/config/device", false, nullptr,
     [](const SweepAxes& a) { return values_of(a.devices); }, [](SweepAxes& a) { a.devices = SweepAxes{}.devices; },
     [](const Combination& c) { return axis_value(c.load.device); },
     [](const GenaiPerfResult& r) { return Effect(r.config.device); },
     [](const OnnxPerfResult& r) { return Effect(r.config.device); }},
    {"threads", "threads", "intra-op threads", "threads", true, AxisKind::count, AxisRuntime::both, true,
     "/config/threads/requested", true, "/config/threads/intra_op_threads",
     [](const SweepAxes& a) { return values_of(a.threads); }, [](SweepAxes& a) { a.threads = SweepAxes{}.threads; },
     [](const Combination& c) { return axis_value(c.load.threads); }, threads_of<GenaiPerfResult>,
     threads_of<OnnxPerfResult>},
    {"prompt_tokens", "pp", "prompt length", "tokens", true, AxisKind::count, AxisRuntime::genai, true,
     "/config/prompt_tokens", true, nullptr, [](const SweepAxes& a) { return values_of(a.prompt_tokens); },
     [](SweepAxes& a) { a.prompt_tokens = SweepAxes{}.prompt_tokens; },
     [](const Combination& c) { return axis_value(c.run.prompt_tokens); },
     [](const GenaiPerfResult& r) { return Effect(std::int64_t{r.metrics.prompt_tokens}); },
     not_measured<OnnxPerfResult>},
    {"max_new_tokens", "tg", "new tokens", "tokens", false, AxisKind::count, AxisRuntime::genai, true,
     "/config/max_new_tokens", true, nullptr, [](const SweepAxes& a) { return values_of(a.max_new_tokens); },
     [](SweepAxes& a) { a.max_new_tokens = SweepAxes{}.max_new_tokens; },
     [](const Combination& c) { return axis_value(c.run.max_new_tokens); },
     [](const GenaiPerfResult& r) { return Effect(std::int64_t{r.config.max_new_tokens}); },
     not_measured<OnnxPerfResult>},
    {"depth", "depth", "context depth", "tokens", true, AxisKind::count, AxisRuntime::genai, false, "/config/depth",
     true, nullptr, [](const SweepAxes& a) { return values_of(a.depths); },
     [](SweepAxes& a) { a.depths = SweepAxes{}.depths; }, [](const Combination& c) { return axis_value(c.run.depth); },
     [](const GenaiPerfResult& r) { return Effect(std::int64_t{r.config.depth}); }, not_measured<OnnxPerfResult>},
    // Asked for: --max-length (unset: depth + prompt + new tokens); in effect: the capacity GenAI allocated.
    {"max_length", "max_len", "max length", "tokens", false, AxisKind::count, AxisRuntime::genai, false,
     "/config/max_length_requested", true, nullptr, [](const SweepAxes& a) { return values_of(a.max_lengths); },
     [](SweepAxes& a) { a.max_lengths = SweepAxes{}.max_lengths; },
     [](const Combination& c) { return axis_value(c.run.max_length); },
     [](const GenaiPerfResult& r) { return Effect(std::int64_t{r.config.max_length}); }, not_measured<OnnxPerfResult>},
    {"batch_size", "batch", "batch size", "samples", false, AxisKind::count, AxisRuntime::onnx, true,
     "/config/batch_size", true, nullptr, [](const SweepAxes& a) { return values_of(a.batch_sizes); },
     [](SweepAxes& a) { a.batch_sizes = SweepAxes{}.batch_sizes; },
     [](const Combination& c) { return axis_value(c.run.batch_size); }, not_measured<GenaiPerfResult>,
     [](const OnnxPerfResult& r) { return Effect(std::int64_t{r.config.batch_size}); }},
    // Through GenAI's Engine (perf/serving_benchmark.h); 0 / unset runs the generator.
    {"concurrency", "conc", "concurrency", "requests", false, AxisKind::count, AxisRuntime::genai, false,
     "/config/serving/concurrency", true, nullptr, [](const SweepAxes& a) { return values_of(a.concurrency); },
     [](SweepAxes& a) { a.concurrency = SweepAxes{}.concurrency; },
     [](const Combination& c) { return axis_value(c.run.concurrency); },
     [](const GenaiPerfResult& r) {
       return serving_value(r, [](const ServingConfig& s) { return Effect(static_cast<std::int64_t>(s.concurrency)); });
     },
     not_measured<OnnxPerfResult>},
    {"request_rate", "rate", "request rate", "requests/s", false, AxisKind::number, AxisRuntime::genai, false,
     "/config/serving/request_rate", true, nullptr, [](const SweepAxes& a) { return values_of(a.request_rates); },
     [](SweepAxes& a) { a.request_rates = SweepAxes{}.request_rates; },
     [](const Combination& c) { return axis_value(c.run.request_rate); },
     [](const GenaiPerfResult& r) {
       return serving_value(r, [](const ServingConfig& s) { return s.request_rate ? Effect(*s.request_rate) : Effect(); });
     },
     not_measured<OnnxPerfResult>},
    {"turns", "turns", "turns", "turns", false, AxisKind::count, AxisRuntime::genai, false, "/config/serving/turns",
     true, nullptr, [](const SweepAxes& a) { return values_of(a.turns); },
     [](SweepAxes& a) { a.turns = SweepAxes{}.turns; }, [](const Combination& c) { return axis_value(c.run.turns); },
     [](const GenaiPerfResult& r) {
       return serving_value(r, [](const ServingConfig& s) { return Effect(static_cast<std::int64_t>(s.turns)); });
     },
     not_measured<OnnxPerfResult>},
};

}  // namespace

std::span<const SweepAxisSpec> sweep_axis_specs() { return kAxes; }

const SweepAxisSpec* find_sweep_axis(const std::string& name) {
  const auto it =
      std::find_if(std::begin(kAxes), std::end(kAxes), [&](const SweepAxisSpec& a) { return name == a.name; });
  return it == std::end(kAxes) ? nullptr : &*it;
}

std::string axis_label(const std::string& name) {
  const SweepAxisSpec* axis = find_sweep_axis(name);
  return axis != nullptr ? axis->label : name;
}

std::optional<SweepValue> in_effect(const SweepAxisSpec& axis, const GenaiPerfResult& result) {
  return axis.genai_in_effect(result);
}

std::optional<SweepValue> in_effect(const SweepAxisSpec& axis, const OnnxPerfResult& result) {
  return axis.onnx_in_effect(result);
}

std::string sweep_value_text(const SweepValue& value) {
  return std::visit([](const auto& v) { return fmt::format("{}", v); }, value);
}

SweepAxes axes_for_runtime(SweepAxes given, const std::string& runtime) {
  const AxisRuntime other = runtime == "winml-genai" ? AxisRuntime::onnx : AxisRuntime::genai;
  for (const SweepAxisSpec& axis : kAxes) {
    if (axis.runtime == other) axis.reset(given);
  }
  return given;
}

}  // namespace winml::perf

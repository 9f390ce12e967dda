#include "report/synth_progress_reporter.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "report/eta.h"
#include "report/text_units.h"

namespace winml::report {
namespace {

std::string size_text(std::uint64_t bytes) { return bytes == 0 ? "0 B" : text::bytes(bytes); }

}  // namespace

std::string synth_progress_line(const synth::SynthProgressEvent& e, double elapsed_s, double weights_elapsed_s) {
  const std::string elapsed = "  elapsed " + text::duration(elapsed_s);
  switch (e.step) {
    case synth::SynthStep::weights: {
      // The total leaves out small constants the graphs also carry: never past 100 %.
      const std::uint64_t done = std::min(e.weight_bytes_done, e.weight_bytes_total);
      const double percent = e.weight_bytes_total == 0
                                 ? 100.0
                                 : 100.0 * static_cast<double>(done) / static_cast<double>(e.weight_bytes_total);
      return fmt::format("writing {}: {} of {} of weights ({:.0f} %){}{}", e.file, size_text(done),
                         size_text(e.weight_bytes_total), percent, elapsed,
                         eta_field(eta_seconds(static_cast<double>(done), static_cast<double>(e.weight_bytes_total),
                                               weights_elapsed_s)));
    }
    case synth::SynthStep::save:
      return fmt::format("writing {}{}", e.file, elapsed);
    case synth::SynthStep::check:
      return fmt::format("checking {} (ONNX checker){}", e.file, elapsed);
    case synth::SynthStep::text:
      return fmt::format("writing {}{}", e.file, elapsed);
  }
  return {};
}

SynthProgressLines::SynthProgressLines(std::ostream& out, std::function<double()> clock, double quiet_for_s,
                                       double min_interval_s)
    : out_(out), clock_(std::move(clock)), quiet_for_s_(quiet_for_s), min_interval_s_(min_interval_s) {
  started_s_ = clock_();
}

void SynthProgressLines::operator()(const synth::SynthProgressEvent& e) {
  const double now = clock_();
  if (e.step == synth::SynthStep::weights && !weights_from_s_) weights_from_s_ = now;
  const bool new_step = e.step != step_ || e.file != file_;
  step_ = e.step;
  file_ = e.file;
  if (now - started_s_ < quiet_for_s_) return;
  if (!new_step && last_line_s_ && now - *last_line_s_ < min_interval_s_) return;
  last_line_s_ = now;
  out_ << synth_progress_line(e, now - started_s_, weights_from_s_ ? now - *weights_from_s_ : 0) << '\n';
  out_.flush();
}

}  // namespace winml::report

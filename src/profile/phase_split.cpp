#include "profile/phase_split.h"

#include "winml/errors.h"

namespace winml::profile {

std::vector<StagePhases> split_last_generation(const std::vector<StageTrace>& stages, std::size_t generations,
                                               std::size_t decode_steps) {
  std::vector<StagePhases> out;
  for (const StageTrace& stage : stages) {
    const std::size_t total = stage.runs.size();
    if (generations == 0 || total % generations != 0) {
      throw Error(ErrorCategory::runtime,
                  "the profile of stage " + stage.stage + " holds " + std::to_string(total) + " session runs, not " +
                      std::to_string(generations) +
                      " equal generations: GenAI ran the stage an uneven number of times (an early EOS?). Profile "
                      "without --stop-at-eos.");
    }
    const std::size_t per = total / generations;
    const std::size_t decode = stage.runs_on_token_gen ? decode_steps : 0;
    if (decode > per) {
      throw Error(ErrorCategory::runtime, "the profile of stage " + stage.stage + " holds " + std::to_string(per) +
                                              " session runs per generation, fewer than its " + std::to_string(decode) +
                                              " decode steps.");
    }
    StagePhases phases{stage.stage, {}, {}};
    const auto first = stage.runs.begin() + static_cast<std::ptrdiff_t>(total - per);
    const auto split = stage.runs.end() - static_cast<std::ptrdiff_t>(decode);
    phases.prefill.assign(first, split);
    phases.decode.assign(split, stage.runs.end());
    out.push_back(std::move(phases));
  }
  return out;
}

std::vector<SessionRun> phase_runs(const std::vector<StagePhases>& stages, bool decode) {
  std::vector<SessionRun> out;
  for (const StagePhases& stage : stages) {
    const auto& runs = decode ? stage.decode : stage.prefill;
    out.insert(out.end(), runs.begin(), runs.end());
  }
  return out;
}

}  // namespace winml::profile

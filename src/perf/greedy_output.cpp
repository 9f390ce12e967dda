#include "perf/greedy_output.h"

#include <algorithm>

#include "storage/digest.h"

namespace winml::perf {

const char* to_string(ReferenceGeneration generation) {
  return generation == ReferenceGeneration::warmup ? "warmup" : "timed";
}

std::string ids_digest(const std::vector<std::int32_t>& ids) {
  std::string bytes;
  bytes.reserve(ids.size() * 4);
  for (const std::int32_t id : ids) {
    const auto v = static_cast<std::uint32_t>(id);
    for (int shift = 0; shift < 32; shift += 8) bytes.push_back(static_cast<char>((v >> shift) & 0xffU));
  }
  return storage::digest(bytes);
}

GreedyOutput greedy_output(const GenerationTiming& timing, bool sampling, ReferenceGeneration generation) {
  GreedyOutput out;
  out.sampling = sampling;
  out.generation = generation;
  out.tokens = static_cast<int>(timing.token_ids.size());
  out.digest = ids_digest(timing.token_ids);
  const std::size_t kept = std::min(timing.token_ids.size(), kKeptOutputIds);
  out.first_ids.assign(timing.token_ids.begin(), timing.token_ids.begin() + static_cast<std::ptrdiff_t>(kept));
  out.first_step_top = timing.first_top_logits;
  return out;
}

}  // namespace winml::perf

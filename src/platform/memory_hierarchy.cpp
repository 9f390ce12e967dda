// The pure parsers of memory_hierarchy.h; reading the files is in memory_hierarchy_linux.cpp.
#include "platform/memory_hierarchy.h"

#include <charconv>
#include <limits>
#include <set>

#include "util/text_trim.h"

namespace winml::platform {
namespace {

// "<digits><suffix>" where the suffix is one of `suffixes` (empty allowed) and scales by `unit`
// per step (K = unit, M = unit², ...); 0 when malformed or when the product overflows.
std::uint64_t parse_scaled(std::string_view text, std::string_view suffixes, std::uint64_t unit) {
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end == text.data()) return 0;
  const std::string_view suffix = trim(text.substr(static_cast<std::size_t>(end - text.data())));
  if (suffix.empty()) return value;
  const std::size_t steps = suffixes.find(suffix) + 1;
  if (suffix.size() != 1 || steps == 0) return 0;
  for (std::size_t i = 0; i < steps; ++i) {
    if (value > std::numeric_limits<std::uint64_t>::max() / unit) return 0;
    value *= unit;
  }
  return value;
}

}  // namespace

std::uint64_t parse_cache_size(std::string_view text) { return parse_scaled(trim(text), "KMG", 1024); }

std::uint64_t total_last_level_cache(const std::vector<CacheDescription>& caches) {
  unsigned last = 0;
  for (const auto& cache : caches) {
    if (cache.type != "Instruction" && cache.level > last) last = cache.level;
  }
  std::set<std::string> seen;
  std::uint64_t total = 0;
  for (const auto& cache : caches) {
    if (cache.level == last && cache.type != "Instruction" && seen.insert(cache.shared_by).second) {
      total += cache.size_bytes;
    }
  }
  return total;
}

std::uint64_t parse_mem_available(std::string_view meminfo) {
  constexpr std::string_view kKey = "MemAvailable:";
  std::size_t pos = meminfo.starts_with(kKey) ? 0 : meminfo.find(std::string("\n") + std::string(kKey));
  if (pos == std::string_view::npos) return 0;
  pos = meminfo.find(':', pos) + 1;
  std::string_view value = meminfo.substr(pos, meminfo.find('\n', pos) - pos);  // "   23868048 kB"
  value = trim(value);
  if (!value.ends_with(" kB")) return 0;
  return parse_scaled(trim(value.substr(0, value.size() - 3)), "", 1) * 1024;
}

}  // namespace winml::platform

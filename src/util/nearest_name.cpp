#include "util/nearest_name.h"

#include <algorithm>

#include "util/ascii_case.h"

namespace winml {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the dynamic programme: the swap of two neighbours looks two rows back.
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t replace = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, replace});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        current[j] = std::min(current[j], before[j - 2] + 1);
      }
    }
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return previous[b.size()];
}

std::optional<std::string> nearest_name(std::string_view typed, const std::vector<std::string>& known) {
  const std::string word = to_lower(typed);
  // Dashes are not what the user chose: "--iter" has four characters of its own.
  const std::size_t length = word.size() - std::min(word.find_first_not_of('-'), word.size());
  const std::size_t allowed = length <= 4 ? 1 : length <= 8 ? 2 : 3;
  std::optional<std::string> best;
  std::size_t best_distance = allowed + 1;
  for (const std::string& name : known) {
    const std::size_t distance = edit_distance(word, to_lower(name));
    if (distance < best_distance) {
      best = name;
      best_distance = distance;
    }
  }
  if (best) return best;
  if (length < 3) return std::nullopt;
  std::optional<std::string> begun;
  for (const std::string& name : known) {
    if (to_lower(name).rfind(word, 0) != 0) continue;
    if (begun && *begun != name) return std::nullopt;  // two names begin so: neither is likely
    begun = name;
  }
  return begun;
}

}  // namespace winml

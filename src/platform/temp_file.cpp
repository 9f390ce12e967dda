// The portable half of temp_file.h: what a winml temporary file is called.
#include <cctype>
#include <cstdlib>

#include "platform/process_id.h"
#include "platform/temp_file.h"
#include "platform/utf8_path.h"

namespace winml::platform {
namespace {

constexpr std::string_view kMarker = ".tmp-";
constexpr std::size_t kRandomChars = 6;  // mkstemp's XXXXXX

bool all_of(std::string_view text, int (*pred)(int)) {
  if (text.empty()) return false;
  for (char c : text) {
    if (pred(static_cast<unsigned char>(c)) == 0) return false;
  }
  return true;
}

// The part after the last ".tmp-", when the name has one and a non-empty prefix.
std::optional<std::string_view> temp_suffix(const std::string& name) {
  const auto at = name.rfind(kMarker);
  if (at == std::string::npos || at == 0) return std::nullopt;
  return std::string_view(name).substr(at + kMarker.size());
}

}  // namespace

std::optional<long> temp_file_writer(const std::string& name) {
  auto suffix = temp_suffix(name);
  if (!suffix || suffix->size() < kRandomChars + 2) return std::nullopt;
  const std::string_view random = suffix->substr(suffix->size() - kRandomChars);
  const std::string_view pid = suffix->substr(0, suffix->size() - kRandomChars - 1);
  if ((*suffix)[pid.size()] != '-' || !all_of(random, std::isalnum) || !all_of(pid, std::isdigit) || pid.size() > 10) {
    return std::nullopt;
  }
  return std::strtol(std::string(pid).c_str(), nullptr, 10);
}

bool is_temp_file_name(const std::string& name) {
  if (temp_file_writer(name)) return true;
  auto suffix = temp_suffix(name);
  return suffix && suffix->size() == kRandomChars && all_of(*suffix, std::isalnum);
}

std::string temp_path_prefix(const std::filesystem::path& target) {
  return utf8_string(target) + std::string(kMarker) + std::to_string(current_process_id()) + "-";
}

}  // namespace winml::platform

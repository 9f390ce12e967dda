#include "engine/impl/install_version.h"

#include <cctype>
#include <regex>

#include "platform/file_version.h"
#include "platform/read_file.h"
#include "util/file_limits.h"

namespace winml::engine::impl {
namespace {

namespace fs = std::filesystem;

const std::regex& version_pattern() {
  static const std::regex pattern(R"(\d+\.\d+\.\d+([-.][0-9A-Za-z.-]+)?)");
  return pattern;
}

// "<file>.so.1.2.3" -> "1.2.3"; a bare major ("libx.so.1") is an ABI number, not a version.
std::string from_file_name(const fs::path& library) {
  const std::string name = library.filename().string();
  const std::size_t so = name.find(".so.");
  if (so == std::string::npos) return {};
  std::string suffix = name.substr(so + 4);
  return std::regex_match(suffix, version_pattern()) ? suffix : std::string();
}

// The <version> of a .nuspec text, trimmed; empty when absent.
std::string nuspec_version(const fs::path& nuspec) {
  const std::string content = platform::read_file_bounded(nuspec, kMaxVersionFileBytes).bytes;
  static const std::regex element(R"(<version>\s*([^<\s]+)\s*</version>)");
  std::smatch match;
  return std::regex_search(content, match, element) ? match[1].str() : std::string();
}

// <package>/<version>/runtimes/<rid>/native/<file>, confirmed by the package's own .nuspec.
std::string from_nuget_package(const fs::path& library) {
  const fs::path native = library.parent_path();
  const fs::path runtimes = native.parent_path().parent_path();
  if (native.filename() != "native" || runtimes.filename() != "runtimes") return {};
  const fs::path version_dir = runtimes.parent_path();
  const std::string folder_version = version_dir.filename().string();
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(version_dir, ec)) {
    if (entry.path().extension() != ".nuspec") continue;
    std::string declared = nuspec_version(entry.path());
    // NuGet lower-cases the folder name; a disagreement means a hand-made tree, not a package.
    if (!declared.empty() && std::regex_match(declared, version_pattern())) {
      std::string lower = declared;
      for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (lower == folder_version) return declared;
    }
  }
  return {};
}

}  // namespace

std::string version_of_install(const fs::path& library) {
  if (library.empty()) return "unknown";
  if (std::string version = from_file_name(library); !version.empty()) return version;
  if (std::string version = from_nuget_package(library); !version.empty()) return version;
  // A DLL copied beside winml.exe (the Windows layout) still says what it is.
  if (std::string version = platform::declared_file_version(library); !version.empty()) return version;
  return "unknown";
}

}  // namespace winml::engine::impl

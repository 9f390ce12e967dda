#pragma once
// Loading a page in headless Chromium (Debian's `chromium`) for tests of the HTML reports: the
// DOM after the page's scripts ran, and the render status the report page writes into it.

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml::test {

/// The chromium binary on PATH, or empty when it is not installed.
inline std::string chromium_binary() {
  const char* path = std::getenv("PATH");
  std::string dirs = path == nullptr ? "/usr/bin" : path;
  std::size_t start = 0;
  while (start <= dirs.size()) {
    const std::size_t end = std::min(dirs.find(':', start), dirs.size());
    const std::filesystem::path candidate = std::filesystem::path(dirs.substr(start, end - start)) / "chromium";
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
    start = end + 1;
  }
  return {};
}

/// What Chromium made of a page: its exit code (124 when it ran past the timeout) and the DOM
/// serialised after load.
struct LoadedPage {
  int exit_code = -1;
  std::string dom;
  std::string err;
};

/// Loads `page` in headless Chromium and dumps its DOM. A fresh profile in a temporary folder
/// each time; no sandbox when running as root (Chromium refuses to start there otherwise);
/// `timeout` ends a hang so that it fails the test instead of blocking the suite; `width` is the
/// window's width in CSS pixels (the layout tests read a page as a 1400 px window shows it), 0 for
/// Chromium's default.
inline LoadedPage load_page(const std::string& chromium, const std::filesystem::path& page, int timeout_s = 90,
                            int width = 0) {
  TempDir profile;
  std::string command = "timeout --kill-after=5 " + std::to_string(timeout_s) + " " + chromium +
                        " --headless --disable-gpu --disable-dev-shm-usage --no-first-run --no-default-browser-check" +
                        (width > 0 ? " --window-size=" + std::to_string(width) + ",1000" : std::string()) +
                        " --disable-extensions --user-data-dir=" + profile.path().string() +
                        (::geteuid() == 0 ? " --no-sandbox" : "") + " --dump-dom 'file://" +
                        std::filesystem::absolute(page).string() + "'";
  const CommandResult result = run_command(command);
  return {result.exit_code, result.out, result.err};
}

/// The JSON the report page writes into <pre id="winml-render-status"> after drawing ({charts:
/// [{id, datasets, points, samples}], notes: [{id, text}], errors: [...]}), or null when the DOM
/// has none (the page's script never finished). The page escapes <, > and & in it, so the
/// serialised text is the JSON itself.
inline nlohmann::json render_status(const std::string& dom) {
  const std::string open = "<pre id=\"winml-render-status\">";
  const std::size_t start = dom.find(open);
  if (start == std::string::npos) return nullptr;
  const std::size_t end = dom.find("</pre>", start);
  if (end == std::string::npos) return nullptr;
  const std::string text = dom.substr(start + open.size(), end - start - open.size());
  if (text.empty()) return nullptr;
  return nlohmann::json::parse(text, nullptr, false);
}

}  // namespace winml::test

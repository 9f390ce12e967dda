#include "bad_input/case_scratch.h"

#include <sys/stat.h>

#include <fstream>
#include <stdexcept>

#include "test_support/json_file.h"
#include "test_support/run_command.h"

namespace winml::test {
namespace {

namespace fs = std::filesystem;

// "fifo:" makes a named pipe instead of a file: a special file that a report must never replace.
// (The suite never points winml at /dev/null: a regression run as root would replace it.)
// "sparse:N" makes a file of N bytes that takes no space: a huge input that must be refused unread.
void write_file(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  if (bytes == "fifo:") {
    if (::mkfifo(path.c_str(), 0644) != 0) throw std::runtime_error("cannot make the FIFO " + path.string());
    return;
  }
  if (bytes.starts_with("sparse:")) {
    std::ofstream(path, std::ios::binary | std::ios::trunc).close();
    fs::resize_file(path, std::stoull(bytes.substr(7)));
    return;
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (auto pos = text.find(from); pos != std::string::npos; pos = text.find(from, pos + to.size())) {
    text.replace(pos, from.size(), to);
  }
  return text;
}

// A base bundle is synthesised once per build of winml and shared by every case that starts from
// it: made in a private folder, then renamed into place, so parallel test processes never see a
// half-written base.
fs::path shared_base(const BundleRecipe& recipe, const fs::path& bases_dir) {
  std::string recipe_key = recipe.base;
  std::string flags = recipe.base == "pipeline" ? " --pipeline" : "";
  for (const auto& flag : recipe.synth_flags) {
    recipe_key += "_" + flag;
    flags += " " + flag;
  }
  for (auto& ch : recipe_key) {
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') ch = '_';
  }
  // The base belongs to one build of winml: its modification time is the version.
  struct stat info {};
  ::stat(winml_binary().c_str(), &info);
  std::string version = std::to_string(info.st_mtim.tv_sec) + "." + std::to_string(info.st_mtim.tv_nsec);
  auto final_dir = bases_dir / (recipe_key + "@" + version);
  if (fs::exists(final_dir / "genai_config.json")) return final_dir;

  fs::create_directories(bases_dir);
  auto staging = bases_dir / (recipe_key + ".tmp-" + std::to_string(::getpid()));
  fs::remove_all(staging);
  auto result = run_winml("bundle synth -q -o '" + staging.string() + "'" + flags);
  if (result.exit_code != 0) throw std::runtime_error("bundle synth failed: " + result.err);
  std::error_code ec;
  fs::rename(staging, final_dir, ec);
  if (ec) fs::remove_all(staging);  // another process won the race: its copy is the same
  // Bases of earlier builds are stale: remove them so the folder does not grow.
  for (const auto& entry : fs::directory_iterator(bases_dir, ec)) {
    auto name = entry.path().filename().string();
    if (name.starts_with(recipe_key + "@") && entry.path() != final_dir) fs::remove_all(entry.path(), ec);
  }
  return final_dir;
}

void set_config_values(const fs::path& config_path, const nlohmann::json& settings) {
  auto config = read_json(config_path);
  for (const auto& [pointer_text, value] : settings.items()) {
    nlohmann::json::json_pointer pointer(pointer_text);
    if (value.is_null()) {
      config[pointer.parent_pointer()].erase(pointer.back());
    } else {
      config[pointer] = value;
    }
  }
  write_file(config_path, config.dump(2));
}

}  // namespace

CaseScratch::CaseScratch(const BadInputCase& c, const fs::path& bases_dir) {
  for (const char* sub : {"home", "cache", "work", "tmp"}) fs::create_directories(root() / sub);
  if (!c.bundle.base.empty()) make_bundle(c.bundle, bases_dir);
  for (const auto& [relative, content] : c.scratch_files)
    write_file(root() / relative, expand(decode_content(content)));
  for (const auto& [relative, target] : c.scratch_symlinks) {
    fs::create_directories((root() / relative).parent_path());
    fs::create_symlink(expand(target), root() / relative);
  }
}

void CaseScratch::plant(const Plant& plant) const {
  for (const auto& [relative, content] : plant.files) write_file(root() / relative, expand(decode_content(content)));
  for (const auto& [relative, target] : plant.symlinks) fs::create_symlink(expand(target), root() / relative);
}

void CaseScratch::make_bundle(const BundleRecipe& recipe, const fs::path& bases_dir) {
  auto bundle = root() / "bundle";
  fs::copy(shared_base(recipe, bases_dir), bundle, fs::copy_options::recursive);
  if (recipe.config_text) write_file(bundle / "genai_config.json", expand(*recipe.config_text));
  if (!recipe.config_set.empty()) set_config_values(bundle / "genai_config.json", recipe.config_set);
  for (const auto& relative : recipe.remove) fs::remove_all(bundle / relative);
  for (const auto& [relative, content] : recipe.files) write_file(bundle / relative, expand(decode_content(content)));
  for (const auto& [relative, target] : recipe.symlinks) {
    fs::remove(bundle / relative);
    fs::create_symlink(expand(target), bundle / relative);
  }
}

std::string CaseScratch::expand(const std::string& text) const {
  std::string out = text;
  for (const auto& [name, value] : {std::pair<std::string, fs::path>{"{bundle}", root() / "bundle"},
                                    {"{home}", root() / "home"},
                                    {"{cache}", root() / "cache"},
                                    {"{work}", root() / "work"},
                                    {"{tmp}", root() / "tmp"},
                                    {"{source}", fs::path(WINML_TEST_SOURCE_DIR)},
                                    {"{lib}", fs::path(WINML_TEST_BIN_DIR).parent_path() / "lib"},
                                    {"{scratch}", root()}}) {
    out = replace_all(out, name, value.string());
  }
  return out;
}

}  // namespace winml::test

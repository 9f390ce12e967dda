// Reading bad-input cases from JSON. Unknown keys are errors: a typo in a case must not silently
// turn a check off.

#include "bad_input/bad_input_case.h"

#include <algorithm>
#include <csignal>
#include <fstream>
#include <set>
#include <stdexcept>

namespace winml::test {
namespace {

using nlohmann::json;

template <typename T>
T get_or(const json& object, const char* key, T fallback) {
  return object.contains(key) ? object.at(key).get<T>() : fallback;
}

void reject_unknown_keys(const json& object, const std::set<std::string>& known, const std::string& where) {
  for (const auto& [key, value] : object.items()) {
    if (!known.contains(key)) throw std::runtime_error(where + ": unknown key \"" + key + "\"");
  }
}

int signal_number(const std::string& name) {
  if (name == "INT") return SIGINT;
  if (name == "TERM") return SIGTERM;
  if (name == "KILL") return SIGKILL;
  throw std::runtime_error("unknown signal \"" + name + "\" (use INT, TERM or KILL)");
}

BundleRecipe read_bundle(const json& spec, const std::string& where) {
  BundleRecipe recipe;
  if (spec.is_string()) {
    recipe.base = spec.get<std::string>();
    return recipe;
  }
  reject_unknown_keys(spec, {"base", "synth_flags", "config_set", "config_text", "files", "remove", "symlinks"}, where);
  recipe.base = get_or<std::string>(spec, "base", "tiny");
  recipe.synth_flags = get_or<std::vector<std::string>>(spec, "synth_flags", {});
  recipe.config_set = get_or<json>(spec, "config_set", json::object());
  if (spec.contains("config_text")) recipe.config_text = spec.at("config_text").get<std::string>();
  recipe.files = get_or<std::map<std::string, std::string>>(spec, "files", {});
  recipe.remove = get_or<std::vector<std::string>>(spec, "remove", {});
  recipe.symlinks = get_or<std::map<std::string, std::string>>(spec, "symlinks", {});
  if (recipe.base != "tiny" && recipe.base != "pipeline") {
    throw std::runtime_error(where + ": bundle base must be \"tiny\" or \"pipeline\", not \"" + recipe.base + "\"");
  }
  return recipe;
}

BadInputCase read_case(const json& spec, const std::string& file) {
  BadInputCase c;
  c.source = file;
  c.name = spec.at("name").get<std::string>();
  std::string where = file + " case " + c.name;
  reject_unknown_keys(spec, {"name",       "why",          "bundle",    "scratch_files", "scratch_symlinks",
                             "plant",      "args",         "env",       "stdin",         "stdout",
                             "interrupt",  "then",         "exit",      "stderr_has",    "stderr_lacks",
                             "stdout_has", "stdout_lacks", "may_write", "forbid",        "max_seconds"},
                      where);
  if (c.name.empty() ||
      !std::all_of(c.name.begin(), c.name.end(), [](char ch) { return std::isalnum(ch) || ch == '_'; })) {
    throw std::runtime_error(where + ": a name is letters, digits and '_'");
  }
  if (spec.contains("bundle")) c.bundle = read_bundle(spec.at("bundle"), where);
  c.scratch_files = get_or<std::map<std::string, std::string>>(spec, "scratch_files", {});
  c.scratch_symlinks = get_or<std::map<std::string, std::string>>(spec, "scratch_symlinks", {});
  if (spec.contains("plant")) {
    const auto& plant = spec.at("plant");
    reject_unknown_keys(plant, {"after_ms", "files", "symlinks"}, where + " plant");
    c.plant = Plant{plant.at("after_ms").get<int>(), get_or<std::map<std::string, std::string>>(plant, "files", {}),
                    get_or<std::map<std::string, std::string>>(plant, "symlinks", {})};
  }
  c.args = spec.at("args").get<std::vector<std::string>>();
  c.env = get_or<std::map<std::string, std::string>>(spec, "env", {});
  if (spec.contains("stdin")) c.stdin_file = spec.at("stdin").get<std::string>();
  if (spec.contains("stdout")) c.stdout_file = spec.at("stdout").get<std::string>();
  if (spec.contains("interrupt")) {
    const auto& interrupt = spec.at("interrupt");
    c.interrupt =
        Interrupt{signal_number(interrupt.at("signal").get<std::string>()), interrupt.at("after_ms").get<int>()};
  }
  c.then_args = get_or<std::vector<std::string>>(spec, "then", {});
  c.exit_code = spec.at("exit").get<int>();
  c.stderr_has = get_or<std::vector<std::string>>(spec, "stderr_has", {});
  c.stderr_lacks = get_or<std::vector<std::string>>(spec, "stderr_lacks", {});
  c.stdout_has = get_or<std::vector<std::string>>(spec, "stdout_has", {});
  c.stdout_lacks = get_or<std::vector<std::string>>(spec, "stdout_lacks", {});
  for (auto* needles : {&c.stderr_has, &c.stderr_lacks, &c.stdout_has, &c.stdout_lacks}) {
    for (std::string& needle : *needles) {
      if (needle.starts_with("hex:")) needle = decode_content(needle);
    }
  }
  c.may_write = get_or<std::vector<std::string>>(spec, "may_write", {});
  c.forbid = get_or<std::vector<std::string>>(spec, "forbid", {});
  c.max_seconds = get_or<double>(spec, "max_seconds", c.max_seconds);
  if (c.exit_code != 0 && c.stderr_has.empty() && !c.interrupt) {
    throw std::runtime_error(where + ": a failing case must say which message it expects (stderr_has)");
  }
  return c;
}

int hex_digit(char ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  throw std::runtime_error(std::string("not a hex digit: ") + ch);
}

}  // namespace

std::vector<BadInputCase> load_cases(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<BadInputCase> cases;
  std::set<std::string> names;
  for (const auto& file : files) {
    std::ifstream in(file);
    json array;
    try {
      array = json::parse(in);
    } catch (const json::exception& e) {
      throw std::runtime_error(file.string() + ": " + e.what());
    }
    for (const auto& spec : array) {
      try {
        cases.push_back(read_case(spec, file.filename().string()));
      } catch (const json::exception& e) {
        throw std::runtime_error(file.string() + " case " + spec.value("name", "?") + ": " + e.what());
      }
      if (!names.insert(cases.back().name).second) {
        throw std::runtime_error(file.string() + ": duplicate case name " + cases.back().name);
      }
    }
  }
  return cases;
}

std::string decode_content(const std::string& content) {
  if (content.starts_with("hex:")) {
    std::string bytes;
    for (std::size_t i = 4; i + 1 < content.size(); i += 2) {
      bytes.push_back(static_cast<char>(hex_digit(content[i]) * 16 + hex_digit(content[i + 1])));
    }
    return bytes;
  }
  if (content.starts_with("repeat:")) {
    auto colon = content.find(':', 7);
    auto count = std::stoull(content.substr(7, colon - 7));
    auto text = content.substr(colon + 1);
    std::string out;
    out.reserve(count * text.size());
    for (std::size_t i = 0; i < count; ++i) out += text;
    return out;
  }
  return content;
}

}  // namespace winml::test

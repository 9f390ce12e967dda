#include "tensor_files/input_data.h"

#include <algorithm>
#include <map>
#include <optional>
#include <regex>

#include "platform/read_file.h"
#include "tensor_files/value_protos.h"
#include "util/file_limits.h"
#include "winml/errors.h"

namespace winml::tensor_files {
namespace {

namespace fs = std::filesystem;

// The files PREFIX_N.pb of a folder, by N. They must be numbered as ONNX's test data is: from 0,
// without a gap, plainly (no leading zeros, so no number is written twice). A gap is a file lost or
// misnamed, and every file after it would be matched by position to the wrong input.
std::vector<fs::path> numbered_files(const fs::path& dir, const std::string& prefix) {
  // Built once: building a regex costs more than scanning the folder (most of the tensor_proto
  // fuzzer's time per input went here).
  static const std::regex input_pattern(R"(input_(\d+)\.pb)"), output_pattern(R"(output_(\d+)\.pb)");
  const std::regex& pattern = prefix == "input" ? input_pattern : output_pattern;
  std::map<unsigned long, fs::path> by_index;
  for (const auto& entry : fs::directory_iterator(dir)) {
    std::smatch match;
    std::string name = entry.path().filename().string();
    if (!std::regex_match(name, match, pattern)) continue;
    const std::string digits = match[1];
    if ((digits.size() > 1 && digits.front() == '0') || digits.size() > 9) {
      throw UsageError(dir.string() + ": " + name + " is not numbered plainly; name it " + prefix +
                       "_N.pb with N from 0 and no leading zeros.");
    }
    by_index[std::stoul(digits)] = entry.path();
  }
  std::vector<fs::path> files;
  files.reserve(by_index.size());
  for (auto& [index, path] : by_index) {
    if (index != files.size()) {
      throw UsageError(dir.string() + " has " + path.filename().string() + " but no " + prefix + "_" +
                       std::to_string(files.size()) + ".pb: " + prefix +
                       "_N.pb files are numbered from 0 without a gap. Add the missing file or renumber the others.");
    }
    files.push_back(path);
  }
  return files;
}

// The data-set folders of a model's test folder, test_data_set_0, test_data_set_1, ... by number.
std::vector<fs::path> data_set_folders(const fs::path& dir) {
  static const std::regex pattern(R"(test_data_set_(\d+))");
  std::map<unsigned long, fs::path> by_index;
  for (const auto& entry : fs::directory_iterator(dir)) {
    std::smatch match;
    std::string name = entry.path().filename().string();
    if (entry.is_directory() && std::regex_match(name, match, pattern)) by_index[std::stoul(match[1])] = entry.path();
  }
  std::vector<fs::path> folders;
  folders.reserve(by_index.size());
  for (auto& [index, path] : by_index) folders.push_back(path);
  return folders;
}

std::string read_file(const fs::path& file) {
  // An empty file is a valid message (an OptionalProto holding None serializes to nothing).
  return platform::read_regular_file(file, kMaxTensorFileBytes, "an input_N.pb or output_N.pb file",
                                     ErrorCategory::usage, "Give a serialized ONNX TensorProto file.");
}

// One value per model input (or output), from PREFIX_N.pb files matched by name, else by position.
std::vector<engine::HostValue> load_values(const fs::path& dir, const std::vector<engine::TensorInfo>& infos,
                                           const std::string& prefix, ValueRole role) {
  const char* what = role == ValueRole::input ? "input" : "output";
  auto files = numbered_files(dir, prefix);
  if (files.size() != infos.size()) {
    throw UsageError(dir.string() + " has " + std::to_string(files.size()) + " " + prefix +
                     "_N.pb files but the model has " + std::to_string(infos.size()) + " " + what +
                     "s. Provide exactly one file per " + what + ".");
  }
  std::vector<std::optional<engine::HostValue>> matched(infos.size());
  for (std::size_t position = 0; position < files.size(); ++position) {
    const fs::path& file = files[position];
    const std::string bytes = read_file(file);
    const std::string name = proto_name(bytes, infos[position], file);
    auto by_name = std::find_if(infos.begin(), infos.end(), [&](const auto& info) { return info.name == name; });
    std::size_t index = by_name != infos.end() ? static_cast<std::size_t>(by_name - infos.begin()) : position;
    if (matched[index]) throw UsageError(file.string() + ": " + what + " '" + infos[index].name + "' is given twice.");
    matched[index] = parse_value(bytes, infos[index], file, role);
  }
  std::vector<engine::HostValue> values;
  values.reserve(matched.size());
  for (std::size_t i = 0; i < matched.size(); ++i) {
    if (!matched[i]) throw UsageError(dir.string() + " gives no value for " + what + " '" + infos[i].name + "'.");
    values.push_back(std::move(*matched[i]));
  }
  return values;
}

}  // namespace

std::vector<DataSet> load_data_sets(const fs::path& dir, const std::vector<engine::TensorInfo>& inputs,
                                    const std::vector<engine::TensorInfo>& outputs, bool read_outputs) {
  if (!fs::is_directory(dir)) {
    throw UsageError("--input-data " + dir.string() +
                     " is not a folder. Give a folder of input_0.pb, input_1.pb, ... or a model's test folder "
                     "of test_data_set_* folders.");
  }
  // The folder itself when it holds input files (or, for a model without inputs, no set folders).
  std::vector<fs::path> folders =
      numbered_files(dir, "input").empty() ? data_set_folders(dir) : std::vector<fs::path>{};
  if (folders.empty()) {
    if (!inputs.empty() && numbered_files(dir, "input").empty()) {
      throw UsageError("--input-data " + dir.string() +
                       " holds no input_N.pb files and no test_data_set_* folders. Give a folder of input_0.pb, "
                       "input_1.pb, ... (one per model input) or a model's test folder.");
    }
    folders.push_back(dir);
  }
  std::vector<DataSet> sets;
  for (const auto& folder : folders) {
    const fs::path named = folder.filename().empty() ? folder.parent_path() : folder;  // "dir/" has no filename
    DataSet set{named.filename().string(), load_values(folder, inputs, "input", ValueRole::input), {}};
    if (read_outputs) set.outputs = load_values(folder, outputs, "output", ValueRole::output);
    sets.push_back(std::move(set));
  }
  return sets;
}

}  // namespace winml::tensor_files

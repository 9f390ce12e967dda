#include "perf/input_data_check.h"

#include <regex>
#include <string>
#include <vector>

#include "platform/read_file.h"
#include "util/file_limits.h"
#include "winml/errors.h"

namespace winml::perf {
namespace {

namespace fs = std::filesystem;

// The entries of `dir` named like a data file (input_N.pb, output_N.pb with `outputs`), whatever
// they are: a folder of that name is a mistake to name, not to skip.
std::vector<fs::path> data_entries(const fs::path& dir, bool outputs) {
  static const std::regex inputs(R"(input_\d+\.pb)");
  static const std::regex both(R"((input|output)_\d+\.pb)");
  std::vector<fs::path> found;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (std::regex_match(entry.path().filename().string(), outputs ? both : inputs)) found.push_back(entry.path());
  }
  return found;
}

void check_file(const fs::path& file) {
  const platform::FileRead read =
      platform::read_file_bounded(file, {.max_bytes = kMaxTensorFileBytes, .check_only = true});
  if (read.problem == platform::ReadProblem::none) return;
  throw UsageError("--input-data: " +
                   platform::read_problem_text(file, read, kMaxTensorFileBytes, "an input_N.pb or output_N.pb file") +
                   ". Each one holds a serialized ONNX TensorProto, SequenceProto or OptionalProto; replace or "
                   "rename this one.");
}

}  // namespace

void check_input_data_files(const fs::path& dir, bool outputs) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return;  // load_data_sets says what is wrong with it
  static const std::regex inputs(R"(input_\d+\.pb)");
  std::vector<fs::path> folders;
  bool has_inputs = false;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    has_inputs = has_inputs || std::regex_match(entry.path().filename().string(), inputs);
  }
  if (has_inputs) {
    folders.push_back(dir);
  } else {
    static const std::regex set(R"(test_data_set_\d+)");
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      if (entry.is_directory(ec) && std::regex_match(entry.path().filename().string(), set)) {
        folders.push_back(entry.path());
      }
    }
  }
  for (const auto& folder : folders) {
    for (const auto& file : data_entries(folder, outputs)) check_file(file);
  }
}

}  // namespace winml::perf

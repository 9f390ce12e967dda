// Careless input through the real binary: numbers out of range, flags that exclude each other,
// paths that cannot be written, output that cannot be written, colliding report names. Every
// refusal must come before anything loads (fast, nothing written) with exit 2, a lost output must
// be exit 1.

#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "compile/onnx_fixtures.h"
#include "test_support/json_file.h"
#include "test_support/report_doc.h"
#include "test_support/report_schema.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;

using test::read_json;

class InputChecks : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    // A small context, so -n can easily be more than fits.
    auto result = test::run_winml("bundle synth --context-length 64 -o " + bundle().string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    fs::create_directories(root_->path() / "a");
    fs::create_directories(root_->path() / "b");
    test::write_source_model(root_->path() / "a" / "model.onnx", false);  // X: float[4], a fixed dim 0
    test::write_source_model(root_->path() / "b" / "model.onnx", false);
  }
  static void TearDownTestSuite() { delete root_; }
  static fs::path bundle() { return root_->path() / "tiny"; }
  static fs::path cache() { return root_->path() / "cache"; }
  static std::string model_a() { return (root_->path() / "a" / "model.onnx").string(); }
  static std::string model_b() { return (root_->path() / "b" / "model.onnx").string(); }
  // Runs winml with the cache under the test folder; `redirect` replaces stdout capture (e.g. "> /dev/full").
  static test::CommandResult winml(const std::string& args, const std::string& redirect = "") {
    return test::run_command("WINML_CACHE_DIR=" + cache().string() + " " + test::winml_binary() + " " + args + " " +
                             redirect);
  }
  static test::CommandResult perf(const std::string& args) {
    // Without the read-bandwidth probes: these runs check input handling, not the roofline.
    return winml("perf --no-color --no-bandwidth-probe -m " + bundle().string() + " " + args);
  }
  static std::vector<fs::path> files_under(const fs::path& dir) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto& entry : fs::recursive_directory_iterator(dir, ec)) {
      if (entry.is_regular_file()) files.push_back(entry.path());
    }
    return files;
  }
  static test::TempDir* root_;
};
test::TempDir* InputChecks::root_ = nullptr;

// Each refusal: exit 2 and a message naming the problem, before any model loads.
TEST_F(InputChecks, OutOfRangeNumbersAndExclusiveFlagsAreUsageErrors) {
  struct Case {
    std::string args;
    std::string expect;
  };
  const std::string m = "-m " + bundle().string();
  const std::vector<Case> cases = {
      {"perf " + m + " --iterations 2000000", "from 1 to 1000000"},
      {"perf " + m + " --warmup 18446744073709551615", "from 0 to 1000000"},
      {"perf " + m + " --iterations -1", "from 1 to 1000000"},
      {"perf " + m + " --iterations 0x10", "from 1 to 1000000"},  // 010 is ten (docs/limits.md)
      {"perf " + m + " -o ''", "empty path"},
      {"perf " + m + " --duration nan", "--duration"},
      {"perf " + m + " --duration 1e9", "--duration"},
      {"perf " + m + " --compile-timeout inf", "--compile-timeout"},
      {"perf " + m + " -n 0", "--max-new-tokens"},
      {"perf " + m + " --prompt-tokens 3000000000", "--prompt-tokens"},
      {"perf " + m + " --prompt-tokens 64", "context_length is 64"},
      {"perf " + m + " --batch-size 0", "--batch-size"},
      {"perf " + m + " --prompt ''", "--prompt is empty"},
      {"perf " + m + " --prompt hi --prompt-tokens 8", "excludes"},
      {"perf " + m + " --iterations 3 --duration 2", "exclude each other"},
      {"perf " + m + " --prompt hi --prompt-file " + model_a(), "excludes"},
      {"perf -m " + model_a() + " --input-data " + root_->path().string() + " --shape X=4", "excludes"},
      {"generate " + m + " --prompt hi --seed 2147483648", "from 0 to 2147483647"},
      {"generate " + m + " --prompt hi --seed -1", "from 0 to 2147483647"},
      {"generate " + m + " --prompt hi --do-sample --top-k 100000", "vocabulary"},
      {"generate " + m + " --prompt hi --temperature 0", "--temperature"},
      {"generate " + m + " --prompt hi --top-p nan", "--top-p"},
      {"generate " + m + " --prompt hi --repetition-penalty 1e39", "--repetition-penalty"},
      {"generate " + m + " --prompt ''", "--prompt is empty"},
      {"compile -m " + model_a() + " --ep qnn --compile-timeout 0", "--compile-timeout"},
      {"compile -m " + model_a() + " --ep qnn --compile-timeout 1e300", "--compile-timeout"},
      {"bundle synth -o " + (root_->path() / "s1").string() + " --seed -1", "from 0 to 18446744073709551615"},
      {"bundle synth -o " + (root_->path() / "s2").string() + " --seed 18446744073709551616", "--seed"},
      {"bundle synth -o " + (root_->path() / "s3").string() + " --layers 99999999999999999999", "--layers"},
      {"bundle synth -o " + (root_->path() / "s4").string() + " --layers 0x10", "--layers"},
  };
  fs::remove_all(cache());
  for (const auto& c : cases) {
    auto start = std::chrono::steady_clock::now();
    auto result = winml(c.args);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(result.exit_code, 2) << c.args << "\n" << result.err;
    EXPECT_NE(result.err.find(c.expect), std::string::npos) << c.args << "\n" << result.err;
    EXPECT_EQ(result.err.find("loading"), std::string::npos) << c.args << " loaded the model first";
    EXPECT_LT(seconds, 10) << c.args;
  }
  EXPECT_TRUE(files_under(cache()).empty());
  for (const char* synth : {"s1", "s2", "s3", "s4"}) EXPECT_FALSE(fs::exists(root_->path() / synth)) << synth;
}

TEST_F(InputChecks, ReportPathIsCheckedBeforeTheRun) {
  auto start = std::chrono::steady_clock::now();
  auto result = perf("--iterations 1 --warmup 0 -n 2 -o /proc/winml-report.json");
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("no file can be created in /proc"), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("loading"), std::string::npos) << result.err;
  EXPECT_LT(seconds, 5);

  // The default path too: a cache root where nothing can be created.
  auto unwritable = test::run_command("WINML_CACHE_DIR=/proc/winml-cache " + test::winml_binary() + " perf -m " +
                                      bundle().string() + " --iterations 1 --warmup 0 -n 2");
  EXPECT_EQ(unwritable.exit_code, 2) << unwritable.err;
  EXPECT_NE(unwritable.err.find("WINML_CACHE_DIR"), std::string::npos) << unwritable.err;
}

TEST_F(InputChecks, SpecialFilesAreNeverReportPaths) {
  const fs::path fifo = root_->path() / "fifo.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const fs::path folder = root_->path() / "a-folder";
  fs::create_directories(folder);
  for (const fs::path& target : {fifo, folder}) {
    auto result = perf("--iterations 1 --warmup 0 -n 2 --overwrite -o " + target.string());
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_EQ(result.err.find("loading"), std::string::npos) << result.err;
  }
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_TRUE(fs::is_directory(folder));
  auto compile = winml("compile -m " + model_a() + " --ep qnn --overwrite -o " + fifo.string());
  EXPECT_EQ(compile.exit_code, 2) << compile.err;
  EXPECT_TRUE(fs::is_fifo(fifo));
}

TEST_F(InputChecks, PromptFilesAreBoundedAndUtf8) {
  auto start = std::chrono::steady_clock::now();
  auto endless = perf("--prompt-file /dev/zero -n 2");
  EXPECT_EQ(endless.exit_code, 2) << endless.err;
  EXPECT_NE(endless.err.find("16 MiB"), std::string::npos) << endless.err;
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10);

  const fs::path latin1 = root_->path() / "latin1.txt";
  std::ofstream(latin1) << "Caf\xe9 au lait";
  for (const std::string command : {"perf -m ", "generate -m "}) {
    auto result = winml(command + bundle().string() + " -n 2 --prompt-file " + latin1.string());
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_NE(result.err.find("latin1.txt"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("not valid UTF-8"), std::string::npos) << result.err;
  }
}

TEST_F(InputChecks, LostStdoutIsAnError) {
  const std::vector<std::string> commands = {
      "sys",
      "sys -f json",
      "--help",
      "perf -m " + bundle().string() + " --iterations 1 --warmup 0 -n 2 -q -f json",
      "perf -m " + bundle().string() + " --iterations 1 --warmup 0 -n 2 -q",
      "generate -m " + bundle().string() + " --prompt hi -n 4 -q",
  };
  for (const auto& args : commands) {
    auto result = winml(args, "> /dev/full");
    EXPECT_EQ(result.exit_code, 1) << args << "\n" << result.err;
    EXPECT_NE(result.err.find("cannot write to standard output"), std::string::npos) << args << "\n" << result.err;
  }
}

TEST_F(InputChecks, NewTokensBeyondTheContextAreCappedVisibly) {
  const fs::path report = root_->path() / "capped.json";
  auto result = perf("--prompt-tokens 10 -n 100 --iterations 1 --warmup 0 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("-n 100 does not fit"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("at most 54 new tokens are generated (46 fewer"), std::string::npos) << result.err;
  EXPECT_NE(result.out.find("capped to 54"), std::string::npos) << result.out;
  auto json = read_json(report);
  EXPECT_EQ(test::first_result(json)["config"]["max_new_tokens"], 100);
  EXPECT_EQ(test::first_result(json)["config"]["max_new_tokens_effective"], 54);
  EXPECT_EQ(test::first_result(json)["samples"]["timed"][0]["generated_tokens"], 54);

  auto generate = winml("generate -m " + bundle().string() + " --prompt hi -n 1000 --no-apply-template");
  ASSERT_EQ(generate.exit_code, 0) << generate.err;
  EXPECT_NE(generate.err.find("-n 1000 does not fit"), std::string::npos) << generate.err;
}

TEST_F(InputChecks, FlagsWithoutEffectAreWarned) {
  auto generate = winml("generate -m " + bundle().string() + " --prompt hi -n 2 -q --top-k 5 --seed 3");
  ASSERT_EQ(generate.exit_code, 0) << generate.err;
  EXPECT_NE(generate.err.find("--top-k, --seed have no effect without --do-sample"), std::string::npos) << generate.err;
  auto perf_run =
      perf("--iterations 1 --warmup 0 -n 2 -q --compile-timeout 60 -o " + (root_->path() / "inert.json").string());
  ASSERT_EQ(perf_run.exit_code, 0) << perf_run.err;
  EXPECT_NE(perf_run.err.find("--compile-timeout has no effect without --compile"), std::string::npos) << perf_run.err;
}

TEST_F(InputChecks, DurationModeReportsIterationsRun) {
  const fs::path report = root_->path() / "duration.json";
  auto result = winml("perf -m " + model_a() + " --duration 0.2 --warmup 0 -q -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto json = read_json(report);
  EXPECT_TRUE(test::first_result(json)["config"]["iterations"].is_null()) << test::first_result(json)["config"].dump();
  EXPECT_GE(test::first_result(json)["metrics"]["iterations"].get<int>(), 1);
  EXPECT_EQ(test::first_result(json)["metrics"]["iterations"], test::first_result(json)["samples"]["timed_ms"].size());
  const auto check = test::check_report_file(report);  // a time-budget report: null iterations
  EXPECT_TRUE(check.valid()) << check.problems;
}

TEST_F(InputChecks, BatchSizeOnAFixedBatchIsRefused) {
  fs::remove_all(cache());
  auto result = winml("perf -m " + model_a() + " --batch-size 8 --iterations 1 --warmup 0");
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("--batch-size 8 has no effect"), std::string::npos) << result.err;
  EXPECT_TRUE(files_under(cache()).empty());
}

TEST_F(InputChecks, InputDataOfTheWrongShapeIsRefused) {
  const fs::path data = root_->path() / "data";
  fs::create_directories(data);
  onnx::TensorProto tensor;
  tensor.set_name("X");
  tensor.set_data_type(onnx::TensorProto::FLOAT);
  tensor.add_dims(5);  // the model's X is float[4]
  tensor.set_raw_data(std::string(20, '\0'));
  test::write_bytes(data / "input_0.pb", tensor.SerializeAsString());
  auto result = winml("perf -m " + model_a() + " --input-data " + data.string() + " --iterations 1 --warmup 0");
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("input_0.pb"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("dim 0 cannot be 5"), std::string::npos) << result.err;
}

TEST_F(InputChecks, CompileOfAFileThatIsNotOnnx) {
  const fs::path notes = root_->path() / "notes.onnx";
  std::ofstream(notes) << "not a model\n";
  for (const char* ep : {"cpu", "qnn"}) {
    auto result = winml("compile -m " + notes.string() + " --ep " + ep);
    EXPECT_EQ(result.exit_code, 2) << ep << "\n" << result.err;
    EXPECT_NE(result.err.find("is not a valid ONNX model"), std::string::npos) << result.err;
  }
}

TEST_F(InputChecks, DefaultReportNamesNeverCollide) {
  // Two quick runs (one second, most likely) and a second model with the same file name.
  fs::remove_all(cache());
  const std::string args = " --iterations 1 --warmup 0 -q";
  ASSERT_EQ(winml("perf -m " + model_a() + args).exit_code, 0);
  ASSERT_EQ(winml("perf -m " + model_a() + args).exit_code, 0);
  ASSERT_EQ(winml("perf -m " + model_b() + args).exit_code, 0);
  std::map<std::string, int> per_folder;
  for (const auto& file : files_under(cache() / "perf")) per_folder[file.parent_path().filename().string()]++;
  ASSERT_EQ(per_folder.size(), 2u);  // model.onnx in a/ and in b/: two folders
  std::vector<int> counts;
  for (const auto& [folder, count] : per_folder) {
    EXPECT_EQ(folder.rfind("model-", 0), 0u) << folder;
    counts.push_back(count);
  }
  std::sort(counts.begin(), counts.end());
  EXPECT_EQ(counts, (std::vector<int>{1, 2}));
  fs::remove_all(cache());
}

}  // namespace
}  // namespace winml

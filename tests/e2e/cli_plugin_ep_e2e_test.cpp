// The accelerator paths through the real ONNX Runtime and GenAI, on any machine: the test plugin
// EP (tests/test_ep, a virtual NPU and GPU beside the host CPU) registered with --ep-library under
// the registration name "winml_test". winml knows nothing of it but what ONNX Runtime reports.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "test_support/json_file.h"
#include "test_support/qnn_pipeline.h"
#include "test_support/report_doc.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;

using test::read_json;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// The fixture's EP name as ONNX Runtime lists it, and the alias winml derives from it.
constexpr const char* kTestEp = "WinmlTestEP";
constexpr const char* kTestEpAlias = "winmltestep";

// One line of the EP's counters file: what one EP instance (one session) did.
struct EpInstance {
  std::vector<std::string> devices;
  int nodes_claimed = 0;
  int kernel_runs = 0;
  bool from_context = false;
};

class PluginEpCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    auto result = test::run_winml("bundle synth --pipeline -o " + pipe().string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    // Its transformer stages on an accelerator (QNN, absent here), embeddings and lm_head on CPU,
    // as real NPU bundles are.
    test::copy_routed_to_qnn(pipe(), npu_bundle());
  }
  static void TearDownTestSuite() { delete root_; }
  void SetUp() override { counters_ = root_->path() / ("counters-" + std::to_string(++runs_) + ".jsonl"); }

  static fs::path pipe() { return root_->path() / "pipe"; }
  static fs::path npu_bundle() { return root_->path() / "npu-bundle"; }
  static fs::path path(const std::string& name) { return root_->path() / name; }

  // winml with the test EP registered, its counters going to this test's file, and `env` (e.g.
  // "WINML_TEST_EP_DEVICES=gpu") set for the EP.
  test::CommandResult winml(const std::string& args, const std::string& env = "") const {
    return test::run_command("WINML_CACHE_DIR=" + path("cache").string() +
                             " WINML_TEST_EP_COUNTERS=" + counters_.string() + " " + env + " " + test::winml_binary() +
                             " " + args + " --ep-library winml_test=" + WINML_TEST_EP_LIB);
  }

  std::vector<EpInstance> instances() const {
    std::vector<EpInstance> out;
    std::ifstream in(counters_);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      auto json = nlohmann::json::parse(line);
      out.push_back({json.at("devices").get<std::vector<std::string>>(), json.at("nodes_claimed").get<int>(),
                     json.at("kernel_runs").get<int>(), json.at("from_context").get<bool>()});
    }
    return out;
  }

  int total_kernel_runs() const {
    int runs = 0;
    for (const auto& instance : instances()) runs += instance.kernel_runs;
    return runs;
  }

  // Greedy text of `bundle` for a fixed prompt; `args` adds e.g. --ep.
  std::string greedy_text(const fs::path& bundle, const std::string& args = "") const {
    auto result = winml("generate -m " + bundle.string() + " -p 'the quick brown fox' -n 12 -q " + args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return result.out;
  }

  static test::TempDir* root_;
  static int runs_;
  fs::path counters_;
};
test::TempDir* PluginEpCli::root_ = nullptr;
int PluginEpCli::runs_ = 0;

std::vector<std::string> eps_of(const nlohmann::json& sys, const std::string& device) {
  std::vector<std::string> names;
  for (const auto& entry : sys["devices"]) {
    if (entry["device"] != device) continue;
    for (const auto& ep : entry["eps"]) names.push_back(ep["name"]);
  }
  return names;
}

TEST_F(PluginEpCli, SysListsItsDevicesAfterTheCpuEp) {
  auto result = winml("sys -f json");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto sys = nlohmann::json::parse(result.out);
  EXPECT_THAT(eps_of(sys, "npu"), ElementsAre(kTestEp));
  EXPECT_THAT(eps_of(sys, "gpu"), ElementsAre(kTestEp));
  EXPECT_THAT(eps_of(sys, "cpu"), ElementsAre("CPUExecutionProvider", kTestEp));
  EXPECT_THAT(result.out, HasSubstr("winml_test"));
}

TEST_F(PluginEpCli, SysFollowsTheDevicesItOffers) {
  auto result = winml("sys -f json", "WINML_TEST_EP_DEVICES=gpu");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto sys = nlohmann::json::parse(result.out);
  EXPECT_TRUE(eps_of(sys, "npu").empty());
  EXPECT_THAT(eps_of(sys, "gpu"), ElementsAre(kTestEp));
  EXPECT_THAT(eps_of(sys, "cpu"), ElementsAre("CPUExecutionProvider"));
}

// A device the EP does not offer is listed with the EP's own reason, not left out.
TEST_F(PluginEpCli, SysSaysWhyTheEpCannotUseADevice) {
  auto result = winml("sys -f json", "WINML_TEST_EP_DEVICES=gpu,npu");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto sys = nlohmann::json::parse(result.out);
  const nlohmann::json* cpu = nullptr;
  for (const auto& entry : sys.at("incompatible")) {
    if (entry.at("ep") == kTestEp && entry.at("device") == "cpu") cpu = &entry;
  }
  ASSERT_NE(cpu, nullptr) << sys.at("incompatible").dump();
  EXPECT_THAT(cpu->at("reasons").get<std::vector<std::string>>(), ElementsAre("device_incompatible"));
  EXPECT_EQ(cpu->at("error_code"), 1);
  EXPECT_THAT(cpu->at("notes").get<std::string>(), HasSubstr("WINML_TEST_EP_DEVICES leaves the cpu out"));
  EXPECT_TRUE(cpu->at("error").is_null());

  auto text = winml("sys", "WINML_TEST_EP_DEVICES=gpu,npu");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("Devices an EP cannot use"));
  EXPECT_THAT(text.out, HasSubstr("device_incompatible (code 1): WINML_TEST_EP_DEVICES leaves the cpu out"));
  // Offering every device, the EP is missing from no device of the host's.
  auto all = nlohmann::json::parse(winml("sys -f json").out);
  for (const auto& entry : all.at("incompatible")) {
    EXPECT_FALSE(entry.at("ep") == kTestEp && entry.at("device") == "cpu") << entry.dump();
  }
}

TEST_F(PluginEpCli, RelativeLibraryPathIsFromTheWorkingDirectory) {
  // ONNX Runtime alone would look for a relative path beside itself.
  const fs::path library(WINML_TEST_EP_LIB);
  auto result = test::run_command("cd " + library.parent_path().string() + " && " + test::winml_binary() +
                                  " sys -f json --ep-library winml_test=" + library.filename().string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(eps_of(nlohmann::json::parse(result.out), "npu"), ElementsAre(kTestEp));
}

TEST_F(PluginEpCli, LibraryOfferingNoDeviceIsExplainedWhenNamed) {
  auto result = winml("perf --runtime winml -m " + (pipe() / "lm_head.onnx").string() + " --ep winml_test -q",
                      "WINML_TEST_EP_DEVICES=");
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_THAT(result.err, HasSubstr("offers no device on this machine"));
  EXPECT_THAT(result.err, HasSubstr(fs::path(WINML_TEST_EP_LIB).filename().string()));
}

// Single-model runs: where `--device`/`--ep` resolve, and where ONNX Runtime then ran the work.
struct Placement {
  std::string flags;
  std::string env;
  std::string ep;      // the report's ep
  std::string device;  // the report's device, and the one device the EP instance was created for
};

class PluginEpPlacement : public PluginEpCli, public ::testing::WithParamInterface<Placement> {};

TEST_P(PluginEpPlacement, RunsWhereAsked) {
  const Placement& want = GetParam();
  auto report = path("placement-" + std::to_string(runs_) + ".json");
  auto result = winml("perf --runtime winml -m " + (pipe() / "lm_head.onnx").string() + " " + want.flags +
                          " --iterations 3 --warmup 1 -q -o " + report.string(),
                      want.env);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto json = read_json(report);
  EXPECT_EQ(test::first_result(json)["config"]["ep"], want.ep);
  EXPECT_EQ(test::first_result(json)["config"]["device"], want.device);
  auto seen = instances();
  if (want.ep == "cpu") {
    EXPECT_EQ(total_kernel_runs(), 0);
    return;
  }
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_THAT(seen[0].devices, ElementsAre(want.device));
  EXPECT_GT(seen[0].nodes_claimed, 0);
  EXPECT_GE(seen[0].kernel_runs, 4);  // warmup + 3 timed runs, at least one kernel each
}

INSTANTIATE_TEST_SUITE_P(
    Devices, PluginEpPlacement,
    ::testing::Values(Placement{"--device npu", "", kTestEpAlias, "npu"},
                      Placement{"--device auto", "", kTestEpAlias, "npu"},
                      Placement{"--device gpu", "", kTestEpAlias, "gpu"},
                      Placement{"--ep winml_test --device gpu", "", kTestEpAlias, "gpu"},
                      Placement{"--ep WinmlTestEP", "", kTestEpAlias, "npu"},
                      Placement{"--device auto", "WINML_TEST_EP_DEVICES=gpu,cpu", kTestEpAlias, "gpu"},
                      // The primary-device rule: the plugin offers the host CPU too, the CPU EP keeps it.
                      Placement{"--device cpu", "", "cpu", "cpu"}),
    [](const auto& info) { return "case" + std::to_string(info.index); });

TEST_F(PluginEpCli, ModelWithoutItsOperatorsStillRunsOnTheCpu) {
  // embeddings.onnx is a Gather, which the EP does not claim: ONNX Runtime gives it to the CPU EP.
  auto result = winml("perf --runtime winml -m " + (pipe() / "embeddings.onnx").string() +
                      " --device npu --iterations 2 --warmup 0 -q");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto seen = instances();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].nodes_claimed, 0);
  EXPECT_EQ(seen[0].kernel_runs, 0);
}

TEST_F(PluginEpCli, DeviceItDoesNotOfferIsRefusedNotRunElsewhere) {
  // A plugin EP's devices are those it offers on this machine: asking for another is a usage error
  // that names the ones it has.
  auto result = winml("perf --runtime winml -m " + (pipe() / "lm_head.onnx").string() +
                          " --ep winml_test --device npu --iterations 1 --warmup 0 -q",
                      "WINML_TEST_EP_DEVICES=gpu");
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_THAT(result.err, HasSubstr("targets gpu"));
  EXPECT_TRUE(instances().empty());
}

TEST_F(PluginEpCli, OverrideReroutesTheHardwareStagesOnlyAndKeepsTheTokens) {
  const std::string on_cpu = greedy_text(pipe());
  ASSERT_FALSE(on_cpu.empty());
  const std::string on_plugin = greedy_text(npu_bundle(), "--ep winml_test");
  EXPECT_EQ(on_plugin, on_cpu);
  // ctx and iter (the stages routed to an accelerator) got an EP instance each and ran kernels on
  // it; embeddings and lm_head stayed on the CPU EP.
  auto seen = instances();
  ASSERT_EQ(seen.size(), 2u);
  for (const auto& instance : seen) {
    EXPECT_GT(instance.nodes_claimed, 0);
    EXPECT_GT(instance.kernel_runs, 0);
  }
  // The user's bundle is untouched: an override that compiles nothing writes nothing there.
  EXPECT_FALSE(fs::exists(npu_bundle() / "_compiled"));
}

TEST_F(PluginEpCli, GenaiStagesRunOnTheDeviceAsked) {
  // GenAI would hand the EP every device it offers; the override's device filter picks one: the
  // one asked for, else the EP's primary (most specialised) device.
  for (const auto& [flags, device] : std::vector<std::pair<std::string, std::string>>{
           {"--ep winml_test", "npu"}, {"--ep winml_test --device gpu", "gpu"}, {"--device auto", "npu"}}) {
    SCOPED_TRACE(flags);
    fs::remove(counters_);
    greedy_text(npu_bundle(), flags);
    auto seen = instances();
    ASSERT_EQ(seen.size(), 2u);
    for (const auto& instance : seen) EXPECT_THAT(instance.devices, ElementsAre(device));
  }
}

TEST_F(PluginEpCli, DeriveAcceptsTheRegistrationName) {
  auto out = path("derived-plugin");
  auto result = winml("bundle derive -m " + npu_bundle().string() + " --ep winml_test --device gpu -o " + out.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto config = read_json(out / "genai_config.json");
  for (const auto& entry : config["model"]["decoder"]["pipeline"]) {
    for (const auto& [name, stage] : entry.items()) {
      if (name != "ctx" && name != "iter") continue;
      EXPECT_EQ(stage["session_options"]["provider_options"].dump(),
                std::string(R"([{")") + kTestEp + R"(":{"device_filtering_options":{"hardware_device_type":"GPU"}}}])");
    }
  }
}

TEST_F(PluginEpCli, PerfReportsThePluginEp) {
  auto report = path("genai-perf.json");
  auto result = winml("perf -m " + npu_bundle().string() + " --ep winml_test --iterations 1 --warmup 0 -n 4 -q -o " +
                      report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto json = read_json(report);
  EXPECT_EQ(test::first_result(json)["config"]["ep"], kTestEpAlias);
  EXPECT_GT(total_kernel_runs(), 0);
}

// `winml compile` for the plugin EP: the stage table's action per stage.
std::map<std::string, std::string> actions(const std::string& table) {
  std::map<std::string, std::string> out;
  std::istringstream lines(table);
  std::string line;
  std::getline(lines, line);  // header
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string stage, ep, action;
    if (words >> stage >> ep >> action) out[stage] = action;
  }
  return out;
}

class PluginEpCompile : public PluginEpCli {
 protected:
  // A private copy of the NPU bundle, so that compile tests do not see each other's artifacts.
  fs::path fresh_bundle(const std::string& name) const {
    fs::path bundle = path(name);
    fs::copy(npu_bundle(), bundle, fs::copy_options::recursive);
    return bundle;
  }
  test::CommandResult compile(const fs::path& bundle, const std::string& args = "", const std::string& env = "") const {
    return winml("compile -m " + bundle.string() + " --ep winml_test -o " + (bundle / "_compiled").string() +
                     " --overwrite " + args,
                 env);
  }
};

TEST_F(PluginEpCompile, CompilesReusesAndRebuildsOnChange) {
  fs::path bundle = fresh_bundle("compile-cycle");
  auto first = compile(bundle);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  auto acted = actions(first.out);
  EXPECT_EQ(acted["ctx"], "compiled") << first.out;
  EXPECT_EQ(acted["iter"], "compiled") << first.out;
  EXPECT_EQ(acted["embeddings"], "jit") << first.out;
  fs::path artifact = bundle / "_compiled" / (std::string("ctx_") + kTestEpAlias + "_ctx.onnx");
  EXPECT_TRUE(fs::exists(artifact)) << first.out;

  auto again = compile(bundle);
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(actions(again.out)["ctx"], "reused") << again.out;

  // Other options (the context embedded), another device, a changed source: each rebuilds.
  auto embedded = compile(bundle, "--embed");
  ASSERT_EQ(embedded.exit_code, 0) << embedded.err;
  EXPECT_EQ(actions(embedded.out)["ctx"], "compiled") << embedded.out;
  auto gpu = compile(bundle, "--embed --device gpu");
  ASSERT_EQ(gpu.exit_code, 0) << gpu.err;
  EXPECT_EQ(actions(gpu.out)["ctx"], "compiled") << gpu.out;
  { std::ofstream(bundle / "ctx.onnx", std::ios::app) << ""; }
  fs::last_write_time(bundle / "ctx.onnx", fs::last_write_time(bundle / "ctx.onnx") + std::chrono::seconds(5));
  auto touched = compile(bundle, "--embed --device gpu");
  ASSERT_EQ(touched.exit_code, 0) << touched.err;
  EXPECT_EQ(actions(touched.out)["ctx"], "compiled") << touched.out;
  EXPECT_EQ(actions(touched.out)["iter"], "reused") << touched.out;
}

// One .onnx: its outputs go to a folder of their own beside it (ctx_compiled/), not among the
// user's files; the table's columns fit the EP's 11-character alias.
TEST_F(PluginEpCompile, SingleModelCompilesIntoAFolderOfItsOwn) {
  const fs::path folder = path("single-model");
  fs::create_directories(folder);
  fs::copy_file(pipe() / "ctx.onnx", folder / "ctx.onnx");
  auto result = winml("compile -m " + (folder / "ctx.onnx").string() + " --ep winml_test --device npu");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::vector<std::string> entries;
  for (const auto& entry : fs::directory_iterator(folder)) entries.push_back(entry.path().filename().string());
  std::sort(entries.begin(), entries.end());
  EXPECT_THAT(entries, ElementsAre("ctx.onnx", "ctx_compiled"));
  const fs::path artifact = folder / "ctx_compiled" / (std::string("ctx_") + kTestEpAlias + "_ctx.onnx");
  EXPECT_TRUE(fs::exists(artifact)) << result.err;
  EXPECT_THAT(result.err, HasSubstr("compiled model: " + artifact.string()));
  std::istringstream lines(result.out);
  std::string header, row;
  std::getline(lines, header);
  std::getline(lines, row);
  EXPECT_EQ(header.find("action"), row.find("compiled")) << result.out;
  EXPECT_EQ(header.find("compat"), row.find("compiled") + std::string("compiled").size() + 2) << result.out;
}

TEST_F(PluginEpCompile, RebuiltEpLibraryRecompiles) {
  // Another build of the EP (here: the same library, replaced at its path) may compile differently:
  // its artifacts are not reused.
  fs::path bundle = fresh_bundle("compile-new-ep");
  fs::path library = path("ep-copy") / "libwinml_test_ep.so";
  fs::create_directories(library.parent_path());
  fs::copy_file(WINML_TEST_EP_LIB, library, fs::copy_options::overwrite_existing);
  const std::string args = "compile -m " + bundle.string() + " --ep winml_test -o " + (bundle / "_compiled").string() +
                           " --overwrite --ep-library winml_test=" + library.string();
  auto run = [&] {
    return test::run_command("WINML_CACHE_DIR=" + path("cache").string() + " " + test::winml_binary() + " " + args);
  };
  auto first = run();
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(actions(first.out)["ctx"], "compiled") << first.out;
  auto same = run();
  EXPECT_EQ(actions(same.out)["ctx"], "reused") << same.out;
  fs::copy_file(WINML_TEST_EP_LIB, library, fs::copy_options::overwrite_existing);
  fs::last_write_time(library, fs::last_write_time(library) + std::chrono::seconds(5));
  auto rebuilt = run();
  ASSERT_EQ(rebuilt.exit_code, 0) << rebuilt.err;
  EXPECT_EQ(actions(rebuilt.out)["ctx"], "compiled") << rebuilt.out;
}

TEST_F(PluginEpCompile, PerfCompileLoadsTheEpContextModelsAndKeepsTheTokens) {
  fs::path bundle = fresh_bundle("perf-compile");
  const std::string on_cpu = greedy_text(pipe());
  const std::string compiled = greedy_text(bundle, "--ep winml_test --compile");
  EXPECT_EQ(compiled, on_cpu);
  EXPECT_TRUE(fs::exists(bundle / "_compiled" / (std::string("iter_") + kTestEpAlias + "_ctx.onnx")));
  // The sessions GenAI created for ctx and iter were built from the EPContext nodes.
  int from_context = 0;
  for (const auto& instance : instances()) from_context += instance.from_context ? 1 : 0;
  EXPECT_EQ(from_context, 2);
}

// The report's per-stage preparation: stage -> action, and the details joined.
std::map<std::string, std::string> report_actions(const nlohmann::json& report, std::string* details = nullptr) {
  std::map<std::string, std::string> out;
  for (const auto& stage : test::first_result(report).at("preparation")) {
    out[stage.at("stage")] = stage.at("action");
    if (details != nullptr) *details += stage.at("detail").get<std::string>() + "\n";
  }
  return out;
}

TEST_F(PluginEpCompile, PerfCompileCompilesThenReusesAndReportsEachStage) {
  fs::path bundle = fresh_bundle("perf-reuse");
  auto perf = [&](const std::string& name, const std::string& env) {
    auto report = path(name);
    auto result = winml("perf -m " + bundle.string() +
                            " --ep winml_test --compile --compile-timeout 2 --iterations 1 --warmup 0 -n 4 -q -o " +
                            report.string(),
                        env);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return read_json(report);
  };
  auto first = report_actions(perf("perf-compile-1.json", ""));
  EXPECT_EQ(first["ctx"], "compiled");
  EXPECT_EQ(first["iter"], "compiled");
  EXPECT_EQ(first["embeddings"], "jit");
  auto second = report_actions(perf("perf-compile-2.json", "WINML_TEST_EP_COMPILE=hang"));
  EXPECT_EQ(second["ctx"], "reused");  // nothing to compile, so the hang switch never fires
  // A changed source with a compile that hangs: the stage falls back, the run still completes.
  { std::ofstream(bundle / "iter.onnx", std::ios::app) << ""; }
  fs::last_write_time(bundle / "iter.onnx", fs::last_write_time(bundle / "iter.onnx") + std::chrono::seconds(5));
  std::string details;
  auto third = report_actions(perf("perf-compile-3.json", "WINML_TEST_EP_COMPILE=hang"), &details);
  EXPECT_EQ(third["ctx"], "reused");
  EXPECT_EQ(third["iter"], "fell_back");
  EXPECT_THAT(details, HasSubstr("--compile-timeout"));
}

// `winml compile`'s table: stage -> ONNX Runtime's verdict on the EPContext model it runs from.
std::map<std::string, std::string> verdicts(const std::string& table) {
  std::map<std::string, std::string> out;
  std::istringstream lines(table);
  std::string line;
  std::getline(lines, line);  // header
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string stage, ep, action, compat;
    if (words >> stage >> ep >> action >> compat) out[stage] = compat;
  }
  return out;
}

// The test EP judges its artifacts for real (compiled for the npu: optimal there), and
// WINML_TEST_EP_COMPATIBILITY overrides the judgement: stale recompiles, unsupported falls back.
TEST_F(PluginEpCompile, RuntimeVerdictDecidesReuseRecompileOrFallback) {
  fs::path bundle = fresh_bundle("compile-compat");
  auto first = compile(bundle);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(verdicts(first.out)["ctx"], "optimal") << first.out;
  EXPECT_EQ(verdicts(first.out)["embeddings"], "-") << first.out;  // JIT: nothing to judge
  auto again = compile(bundle);
  EXPECT_EQ(actions(again.out)["ctx"], "reused") << again.out;
  EXPECT_EQ(verdicts(again.out)["ctx"], "optimal") << again.out;

  auto stale = compile(bundle, "", "WINML_TEST_EP_COMPATIBILITY=prefer_recompile");
  ASSERT_EQ(stale.exit_code, 0) << stale.err;
  EXPECT_EQ(actions(stale.out)["ctx"], "compiled") << stale.out;
  EXPECT_EQ(actions(stale.out)["iter"], "compiled") << stale.out;
  EXPECT_EQ(verdicts(stale.out)["ctx"], "prefer_recompile") << stale.out;
  EXPECT_THAT(stale.out, HasSubstr("recompiled"));
  EXPECT_THAT(stale.err, HasSubstr("still prefers a recompile"));

  auto refused = compile(bundle, "", "WINML_TEST_EP_COMPATIBILITY=unsupported");
  ASSERT_EQ(refused.exit_code, 0) << refused.err;
  EXPECT_EQ(actions(refused.out)["ctx"], "fell_back") << refused.out;
  EXPECT_EQ(verdicts(refused.out)["ctx"], "unsupported") << refused.out;
  EXPECT_THAT(refused.err, HasSubstr("just-in-time"));

  // The artifact the refused run left alone is still the one for these inputs: judged again, reused.
  auto back = compile(bundle);
  EXPECT_EQ(actions(back.out)["ctx"], "reused") << back.out;
  EXPECT_EQ(verdicts(back.out)["ctx"], "optimal") << back.out;
}

// Run from a compiled bundle without --compile, nothing can recompile: a stale model is run with a
// warning, and the report records the verdict.
TEST_F(PluginEpCompile, CompiledBundleRunWarnsOfAStaleModel) {
  fs::path bundle = fresh_bundle("compat-run");
  ASSERT_EQ(compile(bundle).exit_code, 0);
  const fs::path compiled = bundle / "_compiled";
  auto report = path("compat-run.json");
  auto run = winml("perf -m " + compiled.string() + " --iterations 1 --warmup 0 -n 4 -o " + report.string(),
                   "WINML_TEST_EP_COMPATIBILITY=prefer_recompile");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.err, HasSubstr("would run better recompiled"));
  std::map<std::string, std::string> compat;
  const nlohmann::json doc = read_json(report);
  for (const auto& stage : test::first_result(doc).at("preparation"))
    compat[stage.at("stage").get<std::string>()] = stage.at("compatibility").get<std::string>();
  EXPECT_EQ(compat["ctx"], "prefer_recompile");
  EXPECT_EQ(compat["embeddings"], "not_checked");
}

// Under perf --compile an artifact the runtime refuses falls back to JIT, and the run completes.
TEST_F(PluginEpCompile, PerfCompileFallsBackWhenTheRuntimeRefusesTheArtifact) {
  fs::path bundle = fresh_bundle("compat-perf");
  auto report = path("compat-perf.json");
  auto run = winml(
      "perf -m " + bundle.string() + " --ep winml_test --compile --iterations 1 --warmup 0 -n 4 -o " + report.string(),
      "WINML_TEST_EP_COMPATIBILITY=unsupported");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const nlohmann::json doc = read_json(report);
  bool checked = false;
  for (const auto& stage : test::first_result(doc).at("preparation")) {
    if (stage.at("stage") != "ctx" && stage.at("stage") != "iter") continue;
    EXPECT_EQ(stage.at("action"), "fell_back") << stage.dump();
    EXPECT_EQ(stage.at("compatibility"), "unsupported") << stage.dump();
    checked = true;
  }
  EXPECT_TRUE(checked);
}

TEST_F(PluginEpCompile, HangingCompileFallsBackToJitPerStage) {
  fs::path bundle = fresh_bundle("compile-hang");
  auto result = compile(bundle, "--compile-timeout 2", "WINML_TEST_EP_COMPILE=hang");
  auto acted = actions(result.out);
  EXPECT_EQ(acted["ctx"], "fell_back") << result.out << result.err;
  EXPECT_EQ(acted["iter"], "fell_back") << result.out << result.err;
  EXPECT_THAT(result.out + result.err, HasSubstr("2 s"));
  // And a run with the same hanging compile still generates, just in time.
  const std::string on_cpu = greedy_text(pipe());
  auto text = winml("generate -m " + bundle.string() +
                        " -p 'the quick brown fox' -n 12 -q --ep winml_test --compile --compile-timeout 2",
                    "WINML_TEST_EP_COMPILE=hang");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(text.out, on_cpu);
}

TEST_F(PluginEpCompile, CrashingCompileFallsBackToJitPerStage) {
  fs::path bundle = fresh_bundle("compile-crash");
  auto result = compile(bundle, "", "WINML_TEST_EP_COMPILE=crash");
  auto acted = actions(result.out);
  EXPECT_EQ(acted["ctx"], "fell_back") << result.out << result.err;
  EXPECT_THAT(result.out + result.err, HasSubstr("signal"));
  EXPECT_FALSE(fs::exists(bundle / "_compiled" / (std::string("ctx_") + kTestEpAlias + "_ctx.onnx")));
}

TEST_F(PluginEpCompile, SlowCompileWithinTheLimitCompiles) {
  fs::path bundle = fresh_bundle("compile-slow");
  auto result = compile(bundle, "--compile-timeout 30", "WINML_TEST_EP_COMPILE=slow:300");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(actions(result.out)["ctx"], "compiled") << result.out;
}

// Placement (docs/metrics.md, "Placement"): what the report says each EP took, against what the
// test EP itself counted.
int placed_on(const nlohmann::json& stage, const std::string& ep) {
  for (const auto& entry : stage.at("eps")) {
    if (entry.at("ep") == ep) return entry.at("nodes").get<int>();
  }
  return 0;
}

TEST_F(PluginEpCli, PlacementOfASingleModelIsWhatTheEpClaimed) {
  for (const std::string model : {"lm_head.onnx", "ctx.onnx", "embeddings.onnx"}) {
    SCOPED_TRACE(model);
    fs::remove(counters_);
    auto report = path("placement-" + model + ".json");
    auto result = winml("perf --runtime winml -m " + (pipe() / model).string() +
                        " --device npu --iterations 1 --warmup 0 -q -o " + report.string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    const auto placement = test::first_result(read_json(report)).at("placement");
    ASSERT_EQ(placement.size(), 1u);
    const auto& stage = placement[0];
    EXPECT_EQ(stage["stage"], "model");
    EXPECT_EQ(stage["source"], "session");
    EXPECT_EQ(stage["configured_ep"], kTestEp);
    auto seen = instances();
    ASSERT_EQ(seen.size(), 1u);
    EXPECT_EQ(stage["on_configured_ep"].get<int>(), seen[0].nodes_claimed);
    EXPECT_EQ(placed_on(stage, kTestEp), seen[0].nodes_claimed);
    EXPECT_EQ(stage["nodes"].get<int>(), placed_on(stage, kTestEp) + placed_on(stage, "CPUExecutionProvider"));
    EXPECT_EQ(stage["cpu_fallback"].size(), static_cast<std::size_t>(placed_on(stage, "CPUExecutionProvider")));
    if (model == "embeddings.onnx") {  // a Gather: none of the EP's operators
      EXPECT_EQ(seen[0].nodes_claimed, 0);
      EXPECT_EQ(stage["cpu_fallback"][0]["op_type"], "Gather");
    }
  }
}

TEST_F(PluginEpCli, PlacementOfEveryStageOfTheRoutedPipelineIsWhatTheEpClaimed) {
  auto report = path("pipeline-placement.json");
  auto result = winml("perf -m " + npu_bundle().string() + " --ep winml_test --iterations 1 --warmup 0 -n 4 -o " +
                      report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto placement = test::first_result(read_json(report)).at("placement");
  std::map<std::string, nlohmann::json> by_stage;
  for (const auto& stage : placement) by_stage[stage.at("stage")] = stage;
  ASSERT_EQ(by_stage.size(), 4u) << placement.dump();
  EXPECT_EQ(by_stage["embeddings"]["configured_ep"], "CPUExecutionProvider");
  EXPECT_EQ(by_stage["lm_head"]["configured_ep"], "CPUExecutionProvider");
  EXPECT_TRUE(by_stage["embeddings"]["cpu_fallback"].empty());  // routed to the CPU on purpose
  // GenAI's ctx and iter sessions, then the probes of the same two: each claimed what the report says.
  std::vector<int> claimed;
  for (const auto& instance : instances()) claimed.push_back(instance.nodes_claimed);
  std::vector<int> reported;
  for (const std::string stage : {"ctx", "iter"}) {
    EXPECT_EQ(by_stage[stage]["configured_ep"], kTestEp);
    EXPECT_EQ(by_stage[stage]["source"], "probe");
    EXPECT_GT(by_stage[stage]["on_configured_ep"].get<int>(), 0);
    reported.push_back(by_stage[stage]["on_configured_ep"].get<int>());
    reported.push_back(by_stage[stage]["on_configured_ep"].get<int>());
  }
  std::sort(claimed.begin(), claimed.end());
  std::sort(reported.begin(), reported.end());
  EXPECT_EQ(claimed, reported);
  // The console: one line per stage.
  EXPECT_THAT(result.out, HasSubstr(" nodes on WinmlTestEP (MatMul "));
  EXPECT_THAT(result.out, ::testing::ContainsRegex("embeddings +[0-9]+ of [0-9]+ nodes on CPU \\(Gather"));
  std::ofstream(path("pipeline-placement.txt")) << result.out;  // the lines, for the closing note
}

TEST_F(PluginEpCli, NoCpuFallbackRefusesThePipelineNamingTheNodes) {
  for (const std::string command :
       {"generate -p 'the quick brown fox' -n 4 -q", "perf --iterations 1 --warmup 0 -n 4 -q"}) {
    SCOPED_TRACE(command);
    auto result = winml(command + " -m " + npu_bundle().string() + " --ep winml_test --no-cpu-fallback");
    EXPECT_EQ(result.exit_code, 1) << result.err;
    EXPECT_THAT(result.err, HasSubstr("stage ctx: WinmlTestEP did not take"));
    EXPECT_THAT(result.err, HasSubstr("Gather '"));
    EXPECT_THAT(result.err, HasSubstr("Drop --no-cpu-fallback"));
    EXPECT_THAT(result.err, ::testing::Not(HasSubstr("stage embeddings")));  // on the CPU on purpose
  }
}

TEST_F(PluginEpCompile, NoCpuFallbackRefusesTheCompiledPipeline) {
  fs::path bundle = fresh_bundle("compile-no-fallback");
  auto result = compile(bundle, "--no-cpu-fallback");
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_THAT(result.err, HasSubstr("stage ctx: WinmlTestEP did not take"));
}

TEST_F(PluginEpCli, NoCpuFallbackPassesAModelTheEpTakesWhole) {
  auto report = path("whole.json");
  auto result = winml("perf --runtime winml -m " + (pipe() / "lm_head.onnx").string() +
                      " --device npu --no-cpu-fallback --iterations 2 --warmup 0 -q -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto stage = test::first_result(read_json(report)).at("placement")[0];
  EXPECT_EQ(stage["configured_ep_share"], 1.0);
  EXPECT_TRUE(stage["cpu_fallback"].empty());
  // A model with a node the EP does not take is refused, naming it.
  auto refused = winml("perf --runtime winml -m " + (pipe() / "embeddings.onnx").string() +
                       " --device npu --no-cpu-fallback --iterations 1 --warmup 0 -q");
  EXPECT_EQ(refused.exit_code, 1) << refused.err;
  EXPECT_THAT(refused.err, HasSubstr("stage model: WinmlTestEP did not take 1 of 1 nodes"));
}

}  // namespace
}  // namespace winml

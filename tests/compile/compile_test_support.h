#pragma once
/// \file
/// Shared set-up for compile tests: a bundle-like folder with source models, the fake compiler
/// command, and the record of what the fake compiler was asked to do.

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compile/onnx_fixtures.h"
#include "compile/stage_compiler.h"
#include "test_support/temp_dir.h"

namespace winml::test {

/// The fake compiler built with the tests (tests/compile/fake_compiler.cpp).
inline std::string fake_compiler() { return std::string(WINML_TEST_BIN_DIR) + "/winml-fake-compiler"; }

/// The real worker.
inline std::string real_worker() { return std::string(WINML_TEST_BIN_DIR) + "/winml-compile-worker"; }

/// A bundle folder `<tmp>/bundle` with ctx.onnx, iter.onnx and embed.onnx (each with external
/// data), an output folder `<tmp>/bundle/_compiled`, and a record file for the fake compiler.
class CompileFixture {
 public:
  CompileFixture() : bundle_(dir_.path() / "bundle"), out_(bundle_ / "_compiled"), record_(dir_.path() / "record") {
    std::filesystem::create_directories(bundle_);
    for (const char* name : {"ctx", "iter", "embed"}) write_source_model(bundle_ / (std::string(name) + ".onnx"));
  }
  const std::filesystem::path& root() const { return dir_.path(); }
  const std::filesystem::path& bundle() const { return bundle_; }
  const std::filesystem::path& out() const { return out_; }
  const std::filesystem::path& record() const { return record_; }

  /// The fake compiler with these --fake-* options, recording into record().
  std::vector<std::string> worker(const std::vector<std::string>& fake_options = {}) const {
    std::vector<std::string> command = {fake_compiler(), "--fake-record=" + record_.string()};
    command.insert(command.end(), fake_options.begin(), fake_options.end());
    return command;
  }

  /// A stage of this bundle.
  compile::StageSpec stage(const std::string& name, const std::string& ep, compile::ProviderOptions options = {},
                           const std::string& device = {}) const {
    return {name, bundle_ / (name + ".onnx"), name + ".onnx", ep, std::move(options), device};
  }

  /// ctx and iter on QNN, embed on CPU, compiled by the fake compiler.
  compile::CompileJob job(const std::vector<std::string>& fake_options = {}) const {
    compile::CompileJob job;
    job.stages = {stage("embed", "cpu"), stage("ctx", "qnn", {{"backend_path", "libQnnHtp.so"}}),
                  stage("iter", "qnn", {{"backend_path", "libQnnHtp.so"}})};
    job.out_dir = out_;
    job.timeout_s = 20;
    job.worker = worker(fake_options);
    return job;
  }

  /// One JSON object per fake compiler run so far.
  std::vector<nlohmann::json> records() const {
    std::vector<nlohmann::json> out;
    std::ifstream in(record_);
    for (std::string line; std::getline(in, line);) out.push_back(nlohmann::json::parse(line));
    return out;
  }

  /// Forgets the runs recorded so far.
  void clear_records() const { std::filesystem::remove(record_); }

 private:
  TempDir dir_;
  std::filesystem::path bundle_;
  std::filesystem::path out_;
  std::filesystem::path record_;
};

/// The action taken for each prepared stage, in stage order ("compiled", "reused", ...).
inline std::vector<std::string> stage_actions(const compile::PreparedStages& p) {
  std::vector<std::string> out;
  for (const auto& s : p.stages) out.emplace_back(to_string(s.action));
  return out;
}

}  // namespace winml::test

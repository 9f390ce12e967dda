// The real engine plugin, loaded the way winml loads it: its failures arrive as the winml::Error
// subclass and category thrown inside it (see the boundary contract in engine/engine.h), and the
// versions it reports are those of the libraries it loaded.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "engine/engine_loader.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::engine {
namespace {

namespace fs = std::filesystem;

fs::path write(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

struct FailureCase {
  std::string name;
  std::function<void(Engine&, const fs::path& dir)> fail;
  ErrorCategory category;
  std::string message_part;  ///< the translated message, not the engine's raw text
};

class EngineFailure : public ::testing::TestWithParam<FailureCase> {};

TEST_P(EngineFailure, ArrivesAsItsWinmlCategory) {
  test::TempDir dir;
  try {
    GetParam().fail(get(), dir.path());
    FAIL() << "no exception";
  } catch (const winml::Error& e) {
    EXPECT_EQ(e.category(), GetParam().category) << e.what();
    EXPECT_NE(std::string(e.what()).find(GetParam().message_part), std::string::npos) << e.what();
  } catch (const std::exception& e) {
    FAIL() << "a plain std::exception crossed the plugin boundary: " << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(
    RealPlugin, EngineFailure,
    ::testing::Values(
        FailureCase{"OnnxFileThatIsNotOnnx",
                    [](Engine& engine, const fs::path& dir) {
                      engine.create_onnx_session({write(dir / "m.onnx", "not a protobuf").string(), {}, 0});
                    },
                    ErrorCategory::load, "is not a valid ONNX file"},
        FailureCase{"BundleWithAnUnknownModelType",
                    [](Engine& engine, const fs::path& dir) {
                      write(dir / "genai_config.json", R"({"model": {"type": "llama-9000"}})");
                      engine.load_genai_model(dir.string());
                    },
                    ErrorCategory::load, "GenAI could not load the bundle"},
        FailureCase{"CompilingAMissingModel",
                    [](Engine& engine, const fs::path& dir) {
                      engine.compile_model({(dir / "missing.onnx").string(), (dir / "out.onnx").string(), {}, false});
                    },
                    ErrorCategory::compile, "missing.onnx"}),
    [](const ::testing::TestParamInfo<FailureCase>& info) { return info.param.name; });

TEST(EngineVersions, ComeFromTheLoadedLibraries) {
  Versions versions = get().versions();
  EXPECT_NE(versions.onnxruntime.find('.'), std::string::npos) << versions.onnxruntime;
#if WINML_TEST_OWN_ORT
  // The restored package's library is the one GenAI loads too (it dlopens the libonnxruntime beside
  // it), so a pin that a stray system copy shadows shows up here.
  EXPECT_EQ(versions.onnxruntime, WINML_TEST_ORT_VERSION);
#endif
  // This build links GenAI from a NuGet package (<id>/<version>/runtimes/<rid>/native/) unless it
  // was configured with WINML_GENAI_ROOT; then nothing tells its version.
#ifdef _WIN32
  // The DLL is copied beside the programs; its version resource names the package's version.
  EXPECT_EQ(versions.genai, WINML_TEST_GENAI_VERSION);
#else
  fs::path genai = fs::canonical(fs::path(WINML_TEST_BIN_DIR) / ".." / "lib" / "libonnxruntime-genai.so");
  if (genai.parent_path().parent_path().parent_path().filename() == "runtimes") {
    EXPECT_EQ(versions.genai, genai.parent_path().parent_path().parent_path().parent_path().filename().string());
  } else {
    EXPECT_EQ(versions.genai, "unknown");
  }
#endif
}

}  // namespace
}  // namespace winml::engine

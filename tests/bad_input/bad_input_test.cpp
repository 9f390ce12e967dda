// The bad-input suite: every case in tests/bad_input/cases/*.json is a real winml run on wrong
// input. Each must end with the expected exit code and message, never crash, never print ANSI
// colour or raw engine log lines to a pipe, print nothing but printable UTF-8 text on stderr
// (whatever the input held), and leave nothing behind in the bundle, the scratch
// folder, HOME, the cache root or TMPDIR beyond what the case allows.

#include <gtest/gtest.h>

#include "bad_input/bad_input_case.h"
#include "bad_input/case_scratch.h"
#include "bad_input/process_run.h"
#include "bad_input/tree_snapshot.h"
#include "test_support/ci_markers.h"
#include "test_support/run_command.h"
#include "util/ascii_case.h"
#include "util/utf8.h"

namespace winml::test {
namespace {

namespace fs = std::filesystem;

fs::path cases_dir() { return fs::path(WINML_TEST_SOURCE_DIR) / "tests" / "bad_input" / "cases"; }
fs::path bases_dir() { return fs::path(WINML_TEST_BIN_DIR).parent_path() / "bad_input_bases"; }

bool contains_ci(const std::string& haystack, const std::string& needle) {
  return to_lower(haystack).find(to_lower(needle)) != std::string::npos;
}

// The first character of `text` that a terminal would act on or that is no UTF-8, described; ""
// when there is none. Line breaks (also "\r\n", from a Windows build) and tabs are text.
std::string raw_control(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const std::string at = " at byte " + std::to_string(i);
    if (byte == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;
    if ((byte < 0x20 && byte != '\n' && byte != '\t') || byte == 0x7f)
      return "control byte " + std::to_string(byte) + at;
    if (byte < 0x80) continue;
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) return "a byte that is not UTF-8" + at;
    const auto second = static_cast<unsigned char>(text[i + 1]);
    if (byte == 0xc2 && second < 0xa0) return "a C1 control" + at;
    if (byte == 0xe2 && second == 0x80 && static_cast<unsigned char>(text[i + 2]) >= 0xa8 &&
        static_cast<unsigned char>(text[i + 2]) <= 0xae) {
      return "a line separator or bidi override" + at;
    }
    i += length - 1;
  }
  return "";
}

// The capture files of process_run live in the scratch root for the length of a run.
const std::vector<std::string> kRunnerFiles{".winml-bad-input-*"};

ProcessSpec spec_for(const BadInputCase& c, const CaseScratch& scratch, const std::vector<std::string>& args) {
  ProcessSpec spec;
  spec.program = winml_binary();
  // "hex:..." gives an argument or a variable bytes a JSON string cannot hold (invalid UTF-8);
  // "repeat:N:TEXT" a huge one (decode_content).
  auto decoded = [&](const std::string& text) {
    return text.starts_with("hex:") || text.starts_with("repeat:") ? decode_content(text) : scratch.expand(text);
  };
  for (const auto& arg : args) spec.args.push_back(decoded(arg));
  spec.cwd = scratch.root() / "work";
  spec.env_set = {{"HOME", (scratch.root() / "home").string()},
                  {"WINML_CACHE_DIR", (scratch.root() / "cache").string()},
                  {"TMPDIR", (scratch.root() / "tmp").string()}};
  spec.env_unset = {"XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "WINML_EP_LIBRARIES", "NO_COLOR"};
  // GenAI's telemetry is silent on CI machines; without the markers the empty-HOME check below
  // proves the same thing in CI as on a user's machine.
  spec.env_unset.insert(spec.env_unset.end(), kCiMarkers.begin(), kCiMarkers.end());
  for (const auto& [name, value] : c.env) spec.env_set[name] = decoded(value);
  if (c.stdin_file) spec.stdin_path = scratch.expand(*c.stdin_file);
  if (c.stdout_file) spec.stdout_path = scratch.expand(*c.stdout_file);
  spec.time_limit_s = c.max_seconds;
  return spec;
}

class BadInput : public ::testing::TestWithParam<BadInputCase> {};

TEST_P(BadInput, FailsCleanly) {
  const BadInputCase& c = GetParam();
  SCOPED_TRACE(c.source + ": " + c.name);
  CaseScratch scratch(c, bases_dir());
  auto before = snapshot_tree(scratch.root());

  auto spec = spec_for(c, scratch, c.args);
  if (c.interrupt) {
    spec.signal = c.interrupt->signal;
    spec.signal_after_ms = c.interrupt->after_ms;
  }
  if (c.plant) {
    spec.during = [&] { scratch.plant(*c.plant); };
    spec.during_after_ms = c.plant->after_ms;
  }
  auto outcome = run_process(spec);
  ASSERT_FALSE(outcome.timed_out) << "still running after " << c.max_seconds << " s\nstderr:\n" << outcome.err;
  EXPECT_EQ(outcome.exit_code, c.exit_code) << "stderr:\n" << outcome.err << "\nstdout:\n" << outcome.out;

  if (!c.interrupt) {
    EXPECT_LT(outcome.exit_code, 128) << "killed by a signal: a crash\nstderr:\n" << outcome.err;
    if (outcome.exit_code != 0) {
      EXPECT_TRUE(outcome.err.starts_with("error: ") || outcome.err.find("\nerror: ") != std::string::npos)
          << "a failure says 'error: ...'\nstderr:\n"
          << outcome.err;
    }
  }
  for (const auto& needle : c.stderr_has) {
    EXPECT_TRUE(contains_ci(outcome.err, scratch.expand(needle))) << "stderr lacks \"" << needle << "\":\n"
                                                                  << outcome.err;
  }
  for (const auto& needle : c.stderr_lacks) {
    EXPECT_FALSE(contains_ci(outcome.err, scratch.expand(needle))) << "stderr has \"" << needle << "\":\n"
                                                                   << outcome.err;
  }
  for (const auto& needle : c.stdout_has) {
    EXPECT_TRUE(contains_ci(outcome.out, scratch.expand(needle))) << "stdout lacks \"" << needle << "\":\n"
                                                                  << outcome.out;
  }
  for (const auto& needle : c.stdout_lacks) {
    EXPECT_FALSE(contains_ci(outcome.out, scratch.expand(needle))) << "stdout has \"" << needle << "\":\n"
                                                                   << outcome.out;
  }
  // Whatever a file or an argument held, stderr is printable text (util/printable.h).
  EXPECT_EQ(raw_control(outcome.err), "") << "stderr:\n" << outcome.err;
  // Output to a pipe is never coloured, and engine log lines never reach it raw.
  EXPECT_EQ(outcome.err.find('\x1b'), std::string::npos) << "ANSI escape on stderr:\n" << outcome.err;
  EXPECT_EQ(outcome.out.find('\x1b'), std::string::npos) << "ANSI escape on stdout";
  EXPECT_EQ(outcome.err.find("onnxruntime:"), std::string::npos) << "raw ONNX Runtime log line:\n" << outcome.err;

  if (!c.then_args.empty()) {
    auto next = run_process(spec_for(c, scratch, c.then_args));
    EXPECT_EQ(next.exit_code, 0) << "the next run failed:\n" << next.err;
  }

  auto allowed = c.may_write;
  allowed.insert(allowed.end(), kRunnerFiles.begin(), kRunnerFiles.end());
  auto after = snapshot_tree(scratch.root());
  auto changes = tree_changes(before, after, allowed);
  for (const auto& path : matching_paths(after, c.forbid)) changes.push_back("forbidden " + path);
  std::string listing;
  for (const auto& change : changes) listing += "  " + change + "\n";
  EXPECT_TRUE(changes.empty()) << "left behind:\n" << listing;
}

std::vector<BadInputCase> all_cases() {
  try {
    return load_cases(cases_dir());
  } catch (const std::exception& e) {
    // A malformed case file must fail loudly rather than run no cases.
    ADD_FAILURE() << e.what();
    return {};
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, BadInput, ::testing::ValuesIn(all_cases()),
                         [](const ::testing::TestParamInfo<BadInputCase>& info) { return info.param.name; });

// The suite promises breadth: it must not shrink unnoticed.
TEST(BadInputSuite, HasAtLeastOneHundredCases) { EXPECT_GE(load_cases(cases_dir()).size(), 100u); }

}  // namespace
}  // namespace winml::test

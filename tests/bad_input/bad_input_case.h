#pragma once
// One case of the bad-input suite: a real winml run on deliberately wrong input, and what it must
// do. Cases are data (tests/bad_input/cases/*.json) so a new defect class is a new row, not code.

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace winml::test {

/// How the case's input bundle (or ONNX file) is made before the run.
struct BundleRecipe {
  std::string base;                             ///< "tiny", "pipeline", or "" (no bundle)
  std::vector<std::string> synth_flags;         ///< extra `bundle synth` flags for the base
  nlohmann::json config_set;                    ///< JSON pointer -> value; null removes the key
  std::optional<std::string> config_text;       ///< replaces genai_config.json with these bytes
  std::map<std::string, std::string> files;     ///< bundle-relative path -> content (see decode_content)
  std::vector<std::string> remove;              ///< bundle-relative paths removed after synthesis
  std::map<std::string, std::string> symlinks;  ///< bundle-relative link -> target (placeholders allowed)
};

/// A signal sent to the run after a delay, for the fault cases.
struct Interrupt {
  int signal = 0;    ///< SIGINT, SIGTERM or SIGKILL
  int after_ms = 0;  ///< delay after start
};

/// Files and links made in the scratch folder while the run goes on, for the cases of a path that
/// changes under a running command (a link or a file planted at its output path).
struct Plant {
  int after_ms = 0;                             ///< delay after start
  std::map<std::string, std::string> files;     ///< scratch-relative path -> content (see decode_content)
  std::map<std::string, std::string> symlinks;  ///< scratch-relative link -> target (placeholders allowed)
};

/// A bad-input case as read from the case files.
struct BadInputCase {
  std::string name;    ///< unique, [A-Za-z0-9_]: the gtest name
  std::string source;  ///< case file it came from, for failure messages
  BundleRecipe bundle;
  std::map<std::string, std::string> scratch_files;     ///< scratch-relative path -> content
  std::map<std::string, std::string> scratch_symlinks;  ///< scratch-relative link -> target (placeholders allowed)
  std::optional<Plant> plant;                           ///< made during the run
  std::vector<std::string> args;                        ///< winml arguments (placeholders, or hex:/repeat:)
  std::map<std::string, std::string> env;               ///< extra environment (placeholders, or hex:/repeat:)
  std::optional<std::string> stdin_file;                ///< file fed to stdin (placeholders allowed)
  std::optional<std::string> stdout_file;               ///< file stdout goes to (e.g. /dev/full)
  std::optional<Interrupt> interrupt;
  std::vector<std::string> then_args;     ///< a second run after the first (the "next run" of a fault case)
  int exit_code = 2;                      ///< expected exit status (128+N for a signal)
  std::vector<std::string> stderr_has;    ///< substrings stderr must contain (case-insensitive)
  std::vector<std::string> stderr_lacks;  ///< substrings stderr must not contain (case-insensitive)
  std::vector<std::string> stdout_has;    ///< substrings stdout must contain
  std::vector<std::string> stdout_lacks;  ///< substrings stdout must not contain (case-insensitive)
  // A needle of the four lists above may be "hex:..." (decode_content): raw bytes that a JSON
  // string cannot hold, such as an invalid UTF-8 byte. Control characters need no hex: "\u001b".
  std::vector<std::string> may_write;  ///< scratch-relative paths (glob) the run may create or change
  std::vector<std::string> forbid;     ///< globs no path may match afterwards, even one in may_write
  double max_seconds = 60;             ///< a usage error must not wait for a long run
};

/// Reads every `*.json` case file in `dir` (each an array of case objects). Throws
/// std::runtime_error naming the file and the case on a malformed case or a duplicate name.
std::vector<BadInputCase> load_cases(const std::filesystem::path& dir);

/// Decodes a content string from a case: "hex:0a0bff" gives bytes, "repeat:N:TEXT" gives TEXT
/// N times, anything else is the text itself ("fifo:" is kept: the file is made a named pipe;
/// "sparse:N" too: the file is made N bytes long without data).
std::string decode_content(const std::string& content);

/// gtest prints a case by its name, not its bytes.
inline void PrintTo(const BadInputCase& c, std::ostream* os) { *os << c.source << ":" << c.name; }

}  // namespace winml::test

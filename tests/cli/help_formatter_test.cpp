#include "help_formatter.h"

#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "app.h"
#include "number_flags.h"
#include "platform/environment.h"
#include "util/text_wrap.h"

namespace winml::cli {
namespace {

// Every command of `app`, groups included, with the words that name it: {"perf", "report"}.
void collect(CLI::App& app, std::vector<std::string> path, std::vector<std::pair<std::string, CLI::App*>>& all) {
  std::string name;
  for (const auto& word : path) name += (name.empty() ? "" : " ") + word;
  all.emplace_back(name, &app);
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    auto next = path;
    next.push_back(sub->get_name());
    collect(*sub, next, all);
  }
}

std::vector<std::pair<std::string, CLI::App*>> every_command(CLI::App& root) {
  std::vector<std::pair<std::string, CLI::App*>> all;
  collect(root, {}, all);
  return all;
}

// The help of every command, each laid out at `width`.
void expect_every_help_fits(std::size_t width) {
  auto app = make_app();
  for (auto& [name, command] : every_command(*app)) command->formatter(std::make_shared<HelpFormatter>(width));
  for (auto& [name, command] : every_command(*app)) {
    const std::string help = command->help();
    ASSERT_FALSE(help.empty()) << name;
    std::istringstream lines(help);
    for (std::string line; std::getline(lines, line);) {
      EXPECT_LE(display_columns(line), width) << "winml " << name << " --help at " << width << ": " << line;
    }
    // CLI11's own notation, meaningless to a reader.
    for (const char* artefact : {"9223372036854775807", "18446744073709551615", "{false}", "PATH(existing)", "TEXT:",
                                 "INT:", "UINT:", "FLOAT:", "REQUIRED", "SUBCOMMAND", "Excludes:", "Needs:", "=1\n"}) {
      EXPECT_EQ(help.find(artefact), std::string::npos) << "winml " << name << " --help shows " << artefact << "\n"
                                                        << help;
    }
  }
}

TEST(HelpFormatter, EveryCommandsHelpFitsTheWidth) {
  for (std::size_t width : {80u, 40u, 100u}) expect_every_help_fits(width);
}

TEST(HelpFormatter, TheAppWrapsAtColumns) {
  platform::set_environment_variable("COLUMNS", "80");
  auto app = make_app();
  auto all = every_command(*app);
  for (auto& [name, command] : all) {
    std::istringstream lines(command->help());
    for (std::string line; std::getline(lines, line);) EXPECT_LE(display_columns(line), 80u) << name << ": " << line;
  }
  platform::set_environment_variable("COLUMNS", "");
}

TEST(HelpFormatter, ShowsRealRangesAndDefaults) {
  auto app = make_app();
  app->formatter(std::make_shared<HelpFormatter>(80));
  const std::string synth = app->get_subcommand("bundle")->get_subcommand("synth")->help("winml bundle");
  EXPECT_NE(synth.find("[1 to 512]"), std::string::npos) << synth;          // --layers
  EXPECT_NE(synth.find("[262 to 2,097,152]"), std::string::npos) << synth;  // --vocab-size
  EXPECT_NE(synth.find("(tiny 2,"), std::string::npos) << synth;            // the presets' --layers
  EXPECT_NE(synth.find("-o, --output PATH"), std::string::npos) << synth;
  const std::string perf = app->get_subcommand("perf")->help("winml");
  EXPECT_NE(perf.find("--iterations N"), std::string::npos) << perf;
  EXPECT_NE(perf.find("[1 to 1,000,000]"), std::string::npos) << perf;
  EXPECT_NE(perf.find("--[no-]compile "), std::string::npos) << perf;
  EXPECT_NE(perf.find("default 300"), std::string::npos) << perf;  // --compile-timeout
  EXPECT_NE(perf.find("Usage: winml perf [OPTIONS] [COMMAND]"), std::string::npos) << perf;
  EXPECT_NE(perf.find("<cache>/perf/<model>-<hash>/<YYYYMMDD-HHMMSS>.json"), std::string::npos) << perf;
}

TEST(HelpFormatter, RequiredPositionalsAreShownRequired) {
  auto app = make_app();
  app->formatter(std::make_shared<HelpFormatter>(80));
  CLI::App* perf = app->get_subcommand("perf");
  EXPECT_NE(perf->get_subcommand("report")->help("winml perf").find("Usage: winml perf report [OPTIONS] REPORT...\n"),
            std::string::npos);
  EXPECT_NE(perf->get_subcommand("merge")->help("winml perf").find("[OPTIONS] REPORT...\n"), std::string::npos);
  EXPECT_NE(perf->get_subcommand("compare")->help("winml perf").find("[OPTIONS] BASE NEW...\n"), std::string::npos);
}

TEST(HelpFormatter, PlaceholdersAndNotes) {
  CLI::App app("test", "t");
  int count = 0;
  double seconds = 0;
  std::string path;
  std::string name;
  std::vector<std::string> many;
  bool on = false;
  auto* n = app.add_option("--count", count)->transform(integer_in(1, 100))->default_val(5);
  auto* s = app.add_option("--seconds", seconds)->check(number_in(0, 10, true));
  auto* p = app.add_option("--path", path)->check(CLI::ExistingPath)->required();
  auto* c = app.add_option("--choice", name)->check(CLI::IsMember({"a", "b"}));
  auto* m = app.add_option("--many", many)->needs(p);
  auto* f = app.add_flag("--on,!--no-on", on)->default_val(true);
  EXPECT_EQ(HelpFormatter::placeholder(*n), "N");
  EXPECT_EQ(HelpFormatter::notes(*n), "1 to 100; default 5");
  EXPECT_EQ(HelpFormatter::placeholder(*s), "NUM");
  EXPECT_EQ(HelpFormatter::notes(*s), "above 0, at most 10");
  EXPECT_EQ(HelpFormatter::placeholder(*p), "PATH");
  EXPECT_EQ(HelpFormatter::notes(*p), "required");
  EXPECT_EQ(HelpFormatter::placeholder(*c), "NAME");
  EXPECT_EQ(HelpFormatter::placeholder(*m), "TEXT...");
  EXPECT_EQ(HelpFormatter::notes(*m), "needs --path");
  EXPECT_EQ(HelpFormatter::placeholder(*f), "");
  EXPECT_EQ(HelpFormatter::notes(*f), "");
}

}  // namespace
}  // namespace winml::cli

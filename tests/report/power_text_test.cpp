// The power state as the console and `winml sys` show it.
#include "report/power_text.h"

#include <gtest/gtest.h>

#include "platform/power_state.h"
#include "report/json_fields.h"

namespace winml::report::text {
namespace {

std::string power_shown(platform::PowerSource source, std::optional<double> percent, const std::string& mode) {
  return power_text(json_fields::power({source, percent, mode}));
}

TEST(PowerText, SourceLevelAndMode) {
  EXPECT_EQ(power_shown(platform::PowerSource::battery, 43.0, "balanced"), "battery 43 % · power mode balanced");
  EXPECT_EQ(power_shown(platform::PowerSource::ac, 87.4, ""), "AC · battery 87 %");
  EXPECT_EQ(power_shown(platform::PowerSource::ac, std::nullopt, ""), "AC");
  EXPECT_EQ(power_shown(platform::PowerSource::unknown, std::nullopt, "low-power"), "unknown · power mode low-power");
}

TEST(PowerText, AReportFromElsewhereCannotDriveTheTerminal) {
  const nlohmann::ordered_json power = {{"source", 7}, {"battery_percent", "full"}, {"mode", "\x1b[31mred"}};
  EXPECT_EQ(power_text(power).find('\x1b'), std::string::npos);
  EXPECT_EQ(power_text(power).rfind("unknown · power mode ", 0), 0u);
}

TEST(PowerJson, NullForWhatTheSystemDoesNotSay) {
  EXPECT_EQ(json_fields::power({}).dump(), R"({"source":"unknown","battery_percent":null,"mode":null})");
  EXPECT_EQ(json_fields::power({platform::PowerSource::battery, 43.0, "best power efficiency"}).dump(),
            R"({"source":"battery","battery_percent":43.0,"mode":"best power efficiency"})");
}

}  // namespace
}  // namespace winml::report::text

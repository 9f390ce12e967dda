#include "report/eta.h"

#include <gtest/gtest.h>

#include <limits>

namespace winml::report {
namespace {

TEST(Eta, CarriesThePaceSoFarToTheEnd) {
  EXPECT_DOUBLE_EQ(*eta_seconds(25, 100, 5), 15);
  EXPECT_DOUBLE_EQ(*eta_seconds(100, 100, 5), 0);
  EXPECT_DOUBLE_EQ(*eta_seconds(120, 100, 5), 0);  // past the total: done
  EXPECT_FALSE(eta_seconds(0, 100, 5));            // no pace yet
  EXPECT_FALSE(eta_seconds(3, 0, 5));              // no end known
}

TEST(Eta, FieldReadsInTheUnitOfItsSize) {
  EXPECT_EQ(eta_field(8.44), "  ETA 8.4 s");
  EXPECT_EQ(eta_field(45.4), "  ETA 45 s");
  EXPECT_EQ(eta_field(125), "  ETA 2 min 05 s");
  EXPECT_EQ(eta_field(3725), "  ETA 1 h 02 min");
}

// A near end, or none foreseen, adds nothing to the line.
TEST(Eta, FieldIsEmptyWhenShortOrUnknown) {
  EXPECT_EQ(eta_field(kEtaMinSeconds - 0.01), "");
  EXPECT_EQ(eta_field(std::nullopt), "");
  EXPECT_EQ(eta_field(std::numeric_limits<double>::infinity()), "");
}

}  // namespace
}  // namespace winml::report

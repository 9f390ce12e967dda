#include "report/sparkline.h"

#include <gtest/gtest.h>

#include <vector>

namespace winml::report::text {
namespace {

TEST(Sparkline, ScalesFromSmallestToLargest) {
  const std::vector<double> v = {1, 2, 3, 4, 5, 6, 7, 8};
  EXPECT_EQ(sparkline(v, Glyphs::unicode), "▁▂▃▄▅▆▇█");
  EXPECT_EQ(sparkline(v, Glyphs::ascii), ".:-=+*#@");
  // Only the range matters, not the offset; rounding to the nearest level.
  EXPECT_EQ(sparkline(std::vector<double>{10, 10.5, 17}, Glyphs::ascii), ".:@");
}

TEST(Sparkline, ACliffShowsAtItsPosition) {
  EXPECT_EQ(sparkline(std::vector<double>{1.0, 1.01, 1.02, 2.0, 2.0}, Glyphs::unicode), "▁▁▁██");
}

TEST(Sparkline, FlatSeriesAndOneValueSitOnTheLowestLevel) {
  EXPECT_EQ(sparkline(std::vector<double>{3, 3, 3}, Glyphs::unicode), "▁▁▁");
  EXPECT_EQ(sparkline(std::vector<double>{0.5}, Glyphs::ascii), ".");
  EXPECT_EQ(sparkline(std::vector<double>{}, Glyphs::unicode), "");
}

TEST(BucketMeans, ShortSeriesAreKept) {
  const std::vector<double> v = {1, 2, 3};
  EXPECT_EQ(bucket_means(v, 3), v);
  EXPECT_EQ(bucket_means(v, 48), v);
}

TEST(BucketMeans, LongSeriesAreAveragedInNearlyEqualRuns) {
  EXPECT_EQ(bucket_means(std::vector<double>{1, 3, 5, 7, 9, 11}, 3), (std::vector<double>{2, 6, 10}));
  // 5 values in 2 buckets: [0, 2) and [2, 5).
  EXPECT_EQ(bucket_means(std::vector<double>{1, 3, 2, 4, 6}, 2), (std::vector<double>{2, 4}));
  std::vector<double> many(100);
  for (std::size_t i = 0; i < many.size(); ++i) many[i] = static_cast<double>(i);
  const std::vector<double> columns = bucket_means(many, kSparklineWidth);
  ASSERT_EQ(columns.size(), kSparklineWidth);
  EXPECT_EQ(columns.front(), 0.5);  // [0, 2)
  EXPECT_EQ(columns.back(), 98);    // [97, 100)
}

TEST(GlyphsForLocale, TheFirstSetVariableDecides) {
  EXPECT_EQ(glyphs_for_locale(nullptr, nullptr, "en_US.UTF-8"), Glyphs::unicode);
  EXPECT_EQ(glyphs_for_locale(nullptr, nullptr, "C.utf8"), Glyphs::unicode);
  EXPECT_EQ(glyphs_for_locale("C", nullptr, "en_US.UTF-8"), Glyphs::ascii);
  EXPECT_EQ(glyphs_for_locale("", "de_DE.utf-8", "C"), Glyphs::unicode);  // an empty LC_ALL is unset
  EXPECT_EQ(glyphs_for_locale(nullptr, nullptr, "en_US.ISO-8859-1"), Glyphs::ascii);
  EXPECT_EQ(glyphs_for_locale(nullptr, nullptr, nullptr), Glyphs::ascii);
  EXPECT_EQ(glyphs_for_locale(nullptr, "POSIX", nullptr), Glyphs::ascii);
}

}  // namespace
}  // namespace winml::report::text

#include "report/compile_text.h"

#include <gtest/gtest.h>

#include <sstream>

namespace winml::report::text {
namespace {

// Where each header word starts on the first line, and where the same column's cell starts on a row.
std::size_t column_of(const std::string& line, const std::string& word) { return line.find(word); }

TEST(CompileStagesText, ColumnsAreAsWideAsTheirLongestCell) {
  // A plugin EP alias longer than the 10 characters the table once reserved.
  const std::vector<StagePreparation> stages = {
      {"embeddings", "cpu", "jit", 0, "", "not_checked"},
      {"context_processor", "winmltestep", "compiled", 1.25, "", "optimal"},
      {"iter", "winmltestep", "fell_back", 12.5, "compile timed out after 2 s", "not_checked"},
  };
  std::istringstream text(compile_stages_text(stages));
  std::string header, embeddings, ctx, iter;
  std::getline(text, header);
  std::getline(text, embeddings);
  std::getline(text, ctx);
  std::getline(text, iter);
  EXPECT_EQ(header, "stage              ep           action     compat      time  detail");
  EXPECT_EQ(embeddings, "embeddings         cpu          jit        -         0.00 s");
  EXPECT_EQ(ctx, "context_processor  winmltestep  compiled   optimal   1.25 s");
  EXPECT_EQ(iter, "iter               winmltestep  fell_back  -        12.50 s  compile timed out after 2 s");
  EXPECT_EQ(column_of(header, "action"), column_of(ctx, "compiled"));
  EXPECT_EQ(column_of(header, "detail"), column_of(iter, "compile timed out"));
}

TEST(CompileStagesText, StageNamesFromTheBundleArePrintedEscaped) {
  const std::string text = compile_stages_text({{"bad\x1b[2Jname", "cpu", "jit", 0, "", "not_checked"}});
  EXPECT_EQ(text.find('\x1b'), std::string::npos) << text;
}

}  // namespace
}  // namespace winml::report::text

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "synth/bpe_vocab.h"
#include "synth/synth_options.h"
#include "winml/errors.h"

namespace winml::synth {
namespace {

using ::testing::HasSubstr;

// Expects validate() to reject `options` with a message containing every fragment.
void expect_rejected(const SynthOptions& options, std::initializer_list<const char*> fragments) {
  try {
    validate(options);
    FAIL() << "validate() accepted an invalid combination";
  } catch (const UsageError& e) {
    for (const char* fragment : fragments) EXPECT_THAT(e.what(), HasSubstr(fragment));
  }
}

TEST(SynthOptions, PresetsAreValid) {
  EXPECT_NO_THROW(validate(tiny_preset()));
  EXPECT_NO_THROW(validate(bench_preset()));
  auto int4 = bench_preset();
  int4.precision = Precision::int4;
  EXPECT_NO_THROW(validate(int4));
}

TEST(SynthOptions, DefaultIsTinyAndSmall) {
  SynthOptions defaults;
  EXPECT_EQ(defaults.layers, tiny_preset().layers);
  EXPECT_EQ(defaults.vocab_size, tiny_preset().vocab_size);
  // "A few MB" at most: the test model must stay cheap to write and load.
  EXPECT_LT(weight_bytes(tiny_preset()), 4u << 20);
}

TEST(SynthOptions, BenchPresetStreamsHalfAGigabyteOfWeights) {
  const SynthOptions bench = bench_preset();
  EXPECT_GE(parameter_count(bench), 125'000'000u);
  EXPECT_GE(weight_bytes(bench), 500'000'000u);
  // 2048 wide, 8 layers, 5632 MLP, 32000 vocab, 4 KV heads of 64: counted by hand.
  EXPECT_EQ(parameter_count(bench), 483'428'352u);
}

TEST(SynthOptions, ParameterCountFollowsTheShape) {
  SynthOptions o;  // 2 layers, hidden 64, 4 heads x 16, 2 KV heads, MLP 192, vocab 512
  const std::uint64_t per_layer = 2 * 64 + 64 * 64 + 2 * 64 * 32 + 64 * 64 + 3 * 64 * 192;
  EXPECT_EQ(parameter_count(o), 512u * 64 + 2 * per_layer + 64 + 64 * 512);
  EXPECT_EQ(weight_bytes(o), 4 * parameter_count(o));
}

TEST(SynthOptions, Int4ShrinksProjectionsButKeepsTheEmbedding) {
  SynthOptions o = bench_preset();
  o.precision = Precision::int4;
  EXPECT_EQ(parameter_count(o), parameter_count(bench_preset()));
  // 4.5 bits per projection weight (nibble + a float scale per 32) against 32.
  EXPECT_LT(weight_bytes(o), weight_bytes(bench_preset()) / 3);
  EXPECT_GT(weight_bytes(o), 4u * 32000 * 2048);  // the fp32 embedding table
}

TEST(SynthOptions, HiddenMustEqualHeadsTimesHeadSize) {
  SynthOptions o;
  o.hidden_size = 96;
  expect_rejected(o, {"--hidden-size 96", "--heads 4", "--head-size 16"});
}

TEST(SynthOptions, HeadsMustBeAMultipleOfKvHeads) {
  SynthOptions o;
  o.num_kv_heads = 3;
  expect_rejected(o, {"--heads 4", "--kv-heads 3"});
}

TEST(SynthOptions, HeadSizeMustSuitGroupQueryAttention) {
  SynthOptions o;
  o.head_size = 8;
  o.num_heads = 8;
  expect_rejected(o, {"--head-size 8", "multiple of 16"});
  o.head_size = 17;
  o.num_heads = 1;
  o.num_kv_heads = 1;
  o.hidden_size = 17;
  expect_rejected(o, {"--head-size 17"});
}

TEST(SynthOptions, Int4NeedsWholeBlocks) {
  SynthOptions o;
  o.precision = Precision::int4;
  o.intermediate_size = 100;
  expect_rejected(o, {"--precision int4", "--intermediate-size 100"});
  o.intermediate_size = 96;
  EXPECT_NO_THROW(validate(o));
}

TEST(SynthOptions, RangesNameTheFlag) {
  SynthOptions o;
  o.layers = 0;
  expect_rejected(o, {"--layers 0"});
  o = SynthOptions{};
  o.vocab_size = kMinVocabSize - 1;
  expect_rejected(o, {"--vocab-size"});
  o = SynthOptions{};
  o.context_length = 4;
  expect_rejected(o, {"--context-length 4"});
}

TEST(SynthOptions, RefusesAbsurdSizes) {
  SynthOptions o = bench_preset();
  o.layers = 512;
  o.intermediate_size = 65536;
  expect_rejected(o, {"GiB", "reduce"});
}

TEST(SynthOptions, NamesParse) {
  EXPECT_EQ(preset_named("bench").hidden_size, 2048);
  EXPECT_EQ(preset_named("tiny").hidden_size, 64);
  EXPECT_THROW(preset_named("huge"), UsageError);
  EXPECT_EQ(parse_precision("int4"), Precision::int4);
  EXPECT_EQ(parse_precision("fp32"), Precision::fp32);
  EXPECT_EQ(to_string(Precision::int4), "int4");
  EXPECT_THROW(parse_precision("fp16"), UsageError);
}

}  // namespace
}  // namespace winml::synth

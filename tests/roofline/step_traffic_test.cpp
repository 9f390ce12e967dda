#include "roofline/step_traffic.h"

#include <gtest/gtest.h>

#include "roofline/bundle_model.h"
#include "synth/bundle_writer.h"
#include "test_support/temp_dir.h"

namespace winml::roofline {
namespace {

using synth::Precision;
using synth::SynthOptions;

// ---- Expected values, computed from the synth options alone ----------------------------------
// These restate what `winml bundle synth` writes (src/synth/decoder_builder.cpp) as arithmetic on
// the options, without reading any file: per layer two RMSNorm weights (hidden floats each) and
// seven projections (q, k, v, o, gate, up, down); the token embedding (vocab x hidden floats, a
// Gather table); a final norm; the lm_head projection; the rotary cos/sin tables
// (context_length x head_size / 2 floats each, read one position per token); and two int64
// constants of 8 bytes (the ReduceSum axes and the scalar 1 of the attention-mask arithmetic).
// An fp32 projection k x n is k*n floats; an int4 one is MatMulNBits with blocks of 32 along k:
// n * ceil(k/32) blocks of 16 packed bytes plus one float scale each, and no zero points.
std::uint64_t projection(std::int64_t k, std::int64_t n, Precision p) {
  const auto uk = static_cast<std::uint64_t>(k), un = static_cast<std::uint64_t>(n);
  if (p == Precision::fp32) return 4 * uk * un;
  const std::uint64_t blocks = (uk + 31) / 32;
  return un * blocks * 16 + un * blocks * 4;
}

struct Expected {
  std::uint64_t layers_bytes;  // every transformer layer and the final norm
  std::uint64_t embedding_bytes;
  std::uint64_t embedding_row_bytes;
  std::uint64_t lm_head_bytes;
  std::uint64_t rotary_bytes;
  std::uint64_t rotary_row_bytes;  // one position of both tables
  std::uint64_t constants_bytes;
  std::uint64_t macs_per_token;  // logical weights of every projection, lm_head included
  std::uint64_t kv_bytes_per_position;
};

Expected expected(const SynthOptions& o) {
  const std::int64_t h = o.hidden_size, q = o.num_heads * o.head_size, kv = o.num_kv_heads * o.head_size;
  const std::int64_t i = o.intermediate_size;
  const Precision p = o.precision;
  const auto u = [](std::int64_t v) { return static_cast<std::uint64_t>(v); };
  Expected e{};
  const std::uint64_t per_layer = 2 * 4 * u(h) + projection(h, q, p) + 2 * projection(h, kv, p) + projection(q, h, p) +
                                  2 * projection(h, i, p) + projection(i, h, p);
  e.layers_bytes = u(o.layers) * per_layer + 4 * u(h);
  e.embedding_bytes = 4 * u(o.vocab_size) * u(h);
  e.embedding_row_bytes = 4 * u(h);
  e.lm_head_bytes = projection(h, o.vocab_size, p);
  e.rotary_bytes = 2 * u(o.context_length) * u(o.head_size / 2) * 4;
  e.rotary_row_bytes = 2 * u(o.head_size / 2) * 4;
  e.constants_bytes = 16;
  e.macs_per_token =
      u(o.layers) * (u(h) * u(q) + 2 * u(h) * u(kv) + u(q) * u(h) + 3 * u(h) * u(i)) + u(h) * u(o.vocab_size);
  e.kv_bytes_per_position = u(o.layers) * u(o.num_kv_heads) * u(o.head_size) * 2 * 4;
  return e;
}

class StepTrafficTest : public ::testing::TestWithParam<Precision> {
 protected:
  SynthOptions options(bool pipeline) const {
    SynthOptions o;  // tiny, with dimensions that are not multiples of each other, so swaps show
    o.layers = 3;
    o.hidden_size = 96;
    o.num_heads = 6;
    o.num_kv_heads = 2;
    o.head_size = 16;
    o.intermediate_size = 160;
    o.vocab_size = 700;
    o.context_length = 64;
    o.precision = GetParam();
    o.pipeline = pipeline;
    return o;
  }
  BundleModel write_and_read(const SynthOptions& o) {
    synth::write_bundle(o, tmp_.path() / "b");
    return read_bundle_model(tmp_.path() / "b");
  }
  test::TempDir tmp_;
};

TEST_P(StepTrafficTest, PlainDecoderReadsEveryWeightButOneEmbeddingRowAndOneRotaryPosition) {
  const SynthOptions o = options(false);
  const Expected e = expected(o);
  const BundleModel model = write_and_read(o);
  const WeightBytes w = bundle_weight_bytes(model, Phase::token_gen);
  EXPECT_EQ(w.stored_bytes, e.layers_bytes + e.embedding_bytes + e.lm_head_bytes + e.rotary_bytes + e.constants_bytes);
  EXPECT_EQ(w.read_per_token_bytes,
            e.layers_bytes + e.embedding_row_bytes + e.lm_head_bytes + e.rotary_row_bytes + e.constants_bytes);
  EXPECT_EQ(w.row_tables_bytes, e.embedding_bytes + e.rotary_bytes);
  EXPECT_EQ(w.unused_bytes, 0u);
  EXPECT_EQ(bundle_weight_macs_per_token(model, Phase::prompt), e.macs_per_token);
  EXPECT_EQ(kv_bytes_per_position(model.attention), e.kv_bytes_per_position);
  // The synthetic weights are exactly what synth says it writes, plus the derived tables.
  EXPECT_EQ(w.stored_bytes, synth::weight_bytes(o) + e.rotary_bytes + e.constants_bytes);
}

// A pipeline runs ctx for the prompt and iter for each token: a decode step reads the same bytes
// as the plain decoder, while memory holds both copies of the transformer.
TEST_P(StepTrafficTest, PipelineReadsTheTokenStagesAndHoldsBothTransformerCopies) {
  const SynthOptions o = options(true);
  const Expected e = expected(o);
  const BundleModel model = write_and_read(o);
  ASSERT_EQ(model.stages.size(), 4u);
  const std::uint64_t transformer = e.layers_bytes + e.rotary_bytes + e.constants_bytes;
  EXPECT_EQ(bundle_weight_bytes(model, Phase::token_gen).read_per_token_bytes,
            e.layers_bytes + e.embedding_row_bytes + e.lm_head_bytes + e.rotary_row_bytes + e.constants_bytes);
  EXPECT_EQ(bundle_weight_bytes(model, Phase::any).stored_bytes, e.embedding_bytes + 2 * transformer + e.lm_head_bytes);
  EXPECT_EQ(bundle_weight_macs_per_token(model, Phase::prompt), e.macs_per_token);
  EXPECT_EQ(bundle_weight_macs_per_token(model, Phase::token_gen), e.macs_per_token);
}

INSTANTIATE_TEST_SUITE_P(Precisions, StepTrafficTest, ::testing::Values(Precision::fp32, Precision::int4),
                         [](const auto& info) { return std::string(synth::to_string(info.param)); });

NodeFact node(std::string op_type, std::vector<std::string> inputs, std::string domain = "") {
  return {std::move(op_type), std::move(domain), std::move(inputs), {}, {}, false};
}

TEST(WeightBytes, ATableIsReadOneRowOnlyWhenEveryUseIsAGatherAlongAxisZero) {
  OnnxGraphFacts g;
  g.initializers = {{"rows", 1, {10, 8}}, {"shared", 1, {10, 8}}, {"by_column", 1, {10, 8}}, {"idle", 1, {3}}};
  g.nodes = {node("Gather", {"rows", "ids"}), node("Gather", {"rows", "ids2"}), node("Gather", {"shared", "ids"}),
             node("MatMul", {"x", "shared"}), node("Gather", {"by_column", "ids"})};
  g.nodes.back().int_attributes["axis"] = 1;
  const WeightBytes w = weight_bytes(g);
  EXPECT_EQ(w.stored_bytes, 3 * 320u + 12u);
  EXPECT_EQ(w.read_per_token_bytes, 32u + 320u + 320u);  // one row of "rows"; "shared" and "by_column" whole
  EXPECT_EQ(w.row_tables_bytes, 320u);
  EXPECT_EQ(w.unused_bytes, 12u);
}

TEST(WeightBytes, Int4TensorsCountAtTheirPackedSize) {
  OnnxGraphFacts g;
  g.initializers = {{"w4", 22, {64, 33}}, {"zp", 21, {64, 3}}};
  g.nodes = {node("MatMul", {"x", "w4"}), node("Add", {"x", "zp"})};
  EXPECT_EQ(weight_bytes(g).read_per_token_bytes, 64u * 33 / 2 + 64u * 3 / 2);
}

TEST(WeightMacs, CountedPerUseFromShapesOrMatMulNBitsAttributes) {
  OnnxGraphFacts g;
  g.initializers = {{"w", 1, {6, 5}}, {"q", 2, {7, 1, 16}}};
  g.nodes = {node("MatMul", {"x", "w"}), node("Gemm", {"y", "w"}), node("MatMul", {"w", "x"}),
             node("MatMulNBits", {"x", "q"}, "com.microsoft")};
  g.nodes.back().int_attributes = {{"K", 20}, {"N", 7}};
  EXPECT_EQ(weight_macs_per_token(g), 30u + 30u + 140u);  // the weight as input 0 is not a weight use
}

TEST(PrefillFlops, WeightsTimesTokensPlusCausalAttention) {
  AttentionShape a{2, 4, 2, 8, 1};
  // 3 tokens after 5 in the cache: query i scores 5 + i keys, 6 + 7 + 8 = 21 in all.
  const PrefillFlops f = prefill_flops(1000, a, 3, 5);
  EXPECT_DOUBLE_EQ(f.weight_flops, 2.0 * 1000 * 3);
  EXPECT_DOUBLE_EQ(f.attention_flops, 4.0 * 2 * 4 * 8 * 21);
  EXPECT_DOUBLE_EQ(f.total(), f.weight_flops + f.attention_flops);
  EXPECT_DOUBLE_EQ(prefill_flops(1000, a, 0).total(), 0);
}

}  // namespace
}  // namespace winml::roofline

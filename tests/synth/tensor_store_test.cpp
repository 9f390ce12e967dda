#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "synth/tensor_store.h"
#include "test_support/file_bytes.h"
#include "test_support/temp_dir.h"

namespace winml::synth {
namespace {

namespace fs = std::filesystem;

std::string entry(const onnx::TensorProto& t, const std::string& key) {
  for (const auto& e : t.external_data())
    if (e.key() == key) return e.value();
  return "";
}

TEST(TensorStore, InlineStoreKeepsBytesInTheProto) {
  TensorStore store;
  EXPECT_FALSE(store.external());
  std::vector<float> values(1000, 2.5f);
  auto t = store.add("w", {10, 100}, values);
  EXPECT_EQ(t.raw_data().size(), 4000u);
  EXPECT_EQ(t.data_location(), onnx::TensorProto_DataLocation_DEFAULT);
  EXPECT_EQ(t.dims(1), 100);
  store.commit();  // nothing to do, and no error
}

TEST(TensorStore, ExternalStoreWritesAlignedRangesOnCommit) {
  test::TempDir dir;
  std::vector<float> a(300, 1.0f), b(700, -3.0f), small(4, 7.0f);
  {
    TensorStore store(dir.path(), "m.onnx.data");
    auto ta = store.add("a", {300}, a);
    auto tb = store.add("b", {700}, b);
    auto ts = store.add("s", {4}, small);
    EXPECT_FALSE(fs::exists(dir.path() / "m.onnx.data")) << "visible before commit";
    store.commit();

    EXPECT_EQ(ts.raw_data().size(), 16u) << "tiny tensors stay inline";
    EXPECT_EQ(ta.data_location(), onnx::TensorProto_DataLocation_EXTERNAL);
    EXPECT_EQ(entry(ta, "location"), "m.onnx.data");
    const std::string data = test::read_file_bytes(dir.path() / "m.onnx.data");
    for (const auto* t : {&ta, &tb}) {
      const std::size_t offset = std::stoull(entry(*t, "offset"));
      const std::size_t length = std::stoull(entry(*t, "length"));
      EXPECT_EQ(offset % TensorStore::kAlignment, 0u);
      ASSERT_LE(offset + length, data.size());
      const auto& src = t == &ta ? a : b;
      EXPECT_EQ(data.compare(offset, length, reinterpret_cast<const char*>(src.data()), length), 0);
    }
  }
  // Only the committed file remains: no temporary leftovers.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(TensorStore, UncommittedStoreLeavesNothingBehind) {
  test::TempDir dir;
  {
    TensorStore store(dir.path(), "x.data");
    store.add("a", {1000}, std::vector<float>(1000, 1.0f));
  }
  EXPECT_TRUE(fs::is_empty(dir.path()));
}

}  // namespace
}  // namespace winml::synth

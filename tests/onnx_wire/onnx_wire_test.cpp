// The protobuf wire reader on hand-written bytes: each wire type, nesting by end offset, strings,
// and the corruptions a truncated or garbled model file shows.
#include "onnx_wire/onnx_wire.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "test_support/temp_dir.h"

namespace winml::onnx_wire {
namespace {

class WireReaderTest : public ::testing::Test {
 protected:
  std::filesystem::path write(const std::string& bytes) {
    const std::filesystem::path path = dir_.path() / "model.onnx";
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
  test::TempDir dir_;
};

TEST_F(WireReaderTest, ReadsEachWireTypeInOrder) {
  // field 1 varint 300 (ac 02), field 2 fixed64, field 3 "abc", field 4 fixed32
  const std::string bytes = std::string("\x08\xac\x02", 3) + std::string("\x11", 1) + std::string(8, 'x') +
                            std::string(
                                "\x1a\x03"
                                "abc",
                                5) +
                            std::string("\x25", 1) + std::string(4, 'y');
  WireReader reader(write(bytes));
  ASSERT_TRUE(reader.ok()) << reader.error();
  EXPECT_EQ(reader.size(), bytes.size());

  auto f = reader.next(reader.size());
  ASSERT_TRUE(f);
  EXPECT_EQ(f->number, 1u);
  EXPECT_EQ(f->type, WireType::varint);
  EXPECT_EQ(f->value, 300u);

  f = reader.next(reader.size());
  ASSERT_TRUE(f);
  EXPECT_EQ(f->number, 2u);
  EXPECT_EQ(f->type, WireType::fixed64);
  EXPECT_EQ(reader.position(), 12u);  // next() consumed the 8 bytes
  ASSERT_TRUE(reader.skip(*f));       // and skip stays there: it must not rewind to offset 0
  EXPECT_EQ(reader.position(), 12u);

  f = reader.next(reader.size());
  ASSERT_TRUE(f);
  EXPECT_EQ(f->number, 3u);
  EXPECT_EQ(f->type, WireType::length_delimited);
  EXPECT_EQ(f->end - f->start, 3u);
  EXPECT_EQ(reader.read_string(*f), "abc");

  f = reader.next(reader.size());
  ASSERT_TRUE(f);
  EXPECT_EQ(f->number, 4u);
  EXPECT_EQ(f->type, WireType::fixed32);
  ASSERT_TRUE(reader.skip(*f));
  EXPECT_EQ(reader.position(), reader.size());

  EXPECT_FALSE(reader.next(reader.size()));
  EXPECT_TRUE(reader.ok()) << reader.error();
}

TEST_F(WireReaderTest, ANestedMessageEndsAtItsEndOffset) {
  // field 7 (a message of 2 bytes: field 1 varint 5), then field 8 varint 1
  WireReader reader(write(std::string("\x3a\x02\x08\x05\x40\x01", 6)));
  auto outer = reader.next(reader.size());
  ASSERT_TRUE(outer);
  ASSERT_EQ(outer->number, 7u);
  auto inner = reader.next(outer->end);
  ASSERT_TRUE(inner);
  EXPECT_EQ(inner->value, 5u);
  EXPECT_FALSE(reader.next(outer->end));  // the message is done
  auto after = reader.next(reader.size());
  ASSERT_TRUE(after);
  EXPECT_EQ(after->number, 8u);
  EXPECT_TRUE(reader.ok()) << reader.error();
}

TEST_F(WireReaderTest, ATruncatedNumberIsAnErrorNotAnEnd) {
  WireReader reader(write(std::string("\x08\xac", 2)));
  EXPECT_FALSE(reader.next(reader.size()));
  EXPECT_FALSE(reader.ok());
  EXPECT_NE(reader.error().find("ends inside a number"), std::string::npos) << reader.error();
}

TEST_F(WireReaderTest, APayloadPastTheEndOfTheFileIsAnError) {
  WireReader reader(
      write(std::string("\x1a\x10"
                        "ab",
                        4)));  // says 16 bytes, has 2
  EXPECT_FALSE(reader.next(reader.size()));
  EXPECT_FALSE(reader.ok());
  EXPECT_NE(reader.error().find("claims 16 bytes but only 2 remain"), std::string::npos) << reader.error();
}

TEST_F(WireReaderTest, GroupsAndFieldZeroAreCorruption) {
  WireReader group(write(std::string("\x0b", 1)));  // field 1, wire type 3 (start group)
  EXPECT_FALSE(group.next(group.size()));
  EXPECT_FALSE(group.ok());

  WireReader zero(write(std::string("\x00\x01", 2)));  // field number 0
  EXPECT_FALSE(zero.next(zero.size()));
  EXPECT_NE(zero.error().find("invalid field number"), std::string::npos) << zero.error();
}

TEST_F(WireReaderTest, AMissingFileSaysSo) {
  WireReader reader(dir_.path() / "absent.onnx");
  EXPECT_FALSE(reader.ok());
  EXPECT_FALSE(reader.error().empty());
}

}  // namespace
}  // namespace winml::onnx_wire

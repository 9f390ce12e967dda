#include "onnx_wire/onnx_wire.h"

#include <cstring>

#include <fmt/format.h>

#include "platform/read_file.h"

namespace winml::onnx_wire {

WireReader::WireReader(const std::filesystem::path& path) {
  // Only a regular file is scanned: a FIFO would block the scan and /dev/zero never end it.
  platform::FileRead why;
  file_ = platform::open_regular_file(path, why);
  if (file_ == nullptr) {
    fail(why.problem == platform::ReadProblem::unreadable ? "cannot open it: " + why.reason
                                                          : platform::read_problem_text(path, why, 0, "an ONNX model"));
    return;
  }
  if (::fseeko(file_, 0, SEEK_END) != 0 || ::ftello(file_) < 0) {
    fail("cannot determine its size");
    return;
  }
  size_ = static_cast<std::uint64_t>(::ftello(file_));
  seek(0);
}

WireReader::~WireReader() {
  if (file_ != nullptr) std::fclose(file_);
}

bool WireReader::fail(std::string message) {
  if (error_.empty()) error_ = std::move(message);
  return false;
}

bool WireReader::seek(std::uint64_t offset) {
  if (offset > size_) return fail(fmt::format("a field runs past the end of the file at offset {}", offset));
  if (::fseeko(file_, static_cast<off_t>(offset), SEEK_SET) != 0) return fail("seek failed");
  pos_ = offset;
  return true;
}

bool WireReader::read_varint(std::uint64_t& value) {
  value = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    int c = std::fgetc(file_);
    if (c == EOF) return fail(fmt::format("the file ends inside a number at offset {}", pos_));
    ++pos_;
    value |= static_cast<std::uint64_t>(c & 0x7f) << shift;
    if ((c & 0x80) == 0) return true;
  }
  return fail(fmt::format("a number longer than 10 bytes at offset {}", pos_));
}

std::optional<WireField> WireReader::next(std::uint64_t end) {
  if (!ok() || pos_ == end) return std::nullopt;
  if (pos_ > end) {
    fail(fmt::format("a field overruns its message at offset {}", pos_));
    return std::nullopt;
  }
  std::uint64_t tag = 0;
  if (!read_varint(tag)) return std::nullopt;
  WireField field;
  field.number = static_cast<std::uint32_t>(tag >> 3);
  const auto type = static_cast<unsigned>(tag & 7);
  if (field.number == 0 || (tag >> 3) > 0x1fffffff) {
    fail(fmt::format("an invalid field number at offset {}", pos_));
    return std::nullopt;
  }
  std::uint64_t width = 0;
  switch (type) {
    case 0:
      field.type = WireType::varint;
      if (!read_varint(field.value)) return std::nullopt;
      break;
    case 1:
      field.type = WireType::fixed64;
      width = 8;
      break;
    case 5:
      field.type = WireType::fixed32;
      width = 4;
      break;
    case 2: {
      field.type = WireType::length_delimited;
      std::uint64_t length = 0;
      if (!read_varint(length)) return std::nullopt;
      field.start = pos_;
      if (length > end - pos_) {
        fail(fmt::format("field {} at offset {} claims {} bytes but only {} remain", field.number, pos_, length,
                         end - pos_));
        return std::nullopt;
      }
      field.end = pos_ + length;
      return field;
    }
    default:
      fail(fmt::format("wire type {} (not used by ONNX) at offset {}", type, pos_));
      return std::nullopt;
  }
  if (width > 0) {
    if (width > end - pos_) {
      fail(fmt::format("a fixed-width field runs past its message at offset {}", pos_));
      return std::nullopt;
    }
    if (!seek(pos_ + width)) return std::nullopt;
  }
  if (pos_ > end) {
    fail(fmt::format("a field overruns its message at offset {}", pos_));
    return std::nullopt;
  }
  return field;
}

bool WireReader::skip(const WireField& field) {
  // next() already consumed a varint or fixed-width payload and such a field has no end offset:
  // seeking to it would rewind to the file's start. Callers skip only length-delimited fields
  // today; this keeps a caller that forgets from scanning the file again.
  if (field.type != WireType::length_delimited) return ok();
  return seek(field.end);
}

std::optional<std::string> WireReader::read_string(const WireField& field, std::size_t max_bytes) {
  const std::uint64_t length = field.end - field.start;
  if (length > max_bytes) {
    skip(field);
    return std::nullopt;
  }
  std::string out(static_cast<std::size_t>(length), '\0');
  if (length > 0 && std::fread(out.data(), 1, out.size(), file_) != out.size()) {
    fail(fmt::format("cannot read {} bytes at offset {}", length, pos_));
    return std::nullopt;
  }
  pos_ += length;
  return out;
}

}  // namespace winml::onnx_wire

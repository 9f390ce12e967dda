#pragma once
/// \file
/// A streaming reader of the protobuf wire format, enough to walk an ONNX file's fields without
/// linking the ONNX protobuf library into winml_core. It reads field headers and seeks over
/// payloads, so a 2 GB model with embedded weights is checked with a few thousand small reads.

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

namespace winml::onnx_wire {

/// Protobuf wire types (groups, 3 and 4, are not used by ONNX and count as corruption).
enum class WireType : std::uint8_t { varint = 0, fixed64 = 1, length_delimited = 2, fixed32 = 5 };

/// One field header. For length-delimited fields the payload starts at `start` and ends at `end`;
/// it has not been read.
struct WireField {
  std::uint32_t number = 0;
  WireType type = WireType::varint;
  std::uint64_t value = 0;  ///< the value of a varint field
  std::uint64_t start = 0;  ///< payload offset (length-delimited)
  std::uint64_t end = 0;    ///< offset just past the payload (length-delimited)
};

/// Reads fields of one file. Every method returns false (and sets error()) on malformed input;
/// nothing throws.
class WireReader {
 public:
  /// Opens the file; check ok() before use.
  explicit WireReader(const std::filesystem::path& path);
  ~WireReader();
  WireReader(const WireReader&) = delete;
  WireReader& operator=(const WireReader&) = delete;

  /// False when the file could not be opened or a read failed; error() says why.
  bool ok() const { return error_.empty(); }
  /// What went wrong first.
  const std::string& error() const { return error_; }
  /// Size of the file in bytes.
  std::uint64_t size() const { return size_; }
  /// Current offset.
  std::uint64_t position() const { return pos_; }

  /// Reads the next field header that lies before `end`. Returns nullopt at `end` exactly, or on
  /// corruption (then ok() is false). Fixed-width payloads are skipped; varints are read into value.
  std::optional<WireField> next(std::uint64_t end);
  /// Moves to the end of a length-delimited field's payload; for any other field (whose payload
  /// next() consumed) it stays where it is.
  bool skip(const WireField& field);
  /// Reads a length-delimited payload as bytes when it is at most max_bytes long, else skips it and
  /// returns nullopt (ok() stays true).
  std::optional<std::string> read_string(const WireField& field, std::size_t max_bytes = 4096);

 private:
  bool fail(std::string message);
  bool read_varint(std::uint64_t& value);
  bool seek(std::uint64_t offset);

  std::FILE* file_ = nullptr;
  std::uint64_t size_ = 0;
  std::uint64_t pos_ = 0;
  std::string error_;
};

}  // namespace winml::onnx_wire

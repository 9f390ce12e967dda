#include "tensor_files/value_protos.h"

// onnx_pb.h defines the ONNX_API macro that onnx-data.pb.h uses, so it comes first.
#include <onnx/onnx_pb.h>
// (kept apart so that include sorting keeps the order)
#include <onnx/onnx-data.pb.h>

#include <cstring>
#include <functional>
#include <limits>
#include <optional>
#include <string_view>

#include "engine/element_types.h"
#include "generated_inputs/input_shapes.h"
#include "platform/read_file.h"
#include "winml/errors.h"

namespace winml::tensor_files {
namespace {

namespace fs = std::filesystem;
using engine::ElementType;
using engine::HostValue;
using engine::TensorInfo;
using engine::ValueKind;

// Where a value sits, for messages: "FILE (input 'x')" or "FILE (input 'x', element 2)".
struct Where {
  const fs::path& file;
  const char* role;  // "input" or "output"
  const std::string& name;
  std::string element;
  std::string text() const { return file.string() + " (" + role + " '" + name + "'" + element + ")"; }
};

// Stores each entry of a typed repeated field as `width` little-endian bytes (truncating, as ONNX
// keeps narrow types widened in int32_data).
template <class Field>
std::vector<std::byte> narrow_field(const Field& field, std::size_t width) {
  std::vector<std::byte> data(static_cast<std::size_t>(field.size()) * width);
  for (int i = 0; i < field.size(); ++i) {
    auto value = static_cast<std::uint64_t>(field.Get(i));
    std::memcpy(data.data() + static_cast<std::size_t>(i) * width, &value, width);  // little-endian hosts
  }
  return data;
}

template <class T, class Field>
std::vector<std::byte> copy_field(const Field& field) {
  std::vector<std::byte> data(static_cast<std::size_t>(field.size()) * sizeof(T));
  for (int i = 0; i < field.size(); ++i) {
    T value = field.Get(i);
    std::memcpy(data.data() + static_cast<std::size_t>(i) * sizeof(T), &value, sizeof(T));
  }
  return data;
}

// The field of its type that ONNX assigns, when raw_data is not used.
std::vector<std::byte> typed_field_bytes(const onnx::TensorProto& proto, ElementType type) {
  switch (type) {
    case ElementType::float32:
      return copy_field<float>(proto.float_data());
    case ElementType::float64:
      return copy_field<double>(proto.double_data());
    case ElementType::int64:
      return copy_field<std::int64_t>(proto.int64_data());
    case ElementType::uint32:
      return narrow_field(proto.uint64_data(), 4);
    case ElementType::uint64:
      return copy_field<std::uint64_t>(proto.uint64_data());
    default: {
      // int32_data: one element per entry, or for the 4-bit types one packed byte per entry.
      const int bits = engine::element_bits(type);
      return narrow_field(proto.int32_data(), bits >= 8 ? static_cast<std::size_t>(bits / 8) : 1);
    }
  }
}

// The bytes `dims` of `type` take; the largest value when that does not fit 64 bits.
std::uint64_t dims_bytes(ElementType type, const std::vector<std::int64_t>& dims) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t count = 1;
  for (auto dim : dims) {
    const auto size = static_cast<std::uint64_t>(dim);
    if (size != 0 && count > kMax / size) return kMax;
    count *= size;
  }
  return count > kMax / 64 ? kMax : engine::tensor_byte_size(type, count);
}

// The bytes of a tensor kept in a file beside this one (data_location EXTERNAL). The location must
// be a relative path inside the folder: a data file may not read elsewhere on the machine.
// At most `expected` bytes (what the dims take) are read.
std::vector<std::byte> external_bytes(const onnx::TensorProto& proto, const Where& where, std::uint64_t expected) {
  std::string location;
  std::uint64_t offset = 0;
  std::optional<std::uint64_t> length;
  for (const auto& entry : proto.external_data()) {
    try {
      if (entry.key() == "location") location = entry.value();
      if (entry.key() == "offset") offset = std::stoull(entry.value());
      if (entry.key() == "length") length = std::stoull(entry.value());
    } catch (const std::exception&) {
      throw UsageError(where.text() + ": external data " + entry.key() + " '" + entry.value() + "' is not a number.");
    }
  }
  const fs::path relative(location);
  bool escapes = location.empty() || relative.is_absolute();
  for (const auto& part : relative) escapes = escapes || part == "..";
  if (escapes) {
    throw UsageError(where.text() + ": external data location '" + location +
                     "' must be a file name relative to the tensor's folder.");
  }
  const fs::path path = where.file.parent_path() / relative;
  // No more than the dims say is ever read, and only from a regular file (a FIFO, /dev/zero or a
  // sparse file of terabytes is refused before a byte is read).
  const platform::FileRead read =
      platform::read_file_bounded(path, {.max_bytes = expected, .offset = offset, .length = length});
  if (read.problem == platform::ReadProblem::too_large) {
    throw UsageError(where.text() + ": its external data in " + path.string() +
                     " is larger than the dims say; the file is corrupt.");
  }
  if (read.problem == platform::ReadProblem::short_file) {
    throw UsageError(where.text() + ": external data runs past the end of " + path.string() + ".");
  }
  if (read.problem != platform::ReadProblem::none) {
    throw UsageError(where.text() + ": cannot read its external data: " +
                     platform::read_problem_text(path, read, expected, "external data") + ".");
  }
  std::vector<std::byte> data(read.bytes.size());
  if (!data.empty()) std::memcpy(data.data(), read.bytes.data(), data.size());
  return data;
}

engine::HostTensor convert_tensor(const onnx::TensorProto& proto, const TensorInfo& info, const Where& where) {
  auto type = engine::element_type_from_onnx(proto.data_type());
  // numpy has no bfloat16, so tools built on it (ONNX's own test data among them) write bfloat16
  // tensors as uint16 holding the same bits: taken as bfloat16 where the model wants that.
  if (type == ElementType::uint16 && info.type == ElementType::bfloat16) type = ElementType::bfloat16;
  if (info.type == ElementType::other) {
    throw UsageError(where.text() + ": the model's type there is " + info.type_name + ", which winml cannot hold.");
  }
  if (!type || *type != info.type) {
    throw UsageError(where.text() + " holds a tensor of " + engine::onnx_type_name(proto.data_type()) +
                     " but the model takes " + info.type_name + ".");
  }
  engine::HostTensor tensor{info.name, *type, {proto.dims().begin(), proto.dims().end()}, {}, {}};
  for (auto dim : tensor.shape) {
    if (dim < 0) throw UsageError(where.text() + ": dim " + std::to_string(dim) + " is negative; the file is corrupt.");
  }
  // Counted against the bytes present, so the huge dims of a corrupt file cannot overflow.
  const bool external = proto.data_location() == onnx::TensorProto::EXTERNAL;
  if (*type == ElementType::string) {
    if (proto.has_raw_data() || external)
      throw UsageError(where.text() + ": a string tensor keeps its text in string_data.");
    tensor.strings.assign(proto.string_data().begin(), proto.string_data().end());
  } else if (external) {
    tensor.data = external_bytes(proto, where, dims_bytes(*type, tensor.shape));
  } else if (proto.has_raw_data()) {
    const auto& raw = proto.raw_data();
    tensor.data.resize(raw.size());
    // memcpy from or to null is undefined even for 0 bytes (found by tensor_proto_fuzzer).
    if (!raw.empty()) std::memcpy(tensor.data.data(), raw.data(), raw.size());
  } else {
    tensor.data = typed_field_bytes(proto, *type);
  }
  const std::uint64_t present = *type == ElementType::string ? tensor.strings.size() : tensor.data.size();
  std::uint64_t count = 1;
  for (auto dim : tensor.shape) {
    const auto size = static_cast<std::uint64_t>(dim);
    count = size == 0 || count <= (present * 2 + 2) / size ? count * size : present * 2 + 3;
  }
  const std::uint64_t expected = *type == ElementType::string ? count : engine::tensor_byte_size(*type, count);
  if (expected != present)
    throw UsageError(where.text() + ": the data size does not match the dims; the file is corrupt.");
  return tensor;
}

HostValue convert_sequence(const onnx::SequenceProto& proto, const TensorInfo& info, const Where& where);
HostValue convert_optional(const onnx::OptionalProto& proto, const TensorInfo& info, const Where& where);

// A value inside a sequence or optional: must be of the kind the model's type says.
HostValue contained_value(int elem_type, const TensorInfo& element, const Where& where,
                          const std::function<HostValue(ValueKind)>& convert) {
  const ValueKind given = elem_type == onnx::SequenceProto::TENSOR     ? ValueKind::tensor
                          : elem_type == onnx::SequenceProto::SEQUENCE ? ValueKind::sequence
                          : elem_type == onnx::SequenceProto::OPTIONAL ? ValueKind::optional
                                                                       : ValueKind::other;
  if (given != element.kind || given == ValueKind::other) {
    throw UsageError(where.text() + " does not hold the " + element.type_name + " the model takes there.");
  }
  return convert(given);
}

HostValue convert_sequence(const onnx::SequenceProto& proto, const TensorInfo& info, const Where& where) {
  HostValue value{info.name, ValueKind::sequence, {}, {}};
  const TensorInfo& element = info.contained.front();
  const int count = proto.tensor_values_size() + proto.sequence_values_size() + proto.optional_values_size();
  // Found here, before any run, rather than by ONNX Runtime (docs/limits.md: a usage check).
  if (count == 0 && std::string_view(where.role) == "input") {
    throw UsageError(where.text() +
                     " is an empty sequence, which ONNX Runtime's API cannot create: a sequence input needs at "
                     "least one element. Add one to the file.");
  }
  for (int i = 0; i < count; ++i) {
    Where inner{where.file, where.role, where.name, where.element + ", element " + std::to_string(i)};
    value.elements.push_back(contained_value(proto.elem_type(), element, inner, [&](ValueKind kind) {
      // Element i is read from the field elem_type names, but counted among the values of all
      // three: values kept in another field would read past that field's end (found by
      // tensor_proto_fuzzer: a crash on a TENSOR sequence holding sequence_values).
      const int held = kind == ValueKind::tensor     ? proto.tensor_values_size()
                       : kind == ValueKind::sequence ? proto.sequence_values_size()
                                                     : proto.optional_values_size();
      if (i >= held) {
        throw UsageError(inner.text() + ": the sequence keeps elements in a field other than the one its elem_type " +
                         "names; the file is corrupt. Regenerate it with onnx.numpy_helper.from_list.");
      }
      TensorInfo named = element;
      named.name = info.name;
      if (kind == ValueKind::tensor)
        return HostValue{info.name, kind, convert_tensor(proto.tensor_values(i), named, inner), {}};
      if (kind == ValueKind::sequence) return convert_sequence(proto.sequence_values(i), named, inner);
      return convert_optional(proto.optional_values(i), named, inner);
    }));
  }
  return value;
}

HostValue convert_optional(const onnx::OptionalProto& proto, const TensorInfo& info, const Where& where) {
  HostValue value{info.name, ValueKind::optional, {}, {}};
  if (proto.elem_type() == onnx::OptionalProto::UNDEFINED) return value;  // None
  const TensorInfo& element = info.contained.front();
  value.elements.push_back(contained_value(proto.elem_type(), element, where, [&](ValueKind kind) {
    TensorInfo named = element;
    named.name = info.name;
    if (kind == ValueKind::tensor)
      return HostValue{info.name, kind, convert_tensor(proto.tensor_value(), named, where), {}};
    if (kind == ValueKind::sequence) return convert_sequence(proto.sequence_value(), named, where);
    throw UsageError(where.text() + ": an optional inside an optional cannot be fed.");
  }));
  return value;
}

template <class Proto>
Proto parse(const std::string& bytes, const fs::path& file, const char* what) {
  Proto proto;
  if (!proto.ParseFromString(bytes)) {
    throw UsageError(file.string() + " is not a serialized ONNX " + what +
                     ". Regenerate it with onnx.numpy_helper (from_array, from_list or from_optional).");
  }
  return proto;
}

}  // namespace

std::string proto_name(const std::string& bytes, const TensorInfo& info, const fs::path& file) {
  switch (info.kind) {
    case ValueKind::sequence:
      return parse<onnx::SequenceProto>(bytes, file, "SequenceProto").name();
    case ValueKind::optional:
      return parse<onnx::OptionalProto>(bytes, file, "OptionalProto").name();
    default:
      return parse<onnx::TensorProto>(bytes, file, "TensorProto").name();
  }
}

HostValue parse_value(const std::string& bytes, const TensorInfo& info, const fs::path& file, ValueRole role) {
  const Where where{file, role == ValueRole::input ? "input" : "output", info.name, ""};
  switch (info.kind) {
    case ValueKind::tensor: {
      HostValue value{info.name,
                      ValueKind::tensor,
                      convert_tensor(parse<onnx::TensorProto>(bytes, file, "TensorProto"), info, where),
                      {}};
      // An expected output's shape is compared with the actual one instead (validation).
      if (role == ValueRole::input) generated_inputs::require_shape_fits(info, value.tensor.shape, file.string());
      return value;
    }
    case ValueKind::sequence:
      return convert_sequence(parse<onnx::SequenceProto>(bytes, file, "SequenceProto"), info, where);
    case ValueKind::optional:
      return convert_optional(parse<onnx::OptionalProto>(bytes, file, "OptionalProto"), info, where);
    case ValueKind::other:
      break;
  }
  throw UsageError(where.text() + ": the model takes a " + info.type_name + ", which winml cannot feed.");
}

}  // namespace winml::tensor_files

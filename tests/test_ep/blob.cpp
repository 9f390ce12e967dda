#include "blob.h"

#include <cstdint>
#include <cstdio>
#include <stdexcept>

namespace winml_test_ep {
namespace {

constexpr std::string_view kHeader = "winml-test-ep-context 1\n";
constexpr std::string_view kChecksumTag = "checksum ";
constexpr std::size_t kChecksumLine = 9 + 16 + 1;  // tag, 16 hex digits, newline

uint64_t fnv1a(std::string_view bytes) {
  uint64_t hash = 14695981039346656037ULL;
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= 1099511628211ULL;
  }
  return hash;
}

std::string hex16(uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

[[noreturn]] void corrupt(const std::string& why) { throw std::invalid_argument("corrupt EPContext blob: " + why); }

void put_count(std::string& out, std::size_t count) { out += std::to_string(count) + "\n"; }

void put_string(std::string& out, const std::string& text) { out += std::to_string(text.size()) + ":" + text + "\n"; }

void put_list(std::string& out, const std::vector<std::string>& items) {
  put_count(out, items.size());
  for (const auto& item : items) put_string(out, item);
}

// Reads the body; every read checks the bytes left, so no input can make it read out of bounds.
class Reader {
 public:
  explicit Reader(std::string_view body) : rest_(body) {}

  bool done() const { return rest_.empty(); }

  // A decimal number ended by `end`; capped so a forged count cannot ask for a huge allocation.
  std::size_t number(char end) {
    std::size_t value = 0;
    std::size_t digits = 0;
    while (digits < rest_.size() && rest_[digits] >= '0' && rest_[digits] <= '9') {
      if (digits == 9) corrupt("number too long");
      value = value * 10 + static_cast<std::size_t>(rest_[digits] - '0');
      ++digits;
    }
    if (digits == 0 || digits >= rest_.size() || rest_[digits] != end) corrupt("malformed number");
    rest_.remove_prefix(digits + 1);
    return value;
  }

  std::size_t count() {
    const std::size_t value = number('\n');
    if (value > rest_.size()) corrupt("count larger than the blob");
    return value;
  }

  std::string string() {
    const std::size_t length = number(':');
    if (length >= rest_.size() || rest_[length] != '\n') corrupt("string runs past its end");
    std::string text(rest_.substr(0, length));
    rest_.remove_prefix(length + 1);
    return text;
  }

  std::vector<std::string> list() {
    std::vector<std::string> items(count());
    for (auto& item : items) item = string();
    return items;
  }

 private:
  std::string_view rest_;
};

}  // namespace

std::string encode(const Program& program) {
  std::string out(kHeader);
  put_list(out, program.inputs);
  put_list(out, program.outputs);
  put_count(out, program.nodes.size());
  for (const ProgramNode& node : program.nodes) {
    put_string(out, node.op_type);
    put_list(out, node.inputs);
    put_list(out, node.outputs);
  }
  out += std::string(kChecksumTag) + hex16(fnv1a(out)) + "\n";
  return out;
}

Program decode(std::string_view blob) {
  if (blob.substr(0, kHeader.size()) != kHeader) corrupt("missing the winml-test-ep-context header");
  if (blob.size() < kHeader.size() + kChecksumLine) corrupt("too short");
  const std::string_view signed_part = blob.substr(0, blob.size() - kChecksumLine);
  const std::string_view trailer = blob.substr(signed_part.size());
  if (trailer != std::string(kChecksumTag) + hex16(fnv1a(signed_part)) + "\n") corrupt("checksum mismatch");

  Reader reader(signed_part.substr(kHeader.size()));
  Program program;
  try {
    program.inputs = reader.list();
    program.outputs = reader.list();
    program.nodes.resize(reader.count());
    for (ProgramNode& node : program.nodes) {
      node.op_type = reader.string();
      node.inputs = reader.list();
      node.outputs = reader.list();
    }
    if (!reader.done()) corrupt("trailing bytes");
    validate(program);
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    if (what.rfind("corrupt EPContext blob: ", 0) == 0) throw;
    corrupt(what);
  }
  return program;
}

}  // namespace winml_test_ep

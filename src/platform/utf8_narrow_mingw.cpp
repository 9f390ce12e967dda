// mingw-w64 only. std::filesystem::path converts between its native UTF-16 and narrow strings
// with the C library's mbrtowc/wcrtomb; mingw's versions use the C runtime's locale, which in the
// "C" locale maps bytes to code points 0-255 and refuses anything above. winml's narrow strings
// are UTF-8 everywhere, so any path turned into text (or text into a path) outside the platform
// layer would fail or garble on a non-ASCII name. These definitions replace mingw's (the linker
// takes a program's own objects before the runtime libraries), making the narrow encoding UTF-8
// for every such conversion in the program, as the UTF-8 code page manifest does for MSVC builds.
// The five functions mingw defines in those two objects are all replaced, so none is duplicated.
//
// Limit: one wchar_t per mbrtowc call cannot hold a character outside the Basic Multilingual
// Plane (a surrogate pair), so such a character in a narrow path string is refused (EILSEQ) rather
// than mangled. wcrtomb writes surrogate pairs as the one 4-byte sequence they encode.

#include <cerrno>
#include <cstddef>
#include <cwchar>

namespace {

constexpr std::size_t kInvalid = static_cast<std::size_t>(-1);
constexpr std::size_t kIncomplete = static_cast<std::size_t>(-2);

// The number of bytes a UTF-8 sequence starting with `lead` has, 0 when `lead` cannot start one.
int sequence_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}

}  // namespace

extern "C" {

std::size_t mbrtowc(wchar_t* out, const char* text, std::size_t size, mbstate_t* /*state*/) {
  if (text == nullptr) return 0;  // a reset: UTF-8 keeps no state between characters
  if (size == 0) return kIncomplete;
  const auto* bytes = reinterpret_cast<const unsigned char*>(text);
  const int length = sequence_length(bytes[0]);
  if (length == 0 || length == 4) {  // not a lead byte, or beyond one wchar_t (see the limit above)
    errno = EILSEQ;
    return kInvalid;
  }
  unsigned code = length == 1 ? bytes[0] : bytes[0] & (length == 2 ? 0x1Fu : 0x0Fu);
  for (int i = 1; i < length; ++i) {
    if (static_cast<std::size_t>(i) >= size) return kIncomplete;
    if ((bytes[i] & 0xC0) != 0x80) {
      errno = EILSEQ;
      return kInvalid;
    }
    code = (code << 6) | (bytes[i] & 0x3Fu);
  }
  // Overlong three-byte forms and UTF-16 surrogates are not characters.
  if ((length == 3 && code < 0x800) || (code >= 0xD800 && code <= 0xDFFF)) {
    errno = EILSEQ;
    return kInvalid;
  }
  if (out != nullptr) *out = static_cast<wchar_t>(code);
  return code == 0 ? 0 : static_cast<std::size_t>(length);
}

std::size_t mbrlen(const char* text, std::size_t size, mbstate_t* state) { return mbrtowc(nullptr, text, size, state); }

std::size_t mbsrtowcs(wchar_t* out, const char** text, std::size_t size, mbstate_t* state) {
  std::size_t written = 0;
  while (out == nullptr || written < size) {
    wchar_t character = 0;
    const std::size_t used = mbrtowc(&character, *text, 4, state);
    if (used == kInvalid || used == kIncomplete) {
      errno = EILSEQ;
      return kInvalid;
    }
    if (out != nullptr) out[written] = character;
    if (used == 0) {
      if (out != nullptr) *text = nullptr;
      return written;
    }
    *text += used;
    ++written;
  }
  return written;
}

// The state holds a high surrogate until its low half arrives.
std::size_t wcrtomb(char* out, wchar_t unit, mbstate_t* state) {
  static mbstate_t internal = 0;
  mbstate_t& pending = state != nullptr ? *state : internal;
  char scratch[4];
  if (out == nullptr) {
    out = scratch;
    unit = L'\0';
  }
  unsigned code = static_cast<unsigned>(unit) & 0xFFFFu;
  if (code >= 0xD800 && code <= 0xDBFF) {
    pending = static_cast<mbstate_t>(code);
    return 0;
  }
  if (code >= 0xDC00 && code <= 0xDFFF) {
    if (pending == 0) {
      errno = EILSEQ;
      return kInvalid;
    }
    code = 0x10000 + ((static_cast<unsigned>(pending) - 0xD800) << 10) + (code - 0xDC00);
  } else if (pending != 0) {  // a high surrogate without its low half
    pending = 0;
    errno = EILSEQ;
    return kInvalid;
  }
  pending = 0;
  if (code < 0x80) {
    out[0] = static_cast<char>(code);
    return 1;
  }
  if (code < 0x800) {
    out[0] = static_cast<char>(0xC0 | (code >> 6));
    out[1] = static_cast<char>(0x80 | (code & 0x3F));
    return 2;
  }
  if (code < 0x10000) {
    out[0] = static_cast<char>(0xE0 | (code >> 12));
    out[1] = static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out[2] = static_cast<char>(0x80 | (code & 0x3F));
    return 3;
  }
  out[0] = static_cast<char>(0xF0 | (code >> 18));
  out[1] = static_cast<char>(0x80 | ((code >> 12) & 0x3F));
  out[2] = static_cast<char>(0x80 | ((code >> 6) & 0x3F));
  out[3] = static_cast<char>(0x80 | (code & 0x3F));
  return 4;
}

std::size_t wcsrtombs(char* out, const wchar_t** text, std::size_t size, mbstate_t* state) {
  std::size_t written = 0;
  char bytes[4];
  for (;; ++*text) {
    const std::size_t length = wcrtomb(bytes, **text, state);
    if (length == kInvalid) return kInvalid;
    if (out != nullptr) {
      if (written + length > size) return written;
      for (std::size_t i = 0; i < length; ++i) out[written + i] = bytes[i];
    }
    if (**text == L'\0') {
      if (out != nullptr) *text = nullptr;
      return written;  // the terminator is not counted
    }
    written += length;
  }
}

}  // extern "C"

#pragma once
/// \file
/// A short stable digest of a text, for completion markers and file names derived from untrusted
/// strings. Not cryptographic: it tells apart inputs, it does not resist forgery.

#include <string>
#include <string_view>

namespace winml::storage {

/// 16 hex digits of the 64-bit FNV-1a hash of `text` (the same on every platform and build).
std::string digest(std::string_view text);

}  // namespace winml::storage

#pragma once
/// \file
/// The EP's own serialisation of a Program, stored in an EPContext node's ep_cache_context (or in
/// the side file it names). Text with length-prefixed names, ending in a checksum, so that any
/// truncation or flipped byte is reported instead of producing a wrong graph:
///
///     winml-test-ep-context 1
///     <inputs>  <outputs>  <node count>  { <op type> <inputs> <outputs> }...
///     checksum <16 hex digits of FNV-1a 64 over everything before this line>
///
/// where a list is "<count>\n" followed by its strings and a string is "<length>:<bytes>\n".

#include <string>
#include <string_view>

#include "program.h"

namespace winml_test_ep {

/// Serialises a program.
std::string encode(const Program& program);

/// Parses and validates a blob. Throws std::invalid_argument starting "corrupt EPContext blob: ".
Program decode(std::string_view blob);

}  // namespace winml_test_ep

#pragma once
/// \file
/// The layout of the report documents winml writes (perf reports, merged reports): objects and
/// arrays of objects indented two spaces a level, as a reader pages through them, but an array of
/// plain values (the raw samples: decode_ms, timed_ms, outlier indices) filled into lines of about
/// 100 characters instead of one value a line, and a small object of plain values (a phase span, a
/// sampler reading, an interval) on one line. One number a line made up three fifths of a long
/// run's report (a 30 s run of a tiny model: 3.1 of 5.1 MB were indentation and line breaks).

#include <nlohmann/json.hpp>
#include <string>

namespace winml::report {

/// `doc` in that layout, without a final newline. Strings as nlohmann's dump writes them (UTF-8
/// kept, invalid bytes replaced); parses back to the same document.
std::string laid_out_json(const nlohmann::ordered_json& doc);

}  // namespace winml::report

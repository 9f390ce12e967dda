#pragma once
/// \file
/// How a report that cannot be read is refused: every check of document/ throws through here, so
/// each refusal names the file first, then what is wrong with it, then what to pass instead.

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace winml::document {

/// The fix of a file that is not a report at all.
inline constexpr std::string_view kPassAReport =
    "Pass the JSON report a `winml perf` run wrote (its -o path, or the path it printed)";

/// Throws the winml::UsageError "<source><problem>. <fix>.": `problem` starts with how it joins
/// the file name (" is not ...", ": results[0] ..."), `fix` says what to pass instead.
[[noreturn]] void refuse_report(std::string_view source, std::string_view problem, std::string_view fix);

/// refuse_report for a file that is not a winml perf report: "<source> is not a winml perf
/// report: <problem>. Pass the JSON report a `winml perf` run wrote (...)."
[[noreturn]] void refuse_not_a_report(std::string_view source, std::string_view problem);

/// Checks that `result` (named `where` in messages: "results[2]", "the document") is an object
/// holding an object under each of `keys`; else refuse_not_a_report, e.g. "results[2] has no
/// \"metrics\" object".
void check_result_objects(const nlohmann::ordered_json& result, std::string_view where, std::string_view source,
                          std::initializer_list<const char*> keys);

}  // namespace winml::document

#pragma once
/// \file
/// One result row as a JSON object: the line `-f jsonl` prints for it, and the `row` a JSON report
/// keeps beside each result, so that a report file gives its rows back (Python's perf.rows of
/// perf.load) with the same keys and values as the run's `-f jsonl`.

#include <cstddef>
#include <nlohmann/json.hpp>

#include "report/result_rows.h"

namespace winml::report {

/// {schema_version (kRowSchemaVersion), kind, then every column of `table` by name} for row
/// `index`; an empty cell is null.
nlohmann::ordered_json row_object(const RowTable& table, std::size_t index);

}  // namespace winml::report

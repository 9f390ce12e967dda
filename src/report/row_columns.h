#pragma once
/// \file
/// The columns of the md table (report/columns.h): by default the settings that tell its rows
/// apart and the headline figures, llama-bench's width, that a pull request can hold; every column
/// with --columns all, the named ones (docs/formats.md's row columns) with a list.

#include "report/columns.h"
#include "report/result_rows.h"

namespace winml::report {

/// The headline columns of a row table of `kind` ("genai": ttft_mean_ms, tpot_mean_ms,
/// decode_rate_mean_tokens_per_s, output_tokens_per_s (served rows), peak_rss_bytes; "onnx":
/// latency_mean_ms, latency_p90_ms, samples_per_s, peak_rss_bytes).
const std::vector<std::string>& headline_columns(const std::string& kind);

/// `table` with the columns `choice` picks, in the table's order for the default and "all", in the
/// order asked for otherwise. The default: the settings `swept` names (the run's sweep axes, as the
/// console's sweep table leads with them), else (a merged report) the sweep settings (ep, threads,
/// prompt_tokens, ...) whose cells differ between the rows, else ep; then the headline columns the
/// table has. Throws winml::UsageError, listing the table's columns, for a name it does not have.
RowTable choose_row_columns(const RowTable& table, const ColumnChoice& choice,
                            const std::vector<std::string>& swept = {});

}  // namespace winml::report

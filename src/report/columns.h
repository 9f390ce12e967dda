#pragma once
/// \file
/// --columns: which columns the tables people read show. The console's statistics and sweep tables
/// and the md table show a narrow set by default (llama-bench's width: the settings that tell the
/// rows apart and the headline figures); "all" shows every column, a comma list the named ones in
/// its order. csv and jsonl always carry every column: scripts read them by name.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace winml::report {

/// What --columns asked for: the default set (nothing given), every column, or named ones.
struct ColumnChoice {
  bool all = false;                ///< --columns all
  std::vector<std::string> names;  ///< --columns a,b,c, in that order; empty = the default or all
};

/// "all", or a comma list of column names (surrounding spaces ignored). Throws winml::UsageError for
/// an empty list or an empty name.
ColumnChoice parse_columns(std::string_view list);

/// Which of a table's columns (by `names`, the table's own column names) to show, as indices into
/// `names`: every one for "all"; the named ones in the order asked for; else those for which
/// `in_default` is true. `fixed` columns (a row's label) are always shown, first. Throws
/// winml::UsageError naming `table` and listing its column names for a name it does not have.
std::vector<std::size_t> chosen_columns(const ColumnChoice& choice, const std::vector<std::string>& names,
                                        const std::vector<bool>& in_default, const std::vector<bool>& fixed,
                                        std::string_view table);

}  // namespace winml::report

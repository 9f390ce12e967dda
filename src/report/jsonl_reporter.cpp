#include <nlohmann/json.hpp>
#include <string>

#include "report/row_json.h"
#include "report/row_reporter.h"
#include "util/printable.h"

namespace winml::report {

std::string JsonlReporter::render_table(const RowTable& table) const {
  using Json = nlohmann::ordered_json;
  std::string out;
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    // A path need not be valid UTF-8; replace bad bytes (U+FFFD) instead of throwing.
    out += printable_json(row_object(table, i).dump(-1, ' ', false, Json::error_handler_t::replace)) + "\n";
  }
  return out;
}

}  // namespace winml::report

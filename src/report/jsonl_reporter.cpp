#include <nlohmann/json.hpp>
#include <string>

#include "report/row_reporter.h"
#include "util/printable.h"

namespace winml::report {

std::string JsonlReporter::render_table(const RowTable& table) const {
  using Json = nlohmann::ordered_json;
  struct Visitor {
    Json operator()(std::monostate) const { return nullptr; }
    Json operator()(const std::string& s) const { return s; }
    Json operator()(std::int64_t v) const { return v; }
    Json operator()(double v) const { return v; }
  };
  std::string out;
  for (const auto& row : table.rows) {
    Json object = {{"schema_version", kRowSchemaVersion}, {"kind", table.kind}};
    for (std::size_t i = 0; i < row.size(); ++i) object[table.columns[i].name] = std::visit(Visitor{}, row[i]);
    // A path need not be valid UTF-8; replace bad bytes (U+FFFD) instead of throwing.
    out += printable_json(object.dump(-1, ' ', false, Json::error_handler_t::replace)) + "\n";
  }
  return out;
}

}  // namespace winml::report

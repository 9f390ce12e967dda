#include "report/row_json.h"

#include <variant>

namespace winml::report {

nlohmann::ordered_json row_object(const RowTable& table, std::size_t index) {
  using Json = nlohmann::ordered_json;
  struct Visitor {
    Json operator()(std::monostate) const { return nullptr; }
    Json operator()(const std::string& s) const { return s; }
    Json operator()(std::int64_t v) const { return v; }
    Json operator()(double v) const { return v; }
  };
  Json object = {{"schema_version", kRowSchemaVersion}, {"kind", table.kind}};
  const auto& row = table.rows.at(index);
  for (std::size_t i = 0; i < row.size(); ++i) object[table.columns[i].name] = std::visit(Visitor{}, row[i]);
  return object;
}

}  // namespace winml::report

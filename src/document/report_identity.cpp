#include "document/report_identity.h"

namespace winml::document {

// nlohmann::json keeps object keys sorted, so converting forgets the order they were written in.
bool same_meaning(const nlohmann::ordered_json& a, const nlohmann::ordered_json& b) {
  return nlohmann::json(a) == nlohmann::json(b);
}

SweepIdentity::SweepIdentity(const nlohmann::ordered_json& sweep) : sweep_(sweep) {
  if (sweep_.is_object()) sweep_.erase("shard");
}

}  // namespace winml::document

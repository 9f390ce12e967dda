#include "report/agreement_json.h"

namespace winml::report::json_fields {

Json greedy_output(const perf::GreedyOutput& output) {
  Json top = Json::array();
  for (const TokenLogit& t : output.first_step_top) top.push_back({{"id", t.id}, {"logit", rate(t.logit)}});
  return {{"decoding", output.sampling ? "sampling" : "greedy"},
          {"generation", perf::to_string(output.generation)},
          {"tokens", output.tokens},
          {"ids_digest", output.digest},
          {"first_ids", output.first_ids},
          {"first_step_top", top}};
}

Json agreement(const perf::Agreement& a, bool with_reference) {
  Json out;
  out["status"] = perf::to_string(a.status);
  out["reference"] = with_reference ? Json(a.reference) : Json();
  out["diverges_at_token"] = a.diverges_at ? Json(*a.diverges_at) : Json();
  out["first_step_logit_diff"] = a.first_step_logit_diff ? Json(rate(*a.first_step_logit_diff)) : Json();
  out["reason"] = a.reason.empty() ? Json() : Json(a.reason);
  out["text"] = perf::agreement_text(a);
  return out;
}

std::optional<perf::GreedyOutput> read_greedy_output(const Json& result) {
  if (!result.is_object() || !result.contains("output")) return std::nullopt;
  const Json& o = result["output"];
  try {
    perf::GreedyOutput out;
    out.sampling = o.at("decoding").get<std::string>() == "sampling";
    out.generation = o.at("generation").get<std::string>() == "timed" ? perf::ReferenceGeneration::timed
                                                                      : perf::ReferenceGeneration::warmup;
    out.tokens = o.at("tokens").get<int>();
    out.digest = o.at("ids_digest").get<std::string>();
    out.first_ids = o.at("first_ids").get<std::vector<std::int32_t>>();
    for (const Json& t : o.at("first_step_top")) {
      out.first_step_top.push_back({t.at("id").get<std::int32_t>(), t.at("logit").get<float>()});
    }
    return out;
  } catch (const Json::exception&) {
    return std::nullopt;
  }
}

}  // namespace winml::report::json_fields

#include "report/agreement_json.h"

#include <string>
#include <vector>

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

void check_results_agreement(Json& results) {
  if (!results.is_array()) return;
  std::vector<std::optional<perf::GreedyOutput>> outputs;
  std::vector<std::string> runs;
  for (const Json& result : results) {
    outputs.push_back(read_greedy_output(result));
    const Json config = result.is_object() ? result.value("config", Json::object()) : Json::object();
    Json run = Json::object();
    for (const char* key :
         {"prompt", "prompt_tokens", "depth", "max_new_tokens_effective", "max_length_requested", "stop_at_eos"}) {
      run[key] = config.value(key, Json());
    }
    runs.push_back(run.dump());
  }
  const auto agreements = perf::sweep_agreement(outputs, runs);
  for (std::size_t i = 0; i < agreements.size(); ++i) {
    if (agreements[i]) results[i]["agreement"] = agreement(*agreements[i]);
  }
}

}  // namespace winml::report::json_fields

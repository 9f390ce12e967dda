#include "compare/compare_match.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <utility>

#include "document/report_identity.h"
#include "perf/sweep_axes.h"
#include "util/printable.h"

namespace winml::compare {
namespace {

using Json = nlohmann::ordered_json;
using Pointer = Json::json_pointer;

// A field of a result: its name in messages, where it lives, and for the work fields the flag that
// sets it (what to rerun a side with); nullptr where no flag does (the model's own shape).
struct Field {
  const char* name;
  const char* pointer;
  const char* flag = nullptr;
};

// Fields that change the work measured: results that differ in one do not compare.
constexpr Field kWork[] = {
    {"prompt", "/config/prompt", "--prompt"},
    {"prompt_tokens", "/config/prompt_tokens", "--prompt-tokens"},
    {"max_new_tokens", "/config/max_new_tokens", "-n"},
    {"depth", "/config/depth", "--depth"},
    {"apply_template", "/config/apply_template", "--[no-]apply-template"},
    {"stop_at_eos", "/config/stop_at_eos", "--stop-at-eos"},
    {"batch_size", "/config/batch_size", "--batch-size"},
    {"inputs", "/config/inputs", "--input-data"},
    // A bundle's shape and precision, as the roofline read them from its files.
    {"model.layers", "/metrics/roofline/model/layers"},
    {"model.attention_heads", "/metrics/roofline/model/attention_heads"},
    {"model.kv_heads", "/metrics/roofline/model/kv_heads"},
    {"model.head_size", "/metrics/roofline/model/head_size"},
    {"model.kv_cache_data_type", "/metrics/roofline/model/kv_cache_data_type"},
    {"model.weight_bytes", "/metrics/roofline/model/decode_weights/stored_bytes"},
};

// Load-time settings: where and how the model runs, the same work on another device, EP, thread
// count or compiled graph. A comparison is there to measure them, so they are its subject.
constexpr Field kLoad[] = {
    {"ep", "/config/ep"},
    {"device", "/config/device"},
    {"threads", "/config/threads/intra_op_threads"},
    {"compile", "/config/compile"},
};

// How else the runs were made: listed, so that a change they made is not read as the subject's.
constexpr Field kSettings[] = {
    {"max_length", "/config/max_length_requested"},
    {"iterations", "/config/iterations"},
    {"warmup", "/config/warmup"},
    {"duration_ms", "/config/duration_ms"},
    {"cpu", "/machine/cpu_model"},
    {"logical_cores", "/machine/logical_cores"},
    {"onnxruntime", "/machine/onnxruntime_version"},
    {"genai", "/machine/genai_version"},
    {"winml", "/machine/winml_version"},
    {"winml_commit", "/machine/winml_commit"},
    // A laptop unplugged, or switched to a power-saving mode, runs slower: listed so that a change
    // it made is not read as the code's. The battery level is not: it moves on every run.
    {"power_source", "/machine/power/source"},
    {"power_mode", "/machine/power/mode"},
};

// The value at `pointer`, or null when the result has none (a report of an older version).
Json value_at(const Json& result, const char* pointer) {
  const Pointer where(pointer);
  return result.contains(where) ? result.at(where) : Json(nullptr);
}

// A value as a message shows it: text made printable (a report from another machine must not
// drive this terminal), null as "default", and a long value not at all.
std::string shown(const Json& value) {
  if (value.is_string()) return printable(value.get<std::string>());
  if (value.is_null()) return "default";
  return printable(value.dump(-1, ' ', false, Json::error_handler_t::replace));
}

// The model's file or folder name: one model has one name on every machine, wherever it lives.
Json model_name(const Json& result) {
  for (const char* key : {"/config/bundle", "/config/model"}) {
    const Json path = value_at(result, key);
    if (!path.is_string()) continue;
    std::string text = path.get<std::string>();
    while (text.size() > 1 && text.back() == '/') text.pop_back();
    return std::filesystem::path(text).filename().string();
  }
  return nullptr;
}

void add_difference(std::vector<std::string>& out, const std::string& name, const Json& a, const Json& b,
                    const std::string& base_name, const std::string& new_name) {
  constexpr std::size_t kLongValue = 60;
  if (document::same_meaning(a, b)) return;  // a report rewritten by a tool (jq -S) still says the same
  const std::string sa = shown(a), sb = shown(b);
  if (sa.size() > kLongValue || sb.size() > kLongValue) {
    out.push_back(fmt::format("{} differ between {} and {}", name, base_name, new_name));
  } else {
    out.push_back(fmt::format("{}: {} in {}, {} in {}", name, sa, base_name, sb, new_name));
  }
}

// True when the identity field takes more than one value among `results`.
bool varies(const Json& results, const char* pointer) {
  for (const Json& result : results) {
    if (value_at(result, pointer) != value_at(results.at(0), pointer)) return true;
  }
  return false;
}

}  // namespace

std::string setting_change_text(const SettingChange& change) {
  return fmt::format("{} {} → {}", change.name, shown(change.base), shown(change.next));
}

Json identity_of(const Json& result, const std::vector<std::string>& keys) {
  Json identity = Json::object();
  for (const std::string& key : keys) {
    // What tells the runs of a sweep apart: its axes, as a report records the value asked for.
    if (const perf::SweepAxisSpec* axis = perf::find_sweep_axis(key)) {
      identity[key] = value_at(result, axis->requested_pointer);
    }
  }
  return identity;
}

std::string identity_label(const Json& identity) {
  std::string label;
  for (const auto& [key, value] : identity.items()) {
    if (!label.empty()) label += ' ';
    label += key + "=" + shown(value);
  }
  return label;
}

ResultMatching match_results(const Json& base_results, const Json& new_results) {
  ResultMatching matching;
  for (const perf::SweepAxisSpec& axis : perf::sweep_axis_specs()) {
    if (varies(base_results, axis.requested_pointer) || varies(new_results, axis.requested_pointer)) {
      matching.keys.push_back(axis.name);
    }
  }
  std::vector<bool> taken(new_results.size(), false);
  for (std::size_t b = 0; b < base_results.size(); ++b) {
    const Json identity = identity_of(base_results.at(b), matching.keys);
    bool paired = false;
    for (std::size_t n = 0; n < new_results.size() && !paired; ++n) {
      if (taken[n] || identity_of(new_results.at(n), matching.keys) != identity) continue;
      taken[n] = paired = true;
      matching.pairs.push_back({b, n});
    }
    if (!paired) matching.only_in_base.push_back(b);
  }
  for (std::size_t n = 0; n < new_results.size(); ++n) {
    if (!taken[n]) matching.only_in_new.push_back(n);
  }
  return matching;
}

PairDifferences pair_differences(const Json& base, const Json& next, const std::string& kind,
                                 const std::string& base_name, const std::string& new_name) {
  PairDifferences out;
  add_difference(out.incompatible, kind == "genai" ? "bundle" : "model", model_name(base), model_name(next), base_name,
                 new_name);
  // A field one report does not record (an older version) is not a difference.
  auto recorded = [&](const Field& field) {
    const Pointer where(field.pointer);
    return base.contains(where) && next.contains(where);
  };
  auto compare_field = [&](const Field& field, std::vector<std::string>& into) {
    if (!recorded(field)) return false;
    const std::size_t before = into.size();
    add_difference(into, field.name, value_at(base, field.pointer), value_at(next, field.pointer), base_name, new_name);
    return into.size() > before;
  };
  for (const Field& field : kWork) {
    if (compare_field(field, out.incompatible) && field.flag) out.fix_flags.push_back(field.flag);
  }
  // A seeded prompt's text ("<8 random token ids>") follows its length: rerun with the length alone.
  std::vector<std::string>& flags = out.fix_flags;
  if (std::find(flags.begin(), flags.end(), "--prompt-tokens") != flags.end()) std::erase(flags, "--prompt");
  for (const Field& field : kLoad) {
    const Json a = value_at(base, field.pointer), b = value_at(next, field.pointer);
    if (recorded(field) && !document::same_meaning(a, b)) out.compared.push_back({field.name, a, b});
  }
  for (const Field& field : kSettings) compare_field(field, out.settings);
  return out;
}

}  // namespace winml::compare

#pragma once
/// \file
/// Which results of two reports `winml perf compare` compares with each other, and whether they
/// may be compared at all. docs/metrics.md, "Comparing runs".

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace winml::compare {

/// A base result and the new result it is compared with (indices into each report's results).
struct ResultPair {
  std::size_t base = 0;
  std::size_t next = 0;
};

/// How the results of two reports pair up.
struct ResultMatching {
  /// The identity fields the rows are matched on: those whose value varies among the results of
  /// either report (the sweep's axes). Empty when each report holds one run: its one result pairs.
  std::vector<std::string> keys;
  std::vector<ResultPair> pairs;          ///< in base order
  std::vector<std::size_t> only_in_base;  ///< results of base with no partner
  std::vector<std::size_t> only_in_new;   ///< results of new with no partner
};

/// Pairs `base_results` with `new_results` (arrays of result objects) on the run's identity: ep,
/// device, threads (requested), prompt_tokens, max_new_tokens, depth, max_length (requested),
/// batch_size. Results with one identity pair in order of appearance.
ResultMatching match_results(const nlohmann::ordered_json& base_results, const nlohmann::ordered_json& new_results);

/// The values of `keys` in `result`'s identity, as an object {"prompt_tokens": 64, ...}.
nlohmann::ordered_json identity_of(const nlohmann::ordered_json& result, const std::vector<std::string>& keys);

/// "prompt_tokens=64 threads=1" for an identity object; "" for an empty one.
std::string identity_label(const nlohmann::ordered_json& identity);

/// A load-time setting two paired results differ in: what a comparison of devices, EPs or thread
/// counts is there to measure.
struct SettingChange {
  std::string name;                   ///< "ep", "device", "threads", "compile"
  nlohmann::ordered_json base, next;  ///< the values; null where a result ran with the default
  bool operator==(const SettingChange&) const = default;
};

/// "ep cpu → winmltestep" (values made printable; null reads "default").
std::string setting_change_text(const SettingChange& change);

/// What two paired results differ in, each "field: A in base.json, B in new.json".
struct PairDifferences {
  /// What makes them measure different work, so that they do not compare: the model (file or
  /// folder name; for a bundle also its shape and weight bytes as the roofline read them), prompt,
  /// prompt_tokens, max_new_tokens, depth, apply_template, stop_at_eos, batch_size, inputs.
  std::vector<std::string> incompatible;
  /// The flags that set what `incompatible` names, to rerun one side with ("--prompt-tokens", "-n").
  std::vector<std::string> fix_flags;
  /// The load-time settings that differ, the question the comparison answers: ep, device, the
  /// threads in effect, compile.
  std::vector<SettingChange> compared;
  /// Everything else about how the runs were made: max_length, iterations, warmup, duration, and
  /// the machine (CPU, cores, engine and winml versions, power).
  std::vector<std::string> settings;
};

/// The differences between a base result and a new one of reports of `kind`.
PairDifferences pair_differences(const nlohmann::ordered_json& base, const nlohmann::ordered_json& next,
                                 const std::string& kind, const std::string& base_name, const std::string& new_name);

}  // namespace winml::compare

#pragma once
// Environment variables by which GenAI's telemetry recognises a CI machine and stays silent
// (measured with GenAI 0.18: CI=true, TF_BUILD, GITHUB_ACTIONS and JENKINS_URL each turn it off).
// Tests that prove telemetry writes nothing must clear them, or under CI the proof is empty.

#include <array>
#include <string>

namespace winml::test {

/// The CI markers a telemetry test removes from the environment of the runs it checks.
inline constexpr std::array<const char*, 12> kCiMarkers = {"CI",
                                                           "TF_BUILD",
                                                           "GITHUB_ACTIONS",
                                                           "JENKINS_URL",
                                                           "GITLAB_CI",
                                                           "CIRCLECI",
                                                           "TRAVIS",
                                                           "APPVEYOR",
                                                           "BUILDKITE",
                                                           "TEAMCITY_VERSION",
                                                           "CODEBUILD_BUILD_ID",
                                                           "SYSTEM_TEAMFOUNDATIONCOLLECTIONURI"};

/// "-u CI -u TF_BUILD ..." for env(1).
inline std::string unset_ci_markers_for_env() {
  std::string flags;
  for (const char* name : kCiMarkers) flags += std::string("-u ") + name + " ";
  return flags;
}

}  // namespace winml::test

#pragma once
/// \file
/// Messages of stages that compile side by side (stage_pool.h), passed on one at a time. Warnings
/// keep the stages' order, whatever order the compiles finish in, so two runs of the same job say
/// the same thing in the same order; progress lines are passed on as they come.

#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

#include "compile/compile_result.h"

namespace winml::compile {

/// Holds each stage's messages until every earlier stage has finished, then passes them to the
/// sink in stage order. Thread safe.
class OrderedNotices {
 public:
  OrderedNotices(std::size_t stages, Notify sink);
  /// The notifier stage `index` reports through; empty when the sink is.
  Notify for_stage(std::size_t index);
  /// Stage `index` says nothing more: its messages, and those of the finished stages after it up
  /// to the first one still running, go to the sink.
  void finish(std::size_t index);

 private:
  std::mutex mutex_;
  Notify sink_;
  std::vector<std::vector<std::string>> held_;
  std::vector<bool> finished_;
  std::size_t next_ = 0;  ///< the first stage whose messages have not all been passed on
};

/// `notify` behind a mutex, so that threads never call it at the same time; empty when it is.
Notify serialized(Notify notify);

}  // namespace winml::compile

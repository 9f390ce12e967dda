#include "compile/stage_notices.h"

#include <memory>
#include <utility>

namespace winml::compile {

OrderedNotices::OrderedNotices(std::size_t stages, Notify sink)
    : sink_(std::move(sink)), held_(stages), finished_(stages, false) {}

Notify OrderedNotices::for_stage(std::size_t index) {
  if (!sink_) return {};
  return [this, index](const std::string& message) {
    std::lock_guard<std::mutex> hold(mutex_);
    // The stage in front speaks at once; the others wait their turn.
    if (index == next_) {
      sink_(message);
    } else {
      held_[index].push_back(message);
    }
  };
}

void OrderedNotices::finish(std::size_t index) {
  std::lock_guard<std::mutex> hold(mutex_);
  finished_[index] = true;
  while (next_ < finished_.size() && finished_[next_]) {
    ++next_;
    if (next_ < held_.size() && sink_) {
      for (const auto& message : held_[next_]) sink_(message);
      held_[next_].clear();
    }
  }
}

Notify serialized(Notify notify) {
  if (!notify) return {};
  auto mutex = std::make_shared<std::mutex>();
  return [mutex, notify = std::move(notify)](const std::string& message) {
    std::lock_guard<std::mutex> hold(*mutex);
    notify(message);
  };
}

}  // namespace winml::compile

#include "resources/pdh_source.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "platform/shared_library.h"
#include "resources/gpu_engine_instance.h"

namespace winml::resources {
// The few PDH declarations used, as pdh.h defines them for 64-bit Windows, in fixed-width types
// (DWORD is 32 bits there). The ANSI entry points: counter paths and instance names are ASCII.
namespace pdh_abi {
using PdhStatus = std::int32_t;  // PDH_STATUS: 0 is ERROR_SUCCESS
struct CounterValue {            // PDH_FMT_COUNTERVALUE read as PDH_FMT_DOUBLE
  std::uint32_t status;          // PDH_CSTATUS_*: 0 valid, 1 new data
  double value;
};
struct CounterItem {  // PDH_FMT_COUNTERVALUE_ITEM_A
  const char* name;
  CounterValue value;
};
constexpr std::uint32_t kFormatDouble = 0x00000200;  // PDH_FMT_DOUBLE
constexpr std::uint32_t kNoCap100 = 0x00008000;      // PDH_FMT_NOCAP100: summed later, capped then
constexpr std::uint32_t kNewData = 1;                // PDH_CSTATUS_NEW_DATA
}  // namespace pdh_abi

using pdh_abi::CounterItem;
using pdh_abi::PdhStatus;

struct PdhSource::Api {
  PdhStatus (*open_query)(const char*, std::uintptr_t, void**) = nullptr;
  PdhStatus (*add_counter)(void*, const char*, std::uintptr_t, void**) = nullptr;
  PdhStatus (*collect)(void*) = nullptr;
  PdhStatus (*items)(void*, std::uint32_t, std::uint32_t*, std::uint32_t*, void*) = nullptr;
  PdhStatus (*close_query)(void*) = nullptr;
};

namespace {

// Engines (adapters × engines, processes summed) one reading tells apart: a machine has tens.
constexpr std::size_t kMaxEngines = 512;
// The items' buffer: room for several thousand instances (every process on every engine).
constexpr std::size_t kBufferBytes = std::size_t{1} << 20;

bool valid(const CounterItem& item) { return item.value.status <= pdh_abi::kNewData && item.name != nullptr; }

}  // namespace

PdhSource::PdhSource() : api_(std::make_unique<Api>()) {}

PdhSource::~PdhSource() {
  if (query_ != nullptr && api_->close_query) api_->close_query(query_);
}

std::unique_ptr<PdhSource> PdhSource::open(const std::string& library, SourceStatus& status) {
  status = {"pdh", false, {}};
  const platform::LoadedLibrary loaded = platform::load_library(library);
  if (!loaded.handle) {
    status.detail = library + " could not be loaded: " + loaded.error;
    return nullptr;
  }
  auto source = std::unique_ptr<PdhSource>(new PdhSource());
  Api& api = *source->api_;
  auto bind = [&loaded](auto& fn, const char* symbol) { return platform::bind_function(loaded.handle, fn, symbol); };
  if (!bind(api.open_query, "PdhOpenQueryA") || !bind(api.add_counter, "PdhAddEnglishCounterA") ||
      !bind(api.collect, "PdhCollectQueryData") || !bind(api.items, "PdhGetFormattedCounterArrayA") ||
      !bind(api.close_query, "PdhCloseQuery")) {
    status.detail = library + " lacks a PDH function winml reads";
    return nullptr;
  }
  if (const PdhStatus r = api.open_query(nullptr, 0, &source->query_); r != 0) {
    status.detail = fmt::format("PdhOpenQuery failed (0x{:08X})", static_cast<std::uint32_t>(r));
    source->query_ = nullptr;
    return nullptr;
  }
  if (const PdhStatus r =
          api.add_counter(source->query_, "\\GPU Engine(*)\\Utilization Percentage", 0, &source->engines_);
      r != 0) {
    status.detail = fmt::format(
        "no GPU Engine counters (0x{:08X}): they need Windows 10 1709 or later and a WDDM 2 display or NPU driver",
        static_cast<std::uint32_t>(r));
    return nullptr;
  }
  // Memory is optional: without it the engines are still read.
  if (api.add_counter(source->query_, "\\GPU Adapter Memory(*)\\Dedicated Usage", 0, &source->dedicated_) != 0)
    source->dedicated_ = nullptr;
  if (api.add_counter(source->query_, "\\GPU Adapter Memory(*)\\Shared Usage", 0, &source->shared_) != 0)
    source->shared_ = nullptr;
  if (const PdhStatus r = api.collect(source->query_); r != 0) {
    status.detail = fmt::format("PdhCollectQueryData failed (0x{:08X})", static_cast<std::uint32_t>(r));
    return nullptr;
  }
  source->buffer_.resize(kBufferBytes / sizeof(std::uint64_t));
  source->sums_.reserve(kMaxEngines);
  status.available = true;
  status.detail = std::string("GPU and NPU engines") + (source->dedicated_ ? ", dedicated memory" : "") +
                  (source->shared_ ? ", shared memory" : "");
  return source;
}

bool PdhSource::fetch(void* counter, std::uint32_t& count) noexcept {
  auto bytes = static_cast<std::uint32_t>(buffer_.size() * sizeof(std::uint64_t));
  count = 0;
  // PDH_MORE_DATA (more instances than the buffer holds) skips this reading: no allocation here.
  return api_->items(counter, pdh_abi::kFormatDouble | pdh_abi::kNoCap100, &bytes, &count, buffer_.data()) == 0;
}

std::size_t PdhSource::type_slot(std::string_view type) noexcept {
  for (std::size_t i = 0; i < type_count_; ++i) {
    if (type == std::string_view(types_[i].data())) return i;
  }
  if (type_count_ == engine_slot_count_ || type.size() >= types_[0].size()) return kMaxEngineTypes;
  std::memcpy(types_[type_count_].data(), type.data(), type.size());
  types_[type_count_][type.size()] = '\0';
  return type_count_++;
}

void PdhSource::read_engines(Sample& sample) noexcept {
  std::uint32_t count = 0;
  if (!fetch(engines_, count)) return;
  const auto* items = reinterpret_cast<const CounterItem*>(buffer_.data());
  sums_.clear();
  for (std::uint32_t i = 0; i < count; ++i) {
    if (!valid(items[i])) continue;
    const auto instance = parse_gpu_engine_instance(items[i].name);
    if (!instance) continue;
    auto sum =
        std::find_if(sums_.begin(), sums_.end(), [&](const EngineSum& s) { return s.engine == instance->engine; });
    if (sum == sums_.end()) {
      if (sums_.size() == sums_.capacity()) continue;
      sums_.push_back({instance->engine, type_slot(instance->type), 0});
      sum = sums_.end() - 1;
    }
    sum->sum += std::max(0.0, items[i].value.value) / 100.0;
  }
  if (sums_.empty()) return;
  double busiest = 0;
  for (const EngineSum& s : sums_) {
    // Several processes' shares of one engine may add up past 100 % by rounding.
    const double utilisation = std::min(1.0, s.sum);
    busiest = std::max(busiest, utilisation);
    if (s.type_slot >= engine_slot_count_) continue;
    float& slot = sample.engine_utilisation[first_engine_slot_ + s.type_slot];
    slot = std::max(slot, static_cast<float>(utilisation));
  }
  sample.device_utilisation = std::max(sample.device_utilisation.value_or(0), busiest);
}

bool PdhSource::sum_memory(void* counter, std::uint64_t& bytes) noexcept {
  std::uint32_t count = 0;
  if (counter == nullptr || !fetch(counter, count)) return false;
  const auto* items = reinterpret_cast<const CounterItem*>(buffer_.data());
  double total = 0;
  bool any = false;
  for (std::uint32_t i = 0; i < count; ++i) {
    if (!valid(items[i])) continue;
    total += std::max(0.0, items[i].value.value);
    any = true;
  }
  bytes = static_cast<std::uint64_t>(total);
  return any;
}

void PdhSource::read(Sample& sample) noexcept {
  if (api_->collect(query_) != 0) return;
  read_engines(sample);
  std::uint64_t bytes = 0;
  if (sum_memory(dedicated_, bytes)) sample.device_memory_bytes = sample.device_memory_bytes.value_or(0) + bytes;
  if (sum_memory(shared_, bytes))
    sample.device_shared_memory_bytes = sample.device_shared_memory_bytes.value_or(0) + bytes;
}

std::vector<std::string> PdhSource::engine_types() const {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < type_count_; ++i) names.emplace_back(types_[i].data());
  return names;
}

}  // namespace winml::resources

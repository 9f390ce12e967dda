// A stand-in for pdh.dll built in the test tree, so the PDH source is tested on Linux and, cross-
// built, under wine (whose pdh.dll has no GPU counters). Two adapters: A (a GPU: two 3D engine
// instances of two processes on engine 0, a Compute engine 1) and B (an NPU: one Compute engine),
// plus one item whose data is not valid and one instance of no known format. Every collect after
// the first (the one open takes) adds 10 points to process 100's share of A's 3D engine. Memory: A 1 GiB dedicated and
// 512 MiB shared, B 256 MiB dedicated. FAKE_PDH_NO_GPU builds a pdh.dll without GPU counters, as
// a machine without a WDDM 2 driver (or wine) has.

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#if defined(_WIN32)
#define FAKE_PDH_EXPORT extern "C" __declspec(dllexport)
#else
#define FAKE_PDH_EXPORT extern "C" __attribute__((visibility("default")))
#endif

namespace {

struct CounterValue {
  std::uint32_t status;
  double value;
};
struct CounterItem {
  const char* name;
  CounterValue value;
};
struct Instance {
  std::string name;
  std::uint32_t status;
  double value;
};

#ifdef FAKE_PDH_NO_GPU
constexpr bool kHasGpu = false;
#else
constexpr bool kHasGpu = true;
#endif

enum Counter { engines = 1, dedicated = 2, shared = 3 };
int query = 0;
int counters[4] = {0, engines, dedicated, shared};
int collects = 0;

constexpr std::int32_t kMoreData = static_cast<std::int32_t>(0x800007D2);
constexpr std::int32_t kNoObject = static_cast<std::int32_t>(0xC0000BB8);  // PDH_CSTATUS_NO_OBJECT
constexpr std::uint32_t kInvalidData = 0xC0000BBA;                         // PDH_CSTATUS_INVALID_DATA

std::vector<Instance> instances(int counter) {
  const std::string a = "luid_0x00000000_0x0000A000_phys_0";
  const std::string b = "luid_0x00000000_0x0000B000_phys_0";
  switch (counter) {
    case engines:
      return {{"pid_100_" + a + "_eng_0_engtype_3D", 0, 10.0 * (collects - 1)},
              {"pid_200_" + a + "_eng_0_engtype_3D", 0, 20},
              {"pid_100_" + a + "_eng_1_engtype_Compute", 0, 5},
              {"pid_100_" + b + "_eng_0_engtype_Compute", 0, 40},
              {"pid_300_" + b + "_eng_0_engtype_Compute", kInvalidData, 99},
              {"_Total", 0, 99}};
    case dedicated:
      return {{a, 0, 1024.0 * 1024 * 1024}, {b, 0, 256.0 * 1024 * 1024}};
    case shared:
      return {{a, 0, 512.0 * 1024 * 1024}, {b, 1, 0}};
    default:
      return {};
  }
}

}  // namespace

FAKE_PDH_EXPORT std::int32_t PdhOpenQueryA(const char*, std::uintptr_t, void** out) {
  *out = &query;
  return 0;
}

FAKE_PDH_EXPORT std::int32_t PdhAddEnglishCounterA(void*, const char* path, std::uintptr_t, void** out) {
  const std::string text = path;
  if (!kHasGpu) return kNoObject;
  if (text == "\\GPU Engine(*)\\Utilization Percentage") {
    *out = &counters[engines];
  } else if (text == "\\GPU Adapter Memory(*)\\Dedicated Usage") {
    *out = &counters[dedicated];
  } else if (text == "\\GPU Adapter Memory(*)\\Shared Usage") {
    *out = &counters[shared];
  } else {
    return kNoObject;
  }
  return 0;
}

FAKE_PDH_EXPORT std::int32_t PdhCollectQueryData(void*) {
  ++collects;
  return 0;
}

// The layout PDH writes: the items, then the names they point to.
FAKE_PDH_EXPORT std::int32_t PdhGetFormattedCounterArrayA(void* counter, std::uint32_t, std::uint32_t* bytes,
                                                          std::uint32_t* count, void* buffer) {
  const std::vector<Instance> list = instances(*static_cast<int*>(counter));
  std::size_t needed = list.size() * sizeof(CounterItem);
  for (const Instance& i : list) needed += i.name.size() + 1;
  *count = static_cast<std::uint32_t>(list.size());
  if (*bytes < needed || buffer == nullptr) {
    *bytes = static_cast<std::uint32_t>(needed);
    return kMoreData;
  }
  auto* items = static_cast<CounterItem*>(buffer);
  char* names = static_cast<char*>(buffer) + list.size() * sizeof(CounterItem);
  for (std::size_t k = 0; k < list.size(); ++k) {
    std::memcpy(names, list[k].name.c_str(), list[k].name.size() + 1);
    items[k] = {names, {list[k].status, list[k].value}};
    names += list[k].name.size() + 1;
  }
  return 0;
}

FAKE_PDH_EXPORT std::int32_t PdhCloseQuery(void*) { return 0; }

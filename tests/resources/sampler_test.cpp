#include "resources/sampler.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace winml::resources {
namespace {

// Readers whose clock and counters advance by one unit per tick, so each reading is known.
SamplerReaders counting_readers(std::shared_ptr<std::atomic<int>> ticks) {
  SamplerReaders readers;
  readers.clock = [ticks] { return static_cast<double>(ticks->load()); };
  readers.tick = [ticks] {
    const int n = ticks->fetch_add(1) + 1;
    platform::TickReading r;
    r.process_cpu_s = 0.5 * n;
    r.machine = platform::CoreTimes{1.0 * n, 1.0 * n};
    r.rss_bytes = 1000u * static_cast<unsigned>(n);
    return r;
  };
  readers.thread_cpu_s = [] { return 0.0; };
  return readers;
}

TEST(Sampler, ReadsAtOnceAndUntilStoppedThenOnceMore) {
  auto ticks = std::make_shared<std::atomic<int>>(0);
  Sampler sampler(counting_readers(ticks), std::chrono::milliseconds(1));
  ASSERT_TRUE(sampler.latest());  // the constructor's reading
  while (ticks->load() < 5) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  sampler.stop();
  const int read = ticks->load();
  sampler.stop();  // idempotent
  const SamplerRecord& record = sampler.record();
  EXPECT_EQ(static_cast<int>(record.samples.size()), read);
  EXPECT_EQ(ticks->load(), read);  // nothing after stop
  for (std::size_t i = 1; i < record.samples.size(); ++i) EXPECT_GT(record.samples[i].t_s, record.samples[i - 1].t_s);
  EXPECT_EQ(record.samples.back().rss_bytes, 1000u * static_cast<unsigned>(read));
  EXPECT_DOUBLE_EQ(record.samples.back().machine_total_s, 2.0 * read);
}

TEST(Sampler, AFullBufferDropsEveryOtherReadingAndDoublesTheInterval) {
  auto ticks = std::make_shared<std::atomic<int>>(0);
  Sampler sampler(counting_readers(ticks), std::chrono::milliseconds(1), 8);
  while (ticks->load() < 20) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  const SamplerRecord& record = sampler.record();
  EXPECT_LE(record.samples.size(), 8u);
  EXPECT_GE(record.samples.capacity(), 8u);
  EXPECT_GT(record.interval_s, record.requested_interval_s);
  EXPECT_DOUBLE_EQ(record.samples.front().t_s, 1.0);  // the constructor's reading is always kept
}

TEST(Sampler, CounterSourcesAddToEveryReading) {
  class Meter final : public CounterSource {
   public:
    const std::string& name() const override { return name_; }
    void read(Sample& sample) noexcept override { sample.energy_j = sample.energy_j.value_or(0) + (joules_ += 2); }

   private:
    std::string name_ = "meter";
    double joules_ = 0;
  };
  auto ticks = std::make_shared<std::atomic<int>>(0);
  SamplerReaders readers = counting_readers(ticks);
  readers.counters.push_back(std::make_unique<Meter>());
  readers.sources = {{"meter", true, "fake"}};
  Sampler sampler(std::move(readers), std::chrono::milliseconds(1));
  while (ticks->load() < 3) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  const SamplerRecord& record = sampler.record();
  ASSERT_TRUE(record.samples.back().energy_j);
  EXPECT_DOUBLE_EQ(*record.samples.back().energy_j, 2.0 * static_cast<double>(record.samples.size()));
  ASSERT_EQ(record.sources.size(), 1u);
}

TEST(Sampler, GivesEachSourceItsOwnEngineSlotsAndNamesThem) {
  // A source with `types` engine types that writes slot i as 0.1 * (i + 1).
  class Engines final : public CounterSource {
   public:
    explicit Engines(std::vector<std::string> types) : types_(std::move(types)) {}
    const std::string& name() const override { return name_; }
    void read(Sample& sample) noexcept override {
      for (std::size_t i = 0; i < engine_slot_count_; ++i)
        sample.engine_utilisation[first_engine_slot_ + i] = 0.1F * static_cast<float>(i + 1);
    }
    std::size_t engine_slots() const override { return types_.size(); }
    std::vector<std::string> engine_types() const override { return types_; }

   private:
    std::string name_ = "engines";
    std::vector<std::string> types_;
  };
  auto ticks = std::make_shared<std::atomic<int>>(0);
  SamplerReaders readers = counting_readers(ticks);
  readers.counters.push_back(std::make_unique<Engines>(std::vector<std::string>{"gpu"}));
  // Asks for more slots than are left: gets the rest, and its later types go unnamed.
  readers.counters.push_back(std::make_unique<Engines>(
      std::vector<std::string>{"3D", "Compute", "Copy", "VideoDecode", "VideoEncode", "Security", "Cuda", "Extra"}));
  Sampler sampler(std::move(readers), std::chrono::milliseconds(1));
  const SamplerRecord& record = sampler.record();
  EXPECT_EQ(record.engine_types[0], "gpu");
  EXPECT_EQ(record.engine_types[1], "3D");
  EXPECT_EQ(record.engine_types[kMaxEngineTypes - 1], "Cuda");
  const Sample& last = record.samples.back();
  EXPECT_FLOAT_EQ(last.engine_utilisation[0], 0.1F);
  EXPECT_FLOAT_EQ(last.engine_utilisation[1], 0.1F);
  EXPECT_FLOAT_EQ(last.engine_utilisation[2], 0.2F);
  EXPECT_FLOAT_EQ(last.engine_utilisation[kMaxEngineTypes - 1], 0.7F);
}

TEST(Sampler, CoreWindowsSumEachCoresTimeByOwner) {
  auto ticks = std::make_shared<std::atomic<int>>(0);
  SamplerReaders readers = counting_readers(ticks);
  auto reads = std::make_shared<int>(0);
  readers.cores = [reads] {
    ++*reads;
    platform::MachineTimes t;
    t.cores = {{1.0 * *reads, 0.0}, {0.0, 2.0 * *reads}};
    return std::optional(t);
  };
  Sampler sampler(std::move(readers), std::chrono::milliseconds(50));
  const auto opened = sampler.open_cores();
  sampler.close_cores(3, opened);
  sampler.close_cores(3, sampler.open_cores());
  const SamplerRecord& record = sampler.record();
  ASSERT_EQ(record.core_windows.size(), 1u);
  EXPECT_EQ(record.core_windows[0].owner, 3u);
  EXPECT_DOUBLE_EQ(record.core_windows[0].cores[0].busy_s, 2.0);  // (2 - 1) + (4 - 3)
  EXPECT_DOUBLE_EQ(record.core_windows[0].cores[1].idle_s, 4.0);
}

TEST(Sampler, TheSystemReadersReadThisProcess) {
  Sampler sampler(system_readers([] {
                    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
                  }),
                  std::chrono::milliseconds(5));
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  const SamplerRecord& record = sampler.record();
  ASSERT_GE(record.samples.size(), 2u);
  EXPECT_GT(record.samples.back().process_cpu_s, 0);
  EXPECT_GT(record.samples.back().rss_bytes, 0u);
  EXPECT_FALSE(record.sources.empty());
}

}  // namespace
}  // namespace winml::resources

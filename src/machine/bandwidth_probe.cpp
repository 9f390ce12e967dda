#include "machine/bandwidth_probe.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <memory>
#include <new>
#include <system_error>
#include <thread>

#include "machine/bandwidth_kernels.h"
#include "platform/cpu_cores.h"
#include "stats/statistics.h"
#include "util/plural.h"
#include "util/thread_barrier.h"
#include "winml/errors.h"

namespace winml::perf {
namespace {

using SteadyClock = std::chrono::steady_clock;

constexpr std::uint64_t kPage = 4096;
constexpr unsigned kMaxThreads = 4096;
constexpr std::size_t kMaxRounds = 10'000;
// The triad maps these values onto themselves (1 + 3 * 2 = 7, exact in binary), so a, b and c hold
// the same values before and after any number of repetitions, and every read sum is known.
constexpr double kA = 7;
constexpr double kB = 1;
constexpr double kC = 2;
constexpr double kScalar = 3;

enum class Step { read, triad, stop };

// One thread's timestamps of the last repetition, on its own cache line.
struct alignas(64) Slot {
  SteadyClock::time_point start;
  SteadyClock::time_point end;
  bool wrong_sum = false;
};

struct FreePages {
  void operator()(double* p) const { ::operator delete[](p, std::align_val_t(kPage)); }
};

// The three arrays and the threads' rendezvous. Thread t owns elements [t * slice, (t+1) * slice)
// of each array; thread 0 is the caller, which also decides what the others do next.
class Team {
 public:
  Team(double* buffer, std::size_t slice, unsigned threads)
      : a_(buffer),
        b_(buffer + slice * threads),
        c_(buffer + 2 * slice * threads),
        slice_(slice),
        sync_(threads),
        slots_(threads) {}

  // A worker thread (t > 0): fills its slice, then runs every step thread 0 publishes.
  void work(unsigned t) {
    fill(t);
    while (true) {
      sync_.arrive_and_wait();  // step_ is published
      const Step step = step_;
      if (step == Step::stop) return;
      run(t, step);
      sync_.arrive_and_wait();  // every slice is done
    }
  }

  // Thread 0: publishes a step, runs its own slice, and returns the seconds from the first thread's
  // start to the last thread's end.
  double step(Step step) {
    step_ = step;
    sync_.arrive_and_wait();
    if (step == Step::stop) return 0;
    run(0, step);
    sync_.arrive_and_wait();
    SteadyClock::time_point first = slots_[0].start;
    SteadyClock::time_point last = slots_[0].end;
    for (const Slot& slot : slots_) {
      first = std::min(first, slot.start);
      last = std::max(last, slot.end);
    }
    return std::chrono::duration<double>(last - first).count();
  }

  void fill(unsigned t) {
    const std::size_t at = t * slice_;
    std::fill_n(a_ + at, slice_, kA);
    std::fill_n(b_ + at, slice_, kB);
    std::fill_n(c_ + at, slice_, kC);
  }

  // Takes the place of a thread that could not be started, so the others are not left waiting.
  void drop_missing_thread() { sync_.arrive_and_drop(); }

  bool any_wrong_sum() const {
    return std::any_of(slots_.begin(), slots_.end(), [](const Slot& slot) { return slot.wrong_sum; });
  }

 private:
  void run(unsigned t, Step step) {
    const std::size_t at = t * slice_;
    Slot& slot = slots_[t];
    slot.start = SteadyClock::now();
    if (step == Step::read) {
      const std::uint64_t sum =
          read_bits_sum(a_ + at, slice_) + read_bits_sum(b_ + at, slice_) + read_bits_sum(c_ + at, slice_);
      slot.end = SteadyClock::now();
      const std::uint64_t expected =
          (std::bit_cast<std::uint64_t>(kA) + std::bit_cast<std::uint64_t>(kB) + std::bit_cast<std::uint64_t>(kC)) *
          slice_;
      slot.wrong_sum = slot.wrong_sum || sum != expected;
    } else {
      triad(a_ + at, b_ + at, c_ + at, kScalar, slice_);
      slot.end = SteadyClock::now();
    }
  }

  double* a_;
  double* b_;
  double* c_;
  std::size_t slice_;
  ThreadBarrier sync_;
  Step step_ = Step::read;
  std::vector<Slot> slots_;
};

double seconds_since(SteadyClock::time_point start) {
  return std::chrono::duration<double>(SteadyClock::now() - start).count();
}

void check_options(const BandwidthOptions& options) {
  if (!std::isfinite(options.budget_seconds) || options.budget_seconds < 0) {
    throw UsageError(
        fmt::format("the bandwidth probe's budget must be a number of seconds >= 0, not {}", options.budget_seconds));
  }
  if (options.threads > kMaxThreads) {
    throw UsageError(fmt::format("the bandwidth probe runs at most {} threads, not {}", kMaxThreads, options.threads));
  }
}

}  // namespace

std::uint64_t bandwidth_array_bytes(std::uint64_t requested, const platform::MemoryHierarchy& sizes, unsigned threads) {
  std::uint64_t bytes = requested;
  if (bytes == 0) {
    bytes = std::max(4 * sizes.last_level_cache_bytes, kMinBandwidthArrayBytes);
    if (sizes.available_memory_bytes > 0) bytes = std::min(bytes, sizes.available_memory_bytes / 12);
  }
  const std::uint64_t unit = std::uint64_t{std::max(threads, 1u)} * kPage;
  return std::max<std::uint64_t>(bytes / unit, 1) * unit;
}

std::uint64_t read_repetition_bytes(std::uint64_t array_bytes) { return 3 * array_bytes; }

std::uint64_t triad_repetition_bytes(std::uint64_t array_bytes) { return 3 * array_bytes; }

double gb_per_s(std::uint64_t bytes, double seconds) {
  return static_cast<double>(bytes) / std::max(seconds, 1e-9) / 1e9;
}

BandwidthRate summarize_bandwidth(std::vector<double> samples_gb_per_s) {
  const Summary summary = summarize(samples_gb_per_s, {});
  return {summary.max, summary.median, std::move(samples_gb_per_s)};
}

BandwidthResult measure_memory_bandwidth(const BandwidthOptions& options) {
  check_options(options);
  const auto setup_start = SteadyClock::now();
  BandwidthResult result;
  const platform::MemoryHierarchy sizes = platform::read_memory_hierarchy();
  result.threads = options.threads > 0 ? options.threads : std::max(platform::read_cpu_cores().logical, 1u);
  result.array_bytes = bandwidth_array_bytes(options.array_bytes, sizes, result.threads);
  result.last_level_cache_bytes = sizes.last_level_cache_bytes;
  result.read_bytes_per_repetition = read_repetition_bytes(result.array_bytes);
  result.triad_bytes_per_repetition = triad_repetition_bytes(result.array_bytes);

  // Untouched pages: no physical memory is taken until a thread first writes its slice.
  const std::unique_ptr<double[], FreePages> buffer(
      static_cast<double*>(::operator new[](3 * result.array_bytes, std::align_val_t(kPage), std::nothrow)));
  if (!buffer) {
    throw Error(ErrorCategory::runtime,
                fmt::format("cannot allocate 3 x {} MiB for the memory-bandwidth probe", result.array_bytes >> 20));
  }
  std::vector<double> read;
  std::vector<double> triad;
  read.reserve(kMaxRounds);
  triad.reserve(kMaxRounds);
  const std::size_t slice = result.array_bytes / sizeof(double) / result.threads;
  Team team(buffer.get(), slice, result.threads);
  // From the first thread started until Step::stop nothing may throw: the workers would wait at
  // the barrier forever and the jthreads' join with them. Hence the reservations.
  std::vector<std::jthread> workers;
  workers.reserve(result.threads);
  try {
    for (unsigned t = 1; t < result.threads; ++t) workers.emplace_back([&team, t] { team.work(t); });
  } catch (const std::system_error& e) {
    for (std::size_t t = workers.size() + 1; t < result.threads; ++t) team.drop_missing_thread();
    team.step(Step::stop);
    workers.clear();
    throw Error(ErrorCategory::runtime, fmt::format("the memory-bandwidth probe could not start {}: {}",
                                                    count_of(result.threads, "thread"), e.what()));
  }
  team.fill(0);
  team.step(Step::read);  // the warmup round: first touches are done, caches and TLBs settle
  team.step(Step::triad);
  result.setup_seconds = seconds_since(setup_start);
  const auto timed_start = SteadyClock::now();
  while (read.size() < kMinBandwidthRounds ||
         (seconds_since(timed_start) < options.budget_seconds && read.size() < kMaxRounds)) {
    read.push_back(gb_per_s(result.read_bytes_per_repetition, team.step(Step::read)));
    triad.push_back(gb_per_s(result.triad_bytes_per_repetition, team.step(Step::triad)));
  }
  result.timed_seconds = seconds_since(timed_start);
  team.step(Step::stop);
  workers.clear();
  if (team.any_wrong_sum()) {
    throw Error(ErrorCategory::runtime, "the memory-bandwidth probe read back values it did not write");
  }
  result.read = summarize_bandwidth(std::move(read));
  result.triad = summarize_bandwidth(std::move(triad));
  return result;
}

}  // namespace winml::perf

#pragma once
/// \file
/// One reading of every counter the resource sampler polls, at one instant, and the interface of a
/// counter beyond CPU and memory (an energy meter, an accelerator). Fixed size, so the sampler keeps
/// its readings in a buffer reserved before the run and never allocates while the run is timed.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace winml::resources {

/// Engine types (Windows' "3D", "Compute", "Copy", ...) a run can tell apart: the slots of
/// Sample::engine_utilisation. Types beyond these still count towards device_utilisation.
inline constexpr std::size_t kMaxEngineTypes = 8;

/// A slot of Sample::engine_utilisation that no source wrote.
inline constexpr float kUnreadEngine = -1.0F;

/// The counters at one instant. Cumulative counters (CPU seconds, joules) are differenced between two
/// readings; levels (RSS, device memory, utilisation) are read as they are.
struct Sample {
  double t_s = 0;               ///< the benchmark's monotonic clock, seconds
  double process_cpu_s = 0;     ///< this process's user + system CPU seconds, every thread
  double machine_busy_s = 0;    ///< every core's busy seconds, every process (/proc/stat, GetSystemTimes); 0 unknown
  double machine_total_s = 0;   ///< every core's busy + idle seconds: machine_busy_s's denominator; 0 unknown
  std::uint64_t rss_bytes = 0;  ///< resident set of this process; 0 unknown
  std::optional<std::uint64_t> device_memory_bytes;         ///< accelerator memory in use, every device summed
  std::optional<double> device_utilisation;                 ///< busiest accelerator engine, 0..1
  std::optional<std::uint64_t> device_shared_memory_bytes;  ///< system memory the accelerators use (Windows)
  /// The busiest engine of each engine type, 0..1, in the slots the sampler gave the sources
  /// (SamplerRecord::engine_types names them); kUnreadEngine where none was read.
  std::array<float, kMaxEngineTypes> engine_utilisation = {kUnreadEngine, kUnreadEngine, kUnreadEngine, kUnreadEngine,
                                                           kUnreadEngine, kUnreadEngine, kUnreadEngine, kUnreadEngine};
  std::optional<double> energy_j;  ///< joules of every energy domain read, since the sampler opened them (wraps undone)
};

/// Whether a source of readings could be used on this machine, and if not, why: what the report's
/// "energy: not available (...)" and "no accelerator utilisation (...)" name.
struct SourceStatus {
  std::string name;        ///< e.g. "rapl", "nvml", "pdh", "emi"
  bool available = false;  ///< it was opened and is read at every tick
  std::string detail;      ///< what it reads when available ("package-0, dram"), why not otherwise
};

/// True for the sources that tell accelerator use (utilisation, device memory): nvml and pdh.
inline bool tells_device_use(const SourceStatus& source) { return source.name == "nvml" || source.name == "pdh"; }

/// A counter the sampler reads at every tick besides CPU and memory.
class CounterSource {
 public:
  virtual ~CounterSource() = default;
  /// Its SourceStatus::name.
  virtual const std::string& name() const = 0;
  /// Adds what it reads to `sample`: energy adds to energy_j (several meters sum), memory adds to
  /// device_memory_bytes, utilisation keeps the highest. Called from the sampler's thread only; must
  /// neither allocate nor throw.
  virtual void read(Sample& sample) noexcept = 0;

  /// How many Sample::engine_utilisation slots it would fill (one per engine type); 0 for none.
  virtual std::size_t engine_slots() const { return 0; }
  /// The engine type of each slot it filled, in slot order. Read once the sampler has stopped (a
  /// source may name a type the first time it sees it).
  virtual std::vector<std::string> engine_types() const { return {}; }
  /// The slots it may fill: [first, first + count), count at most engine_slots(). Set by the
  /// sampler before the first read.
  void assign_engine_slots(std::size_t first, std::size_t count) {
    first_engine_slot_ = first;
    engine_slot_count_ = count;
  }
  std::size_t first_engine_slot() const { return first_engine_slot_; }
  std::size_t engine_slot_count() const { return engine_slot_count_; }

 protected:
  std::size_t first_engine_slot_ = 0;
  std::size_t engine_slot_count_ = 0;
};

}  // namespace winml::resources

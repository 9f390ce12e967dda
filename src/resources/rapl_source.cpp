#include "resources/rapl_source.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <system_error>

#include "platform/read_file.h"

namespace winml::resources {
namespace {

namespace fs = std::filesystem;

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
  return text;
}

// A zone's small text file ("name", "max_energy_range_uj"); empty when unreadable.
std::string zone_text(const fs::path& file) {
  const platform::FileRead read = platform::read_file_bounded(file, 4096);
  return read.problem == platform::ReadProblem::none ? trimmed(read.bytes) : std::string();
}

// Zones whose energy is counted: every package and every DRAM subzone of one.
bool counted(const std::string& name) { return name.starts_with("package") || name == "dram"; }

}  // namespace

double parse_microjoules(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.remove_suffix(1);
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || text.empty()) return -1;
  return static_cast<double>(value) * 1e-6;
}

std::unique_ptr<RaplSource> RaplSource::open(const fs::path& powercap_root, SourceStatus& status) {
  status = {"rapl", false, {}};
  std::error_code ec;
  if (!fs::is_directory(powercap_root, ec)) {
    status.detail = "no " + powercap_root.string() + " (Linux with the intel_rapl powercap driver)";
    return nullptr;
  }
  // The class folder lists every zone and subzone flat: intel-rapl:0, intel-rapl:0:0, ...
  std::vector<fs::path> zones;
  for (fs::directory_iterator it(powercap_root, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().filename().string().starts_with("intel-rapl:")) zones.push_back(it->path());
  }
  std::sort(zones.begin(), zones.end());
  auto source = std::unique_ptr<RaplSource>(new RaplSource());
  std::string read_names;
  std::string refused;
  for (const fs::path& zone : zones) {
    const std::string name = zone_text(zone / "name");
    if (!counted(name)) continue;
    Zone z;
    z.energy = platform::CounterFile(zone / "energy_uj");
    const double now = z.energy.is_open() ? parse_microjoules(z.energy.read(source->buffer_)) : -1;
    if (now < 0) {
      if (refused.empty()) {
        refused = zone.filename().string() + "/energy_uj: " + (z.energy.is_open() ? "unreadable" : z.energy.error());
        // There but refused: what a user who is not root meets.
        if (fs::exists(zone / "energy_uj", ec))
          refused +=
              " (energy_uj is readable by root only since Linux 5.10: run as root, or allow it with `sudo "
              "chmod a+r /sys/class/powercap/intel-rapl:*/energy_uj`)";
      }
      continue;
    }
    z.last_j = now;
    z.range_j = std::max(0.0, parse_microjoules(zone_text(zone / "max_energy_range_uj")));
    source->zones_.push_back(std::move(z));
    read_names += (read_names.empty() ? "" : ", ") + name;
  }
  if (source->zones_.empty()) {
    status.detail = refused.empty() ? "no package or dram zone under " + powercap_root.string() : refused;
    return nullptr;
  }
  status.available = true;
  status.detail = read_names;
  return source;
}

void RaplSource::read(Sample& sample) noexcept {
  double joules = 0;
  for (Zone& z : zones_) {
    const double now = parse_microjoules(z.energy.read(buffer_));
    if (now < 0) continue;  // a failed read: counted at the next one
    double delta = now - z.last_j;
    if (delta < 0) delta += z.range_j;  // wrapped
    if (delta > 0) z.total_j += delta;
    z.last_j = now;
    joules += z.total_j;
  }
  sample.energy_j = sample.energy_j.value_or(0) + joules;
}

}  // namespace winml::resources

#include "platform/peak_rss_reset.h"

namespace winml::platform {

// Windows keeps PeakWorkingSetSize for the life of the process and offers no call that resets it
// (emptying the working set lowers the current size only), so the peak cannot be restarted.
bool reset_peak_rss() { return false; }

}  // namespace winml::platform

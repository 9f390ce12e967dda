#pragma once
/// \file
/// What `perf --input-data DIR` needs of DIR's files, checked before anything loads: the model's
/// input types are known only once it is loaded, but whether each input_N.pb can be read at all is
/// not. A folder named input_0.pb, a FIFO (which would block the read), a link to /dev/zero or a
/// file past the size bound is refused in milliseconds, not after the session is created.

#include <filesystem>

namespace winml::perf {

/// Checks every input_N.pb (and, with `outputs`, output_N.pb) of `dir`, or of each of its
/// test_data_set_* folders when `dir` holds no input_N.pb: each must be a regular file of at most
/// kMaxTensorFileBytes (util/file_limits.h). Throws UsageError naming the entry and the fix.
/// Whether the folders hold the right files for the model is load_data_sets' to say.
void check_input_data_files(const std::filesystem::path& dir, bool outputs);

}  // namespace winml::perf

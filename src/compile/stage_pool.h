#pragma once
/// \file
/// Runs the compiles of a bundle's stages side by side: a fixed number of threads, each taking
/// the next stage in order and waiting on its compile worker process. The threads only wait; the
/// work (and any crash) happens in the worker processes (artifact_builder.h).

#include <cstddef>
#include <functional>

namespace winml::compile {

/// Runs task(0) ... task(count - 1) on up to `workers` threads; each thread takes the lowest index
/// not yet taken, so tasks start in index order. With one worker, or one task, they run one after
/// another in the calling thread. When tasks throw, no further task starts, those running finish,
/// and the exception of the lowest index is rethrown.
void run_indexed(std::size_t count, unsigned workers, const std::function<void(std::size_t)>& task);

}  // namespace winml::compile

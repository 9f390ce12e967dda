#pragma once
// The Python API's commands (winml.perf.run, perf.compare, sys, bundle.synth): winml's command
// line run in this process, its output handed back as data.

#include <pybind11/pybind11.h>

namespace winml::python {

/// Adds _run_command and _command_flags to the module.
void bind_embedded_commands(pybind11::module_& module);

}  // namespace winml::python

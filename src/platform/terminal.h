#pragma once
/// \file
/// Whether the standard streams reach a terminal, so colour is written only where a person reads
/// it, and making that terminal show colour.

namespace winml::platform {

enum class StandardStream { output, error };

/// True when `stream` is connected to a terminal (not a file or a pipe).
bool is_terminal(StandardStream stream);

/// True when standard input is a terminal (a person typing), not a file, a pipe or the null device.
bool standard_input_is_terminal();

/// Makes the terminal behind `stream` interpret ANSI colour sequences; false when it cannot, and
/// colour must not be written. POSIX terminals always do. A Windows console does once virtual
/// terminal processing is switched on (Windows 10 and later); consoles that refuse it would print
/// the sequences as text.
bool enable_colour(StandardStream stream);

/// Makes a console show the UTF-8 winml writes (names, sparklines, ±) as text rather than as
/// code-page characters. POSIX terminals take the locale's encoding, UTF-8 in practice: nothing to
/// do there. A Windows console is switched to code page 65001 for this process's output.
void use_utf8_console();

}  // namespace winml::platform

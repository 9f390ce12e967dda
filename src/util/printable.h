#pragma once
/// \file
/// Text that came from outside winml (a report, a bundle's config, a model's metadata, an EP
/// library, a command-line argument) made safe to show on a terminal or in a log: a report from
/// another machine must not set the terminal's title, clear the screen, colour or forge lines.
/// Applied where such text is formatted into human output (docs/security.md, "Terminal output").
///
/// What is escaped, each as visible text: C0 controls and DEL (`\x1b`, `\x07`, `\x7f`; line
/// breaks and tabs as `\n`, `\r`, `\t`), C1 controls U+0080-U+009F (`\u009b`: a terminal may read
/// U+009B as CSI), the line and paragraph separators and the bidirectional overrides and isolates
/// U+2028-U+202E, U+2066-U+2069 (they reorder or break what a line shows), and every byte that is
/// not part of well-formed UTF-8 (`\xff`). Everything else is kept as it is, non-ASCII letters
/// and symbols included. A backslash is kept too (Windows paths stay readable), so the escapes
/// are for reading, not for decoding back.

#include <cstddef>
#include <string>
#include <string_view>

namespace winml {

/// `text` on one line with every control, separator, bidi override and invalid byte escaped.
/// For a value inside a message or a table cell.
std::string printable(std::string_view text);

/// Like printable, but line breaks ("\n") and tabs stay: for a whole multi-line message (an
/// error, a warning, a log line) whose own lines are winml's. A value in it that must stay on its
/// line is made printable() first.
std::string printable_lines(std::string_view text);

/// Most characters of a user's value (a flag's argument, an entry of an environment variable)
/// that a message repeats: a 300-digit number needs no more to be recognised.
inline constexpr std::size_t kEchoChars = 40;
/// Most characters of a path that a message repeats: longer than any path a user types, far
/// shorter than the 100 KB one an environment variable can hold.
inline constexpr std::size_t kEchoPathChars = 300;

/// Most characters of one message (an error, a warning): far more than any message winml writes
/// itself; a message past it repeats something huge (a list of 10,000 shards, a 100 KB path).
inline constexpr std::size_t kMessageChars = 4000;

/// printable_lines(text) cut after kMessageChars characters, with a note of how long it was: what
/// main() and the warnings print, the last guard against a huge or raw message.
std::string printable_message(std::string_view text);

/// printable(text), cut after `max_chars` characters (code points of the escaped text) with
/// "…" appended when it was longer: what a message says to show the value it refuses.
std::string echo(std::string_view text, std::size_t max_chars = kEchoChars);

/// `json`, text written by a JSON serialiser, with the characters printable() escapes that JSON
/// lets through raw (C1 controls, U+2028-U+202E, U+2066-U+2069) written as \u escapes: the same
/// document, now safe on a terminal. Control characters below U+0020 are escaped by every
/// serialiser already; these only occur inside strings, where a \u escape means the same.
std::string printable_json(std::string_view json);

}  // namespace winml

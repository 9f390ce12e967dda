#pragma once
/// \file
/// How winml names a folder it keeps for one model (default reports, derived bundles): the
/// model's name and a digest of its resolved path, so two models with one name in different
/// folders never share a folder and one model reached by different paths always gets the same.

#include <cstddef>
#include <filesystem>
#include <string>

namespace winml::storage {

/// The name a model goes by: the folder name of a bundle, the file name without extension of an
/// .onnx file. Trailing slashes are ignored; a name that cannot serve as one folder ("", ".",
/// "..") becomes "model". Lexical: the file system is not asked.
std::string model_name(const std::filesystem::path& model);

/// model_name(resolved), a dash and the first `digits` (1 to 16) hex digits of
/// digest(resolved.string()), e.g. "resnet50-1a2b3c4d". `resolved` is the absolute, link-resolved
/// path the caller settled on; the names of existing caches depend on these exact bytes.
std::string model_folder_name(const std::filesystem::path& resolved, std::size_t digits);

}  // namespace winml::storage

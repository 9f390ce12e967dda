#include "storage/model_folder_name.h"

#include <stdexcept>

#include "storage/digest.h"

namespace winml::storage {

std::string model_name(const std::filesystem::path& model) {
  std::filesystem::path p = model.lexically_normal();
  if (!p.has_filename()) p = p.parent_path();  // "bundle/" normalises to "bundle/" with no filename
  std::string name = p.extension() == ".onnx" ? p.stem().string() : p.filename().string();
  if (name.empty() || name == "." || name == "..") return "model";
  return name;
}

std::string model_folder_name(const std::filesystem::path& resolved, std::size_t digits) {
  if (digits == 0 || digits > 16) throw std::invalid_argument("model_folder_name: digits must be 1 to 16");
  return model_name(resolved) + "-" + digest(resolved.string()).substr(0, digits);
}

}  // namespace winml::storage

#include "util/json_read.h"

#include <cstddef>
#include <memory>
#include <unordered_set>
#include <utility>
#include <vector>

namespace winml::json_read {
namespace {

// A key is written as `.key` when it reads as a name, else as `["key"]` (JSON-quoted, so a key
// holding dots, brackets or control characters cannot forge another path).
void append_key(std::string& path, const std::string& key) {
  const bool plain = !key.empty() && key.find_first_not_of(
                                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                         "0123456789_-") == std::string::npos;
  if (plain) {
    if (!path.empty()) path += '.';
    path += key;
  } else {
    path += "[" + nlohmann::json(key).dump(-1, ' ', /*ensure_ascii=*/true) + "]";
  }
}

// nlohmann's SAX interface, building the document as its own DOM parser does (each value goes
// straight into its parent), plus the duplicate-key and depth checks. Nothing here rescans: a key
// is checked against its object's keys (a hash set once the object is large), a value is appended.
template <class Json>
class StrictDomBuilder {
 public:
  using number_integer_t = typename Json::number_integer_t;
  using number_unsigned_t = typename Json::number_unsigned_t;
  using number_float_t = typename Json::number_float_t;
  using string_t = typename Json::string_t;
  using binary_t = typename Json::binary_t;

  StrictDomBuilder(Json& root, int max_depth) : root_(root), max_depth_(max_depth) {}

  bool null() { return place(Json(nullptr)) != nullptr; }
  bool boolean(bool value) { return place(Json(value)) != nullptr; }
  bool number_integer(number_integer_t value) { return place(Json(value)) != nullptr; }
  bool number_unsigned(number_unsigned_t value) { return place(Json(value)) != nullptr; }
  bool number_float(number_float_t value, const string_t& /*text*/) { return place(Json(value)) != nullptr; }
  bool string(string_t& value) { return place(Json(std::move(value))) != nullptr; }
  bool binary(binary_t& value) { return place(Json::binary(std::move(value))) != nullptr; }

  bool start_object(std::size_t /*elements*/) { return open(Json::value_t::object); }
  bool start_array(std::size_t /*elements*/) { return open(Json::value_t::array); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  bool key(string_t& key) {
    Frame& frame = frames_.back();
    auto& object = frame.container->template get_ref<typename Json::object_t&>();
    if (contains(frame, object, key)) {
      std::string parent = path();
      std::string where = parent;
      append_key(where, key);
      throw JsonReadError(JsonReadError::Kind::duplicate_key,
                          "the key " + nlohmann::json(key).dump(-1, ' ', true) + " is given twice in " +
                              (parent.empty() ? std::string("the top-level object") : parent) + " (the second at " +
                              where + ")",
                          where);
    }
    if (frame.seen) frame.seen->insert(key);
    frame.key = key;
    if constexpr (requires { typename Json::object_t::Container; }) {
      // ordered_map's emplace searches the whole object first; the key is known to be new.
      auto& entries = static_cast<typename Json::object_t::Container&>(object);
      entries.emplace_back(std::move(key), nullptr);
      slot_ = &entries.back().second;
    } else {
      slot_ = &object.emplace(std::move(key), nullptr).first->second;
    }
    return true;
  }

  bool parse_error(std::size_t /*position*/, const std::string& /*last_token*/, const nlohmann::detail::exception& e) {
    throw JsonReadError(JsonReadError::Kind::not_json, e.what(), "");
  }

 private:
  // An open object or array, and where inside it the reader is (for error paths).
  struct Frame {
    Json* container = nullptr;
    std::string key;                                        // object: the current key
    std::unique_ptr<std::unordered_set<std::string>> seen;  // object: its keys, once it is large
  };

  // A linear scan is cheapest for the few keys most objects have; past that, a set keeps a
  // hostile object of a million keys linear.
  static constexpr std::size_t kScanLimit = 32;

  static bool contains(Frame& frame, const typename Json::object_t& object, const std::string& key) {
    if (frame.seen) return frame.seen->count(key) != 0;
    if constexpr (requires { typename Json::object_t::Container; }) {
      if (object.size() >= kScanLimit) {
        frame.seen = std::make_unique<std::unordered_set<std::string>>();
        for (const auto& entry : object) frame.seen->insert(entry.first);
        return frame.seen->count(key) != 0;
      }
      for (const auto& entry : object) {
        if (entry.first == key) return true;
      }
      return false;
    } else {
      return object.find(key) != object.end();
    }
  }

  Json* place(Json&& value) {
    if (frames_.empty()) {
      root_ = std::move(value);
      return &root_;
    }
    Json& container = *frames_.back().container;
    if (container.is_array()) {
      auto& array = container.template get_ref<typename Json::array_t&>();
      array.push_back(std::move(value));
      return &array.back();
    }
    *slot_ = std::move(value);
    return slot_;
  }

  bool open(typename Json::value_t type) {
    if (static_cast<int>(frames_.size()) >= max_depth_) {
      std::string where = path(/*next_value=*/true);
      throw JsonReadError(JsonReadError::Kind::too_deep,
                          "it nests JSON more than " + std::to_string(max_depth_) + " levels deep" +
                              (where.empty() ? std::string() : " (at " + where + ")"),
                          where);
    }
    Json* container = place(Json(type));
    frames_.push_back(Frame{container, {}, nullptr});
    return true;
  }

  bool close() {
    frames_.pop_back();
    return true;
  }

  // The path of the innermost open container, or with `next_value` of the value about to be
  // placed in it (its key, or the index it will get).
  std::string path(bool next_value = false) const {
    std::string text;
    for (std::size_t i = 0; i < frames_.size(); ++i) {
      const Json& container = *frames_[i].container;
      const bool last = i + 1 == frames_.size();
      if (last && !next_value) break;
      if (container.is_object()) {
        append_key(text, frames_[i].key);
      } else {
        // An inner container was appended already; the next value is not there yet.
        text += "[" + std::to_string(last ? container.size() : container.size() - 1) + "]";
      }
    }
    return text;
  }

  Json& root_;
  int max_depth_;
  std::vector<Frame> frames_;
  Json* slot_ = nullptr;  // where the value after the current key goes
};

template <class Json>
Json parse_strict(std::string_view text, int max_depth) {
  Json root;
  StrictDomBuilder<Json> builder(root, max_depth);
  Json::sax_parse(text.begin(), text.end(), &builder, nlohmann::json::input_format_t::json, /*strict=*/true);
  return root;
}

}  // namespace

nlohmann::json parse(std::string_view text, int max_depth) { return parse_strict<nlohmann::json>(text, max_depth); }

nlohmann::ordered_json parse_ordered(std::string_view text, int max_depth) {
  return parse_strict<nlohmann::ordered_json>(text, max_depth);
}

}  // namespace winml::json_read

#include "synth/bpe_vocab.h"

#include <array>
#include <deque>
#include <map>
#include <stdexcept>
#include <unordered_map>

#include "synth/bpe_corpus.h"

namespace winml::synth {
namespace {

std::string utf8(char32_t cp) {
  std::string out;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else {
    // The byte alphabet stays below U+0800: two UTF-8 bytes at most.
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return out;
}

// GPT-2's byte-to-unicode table: printable Latin-1 bytes spell themselves, the other 68 bytes
// (controls, space, DEL...) are moved to U+0100 upwards so every token is printable text.
const std::array<std::string, 256>& byte_alphabet() {
  static const std::array<std::string, 256> table = [] {
    std::array<std::string, 256> t;
    char32_t next = 256;
    for (int b = 0; b < 256; ++b) {
      bool printable = (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174);
      t[static_cast<std::size_t>(b)] = utf8(printable ? static_cast<char32_t>(b) : next++);
    }
    return t;
  }();
  return table;
}

enum class CharClass { letter, digit, space, newline, other };

CharClass classify(char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return CharClass::letter;
  if (c >= '0' && c <= '9') return CharClass::digit;
  if (c == ' ') return CharClass::space;
  if (c == '\n') return CharClass::newline;
  return CharClass::other;
}

// Pre-tokens the way byte-level BPE splits English: an optional leading space glued to a run of
// letters, digits or punctuation; runs of spaces or newlines on their own.
std::map<std::string, std::int64_t> pre_token_counts(std::string_view text) {
  std::map<std::string, std::int64_t> counts;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t start = i;
    if (text[i] == ' ' && i + 1 < text.size() && classify(text[i + 1]) != CharClass::space &&
        classify(text[i + 1]) != CharClass::newline) {
      ++i;
    }
    const CharClass cls = classify(text[i]);
    while (i < text.size() && classify(text[i]) == cls) ++i;
    ++counts[std::string(text.substr(start, i - start))];
  }
  return counts;
}

class Builder {
 public:
  explicit Builder(std::size_t target) : target_(target) {
    for (const auto& spelling : byte_alphabet()) add_token(spelling);
  }

  // Learns merges from the training text until no pair occurs twice or the size is reached.
  void learn_from(std::string_view text) {
    std::vector<std::pair<std::vector<int>, std::int64_t>> words;
    for (const auto& [word, count] : pre_token_counts(text)) {
      std::vector<int> ids;
      for (unsigned char b : word) ids.push_back(b);
      words.emplace_back(std::move(ids), count);
    }
    while (!full()) {
      // std::map iterates pairs in a fixed order, so ties always resolve the same way.
      std::map<std::pair<int, int>, std::int64_t> pairs;
      for (const auto& [ids, count] : words) {
        for (std::size_t j = 0; j + 1 < ids.size(); ++j) pairs[{ids[j], ids[j + 1]}] += count;
      }
      std::pair<int, int> best{};
      std::int64_t best_count = 1;
      for (const auto& [pair, count] : pairs) {
        if (count > best_count) {
          best = pair;
          best_count = count;
        }
      }
      if (best_count < 2) return;
      const int merged = merge(best.first, best.second);
      for (auto& [ids, count] : words) {
        std::vector<int> next;
        for (std::size_t j = 0; j < ids.size(); ++j) {
          if (j + 1 < ids.size() && ids[j] == best.first && ids[j + 1] == best.second) {
            next.push_back(merged);
            ++j;
          } else {
            next.push_back(ids[j]);
          }
        }
        ids = std::move(next);
      }
    }
  }

  // Fills the rest with letter extensions of word-like tokens, shortest first: valid merges that
  // only matter for text the training sample never saw.
  void fill_with_letters() {
    static constexpr std::string_view kLetters = "etaoinsrhldcumfpgwybvkxjqz";
    std::deque<int> queue;
    for (std::size_t id = 0; id < vocab_.tokens.size(); ++id) {
      if (word_like(vocab_.tokens[id])) queue.push_back(static_cast<int>(id));
    }
    while (!full()) {
      const int base = queue.front();
      queue.pop_front();
      for (char letter : kLetters) {
        if (full()) break;
        const std::string candidate = vocab_.tokens[static_cast<std::size_t>(base)] + letter;
        if (ids_.count(candidate) == 0) queue.push_back(merge(base, static_cast<unsigned char>(letter)));
      }
    }
  }

  BpeVocab take() { return std::move(vocab_); }

 private:
  static bool word_like(const std::string& token) {
    std::string_view rest = token;
    static const std::string kSpace = byte_alphabet()[' '];
    if (rest.substr(0, kSpace.size()) == kSpace) rest.remove_prefix(kSpace.size());
    for (char c : rest) {
      if (c < 'a' || c > 'z') return false;
    }
    return !token.empty();
  }

  bool full() const { return vocab_.tokens.size() >= target_; }

  int add_token(const std::string& token) {
    auto [it, inserted] = ids_.emplace(token, static_cast<int>(vocab_.tokens.size()));
    if (inserted) vocab_.tokens.push_back(token);
    return it->second;
  }

  // Records the merge a + b; a merge that respells an existing token reuses its id.
  int merge(int a, int b) {
    const auto& left = vocab_.tokens[static_cast<std::size_t>(a)];
    const auto& right = vocab_.tokens[static_cast<std::size_t>(b)];
    vocab_.merges.emplace_back(left, right);
    return add_token(left + right);
  }

  std::size_t target_;
  BpeVocab vocab_;
  std::unordered_map<std::string, int> ids_;
};

}  // namespace

std::int64_t BpeVocab::special_id(std::string_view token) const {
  for (std::size_t i = 0; i < kSpecialTokens.size(); ++i) {
    if (kSpecialTokens[i] == token) return static_cast<std::int64_t>(tokens.size() + i);
  }
  throw std::invalid_argument("not a special token: " + std::string(token));
}

BpeVocab make_bpe_vocab(std::int64_t vocab_size) {
  if (vocab_size < kMinVocabSize) throw std::invalid_argument("vocabulary smaller than the byte and special tokens");
  Builder builder(static_cast<std::size_t>(vocab_size) - kSpecialTokens.size());
  builder.learn_from(bpe_training_text());
  builder.fill_with_letters();
  return builder.take();
}

std::string byte_level_spelling(std::string_view bytes) {
  std::string out;
  for (unsigned char b : bytes) out += byte_alphabet()[b];
  return out;
}

}  // namespace winml::synth

// Three requests at once on one bundle through GenAI's Engine, each one's text as it arrives:
//   serve_requests <bundle> [new tokens]
#include <winml/winml.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <string>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: serve_requests BUNDLE [NEW_TOKENS]\n";
    return 2;
  }
  const int new_tokens = argc > 2 ? std::atoi(argv[2]) : 32;
  winml::EngineScope engines;
  try {
    winml::GenaiSession session(argv[1]);
    winml::ServingSession serving(session);
    std::map<std::uint64_t, std::string> texts;
    for (const char* prompt : {"Tell me about cats.", "What is a GPU?", "Write a haiku."})
      texts[serving.submit(session.apply_chat_template(prompt), new_tokens)];
    int steps = 0;
    int finished = 0;
    while (serving.step([&](const winml::ServedText& piece) {
      texts[piece.request] += piece.text;
      if (piece.finished) ++finished;
    })) {
      ++steps;
    }
    for (const auto& [id, text] : texts) std::cout << "request " << id << ": " << text << "\n";
    std::cerr << finished << " requests in " << steps + 1 << " engine steps (at most " << serving.max_batch_size()
              << " at once)\n";
  } catch (const winml::Error& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

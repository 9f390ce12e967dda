// Streams a bundle's answer to a prompt, as the "Programmatic use" snippet of the original tool
// does:  stream_generate <bundle> [prompt] [ep]
#include <winml/winml.h>

#include <iostream>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: stream_generate BUNDLE [PROMPT] [EP]\n";
    return 2;
  }
  winml::EngineScope engines;
  try {
    winml::GenaiSessionOptions options;
    if (argc > 3) options.ep = winml::EpChoice::parse(argv[3]);
    winml::GenaiSession session(argv[1], options);
    winml::GenerationConfig config;
    config.max_new_tokens = 64;
    std::string prompt = session.apply_chat_template(argc > 2 ? argv[2] : "Hello, world!");
    auto timing =
        session.generate_streaming(prompt, config, [](std::string_view piece) { std::cout << piece << std::flush; });
    std::cout << "\n";
    std::cerr << timing.generated_tokens << " tokens, TTFT " << timing.ttft_s() * 1000 << " ms\n";
  } catch (const winml::Error& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

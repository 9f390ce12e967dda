// test-ep-compile-child DIR: writes the chain model into DIR and compiles it to an embedded
// EPContext model with the test EP on its NPU, as a separate process, so that the tests can watch
// WINML_TEST_EP_COMPILE=crash and =hang from outside. Says "child: compiling" just before the
// compile; exits 0 when it succeeded, 1 with ORT's message otherwise.

#include <exception>
#include <filesystem>
#include <iostream>

#include "test_ep/test_ep_harness.h"
#include "test_ep/test_ep_models.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: test-ep-compile-child DIR\n";
    return 2;
  }
  try {
    const std::filesystem::path dir(argv[1]);
    winml::test_ep::RegisteredTestEp registered;
    winml::test_ep::write_chain_model(dir / "child.onnx");
    std::cout << "child: compiling" << std::endl;
    winml::test_ep::compile_model(dir / "child.onnx", dir / "child_ctx.onnx", /*embed=*/true);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "test-ep-compile-child: " << e.what() << "\n";
    return 1;
  }
}

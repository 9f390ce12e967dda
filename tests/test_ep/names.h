#pragma once
/// \file
/// How the test EP presents itself. Nothing outside tests/test_ep may use these names: the product
/// must treat this EP like any plugin EP it discovers at run time.

namespace winml_test_ep {

/// The EP's name as ORT and applications see it (OrtEpDevice's EpName, EPContext "source").
inline constexpr const char* kEpName = "WinmlTestEP";
/// The EP's vendor (OrtEpDevice's EpVendor).
inline constexpr const char* kVendor = "winml-tests";
/// The EP's version (factory GetVersion and the "version" EP metadata).
inline constexpr const char* kVersion = "0.1.0";

}  // namespace winml_test_ep

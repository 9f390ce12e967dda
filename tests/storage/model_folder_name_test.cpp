// The names of winml's per-model folders. The expected digests are pinned: they name the report
// and derived-bundle folders already on users' disks, which must still be found.
#include "storage/model_folder_name.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "storage/digest.h"

namespace winml::storage {
namespace {

TEST(ModelFolderName, NameOfBundleOrModel) {
  EXPECT_EQ(model_name("/models/tiny-llama"), "tiny-llama");
  EXPECT_EQ(model_name("/models/tiny-llama/"), "tiny-llama");
  EXPECT_EQ(model_name("models/resnet50.onnx"), "resnet50");
  EXPECT_EQ(model_name("./"), "model");
  EXPECT_EQ(model_name(".."), "model");
  EXPECT_EQ(model_name(""), "model");
}

TEST(ModelFolderName, DigestIsSixtyFourBitFnv1a) {
  // The FNV-1a offset basis for nothing; the rest computed independently (Python).
  EXPECT_EQ(digest(""), "cbf29ce484222325");
  EXPECT_EQ(digest("/models/tiny-llama"), "adc53053fd31ca27");
}

TEST(ModelFolderName, ReportFoldersUseEightDigitsAndDerivedBundlesSixteen) {
  EXPECT_EQ(model_folder_name("/models/tiny-llama", 8), "tiny-llama-adc53053");
  EXPECT_EQ(model_folder_name("/models/tiny-llama", 16), "tiny-llama-adc53053fd31ca27");
  EXPECT_EQ(model_folder_name("/models/resnet50.onnx", 8), "resnet50-151d46c0");
}

TEST(ModelFolderName, OneNameInTwoFoldersGetsTwoFolders) {
  EXPECT_NE(model_folder_name("/a/model.onnx", 8), model_folder_name("/b/model.onnx", 8));
}

TEST(ModelFolderName, DigitsOutsideOneToSixteenAreAProgrammingError) {
  EXPECT_THROW(model_folder_name("/m", 0), std::invalid_argument);
  EXPECT_THROW(model_folder_name("/m", 17), std::invalid_argument);
}

}  // namespace
}  // namespace winml::storage

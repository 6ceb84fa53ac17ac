// C identifiers from hostile source names: C keywords, `__`, unicode, names of the generated
// helpers and of the C library must give valid, distinct identifiers that clash with nothing.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "codegen/c_names.hpp"

namespace fx::codegen {
namespace {

bool is_c_identifier(const std::string& s) { return std::regex_match(s, std::regex("[A-Za-z][A-Za-z0-9_]*")); }

TEST(CodegenNames, UnicodeAndPunctuationAreSpelledOut) {
  EXPECT_EQ(sanitise("x"), "x");
  EXPECT_EQ(sanitise("\xce\xb8"), "_xCE_xB8");  // θ
  EXPECT_EQ(sanitise("a.b"), "a_x2Eb");
}

TEST(CodegenNames, LocalsAreValidAndNeverLookGlobal) {
  for (std::string name : {"int", "while", "__", "__x", "_", "f_main", "S_Tree", "fx_rt_put_str", "fx", "main",
                           "sin", "\xce\xb8", "9", ""}) {
    std::string local = local_name(name, 7);
    EXPECT_TRUE(is_c_identifier(local)) << local;
    for (const char* prefix : {"f_", "S_", "E_", "T_", "C_", "fx", "_"}) EXPECT_NE(local.rfind(prefix, 0), 0u) << local;
  }
  EXPECT_EQ(local_name("x", 12), "x_12");
}

TEST(CodegenNames, GlobalsAreUniqueAndPrefixed) {
  GlobalNames names;
  std::set<std::string> made;
  for (std::string name : {"loss", "loss", "int", "__", "\xce\xb8", "loss_2", "printf"}) {
    std::string g = names.make("f_", name);
    EXPECT_TRUE(is_c_identifier(g)) << g;
    EXPECT_EQ(g.rfind("f_", 0), 0u) << g;
    EXPECT_TRUE(made.insert(g).second) << g << " made twice";
  }
}

TEST(CodegenNames, StringLiteralsKeepEveryByte) {
  EXPECT_EQ(quote_c("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(quote_c("?" "?="), "\"\\?\\?=\"");  // no trigraphs
  EXPECT_EQ(quote_c("\n"), "\"\\012\"");
  EXPECT_EQ(quote_c("*/"), "\"*/\"");
}

}  // namespace
}  // namespace fx::codegen

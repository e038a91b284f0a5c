// The studio's keys have one source (studio/app/keymap.h): the help
// overlay lists that table, and docs/studio.md's keys table must hold each
// of its rows word for word.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "studio/app/keymap.h"

namespace zetema::studio {
namespace {

// The rows of the markdown table under "## Keys" in docs/studio.md.
std::set<std::string> documented_key_rows() {
  std::ifstream in(std::string(ZETEMA_SOURCE_DIR) + "/docs/studio.md");
  std::set<std::string> rows;
  std::string line;
  bool in_keys = false;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) in_keys = line == "## Keys";
    if (in_keys && line.rfind("| ", 0) == 0) rows.insert(line);
  }
  return rows;
}

std::string row_of(const KeyBinding& k) {
  return std::string("| ") + k.keys + " | " + k.where + " | " + k.what + " |";
}

TEST_CASE("every key the studio lists is a row of the docs' keys table, and only those") {
  const std::set<std::string> documented = documented_key_rows();
  REQUIRE(!documented.empty());
  std::set<std::string> listed;
  for (const KeyBinding& k : kKeyBindings) {
    listed.insert(row_of(k));
    CHECK_MESSAGE(documented.count(row_of(k)) == 1, "not in docs/studio.md: " << row_of(k));
  }
  for (const std::string& row : documented) {
    if (row.rfind("| key |", 0) == 0 || row.rfind("|---", 0) == 0) continue;  // the header
    CHECK_MESSAGE(listed.count(row) == 1, "not in keymap.h: " << row);
  }
}

}  // namespace
}  // namespace zetema::studio

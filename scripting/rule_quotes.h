// The source's words for each rule: in a variant file, the comment block
// above a rule's definition quotes the rules text it follows
// (docs/variant-authoring.md). Read once when a variant loads, from the
// very text that loaded, and looked up by the file:line that defined a rule.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "scripting/variant_loader.h"

namespace zetema::scripting {

struct RuleQuote {
  std::string definition;  // the defining line as written: "points = { sequence = 10, ... },"
  std::string words;       // the comment block above it, "" if none
};

class RuleQuotes {
 public:
  RuleQuotes() = default;
  // Indexes every line of the variant's files (the file and its ancestors).
  explicit RuleQuotes(const LoadedVariant& v);
  // The quote for line `line` of `file` (as origins name it), or nullptr.
  const RuleQuote* find(const std::string& file, int line) const;

 private:
  std::map<std::string, std::vector<RuleQuote>> by_file_;  // line N at index N-1
};

}  // namespace zetema::scripting

#include "scripting/rule_quotes.h"

#include "scripting/lua_text.h"

namespace zetema::scripting {

namespace {

std::string trimmed(std::string_view s) {
  const size_t a = s.find_first_not_of(" \t");
  if (a == std::string_view::npos) return {};
  const size_t b = s.find_last_not_of(" \t");
  return std::string(s.substr(a, b - a + 1));
}

}  // namespace

RuleQuotes::RuleQuotes(const LoadedVariant& v) {
  for (const VariantSource& src : v.sources) {
    const std::vector<std::string_view> lines = split_lines(src.text);
    std::vector<RuleQuote>& quotes = by_file_[src.file];
    quotes.reserve(lines.size());
    for (size_t i = 0; i < lines.size(); ++i)
      quotes.push_back({trimmed(lines[i]), comment_above(lines, static_cast<int>(i) + 1)});
  }
}

const RuleQuote* RuleQuotes::find(const std::string& file, int line) const {
  const auto it = by_file_.find(file);
  if (it == by_file_.end() || line < 1 || static_cast<size_t>(line) > it->second.size())
    return nullptr;
  return &it->second[static_cast<size_t>(line) - 1];
}

}  // namespace zetema::scripting

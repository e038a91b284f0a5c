#include "scripting/rule_contrast.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "scripting/key_lines.h"
#include "scripting/rule_fields.h"

namespace zetema::scripting {

namespace {

std::optional<Hook> hook_named(std::string_view name) {
  for (int h = 0; h < kHooks; ++h) {
    if (hook_name(static_cast<Hook>(h)) == name) return static_cast<Hook>(h);
  }
  return std::nullopt;
}

// The reference's group of a key ("The turn"), a subkey's its table's.
std::string group_of(const std::string& key) {
  const RuleField* f = find_rule_field(key.substr(0, key.find('.')));
  return f ? f->group : "";
}

// Where `key`'s value was set: a hook's definition; the origin the loader
// recorded for a scoring rule; else the line of the nearest file of the
// chain (the variant's own, then its ancestors') that sets the key; else
// nowhere (the built-in default, Sackson's). The source is the one the
// origin names, the variant's own for its own file, else unknown.
RuleOrigin origin_of(const std::string& key, const LoadedVariant& v) {
  const Ruleset& r = v.rules;
  if (const auto h = hook_named(key)) {
    if (!r.hooks || !r.hooks->defines(*h)) return {};
    const SourceLocation at = r.hooks->where(*h);
    return RuleOrigin{at.file, at.line, r.id, r.source};
  }
  for (RuleId id : rules_at(key)) {
    const RuleOrigin& o = r.origins[static_cast<int>(id)];
    if (!o.file.empty()) return o;
  }
  for (size_t i = 0; i < v.sources.size(); ++i) {
    const int line = KeyLines(v.sources[i].text).line(key);
    if (line > 0) return RuleOrigin{v.sources[i].file, line, r.id, i == 0 ? r.source : ""};
  }
  return RuleOrigin{"", 0, "builtin", Ruleset{}.source};
}

std::string value_of(const std::string& key, const Ruleset& r) {
  if (const auto h = hook_named(key)) {
    return r.hooks && r.hooks->defines(*h) ? "a Lua hook" : "none";
  }
  std::string value;
  for (const RuleParameter& p : show_rules(r)) {  // the key, or every row of its table
    if (p.name == key) return p.value;
    if (p.name.rfind(key + ".", 0) == 0)
      value += (value.empty() ? "" : ", ") + p.name + " " + p.value;
  }
  return value;
}

// The rule keys and hooks a reason names, in its order, each once.
std::vector<std::string> keys_named(const std::string& reason) {
  std::vector<std::string> keys;
  auto word_char = [](char c) {
    return std::islower(static_cast<unsigned char>(c)) ||
           std::isdigit(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
  };
  for (size_t i = 0; i < reason.size();) {
    if (!word_char(reason[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < reason.size() && word_char(reason[j])) ++j;
    std::string word = reason.substr(i, j - i);
    while (!word.empty() && word.back() == '.') word.pop_back();  // a sentence's full stop
    const bool known = find_rule_field(word) != nullptr || hook_named(word).has_value();
    if (known && std::find(keys.begin(), keys.end(), word) == keys.end()) keys.push_back(word);
    i = j;
  }
  return keys;
}

// The keys A and B show differently that decide whose turn it is: the
// turn's first (its steps pass it on), then the zetemas' (a chain keeps it),
// then the deal's (who deals, how many cards).
std::vector<std::string> turn_keys_differing(const Ruleset& a, const Ruleset& b) {
  static const char* const kGroups[] = {"The turn", "Zetemas", "Deck and deal"};
  std::vector<std::string> keys;
  const auto ra = show_rules(a), rb = show_rules(b);
  for (const char* group : kGroups) {
    for (size_t i = 0; i < ra.size() && i < rb.size(); ++i) {
      if (ra[i].name == rb[i].name && ra[i].value != rb[i].value && group_of(ra[i].name) == group)
        keys.push_back(ra[i].name);
    }
  }
  return keys;
}

}  // namespace

RuleAsSet rule_as_set(const std::string& key, const LoadedVariant& v, const RuleQuotes& quotes) {
  RuleAsSet r;
  r.key = key;
  r.value = value_of(key, v.rules);
  const RuleOrigin o = origin_of(key, v);
  r.location = o.file.empty() ? "built-in" : o.file + ":" + std::to_string(o.line);
  r.source = o.source;
  if (const RuleQuote* q = o.file.empty() ? nullptr : quotes.find(o.file, o.line))
    r.words = q->words;
  return r;
}

std::vector<RuleContrast> rules_behind(const std::string& reason, const LoadedVariant& a,
                                       const LoadedVariant& b, size_t limit) {
  std::vector<std::string> keys = keys_named(reason);
  if (keys.empty() && reason.find("'s turn, not ") != std::string::npos)
    keys = turn_keys_differing(a.rules, b.rules);
  if (keys.size() > limit) keys.resize(limit);
  const RuleQuotes qa(a), qb(b);
  std::vector<RuleContrast> out;
  for (const std::string& k : keys) out.push_back({rule_as_set(k, a, qa), rule_as_set(k, b, qb)});
  return out;
}

}  // namespace zetema::scripting

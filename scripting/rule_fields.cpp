#include "scripting/rule_fields.h"

#include <algorithm>

#include "scripting/rule_keys.h"

namespace zetema::scripting {

namespace {

// --- the registry -------------------------------------------------------------

// Every key, in the order of `zetema rules-table` and of the reference (whose
// headings come in the order their first key does). Each is declared in the
// file of its heading (rule_keys.h).
const std::vector<RuleField>& fields() {
  static const std::vector<RuleField> kFields = {
      rule_keys::imperial_suit(),
      rule_keys::hand_size(),
      rule_keys::draw_mode(),
      rule_keys::meld_len(),
      rule_keys::short_hand_melds(),
      rule_keys::points(),
      rule_keys::ace_high_in_sequence(),
      rule_keys::wraparound(),
      rule_keys::imperial_flush_allowed(),
      rule_keys::assembly_points(),
      rule_keys::zetema_points(),
      rule_keys::marriage_base(),
      rule_keys::imperial_bonus(),
      rule_keys::rules_site_literal(),
      rule_keys::marriage_hand_card(),
      rule_keys::marriage_mode(),
      rule_keys::discard_from_meld(),
      rule_keys::reuse_limit(),
      rule_keys::max_declarations_per_turn(),
      rule_keys::declare_after_stock_empty(),
      rule_keys::kq_zetema_requires_assembly(),
      rule_keys::two_player_chain(),
      rule_keys::target(),
      rule_keys::end_at_target(),
      rule_keys::game_length(),
      rule_keys::partnerships(),
      rule_keys::partnerships_compulsory(),
      rule_keys::teams_of_three_allowed(),
      rule_keys::penalties_1881(),
      rule_keys::first_dealer(),
      rule_keys::first_player(),
      rule_keys::direction(),
      rule_keys::deal_rotation(),
      rule_keys::flow(),
      rule_keys::kinds(),
  };
  return kFields;
}

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

constexpr const char* kMetadataKeys[] = {"id", "name", "source", "follows", "extends"};

void add_rows(const RuleField& f, const std::string& path, const Ruleset& r,
              std::vector<RuleParameter>& out) {
  if (f.show) out.push_back({path, f.show(r)});
  for (const RuleField& sub : f.subkeys) add_rows(sub, path + "." + sub.key, r, out);
}

}  // namespace

std::span<const RuleField> rule_fields() {
  return fields();
}

const RuleField* find_rule_field(const std::string& path) {
  std::span<const RuleField> level = fields();
  const RuleField* found = nullptr;
  size_t at = 0;
  while (at <= path.size()) {
    const size_t dot = std::min(path.find('.', at), path.size());
    const std::string part = path.substr(at, dot - at);
    found = nullptr;
    for (const RuleField& f : level) {
      if (part == f.key) found = &f;
    }
    if (!found) return nullptr;
    level = found->subkeys;
    at = dot + 1;
  }
  return found;
}

std::vector<RuleParameter> show_rules(const Ruleset& rules) {
  std::vector<RuleParameter> out;
  for (const RuleField& f : fields()) add_rows(f, f.key, rules, out);
  return out;
}

std::string first_rule_difference(const Ruleset& a, const Ruleset& b) {
  const auto ra = show_rules(a), rb = show_rules(b);
  for (size_t i = 0; i < ra.size() && i < rb.size(); ++i) {
    if (ra[i].name != rb[i].name || ra[i].value != rb[i].value) {
      return ra[i].name + ": " + ra[i].value + " against " + rb[i].value;
    }
  }
  if (ra.size() != rb.size()) return "one lists more rules than the other";
  // The rank tables are shown grouped by value; compare them exactly too.
  if (a.assembly_points != b.assembly_points) return "points.assembly: by rank";
  if (a.zetema_points != b.zetema_points) return "zetema_points: by rank";
  if (a.hand_size != b.hand_size) return "hand_size: by players";
  if (a.target != b.target) return "target: by players";
  return "";
}

std::vector<RuleId> rules_at(const std::string& path) {
  std::vector<RuleId> out;
  for (int i = 0; i < kRuleIds; ++i) {
    if (rule_name(static_cast<RuleId>(i)) == path) out.push_back(static_cast<RuleId>(i));
  }
  return out;
}

std::string quoted_values(const RuleField& field) {
  std::string list;
  for (const RuleValue& v : field.values) {
    list += std::string(list.empty() ? "" : ", ") + "\"" + v.name + "\"";
  }
  return list;
}

bool is_metadata_key(const std::string& key) {
  for (const char* k : kMetadataKeys) {
    if (key == k) return true;
  }
  return false;
}

std::string suggest_key(const std::string& key, const std::vector<std::string>& among) {
  std::string best;
  size_t best_d = 4;                  // only near misses
  if (key.size() > 200) return best;  // no near miss, and no quadratic work
  for (const std::string& k : among) {
    const size_t d = edit_distance(key, k);
    if (d < best_d) {
      best_d = d;
      best = k;
    }
  }
  return best;
}

std::string suggest_key(const std::string& key) {
  std::vector<std::string> known;
  for (const RuleField& f : fields()) known.emplace_back(f.key);
  for (const char* k : kMetadataKeys) known.emplace_back(k);
  for (int h = 0; h < kHooks; ++h) known.emplace_back(hook_name(static_cast<Hook>(h)));
  return suggest_key(key, known);
}

}  // namespace zetema::scripting

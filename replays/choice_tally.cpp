#include "replays/choice_tally.h"

#include <algorithm>

#include "engine/action.h"
#include "engine/choices.h"

namespace zetema::replays {

std::vector<ChoiceCount> tally_choices(const EventLog& events, const Ruleset& rules) {
  std::vector<ChoiceCount> out;
  for (const ChoiceDef& c : rules.choices) out.push_back({c.name, 0, {}});
  for (const Event& e : events) {
    if (e.type != EventType::Offer && e.type != EventType::Choice) continue;
    if (static_cast<size_t>(e.rank) >= out.size()) continue;
    ChoiceCount& row = out[static_cast<size_t>(e.rank)];
    if (e.type == EventType::Offer) {
      ++row.offered;
      continue;
    }
    // choice_text gives "NAME OPTION"; the row keeps the option.
    const std::string text = choice_text(rules, Action::choose(e.rank, e.card, e.bonus));
    const std::string option = text.substr(std::min(text.size(), row.name.size() + 1));
    bool found = false;
    for (auto& [o, n] : row.picks) {
      if (o == option) found = (++n, true);
    }
    if (!found) row.picks.emplace_back(option, 1);
  }
  return out;
}

}  // namespace zetema::replays

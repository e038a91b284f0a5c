#include "engine/choices.h"

#include <charconv>

#include "engine/event.h"

namespace zetema {

namespace {

// The cards a Cards choice picks from: the zone's, the chooser's own hand.
CardSet cards_of(const State& s, Zone zone, int chooser) {
  switch (zone) {
    case Zone::Hand:
      return s.hand(chooser);
    case Zone::Tableau:
      return s.tableau();
    case Zone::Shown:
      return s.shown;
    case Zone::Zetemas:
      return s.in_zetema_piles();
    case Zone::Marriages: {
      CardSet out;
      for (int i = 0; i < s.marriage_pile_size; ++i) out.insert(s.marriage_pile[i]);
      return out;
    }
    case Zone::Stock:
    case Zone::StockBottom:
      break;  // hidden: the loader refuses a choice of the stock's cards
  }
  return CardSet();
}

std::string option_text(const ChoiceDef& c, const Action& a) {
  switch (c.options) {
    case OptionKind::Cards:
      return to_string(a.card);
    case OptionKind::YesNo:
      return a.value ? "yes" : "no";
    case OptionKind::Seat:
      return player_name(a.value);
    case OptionKind::Number:
      return std::to_string(a.value);
  }
  return "?";
}

bool parse_int(std::string_view text, int& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

std::string_view to_string(OptionKind k) {
  constexpr std::string_view kNames[] = {"cards", "yes_no", "seat", "number"};
  return kNames[static_cast<int>(k)];
}

int choice_index(const Ruleset& r, std::string_view name) {
  for (size_t i = 0; i < r.choices.size(); ++i) {
    if (r.choices[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

bool put_offer(State& s) {
  Offer& o = s.offer;
  const ChoiceDef& c = s.rules->choices[o.choice];
  if (s.over()) {
    o = Offer{};
    return false;
  }
  if (c.options == OptionKind::Cards) {
    o.cards = cards_of(s, c.zone, o.chooser);
    if (o.cards.empty()) {
      o = Offer{};
      return false;
    }
  } else if (c.options == OptionKind::Seat) {
    o.seats = static_cast<uint8_t>(((1u << s.players) - 1) & ~(1u << o.chooser));
  }
  o.resume_phase = s.phase;
  o.resume_current = s.current;
  s.phase = Phase::Choice;
  s.current = o.chooser;
  return true;
}

void list_choice(const State& s, std::vector<Action>& out) {
  const Offer& o = s.offer;
  const ChoiceDef& c = s.rules->choices[o.choice];
  switch (c.options) {
    case OptionKind::Cards:
      o.cards.for_each([&](Card card) { out.push_back(Action::choose(o.choice, card, 0)); });
      return;
    case OptionKind::YesNo:
      out.push_back(Action::choose(o.choice, Card(), 1));
      out.push_back(Action::choose(o.choice, Card(), 0));
      return;
    case OptionKind::Seat:
      for (int p = 0; p < s.players; ++p) {
        if (o.seats >> p & 1u) out.push_back(Action::choose(o.choice, Card(), p));
      }
      return;
    case OptionKind::Number:
      for (int v = c.lo; v <= c.hi; ++v) out.push_back(Action::choose(o.choice, Card(), v));
      return;
  }
}

std::string choice_refusal(const State& s, const Action& a) {
  if (s.phase != Phase::Choice) return "no choice is put to anyone now";
  const std::string name = s.rules->choices[s.offer.choice].name;
  if (a.choice != s.offer.choice) {
    const std::string asked =
        a.choice < s.rules->choices.size() ? s.rules->choices[a.choice].name : "?";
    return "the choice put now is " + name + ", not " + asked;
  }
  std::vector<Action> options;
  list_choice(s, options);
  for (const Action& o : options) {
    if (o == a) return "";
  }
  return option_text(s.rules->choices[a.choice], a) + " is not an option of " + name + " here";
}

std::string choice_text(const Ruleset& r, const Action& a) {
  if (a.choice >= r.choices.size()) return "#" + std::to_string(a.choice);
  const ChoiceDef& c = r.choices[a.choice];
  return c.name + " " + option_text(c, a);
}

std::string choice_option_text(const Ruleset& r, const Action& a) {
  if (a.choice >= r.choices.size()) return "?";
  return option_text(r.choices[a.choice], a);
}

ChoiceParse parse_choice(const Ruleset& r, std::string_view name, std::string_view option) {
  ChoiceParse out;
  const int index = choice_index(r, name);
  if (index < 0) {
    std::string known;
    for (const ChoiceDef& c : r.choices) known += (known.empty() ? "" : ", ") + c.name;
    out.error = "no choice named '" + std::string(name) + "' (this variant offers " +
                (known.empty() ? "none" : known) + ")";
    return out;
  }
  const ChoiceDef& c = r.choices[static_cast<size_t>(index)];
  int value = 0;
  Card card;
  bool ok = false;
  switch (c.options) {
    case OptionKind::Cards: {
      const CardParse p = parse_card(option, r.imperial_suit);
      ok = p.ok;
      card = p.card;
      break;
    }
    case OptionKind::YesNo:
      ok = option == "yes" || option == "no";
      value = option == "yes";
      break;
    case OptionKind::Seat:
      ok = option.size() >= 2 && option[0] == 'P' && parse_int(option.substr(1), value) &&
           value >= 1 && value <= kMaxPlayers;
      --value;
      break;
    case OptionKind::Number:
      ok = parse_int(option, value) && value >= -30000 && value <= 30000;
      break;
  }
  if (!ok) {
    out.error = "'" + std::string(option) + "' is not an option of " + c.name + " (" +
                std::string(to_string(c.options)) + ")";
    return out;
  }
  out.ok = true;
  out.action = Action::choose(index, card, value);
  return out;
}

}  // namespace zetema

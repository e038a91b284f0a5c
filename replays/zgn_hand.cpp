#include "replays/zgn_hand.h"

#include <bitset>

#include "engine/event.h"
#include "engine/game.h"
#include "replays/record.h"

namespace zetema::replays {

namespace {

// An item of the play, parsed by the engine's notation.
struct Play {
  Step step;
  const ZgnItem* item = nullptr;
};

// Each round but the last moves one card into the hand of the player who
// needs it, where it stays until the item that needs it fixes it: more
// rounds than cards mean a variant whose play depends on unseen cards,
// which the file cannot settle.
constexpr int kMaxRounds = kDeckSize + 2;

class HandImport {
 public:
  HandImport(const State& before, const ZgnHand& h, int dealer)
      : start_(before), h_(h), rules_(*before.rules), dealer_(dealer) {}

  ZgnHandImport run();

 private:
  bool fail(ZgnPos at, std::string message) {
    error_ = ZgnError{at, std::move(message)};
    return false;
  }
  bool card_at(const ZgnWord& w, Card& out);
  bool parse_play();
  bool probe_seats(std::array<int, kDeckSize>& owner);
  bool place_deals(const std::array<int, kDeckSize>& owner, CardSet& given);
  bool place_stock(CardSet& given);
  void fill_unknown(CardSet given);
  void put(int place, Card c);
  bool play_through(State& s);
  bool turn_ok(const State& s, const Play& p);
  bool fix_unseen(const State& s, int actor, CardSet needed);
  void pin_used(const Play& p);

  const State& start_;
  const ZgnHand& h_;
  const Ruleset& rules_;
  int dealer_;
  std::vector<Play> plays_;
  std::array<Card, kDeckSize> deck_{};
  std::array<int, Card::kCodes> place_of_{};  // a card's place in deck_
  std::bitset<kDeckSize> known_;              // places the file fixes
  int dealt_ = 0;
  ZgnError error_;
};

std::string seat_name(int seat) {
  return "P" + std::to_string(seat + 1);
}

bool HandImport::card_at(const ZgnWord& w, Card& out) {
  const CardParse c = parse_card(w.text, rules_.imperial_suit);
  if (!c.ok) return fail(w.at, c.error);
  out = c.card;
  return true;
}

// Each item read by the engine's own notation parsers; a bad card is shown
// at its own column.
bool HandImport::parse_play() {
  for (const ZgnItem& it : h_.play) {
    Play p;
    p.item = &it;
    if (it.irregularity) {
      const IrregularityParse irr =
          parse_irregularity(it.text, rules_.imperial_suit, start_.players);
      // An empty error: the words do not even start one ("expose" alone).
      if (!irr.ok) {
        return fail(it.at,
                    irr.error.empty() ? "expected 'expose P1 7S' or 'missed-draw P1'" : irr.error);
      }
      p.step.kind = Step::Kind::Irregularity;
      p.step.irregular = irr.irr;
    } else {
      // A choice's option need not be a card (yes, P2, 3): the engine reads it.
      for (const ZgnWord& w : it.args) {
        if (Card c; it.text.rfind("choose ", 0) != 0 && !card_at(w, c)) return false;
      }
      const ActionParse a = parse_action(it.text, rules_);
      if (!a.ok) return fail(it.at, a.error);
      p.step.kind = Step::Kind::Action;
      p.step.parsed = a.action;
    }
    plays_.push_back(p);
  }
  return true;
}

// Which seat the deal sends each place of the deck to: the engine deals a
// pack in card order and its Deal events say who got which card.
bool HandImport::probe_seats(std::array<int, kDeckSize>& owner) {
  const auto pack = full_deck(rules_.imperial_suit);
  State probe = start_;
  EventLog log;
  const ApplyResult dealt = deal(probe, pack, dealer_, log);
  if (!dealt.ok) return fail(h_.at, dealt.reason);
  owner.fill(-1);
  for (const Event& e : log) {
    if (e.type != EventType::Deal) continue;
    for (int k = 0; k < kDeckSize; ++k) {
      if (e.cards.contains(pack[k])) owner[k] = e.player;
    }
  }
  while (dealt_ < kDeckSize && owner[dealt_] >= 0) ++dealt_;
  return true;
}

void HandImport::put(int place, Card c) {
  deck_[place] = c;
  place_of_[c.code()] = place;
}

bool HandImport::place_deals(const std::array<int, kDeckSize>& owner, CardSet& given) {
  for (const ZgnDeal& d : h_.deals) {
    if (d.seat >= start_.players) {
      return fail(d.at, seat_name(d.seat) + " has no seat: the game has " +
                            std::to_string(start_.players) + " players");
    }
    std::vector<int> places;
    for (int k = 0; k < dealt_; ++k) {
      if (owner[k] == d.seat) places.push_back(k);
    }
    if (d.cards.size() != places.size()) {
      return fail(d.at, seat_name(d.seat) + " is dealt " + std::to_string(places.size()) +
                            " cards under " + rules_.id + ", this line has " +
                            std::to_string(d.cards.size()) + " (write ? for a card not known)");
    }
    for (size_t i = 0; i < places.size(); ++i) {
      if (d.cards[i].text == "?") continue;
      Card c;
      if (!card_at(d.cards[i], c)) return false;
      if (given.contains(c)) {
        return fail(d.cards[i].at, "card " + to_string(c) + " is given twice in this hand");
      }
      given.insert(c);
      put(places[i], c);
      known_.set(static_cast<size_t>(places[i]));
    }
  }
  return true;
}

bool HandImport::place_stock(CardSet& given) {
  for (size_t i = 0; i < h_.stock.size(); ++i) {
    const ZgnWord& w = h_.stock[i];
    const int place = dealt_ + static_cast<int>(i);
    if (place >= kDeckSize) {
      return fail(w.at, "the stock holds " + std::to_string(kDeckSize - dealt_) +
                            " cards after the deal; this is one more");
    }
    if (w.text == "?") continue;
    Card c;
    if (!card_at(w, c)) return false;
    if (given.contains(c))
      return fail(w.at, "card " + to_string(c) + " is given twice in this hand");
    given.insert(c);
    put(place, c);
    known_.set(static_cast<size_t>(place));
  }
  return true;
}

// The cards the file does not place go to the free places in card order.
void HandImport::fill_unknown(CardSet given) {
  int place = 0;
  for (const Card c : full_deck(rules_.imperial_suit)) {
    if (given.contains(c)) continue;
    while (known_.test(static_cast<size_t>(place))) ++place;
    put(place++, c);
  }
}

bool HandImport::turn_ok(const State& s, const Play& p) {
  if (p.step.kind != Step::Kind::Action) return true;
  if (s.phase == Phase::Deal) {
    return fail(p.item->at, "hand " + std::to_string(h_.number) +
                                " has ended under the rules before this action");
  }
  if (s.over()) return fail(p.item->at, "the game is over before this action");
  if (s.current != p.item->turn) {
    return fail(p.item->at,
                "it is " + seat_name(s.current) + "'s turn, not " + seat_name(p.item->turn) + "'s");
  }
  return true;
}

// The cards an item needs from its player's hand (a declaration may also
// take cards from the tableau).
CardSet cards_needed(const State& s, const Step& step) {
  CardSet wanted;
  if (step.kind == Step::Kind::Irregularity) {
    if (step.irregular.kind == Irregularity::Kind::ExposedCard) wanted.insert(step.irregular.card);
  } else if (step.parsed.type == ActionType::Discard) {
    wanted.insert(step.parsed.card);
  } else {
    wanted = step.parsed.cards.minus(s.tableau());
  }
  return wanted;
}

// Moves the first card of `needed` that `actor` lacks, if its place is not
// fixed, to the earliest unfixed place whose card he holds and the item
// does not use. One card at a time: the places he drew are those of the
// deck `s` was dealt from, so the hand is dealt again before the next.
// True if a card moved.
bool HandImport::fix_unseen(const State& s, int actor, CardSet needed) {
  const CardSet spare = s.hand(actor).minus(needed);
  for (const Card x : needed.minus(s.hand(actor)).cards()) {
    if (!in_deck(x, rules_.imperial_suit)) continue;
    const int from = place_of_[x.code()];
    if (known_.test(static_cast<size_t>(from))) continue;
    for (int to = 0; to < s.next_draw; ++to) {
      if (to == from || known_.test(static_cast<size_t>(to)) || !spare.contains(deck_[to])) {
        continue;
      }
      const Card y = deck_[to];
      put(to, x);
      put(from, y);
      return true;
    }
  }
  return false;
}

void HandImport::pin_used(const Play& p) {
  CardSet used;
  if (p.step.kind == Step::Kind::Irregularity) {
    if (p.step.irregular.kind == Irregularity::Kind::ExposedCard) {
      used.insert(p.step.irregular.card);
    }
  } else if (p.step.parsed.type == ActionType::Discard) {
    used.insert(p.step.parsed.card);
  } else {
    used = p.step.parsed.cards;
  }
  used.for_each([&](Card c) {
    if (in_deck(c, rules_.imperial_suit)) known_.set(static_cast<size_t>(place_of_[c.code()]));
  });
}

// Deals and plays the hand, fixing the unseen cards as the play shows them;
// starts again from the deal after each fix.
bool HandImport::play_through(State& s) {
  for (int round = 0; round < kMaxRounds; ++round) {
    s = start_;
    EventLog log;
    const ApplyResult dealt = deal(s, deck_, dealer_, log);
    if (!dealt.ok) return fail(h_.at, dealt.reason);
    bool again = false;
    for (const Play& p : plays_) {
      if (!turn_ok(s, p)) return false;
      const int actor = p.step.kind == Step::Kind::Action ? s.current : p.step.irregular.player;
      if (actor < s.players && fix_unseen(s, actor, cards_needed(s, p.step))) {
        again = true;
        break;
      }
      const ApplyResult applied = apply_step(s, p.step, log);
      if (!applied.ok) return fail(p.item->at, applied.reason);
      pin_used(p);
    }
    if (!again) return true;
  }
  return fail(h_.at, "the unseen cards of this hand cannot be placed; give the stock line");
}

ZgnHandImport HandImport::run() {
  ZgnHandImport out;
  std::array<int, kDeckSize> owner{};
  CardSet given;
  if (!parse_play() || !probe_seats(owner) || !place_deals(owner, given) || !place_stock(given)) {
    out.error = error_;
    return out;
  }
  fill_unknown(given);
  if (!play_through(out.after)) {
    out.error = error_;
    return out;
  }
  out.hand.dealer = dealer_;
  out.hand.deck = to_string(std::vector<Card>(deck_.begin(), deck_.end()));
  for (const Play& p : plays_) {
    out.hand.actions.push_back(p.step.kind == Step::Kind::Action ? to_string(p.step.parsed, &rules_)
                                                                 : to_string(p.step.irregular));
  }
  out.ok = true;
  return out;
}

}  // namespace

ZgnHandImport import_hand(const State& before, const ZgnHand& h, int dealer) {
  return HandImport(before, h, dealer).run();
}

}  // namespace zetema::replays

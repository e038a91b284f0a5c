#include "studio/session/play_session.h"

#include <filesystem>
#include <optional>

#include "engine/bots.h"
#include "engine/combinations.h"
#include "engine/game.h"
#include "engine/legality.h"
#include "replays/record.h"
#include "replays/replay_file.h"

namespace zetema::studio {

namespace {

// Each hand's deck comes from its own stream, so a resumed or undone game
// deals the same later hands.
std::array<Card, kDeckSize> deck_for(uint64_t seed, int hand, Suit imperial) {
  Rng rng(derive_seed(seed, 1000 + static_cast<uint64_t>(hand)));
  return shuffled_deck(imperial, rng);
}

}  // namespace

bool PlaySession::start(std::shared_ptr<const scripting::LoadedVariant> variant, int players,
                        std::optional<Partnerships> teams, const std::vector<std::string>& seats,
                        uint64_t seed, const std::string& autosave_path) {
  error_.clear();
  GameSetup setup;
  setup.players = players;
  setup.partnerships = teams;
  setup.hook_seed = derive_seed(seed, 100);
  NewGame g = new_game(variant->rules, setup);
  if (!g.ok) {
    error_ = g.error;
    return false;
  }
  std::vector<std::unique_ptr<Bot>> bots;
  for (int p = 0; p < players; ++p) {
    const std::string who = p < static_cast<int>(seats.size()) ? seats[p] : "random";
    if (who != "human" && !make_bot(who)) {
      error_ = "unknown bot '" + who + "' (human, or a bot: " + bot_list() + ")";
      return false;
    }
  }
  variant_ = std::move(variant);
  seats_.assign(static_cast<size_t>(players), "random");
  for (int p = 0; p < players && p < static_cast<int>(seats.size()); ++p) seats_[p] = seats[p];
  seed_ = seed;
  autosave_ = autosave_path;
  state_ = g.state;
  state_.rules = &variant_->rules;
  events_.clear();
  hands_.clear();
  actor_.clear();
  bots_.clear();
  bot_rng_.clear();
  for (int p = 0; p < players; ++p) {
    bots_.push_back(seats_[p] == "human" ? nullptr : make_bot(seats_[p]));
    bot_rng_.emplace_back(derive_seed(seed, 1 + static_cast<uint64_t>(p)));
  }
  return run_bots() && save();
}

bool PlaySession::deal_next() {
  HandRecord h;
  const int hand = static_cast<int>(hands_.size());
  if (hand == 0) {
    Rng cut(derive_seed(seed_, 0));
    const auto cards = shuffled_deck(variant_->rules.imperial_suit, cut);
    h.dealer = high_card_dealer(state_.players, cards);
  } else {
    h.dealer = next_dealer(state_);
  }
  h.deck = deck_for(seed_, hand, variant_->rules.imperial_suit);
  const ApplyResult r = deal(state_, h.deck, h.dealer, events_);
  if (!r.ok) {
    error_ = r.reason;
    return false;
  }
  hands_.push_back(std::move(h));
  return true;
}

bool PlaySession::human_to_move() const {
  return is_open() && !state_.over() && state_.phase != Phase::Deal &&
         seats_[state_.current] == "human";
}

bool PlaySession::run_bots() {
  std::vector<Action> legal;
  while (!state_.over() && hands_.size() < 200) {
    if (state_.phase == Phase::Deal) {
      if (!deal_next()) return false;
      continue;
    }
    const int p = state_.current;
    if (!bots_[p]) return true;  // a human's turn
    if (auto err = legal_actions(state_, legal)) {
      error_ = "hook failed: " + err->describe();
      return false;
    }
    const size_t pick = bots_[p]->choose(state_, legal, bot_rng_[p]);
    const ApplyResult r = apply(state_, legal[pick], events_);
    if (!r.ok) {
      error_ = r.reason;
      return false;
    }
    hands_.back().actions.push_back(legal[pick]);
    actor_.push_back(p);
  }
  return true;
}

std::vector<Choice> PlaySession::choices() const {
  std::vector<Choice> out;
  if (!human_to_move()) return out;
  std::vector<Action> legal;
  legal_actions(state_, legal);
  std::optional<State> world;  // where declarations are previewed, built once
  for (const Action& a : legal) {
    Choice c{a, to_string(a, state_.rules), true, {}};
    if (a.type == ActionType::Declare) {
      if (!world) world = preview_world(state_);
      c.label += " (+" + std::to_string(preview_points(*world, a)) + ")";
    }
    out.push_back(c);
  }
  // What the engine refuses, with its reason: discards of held cards it
  // does not list, and the whole hand as each meld kind.
  const CardSet hand = state_.hand(state_.current);
  hand.for_each([&](Card c) {
    const Action a = Action::discard(c);
    for (const Action& l : legal) {
      if (l == a) return;
    }
    out.push_back({a, to_string(a, state_.rules), false, refusal(state_, a)});
  });
  for (DeclKind k : {DeclKind::Sequence, DeclKind::Flush, DeclKind::FlushSequence}) {
    const Action a = Action::declare(k, hand);
    bool listed = false;
    for (const Action& l : legal) listed = listed || l == a;
    if (!listed) out.push_back({a, to_string(a, state_.rules), false, refusal(state_, a)});
  }
  return out;
}

bool PlaySession::play(const Action& a) {
  if (!human_to_move()) {
    error_ = "it is not a human's turn";
    return false;
  }
  const int p = state_.current;
  const ApplyResult r = apply(state_, a, events_);
  if (!r.ok) {
    error_ = r.reason;
    return false;
  }
  hands_.back().actions.push_back(a);
  actor_.push_back(p);
  error_.clear();
  const bool ok = run_bots();
  return save() && ok;
}

size_t PlaySession::actions_played() const {
  return actor_.size();
}

replays::Replay PlaySession::record() const {
  return replays::make_replay(*variant_, state_, seed_, seats_, hands_, events_);
}

bool PlaySession::save() {
  if (autosave_.empty()) return true;
  if (std::string why = replays::save_replay(autosave_, record()); !why.empty()) {
    error_ = "autosave failed: " + why;
    return false;
  }
  return true;
}

bool PlaySession::rebuild(const replays::Replay& r) {
  const replays::Rederived g = replays::rederive(r, variant_->rules);
  if (!g.ok) {
    error_ = g.error;
    return false;
  }
  state_ = g.final_state;
  events_ = g.events;
  hands_.clear();
  actor_.clear();
  State walk = new_game(variant_->rules, replays::replay_setup(r)).state;
  EventLog scratch;
  for (const replays::Step& st : g.steps) {
    if (st.kind == replays::Step::Kind::Deal) {
      HandRecord h;
      h.dealer = st.dealer;
      std::copy(st.deck.begin(), st.deck.end(), h.deck.begin());
      hands_.push_back(h);
    } else if (st.kind == replays::Step::Kind::Action) {
      hands_.back().actions.push_back(st.parsed);
      actor_.push_back(walk.current);
    }
    replays::apply_step(walk, st, scratch);
  }
  return true;
}

bool PlaySession::undo() {
  // The human's last action, and everything the bots did after it.
  int last = -1;
  for (int i = static_cast<int>(actor_.size()) - 1; i >= 0 && last < 0; --i) {
    if (seats_[actor_[i]] == "human") last = i;
  }
  if (last < 0) {
    error_ = "nothing of yours to undo";
    return false;
  }
  replays::Replay r = record();
  int index = 0;
  for (auto& h : r.hands) {
    const int n = static_cast<int>(h.actions.size());
    if (last < index + n) {
      h.actions.resize(static_cast<size_t>(last - index));
      r.hands.resize(static_cast<size_t>(&h - r.hands.data()) + 1);
      break;
    }
    index += n;
  }
  if (!rebuild(r)) return false;
  return save();
}

bool PlaySession::resume(const std::string& autosave_path, const scripting::VariantFolder& folder) {
  const replays::Decoded d = replays::load_replay(autosave_path);
  if (!d.ok) {
    error_ = d.error;
    return false;
  }
  replays::ResolvedVariant v = replays::resolve_variant(d.replay, folder.path, folder.shown);
  if (!v.ok) {
    error_ = v.error;
    return false;
  }
  variant_ = std::make_shared<const scripting::LoadedVariant>(std::move(v.variant));
  seats_ = d.replay.seats;
  seats_.resize(static_cast<size_t>(d.replay.players), "random");
  seed_ = d.replay.seed;
  autosave_ = autosave_path;
  bots_.clear();
  bot_rng_.clear();
  for (int p = 0; p < d.replay.players; ++p) {
    bots_.push_back(seats_[p] == "human" ? nullptr : make_bot(seats_[p]));
    bot_rng_.emplace_back(derive_seed(seed_, 1 + static_cast<uint64_t>(p)));
  }
  if (!rebuild(d.replay)) return false;
  state_.rules = &variant_->rules;
  return run_bots();
}

bool has_unfinished_game(const std::string& path, const scripting::VariantFolder& folder) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return false;
  const replays::Decoded d = replays::load_replay(path);
  if (!d.ok) return false;
  replays::ResolvedVariant v = replays::resolve_variant(d.replay, folder.path, folder.shown);
  if (!v.ok) return false;
  const replays::Rederived g = replays::rederive(d.replay, v.variant.rules);
  return g.ok && !g.finished;
}

}  // namespace zetema::studio

#include "studio/session/play_session.h"

#include <algorithm>
#include <filesystem>
#include <optional>

#include "engine/bots.h"
#include "engine/choices.h"
#include "engine/combinations.h"
#include "engine/game.h"
#include "engine/legality.h"
#include "replays/record.h"
#include "replays/replay_file.h"

namespace zetema::studio {

// Seats `players` players: seats[p] for each seat given, "random" beyond.
bool PlaySession::seat(int players, const std::vector<std::string>& seats) {
  std::vector<std::string> seated(static_cast<size_t>(std::max(players, 0)), "random");
  for (int p = 0; p < players && p < static_cast<int>(seats.size()); ++p) seated[p] = seats[p];
  for (const std::string& who : seated) {
    if (who != kHumanSeat && !make_bot(who)) {
      error_ = "unknown bot '" + who + "' (human, or a bot: " + bot_list() + ")";
      return false;
    }
  }
  seats_ = std::move(seated);
  return true;
}

bool PlaySession::start(std::shared_ptr<const scripting::LoadedVariant> variant, int players,
                        std::optional<Partnerships> teams, const std::vector<std::string>& seats,
                        uint64_t seed, const std::string& autosave_path) {
  error_.clear();
  const std::vector<std::string> before = seats_;
  if (!seat(players, seats)) {
    seats_ = before;
    return false;
  }
  MatchConfig config;
  config.setup.players = players;
  config.setup.partnerships = teams;
  config.seed = seed;
  config.bots = seats_;
  GameLoop loop(variant->rules, config);
  if (loop.failed()) {
    error_ = loop.error();
    seats_ = before;
    return false;
  }
  variant_ = std::move(variant);
  seed_ = seed;
  teams_ = teams;
  autosave_ = autosave_path;
  own_path_.clear();
  taken_over_ = 0;
  loop_.emplace(std::move(loop));
  actor_.clear();
  before_human_.clear();
  const bool ok = run_bots() && save();
  changed();
  return ok;
}

bool PlaySession::start_from(std::shared_ptr<const scripting::LoadedVariant> variant,
                             const replays::Replay& so_far, const std::vector<std::string>& seats,
                             const std::string& autosave_path, const std::string& own_path) {
  // Built aside, so a failure leaves the game in play as it was.
  PlaySession next;
  if (!next.seat(so_far.players, seats)) {
    error_ = next.error_;
    return false;
  }
  next.variant_ = std::move(variant);
  next.seed_ = so_far.seed;
  next.teams_ = replays::replay_setup(so_far).partnerships;
  next.autosave_ = autosave_path;
  next.own_path_ = own_path;
  if (!next.rebuild(so_far)) {
    error_ = next.error_;
    return false;
  }
  next.taken_over_ = next.actor_.size();
  if (!next.run_bots() || !next.save()) {
    error_ = next.error_;
    return false;
  }
  next.generation_ = generation_;  // counts on: a view must see a change
  *this = std::move(next);
  changed();
  return true;
}

MatchConfig PlaySession::config() const {
  MatchConfig c;
  c.setup.players = static_cast<int>(seats_.size());
  c.setup.partnerships = teams_;
  c.seed = seed_;
  c.bots = seats_;
  return c;
}

const State& PlaySession::state() const {
  static const State kNone;
  return loop_ ? loop_->state() : kNone;
}

const EventLog& PlaySession::events() const {
  static const EventLog kNone;
  return loop_ ? loop_->events() : kNone;
}

bool PlaySession::human_to_move() const {
  return is_open() && loop_->human_to_move();
}

bool PlaySession::run_bots() {
  for (;;) {
    const int p = loop_->state().current;
    switch (loop_->step()) {
      case LoopStep::Dealt:
        continue;
      case LoopStep::BotActed:
        actor_.push_back(p);
        continue;
      case LoopStep::Failed:
        error_ = loop_->error();
        return false;
      case LoopStep::HumanToMove:
      case LoopStep::Done:
        return true;
    }
  }
}

namespace {

// A choice put to the human: one button per option, labelled by the option
// alone ("yes", "P2", "3", "7S"); nothing else may be played meanwhile.
std::vector<Choice> choice_options(const State& s, const std::vector<Action>& legal) {
  std::vector<Choice> out;
  const std::string name = s.rules->choices[s.offer.choice].name;
  for (const Action& a : legal) {
    const std::string text = choice_text(*s.rules, a);
    out.push_back({a, text.substr(std::min(text.size(), name.size() + 1)), true, {}});
  }
  return out;
}

}  // namespace

std::vector<Choice> PlaySession::choices() const {
  std::vector<Choice> out;
  if (!human_to_move()) return out;
  std::vector<Action> legal;
  const State& s = state();
  legal_actions(s, legal);
  std::optional<State> world;  // where declarations are previewed, built once
  if (s.phase == Phase::Choice) return choice_options(s, legal);
  for (const Action& a : legal) {
    Choice c{a, to_string(a, s.rules), true, {}};
    if (a.type == ActionType::Declare) {
      if (!world) world = preview_world(s);
      c.label += " (+" + std::to_string(preview_points(*world, a)) + ")";
    }
    out.push_back(c);
  }
  // What the engine refuses, with its reason: discards of held cards it
  // does not list, and the whole hand as each meld kind.
  const CardSet hand = s.hand(s.current);
  hand.for_each([&](Card c) {
    const Action a = Action::discard(c);
    for (const Action& l : legal) {
      if (l == a) return;
    }
    out.push_back({a, to_string(a, s.rules), false, refusal(s, a)});
  });
  for (DeclKind k : {DeclKind::Sequence, DeclKind::Flush, DeclKind::FlushSequence}) {
    const Action a = Action::declare(k, hand);
    bool listed = false;
    for (const Action& l : legal) listed = listed || l == a;
    if (!listed) out.push_back({a, to_string(a, s.rules), false, refusal(s, a)});
  }
  return out;
}

bool PlaySession::play(const Action& a) {
  if (!human_to_move()) {
    error_ = "it is not a human's turn";
    return false;
  }
  const int p = loop_->state().current;
  BeforeHuman before{actor_.size(), loop_->bot_rngs()};
  const ApplyResult r = loop_->apply_human(a);
  if (!r.ok) {
    error_ = r.reason;
    return false;
  }
  before_human_.push_back(std::move(before));
  actor_.push_back(p);
  error_.clear();
  const bool ok = run_bots();
  const bool saved = save();
  changed();
  return saved && ok;
}

size_t PlaySession::actions_played() const {
  return actor_.size();
}

replays::Replay PlaySession::record() const {
  return replays::make_replay(*variant_, state(), seed_, seats_, loop_->hands(), events());
}

bool PlaySession::save() {
  if (autosave_.empty() && own_path_.empty()) return true;
  const replays::Replay r = record();
  for (const std::string& path : {autosave_, own_path_}) {
    if (path.empty()) continue;
    if (std::string why = replays::save_replay(path, r); !why.empty()) {
      error_ = "autosave failed: " + why;
      return false;
    }
  }
  return true;
}

void PlaySession::changed() {
  ++generation_;
  selected_ = CardSet();
  // The log, rebuilt from the record: who played each action (actor_).
  moves_.clear();
  if (!loop_) return;
  size_t i = 0;
  int hand = 0;
  for (const HandRecord& h : loop_->hands()) {
    ++hand;
    for (const Action& a : h.actions) {
      const int p = i < actor_.size() ? actor_[i] : 0;
      moves_.push_back({p, seats_[static_cast<size_t>(p)], to_string(a, &variant_->rules), hand,
                        i < taken_over_});
      ++i;
    }
  }
}

void PlaySession::toggle_card(Card c) {
  if (!human_to_move() || !state().hand(state().current).contains(c)) return;
  if (selected_.contains(c))
    selected_.erase(c);
  else
    selected_.insert(c);
}

SelectionOffer PlaySession::offer() const {
  SelectionOffer out;
  if (selected_.empty()) return out;
  for (const Choice& c : choices()) {
    if (!c.legal) continue;
    if (c.action.type == ActionType::Discard) {
      if (selected_.size() == 1 && selected_.contains(c.action.card)) out.discard = c;
    } else if (c.action.cards.contains_all(selected_)) {
      out.declarations.push_back(c);
    }
  }
  return out;
}

CardSet PlaySession::in_declarations() const {
  CardSet out;
  if (!human_to_move()) return out;
  std::vector<Action> legal;
  legal_actions(state(), legal);
  for (const Action& a : legal) {
    if (a.type == ActionType::Declare) out = out | a.cards;
  }
  // A declaration may take a card from the table (a marriage's queen): the
  // badges are on the hand's cards.
  return out & state().hand(state().current);
}

// The game of the replay `r` (this session's own record, whole or cut
// short), re-derived and handed to a new loop to play on: the deck stream
// picks up after the hands dealt, so later hands get the same packs.
bool PlaySession::rebuild(const replays::Replay& r) {
  replays::Rederived g = replays::rederive(r, variant_->rules);
  if (!g.ok) {
    error_ = g.error;
    return false;
  }
  GameSoFar so_far;
  actor_.clear();
  for (const replays::Step& st : g.steps) {
    if (st.kind == replays::Step::Kind::Deal) {
      HandRecord h;
      h.dealer = st.dealer;
      std::copy(st.deck.begin(), st.deck.end(), h.deck.begin());
      so_far.hands.push_back(h);
    } else if (st.kind == replays::Step::Kind::Action) {
      so_far.hands.back().actions.push_back(st.parsed);
      actor_.push_back(st.player);
    }
  }
  so_far.state = std::move(g.final_state);
  so_far.events = std::move(g.events);
  GameLoop loop(variant_->rules, config(), std::move(so_far));
  if (loop.failed()) {
    error_ = loop.error();
    return false;
  }
  loop_.emplace(std::move(loop));
  return true;
}

bool PlaySession::undo() {
  // The human's last action, and everything the bots did after it.
  int last = -1;
  for (int i = static_cast<int>(actor_.size()) - 1; i >= 0 && last < 0; --i) {
    if (seats_[actor_[i]] == kHumanSeat) last = i;
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
  // The bots' streams as they were before that action, so the same move
  // gets the same answers.
  while (!before_human_.empty() && before_human_.back().action > static_cast<size_t>(last)) {
    before_human_.pop_back();
  }
  if (!before_human_.empty() && before_human_.back().action == static_cast<size_t>(last)) {
    loop_->set_bot_rngs(before_human_.back().bot_rngs);
    before_human_.pop_back();
  }
  taken_over_ = std::min(taken_over_, actor_.size());
  changed();
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
  teams_ = replays::replay_setup(d.replay).partnerships;
  autosave_ = autosave_path;
  own_path_.clear();
  taken_over_ = 0;
  before_human_.clear();
  loop_.reset();
  if (!rebuild(d.replay)) return false;
  const bool ok = run_bots();
  changed();
  return ok;
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

#include "engine/bots.h"

#include <array>
#include <charconv>
#include <optional>

#include <cstdlib>

#include "engine/game.h"
#include "engine/internal/apply_paths.h"
#include "engine/ismcts_bot.h"
#include "engine/legality.h"
#include "engine/mc_bot.h"

namespace zetema {

namespace {

bool any_hook(const Ruleset& r) {
  return r.hooks && r.hooks->defines_any();
}

// The points of a listed action where nothing but the tables can score:
// read from the tables (the same functions the game scores with), nothing
// applied.
int table_points(const State& s, const Action& a) {
  if (a.type == ActionType::Declare) {
    return declaration_table_points(s, a, declaration_info(s, a)).points;
  }
  const int rank = a.card.rank();
  if (s.pile_size[rank] != kCardsPerRank - 1) return 0;  // completes no zetema
  return zetema_table_points(s, rank, s.seat[s.current].exposed.contains(a.card)).points;
}

}  // namespace

State preview_world(const State& s) {
  // Tables score only the cards declared, but a Lua hook may read any hand
  // (state:hand_of): with hooks, the world is the seat's view -- the hidden
  // cards dealt at random, as the Monte Carlo bot sees the game -- so the
  // points never tell a seat what another hand holds. Seeded from the
  // position, so a bot's choice stays a function of what it may see.
  if (!any_hook(*s.rules)) return s;
  Rng rng(derive_seed(s.turn_number, static_cast<uint64_t>(s.current)));
  return determinize(s, rng);
}

int preview_points(const State& world, const Action& a) {
  if (!may_call_hook(world, a)) return table_points(world, a);
  // Apply to a copy and read only this action's own score events: its
  // declaration, or the zetema its discard completes. Draws and later turns
  // in the copy are not looked at.
  State copy = world;
  EventLog events;
  events.reserve(8);  // the declaration, its awards and draws: one allocation
  // Listed for the seat's position, so the tables allow it in every world
  // of the seat's view; the hooks are still asked.
  if (!detail::apply_table_legal(copy, a, events).ok) return 0;
  int points = 0;
  for (const Event& e : events) {
    if (e.type == EventType::Draw || e.type == EventType::HandEnd) break;
    if ((e.type == EventType::Declare || e.type == EventType::Zetema) &&
        e.player == world.current) {
      points += e.points;
    }
    // Awards a hook gave with them: to this seat's side, or to another's.
    if (e.type == EventType::Award) {
      points += e.side == world.side_of[world.current] ? e.points : -e.points;
    }
  }
  return points;
}

int immediate_points(const State& s, const Action& a) {
  // The one entry that may be handed any action: the tables' checks first.
  if (!refusal(s, a).empty()) return 0;
  return preview_points(preview_world(s), a);
}

namespace {

class RandomBot final : public Bot {
 public:
  std::string_view name() const override { return "random"; }
  size_t choose(const State&, const LegalActions& legal, Rng& rng) override {
    return random_pick(legal, rng);
  }
};

// What a style of play values in a held card, and when it declares. The
// greedy bot is the plain style; the strategy bots follow the strategies the
// sources discuss (sackson.txt's strategy notes, book-1881.txt's advice).
struct Style {
  const char* name;
  int same_suit = 2;              // flush potential
  int near_rank = 2;              // sequence potential
  int same_rank = 3;              // assembly potential (only while the rank is whole)
  int imperial = 1;               // a card of the imperial suit
  int marriage_partner = 6;       // a K or Q whose partner is held or on the tableau
  int min_marriages = 1;          // declare marriages only this many at once...
  int hoard_until_stock = 0;      // ...while more than this many cards are in the stock
  bool whole_ranks_only = false;  // same_rank counts only while all five may still meet
};

// greedy: best immediate score, else keep what may score later.
constexpr Style kGreedy{"greedy"};
// sackson.txt: "An very effective Zetema strategy is to try for flushes,
// sequences, and flush sequences in the imperial suit."
constexpr Style kImperial{"imperial", 4, 3, 1, 10, 4, 1, 0};
// sackson.txt / book-1881.txt: keep kings and queens back to declare
// several marriages at once, which "score much more".
constexpr Style kHoarder{"hoarder", 2, 2, 3, 1, 16, 2, 8};
// book-1881.txt: with "two or three kings or two or three queens" a player
// "is quite justified in making an attempt to secure the five".
constexpr Style kAssembler{"assembler", 1, 1, 12, 1, 4, 1, 0, true};

// Whether all five cards of `rank` may still come together in one hand:
// none is on the tableau, in the marriage pile or in a zetema pile.
bool rank_whole(const State& s, int rank) {
  if (s.pile_size[rank] > 0) return false;
  for (int i = 0; i < s.marriage_pile_size; ++i) {
    if (s.marriage_pile[i].rank() == rank) return false;
  }
  for (int i = 0; i < s.zetema_count; ++i) {
    if (s.zetema_rank[i] == rank) return false;
  }
  return true;
}

// The cards of `rank` that `held` counts (its 4-bit count).
int rank_count(const CardCounts& held, int rank) {
  return static_cast<int>(held.ranks >> (4 * rank) & 0xfu);
}

// Every card code's suit, read where Card::suit would divide: keep_value
// asks it of every held card on every turn.
constexpr std::array<Suit, Card::kCodes> kSuitOf = [] {
  std::array<Suit, Card::kCodes> t{};
  for (int code = 0; code < Card::kCodes; ++code) t[code] = Card::from_code(code).suit();
  return t;
}();

// How much a held card is worth keeping under a style. The counts are the
// hand's running counts (engine/counted_cards.h), read, not re-derived.
// Inlined into the style bot's loop over the discards: asked of every
// held card on every turn.
[[gnu::always_inline]] inline int keep_value(const State& s, Card c, const Style& st) {
  const Ruleset& r = *s.rules;
  const CountedCards& held = s.seat[s.current].hand;
  const CardCounts& n = held.counts();
  const CardSet hand = held.set();
  // The other held cards of its suit, of its rank, and of a rank one or two away.
  const int rank = c.rank();
  const Suit suit = kSuitOf[c.code()];
  const int same_suit = static_cast<int>(n.suits >> (8 * static_cast<int>(suit)) & 0xffu) - 1;
  const int same_rank = rank_count(n, rank) - 1;
  // The counts of the ranks rank - 2 .. rank + 2 as five nibbles, read in
  // one shift: the counts start 8 bits up, so ranks below the ace read as
  // zero, as do those above the king (the nibbles past rank 12 are empty).
  const uint64_t window = (n.ranks << 8) >> (4 * rank);
  const int near = static_cast<int>((window & 0xfu) + (window >> 4 & 0xfu) + (window >> 12 & 0xfu) +
                                    (window >> 16 & 0xfu));
  int value = same_suit * st.same_suit + near * st.near_rank;
  if (!st.whole_ranks_only || rank_whole(s, c.rank())) value += same_rank * st.same_rank;
  if (suit == r.imperial_suit) value += st.imperial;
  if (c.rank() == kRankKing || c.rank() == kRankQueen) {
    // A possible marriage: the partner in hand or on the tableau.
    const int partner = c.rank() == kRankKing ? kRankQueen : kRankKing;
    const CardSet pool = hand | s.tableau();
    for (int copy = 0; copy < 2; ++copy) {
      if (pool.contains(Card(partner, suit, copy))) value += st.marriage_partner;
    }
  }
  // Discarding the fourth card of a rank sets up the next player's zetema.
  if (s.pile_size[c.rank()] == kCardsPerRank - 2) value += 3 + r.zetema_value(c.rank()) / 5;
  return value;
}

class StyleBot final : public Bot {
 public:
  explicit StyleBot(const Style& style) : style_(style) {}
  std::string_view name() const override { return style_.name; }
  size_t choose(const State& s, const LegalActions& legal, Rng&) override {
    Choice best;
    const std::span<const Action> declarations = legal.declarations();
    for (size_t i = 0; i < declarations.size(); ++i) consider(s, i, declarations[i], best);
    size_t i = declarations.size();
    legal.discards().for_each([&](Card c) { consider(s, i++, Action::discard(c), best); });
    // The game's own history must not stay shared with the world: the next
    // entry it writes would then copy its newest chunk (SharedLog::push).
    if (best.world_built) {
      world_.history = History();
      world_.moves = MoveLog();
    }
    return best.index;
  }

 private:
  // The best action so far: the most points, then the least worth keeping.
  struct Choice {
    size_t index = 0;
    int points = -1;
    int keep = 1 << 30;
    // The seat's view of the world (world_), once built at the first
    // preview that may call a hook (which may read any hand). The tables
    // score alike in every world -- they read only the seat's own cards and
    // the table -- so other previews read the position itself.
    bool world_built = false;
  };

  [[gnu::always_inline]] void consider(const State& s, size_t index, const Action& a,
                                       Choice& best) {
    // A choice's option is previewed like a declaration: what it scores.
    const bool declares = a.type != ActionType::Discard;
    if (a.type == ActionType::Declare && a.kind == DeclKind::Marriages &&
        a.cards.size() / 2 < style_.min_marriages && s.stock_size() > style_.hoard_until_stock) {
      return;  // hold them back for a bigger declaration
    }
    // Only a discard that completes a zetema can score; skip the preview otherwise.
    const bool may_score = declares || s.pile_size[a.card.rank()] == kCardsPerRank - 1;
    int points = 0;
    if (may_score) {
      const bool hooked = may_call_hook(s, a);
      if (hooked && !best.world_built) {
        world_ = preview_world(s);
        best.world_built = true;
      }
      points = preview_points(hooked ? world_ : s, a);
    }
    const int keep = declares ? 0 : keep_value(s, a.card, style_);
    if (points > best.points || (points == best.points && keep < best.keep)) {
      best.index = index;
      best.points = points;
      best.keep = keep;
    }
  }

  Style style_;
  // Kept with the bot, not in each choice: a State is a kilobyte, and a
  // choice built on every turn would clear it each time.
  State world_;
};

// N of "PREFIXN" (mc:N playouts, ismcts:N iterations a decision): the
// whole of N, strictly, from 1 to 100000 -- "mc:4294967297" is not "mc:1",
// nor "mc:5x" "mc:5".
std::optional<int> budget_of(std::string_view name, std::string_view prefix) {
  if (name.substr(0, prefix.size()) != prefix) return std::nullopt;
  const std::string_view n = name.substr(prefix.size());
  int value = 0;
  const auto [end, ec] = std::from_chars(n.data(), n.data() + n.size(), value);
  if (ec != std::errc() || end != n.data() + n.size() || value < 1 || value > 100000) {
    return std::nullopt;
  }
  return value;
}

}  // namespace

// "ismcts[:N]+no-KIND": the search bot that never declares KIND (restricted
// play, for what a kind is worth to a good player); nullptr if malformed.
std::unique_ptr<Bot> make_restricted_search_bot(std::string_view name, size_t plus) {
  const std::string_view kind = name.substr(plus + 4);
  const bool valid =
      !kind.empty() && kind.size() <= 32 &&
      kind.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-_") == std::string_view::npos;
  if (!valid) return nullptr;
  const std::string_view base = name.substr(0, plus);
  SearchOptions o;
  if (base != "ismcts") {
    const std::optional<int> n = budget_of(base, "ismcts:");
    if (!n) return nullptr;
    o.iterations = *n;
  }
  o.forbidden_kind = std::string(kind);
  return make_search_bot(o);
}

std::unique_ptr<Bot> make_bot(std::string_view name) {
  if (name == "random") return std::make_unique<RandomBot>();
  if (const size_t plus = name.find("+no-"); plus != std::string_view::npos) {
    return make_restricted_search_bot(name, plus);
  }
  for (const Style* st : {&kGreedy, &kImperial, &kHoarder, &kAssembler}) {
    if (name == st->name) return std::make_unique<StyleBot>(*st);
  }
  if (name == "mc") return make_monte_carlo_bot(MonteCarloOptions{});
  if (name == "ismcts") return make_search_bot(SearchOptions{});
  if (const std::optional<int> n = budget_of(name, "mc:")) {
    MonteCarloOptions o;
    o.playouts = *n;
    return make_monte_carlo_bot(o);
  }
  if (const std::optional<int> n = budget_of(name, "ismcts:")) {
    SearchOptions o;
    o.iterations = *n;
    return make_search_bot(o);
  }
  return nullptr;
}

Bot* shared_bot(std::string_view name) {
  // RandomBot has no members: calls on one instance from many threads share
  // nothing. A member added to it would be shared by them all, so the
  // build refuses one.
  static_assert(sizeof(RandomBot) == sizeof(Bot), "a shared bot must keep nothing");
  static RandomBot the_random_bot;
  return name == "random" ? &the_random_bot : nullptr;
}

std::vector<std::string> bot_names() {
  return {"random", "greedy", "imperial", "hoarder", "assembler", "mc", "ismcts"};
}

std::string bot_list() {
  std::string out;
  for (const std::string& name : bot_names()) {
    out += (out.empty() ? "" : ", ") + name + (name == "mc" || name == "ismcts" ? "[:N]" : "");
  }
  return out +
         "; N playouts (mc) or search iterations (ismcts) a decision, from 1 to 100000; "
         "ismcts[:N]+no-KIND never declares KIND";
}

}  // namespace zetema

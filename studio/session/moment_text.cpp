#include "studio/session/moment_text.h"

#include "engine/effects.h"

#include "studio/session/seat_view.h"
#include "studio/session/turn_words.h"

namespace zetema::studio {

namespace {

// The 13 tableau piles that hold cards, each "rank: cards in order".
std::string tableau(const State& t) {
  std::string out;
  for (int r = 0; r < kRanks; ++r) {
    const size_t n = t.pile_size[static_cast<size_t>(r)];
    if (n == 0) continue;
    out += out.empty() ? "" : "; ";
    out += std::string(1, rank_char(r)) + ":";
    for (size_t k = 0; k < n; ++k) out += " " + to_string(t.piles[static_cast<size_t>(r)][k]);
  }
  return out.empty() ? "empty" : out;
}

std::string hands(const SeatView& v) {
  const State& t = v.table;
  std::string out;
  for (int p = 0; p < t.players; ++p) {
    const auto& seat = t.seat[static_cast<size_t>(p)];
    const int hidden = v.hidden[static_cast<size_t>(p)];
    out += player_name(p) + " hand: ";
    if (hidden > 0) {
      out += std::to_string(hidden) + " hidden card(s)";
      if (!seat.hand.set().empty()) out += ", face up " + to_string(seat.hand.set());
    } else {
      out += seat.hand.set().empty() ? "none" : to_string(seat.hand.set());
    }
    out += "\n";
  }
  return out;
}

std::string scores(const State& t) {
  std::string out;
  for (int side = 0; side < t.sides; ++side)
    out += (side ? "  " : "") + side_name(t, side) + " " + std::to_string(t.score[side]);
  return out;
}

}  // namespace

std::string moment_text(const Moment& m, const State& table, SeatsShown shown) {
  const SeatView v = seat_view(table, shown);
  const State& t = v.table;
  std::string out = "[Replay \"" + m.file + "\"]\n[Variant \"" + m.variant + "\"]\n";
  out += "[Position \"" + std::to_string(m.position) + "\"]\n";
  if (m.last)
    out += "[Event \"" + std::to_string(m.position - 1) + "\"] { " + describe(*m.last, t, shown) +
           " }\n";
  out += "hand " + std::to_string(t.hand_number) + ", turn " + std::to_string(t.turn_number) +
         ": " + turn_words(t, m.next) + "; dealer " + player_name(t.dealer) + "; stock " +
         std::to_string(t.stock_size()) + "\n";
  out += "score " + scores(t) + "\n";
  out += hands(v);
  out += "tableau " + tableau(t) + "\n";
  std::string marriages;
  for (size_t k = 0; k < t.marriage_pile_size; ++k)
    marriages += (k ? " " : "") + to_string(t.marriage_pile[k]);
  out += "marriage pile " + (marriages.empty() ? std::string("empty") : marriages) + "\n";
  // Face up for every seat (engine/effects.h); only a variant's effects put
  // cards there, so the line is left out where there are none.
  if (!t.shown.empty()) out += "shown " + to_string(t.shown) + "\n";
  std::string zetemas;
  for (size_t k = 0; k < t.zetema_count; ++k)
    zetemas += std::string(k ? ", " : "") + rank_char(t.zetema_rank[k]) + " (" +
               player_name(t.zetema_taker[k]) + zetema_pile_note(t, t.zetema_rank[k]) + ")";
  out += "zetema piles " + (zetemas.empty() ? std::string("none") : zetemas) + "\n";
  return out;
}

}  // namespace zetema::studio

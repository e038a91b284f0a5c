#include "studio/cli/table_text.h"

#include <sstream>

#include "engine/effects.h"
#include "engine/event.h"

namespace zetema::cli {

std::string table_text(const State& s) {
  std::ostringstream o;
  o << "hand " << s.hand_number << ", turn " << s.turn_number << ", phase " << to_string(s.phase);
  if (s.current != kNoPlayer) o << ", " << player_name(s.current) << " to play";
  o << "; stock " << s.stock_size() << " card(s); dealer " << player_name(s.dealer) << "\n";
  o << "scores:";
  for (int side = 0; side < s.sides; ++side)
    o << (side ? " |" : "") << " " << side_name(s, side) << " " << s.score[side];
  o << "\n";
  for (int p = 0; p < s.players; ++p) {
    const PlayerState& ps = s.seat[p];
    o << (p == s.current ? "> " : "  ") << player_name(p) << " (" << ps.hand.size()
      << "): " << (ps.hand.empty() ? "-" : to_string(ps.hand));
    if (!ps.exposed.empty()) o << "   exposed: " << to_string(ps.exposed);
    if (ps.short_by) o << "   short by " << int{ps.short_by};
    if (ps.dropped_out) o << "   (dropped out)";
    o << "\n";
  }
  o << "tableau:\n";
  for (int r = 0; r < kRanks; ++r) {
    o << "  " << rank_char(r) << ": ";
    if (s.pile_size[r] == 0) o << "-";
    for (int i = 0; i < s.pile_size[r]; ++i) o << (i ? " " : "") << to_string(s.piles[r][i]);
    o << "\n";
  }
  o << "marriage pile: ";
  if (s.marriage_pile_size == 0) o << "-";
  for (int i = 0; i < s.marriage_pile_size; ++i)
    o << (i ? " " : "") << to_string(s.marriage_pile[i]);
  // Cards a variant's effects laid face up (engine/effects.h), if any.
  if (!s.shown.empty()) o << "\nshown: " << to_string(s.shown);
  o << "\nzetemas: ";
  if (s.zetema_count == 0) o << "-";
  for (int i = 0; i < s.zetema_count; ++i) {
    o << (i ? ", " : "") << rank_char(s.zetema_rank[i]) << " (" << player_name(s.zetema_taker[i])
      << zetema_pile_note(s, s.zetema_rank[i]) << ")";
  }
  o << "\n";
  return o.str();
}

}  // namespace zetema::cli

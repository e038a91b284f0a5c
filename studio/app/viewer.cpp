#include "studio/app/viewer.h"

namespace zetema::studio {

namespace {

// A live game's humans: the seats a person plays (the bots' hands are
// theirs to hide).
SeatsShown humans(const PlaySession& play) {
  SeatsShown shown = SeatsShown::none();
  const std::vector<std::string>& seats = play.seats();
  for (size_t p = 0; p < seats.size(); ++p) {
    if (seats[p] == "human") shown = shown.with(static_cast<int>(p));
  }
  return shown;
}

}  // namespace

SeatsShown shown_seats(const Session& s, const UiState& ui) {
  const SeatsShown view = ui.seat_view >= 0 ? SeatsShown::only(ui.seat_view) : SeatsShown::every();
  const bool live_shown = (ui.table_shows_game || s.follow_game) && s.play.is_open() &&
                          !s.play.state().over() && !ui.show_bot_hands;
  if (!live_shown) return view;
  // The person at the screen plays the humans' seats: their hands always
  // show (the Play panel needs them), a bot's never.
  const SeatsShown people = humans(s.play);
  return (view & people) | people;
}

}  // namespace zetema::studio

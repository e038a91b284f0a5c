// The scripted checks that no hidden card shows: a frame is drawn and read
// back (drawn_frame.h), and neither its text nor its card faces may name a
// card the record never showed the seats shown (seat_view.h's
// secret_cards). Every panel, tooltip and popup open in that frame is read.
#pragma once

#include <optional>
#include <string>

#include "studio/app/app_window.h"
#include "studio/app/drawn_frame.h"
#include "studio/app/ui.h"
#include "studio/session/session.h"

namespace zetema::studio {

// The cards the panels' records never show `shown`: the replay panels'
// game (or the live game they follow), and the diff's games under A and B.
CardSet panels_secret(const Session& s, SeatsShown shown);
// Where `frame` shows one of `secret` ("" if nowhere): the card and the line
// of text, or the face drawn.
std::string hidden_card_shown(const DrawnFrame& frame, CardSet secret, Suit imperial);

// "expect no-hidden-cards": the next frame shows nothing the view hides.
// "expect hidden-cards-found SEAT": the next frame shows some card seat
// SEAT (from 1) may not see -- the check's own test, in a view that shows
// every hand. nullopt if `what` is neither.
std::optional<std::string> check_hidden_expectation(const std::string& what,
                                                    const std::string& value, AppWindow& w,
                                                    Session& s, UiState& ui);

}  // namespace zetema::studio

// A position set up by hand: hands, tableau, stock and scores given
// explicitly. Used by the rule tests (set up a table, then assert legality
// and points) and by anything that imports a position.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/state.h"

namespace zetema {

struct Layout {
  int players = 2;
  std::optional<Partnerships> partnerships;
  int dealer = 0;
  int current = 1;                 // seat to move
  std::vector<std::string> hands;  // per seat, card notation
  std::string tableau;             // cards, each onto its rank's pile in this order
  std::string stock;               // top card first
  std::string marriage_pile;
  std::string shown;                      // face up in the shown area (engine/effects.h)
  std::string zetemas;                    // ranks turned this hand, e.g. "A2 3" or "A23"
  std::array<int, kMaxPlayers> scores{};  // per side
  int imperial_marriages = 0;             // declared earlier this hand
  std::string assemblies;                 // ranks whose assembly was declared this hand
  std::vector<std::string> last_meld;     // per seat, D11
  // Cards named nowhere else go to the bottom of the stock (in code order);
  // false makes a card named nowhere an error.
  bool rest_to_stock = true;
  Phase phase = Phase::Play;
  int hand_number = 1;
};

struct LayoutResult {
  bool ok = false;
  State state;
  std::string error;
};
// Checks that every one of the 65 cards is in exactly one place.
LayoutResult build_state(const Ruleset& rules, const Layout& layout);

}  // namespace zetema

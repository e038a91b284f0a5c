// libFuzzer harness: card, action and irregularity notation. What parses
// must print back to text that parses to the same thing (print and parse
// are inverses); anything else must be an error, never a crash.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/action.h"
#include "engine/game.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace zetema;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (Suit imperial : {Suit::Spades, Suit::Hearts}) {
    const CardListParse cards = parse_cards(text, imperial);
    if (cards.ok) {
      const CardListParse again = parse_cards(to_string(cards.cards), imperial);
      if (!again.ok || again.cards != cards.cards) __builtin_trap();
    }
    const ActionParse action = parse_action(text, imperial);
    if (action.ok) {
      const ActionParse again = parse_action(to_string(action.action), imperial);
      if (!again.ok || !(again.action == action.action)) __builtin_trap();
    }
    const IrregularityParse irr = parse_irregularity(text, imperial, 6);
    if (irr.ok) {
      const IrregularityParse again = parse_irregularity(to_string(irr.irr), imperial, 6);
      if (!again.ok || again.irr.kind != irr.irr.kind || again.irr.player != irr.irr.player ||
          !(again.irr.card == irr.irr.card)) {
        __builtin_trap();
      }
    }
  }
  return 0;
}

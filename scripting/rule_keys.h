// The declarations of the registry of rule keys (rule_fields.h), one file
// per heading of the rule-key reference (rule_keys_<section>.cpp): each
// function gives one key's RuleField, with the readers and show functions of
// its own beside it. rule_fields.cpp lists them in the registry's order,
// which is the order of `zetema rules-table` and of the reference.
#pragma once

#include "scripting/rule_fields.h"

namespace zetema::scripting::rule_keys {

// Deck and deal (rule_keys_deck.cpp)
RuleField imperial_suit();
RuleField hand_size();

// The turn (rule_keys_turn.cpp)
RuleField draw_mode();
RuleField discard_from_meld();
RuleField max_declarations_per_turn();
RuleField declare_after_stock_empty();
RuleField flow();
RuleField kinds();

// Combinations (sequences, flushes, assemblies) (rule_keys_melds.cpp)
RuleField meld_len();
RuleField short_hand_melds();
RuleField points();
RuleField ace_high_in_sequence();
RuleField wraparound();
RuleField imperial_flush_allowed();
RuleField assembly_points();
RuleField reuse_limit();

// Marriages (rule_keys_marriages.cpp)
RuleField marriage_base();
RuleField imperial_bonus();
RuleField rules_site_literal();
RuleField marriage_hand_card();
RuleField marriage_mode();

// Zetemas (rule_keys_zetemas.cpp)
RuleField zetema_points();
RuleField kq_zetema_requires_assembly();
RuleField two_player_chain();

// End of game (rule_keys_end.cpp)
RuleField target();
RuleField end_at_target();
RuleField game_length();

// Partnerships (rule_keys_partners.cpp)
RuleField partnerships();
RuleField partnerships_compulsory();
RuleField teams_of_three_allowed();

// Seating (rule_keys_seating.cpp)
RuleField first_dealer();
RuleField first_player();
RuleField direction();
RuleField deal_rotation();

// 1881 penalties (rule_keys_penalties.cpp)
RuleField penalties_1881();

}  // namespace zetema::scripting::rule_keys
